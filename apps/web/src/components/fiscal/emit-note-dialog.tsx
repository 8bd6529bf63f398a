import { type FiscalNote, normalizeDocument, PERMISSIONS } from '@backoffice/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import type { Theme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { hasPermission, useSession } from '../../lib/session';
import { ProblemAlert } from '../form/dialog-problem';
import { SubmitButton } from '../form/submit-button';
import { orderDetailQuery } from '../orders/order-queries';
import { liveNoteOf, orderNotesQuery, RETRIABLE, useEmitNote, useRetryNote } from './fiscal-notes-api';
import { NoteFileButtons } from './note-file-buttons';
import { NoteOutcome } from './note-outcome';
import { FISCAL_TEXTS as T } from './texts';

/**
 * The model an order's note takes unless the user picks the other: NF-e (55) for a CNPJ, NFC-e (65) otherwise. The
 * server decides the same when the model is left out (and also gives the NF-e to a customer of another state).
 */
export function suggestedModel(customerDocument: string | null | undefined): 55 | 65 {
  return customerDocument && normalizeDocument(customerDocument).length === 14 ? 55 : 65;
}

const MODELS = [55, 65] as const;

/**
 * 'Emitir NF-e' / 'Emitir NFC-e' of an order (issue 41 §2): the model (suggested by the customer's document), then
 * POST /fiscal/notes {orderId, model}; the same dialog then shows what the SEFAZ answered — authorised with its
 * number and 'DANFE', rejected with the code and the reason and 'Enviar de novo', the SEFAZ away or the NFC-e in
 * contingency with what happens next. An order that already has a note shows it instead of the form. A failure
 * (no answer, a refusal) is said inside the dialog, which keeps the chosen model to send again.
 * `customerDocument` undefined: read from the order (the orders' toolbar, whose rows do not carry it).
 */
export function EmitNoteDialog({
  orderId,
  code,
  customerDocument,
  onClose,
}: {
  orderId: number;
  code: string;
  customerDocument?: string | null;
  onClose: () => void;
}) {
  useSession(); // re-render when the session changes
  const canWrite = hasPermission(PERMISSIONS.invoices);
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const detail = useQuery({ ...orderDetailQuery(orderId), enabled: customerDocument === undefined });
  const notes = useQuery(orderNotesQuery(orderId));
  const document = customerDocument !== undefined ? customerDocument : (detail.data?.customerDocument ?? null);
  const [chosen, setChosen] = useState<55 | 65 | null>(null);
  const [answered, setAnswered] = useState<FiscalNote | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const emit = useEmitNote(setProblem, setAnswered);
  const retry = useRetryNote(setProblem, setAnswered);
  const busy = emit.isPending || retry.isPending;
  const reading = notes.isPending || (customerDocument === undefined && detail.isPending);
  const note = answered ?? liveNoteOf(notes.data ?? []) ?? null;
  const suggested = suggestedModel(document);
  const model = chosen ?? suggested;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (note || !canWrite) return;
    setProblem(null);
    emit.mutate({ orderId, model });
  };

  return (
    <Dialog
      open
      onClose={busy ? undefined : onClose}
      fullWidth
      maxWidth="sm"
      fullScreen={phone}
      aria-labelledby="emit-note-title"
    >
      <Box
        component="form"
        noValidate
        onSubmit={submit}
        sx={{ display: 'flex', flexDirection: 'column', flex: '1 1 auto', minHeight: 0 }}
      >
        <DialogTitle id="emit-note-title">{T.dialogTitle(code)}</DialogTitle>
        <DialogContent>
          {reading && !note ? (
            <Box sx={{ display: 'flex', justifyContent: 'center', py: 3 }}>
              <CircularProgress aria-label={T.loading} />
            </Box>
          ) : note ? (
            <NoteOutcome note={note} />
          ) : (
            <>
              <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
                {T.emitText}
              </Typography>
              <FormControl disabled={busy || !canWrite}>
                <FormLabel id="emit-note-model">{T.model}</FormLabel>
                <RadioGroup
                  aria-labelledby="emit-note-model"
                  name="model"
                  value={String(model)}
                  onChange={(event) => setChosen(Number(event.target.value) as 55 | 65)}
                >
                  {MODELS.map((option) => (
                    <FormControlLabel
                      key={option}
                      value={String(option)}
                      control={<Radio />}
                      label={T.modelOptions[option]}
                    />
                  ))}
                </RadioGroup>
                <FormHelperText sx={{ mx: 0 }}>{T.emitDefault(suggested, document)}</FormHelperText>
              </FormControl>
            </>
          )}
          <ProblemAlert problem={problem} />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', rowGap: 1 }}>
          {note ? <NoteFileButtons note={note} size="medium" /> : null}
          <Box sx={{ flex: 1 }} />
          <Button onClick={onClose} disabled={busy}>
            {T.close}
          </Button>
          {note && canWrite && RETRIABLE.has(note.status) ? (
            <SubmitButton
              type="button"
              busy={retry.isPending}
              onClick={() => {
                setProblem(null);
                retry.mutate(note.id);
              }}
            >
              {T.retry}
            </SubmitButton>
          ) : null}
          {note || reading || !canWrite ? null : <SubmitButton busy={emit.isPending}>{T.emitConfirm}</SubmitButton>}
        </DialogActions>
      </Box>
    </Dialog>
  );
}
