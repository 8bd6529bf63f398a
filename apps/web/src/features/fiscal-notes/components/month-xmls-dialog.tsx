import { businessDay, fiscalNotesMonthQuerySchema } from '@backoffice/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormTextField } from '../../../components/form/form-text-field';
import { SubmitButton } from '../../../components/form/submit-button';
import { WriteFormDialog } from '../../../components/form/write-form-dialog';
import { refusalMessage } from '../../../lib/api-client';
import { downloadMonthXmls } from '../api/fiscal-notes-api';
import { FISCAL_NOTES_TEXTS as T } from '../texts';

/** This month on the shop's clock, as YYYY-MM. */
export const currentMonth = () => businessDay(new Date()).slice(0, 7);

/**
 * 'XMLs do mês' (for the accountant): the month (YYYY-MM, this one to start), checked as the server checks it, then
 * GET /fiscal/notes/xml.zip?month= fetched with the token and saved. A failure is said inside the dialog, which
 * closes once the file is saved.
 */
export function MonthXmlsDialog({ onClose }: { onClose: () => void }) {
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { control, handleSubmit } = useForm<{ month: string }>({
    resolver: zodResolver(fiscalNotesMonthQuerySchema),
    mode: 'onTouched',
    defaultValues: { month: currentMonth() },
  });
  const download = async (month: string) => {
    setProblem(null);
    setBusy(true);
    try {
      await downloadMonthXmls(month);
      onClose();
    } catch (error) {
      setProblem(refusalMessage(error, T.zipFailed));
    } finally {
      setBusy(false);
    }
  };
  return (
    <WriteFormDialog
      titleId="month-xmls-title"
      title={T.monthTitle}
      maxWidth="xs"
      busy={busy}
      onClose={onClose}
      onSubmit={handleSubmit(({ month }) => download(month))}
      closeText={T.keep}
      problem={problem}
      actions={<SubmitButton busy={busy}>{T.download}</SubmitButton>}
    >
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {T.monthText}
      </Typography>
      <FormTextField
        control={control}
        name="month"
        label={T.month}
        required
        fullWidth
        disabled={busy}
        helperText={T.monthHint}
        slotProps={{ htmlInput: { maxLength: 7, inputMode: 'numeric', autoComplete: 'off' } }}
      />
    </WriteFormDialog>
  );
}
