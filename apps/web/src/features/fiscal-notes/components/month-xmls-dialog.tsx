import { businessDay, fiscalNotesMonthQuerySchema } from '@backoffice/contract';
import { useState } from 'react';
import { TextFieldDialog } from '../../../components/form/field-dialog';
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
    <TextFieldDialog
      titleId="month-xmls-title"
      title={T.monthTitle}
      maxWidth="xs"
      text={T.monthText}
      closeText={T.keep}
      submitText={T.download}
      busy={busy}
      problem={problem}
      schema={fiscalNotesMonthQuerySchema}
      defaultValues={{ month: currentMonth() }}
      onSend={({ month }) => download(month)}
      onClose={onClose}
      field={{
        name: 'month',
        label: T.month,
        required: true,
        helperText: T.monthHint,
        slotProps: { htmlInput: { maxLength: 7, inputMode: 'numeric', autoComplete: 'off' } },
      }}
    />
  );
}
