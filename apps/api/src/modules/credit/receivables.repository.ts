import {
  type DebtDays,
  debtDays,
  type ReceivableFilter,
  type ReceivablePaidMethod,
  situationDueDays,
} from '@backoffice/contract';
import { type Expression, type ExpressionBuilder, type Insertable, type SqlBool, sql } from 'kysely';
import type { Executor } from '../../db/executor';
import type { Database } from '../../db/schema';
import { type DebtSql, debtFilterWhere, dueWithin } from '../../lib/debt-situation';

type Scope = Database & { r: Database['receivables']; o: Database['orders']; c: Database['customers'] };

export interface ReceivableRow {
  id: number;
  order_id: number;
  order_code: string;
  customer_id: number;
  customer_name: string;
  seq: number;
  count: number;
  due_date: string;
  amount_cents: number;
  principal_paid_cents: number;
  fine_charged: boolean;
  last_paid_on: string | null;
  canceled_at: Date | null;
  /** When the sale (the order) was made: no payment of its instalments is dated before its business day. */
  sold_at: Date;
}

export interface ReceivableFilterInput {
  status?: ReceivableFilter;
  from?: string;
  to?: string;
  customerId?: number;
}

const isOpen = sql<boolean>`r.canceled_at is null and r.principal_paid_cents < r.amount_cents`;

/** An instalment's facts for its situation in a list (`debtFilterWhere`) and its overdue (`dueWithin`). */
const instalment: DebtSql = {
  dueDate: sql.ref('r.due_date'),
  isOpen,
  isPaid: sql<boolean>`r.canceled_at is null and r.principal_paid_cents = r.amount_cents`,
  isCanceled: sql<boolean>`r.canceled_at is not null`,
};

/** Which instalments a list filter means on `days` (the business's today and today + 6). */
function whereFilter(filter: ReceivableFilterInput, days: DebtDays) {
  return (eb: ExpressionBuilder<Scope, 'r'>) => {
    const conditions: Expression<SqlBool>[] = debtFilterWhere(filter, instalment, days);
    if (filter.customerId !== undefined) conditions.push(eb('r.customer_id', '=', filter.customerId));
    return eb.and(conditions);
  };
}

function selectRows(db: Executor) {
  return db
    .selectFrom('receivables as r')
    .innerJoin('orders as o', 'o.id', 'r.order_id')
    .innerJoin('customers as c', 'c.id', 'r.customer_id')
    .select([
      'r.id',
      'r.order_id',
      'o.code as order_code',
      'r.customer_id',
      'c.name as customer_name',
      'r.seq',
      'r.count',
      'r.amount_cents',
      'r.principal_paid_cents',
      'r.fine_charged',
      'r.canceled_at',
      'o.created_at as sold_at',
    ])
    .select(sql<string>`to_char(r.due_date, 'YYYY-MM-DD')`.as('due_date'))
    .select(sql<string | null>`to_char(r.last_paid_on, 'YYYY-MM-DD')`.as('last_paid_on'));
}

/**
 * The count and totals of a filter without a customer, from the days (`receivable_days`, kept by triggers): the
 * open ones (every open situation is a range of due days), the paid ones, or all.
 */
async function dayTotals(db: Executor, filter: ReceivableFilterInput, days: DebtDays) {
  let from = filter.from;
  let to = filter.to;
  if (filter.status !== undefined && filter.status !== 'paid') {
    const due = situationDueDays(filter.status, days);
    if (due.from !== undefined && (from === undefined || due.from > from)) from = due.from;
    if (due.to !== undefined && (to === undefined || due.to < to)) to = due.to;
  }
  let query = db.selectFrom('receivable_days as d');
  if (from) query = query.where(sql<boolean>`d.due_date >= ${from}::date`);
  if (to) query = query.where(sql<boolean>`d.due_date <= ${to}::date`);
  const open = filter.status !== undefined && filter.status !== 'paid';
  const paid = filter.status === 'paid';
  const count = open
    ? sql<string>`coalesce(sum(d.open_count), 0)`
    : paid
      ? sql<string>`coalesce(sum(d.paid_count), 0)`
      : sql<string>`coalesce(sum(d.open_count + d.paid_count + d.canceled_count), 0)`;
  const amount = open
    ? sql<string>`coalesce(sum(d.open_amount_cents), 0)`
    : paid
      ? sql<string>`coalesce(sum(d.paid_amount_cents), 0)`
      : sql<string>`coalesce(sum(d.open_amount_cents + d.paid_amount_cents), 0)`;
  const paidCents = open
    ? sql<string>`coalesce(sum(d.open_paid_cents), 0)`
    : paid
      ? sql<string>`coalesce(sum(d.paid_amount_cents), 0)`
      : sql<string>`coalesce(sum(d.open_paid_cents + d.paid_amount_cents), 0)`;
  const openCents = paid ? sql<string>`0` : sql<string>`coalesce(sum(d.open_amount_cents - d.open_paid_cents), 0)`;
  return query
    .select([count.as('total'), amount.as('amount'), paidCents.as('paid'), openCents.as('open')])
    .executeTakeFirstOrThrow();
}

const toRow = (row: Record<string, unknown>): ReceivableRow => ({
  ...(row as unknown as ReceivableRow),
  amount_cents: Number(row.amount_cents),
  principal_paid_cents: Number(row.principal_paid_cents),
});

export const receivablesRepository = {
  async ofOrder(
    db: Executor,
    orderId: number,
  ): Promise<{ id: number; principal_paid_cents: number; fine_charged: boolean }[]> {
    const rows = await db
      .selectFrom('receivables')
      .select(['id', 'principal_paid_cents', 'fine_charged'])
      .where('order_id', '=', orderId)
      .execute();
    return rows.map((row) => ({ ...row, principal_paid_cents: Number(row.principal_paid_cents) }));
  },

  async insertMany(db: Executor, rows: Insertable<Database['receivables']>[]): Promise<void> {
    await db.insertInto('receivables').values(rows).execute();
  },

  async cancelUnpaidOfOrder(db: Executor, orderId: number): Promise<number> {
    const result = await db
      .updateTable('receivables')
      .set({ canceled_at: new Date() })
      .where('order_id', '=', orderId)
      .where('canceled_at', 'is', null)
      .where('principal_paid_cents', '=', 0)
      .where('fine_charged', '=', false)
      .where('last_paid_on', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  },

  async find(db: Executor, id: number): Promise<ReceivableRow | undefined> {
    const row = await selectRows(db).where('r.id', '=', id).executeTakeFirst();
    return row ? toRow(row) : undefined;
  },

  async lock(db: Executor, id: number): Promise<{ id: number } | undefined> {
    return db.selectFrom('receivables').select('id').where('id', '=', id).forUpdate().executeTakeFirst();
  },

  async page(db: Executor, filter: ReceivableFilterInput, days: DebtDays, page: number, size: number) {
    const where = whereFilter(filter, days);
    const totals =
      filter.customerId === undefined
        ? await dayTotals(db, filter, days)
        : await db
            .selectFrom('receivables as r')
            .where(where)
            .select((eb) => [
              eb.fn.countAll<string>().as('total'),
              sql<string>`coalesce(sum(case when r.canceled_at is null then r.amount_cents else 0 end), 0)`.as(
                'amount',
              ),
              sql<string>`coalesce(sum(r.principal_paid_cents), 0)`.as('paid'),
              sql<string>`coalesce(sum(case when r.canceled_at is null then r.amount_cents - r.principal_paid_cents else 0 end), 0)`.as(
                'open',
              ),
            ])
            .executeTakeFirstOrThrow();
    const newestFirst = filter.status === 'paid';
    const direction = newestFirst ? 'desc' : 'asc';
    const rows = await selectRows(db)
      .where(where)
      .orderBy('r.due_date', direction)
      .orderBy('r.id', direction)
      .limit(size)
      .offset(page * size)
      .execute();
    return { rows: rows.map(toRow), totals };
  },

  async byTxid(db: Executor, txid: string): Promise<{ id: number } | undefined> {
    return db.selectFrom('receivables').select('id').where('pix_txid', '=', txid).executeTakeFirst();
  },

  async pixTxid(db: Executor, id: number): Promise<string | undefined> {
    const row = await db.selectFrom('receivables').select('pix_txid').where('id', '=', id).executeTakeFirst();
    return row?.pix_txid;
  },

  async payments(db: Executor, receivableId: number) {
    const rows = await db
      .selectFrom('receivable_payments as p')
      .leftJoin('employees as e', 'e.id', 'p.employee_id')
      .select([
        'p.id',
        'p.method',
        'p.amount_cents',
        'p.principal_cents',
        'p.fine_cents',
        'p.interest_cents',
        'p.employee_id',
        'e.name as employee_name',
        'p.end_to_end_id',
        'p.created_at',
        'p.undone_at',
        'p.undo_reason',
      ])
      .select(sql<string>`to_char(p.paid_on, 'YYYY-MM-DD')`.as('paid_on'))
      .where('p.receivable_id', '=', receivableId)
      .orderBy('p.id')
      .execute();
    return rows.map((row) => ({
      ...row,
      method: row.method as ReceivablePaidMethod,
      amount_cents: Number(row.amount_cents),
      principal_cents: Number(row.principal_cents),
      fine_cents: Number(row.fine_cents),
      interest_cents: Number(row.interest_cents),
    }));
  },

  paymentByKey(db: Executor, key: string) {
    return db
      .selectFrom('receivable_payments')
      .select(['id', 'receivable_id'])
      .where('idempotency_key', '=', key)
      .executeTakeFirst();
  },

  async insertPayment(db: Executor, row: Insertable<Database['receivable_payments']>): Promise<number> {
    const { id } = await db.insertInto('receivable_payments').values(row).returning('id').executeTakeFirstOrThrow();
    return id;
  },

  async undoPayment(db: Executor, paymentId: number, employeeId: number, reason: string): Promise<void> {
    await db
      .updateTable('receivable_payments')
      .set({ undone_at: new Date(), undone_by: employeeId, undo_reason: reason })
      .where('id', '=', paymentId)
      .execute();
  },

  /**
   * The instalment's figures written again from its payments not undone (after a payment or an undo): the SQL of
   * the contract's `instalmentPaidState` (its principal paid, the fine charged, the last day paid), which the sums
   * of a page cannot call; receivables.paid-state.test.ts binds the two.
   */
  async refresh(db: Executor, id: number): Promise<void> {
    await sql`update receivables r set
        principal_paid_cents = coalesce((select sum(p.principal_cents) from receivable_payments p
          where p.receivable_id = r.id and p.undone_at is null), 0),
        fine_charged = exists (select 1 from receivable_payments p
          where p.receivable_id = r.id and p.undone_at is null and p.fine_cents > 0),
        last_paid_on = (select max(p.paid_on) from receivable_payments p
          where p.receivable_id = r.id and p.undone_at is null)
      where r.id = ${id}`.execute(db);
  },

  /** A customer's open principal, the days of his oldest instalment late on `today`, and those overdue. */
  async openOf(
    db: Executor,
    customerId: number,
    today: string,
  ): Promise<{ openCents: number; maxDaysLate: number; overdueCount: number; overdueCents: number }> {
    const overdue = dueWithin(instalment.dueDate, 'overdue', debtDays(today));
    const row = await db
      .selectFrom('receivables as r')
      .where('r.customer_id', '=', customerId)
      .where(isOpen)
      .select([
        sql<string>`coalesce(sum(r.amount_cents - r.principal_paid_cents), 0)`.as('open'),
        sql<number>`coalesce(max(greatest(${today}::date - r.due_date, 0)), 0)::int`.as('late'),
        sql<number>`(count(*) filter (where ${overdue}))::int`.as('overdue_count'),
        sql<string>`coalesce(sum(r.amount_cents - r.principal_paid_cents) filter (where ${overdue}), 0)`.as(
          'overdue_cents',
        ),
      ])
      .executeTakeFirstOrThrow();
    return {
      openCents: Number(row.open),
      maxDaysLate: Number(row.late),
      overdueCount: Number(row.overdue_count),
      overdueCents: Number(row.overdue_cents),
    };
  },

  /** Open instalments due `today` and those overdue: how many, what is open of them (from the days' totals). */
  async summary(db: Executor, today: string) {
    const open = sql<string>`d.open_amount_cents - d.open_paid_cents`;
    const dueToday = dueWithin(sql.ref('d.due_date'), 'dueToday', debtDays(today));
    const overdue = dueWithin(sql.ref('d.due_date'), 'overdue', debtDays(today));
    return db
      .selectFrom('receivable_days as d')
      .where(sql<boolean>`d.due_date <= ${today}::date`)
      .select([
        sql<number>`coalesce(sum(d.open_count) filter (where ${dueToday}), 0)::int`.as('today_count'),
        sql<string>`coalesce(sum(${open}) filter (where ${dueToday}), 0)`.as('today_cents'),
        sql<number>`coalesce(sum(d.open_count) filter (where ${overdue}), 0)::int`.as('overdue_count'),
        sql<string>`coalesce(sum(${open}) filter (where ${overdue}), 0)`.as('overdue_cents'),
      ])
      .executeTakeFirstOrThrow();
  },

  /**
   * The cash flow's side of the instalments (issue 40 §4, issue 54 §3): per day, what was received from `from` to
   * `today` (payments not undone; those the bank's Pix paid, with their E2E id, are counted with the Pix received),
   * the open principal of those due from `today` to `to`, and apart the open principal of those overdue.
   */
  async flow(db: Executor, from: string, today: string, to: string) {
    const received = await sql<{ day: string; cents: string }>`
      select to_char(p.paid_on, 'YYYY-MM-DD') as day, sum(p.amount_cents) as cents
      from receivable_payments p
      where p.undone_at is null and p.end_to_end_id is null and p.paid_on >= ${from}::date and p.paid_on <= ${today}::date
      group by p.paid_on`.execute(db);
    const due = await sql<{ day: string; cents: string }>`
      select to_char(d.due_date, 'YYYY-MM-DD') as day, sum(d.open_amount_cents - d.open_paid_cents) as cents
      from receivable_days d
      where d.due_date >= ${today}::date and d.due_date <= ${to}::date and d.open_count > 0
      group by 1`.execute(db);
    const overdue = await sql<{ cents: string }>`
      select coalesce(sum(d.open_amount_cents - d.open_paid_cents), 0) as cents
      from receivable_days d where d.due_date < ${today}::date and d.open_count > 0`.execute(db);
    return { received: received.rows, due: due.rows, overdueCents: overdue.rows[0]?.cents ?? '0' };
  },

  /** One payment of an instalment, with who recorded it. */
  async payment(db: Executor, receivableId: number, paymentId: number) {
    return (await receivablesRepository.payments(db, receivableId)).find((p) => p.id === paymentId);
  },
};
