import { fiscalNoteEmailBodySchema } from '@backoffice/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import type { FiscalNoteRow } from '../../../components/fiscal/fiscal-notes-api';
import { FISCAL_TEXTS } from '../../../components/fiscal/texts';
import { FormTextField } from '../../../components/form/form-text-field';
import { SubmitButton } from '../../../components/form/submit-button';
import { WriteFormDialog } from '../../../components/form/write-form-dialog';
import { useEmailNote } from '../api/fiscal-notes-api';
import { FISCAL_NOTES_TEXTS as T } from '../texts';

/** The form: a blank e-mail is the customer's (`{}`), one typed is `{ to }`, checked by the contract's body. */
const formSchema = z
  .object({ to: z.string() })
  .transform(({ to }) => (to.trim() ? { to: to.trim() } : {}))
  .pipe(fiscalNoteEmailBodySchema);
type FormOutput = z.output<typeof formSchema>;

/**
 * 'Enviar por e-mail' an authorised note (its DANFE and XML): to the customer's e-mail, or to the one typed. The
 * server's refusal (a customer without an e-mail, a note not authorised) is said inside the dialog, which closes only
 * on success; the snackbar names where it went.
 */
export function EmailNoteDialog({ note, onClose }: { note: FiscalNoteRow; onClose: () => void }) {
  const [problem, setProblem] = useState<string | null>(null);
  const email = useEmailNote(onClose, setProblem);
  const { control, handleSubmit } = useForm<{ to: string }, unknown, FormOutput>({
    resolver: zodResolver(formSchema),
    mode: 'onTouched',
    defaultValues: { to: '' },
  });
  const busy = email.isPending;
  return (
    <WriteFormDialog
      titleId="email-note-title"
      title={T.emailTitle(FISCAL_TEXTS.noteName(note.model, note.number, note.series))}
      maxWidth="sm"
      busy={busy}
      onClose={onClose}
      onSubmit={handleSubmit((body) => {
        setProblem(null);
        email.mutate({ id: note.id, body });
      })}
      closeText={T.keep}
      problem={problem}
      actions={<SubmitButton busy={busy}>{T.send}</SubmitButton>}
    >
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {T.emailText}
      </Typography>
      <FormTextField
        control={control}
        name="to"
        label={T.emailTo}
        type="email"
        fullWidth
        disabled={busy}
        helperText={T.emailHint}
        slotProps={{ htmlInput: { maxLength: 254, autoComplete: 'email' } }}
      />
    </WriteFormDialog>
  );
}
