import type { Theme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { ComponentProps, FormEventHandler, ReactNode } from 'react';
import { ProblemAlert } from './dialog-problem';
import { FormDialog } from './form-dialog';

interface Props {
  /** The title's element id (the dialog is labelled by it). */
  titleId: string;
  title: ReactNode;
  maxWidth: ComponentProps<typeof FormDialog>['maxWidth'];
  /** The write is on its way: neither the close button, Escape nor the backdrop closes the dialog. */
  busy: boolean;
  onClose: () => void;
  onSubmit: FormEventHandler<HTMLFormElement>;
  closeText: string;
  /** The form's own buttons, after the close button (usually a SubmitButton given `busy`). */
  actions: ReactNode;
  /**
   * Why the last write failed, said under the fields (decision 0004); null: nothing. Leave it out when the
   * dialog says it itself (e.g. with a button to act on it).
   */
  problem?: string | null;
  /** The whole screen on a phone (default true). */
  phoneFullScreen?: boolean;
  children: ReactNode;
}

/**
 * A FormDialog whose form is one write to the server: full screen on a phone, kept open while the write is on its
 * way, and the write's failure said inside it, under the fields, so what was typed stays to be sent again.
 */
export function WriteFormDialog({
  titleId,
  title,
  maxWidth,
  busy,
  onClose,
  onSubmit,
  closeText,
  actions,
  problem,
  phoneFullScreen = true,
  children,
}: Props) {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  return (
    <FormDialog
      open
      titleId={titleId}
      title={title}
      maxWidth={maxWidth}
      fullScreen={phoneFullScreen && phone}
      onClose={busy ? () => undefined : onClose}
      onSubmit={onSubmit}
      closeText={closeText}
      actions={actions}
    >
      {children}
      {problem === undefined ? null : <ProblemAlert problem={problem} />}
    </FormDialog>
  );
}
