import {
  DEFAULT_QUICK_PERIOD,
  QUICK_PERIOD_LABELS,
  QUICK_PERIODS,
  type QuickPeriod,
  quickPeriodDays,
} from '@backoffice/contract';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import dayjs, { type Dayjs } from 'dayjs';

/** A quick period's first and last days as the date fields' values (São Paulo days, DD/MM/YYYY on screen). */
export function quickPeriodDates(period: QuickPeriod, now = new Date()): { start: Dayjs; end: Dayjs } {
  const { first, last } = quickPeriodDays(period, now);
  return { start: dayjs(first), end: dayjs(last) };
}

/** The period every report and history starts filled in with (the contract's DEFAULT_QUICK_PERIOD). */
export const defaultPeriodDates = (now = new Date()) => quickPeriodDates(DEFAULT_QUICK_PERIOD, now);

/**
 * 'Hoje', 'Últimos 7 dias', 'Este mês', 'Mês passado' (issue 20 §5): each fills the start and end dates of
 * the form it sits in.
 */
export function QuickPeriods({ onPick }: { onPick: (dates: { start: Dayjs; end: Dayjs }) => void }) {
  return (
    <Stack direction="row" role="group" aria-label="Períodos rápidos" sx={{ flexWrap: 'wrap', gap: 1, width: '100%' }}>
      {QUICK_PERIODS.map((period) => (
        <Button key={period} size="small" variant="outlined" onClick={() => onPick(quickPeriodDates(period))}>
          {QUICK_PERIOD_LABELS[period]}
        </Button>
      ))}
    </Stack>
  );
}
