import { PAYABLE_STATUS_LABELS, type PayableStatus } from '@backoffice/contract';
import Chip from '@mui/material/Chip';
import { STATUS_TONE_COLORS, type StatusTone } from '../../../components/orders/order-format';

/** A bill's situation in the orders' chip colours: open waits, overdue is stopped (red), paid is done. */
const TONES: Record<PayableStatus, StatusTone> = {
  OPEN: 'waiting',
  OVERDUE: 'stopped',
  PAID: 'done',
  CANCELED: 'neutral',
};

export function PayableStatusChip({ status }: { status: PayableStatus }) {
  const colors = STATUS_TONE_COLORS[TONES[status]];
  return (
    <Chip
      size="small"
      label={PAYABLE_STATUS_LABELS[status]}
      data-tone={TONES[status]}
      sx={{ bgcolor: colors.bg, color: colors.fg, fontWeight: 600 }}
    />
  );
}
