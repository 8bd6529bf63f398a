import type { Migration } from 'kysely/migration';
import { runStatements } from './run-statements';

/**
 * One note, one entry (issue 57 §3, decision 0086): a supplier's note is (issuer CNPJ, model, series, number),
 * not only its access key — the same note under another cNF has another key. The issuer is the entry's
 * supplier (suppliers.document is unique and the entry's supplier is found by the note's emit CNPJ), the
 * model is 55 (the only model the reader takes).
 *
 * - `purchases.model`: the note's model, 55.
 * - `purchases.duplicate_of`: an entry made before this rule for a note already entered (same supplier, model,
 *   series and number) names the first one; it stays as it was (its stock, bills and audit are history and
 *   are undone, if at all, by a return or by the payables screen), only out of the unique index. The demo has
 *   none (one note per distributor, each with its own number).
 * - `purchases_note`: the unique index of the note among the entries that are not such duplicates.
 */
export const oneNoteOneEntry: Migration = {
  async up(db) {
    await runStatements(db, [
      'alter table purchases add column model smallint not null default 55 check (model in (55, 65))',
      'alter table purchases add column duplicate_of integer references purchases (id)',
      `update purchases p set duplicate_of = (
        select min(f.id) from purchases f
        where f.supplier_id = p.supplier_id and f.model = p.model and f.series = p.series and f.number = p.number
      )
      where exists (
        select 1 from purchases f
        where f.supplier_id = p.supplier_id and f.model = p.model and f.series = p.series and f.number = p.number
          and f.id < p.id
      )`,
      `create unique index purchases_note on purchases (supplier_id, model, series, number)
        where duplicate_of is null`,
    ]);
  },
  async down(db) {
    await runStatements(db, [
      'drop index purchases_note',
      'alter table purchases drop column duplicate_of',
      'alter table purchases drop column model',
    ]);
  },
};
