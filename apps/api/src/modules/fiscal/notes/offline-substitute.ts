/**
 * An NFC-e whose authorisation went unanswered (issue 56 §2, decision 0082): the SEFAZ may hold it authorised, so its
 * number is never signed again in contingency (Ajuste SINIEF 19/16, cl. 11ª: the contingency NFC-e takes a number of
 * its own; a real SEFAZ answers the same number under another key with 539). The first note keeps its number and key
 * as UNKNOWN; the sale is covered at once by an NFC-e in offline contingency (tpEmis 9) with the next number, sent when
 * the SEFAZ answers again; the first one's fate is then settled (offline-fate.ts).
 */
import { randomInt } from 'node:crypto';
import { FISCAL_NOTE_TEXTS } from '@backoffice/contract';
import { recordAudit } from '../../../lib/audit';
import type { SigningCertificate } from '../fiscal.service';
import { buildNfe } from '../nfe/nfe-builder';
import type { NfeInput } from '../nfe/nfe-input';
import { takeNumber } from './note-numbers';
import { type NoteRow, notesRepository as repo } from './notes.repository';
import { type NotesContext, signerOf } from './notes-context';

/** The NFC-e `row` (unanswered) set UNKNOWN and covered by a new contingency NFC-e with the next number, in one transaction. */
export async function substituteOffline(
  context: NotesContext,
  row: NoteRow,
  certificate: SigningCertificate,
  input: NfeInput,
): Promise<number> {
  return context.db.transaction().execute(async (trx) => {
    // The first note leaves the order's alive notes before its substitute joins them (the unique index).
    await repo.updateNote(trx, row.id, {
      status: 'UNKNOWN',
      status_code: null,
      status_reason: FISCAL_NOTE_TEXTS.unknownFate(row.number),
    });
    const taken = await takeNumber(trx, 65, row.environment);
    const offline = buildNfe(
      {
        ...input,
        series: taken.series,
        number: taken.number,
        numericCode: String(randomInt(10_000_000, 100_000_000)),
        emission: { type: 'offline', since: input.issuedAt, reason: 'SEFAZ sem resposta no envio da nota' },
      },
      signerOf(certificate),
    );
    const substituteId = await repo.insertNote(trx, {
      order_id: row.order_id as number,
      model: 65,
      series: taken.series,
      number: taken.number,
      environment: row.environment,
      emission_type: 9,
      access_key: offline.accessKey,
      status: 'CONTINGENCY',
      total_cents: offline.totals.totalCents,
      recipient_document: row.recipient_document,
      recipient_name: row.recipient_name,
      xml: offline.xml,
      issued_at: row.issued_at,
      created_by: row.created_by,
    });
    await repo.updateNote(trx, substituteId, { status_reason: FISCAL_NOTE_TEXTS.contingency });
    await repo.setSubstitute(trx, row.id, substituteId);
    await recordAudit(trx, {
      employeeId: row.created_by,
      entity: 'fiscal_note',
      entityId: substituteId,
      action: 'create',
      changes: { contingency: true, number: taken.number, key: offline.accessKey, replaces: row.number },
    });
    return substituteId;
  });
}
