import {
  businessDay,
  type FiscalNote,
  formatBusinessDateTimeMinutes,
  formatBusinessTime,
  formatDocument,
  PERMISSIONS,
} from '@backoffice/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { DetailsDialog, DetailsFigure } from '../../../components/details-dialog';
import { FiscalNoteStatusChip, HomologationChip } from '../../../components/fiscal/fiscal-note-status-chip';
import { RETRIABLE, useRetryNote } from '../../../components/fiscal/fiscal-notes-api';
import { NoteFileButtons } from '../../../components/fiscal/note-file-buttons';
import { outcomeText } from '../../../components/fiscal/note-outcome';
import { FISCAL_TEXTS, MODEL_LABELS } from '../../../components/fiscal/texts';
import { ProblemAlert } from '../../../components/form/dialog-problem';
import { SubmitButton } from '../../../components/form/submit-button';
import { useNotify } from '../../../components/notifier';
import { PaymentItem, PaymentList } from '../../../components/payment-list';
import { formatMoney } from '../../../lib/format';
import { hasPermission, useSession } from '../../../lib/session';
import { useFiscalNote } from '../api/fiscal-notes-api';
import { FISCAL_NOTES_TEXTS as T } from '../texts';
import { CancelNoteDialog } from './cancel-dialog';
import { CorrectionDialog } from './correction-dialog';
import { EmailNoteDialog } from './email-dialog';

/** The access key in groups of four digits, as the DANFE prints it: '3526 1111 2223 …'. */
export const groupedKey = (key: string) => key.replace(/(\d{4})(?=\d)/g, '$1 ');

const when = (iso: string | null) => (iso ? formatBusinessDateTimeMinutes(new Date(iso)) : '—');

/** A label, small, over its value (a long one breaks where it must). */
function Field({ label, value, mono = false }: { label: string; value: string; mono?: boolean }) {
  return (
    <div>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography
        sx={{
          overflowWrap: 'anywhere',
          ...(mono ? { fontFamily: 'ui-monospace, Consolas, monospace', letterSpacing: 0.5 } : {}),
        }}
      >
        {value}
      </Typography>
    </div>
  );
}

/** The deadline on the business clock: '14:32' today, '25/11/2026 14:32' another day. */
function deadlineText(until: string): string {
  const at = new Date(until);
  return businessDay(at) === businessDay(new Date()) ? formatBusinessTime(at) : formatBusinessDateTimeMinutes(at);
}

/**
 * 'Cancelar' with the note's deadline under it ('Cancelável até 14:32'); its accessible name is the text it shows
 * ('Cancelar Cancelável até 14:32'), as WCAG 2.5.3 asks (label in name).
 */
function CancelButton({ until, onClick }: { until: string | null; onClick: () => void }) {
  const when = until ? deadlineText(until) : null;
  return (
    <Button color="error" onClick={onClick}>
      <Stack sx={{ alignItems: 'center' }}>
        <span>{T.cancel}</span>{' '}
        {when ? (
          <Typography variant="caption" sx={{ textTransform: 'none', lineHeight: 1.2 }}>
            {T.cancellableUntil(when)}
          </Typography>
        ) : null}
      </Stack>
    </Button>
  );
}

/** The SEFAZ's answer when it matters to the user (anything but a plain authorisation or cancellation). */
function Answer({ note }: { note: FiscalNote }) {
  if (note.status === 'AUTHORIZED' || note.status === 'CANCELLED')
    return <Field label={T.sefazAnswer} value={T.answer(note.statusCode, note.statusReason)} />;
  const refused = note.status === 'REJECTED' || note.status === 'DENIED';
  return (
    <Alert
      severity={refused ? 'error' : 'warning'}
      role="status"
      sx={{ '& .MuiAlert-message': { overflowWrap: 'anywhere', minWidth: 0 } }}
    >
      {outcomeText(note)}
      {note.status === 'REJECTED' ? (
        <Typography variant="body2" sx={{ mt: 0.5 }}>
          {FISCAL_TEXTS.outcome.rejectedHint}
        </Typography>
      ) : null}
    </Alert>
  );
}

/**
 * A note (issue 41 §2–3): its situation and environment, the recipient, total and dates, the access key in groups of
 * four, the protocol, what the SEFAZ answered, its events (the cancellation, the correction letters); 'DANFE' and
 * 'XML' for whoever reads it; for 'Notas fiscais' holders 'Enviar por e-mail' (authorised), 'Enviar de novo' (not
 * answered, in processing, in contingency, rejected), 'Carta de correção' (an authorised NF-e) and 'Cancelar'
 * (authorised).
 */
export function NoteDialog({ id, onClose }: { id: number; onClose: () => void }) {
  useSession(); // re-render when the session changes
  const canWrite = hasPermission(PERMISSIONS.invoices);
  const notify = useNotify();
  const note = useFiscalNote(id);
  const [cancelling, setCancelling] = useState(false);
  const [correcting, setCorrecting] = useState(false);
  const [emailing, setEmailing] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const retry = useRetryNote(setProblem, () => notify.success(T.retried));
  const data = note.data;
  const name = data ? FISCAL_TEXTS.noteName(data.model, data.number, data.series) : T.title;
  const authorized = data?.status === 'AUTHORIZED';
  return (
    <DetailsDialog
      titleId="fiscal-note-title"
      title={name}
      record={data}
      onClose={onClose}
      closeText={T.close}
      sideActions={
        data ? (
          <>
            <NoteFileButtons note={data} size="medium" />
            {canWrite && authorized ? <Button onClick={() => setEmailing(true)}>{T.email}</Button> : null}
            {canWrite && authorized && data.model === 55 ? (
              <Button onClick={() => setCorrecting(true)}>{T.correction}</Button>
            ) : null}
            {canWrite && authorized ? (
              <CancelButton until={data.cancellableUntil} onClick={() => setCancelling(true)} />
            ) : null}
            {canWrite && RETRIABLE.has(data.status) ? (
              <SubmitButton
                type="button"
                busy={retry.isPending}
                onClick={() => {
                  setProblem(null);
                  retry.mutate(data.id);
                }}
              >
                {FISCAL_TEXTS.retry}
              </SubmitButton>
            ) : null}
          </>
        ) : null
      }
      nested={
        data ? (
          <>
            {cancelling ? <CancelNoteDialog note={data} onClose={() => setCancelling(false)} /> : null}
            {correcting ? <CorrectionDialog note={data} onClose={() => setCorrecting(false)} /> : null}
            {emailing ? <EmailNoteDialog note={data} onClose={() => setEmailing(false)} /> : null}
          </>
        ) : null
      }
    >
      {(data) => (
        <>
          <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
            <FiscalNoteStatusChip status={data.status} />
            <Chip size="small" variant="outlined" label={MODEL_LABELS[data.model]} />
            <HomologationChip environment={data.environment} />
            {data.contingency ? <Chip size="small" variant="outlined" label={FISCAL_TEXTS.contingency} /> : null}
          </Stack>
          <div>
            <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
              {data.recipient.name ?? T.noRecipient}
            </Typography>
            {data.recipient.document ? (
              <Typography variant="body2" color="text.secondary">
                {formatDocument(data.recipient.document)}
              </Typography>
            ) : null}
          </div>
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(4, 1fr)' }, gap: 1 }}>
            <DetailsFigure label={T.total} value={formatMoney(data.total)} />
            <DetailsFigure label={T.order} value={data.order?.code ?? '—'} />
            <Field label={T.issuedAt} value={when(data.issuedAt)} />
            <Field label={T.authorizedAt} value={when(data.authorizedAt)} />
          </Box>
          <Field label={T.accessKey} value={groupedKey(data.accessKey)} mono />
          {data.protocol ? <Field label={T.protocol} value={data.protocol} mono /> : null}
          <Answer note={data} />
          <ProblemAlert problem={problem} />
          <PaymentList title={T.events} emptyText={T.noEvents} label={T.events}>
            {data.events.map((event) => (
              <PaymentItem key={event.id} amount={T.eventTitle(event.type, event.sequence)} undoneText={null}>
                <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                  {event.text}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {T.eventLine(
                    when(event.registeredAt ?? event.createdAt),
                    event.createdBy?.name ?? null,
                    event.protocol,
                  )}
                </Typography>
              </PaymentItem>
            ))}
          </PaymentList>
          {data.createdBy ? (
            <Typography variant="body2" color="text.secondary">
              {`${T.createdBy}: ${data.createdBy.name}`}
            </Typography>
          ) : null}
        </>
      )}
    </DetailsDialog>
  );
}
