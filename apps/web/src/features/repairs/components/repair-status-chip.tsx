import { REPAIR_STATUS_LABELS, type RepairStatus } from '@backoffice/contract';
import { StatusChip } from '../../../components/status-chip';
import type { StatusTone } from '../../../components/status-tone';

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
  return <StatusChip status={status} labels={REPAIR_STATUS_LABELS} tones={TONES} />;
}
