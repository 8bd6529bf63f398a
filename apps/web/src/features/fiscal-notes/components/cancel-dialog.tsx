import { fiscalNoteCancelBodySchema } from '@backoffice/contract';
import { useState } from 'react';
import type { FiscalNoteRow } from '../../../components/fiscal/fiscal-notes-api';
import { FISCAL_TEXTS } from '../../../components/fiscal/texts';
import { ReasonDialog } from '../../../components/reason-dialog';
import { useCancelNote } from '../api/fiscal-notes-api';
import { FISCAL_NOTES_TEXTS as T } from '../texts';

/**
 * 'Cancelar' an authorised note (issue 41 §3, event 110111): asks why (the contract's 15 to 255 characters, checked
 * as typed) and sends exactly `{ reason }`; the SEFAZ's refusal or the window's end is said inside the dialog, which
 * closes only on success.
 */
export function CancelNoteDialog({ note, onClose }: { note: FiscalNoteRow; onClose: () => void }) {
  const [problem, setProblem] = useState<string | null>(null);
  const cancel = useCancelNote(onClose, setProblem);
  return (
    <ReasonDialog
      titleId="cancel-note-title"
      title={T.cancelTitle(FISCAL_TEXTS.noteName(note.model, note.number, note.series))}
      text={T.cancelText}
      label={T.reason}
      keepText={T.keep}
      confirmText={T.confirmCancel}
      schema={fiscalNoteCancelBodySchema}
      busy={cancel.isPending}
      problem={problem}
      onConfirm={(reason) => cancel.mutate({ id: note.id, reason })}
      onClose={onClose}
    />
  );
}
