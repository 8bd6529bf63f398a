import type { CashSession } from '@backoffice/contract';
import { CASH_TEXTS } from '@backoffice/contract';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { ProblemAlert } from '../../../components/form/dialog-problem';
import { formatMoney } from '../../../lib/format';
import { useApproveSession } from '../api/cash-api';
import { CASH_PAGE_TEXTS as T } from '../texts';

const noteError = (note: string) => {
  const text = note.trim();
  return text === '' || (text.length >= 3 && text.length <= 300) ? null : CASH_TEXTS.reasonInvalid;
};

/**
 * 'Aprovar diferença' (a manager, never on his own session unless full access): the session's difference and the
 * operator's reason, and an optional note of the approver.
 */
export function ApproveDialog({ session, onClose }: { session: CashSession; onClose: () => void }) {
  const [note, setNote] = useState('');
  const [touched, setTouched] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const approve = useApproveSession(onClose, setProblem);
  const error = noteError(note);
  const send = () => {
    setTouched(true);
    if (error !== null) return;
    approve.mutate({ sessionId: session.id, note: note.trim() || null });
  };
  return (
    <Dialog
      open
      onClose={approve.isPending ? undefined : onClose}
      fullWidth
      maxWidth="xs"
      aria-labelledby="cash-approve-title"
    >
      <DialogTitle id="cash-approve-title">{T.approveTitle}</DialogTitle>
      <DialogContent>
        <DialogContentText>
          {T.approveText(session.register.name, session.operator.name, formatMoney(session.difference ?? 0))}
        </DialogContentText>
        {session.closeReason ? (
          <DialogContentText sx={{ mt: 1 }}>{T.closeReason(session.closeReason)}</DialogContentText>
        ) : null}
        <TextField
          label={T.note}
          value={note}
          onChange={(event) => setNote(event.target.value)}
          onBlur={() => setTouched(true)}
          multiline
          minRows={2}
          fullWidth
          autoFocus
          error={touched && error !== null}
          helperText={touched && error ? error : ' '}
          sx={{ mt: 2 }}
          disabled={approve.isPending}
        />
        <ProblemAlert problem={problem} />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={approve.isPending}>
          {T.cancel}
        </Button>
        <Button variant="contained" onClick={send} disabled={approve.isPending}>
          {T.confirmApprove}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
