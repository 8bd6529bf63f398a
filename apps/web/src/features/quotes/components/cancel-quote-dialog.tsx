import { quoteCancelBodySchema } from '@backoffice/contract';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useCancelQuote } from '../api/quotes-api';
import { QUOTES_TEXTS as T } from '../texts';

/**
 * 'Cancelar orçamento': asks why (the contract's 3 to 300 characters, checked as typed) and cancels; one
 * Idempotency-Key per opening, so that sending again after no answer cancels once. Closes only on success.
 */
export function CancelQuoteDialog({ id, onClose }: { id: number | null; onClose(): void }) {
  const [reason, setReason] = useState('');
  const [key, setKey] = useState(() => crypto.randomUUID());
  const [touched, setTouched] = useState(false);
  const close = () => {
    setReason('');
    setTouched(false);
    setKey(crypto.randomUUID());
    onClose();
  };
  const cancel = useCancelQuote(close);
  const parsed = quoteCancelBodySchema.safeParse({ reason });
  const error = parsed.success ? null : (parsed.error.issues[0]?.message ?? null);
  return (
    <Dialog open={id !== null} onClose={close} fullWidth maxWidth="xs" aria-labelledby="cancel-quote-title">
      <DialogTitle id="cancel-quote-title">{id === null ? '' : T.cancelTitle(id)}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{T.cancelText}</DialogContentText>
        <TextField
          label={T.cancelReason}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          onBlur={() => setTouched(true)}
          multiline
          minRows={2}
          fullWidth
          required
          error={touched && error !== null}
          helperText={touched && error ? error : ' '}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>{T.cancelKeep}</Button>
        <Button
          variant="contained"
          color="error"
          disabled={error !== null || cancel.isPending}
          onClick={() => id !== null && parsed.success && cancel.mutate({ id, reason: parsed.data.reason, key })}
        >
          {cancel.isPending ? T.cancelling : T.cancel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
