import { FISCAL_NOTE_TEXTS } from '@backoffice/contract';
import { recordAudit } from '../../../lib/audit';
import type { Principal } from '../../../plugins/auth';
import { readIssuer } from '../fiscal.service';
import { EVENT_NAMES, eventCode, eventDocument, eventFileName, type StoredEvent, xmlFile } from './note-archive';
import type { NoteRow } from './notes.repository';
import { notesRepository as repo } from './notes.repository';
import type { NotesContext } from './notes-context';

/**
 * A registered cancellation or correction letter mailed like the note (issue 56 §3): its procEventoNFe attached, to
 * the customer's e-mail (the order's customer, not a walk-in), when there is one. The event is already at the SEFAZ
 * and kept: a mail that fails is audited ('event-email-failed'), never undoes it.
 */
export async function mailEvent(
  context: NotesContext,
  principal: Principal,
  row: NoteRow,
  event: StoredEvent & { protocol: string | null },
): Promise<void> {
  const { db, deps } = context;
  const document = eventDocument(event);
  if (!deps.mailer || !document || document.answerOnly) return;
  const address = row.order_id ? await repo.customerEmailOf(db, row.order_id) : null;
  if (!address) return;
  const issuer = await readIssuer(db);
  const model = row.model === 55 ? 'NF-e' : 'NFC-e';
  const shop = issuer.tradeName || issuer.legalName || 'a loja';
  const code = eventCode(event);
  const name = EVENT_NAMES[code]?.label ?? code;
  const key = row.access_key.replace(/(\d{4})(?=\d)/g, '$1 ');
  let action = 'event-email';
  try {
    await deps.mailer.send({
      to: address,
      subject: FISCAL_NOTE_TEXTS.eventEmailSubject(name, model, row.number, shop),
      text: FISCAL_NOTE_TEXTS.eventEmailText(name, model, row.number, key, event.protocol ?? '', shop),
      attachments: [
        {
          filename: eventFileName(row.access_key, event, false),
          content: Buffer.from(xmlFile(document.xml), 'utf8'),
          contentType: 'application/xml',
        },
      ],
    });
  } catch {
    action = 'event-email-failed';
  }
  await recordAudit(db, {
    employeeId: principal.employeeId,
    entity: 'fiscal_note',
    entityId: row.id,
    action,
    changes: { to: address, event: code, sequence: event.sequence },
  });
}
