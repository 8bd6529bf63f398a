import { RECEIVABLE_STATUS_LABELS, type ReceivableStatus } from '@backoffice/contract';
import { StatusChip } from '../../../components/status-chip';
import type { StatusTone } from '../../../components/status-tone';

/** An instalment's situation in the orders' chip colours: open waits, overdue is stopped (red), paid is done. */
const TONES: Record<ReceivableStatus, StatusTone> = {
  OPEN: 'waiting',
  OVERDUE: 'stopped',
  PAID: 'done',
  CANCELED: 'neutral',
};

export function ReceivableStatusChip({ status }: { status: ReceivableStatus }) {
  return <StatusChip status={status} labels={RECEIVABLE_STATUS_LABELS} tones={TONES} />;
}
