import { sql } from 'kysely';
import type { Executor } from '../../../db/executor';

/**
 * The NF-e's contingency's tables (migration 0101): the contingencies entered and left, and the outages of the
 * state's authoriser met in a row.
 */
export const contingencyRepository = {
  /** The open contingency, with the name of who entered it; locked when `lock` (one enters or leaves at a time). */
  async open(db: Executor, lock = false) {
    const query = db
      .selectFrom('fiscal_nfe_contingencies as c')
      .leftJoin('employees as e', 'e.id', 'c.entered_by')
      .select([
        'c.id',
        'c.svc',
        'c.reason',
        'c.entered_at',
        'c.entered_by',
        'c.authoriser_away',
        'e.name as entered_by_name',
      ])
      .where('c.left_at', 'is', null);
    return (lock ? query.forUpdate('c') : query).executeTakeFirst();
  },

  async enter(
    db: Executor,
    values: { svc: string; reason: string; entered_at: Date; entered_by: number | null; authoriser_away: boolean },
  ): Promise<number> {
    const row = await db
      .insertInto('fiscal_nfe_contingencies')
      .values(values)
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  },

  async leave(db: Executor, id: number, values: { left_at: Date; left_by: number | null; left_reason: string }) {
    await db.updateTable('fiscal_nfe_contingencies').set(values).where('id', '=', id).execute();
  },

  /** The state's authoriser seen away while in contingency (its answering again may then end it). */
  async authoriserAway(db: Executor): Promise<void> {
    await db
      .updateTable('fiscal_nfe_contingencies')
      .set({ authoriser_away: true })
      .where('left_at', 'is', null)
      .where('authoriser_away', '=', false)
      .execute();
  },

  /** An outage of the state's authoriser met by an NF-e; answers how many in a row since `since`. */
  async recordOutage(db: Executor, at: Date, noteId: number, since: Date): Promise<number> {
    await db.insertInto('fiscal_nfe_outages').values({ at, note_id: noteId }).execute();
    const row = await db
      .selectFrom('fiscal_nfe_outages')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('at', '>=', since)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  },

  /** The state's authoriser answered: the outages in a row are over. */
  async clearOutages(db: Executor): Promise<void> {
    await db.deleteFrom('fiscal_nfe_outages').execute();
  },

  /** The notes not answered for good, by model. */
  async pending(db: Executor): Promise<{ nfe: number; nfce: number }> {
    const { rows } = await sql<{ nfe: number; nfce: number }>`
      select count(*) filter (where model = 55)::int as nfe, count(*) filter (where model = 65)::int as nfce
      from fiscal_notes where status in ('SIGNED', 'PROCESSING', 'CONTINGENCY')`.execute(db);
    return rows[0] ?? { nfe: 0, nfce: 0 };
  },

  /** The NF-e signed for the state's authoriser (tpEmis 1) that it has not answered, oldest first. */
  async normalNfeWaiting(db: Executor, limit: number): Promise<number[]> {
    const rows = await db
      .selectFrom('fiscal_notes')
      .select('id')
      .where('model', '=', 55)
      .where('emission_type', '=', 1)
      .where('status', '=', 'SIGNED')
      .orderBy('id')
      .limit(limit)
      .execute();
    return rows.map((row) => row.id);
  },
};
