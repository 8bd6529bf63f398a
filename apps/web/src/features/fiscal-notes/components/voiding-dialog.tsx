import { FISCAL_NOTE_TEXTS, fiscalVoidingBodySchema } from '@backoffice/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { MODEL_LABELS } from '../../../components/fiscal/texts';
import { FormSelectField } from '../../../components/form/form-select-field';
import { FormTextField } from '../../../components/form/form-text-field';
import { SubmitButton } from '../../../components/form/submit-button';
import { WriteFormDialog } from '../../../components/form/write-form-dialog';
import { useVoidNumbers } from '../api/fiscal-notes-api';
import { FISCAL_NOTES_TEXTS as T } from '../texts';

/** A whole number typed in a field (digits only), between `min` and `max`. */
const whole = (message: string, min: number, max: number) =>
  z
    .string()
    .trim()
    .regex(/^\d{1,9}$/, message)
    .transform(Number)
    .refine((value) => value >= min && value <= max, message);

/** The form, checked as the server checks it (the contract's body: the range at most 10.000, the reason 15–255). */
const formSchema = z
  .object({
    model: z.union([z.literal(55), z.literal(65)], { error: FISCAL_NOTE_TEXTS.modelInvalid }),
    series: whole(T.seriesInvalid, 0, 999),
    from: whole(FISCAL_NOTE_TEXTS.voidingRange, 1, 999_999_999),
    to: whole(FISCAL_NOTE_TEXTS.voidingRange, 1, 999_999_999),
    reason: z.string(),
  })
  .pipe(fiscalVoidingBodySchema);
type FormValues = { model: 55 | 65; series: string; from: string; to: string; reason: string };
type FormOutput = z.output<typeof formSchema>;

const MODELS = [55, 65].map((value) => ({ value, label: MODEL_LABELS[value as 55 | 65] }));
const NUMBER_INPUT = { htmlInput: { inputMode: 'numeric', maxLength: 9 } } as const;

/**
 * 'Inutilizar números' (issue 41 §3): the model, the series and the range of numbers skipped (from … to), with the
 * reason; sent as the contract's body. The SEFAZ's refusal, or a number already in a note, is said inside the
 * dialog, which closes only on success.
 */
export function VoidingDialog({
  onClose,
  initial,
}: {
  onClose: () => void;
  /** A gap of 'Lacunas de numeração' to void: its model, series and numbers filled in. */
  initial?: { model: 55 | 65; series: number; from: number; to: number };
}) {
  const [problem, setProblem] = useState<string | null>(null);
  const voiding = useVoidNumbers(onClose, setProblem);
  const { control, handleSubmit } = useForm<FormValues, unknown, FormOutput>({
    resolver: zodResolver(formSchema) as never,
    mode: 'onTouched',
    defaultValues: initial
      ? {
          model: initial.model,
          series: String(initial.series),
          from: String(initial.from),
          to: String(initial.to),
          reason: '',
        }
      : { model: 55, series: '1', from: '', to: '', reason: '' },
  });
  const busy = voiding.isPending;
  return (
    <WriteFormDialog
      titleId="voiding-title"
      title={T.voidingTitle}
      maxWidth="sm"
      busy={busy}
      onClose={onClose}
      onSubmit={handleSubmit((body) => voiding.mutate(body))}
      closeText={T.keep}
      problem={problem}
      actions={<SubmitButton busy={busy}>{T.confirmVoiding}</SubmitButton>}
    >
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {T.voidingText}
      </Typography>
      <Box sx={{ display: 'grid', gap: 1, pt: 1, gridTemplateColumns: { xs: '1fr 1fr', sm: '1fr 1fr 1fr 1fr' } }}>
        <FormSelectField control={control} name="model" label={T.model} options={MODELS} disabled={busy} required />
        <FormTextField
          control={control}
          name="series"
          label={T.series}
          disabled={busy}
          required
          slotProps={NUMBER_INPUT}
        />
        <FormTextField
          control={control}
          name="from"
          label={T.fromNumber}
          disabled={busy}
          required
          slotProps={NUMBER_INPUT}
        />
        <FormTextField
          control={control}
          name="to"
          label={T.toNumber}
          disabled={busy}
          required
          slotProps={NUMBER_INPUT}
        />
      </Box>
      <FormTextField
        control={control}
        name="reason"
        label={T.reason}
        required
        multiline
        minRows={2}
        fullWidth
        disabled={busy}
        sx={{ mt: 1 }}
        slotProps={{ htmlInput: { maxLength: 255 } }}
      />
    </WriteFormDialog>
  );
}
