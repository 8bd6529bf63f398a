import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Executor } from '../../db/executor';
import type { Database } from '../../db/schema';
import { isStorableId, searchWords } from '../../lib/sql-input';

export type SupplierRow = Selectable<Database['suppliers']>;
export type NewSupplierRow = Omit<Insertable<Database['suppliers']>, 'id' | 'created_at' | 'updated_at'>;

/** The compact form of a document or phone typed with punctuation (at least 3 characters), lower-cased. */
function compactOf(search: string | undefined): string | null {
  const compact = (search ?? '').replace(/[\s.\-/()+]/g, '').toLowerCase();
  return compact.length >= 3 && /\d/.test(compact) ? compact.replace(/[\\%_]/g, (c) => `\\${c}`) : null;
}

/** The suppliers a list search names: every word in `search_text`, or the document/phone typed compactly. */
function matching(db: Executor, search: string | undefined) {
  const words = searchWords(search);
  const compact = compactOf(search);
  return db.selectFrom('suppliers').where((eb) => {
    if (words.length === 0) return eb.val(true);
    const byWords = eb.and(words.map((word) => eb('search_text', 'like', `%${word}%`)));
    return compact === null ? byWords : eb.or([byWords, eb('search_text', 'like', `%${compact}%`)]);
  });
}

/** SQL of suppliers. Every function takes `db` or a transaction. */
export const suppliersRepository = {
  async find(db: Executor, id: number, lock = false): Promise<SupplierRow | undefined> {
    if (!isStorableId(id)) return undefined;
    const query = db.selectFrom('suppliers').selectAll().where('id', '=', id);
    return (lock ? query.forUpdate() : query).executeTakeFirst();
  },

  byDocument(db: Executor, document: string, lock = false): Promise<SupplierRow | undefined> {
    const query = db.selectFrom('suppliers').selectAll().where('document', '=', document);
    return (lock ? query.forUpdate() : query).executeTakeFirst();
  },

  async insert(db: Executor, row: NewSupplierRow): Promise<SupplierRow> {
    return db.insertInto('suppliers').values(row).returningAll().executeTakeFirstOrThrow();
  },

  /** Inserts unless the document is already there (a concurrent import of the same issuer): undefined then. */
  async insertNew(db: Executor, row: NewSupplierRow): Promise<SupplierRow | undefined> {
    return db
      .insertInto('suppliers')
      .values(row)
      .onConflict((oc) => oc.column('document').doNothing())
      .returningAll()
      .executeTakeFirst();
  },

  async update(db: Executor, id: number, patch: Updateable<Database['suppliers']>): Promise<SupplierRow> {
    return db
      .updateTable('suppliers')
      .set({ ...patch, updated_at: new Date() })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
  },

  /** One page by name (then id), and the count of every match. */
  async page(db: Executor, query: { page: number; size: number; search?: string }) {
    const base = matching(db, query.search);
    const { total } = await base.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow();
    const rows = await base
      .selectAll()
      .orderBy('name')
      .orderBy('id')
      .limit(query.size)
      .offset(query.page * query.size)
      .execute();
    return { rows, total: Number(total) };
  },

  /** Every match by name, `size` at a time after `after` (keyset: name, id). */
  batch(db: Executor, search: string | undefined, size: number, after: { name: string; id: number } | null) {
    let query = matching(db, search).selectAll();
    if (after) {
      query = query.where((eb) =>
        eb.or([eb('name', '>', after.name), eb.and([eb('name', '=', after.name), eb('id', '>', after.id)])]),
      );
    }
    return query.orderBy('name').orderBy('id').limit(size).execute();
  },
};
