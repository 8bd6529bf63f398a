import { QUOTE_STATUS_LABELS, type QuoteStatus } from '@backoffice/contract';
import { StatusChip } from '../../../components/status-chip';
import type { StatusTone } from '../../../components/status-tone';

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
  return <StatusChip status={status} labels={QUOTE_STATUS_LABELS} tones={TONES} />;
}
