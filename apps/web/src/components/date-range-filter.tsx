import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import type { Dayjs } from 'dayjs';

/** A period picked in a filter: its first and last days, each null while not picked. */
export interface DateRange {
  from: Dayjs | null;
  to: Dayjs | null;
}

/** No period: every day. */
export const ANY_DAY: DateRange = { from: null, to: null };

/** A picked day as the API takes it (YYYY-MM-DD), '' while none or half typed. */
export const isoDayOf = (value: Dayjs | null) => (value?.isValid() ? value.format('YYYY-MM-DD') : '');

const SLOTS = { textField: { size: 'small', sx: { width: 170 } }, field: { clearable: true } } as const;

/**
 * A list's period filter: two small date fields (DD/MM/YYYY), each with an × that empties it, for the first and
 * the last day (e.g. 'Vencimento de' … 'até'). Meant for a wrapping filter bar.
 */
export function DateRangeFilter({
  fromLabel,
  toLabel,
  value,
  onChange,
}: {
  fromLabel: string;
  toLabel: string;
  value: DateRange;
  onChange: (value: DateRange) => void;
}) {
  return (
    <>
      <DatePicker
        label={fromLabel}
        value={value.from}
        onChange={(from) => onChange({ ...value, from })}
        slotProps={SLOTS}
      />
      <DatePicker label={toLabel} value={value.to} onChange={(to) => onChange({ ...value, to })} slotProps={SLOTS} />
    </>
  );
}
