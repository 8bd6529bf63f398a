import { nfeContingencyEnterSchema } from '@backoffice/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { ReasonDialog } from '../../../components/reason-dialog';
import { useContingency, useEnterContingency, useLeaveContingency } from '../api/contingency-api';
import { FISCAL_NOTES_TEXTS as T } from '../texts';

/**
 * The NF-e's contingency on 'Notas fiscais' (issue 56 §2, decision 0083): in it, a warning saying which SVC, since when
 * and what waits, with 'Sair da contingência'; out of it, what waits for the SEFAZ (if anything) and, to who writes
 * notes, 'Entrar em contingência', which asks the justification the NF-e will carry.
 */
export function ContingencyAlert({ canWrite }: { canWrite: boolean }) {
  const state = useContingency();
  const [entering, setEntering] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const enter = useEnterContingency(() => setEntering(false), setProblem);
  const leave = useLeaveContingency();
  const data = state.data;
  if (!data || (!data.active && !data.message && !canWrite)) return null;
  const action = !canWrite ? null : data.active ? (
    <Button color="inherit" size="small" disabled={leave.isPending} onClick={() => leave.mutate()}>
      {T.leaveContingency}
    </Button>
  ) : (
    <Button color="inherit" size="small" onClick={() => setEntering(true)}>
      {T.enterContingency}
    </Button>
  );
  // Nothing waits and no contingency: the way in stays at hand, outlined on the right, saying where it leads.
  const quiet = canWrite ? (
    <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
      <Button variant="outlined" size="small" title={T.contingencyTitle} onClick={() => setEntering(true)}>
        {T.enterContingency}
      </Button>
    </Box>
  ) : null;
  return (
    <>
      {data.active || data.message ? (
        <Alert severity={data.active ? 'warning' : 'info'} action={action} data-testid="fiscal-notes-contingency">
          {data.message}
        </Alert>
      ) : (
        quiet
      )}
      {entering ? (
        <ReasonDialog
          titleId="enter-contingency-title"
          title={T.contingencyTitle}
          text={T.contingencyText(data.svc)}
          label={T.contingencyReason}
          keepText={T.contingencyKeep}
          confirmText={T.enterContingency}
          schema={nfeContingencyEnterSchema}
          busy={enter.isPending}
          problem={problem}
          onConfirm={(reason) => enter.mutate({ reason })}
          onClose={() => setEntering(false)}
        />
      ) : null}
    </>
  );
}
