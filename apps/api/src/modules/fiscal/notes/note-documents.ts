import { dayStart, FISCAL_NOTE_TEXTS, nextMonthOf } from '@backoffice/contract';
import { recordAudit } from '../../../lib/audit';
import { badRequest, conflict, notFound } from '../../../lib/errors';
import type { Principal } from '../../../plugins/auth';
import { renderDanfe } from '../danfe/danfe';
import { readIssuer } from '../fiscal.service';
import { monthArchive } from './note-month-archive';
import { notesRepository as repo } from './notes.repository';
import type { NotesContext } from './notes-context';

/** The documents of the notes: their XML, the month's XMLs for the accountant, the DANFE, and the e-mail of both. */
export function noteDocuments(context: NotesContext) {
  const { db, deps } = context;
  return {
    /** The note's XML: the nfeProc once authorised, else the signed note. */
    async xml(id: number): Promise<{ content: string; fileName: string }> {
      const row = await repo.note(db, id);
      if (!row) throw notFound(FISCAL_NOTE_TEXTS.noteNotFound);
      return {
        content: `<?xml version="1.0" encoding="UTF-8"?>${row.proc_xml ?? row.xml}`,
        fileName: `${row.access_key}-${row.proc_xml ? 'procNFe' : 'NFe'}.xml`,
      };
    },

    /**
     * GET /fiscal/notes/xml.zip?month=YYYY-MM: the month's notes that went to the SEFAZ for good (their nfeProc), their
     * events (procEventoNFe) and the month's voidings (ProcInutNFe), with an index (indice.csv), for the accountant.
     */
    monthFiles(month: string): AsyncGenerator<{ name: string; content: string }> {
      return monthArchive(db, dayStart(`${month}-01`), dayStart(nextMonthOf(`${month}-01`)));
    },

    /** POST /fiscal/notes/{id}/email: the authorised note's DANFE and XML to the customer (or the address given). */
    async email(principal: Principal, id: number, to?: string): Promise<{ to: string }> {
      const row = await repo.note(db, id);
      if (!row) throw notFound(FISCAL_NOTE_TEXTS.noteNotFound);
      if (row.status !== 'AUTHORIZED' || !row.proc_xml) throw conflict(FISCAL_NOTE_TEXTS.emailNotAuthorized);
      const address = to ?? (row.order_id ? await repo.customerEmailOf(db, row.order_id) : null);
      if (!address) throw badRequest(FISCAL_NOTE_TEXTS.emailMissing);
      const issuer = await readIssuer(db);
      const model = row.model === 55 ? 'NF-e' : 'NFC-e';
      const shop = issuer.tradeName || issuer.legalName || 'a loja';
      await deps.mailer?.send({
        to: address,
        subject: FISCAL_NOTE_TEXTS.emailSubject(model, row.number, shop),
        text: FISCAL_NOTE_TEXTS.emailText(model, row.number, row.access_key.replace(/(\d{4})(?=\d)/g, '$1 '), shop),
        attachments: [
          {
            filename: `danfe-${row.access_key}.pdf`,
            content: await renderDanfe(row.proc_xml),
            contentType: 'application/pdf',
          },
          {
            filename: `${row.access_key}-procNFe.xml`,
            content: Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>${row.proc_xml}`, 'utf8'),
            contentType: 'application/xml',
          },
        ],
      });
      await recordAudit(db, {
        employeeId: principal.employeeId,
        entity: 'fiscal_note',
        entityId: id,
        action: 'email',
        changes: { to: address },
      });
      return { to: address };
    },

    /** The note's DANFE (A4 for the NF-e, 80 mm for the NFC-e). */
    async danfe(id: number): Promise<{ content: Buffer; fileName: string }> {
      const row = await repo.note(db, id);
      if (!row) throw notFound(FISCAL_NOTE_TEXTS.noteNotFound);
      return { content: await renderDanfe(row.proc_xml ?? row.xml), fileName: `danfe-${row.access_key}.pdf` };
    },
  };
}
