import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog, { type DialogProps } from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import type { FormEventHandler, ReactNode } from 'react';

interface Props {
  open: boolean;
  /** The title's element id (the dialog is labelled by it). */
  titleId: string;
  title: ReactNode;
  maxWidth: DialogProps['maxWidth'];
  onClose: () => void;
  onSubmit: FormEventHandler<HTMLFormElement>;
  closeText: string;
  /** The buttons after the close button (usually a SubmitButton). */
  actions: ReactNode;
  children: ReactNode;
  /** The whole screen (a phone's). */
  fullScreen?: boolean;
}

/**
 * A dialog that is one form: title, fields, then the close button and the form's own buttons. The form is the
 * dialog's flex column, so on a short screen the fields scroll and the title and the buttons stay in view.
 */
export function FormDialog({
  open,
  titleId,
  title,
  maxWidth,
  onClose,
  onSubmit,
  closeText,
  actions,
  children,
  fullScreen = false,
}: Props) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullWidth
      fullScreen={fullScreen}
      maxWidth={maxWidth}
      aria-labelledby={titleId}
    >
      <Box
        component="form"
        noValidate
        onSubmit={onSubmit}
        sx={{ display: 'flex', flexDirection: 'column', flex: '1 1 auto', minHeight: 0 }}
      >
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>{children}</DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose}>{closeText}</Button>
          {actions}
        </DialogActions>
      </Box>
    </Dialog>
  );
}
