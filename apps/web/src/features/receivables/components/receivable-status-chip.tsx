import { RECEIVABLE_STATUS_LABELS, type ReceivableStatus } from '@backoffice/contract';
import Chip from '@mui/material/Chip';
import { STATUS_TONE_COLORS, type StatusTone } from '../../../components/orders/order-format';

/** An instalment's situation in the orders' chip colours: open waits, overdue is stopped (red), paid is done. */
const TONES: Record<ReceivableStatus, StatusTone> = {
  OPEN: 'waiting',
  OVERDUE: 'stopped',
  PAID: 'done',
  CANCELED: 'neutral',
};

export function ReceivableStatusChip({ status }: { status: ReceivableStatus }) {
  const colors = STATUS_TONE_COLORS[TONES[status]];
  return (
    <Chip
      size="small"
      label={RECEIVABLE_STATUS_LABELS[status]}
      data-tone={TONES[status]}
      sx={{ bgcolor: colors.bg, color: colors.fg, fontWeight: 600 }}
    />
  );
}
