import { FISCAL_NOTE_STATUS_LABELS, type FiscalNoteStatus } from '@backoffice/contract';
import Chip from '@mui/material/Chip';
import { STATUS_TONE_COLORS, type StatusTone } from '../orders/order-format';
import { FISCAL_TEXTS as T } from './texts';

/** A note's situation in the orders' chip colours: waiting for the SEFAZ, refused (red), authorised, cancelled. */
const TONES: Record<FiscalNoteStatus, StatusTone> = {
  SIGNED: 'waiting',
  PROCESSING: 'moving',
  CONTINGENCY: 'waiting',
  AUTHORIZED: 'done',
  REJECTED: 'stopped',
  DENIED: 'stopped',
  CANCELLED: 'neutral',
};

export function FiscalNoteStatusChip({ status }: { status: FiscalNoteStatus }) {
  const colors = STATUS_TONE_COLORS[TONES[status]];
  return (
    <Chip
      size="small"
      label={FISCAL_NOTE_STATUS_LABELS[status]}
      data-tone={TONES[status]}
      sx={{ bgcolor: colors.bg, color: colors.fg, fontWeight: 600 }}
    />
  );
}

/** 'Homologação' beside a note of the test environment (environment 2): it has no fiscal value. */
export function HomologationChip({ environment }: { environment: 1 | 2 }) {
  if (environment !== 2) return null;
  return <Chip size="small" variant="outlined" label={T.homologation} title={T.homologationHint} />;
}
