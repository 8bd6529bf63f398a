import type { FiscalNote } from '@backoffice/contract';
import type { ButtonProps } from '@mui/material/Button';
import { DownloadButton } from '../download-button';
import { downloadDanfe, downloadXml, WITH_DANFE } from './fiscal-notes-api';
import { FISCAL_TEXTS as T } from './texts';

type NoteFiles = Pick<FiscalNote, 'id' | 'model' | 'number' | 'accessKey' | 'status'>;

/**
 * 'DANFE' (the note's PDF: authorised, in contingency or cancelled) and 'XML' (always: the nfeProc once authorised,
 * the signed note before), each named by the note for a screen reader ('DANFE da NF-e nº 12').
 */
export function NoteFileButtons({ note, size = 'small' }: { note: NoteFiles; size?: ButtonProps['size'] }) {
  return (
    <>
      {WITH_DANFE.has(note.status) ? (
        <DownloadButton
          size={size}
          variant="outlined"
          aria-label={T.danfeOf(note.model, note.number)}
          failedText={T.danfeFailed}
          download={() => downloadDanfe(note)}
        >
          {T.danfe}
        </DownloadButton>
      ) : null}
      <DownloadButton
        size={size}
        aria-label={T.xmlOf(note.model, note.number)}
        failedText={T.xmlFailed}
        download={() => downloadXml(note)}
      >
        {T.xml}
      </DownloadButton>
    </>
  );
}
