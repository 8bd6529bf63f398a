import { CORRECTION_TEXT_MAX, fiscalNoteCorrectionBodySchema } from '@backoffice/contract';
import { useState } from 'react';
import type { z } from 'zod';
import type { FiscalNoteRow } from '../../../components/fiscal/fiscal-notes-api';
import { FISCAL_TEXTS } from '../../../components/fiscal/texts';
import { TextFieldDialog } from '../../../components/form/field-dialog';
import { useCorrectNote } from '../api/fiscal-notes-api';
import { FISCAL_NOTES_TEXTS as T } from '../texts';

type FormValues = { text: string };
type FormOutput = z.output<typeof fiscalNoteCorrectionBodySchema>;

/**
 * 'Carta de correção' of an authorised NF-e (issue 41 §3, event 110110): the correction, checked as typed by the
 * contract's schema (15 to 1.000 characters), sent as `{ text }`; the SEFAZ's refusal is said inside the dialog,
 * which closes only on success.
 */
export function CorrectionDialog({ note, onClose }: { note: FiscalNoteRow; onClose: () => void }) {
  const [problem, setProblem] = useState<string | null>(null);
  const correct = useCorrectNote(onClose, setProblem);
  return (
    <TextFieldDialog<FormValues, FormOutput>
      titleId="correction-title"
      title={T.correctionTitle(FISCAL_TEXTS.noteName(note.model, note.number, note.series))}
      text={T.correctionText}
      closeText={T.keep}
      submitText={T.confirmCorrection}
      busy={correct.isPending}
      problem={problem}
      schema={fiscalNoteCorrectionBodySchema}
      defaultValues={{ text: '' }}
      onSend={(values) => correct.mutate({ id: note.id, text: values.text })}
      onClose={onClose}
      field={{
        name: 'text',
        label: T.correctionField,
        required: true,
        multiline: true,
        minRows: 3,
        slotProps: { htmlInput: { maxLength: CORRECTION_TEXT_MAX } },
      }}
    />
  );
}
