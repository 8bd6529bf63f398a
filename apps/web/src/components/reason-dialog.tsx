import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { ProblemAlert } from './form/dialog-problem';

/** What checks a reason as the server will: the contract's body schema of the write (`{ reason }`). */
export interface ReasonSchema {
  safeParse(body: {
    reason: string;
  }): { success: true } | { success: false; error: { issues: readonly { message: string }[] } };
}

export interface ReasonDialogProps {
  /** Shown (default true). A dialog kept mounted empties its reason each time it closes. */
  open?: boolean;
  /** The title's element id (the dialog is labelled by it). */
  titleId: string;
  title: string;
  /** What confirming does, above the field. */
  text: string;
  /** The field's label ('Motivo'). */
  label: string;
  /** The button that closes without doing anything ('Voltar'). */
  keepText: string;
  confirmText: string;
  /** The confirm button's text while the write is on its way (default: `confirmText`). */
  busyText?: string;
  schema: ReasonSchema;
  /** The write is on its way: confirm is disabled and, unless `closableWhileBusy`, nothing closes the dialog. */
  busy: boolean;
  /** Why the last write failed, said inside the dialog; null or left out: nothing. */
  problem?: string | null;
  /** Confirm stays disabled until the reason is valid (default: a click on it says what is wrong). */
  confirmWhenValid?: boolean;
  /** The field takes the focus when the dialog opens (default true). */
  autoFocus?: boolean;
  /** 'Voltar', Escape and the backdrop still close the dialog while the write is on its way (default false). */
  closableWhileBusy?: boolean;
  /** A valid reason confirmed, as typed (the server trims it). */
  onConfirm: (reason: string) => void;
  onClose: () => void;
}

/**
 * Asks why before a write that undoes or cancels something (undo a payment, cancel a bill or a quote): what it
 * does, the required multiline reason checked as typed by the write's own schema (its message under the field
 * once the field was left or confirm was clicked), 'Voltar' and the confirm button, red.
 */
export function ReasonDialog({
  open = true,
  titleId,
  title,
  text,
  label,
  keepText,
  confirmText,
  busyText,
  schema,
  busy,
  problem = null,
  confirmWhenValid = false,
  autoFocus = true,
  closableWhileBusy = false,
  onConfirm,
  onClose,
}: ReasonDialogProps) {
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (!open) {
      setReason('');
      setTouched(false);
    }
  }
  const parsed = schema.safeParse({ reason });
  const error = parsed.success ? null : (parsed.error.issues[0]?.message ?? null);
  const locked = busy && !closableWhileBusy;
  const confirm = () => {
    setTouched(true);
    if (error === null) onConfirm(reason);
  };
  return (
    <Dialog open={open} onClose={locked ? undefined : onClose} fullWidth maxWidth="xs" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{text}</DialogContentText>
        <TextField
          label={label}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          onBlur={() => setTouched(true)}
          multiline
          minRows={2}
          fullWidth
          required
          autoFocus={autoFocus}
          error={touched && error !== null}
          helperText={touched && error ? error : ' '}
        />
        <ProblemAlert problem={problem} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={locked}>
          {keepText}
        </Button>
        <Button
          variant="contained"
          color="error"
          onClick={confirm}
          disabled={busy || (confirmWhenValid && error !== null)}
        >
          {busy && busyText ? busyText : confirmText}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
