import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { type ReactNode, useId } from 'react';
import { FIELD_TEXTS } from '../texts';

/**
 * The dialogs of the task screen: full screen on a phone, with big buttons at the bottom (the main one
 * first on a phone, where the thumb is). The main button shows a spinner while the call runs. A failed
 * call's message (`error`) shows inside the dialog, above what was filled in, which stays for the retry: a
 * message outside would sit behind the dialog, unheard by a screen reader (decision 0004).
 */
export function FieldDialog({
  open,
  title,
  submitText,
  busy,
  error,
  onSubmit,
  onClose,
  children,
}: {
  open: boolean;
  title: string;
  submitText: string;
  busy: boolean;
  /** Why the last try failed (e.g. 'Sem conexão com o servidor. Tente novamente.'), or nothing. */
  error?: string | null;
  onSubmit: () => void;
  onClose: () => void;
  children: ReactNode;
}) {
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const titleId = useId();
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      fullScreen={phone}
      fullWidth
      maxWidth="sm"
      aria-labelledby={titleId}
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent dividers>
        {error ? (
          <Alert severity="error" role="alert" sx={{ mb: 2 }}>
            {error}
          </Alert>
        ) : null}
        {children}
      </DialogContent>
      <DialogActions
        sx={{
          p: 2,
          gap: 1,
          flexDirection: phone ? 'column-reverse' : 'row',
          '& > :not(style) ~ :not(style)': { ml: phone ? 0 : 1 },
        }}
      >
        <Button onClick={onClose} disabled={busy} size="large" fullWidth={phone} sx={{ minHeight: 48 }}>
          {FIELD_TEXTS.cancel}
        </Button>
        <Button
          onClick={onSubmit}
          disabled={busy}
          variant="contained"
          size="large"
          fullWidth={phone}
          sx={{ minHeight: 48 }}
          startIcon={busy ? <CircularProgress size={18} color="inherit" /> : undefined}
        >
          {submitText}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
