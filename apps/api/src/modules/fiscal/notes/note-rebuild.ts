/**
 * A note never authorised made again from its order with its own number: an NF-e for the other authoriser (issue 56
 * §2, decision 0083) into the SVC (contingency-round.ts: the state's authoriser never received it, 217) or back out
 * of it (note-sending.ts: the SVC answered 114, switched off by the state's SEFAZ) — nfephp-org/sped-nfe's
 * ContingencyNFe::adjust re-signs so too —, or a rejected note tried again (note-emission.ts, 'Tentar novamente').
 */
import { recordAudit } from '../../../lib/audit';
import type { SigningCertificate } from '../fiscal.service';
import { emissionTypeOf } from './contingency';
import { buildOrderNote } from './note-building';
import { type NoteRow, notesRepository as notes } from './notes.repository';
import type { NotesContext } from './notes-context';

/**
 * The note `row` built again from its order with its model, series and number, for where the notes go now
 * (emissionNow: for an NF-e the SVC while in contingency, tpEmis 6/7; else the state's authoriser, tpEmis 1): a new
 * key, the number never used by the old one (never authorised). SIGNED, audited as `audit.action` by its actor (none:
 * the contingency round).
 */
export async function rebuildNote(
  context: NotesContext,
  row: NoteRow,
  certificate: SigningCertificate,
  audit: { action: 'contingency' | 'retry'; employeeId: number | null } = { action: 'contingency', employeeId: null },
): Promise<void> {
  await context.db.transaction().execute(async (trx) => {
    const made = await buildOrderNote(context, trx, row.order_id as number, undefined, certificate, {
      model: row.model as 55 | 65,
      series: row.series,
      number: row.number,
    });
    await notes.updateNote(trx, row.id, {
      status: 'SIGNED',
      emission_type: emissionTypeOf(made.input),
      xml: made.note.xml,
      access_key: made.note.accessKey,
      total_cents: made.note.totals.totalCents,
      issued_at: made.issuedAt,
      status_code: null,
      status_reason: null,
    });
    await recordAudit(trx, {
      employeeId: audit.employeeId,
      entity: 'fiscal_note',
      entityId: row.id,
      action: audit.action,
      changes: { key: made.note.accessKey, previousKey: row.access_key },
    });
  });
}
