/**
 * One note, one entry (issue 57 §3, decision 0086): a supplier's note is its issuer's CNPJ, model, series and
 * number, not only its access key — the same note under another cNF has another key and was entered twice.
 * The entry is refused (409 naming the first) before anything is written; the unique index `purchases_note`
 * (migration 0105) is the last word when two confirms race.
 */
import { formatBusinessDateTimeMinutes, normalizeDocument, PURCHASE_ENTRY_TEXTS as T } from '@backoffice/contract';
import { sql, type Transaction } from 'kysely';
import type { Executor } from '../../../db/executor';
import type { Database } from '../../../db/schema';
import { AppError } from '../../../lib/errors';
import type { NfeDocument } from './nfe-document';

/** The entry of this note (issuer, model, series, number) made before, with who made it; none when new. */
export function entryOfNote(db: Executor, note: NfeDocument) {
  return db
    .selectFrom('purchases as u')
    .innerJoin('suppliers as s', 's.id', 'u.supplier_id')
    .innerJoin('employees as e', 'e.id', 'u.created_by')
    .select(['u.id', 'u.access_key', 'u.created_at', 'e.name as employee_name'])
    .where('s.document', '=', normalizeDocument(note.issuer.document))
    .where('u.model', '=', note.model)
    .where('u.series', '=', note.series)
    .where('u.number', '=', note.number)
    .where('u.duplicate_of', 'is', null)
    .executeTakeFirst();
}

/** Serialises the confirms of one note whatever its key (the second waits, then finds the first's entry). */
export async function lockNote(trx: Transaction<Database>, note: NfeDocument) {
  const identity = `${normalizeDocument(note.issuer.document)}:${note.model}:${note.series}:${note.number}`;
  await sql`select pg_advisory_xact_lock(hashtext(${`backoffice:purchase-note:${identity}`}))`.execute(trx);
}

/** The 409 of a note entered before under another key, naming the first entry (its code, key, date, clerk). */
export function noteEnteredBefore(
  note: NfeDocument,
  entry: { id: number; access_key: string; created_at: Date | string; employee_name: string },
) {
  return new AppError(
    409,
    T.noteEnteredUnderAnotherKey({
      number: note.number,
      series: note.series,
      purchaseId: entry.id,
      accessKey: entry.access_key,
      enteredAt: formatBusinessDateTimeMinutes(new Date(entry.created_at)),
      employee: entry.employee_name,
    }),
    { code: 'PURCHASE_ALREADY_ENTERED', details: { purchaseId: entry.id, accessKey: entry.access_key } },
  );
}

/** Refuses a note entered before under another key (its own key is checked by the caller first). */
export async function refuseNoteEnteredBefore(db: Executor, note: NfeDocument) {
  const entered = await entryOfNote(db, note);
  if (entered && entered.access_key !== note.accessKey) throw noteEnteredBefore(note, entered);
}
