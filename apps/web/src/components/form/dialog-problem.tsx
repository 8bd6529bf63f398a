import Alert from '@mui/material/Alert';
import { createContext, useContext } from 'react';

/**
 * Why the open dialog's last write failed, said inside it (decision 0004: a snackbar behind a modal dialog is
 * hidden from a screen reader). A screen whose writes are sent from several dialogs provides it once
 * (`DialogProblemProvider`, set from its mutation's `onError`); each of its dialogs draws `<DialogProblem />`.
 */
const DialogProblemContext = createContext<string | null>(null);

export const DialogProblemProvider = DialogProblemContext.Provider;

/** The failure of the dialog's last write, or nothing. */
export function DialogProblem() {
  return <ProblemAlert problem={useContext(DialogProblemContext)} />;
}

/** A dialog's failure said inside it, from the dialog's own state (a dialog that is the only writer of its screen). */
export function ProblemAlert({ problem }: { problem: string | null }) {
  return problem ? (
    <Alert severity="error" role="alert" sx={{ mt: 2 }}>
      {problem}
    </Alert>
  ) : null;
}
