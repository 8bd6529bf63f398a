import { CASH_SESSION_STATUS_LABELS, type CashSessionStatus } from '@backoffice/contract';
import { StatusChip } from '../../../components/status-chip';
import type { StatusTone } from '../../../components/status-tone';

/** A session's situation in the orders' chip colours: open is moving, a pending difference waits, closed is done. */
const TONES: Record<CashSessionStatus, StatusTone> = {
  OPEN: 'moving',
  PENDING_APPROVAL: 'waiting',
  CLOSED: 'done',
};

export function SessionStatusChip({ status }: { status: CashSessionStatus }) {
  return <StatusChip status={status} labels={CASH_SESSION_STATUS_LABELS} tones={TONES} />;
}
