import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';

/** What a question may say besides its message (its title and buttons). */
export interface ConfirmOptions {
  title?: string;
  confirmText?: string;
  cancelText?: string;
}

/** The confirmation dialog (confirm-dialog.tsx): fetched with the first question, under the MUI theme. */
export default function ConfirmDialogView({
  open,
  pending,
  onClose,
}: {
  open: boolean;
  pending: ConfirmOptions & { message: string };
  onClose: (confirmed: boolean) => void;
}) {
  return (
    <Dialog open={open} onClose={() => onClose(false)} maxWidth="xs" fullWidth aria-labelledby="confirm-title">
      <DialogTitle id="confirm-title">{pending.title ?? 'Confirmação'}</DialogTitle>
      <DialogContent>
        <DialogContentText>{pending.message}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => onClose(false)}>{pending.cancelText ?? 'Cancelar'}</Button>
        <Button onClick={() => onClose(true)} variant="contained" autoFocus>
          {pending.confirmText ?? 'Confirmar'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
