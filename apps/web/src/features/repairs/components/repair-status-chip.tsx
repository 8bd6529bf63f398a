import { REPAIR_STATUS_LABELS, type RepairStatus } from '@backoffice/contract';
import Chip from '@mui/material/Chip';
import { STATUS_TONE_COLORS, type StatusTone } from '../../../components/orders/order-format';

/**
 * A service order's status in the orders' chip colours: waiting for someone (the bench, the customer's answer, the
 * pick-up), on the bench, done, stopped (refused, returned without repair).
 */
const TONES: Record<RepairStatus, StatusTone> = {
  RECEIVED: 'waiting',
  DIAGNOSIS: 'moving',
  AWAITING_APPROVAL: 'waiting',
  APPROVED: 'waiting',
  REFUSED: 'stopped',
  IN_REPAIR: 'moving',
  READY: 'done',
  DELIVERED: 'neutral',
  RETURNED: 'neutral',
};

export function RepairStatusChip({ status }: { status: RepairStatus }) {
  const colors = STATUS_TONE_COLORS[TONES[status]];
  return (
    <Chip
      size="small"
      label={REPAIR_STATUS_LABELS[status]}
      data-tone={TONES[status]}
      sx={{ bgcolor: colors.bg, color: colors.fg, fontWeight: 600 }}
    />
  );
}
