import { type ReceivablePayment, receivableUndoBodySchema } from '@backoffice/contract';
import { useState } from 'react';
import { ReasonDialog } from '../../../components/reason-dialog';
import { formatDate, formatMoney } from '../../../lib/format';
import { useUndoPayment } from '../api/receivables-api';
import { RECEIVABLES_TEXTS as T } from '../texts';

/**
 * 'Desfazer' a payment (the latest of the instalment; 'Crédito e cobrança' only): asks why (the contract's 3 to
 * 300 characters, checked as typed) and sends it; the failure is said inside the dialog, which closes only on
 * success.
 */
export function UndoDialog({
  receivableId,
  payment,
  onClose,
}: {
  receivableId: number;
  payment: ReceivablePayment;
  onClose: () => void;
}) {
  const [problem, setProblem] = useState<string | null>(null);
  const undo = useUndoPayment(onClose, setProblem);
  return (
    <ReasonDialog
      titleId="undo-title"
      title={T.undoTitle}
      text={T.undoText(formatMoney(payment.amount), formatDate(payment.paidOn))}
      label={T.reason}
      keepText={T.keep}
      confirmText={T.confirmUndo}
      schema={receivableUndoBodySchema}
      busy={undo.isPending}
      problem={problem}
      onConfirm={(reason) => undo.mutate({ id: receivableId, paymentId: payment.id, reason })}
      onClose={onClose}
    />
  );
}
