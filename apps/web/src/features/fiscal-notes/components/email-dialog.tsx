import { fiscalNoteEmailBodySchema } from '@backoffice/contract';
import { useState } from 'react';
import { z } from 'zod';
import type { FiscalNoteRow } from '../../../components/fiscal/fiscal-notes-api';
import { FISCAL_TEXTS } from '../../../components/fiscal/texts';
import { TextFieldDialog } from '../../../components/form/field-dialog';
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
  return (
    <TextFieldDialog<{ to: string }, FormOutput>
      titleId="email-note-title"
      title={T.emailTitle(FISCAL_TEXTS.noteName(note.model, note.number, note.series))}
      text={T.emailText}
      closeText={T.keep}
      submitText={T.send}
      busy={email.isPending}
      problem={problem}
      schema={formSchema}
      defaultValues={{ to: '' }}
      onSend={(body) => email.mutate({ id: note.id, body })}
      onClose={onClose}
      field={{
        name: 'to',
        label: T.emailTo,
        type: 'email',
        helperText: T.emailHint,
        slotProps: { htmlInput: { maxLength: 254, autoComplete: 'email' } },
      }}
    />
  );
}
