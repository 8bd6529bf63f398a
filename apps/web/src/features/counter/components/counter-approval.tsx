import type { DiscountApprovalRequest } from '@backoffice/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useEffect, useState } from 'react';
import { useAskCounterApproval, useCounterApproval } from '../api/counter-api';
import { COUNTER_SCREEN_TEXTS as T } from '../texts';

/**
 * A discount above the seller's maximum at the counter (decision 0078): 'Pedir aprovação do gerente' asks the manager's
 * approval for the sale as it is now (its lines, customer and discounts), then says while it waits, once approved (its
 * id goes with 'Concluir venda') or refused (with the manager's reason). The sale changed since: the approval no longer
 * covers it (the server checks the very sale), and it is asked again. Nobody approves his own: the server refuses it.
 */
export function CounterApproval({
  request,
  refused,
  onApproved,
}: {
  /** The sale as it would be asked now; null when it has no discount. */
  request: DiscountApprovalRequest | null;
  /** 'Concluir venda' was refused for the discount (403): the approval is offered. */
  refused: boolean;
  /** The approval's id while it covers the sale as it is, else null. */
  onApproved: (id: number | null) => void;
}) {
  const [asked, setAsked] = useState<{ id: number; key: string } | null>(null);
  const key = request ? JSON.stringify(request) : '';
  const current = asked && asked.key === key ? asked.id : null;
  const approval = useCounterApproval(current);
  const ask = useAskCounterApproval((made) => setAsked({ id: made.id, key }));
  const status = current === null ? null : approval.data?.status;
  const approvedId = status === 'APPROVED' ? current : null;
  useEffect(() => onApproved(approvedId), [approvedId, onApproved]);

  if (!request) return null;
  if (status === 'APPROVED') {
    return <Alert severity="success">{T.approvalApproved(approval.data?.approver?.name ?? '')}</Alert>;
  }
  if (status === 'PENDING') return <Alert severity="info">{T.approvalPending}</Alert>;
  const refusedBy = status === 'REFUSED' ? approval.data : null;
  if (!refused && !refusedBy) return null;
  return (
    <>
      {refusedBy && (
        <Alert severity="warning">{T.approvalRefused(refusedBy.approver?.name ?? '', refusedBy.reason ?? '')}</Alert>
      )}
      <Button variant="outlined" color="warning" disabled={ask.isPending} onClick={() => ask.mutate(request)}>
        {T.askApproval}
      </Button>
    </>
  );
}
