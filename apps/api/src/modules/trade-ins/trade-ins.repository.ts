import type { TradeInListQuery } from '@backoffice/contract';
import { type Insertable, sql, type Transaction } from 'kysely';
import type { Executor } from '../../db/executor';
import type { Database, TradeInsTable } from '../../db/schema';
import { lineNetGoods } from '../../lib/sale-money';
import { folded, isStorableId, searchWords } from '../../lib/sql-input';

export type NewTradeIn = Insertable<TradeInsTable>;
export type TradeInFileKind = 'PHOTO' | 'CHECK' | 'SIGNATURE';

/** The SQL of trade-ins (issue 42 §1): their rows, files, the price table and the settings. */
export const tradeInsRepository = {
  async insert(trx: Executor, row: NewTradeIn): Promise<number> {
    const { id } = await trx.insertInto('trade_ins').values(row).returning('id').executeTakeFirstOrThrow();
    return id;
  },

  async insertFiles(trx: Executor, tradeInId: number, kind: TradeInFileKind, paths: readonly string[]) {
    if (paths.length === 0) return;
    await trx
      .insertInto('trade_in_files')
      .values(paths.map((path) => ({ trade_in_id: tradeInId, kind, path })))
      .execute();
  },

  files(db: Executor, tradeInId: number) {
    return db
      .selectFrom('trade_in_files')
      .select(['kind', 'path'])
      .where('trade_in_id', '=', tradeInId)
      .orderBy('id')
      .execute();
  },

  /** One trade-in with its customer's, its people's, its order's, product's and unit's names. */
  byId(db: Executor, id: number) {
    return db
      .selectFrom('trade_ins as t')
      .leftJoin('customers as c', 'c.id', 't.customer_id')
      .leftJoin('employees as vs', 'vs.id', 't.value_set_by')
      .leftJoin('employees as ck', 'ck.id', 't.checked_by')
      .leftJoin('orders as o', 'o.id', 't.order_id')
      .leftJoin('products as p', 'p.id', 't.product_id')
      .leftJoin('product_units as u', 'u.id', 't.unit_id')
      .selectAll('t')
      .select([
        'c.name as customer_name',
        'vs.name as value_set_by_name',
        'ck.name as checked_by_name',
        'o.code as order_code',
        'p.code as product_code',
        'p.name as product_name',
        'u.status as unit_status',
      ])
      .where('t.id', '=', id)
      .executeTakeFirst();
  },

  lock(trx: Transaction<Database>, id: number) {
    return trx.selectFrom('trade_ins').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  },

  async update(trx: Executor, id: number, values: Partial<NewTradeIn>) {
    await trx
      .updateTable('trade_ins')
      .set({ ...values, updated_at: new Date() })
      .where('id', '=', id)
      .execute();
  },

  /** A page of trade-ins, newest first: by status, customer, and a search on the code, IMEI, seller and model. */
  async page(db: Executor, query: TradeInListQuery, counted = true) {
    let base = db.selectFrom('trade_ins as t');
    if (query.status) base = base.where('t.status', '=', query.status);
    if (query.customerId) base = base.where('t.customer_id', '=', query.customerId);
    const search = query.search?.trim();
    if (search) {
      const digits = search.replace(/\D/g, '');
      const code = /^AV-?\d+$/i.test(search) ? Number(search.replace(/\D/g, '')) : null;
      // Every word, accent- and case-free, in the seller's name, the brand or the model (as the other lists search).
      const words = searchWords(search);
      const haystack = folded(sql`t.seller_name || ' ' || t.brand || ' ' || t.model`);
      base = base.where((eb) =>
        eb.or([
          ...(code !== null && isStorableId(code) ? [eb('t.id', '=', code)] : []),
          ...(digits.length >= 4 && digits.length === search.replace(/[\s.-]/g, '').length
            ? [eb('t.imei', 'like', `${digits}%`), eb('t.imei2', 'like', `${digits}%`), eb('t.seller_cpf', '=', digits)]
            : []),
          ...(words.length > 0 ? [eb.and(words.map((word) => eb(haystack, 'like', `%${word}%`)))] : []),
        ]),
      );
    }
    const [rows, total] = await Promise.all([
      base
        .select([
          't.id',
          't.status',
          't.seller_name',
          't.brand',
          't.model',
          't.storage_gb',
          't.imei',
          't.offer_cents',
          't.value_cents',
          't.settlement',
          't.created_at',
        ])
        .orderBy('t.created_at', 'desc')
        .orderBy('t.id', 'desc')
        .limit(query.items)
        .offset(query.page * query.items)
        .execute(),
      counted ? base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow() : { n: 0 },
    ]);
    return { rows, total: Number(total.n) };
  },

  // ---------- the price table and settings ----------

  priceOf(db: Executor, phone: { brand: string; model: string; storage: number }) {
    return db
      .selectFrom('trade_in_prices')
      .select(['id', 'price_cents'])
      .where(sql`lower(brand)`, '=', phone.brand.trim().toLowerCase())
      .where(sql`lower(model)`, '=', phone.model.trim().toLowerCase())
      .where('storage_gb', '=', phone.storage)
      .executeTakeFirst();
  },

  prices(db: Executor, search: string | undefined) {
    let query = db.selectFrom('trade_in_prices').selectAll();
    const words = searchWords(search);
    if (words.length > 0) {
      const haystack = folded(sql`brand || ' ' || model`);
      query = query.where((eb) => eb.and(words.map((word) => eb(haystack, 'like', `%${word}%`))));
    }
    return query.orderBy(sql`lower(brand)`).orderBy(sql`lower(model)`).orderBy('storage_gb').limit(500).execute();
  },

  /**
   * A phone's price added, or replaced when the table has it already (the same brand, model and storage in any
   * case): inserted first, so two managers saving the same phone at once meet the unique index, and the second
   * replaces the first's price.
   */
  async upsertPrice(
    trx: Executor,
    price: { brand: string; model: string; storage: number; priceCents: number },
    employeeId: number,
  ): Promise<{ id: number; before: number | null }> {
    const inserted = await trx
      .insertInto('trade_in_prices')
      .values({
        brand: price.brand,
        model: price.model,
        storage_gb: price.storage,
        price_cents: price.priceCents,
        updated_by: employeeId,
      })
      .onConflict((oc) => oc.doNothing())
      .returning('id')
      .executeTakeFirst();
    if (inserted) return { id: inserted.id, before: null };
    const existing = await trx
      .selectFrom('trade_in_prices')
      .select(['id', 'price_cents'])
      .where(sql`lower(brand)`, '=', price.brand.toLowerCase())
      .where(sql`lower(model)`, '=', price.model.toLowerCase())
      .where('storage_gb', '=', price.storage)
      .forUpdate()
      .executeTakeFirstOrThrow();
    await trx
      .updateTable('trade_in_prices')
      .set({ price_cents: price.priceCents, updated_by: employeeId, updated_at: new Date() })
      .where('id', '=', existing.id)
      .execute();
    return { id: existing.id, before: existing.price_cents };
  },

  /** The trade-in an Idempotency-Key created, if any. */
  async idByKey(db: Executor, key: string): Promise<number | undefined> {
    return (await db.selectFrom('trade_ins').select('id').where('idempotency_key', '=', key).executeTakeFirst())?.id;
  },

  /** Whether a customer exists (the one a trade-in is made for). */
  async customerExists(db: Executor, id: number): Promise<boolean> {
    return (await db.selectFrom('customers').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
  },

  async deletePrice(trx: Executor, id: number) {
    return trx.deleteFrom('trade_in_prices').where('id', '=', id).returningAll().executeTakeFirst();
  },

  settings(db: Executor, companyId: number) {
    return db.selectFrom('trade_in_settings').selectAll().where('company_id', '=', companyId).executeTakeFirst();
  },

  async saveSettings(trx: Executor, companyId: number, deductions: Record<string, number>, warrantyDays: number) {
    await trx
      .insertInto('trade_in_settings')
      .values({ company_id: companyId, deductions: JSON.stringify(deductions), warranty_days: warrantyDays })
      .onConflict((oc) =>
        oc.column('company_id').doUpdateSet({ deductions: JSON.stringify(deductions), warranty_days: warrantyDays }),
      )
      .execute();
  },

  /**
   * Trade-ins accepted in [from, to) by business month: how many, what was paid, and of their units those sold
   * since (to an order not cancelled): how many, the sale's line price net of its discount and the margin over
   * the unit's own cost — the one definition of a sale's money (`lib/sale-money.ts`, issue 54 §4), as 'Margem'.
   */
  async report(db: Executor, from: Date, to: Date, timeZone: string) {
    return sql<{
      month: string;
      count: number;
      paid_cents: number;
      resold: number;
      revenue_cents: number;
      cost_cents: number;
    }>`
      select to_char(t.accepted_at at time zone ${timeZone}, 'YYYY-MM') as month,
             count(*)::int as count,
             sum(t.value_cents)::bigint as paid_cents,
             count(sale.price_cents)::int as resold,
             coalesce(sum(sale.price_cents), 0)::bigint as revenue_cents,
             coalesce(sum(case when sale.price_cents is not null then u.cost_cents end), 0)::bigint as cost_cents
        from trade_ins t
        join product_units u on u.id = t.unit_id
        left join lateral (
          select (${lineNetGoods('i')} / i.quantity) as price_cents
            from order_items i
            join orders o on o.id = i.order_id
           where u.status = 'SOLD' and o.id = u.order_id and i.product_id = u.product_id
           limit 1
        ) sale on true
       where t.status = 'ACCEPTED' and t.accepted_at >= ${from} and t.accepted_at < ${to}
       group by 1
       order by 1`
      .execute(db)
      .then((result) => result.rows);
  },
};
