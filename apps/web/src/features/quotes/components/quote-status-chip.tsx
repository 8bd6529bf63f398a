import { QUOTE_STATUS_LABELS, type QuoteStatus } from '@backoffice/contract';
import Chip from '@mui/material/Chip';
import { STATUS_TONE_COLORS, type StatusTone } from '../../../components/orders/order-format';

/**
 * A quote's status in the orders' chip colours: open waits for the customer (as 'Aguardando…'), converted is
 * done (as 'Finalizado'), cancelled is stopped (as the order's 'Cancelado'), expired is neutral.
 */
const TONES: Record<QuoteStatus, StatusTone> = {
  OPEN: 'waiting',
  CONVERTED: 'done',
  EXPIRED: 'neutral',
  CANCELLED: 'stopped',
};

export function QuoteStatusChip({ status }: { status: QuoteStatus }) {
  const colors = STATUS_TONE_COLORS[TONES[status]];
  return (
    <Chip
      size="small"
      label={QUOTE_STATUS_LABELS[status]}
      data-tone={TONES[status]}
      sx={{ bgcolor: colors.bg, color: colors.fg, fontWeight: 600 }}
    />
  );
}
