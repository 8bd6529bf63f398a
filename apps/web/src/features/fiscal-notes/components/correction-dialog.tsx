import { CORRECTION_TEXT_MAX, fiscalNoteCorrectionBodySchema } from '@backoffice/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import type { FiscalNoteRow } from '../../../components/fiscal/fiscal-notes-api';
import { FISCAL_TEXTS } from '../../../components/fiscal/texts';
import { FormTextField } from '../../../components/form/form-text-field';
import { SubmitButton } from '../../../components/form/submit-button';
import { WriteFormDialog } from '../../../components/form/write-form-dialog';
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
  const { control, handleSubmit } = useForm<FormValues, unknown, FormOutput>({
    resolver: zodResolver(fiscalNoteCorrectionBodySchema) as never,
    mode: 'onTouched',
    defaultValues: { text: '' },
  });
  const busy = correct.isPending;
  return (
    <WriteFormDialog
      titleId="correction-title"
      title={T.correctionTitle(FISCAL_TEXTS.noteName(note.model, note.number, note.series))}
      maxWidth="sm"
      busy={busy}
      onClose={onClose}
      onSubmit={handleSubmit((values) => {
        setProblem(null);
        correct.mutate({ id: note.id, text: values.text });
      })}
      closeText={T.keep}
      problem={problem}
      actions={<SubmitButton busy={busy}>{T.confirmCorrection}</SubmitButton>}
    >
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {T.correctionText}
      </Typography>
      <FormTextField
        control={control}
        name="text"
        label={T.correctionField}
        required
        multiline
        minRows={3}
        fullWidth
        disabled={busy}
        slotProps={{ htmlInput: { maxLength: CORRECTION_TEXT_MAX } }}
      />
    </WriteFormDialog>
  );
}
