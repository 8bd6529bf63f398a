import type { FiscalNote } from '@backoffice/contract';
import Button, { type ButtonProps } from '@mui/material/Button';
import { useState } from 'react';
import { refusalMessage } from '../../lib/api-client';
import { useNotify } from '../notifier';
import { downloadDanfe, downloadXml, WITH_DANFE } from './fiscal-notes-api';
import { FISCAL_TEXTS as T } from './texts';

/** A file of the note downloaded with the token, the button disabled meanwhile; a failure said in the snackbar. */
function FileButton({
  text,
  label,
  failed,
  download,
  ...props
}: Omit<ButtonProps, 'onClick' | 'children'> & {
  text: string;
  label: string;
  failed: string;
  download: () => Promise<void>;
}) {
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      await download();
    } catch (error) {
      notify.error(refusalMessage(error, failed));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button {...props} aria-label={label} disabled={busy} onClick={() => void run()}>
      {text}
    </Button>
  );
}

type NoteFiles = Pick<FiscalNote, 'id' | 'model' | 'number' | 'accessKey' | 'status'>;

/**
 * 'DANFE' (the note's PDF: authorised, in contingency or cancelled) and 'XML' (always: the nfeProc once authorised,
 * the signed note before), each named by the note for a screen reader ('DANFE da NF-e nº 12').
 */
export function NoteFileButtons({ note, size = 'small' }: { note: NoteFiles; size?: ButtonProps['size'] }) {
  return (
    <>
      {WITH_DANFE.has(note.status) ? (
        <FileButton
          size={size}
          variant="outlined"
          text={T.danfe}
          label={T.danfeOf(note.model, note.number)}
          failed={T.danfeFailed}
          download={() => downloadDanfe(note)}
        />
      ) : null}
      <FileButton
        size={size}
        text={T.xml}
        label={T.xmlOf(note.model, note.number)}
        failed={T.xmlFailed}
        download={() => downloadXml(note)}
      />
    </>
  );
}
