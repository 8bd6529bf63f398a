import { UNSOLD_ORDER_STATUSES } from '@backoffice/contract';
import { type ExpressionBuilder, type Insertable, sql, type Transaction, type Updateable } from 'kysely';
import type { Executor } from '../../db/executor';
import type { CustomerStatus, CustomersTable, Database } from '../../db/schema';
import { WALK_IN } from '../../db/schema-columns';
import { isStorableId } from '../../lib/sql-input';
import { UPDATED_COLUMNS } from './customer-fields';

/** One customer an import updates: every column it writes (timestamps as ISO text). */
export interface ImportedCustomerUpdate {
  id: number;
  name: string;
  email: string;
  phone: string;
  state_registration: string | null;
  street: string | null;
  number: string | null;
  complement: string | null;
  neighborhood: string | null;
  zip_code: string | null;
  city: string | null;
  state: string | null;
  level: number;
  shipping_cost_cents: number;
  warranty_percentage: number;
  fast_delivery_tax_cents: number;
  status: CustomerStatus;
  approved_by: number | null;
  approved_at: string | null;
  status_changed_by: number | null;
  status_changed_at: string | null;
  status_note: string | null;
  search_text: string;
}

export { WALK_IN };

/** Orders that do not count as purchases: cancelled or refused. */
export const NOT_PURCHASED = UNSOLD_ORDER_STATUSES;

function customerQuery(db: Executor) {
  return db
    .selectFrom('customers as c')
    .leftJoin('employees as d', 'd.id', 'c.deliverer_id')
    .select([
      'c.id',
      'c.name',
      'c.email',
      'c.phone',
      'c.document',
      'c.state_registration',
      'c.level',
      'c.status',
      'c.status_note',
      'c.status_changed_by',
      'c.status_changed_at',
      'c.approved_by',
      'c.approved_at',
      'c.deliverer_id',
      'c.shipping_cost_cents',
      'c.warranty_percentage',
      'c.fast_delivery_tax_cents',
      'c.notes',
      'c.street',
      'c.number',
      'c.complement',
      'c.neighborhood',
      'c.zip_code',
      'c.city',
      'c.state',
      'c.created_at',
      'd.name as deliverer_name',
    ])
    .select((eb) =>
      eb
        .selectFrom('orders as o')
        .select((o) => o.fn.coalesce(o.fn.sum<string>('o.total_cents'), o.lit(0)).as('t'))
        .whereRef('o.customer_id', '=', 'c.id')
        .where('o.status', 'not in', [...NOT_PURCHASED])
        .as('total_purchase_cents'),
    );
}

export type CustomerRow = Awaited<ReturnType<ReturnType<typeof customerQuery>['executeTakeFirstOrThrow']>>;

/** Escapes the LIKE wildcards of user input (backslash is PostgreSQL's default LIKE escape). */
function likeContains(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

type CustomerEB = ExpressionBuilder<Database & { c: Database['customers'] }, 'c'>;

/** What a search matches: every term, or one compact form of the whole query (documents, phones). */
export interface CustomerMatch {
  terms: string[];
  compacts: string[];
}

function matches({ terms, compacts }: CustomerMatch) {
  return (eb: CustomerEB) =>
    eb.or([
      eb.and(terms.map((term) => eb('c.search_text', 'like', likeContains(term)))),
      ...compacts.map((compact) => eb('c.search_text', 'like', likeContains(compact))),
    ]);
}

/** The columns a list can be sorted by (the API's sort fields); every order ends with the id. */
export const CUSTOMER_SORT_COLUMNS = {
  id: 'c.id',
  name: 'c.name',
  email: 'c.email',
  phone: 'c.phone',
  document: 'c.document',
  levelName: 'c.level',
  city: 'c.city',
  statusNote: 'c.status_note',
  shippingCost: 'c.shipping_cost_cents',
  warrantyPercentage: 'c.warranty_percentage',
  createdAt: 'c.created_at',
} as const;
/** The columns of the filter panel's text fields. */
export const CUSTOMER_FILTER_COLUMNS = {
  name: 'c.name',
  email: 'c.email',
  phone: 'c.phone',
  document: 'c.document',
  city: 'c.city',
  statusNote: 'c.status_note',
} as const;
export interface CustomerColumnFilter {
  column: (typeof CUSTOMER_FILTER_COLUMNS)[keyof typeof CUSTOMER_FILTER_COLUMNS];
  operator: 'contains' | 'equals' | 'startsWith' | 'endsWith' | 'isEmpty' | 'isNotEmpty';
  value: string;
}

/** One filter of the grid's panel, case-insensitive; a text operator with an empty value filters nothing. */
function filtered(filter: CustomerColumnFilter) {
  return (eb: CustomerEB) => {
    const column = sql.ref(filter.column);
    const empty = eb.or([eb(column, 'is', null), eb(column, '=', '')]);
    if (filter.operator === 'isEmpty') return empty;
    if (filter.operator === 'isNotEmpty') return eb.not(empty);
    if (!filter.value) return eb.lit(true);
    const escaped = filter.value.replace(/[\\%_]/g, (c) => `\\${c}`);
    const pattern = {
      contains: `%${escaped}%`,
      equals: escaped,
      startsWith: `${escaped}%`,
      endsWith: `%${escaped}`,
    }[filter.operator];
    return eb(column, 'ilike', pattern);
  };
}

export interface CustomerListFilter {
  status: CustomerStatus;
  match?: CustomerMatch;
  filter?: CustomerColumnFilter;
  sort: { column: (typeof CUSTOMER_SORT_COLUMNS)[keyof typeof CUSTOMER_SORT_COLUMNS]; direction: 'asc' | 'desc' };
}

/** Ids of a list's customers in the list's order (no joins: index scans of customers only). */
function listIds(db: Executor, filter: CustomerListFilter) {
  let query = db.selectFrom('customers as c').select('c.id').where('c.status', '=', filter.status);
  if (filter.match) query = query.where(matches(filter.match));
  if (filter.filter) query = query.where(filtered(filter.filter));
  const { column, direction } = filter.sort;
  query = query.orderBy(sql.ref(column), direction);
  return column === 'c.id' ? query : query.orderBy('c.id', direction);
}

/**
 * How many customers a list holds, as one row `{ total }`: without a search or filter, the status's counter
 * (migration 0038); else a count of the matching rows.
 */
function totalQuery(db: Executor, filter: Omit<CustomerListFilter, 'sort'>) {
  if (!filter.match && !filter.filter) {
    return db
      .selectFrom('customer_status_counts')
      .select((eb) => eb.cast<string>('customers', 'bigint').as('total'))
      .where('status', '=', filter.status);
  }
  let query = db
    .selectFrom('customers as c')
    .select((eb) => eb.fn.countAll<string>().as('total'))
    .where('c.status', '=', filter.status);
  if (filter.match) query = query.where(matches(filter.match));
  if (filter.filter) query = query.where(filtered(filter.filter));
  return query;
}

/** SQL of customers. Every function takes `db` or a transaction. */
export const customersRepository = {
  listByStatus(db: Executor, status: CustomerStatus) {
    return customerQuery(db).where('c.status', '=', status).orderBy('c.name').orderBy('c.id').execute();
  },

  /**
   * One page of a list and the list's total, in one statement. The page's ids come from the customers
   * table alone (for the default order an index-only scan of (status, name, id)), then only those rows are
   * joined and summed: a deep page costs an index walk, not the joins and purchase totals of every row
   * before it. The total rides on every row as a subquery PostgreSQL runs once: without a search or filter
   * the status's counter (migration 0038), with one the count of the matches (for a search, from the
   * trigram index). Not `count(*) over ()`: the planner then keeps the page's index walk and filters every
   * customer of the status with it (46 ms against 1 + 1 ms for 'silva' at scale 100, EXPLAIN ANALYZE).
   * A page past the end has no row to carry the total, so it is then counted on its own.
   */
  async page(db: Executor, filter: CustomerListFilter, offset: number, limit: number) {
    const { column, direction } = filter.sort;
    const ids = listIds(db, filter).select(totalQuery(db, filter).as('list_total')).offset(offset).limit(limit);
    let query = customerQuery(db)
      .innerJoin(ids.as('p'), 'p.id', 'c.id')
      .select('p.list_total')
      .orderBy(sql.ref(column), direction);
    if (column !== 'c.id') query = query.orderBy('c.id', direction);
    const rows = await query.execute();
    const total = rows[0] ? Number(rows[0].list_total ?? 0) : await customersRepository.count(db, filter);
    return { rows, total };
  },

  /**
   * How many customers a list holds: without a search or filter, the status's counter (migration 0038);
   * else a count of the matching rows.
   */
  async count(db: Executor, filter: Omit<CustomerListFilter, 'sort'>): Promise<number> {
    const row = await totalQuery(db, filter).executeTakeFirst();
    return Number(row?.total ?? 0);
  },

  /** Every id of a list in its order: an export then reads the rows batch by batch. */
  async allIds(db: Executor, filter: CustomerListFilter): Promise<number[]> {
    return (await listIds(db, filter).execute()).map((row) => row.id);
  },

  /** The customers of these ids, in the order of `ids`. */
  async findByIdsInOrder(db: Executor, ids: readonly number[]) {
    if (ids.length === 0) return [];
    const rows = await customerQuery(db)
      .where('c.id', 'in', [...ids])
      .execute();
    const byId = new Map(rows.map((row) => [row.id, row]));
    return ids.map((id) => byId.get(id)).filter((row): row is NonNullable<typeof row> => row !== undefined);
  },

  /** A customer by id (never a 'Consumidor final': decision 0040). */
  async findById(db: Executor, id: number) {
    if (!isStorableId(id)) return undefined;
    return customerQuery(db).where('c.id', '=', id).where('c.status', '<>', WALK_IN).executeTakeFirst();
  },

  findByEmail(db: Executor, email: string) {
    return customerQuery(db)
      .where((eb) => eb(eb.fn('lower', ['c.email']), '=', email.toLowerCase()))
      .where('c.status', '<>', WALK_IN)
      .executeTakeFirst();
  },

  /** The row to change, locked until the end of the transaction (a 'Consumidor final' is no customer to change). */
  async lockById(trx: Executor, id: number) {
    if (!isStorableId(id)) return undefined;
    return trx
      .selectFrom('customers')
      .selectAll()
      .where('id', '=', id)
      .where('status', '<>', WALK_IN)
      .forUpdate()
      .executeTakeFirst();
  },

  lockByEmail(trx: Executor, email: string) {
    return trx
      .selectFrom('customers')
      .selectAll()
      .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
      .where('status', '<>', WALK_IN)
      .forUpdate()
      .executeTakeFirst();
  },

  /**
   * Registrations by staff one at a time (the document has no unique index: customers of old may share one),
   * until the end of the transaction: the duplicate check and the insert cannot interleave.
   */
  async lockRegistrations(trx: Transaction<Database>) {
    await sql`select pg_advisory_xact_lock(hashtext('backoffice:customer-registration'))`.execute(trx);
  },

  /** The first customer (not a walk-in) holding this document or this e-mail (lower case; none: null), document first. */
  findDuplicate(db: Executor, document: string, email: string | null) {
    return db
      .selectFrom('customers')
      .select(['id', 'name', 'email', 'document'])
      .where('status', '<>', WALK_IN)
      .where((eb) => eb.or([eb('document', '=', document), eb(eb.fn('lower', ['email']), '=', email ?? '')]))
      .orderBy((eb) => eb.case().when('document', '=', document).then(0).else(1).end())
      .orderBy('id')
      .limit(1)
      .executeTakeFirst();
  },

  async insert(trx: Executor, row: Insertable<CustomersTable>): Promise<number> {
    const { id } = await trx.insertInto('customers').values(row).returning('id').executeTakeFirstOrThrow();
    return id;
  },

  /** The employee's own 'Consumidor final', if made already. */
  walkInOf(db: Executor, employeeId: number) {
    return db
      .selectFrom('customers')
      .select(['id', 'name', 'email'])
      .where('walk_in_employee_id', '=', employeeId)
      .executeTakeFirst();
  },

  /**
   * Makes the employee's 'Consumidor final' unless it exists (two first uses at once make one). Any unique
   * index may be the one the second insert meets first (the employee's, or the e-mail made from his id): a
   * conflict on either means the record is there, so none is named (naming one made the other a 500 on
   * PostgreSQL).
   */
  async insertWalkIn(db: Executor, row: Insertable<CustomersTable>) {
    await db
      .insertInto('customers')
      .values(row)
      .onConflict((oc) => oc.doNothing())
      .execute();
  },

  // ---------- spreadsheet import (issue 21 §2) ----------
  /** Customers whose document is one of these (normalized), locked when `lock`, in slices of 5,000. */
  async byDocuments(db: Executor, documents: readonly string[], lock: boolean) {
    const rows = [];
    for (let start = 0; start < documents.length; start += 5000) {
      let query = db
        .selectFrom('customers')
        .selectAll()
        .where('document', 'in', documents.slice(start, start + 5000))
        .orderBy('id');
      if (lock) query = query.forUpdate();
      rows.push(...(await query.execute()));
    }
    return rows;
  },
  /** Id and lower-case e-mail of the customers holding any of these e-mails (lower case). */
  async byEmails(db: Executor, emails: readonly string[]) {
    const rows: { id: number; email: string }[] = [];
    for (let start = 0; start < emails.length; start += 5000) {
      rows.push(
        ...(await db
          .selectFrom('customers')
          .select(['id', sql<string>`lower(email)`.as('email')])
          .where(sql`lower(email)`, 'in', emails.slice(start, start + 5000))
          .execute()),
      );
    }
    return rows;
  },
  insertMany(trx: Executor, rows: readonly Insertable<CustomersTable>[]) {
    if (rows.length === 0) return Promise.resolve([]);
    return trx
      .insertInto('customers')
      .values([...rows])
      .returning(['id', 'document'])
      .execute();
  },
  /** Many customers' registration and terms in one statement (an import's thousand lines). */
  async updateMany(trx: Executor, rows: readonly ImportedCustomerUpdate[]) {
    if (rows.length === 0) return;
    // The customer's fields from their one list (customer-fields.ts), then the status and search columns.
    const fieldsSet = sql.raw(UPDATED_COLUMNS.map(({ column }) => `${column} = v.${column}`).join(', '));
    const fieldsTypes = sql.raw(UPDATED_COLUMNS.map(({ column, sqlType }) => `${column} ${sqlType}`).join(', '));
    await sql`update customers c set ${fieldsSet},
        status = v.status, approved_by = v.approved_by, approved_at = v.approved_at,
        status_changed_by = v.status_changed_by, status_changed_at = v.status_changed_at,
        status_note = v.status_note, search_text = v.search_text, updated_at = now()
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as v(id integer, ${fieldsTypes},
        status text, approved_by integer, approved_at timestamptz,
        status_changed_by integer, status_changed_at timestamptz, status_note text, search_text text)
      where c.id = v.id`.execute(trx);
  },

  async update(trx: Executor, id: number, patch: Updateable<CustomersTable>) {
    await trx
      .updateTable('customers')
      .set({ ...patch, updated_at: new Date() })
      .where('id', '=', id)
      .execute();
  },

  async remove(trx: Executor, id: number) {
    await trx.deleteFrom('customers').where('id', '=', id).execute();
  },

  async countOrders(db: Executor, customerId: number): Promise<number> {
    const row = await db
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('customer_id', '=', customerId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  },

  lastOrderAt(db: Executor, customerId: number) {
    return db
      .selectFrom('orders')
      .select((eb) => eb.fn.max('created_at').as('last'))
      .where('customer_id', '=', customerId)
      .executeTakeFirst();
  },

  employeeNames(db: Executor, ids: number[]) {
    if (ids.length === 0) return Promise.resolve([]);
    return db.selectFrom('employees').select(['id', 'name']).where('id', 'in', ids).execute();
  },

  async findEmployee(db: Executor, id: number) {
    if (!isStorableId(id)) return undefined;
    return db.selectFrom('employees').select(['id', 'name', 'func', 'blocked']).where('id', '=', id).executeTakeFirst();
  },

  levels(db: Executor) {
    return db.selectFrom('customer_levels').select(['id', 'name']).orderBy('id').execute();
  },

  /**
   * Customers whose search text contains every term, or (for documents and phones typed with
   * punctuation) one compact form of the whole query. Approved first, then by name.
   */
  search(db: Executor, match: CustomerMatch, limit: number, status?: CustomerStatus) {
    let query = customerQuery(db).where(matches(match)).where('c.status', '<>', WALK_IN);
    if (status) query = query.where('c.status', '=', status);
    return query
      .orderBy((eb) => eb.case().when('c.status', '=', 'APPROVED').then(0).else(1).end())
      .orderBy('c.name')
      .orderBy('c.id')
      .limit(limit)
      .execute();
  },

  historyOrders(db: Executor, customerId: number, start: Date, until: Date) {
    return db
      .selectFrom('orders')
      .select(['id', 'code', 'status', 'created_at', 'total_cents'])
      .where('customer_id', '=', customerId)
      .where('created_at', '>=', start)
      .where('created_at', '<', until)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
  },

  historyItems(db: Executor, orderIds: number[]) {
    if (orderIds.length === 0) return Promise.resolve([]);
    return db
      .selectFrom('order_items')
      .select([
        'id',
        'order_id',
        'product_id',
        'product_name',
        'product_code',
        'quantity',
        'unit_price_cents',
        'total_cents',
      ])
      .where('order_id', 'in', orderIds)
      .orderBy('order_id')
      .orderBy('id')
      .execute();
  },

  // ---------- LGPD (customers.privacy.ts): what is held about one person ----------

  /** Every order of the customer, oldest first, with what the export names. */
  privacyOrders(db: Executor, customerId: number) {
    return db
      .selectFrom('orders')
      .select([
        'id',
        'code',
        'status',
        'created_at',
        'delivery_type',
        'payment_method',
        'neighborhood',
        'comments',
        'items_total_cents',
        'shipping_cost_cents',
        'fast_delivery_tax_cents',
        'warranty_cents',
        'discount_cents',
        'total_cents',
      ])
      .where('customer_id', '=', customerId)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
  },

  privacyPix(db: Executor, orderIds: number[]) {
    if (orderIds.length === 0) return Promise.resolve([]);
    return db
      .selectFrom('pix_received')
      .select(['order_id', 'amount_cents', 'paid_at', 'payer'])
      .where('order_id', 'in', orderIds)
      .orderBy('paid_at')
      .execute();
  },

  privacySignIns(db: Executor, customerId: number) {
    return db
      .selectFrom('customer_signins')
      .select('created_at')
      .where('customer_id', '=', customerId)
      .orderBy('created_at')
      .execute();
  },

  privacySearches(db: Executor, customerId: number) {
    return db
      .selectFrom('search_terms')
      .select(['term', 'created_at'])
      .where('customer_id', '=', customerId)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
  },

  privacyViews(db: Executor, customerId: number) {
    return db
      .selectFrom('product_views as v')
      .innerJoin('products as p', 'p.id', 'v.product_id')
      .select(['p.code', 'p.name', 'v.created_at'])
      .where('v.customer_id', '=', customerId)
      .orderBy('v.created_at')
      .orderBy('v.id')
      .execute();
  },

  privacyCart(db: Executor, customerId: number) {
    return db
      .selectFrom('cart_items as i')
      .innerJoin('products as p', 'p.id', 'i.product_id')
      .select(['p.code', 'p.name', 'i.quantity', 'i.added_at'])
      .where('i.customer_id', '=', customerId)
      .orderBy('i.added_at')
      .execute();
  },

  auditOf(db: Executor, customerId: number) {
    return db
      .selectFrom('audit_events')
      .select(['id', 'created_at', 'action', 'changes'])
      .where('entity', '=', 'customer')
      .where('entity_id', '=', String(customerId))
      .orderBy('created_at')
      .orderBy('id')
      .execute();
  },

  async rewriteAudit(trx: Executor, id: number, changes: unknown) {
    await trx
      .updateTable('audit_events')
      .set({ changes: JSON.stringify(changes) })
      .where('id', '=', id)
      .execute();
  },

  /**
   * What anonymisation removes beside the registration: sign-ins and the cart are deleted (the sign-in
   * summaries follow by trigger), searches and product views are kept without the person (the shop's
   * anonymous statistics), the comments of his orders (free text: instructions, names, phones) cleared.
   */
  async forgetActivity(trx: Executor, customerId: number) {
    await trx.deleteFrom('customer_signins').where('customer_id', '=', customerId).execute();
    await trx.deleteFrom('cart_items').where('customer_id', '=', customerId).execute();
    await trx.updateTable('search_terms').set({ customer_id: null }).where('customer_id', '=', customerId).execute();
    await trx.updateTable('product_views').set({ customer_id: null }).where('customer_id', '=', customerId).execute();
    await trx
      .updateTable('orders')
      .set({ comments: null })
      .where('customer_id', '=', customerId)
      .where('comments', 'is not', null)
      .execute();
  },

  openOrderCodes(db: Executor, customerId: number, finalStatuses: readonly number[]) {
    return db
      .selectFrom('orders')
      .select('code')
      .where('customer_id', '=', customerId)
      .where('status', 'not in', [...finalStatuses])
      .orderBy('created_at')
      .execute();
  },
};
