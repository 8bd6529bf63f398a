import { PAYABLE_STATUS_LABELS, type PayableStatus } from '@backoffice/contract';
import { StatusChip } from '../../../components/status-chip';
import type { StatusTone } from '../../../components/status-tone';

/** A bill's situation in the orders' chip colours: open waits, overdue is stopped (red), paid is done. */
const TONES: Record<PayableStatus, StatusTone> = {
  OPEN: 'waiting',
  OVERDUE: 'stopped',
  PAID: 'done',
  CANCELED: 'neutral',
};

export function PayableStatusChip({ status }: { status: PayableStatus }) {
  return <StatusChip status={status} labels={PAYABLE_STATUS_LABELS} tones={TONES} />;
}
