import { type ExpressionBuilder, type Insertable, sql, type Transaction } from 'kysely';
import type { Executor } from '../../db/executor';
import type { Database } from '../../db/schema';
import { folded, isStorableId, searchWords } from '../../lib/sql-input';

type StoredStatus = 'OPEN' | 'CONVERTED' | 'CANCELLED';

/** A quote as saved (the database's own columns: its id, status and time). */
export type NewQuoteRow = Omit<Insertable<Database['quotes']>, 'id' | 'status' | 'created_at'>;
/** One of its lines (its quote and position are given at the insert). */
export type NewQuoteItemRow = Omit<Insertable<Database['quote_items']>, 'id' | 'quote_id' | 'position'>;

/** Which quotes a status filter means on `today` (EXPIRED: OPEN past its last day; OPEN: not yet). */
function whereStatus(status: string | undefined, today: string) {
  return (eb: ExpressionBuilder<Database & { q: Database['quotes'] }, 'q'>) => {
    switch (status) {
      case 'OPEN':
        return eb.and([eb('q.status', '=', 'OPEN'), eb('q.valid_until', '>=', today)]);
      case 'EXPIRED':
        return eb.and([eb('q.status', '=', 'OPEN'), eb('q.valid_until', '<', today)]);
      case 'CONVERTED':
      case 'CANCELLED':
        return eb('q.status', '=', status);
      default:
        return eb.val(true);
    }
  };
}

/** SQL of quotes. Every function takes `db` or a transaction. */
export const quotesRepository = {
  async insert(trx: Transaction<Database>, quote: NewQuoteRow, items: NewQuoteItemRow[]): Promise<number> {
    const { id } = await trx.insertInto('quotes').values(quote).returning('id').executeTakeFirstOrThrow();
    await trx
      .insertInto('quote_items')
      .values(items.map((item, index) => ({ ...item, quote_id: id, position: index + 1 })))
      .execute();
    return id;
  },

  /** The quote saved under an attempt's key, if any. */
  byKey(db: Executor, key: string) {
    return db.selectFrom('quotes').select(['id', 'customer_id']).where('idempotency_key', '=', key).executeTakeFirst();
  },

  /** One quote with its customer, seller and order (`lock`: for update, in the caller's transaction). */
  async find(db: Executor, id: number, lock = false) {
    if (!isStorableId(id)) return undefined;
    const query = db
      .selectFrom('quotes as q')
      .innerJoin('customers as c', 'c.id', 'q.customer_id')
      .innerJoin('employees as e', 'e.id', 'q.employee_id')
      .leftJoin('orders as o', 'o.id', 'q.order_id')
      .selectAll('q')
      .select(['c.name as customer_name', 'c.phone as customer_phone', 'c.status as customer_status'])
      .select(['e.name as seller_name', 'o.code as order_code'])
      .where('q.id', '=', id);
    return (lock ? query.forUpdate('q') : query).executeTakeFirst();
  },

  items(db: Executor, quoteId: number) {
    return db
      .selectFrom('quote_items')
      .select(['product_id', 'product_code', 'product_name', 'quantity', 'unit_price_cents', 'discount_cents'])
      .where('quote_id', '=', quoteId)
      .orderBy('position')
      .execute();
  },

  async markConverted(trx: Transaction<Database>, id: number, orderId: number, employeeId: number) {
    await trx
      .updateTable('quotes')
      .set({ status: 'CONVERTED', order_id: orderId, converted_by: employeeId, converted_at: new Date() })
      .where('id', '=', id)
      .execute();
  },

  /** Cancels an open quote (why, who, when, and the call's key: the same key answers it again). */
  async markCancelled(
    trx: Transaction<Database>,
    id: number,
    cancel: { employeeId: number; reason: string; key: string | null },
  ) {
    await trx
      .updateTable('quotes')
      .set({
        status: 'CANCELLED',
        cancelled_by: cancel.employeeId,
        cancelled_at: new Date(),
        cancel_reason: cancel.reason,
        cancel_key: cancel.key,
      })
      .where('id', '=', id)
      .execute();
  },

  /** The quote cancelled under a call's key, if any. */
  byCancelKey(db: Executor, key: string) {
    return db.selectFrom('quotes').select('id').where('cancel_key', '=', key).executeTakeFirst();
  },

  /** One page of quotes, newest first, by status (on `today`) and words of the name or phone, or the number. */
  async page(db: Executor, query: { page: number; size: number; search?: string; status?: string }, today: string) {
    const words = searchWords(query.search);
    const number = query.search && /^\d{1,9}$/.test(query.search.trim()) ? Number(query.search.trim()) : null;
    const base = db
      .selectFrom('quotes as q')
      .innerJoin('customers as c', 'c.id', 'q.customer_id')
      .innerJoin('employees as e', 'e.id', 'q.employee_id')
      .leftJoin('orders as o', 'o.id', 'q.order_id')
      .where(whereStatus(query.status, today))
      .where((eb) => {
        if (words.length === 0) return eb.val(true);
        const haystack = folded(sql`coalesce(q.walk_in_name, c.name) || ' ' || coalesce(q.walk_in_phone, c.phone, '')`);
        const byWords = eb.and(words.map((word) => eb(haystack, 'like', `%${word}%`)));
        return number === null ? byWords : eb.or([byWords, eb('q.id', '=', number)]);
      });
    const { total } = await base.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow();
    const rows = await base
      .selectAll('q')
      .select(['c.name as customer_name', 'c.phone as customer_phone', 'c.status as customer_status'])
      .select(['e.name as seller_name', 'o.code as order_code'])
      .select((eb) =>
        eb
          .selectFrom('quote_items as i')
          .select((ei) => ei.fn.countAll<string>().as('n'))
          .whereRef('i.quote_id', '=', 'q.id')
          .as('item_count'),
      )
      .orderBy('q.id', 'desc')
      .limit(query.size)
      .offset(query.page * query.size)
      .execute();
    return { rows, total: Number(total) };
  },
};

export type QuoteRowRead = NonNullable<Awaited<ReturnType<typeof quotesRepository.find>>>;
export type { StoredStatus };
