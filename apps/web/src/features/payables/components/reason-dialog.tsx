import { payableReasonBodySchema } from '@backoffice/contract';
import { useState } from 'react';
import { ReasonDialog as AskReasonDialog } from '../../../components/reason-dialog';
import { useReasonAction } from '../api/payables-api';
import { PAYABLES_TEXTS as T } from '../texts';

/**
 * 'Desfazer pagamento' or 'Cancelar conta': asks why (the contract's 3 to 300 characters, checked as typed) and
 * sends it; the failure is said inside the dialog, which closes only on success.
 */
export function ReasonDialog({
  kind,
  billId,
  paymentId,
  title,
  text,
  onClose,
}: {
  kind: 'undo' | 'cancel';
  billId: number;
  paymentId?: number;
  title: string;
  text: string;
  onClose: () => void;
}) {
  const [problem, setProblem] = useState<string | null>(null);
  const action = useReasonAction(kind, onClose, setProblem);
  return (
    <AskReasonDialog
      titleId="reason-title"
      title={title}
      text={text}
      label={T.reason}
      keepText={T.keep}
      confirmText={kind === 'undo' ? T.confirmUndo : T.confirmCancel}
      schema={payableReasonBodySchema}
      busy={action.isPending}
      problem={problem}
      onConfirm={(reason) => action.mutate({ id: billId, paymentId, reason })}
      onClose={onClose}
    />
  );
}
