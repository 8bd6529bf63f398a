import { type ReceivablePayment, receivableUndoBodySchema } from '@backoffice/contract';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { ProblemAlert } from '../../../components/form/dialog-problem';
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
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const undo = useUndoPayment(onClose, setProblem);
  const parsed = receivableUndoBodySchema.safeParse({ reason });
  const error = parsed.success ? null : (parsed.error.issues[0]?.message ?? null);
  const send = () => {
    setTouched(true);
    if (error !== null) return;
    setProblem(null);
    undo.mutate({ id: receivableId, paymentId: payment.id, reason });
  };
  return (
    <Dialog open onClose={undo.isPending ? undefined : onClose} fullWidth maxWidth="xs" aria-labelledby="undo-title">
      <DialogTitle id="undo-title">{T.undoTitle}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          {T.undoText(formatMoney(payment.amount), formatDate(payment.paidOn))}
        </DialogContentText>
        <TextField
          label={T.reason}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          onBlur={() => setTouched(true)}
          multiline
          minRows={2}
          fullWidth
          required
          autoFocus
          error={touched && error !== null}
          helperText={touched && error ? error : ' '}
        />
        <ProblemAlert problem={problem} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={undo.isPending}>
          {T.keep}
        </Button>
        <Button variant="contained" color="error" onClick={send} disabled={undo.isPending}>
          {T.confirmUndo}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
