import type { FiscalNoteStatus } from '@backoffice/contract';
import Alert, { type AlertColor } from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { FiscalNoteStatusChip, HomologationChip } from './fiscal-note-status-chip';
import type { FiscalNoteRow } from './fiscal-notes-api';
import { FISCAL_TEXTS as T } from './texts';

const SEVERITY: Record<FiscalNoteStatus, AlertColor> = {
  AUTHORIZED: 'success',
  REJECTED: 'error',
  DENIED: 'error',
  SIGNED: 'warning',
  CONTINGENCY: 'warning',
  PROCESSING: 'info',
  CANCELLED: 'info',
  UNKNOWN: 'warning',
  VOIDED: 'info',
};

/** What the SEFAZ's answer means for the note, in the user's words. */
export function outcomeText(note: Pick<FiscalNoteRow, 'status' | 'number' | 'statusCode' | 'statusReason'>): string {
  const O = T.outcome;
  switch (note.status) {
    case 'AUTHORIZED':
      return O.AUTHORIZED(note.number);
    case 'REJECTED':
      return O.REJECTED(note.statusCode, note.statusReason);
    case 'DENIED':
      return O.DENIED(note.statusCode, note.statusReason);
    case 'SIGNED':
      return note.statusReason ?? O.SIGNED;
    case 'CONTINGENCY':
      return O.CONTINGENCY;
    case 'PROCESSING':
      return O.PROCESSING;
    case 'CANCELLED':
      return O.CANCELLED;
    case 'UNKNOWN':
      return note.statusReason ?? O.UNKNOWN(note.number);
    case 'VOIDED':
      return O.VOIDED(note.number);
  }
}

/**
 * A note as the SEFAZ left it: its name ('NF-e nº 12 · série 1'), situation and environment, then what the answer
 * means (authorised with its protocol; rejected with the code and the reason, and what to do; the SEFAZ away or the
 * NFC-e in contingency, with what happens next).
 */
export function NoteOutcome({ note }: { note: FiscalNoteRow }) {
  return (
    <Stack spacing={1.5}>
      <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
        <Typography sx={{ fontWeight: 600 }}>{T.noteName(note.model, note.number, note.series)}</Typography>
        <FiscalNoteStatusChip status={note.status} />
        <HomologationChip environment={note.environment} />
      </Stack>
      <Alert
        severity={SEVERITY[note.status]}
        role="status"
        sx={{ '& .MuiAlert-message': { overflowWrap: 'anywhere', minWidth: 0 } }}
      >
        {outcomeText(note)}
        {note.status === 'REJECTED' ? (
          <Typography variant="body2" sx={{ mt: 0.5 }}>
            {T.outcome.rejectedHint}
          </Typography>
        ) : null}
      </Alert>
      {note.protocol ? (
        <Typography variant="body2" color="text.secondary">
          {T.protocol(note.protocol)}
        </Typography>
      ) : null}
    </Stack>
  );
}
