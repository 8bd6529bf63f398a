import {
  INVOICEABLE_ORDER_STATUSES,
  ORDER_STATUS,
  type OrderDetail,
  type OrderStatusKey,
  PERMISSIONS,
} from '@backoffice/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { hasPermission, useSession } from '../../lib/session';
import { ProblemAlert } from '../form/dialog-problem';
import { SubmitButton } from '../form/submit-button';
import { EmitNoteDialog, suggestedModel } from './emit-note-dialog';
import { FiscalNoteStatusChip, HomologationChip } from './fiscal-note-status-chip';
import { type FiscalNoteRow, liveNoteOf, orderNotesQuery, RETRIABLE, useRetryNote } from './fiscal-notes-api';
import { NoteFileButtons } from './note-file-buttons';
import { outcomeText } from './note-outcome';
import { FISCAL_TEXTS as T } from './texts';

const isInvoiceable = (status: number) => INVOICEABLE_ORDER_STATUSES.includes(status as OrderStatusKey);
/** The orders that may hold a note: those that may have one, and a cancelled one (cancelled after its note). */
const mayHoldNote = (status: number) => isInvoiceable(status) || status === ORDER_STATUS.CANCELADO;

/** One of the order's notes: its name, situation, environment, what the SEFAZ said when it is not authorised, files. */
function NoteLine({ note, retry }: { note: FiscalNoteRow; retry: { busy: boolean; onClick: () => void } | null }) {
  return (
    <Box component="li" sx={{ py: 1, borderTop: 1, borderColor: 'divider', listStyle: 'none' }}>
      <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
        <Typography sx={{ fontWeight: 600 }}>{T.noteName(note.model, note.number, note.series)}</Typography>
        <FiscalNoteStatusChip status={note.status} />
        <HomologationChip environment={note.environment} />
      </Stack>
      {note.status !== 'AUTHORIZED' && note.status !== 'CANCELLED' ? (
        <Typography variant="body2" color={note.status === 'REJECTED' ? 'error' : 'text.secondary'} sx={{ mt: 0.5 }}>
          {outcomeText(note)}
        </Typography>
      ) : null}
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, mt: 1 }}>
        <NoteFileButtons note={note} />
        {retry ? (
          <SubmitButton type="button" size="small" variant="outlined" busy={retry.busy} onClick={retry.onClick}>
            {T.retry}
          </SubmitButton>
        ) : null}
      </Stack>
    </Box>
  );
}

/**
 * 'Nota fiscal' in the order's details (issue 41 §2), for whoever reads notes (invoices or orders): the order's notes
 * (number, situation, 'DANFE', 'XML'; 'Enviar de novo' for one the SEFAZ did not authorise yet); while none lives,
 * 'Emitir NF-e' / 'Emitir NFC-e' (the model its customer's document suggests) for who holds 'Notas fiscais', on
 * an order that may have a note (the contract's INVOICEABLE_ORDER_STATUSES; the server refuses the others anyway).
 * An order that never had a note to have (waiting for its payment, refused) asks nothing.
 */
export function OrderNotesSection({ order }: { order: OrderDetail }) {
  useSession(); // re-render when the session changes
  const canRead = hasPermission(PERMISSIONS.invoices, PERMISSIONS.orders);
  const canWrite = hasPermission(PERMISSIONS.invoices);
  const asked = canRead && mayHoldNote(order.statusKey);
  const notes = useQuery({ ...orderNotesQuery(order.orderId), staleTime: 0, enabled: asked });
  const [emitting, setEmitting] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const retry = useRetryNote(setProblem);
  const invoiceable = isInvoiceable(order.statusKey);
  if (!asked) return null;
  const list = notes.data ?? [];
  // A cancelled order without a note says nothing.
  if (!invoiceable && (notes.isPending || (notes.isSuccess && list.length === 0))) return null;
  const live = liveNoteOf(list);
  const suggested = suggestedModel(order.customerDocument);
  return (
    <Box component="section" aria-labelledby="order-notes-title" sx={{ mt: 3 }}>
      <Typography variant="subtitle1" component="h3" id="order-notes-title" sx={{ mb: 1, fontWeight: 600 }}>
        {T.section}
      </Typography>
      {notes.isPending ? <CircularProgress size={24} aria-label={T.sectionLoading} /> : null}
      {notes.isError ? (
        <Typography variant="body2" color="text.secondary">
          {T.sectionFailed}
        </Typography>
      ) : null}
      {notes.isSuccess && list.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {T.noNote}
        </Typography>
      ) : null}
      {list.length > 0 ? (
        <Box component="ul" aria-labelledby="order-notes-title" sx={{ m: 0, p: 0 }}>
          {list.map((note) => (
            <NoteLine
              key={note.id}
              note={note}
              retry={
                // An unanswered NFC-e's fate is asked for by 'Enviar de novo' too (the sender's round does it anyway).
                canWrite && ((note.id === live?.id && RETRIABLE.has(note.status)) || note.status === 'UNKNOWN')
                  ? {
                      busy: retry.isPending,
                      onClick: () => {
                        setProblem(null);
                        retry.mutate(note.id);
                      },
                    }
                  : null
              }
            />
          ))}
        </Box>
      ) : null}
      <ProblemAlert problem={problem} />
      {notes.isSuccess && !live && canWrite && invoiceable ? (
        <Button variant="contained" sx={{ mt: 1 }} onClick={() => setEmitting(true)}>
          {T.emit(suggested)}
        </Button>
      ) : null}
      {emitting ? (
        <EmitNoteDialog
          orderId={order.orderId}
          code={order.code}
          customerDocument={order.customerDocument ?? null}
          onClose={() => setEmitting(false)}
        />
      ) : null}
    </Box>
  );
}
