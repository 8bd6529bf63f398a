import { payableReasonBodySchema } from '@backoffice/contract';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { ProblemAlert } from '../../../components/form/dialog-problem';
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
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const action = useReasonAction(kind, onClose, setProblem);
  const parsed = payableReasonBodySchema.safeParse({ reason });
  const error = parsed.success ? null : (parsed.error.issues[0]?.message ?? null);
  const send = () => {
    setTouched(true);
    if (error !== null) return;
    setProblem(null);
    action.mutate({ id: billId, paymentId, reason });
  };
  return (
    <Dialog
      open
      onClose={action.isPending ? undefined : onClose}
      fullWidth
      maxWidth="xs"
      aria-labelledby="reason-title"
    >
      <DialogTitle id="reason-title">{title}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{text}</DialogContentText>
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
        <Button onClick={onClose} disabled={action.isPending}>
          {T.keep}
        </Button>
        <Button variant="contained" color="error" onClick={send} disabled={action.isPending}>
          {kind === 'undo' ? T.confirmUndo : T.confirmCancel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
