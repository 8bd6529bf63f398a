import { CASH_SESSION_STATUS_LABELS, type CashSessionStatus } from '@backoffice/contract';
import Chip from '@mui/material/Chip';
import { STATUS_TONE_COLORS, type StatusTone } from '../../../components/orders/order-format';

/** A session's situation in the orders' chip colours: open is moving, a pending difference waits, closed is done. */
const TONES: Record<CashSessionStatus, StatusTone> = {
  OPEN: 'moving',
  PENDING_APPROVAL: 'waiting',
  CLOSED: 'done',
};

export function SessionStatusChip({ status }: { status: CashSessionStatus }) {
  const colors = STATUS_TONE_COLORS[TONES[status]];
  return (
    <Chip
      size="small"
      label={CASH_SESSION_STATUS_LABELS[status]}
      data-tone={TONES[status]}
      sx={{ bgcolor: colors.bg, color: colors.fg, fontWeight: 600, maxWidth: '100%' }}
    />
  );
}
