/**
 * The DANFE of a note BackOffice issued (issue 41 §2): the A4 DANFE of an NF-e (model 55) or the 80 mm DANFE NFC-e
 * (model 65), made from the note's XML as stored (the authorised `nfeProc`, or a bare signed `NFe` not yet
 * authorised, as an NFC-e issued in offline contingency).
 */
import { renderToBuffer } from '@react-pdf/renderer';
import { danfeA4 } from './danfe-a4';
import { danfeNfce } from './danfe-nfce';
import { readDanfeNote } from './danfe-note';

export { code128Bars, code128c, code128Key } from './code128';
export { DanfeError, type DanfeNote, readDanfeNote } from './danfe-note';

/** The DANFE of the note's XML as a PDF: A4 for model 55, 80 mm wide for model 65; a DanfeError for another XML. */
export async function renderDanfe(xml: string): Promise<Buffer> {
  const note = readDanfeNote(xml);
  const document = note.model === 55 ? danfeA4(note) : danfeNfce(note);
  return renderToBuffer(document as Parameters<typeof renderToBuffer>[0]);
}
