import type { DebtDays, PayableListFilter } from '@backoffice/contract';
import { type Expression, type ExpressionBuilder, type Insertable, type SqlBool, sql } from 'kysely';
import type { Executor } from '../../db/executor';
import type { Database } from '../../db/schema';
import { type DebtSql, debtFilterWhere, dueWithin } from '../../lib/debt-situation';
import { folded, isStorableId, searchWords } from '../../lib/sql-input';

export type NewPayableRow = Omit<Insertable<Database['payables']>, 'id' | 'created_at' | 'paid_cents'>;
export type NewPaymentRow = Omit<Insertable<Database['payable_payments']>, 'id' | 'created_at'>;

type PayableScope = Database & { p: Database['payables']; s: Database['suppliers'] };

/** What is open of a bill, in cents, with its amount's sign (a credit's is negative; a cancelled bill's 0). */
const signedOpen = sql<string>`case when p.canceled_at is null then p.amount_cents - sign(p.amount_cents) * p.paid_cents else 0 end`;
const isOpen = sql<boolean>`p.canceled_at is null and p.paid_cents < abs(p.amount_cents)`;

/** A bill's facts for its situation in a list (`debtFilterWhere`) and the dashboard's days (`dueWithin`). */
const bill: DebtSql = {
  dueDate: sql.ref('p.due_date'),
  isOpen,
  isPaid: sql<boolean>`p.canceled_at is null and p.paid_cents = abs(p.amount_cents)`,
  isCanceled: sql<boolean>`p.canceled_at is not null`,
};

/** Which bills a list filter means on `days` (the business's today and today + 6). */
function whereFilter(filter: PayableListFilter, days: DebtDays) {
  return (eb: ExpressionBuilder<PayableScope, 'p' | 's'>) => {
    const conditions: Expression<SqlBool>[] = debtFilterWhere(filter, bill, days);
    if (filter.supplierId !== undefined) conditions.push(eb('p.supplier_id', '=', filter.supplierId));
    if (filter.category) conditions.push(eb('p.category', '=', filter.category));
    const words = searchWords(filter.search);
    if (words.length > 0) {
      const haystack = folded(
        sql`p.description || ' ' || coalesce(p.document_number, '') || ' ' || coalesce(s.name, '')`,
      );
      for (const word of words) conditions.push(eb(haystack, 'like', `%${word}%`));
    }
    return eb.and(conditions);
  };
}

const newestFirst = (filter: PayableListFilter) => filter.status === 'paid' || filter.status === 'canceled';

function selectBills(db: Executor) {
  return db
    .selectFrom('payables as p')
    .leftJoin('suppliers as s', 's.id', 'p.supplier_id')
    .innerJoin('employees as c', 'c.id', 'p.created_by')
    .select([
      'p.id',
      'p.supplier_id',
      's.name as supplier_name',
      'p.purchase_id',
      'p.category',
      'p.description',
      'p.document_number',
      'p.amount_cents',
      'p.paid_cents',
      'p.created_by',
      'c.name as created_by_name',
      'p.created_at',
      'p.canceled_at',
      'p.cancel_reason',
    ])
    .select(sql<string>`to_char(p.due_date, 'YYYY-MM-DD')`.as('due_date'));
}

/** SQL of the bills to pay. Every function takes `db` or a transaction. */
export const payablesRepository = {
  async insert(db: Executor, rows: NewPayableRow[]): Promise<number[]> {
    const inserted = await db.insertInto('payables').values(rows).returning('id').execute();
    return inserted.map((row) => row.id);
  },

  /** The bills a purchase (an entry by the supplier's note) created, by due day. */
  ofPurchase(db: Executor, purchaseId: number) {
    return selectBills(db).where('p.purchase_id', '=', purchaseId).orderBy('p.due_date').orderBy('p.id').execute();
  },

  /** One bill with its supplier's and creator's names. */
  async find(db: Executor, id: number) {
    if (!isStorableId(id)) return undefined;
    return selectBills(db).where('p.id', '=', id).executeTakeFirst();
  },

  /** Locks a bill (for update) for a payment, an undo or a cancel; its figures as they are now. */
  async lock(db: Executor, id: number) {
    if (!isStorableId(id)) return undefined;
    return db
      .selectFrom('payables')
      .select(['id', 'amount_cents', 'paid_cents', 'canceled_at'])
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
  },

  async setPaid(db: Executor, id: number, paidCents: number) {
    await db.updateTable('payables').set({ paid_cents: paidCents }).where('id', '=', id).execute();
  },

  async cancel(db: Executor, id: number, employeeId: number, reason: string) {
    await db
      .updateTable('payables')
      .set({ canceled_at: new Date(), canceled_by: employeeId, cancel_reason: reason })
      .where('id', '=', id)
      .execute();
  },

  async insertPayment(db: Executor, row: NewPaymentRow): Promise<number> {
    const { id } = await db.insertInto('payable_payments').values(row).returning('id').executeTakeFirstOrThrow();
    return id;
  },

  paymentByKey(db: Executor, key: string) {
    return db
      .selectFrom('payable_payments')
      .select(['id', 'payable_id'])
      .where('idempotency_key', '=', key)
      .executeTakeFirst();
  },

  async payment(db: Executor, payableId: number, paymentId: number) {
    if (!isStorableId(paymentId)) return undefined;
    return db
      .selectFrom('payable_payments')
      .select(['id', 'amount_cents', 'undone_at'])
      .where('id', '=', paymentId)
      .where('payable_id', '=', payableId)
      .executeTakeFirst();
  },

  async undoPayment(db: Executor, paymentId: number, employeeId: number, reason: string) {
    await db
      .updateTable('payable_payments')
      .set({ undone_at: new Date(), undone_by: employeeId, undo_reason: reason })
      .where('id', '=', paymentId)
      .execute();
  },

  /** A bill's payments, oldest first, with who recorded and who undid each. */
  payments(db: Executor, payableId: number) {
    return db
      .selectFrom('payable_payments as m')
      .innerJoin('employees as e', 'e.id', 'm.employee_id')
      .leftJoin('employees as u', 'u.id', 'm.undone_by')
      .select([
        'm.id',
        'm.method',
        'm.account',
        'm.account_id',
        'm.amount_cents',
        'm.fine_cents',
        'm.interest_cents',
        'm.discount_cents',
        'm.note',
        'm.employee_id',
        'e.name as employee_name',
        'm.created_at',
        'm.undone_at',
        'm.undone_by',
        'u.name as undone_by_name',
        'm.undo_reason',
      ])
      .select(sql<string>`to_char(m.paid_on, 'YYYY-MM-DD')`.as('paid_on'))
      .where('m.payable_id', '=', payableId)
      .orderBy('m.id')
      .execute();
  },

  /** One page of bills (by due day, then number) and the totals and count of every match. */
  async page(db: Executor, filter: PayableListFilter, paging: { page: number; size: number }, days: DebtDays) {
    const where = whereFilter(filter, days);
    const totals = await db
      .selectFrom('payables as p')
      .leftJoin('suppliers as s', 's.id', 'p.supplier_id')
      .where(where)
      .select((eb) => [
        eb.fn.countAll<string>().as('total'),
        sql<string>`coalesce(sum(case when p.canceled_at is null then p.amount_cents else 0 end), 0)`.as('amount'),
        sql<string>`coalesce(sum(p.paid_cents), 0)`.as('paid'),
        sql<string>`coalesce(sum(${signedOpen}), 0)`.as('open'),
      ])
      .executeTakeFirstOrThrow();
    const direction = newestFirst(filter) ? 'desc' : 'asc';
    const rows = await selectBills(db)
      .where(where)
      .orderBy('p.due_date', direction)
      .orderBy('p.id', direction)
      .limit(paging.size)
      .offset(paging.page * paging.size)
      .execute();
    return { rows, totals };
  },

  /** Every match in the list's order, `size` at a time from `offset` (the export). */
  batch(db: Executor, filter: PayableListFilter, days: DebtDays, offset: number, size: number) {
    const direction = newestFirst(filter) ? 'desc' : 'asc';
    return selectBills(db)
      .where(whereFilter(filter, days))
      .orderBy('p.due_date', direction)
      .orderBy('p.id', direction)
      .limit(size)
      .offset(offset)
      .execute();
  },

  /**
   * The cash flow's side of the bills (issue 40 §4, issue 54 §3): per day, what was paid from `from` to `today`
   * (payments not undone of debts, credits apart, a 'Compensação' apart: no money moved; what left the account:
   * principal + fine + interest − discount), what is open of the debts due from `today` to `to`, and apart what is
   * open of those overdue (due before `today`).
   */
  async flow(db: Executor, from: string, today: string, to: string) {
    const paid = await sql<{ day: string; cents: string }>`
      select to_char(m.paid_on, 'YYYY-MM-DD') as day,
        sum(m.amount_cents + m.fine_cents + m.interest_cents - m.discount_cents) as cents
      from payable_payments m join payables p on p.id = m.payable_id
      where m.undone_at is null and p.amount_cents > 0 and m.method <> 'COMPENSACAO'
        and m.paid_on >= ${from}::date and m.paid_on <= ${today}::date
      group by m.paid_on`.execute(db);
    // Written as 0070's partial index `payables_open_due` says it (abs: the same for a debt), so the days are a range of it.
    const open = sql`p.canceled_at is null and p.amount_cents > 0 and p.paid_cents < abs(p.amount_cents)`;
    const due = await sql<{ day: string; cents: string }>`
      select to_char(p.due_date, 'YYYY-MM-DD') as day, sum(p.amount_cents - p.paid_cents) as cents
      from payables p
      where ${open} and p.due_date >= ${today}::date and p.due_date <= ${to}::date
      group by 1`.execute(db);
    const overdue = await sql<{ cents: string }>`
      select coalesce(sum(p.amount_cents - p.paid_cents), 0) as cents
      from payables p where ${open} and p.due_date < ${today}::date`.execute(db);
    return { paid: paid.rows, due: due.rows, overdueCents: overdue.rows[0]?.cents ?? '0' };
  },

  /** Open debts (credits apart) due from today to `weekEnd`, and those overdue: count and open cents. */
  async due(db: Executor, days: DebtDays) {
    const open = sql<string>`abs(p.amount_cents) - p.paid_cents`;
    const dueThisWeek = dueWithin(bill.dueDate, 'dueThisWeek', days);
    const overdue = dueWithin(bill.dueDate, 'overdue', days);
    return db
      .selectFrom('payables as p')
      .where(isOpen)
      .where('p.amount_cents', '>', 0)
      .where(sql<boolean>`p.due_date <= ${days.weekEnd}::date`)
      .select([
        sql<string>`count(*) filter (where ${dueThisWeek})`.as('next_count'),
        sql<string>`coalesce(sum(${open}) filter (where ${dueThisWeek}), 0)`.as('next_cents'),
        sql<string>`count(*) filter (where ${overdue})`.as('overdue_count'),
        sql<string>`coalesce(sum(${open}) filter (where ${overdue}), 0)`.as('overdue_cents'),
      ])
      .executeTakeFirstOrThrow();
  },
};

export type PayableRowRead = NonNullable<Awaited<ReturnType<typeof payablesRepository.find>>>;
export type PaymentRowRead = Awaited<ReturnType<typeof payablesRepository.payments>>[number];
