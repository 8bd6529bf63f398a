import { ORDER_STATUS, UNSOLD_ORDER_STATUSES } from '@backoffice/contract';
import { sql } from 'kysely';
import type { Executor } from '../../db/executor';

export interface CustomerCreditRow {
  customer_id: number;
  limit_cents: number | null;
  terms: number[][];
  updated_at: Date;
  updated_by: number | null;
  updated_by_name: string | null;
}

export interface CreditSettingsRow {
  block_overdue_days: number;
  fine_hundredths: number;
  monthly_interest_hundredths: number;
}

const parseTerms = (value: unknown): number[][] =>
  (typeof value === 'string' ? JSON.parse(value) : value) as number[][];

/** The bell's count of one kind (issue 54 §6): how many wait, the newest's id and time; no row when none does. */
export interface WaitingCount {
  newest: number;
  count: number;
  at: Date;
}

export const creditRepository = {
  /**
   * The sales on credit held for approval (status 'Aguardando aprovação de crédito'), counted for the bell as one
   * row, by the index orders_status_since (status, status_since).
   */
  awaitingApprovalQuery() {
    return sql<WaitingCount>`select max(o.id) as newest, count(*)::int as count, max(o.status_since) as at
      from orders o where o.status = ${ORDER_STATUS.AGUARDANDO_APROVACAO_CREDITO} having count(*) > 0`;
  },

  /**
   * What a customer has bought on credit and not yet received as instalments (cents): his sales on credit not
   * cancelled nor refused that have no instalments yet (not handed over). His open instalments are the rest of his
   * exposure (`receivablesRepository.openOf`).
   */
  async undeliveredCreditCents(db: Executor, customerId: number): Promise<number> {
    const row = await db
      .selectFrom('orders as o')
      // Its part on credit when it was paid partly otherwise ('Balcão', decision 0078), else its whole total.
      .select(sql<string>`coalesce(sum(coalesce(o.credit_cents, o.total_cents)), 0)`.as('cents'))
      .where('o.customer_id', '=', customerId)
      .where('o.payment_method', '=', 'CREDIT')
      // Still counting against the limit: every one that is a sale (not cancelled nor refused, per the workflow).
      .where('o.status', 'not in', UNSOLD_ORDER_STATUSES)
      .where(({ not, exists, selectFrom }) =>
        not(exists(selectFrom('receivables as r').select('r.id').whereRef('r.order_id', '=', 'o.id'))),
      )
      .executeTakeFirstOrThrow();
    return Number(row.cents);
  },

  async customerExists(db: Executor, customerId: number): Promise<boolean> {
    const row = await db.selectFrom('customers').select('id').where('id', '=', customerId).executeTakeFirst();
    return row !== undefined;
  },

  async customerCredit(db: Executor, customerId: number, lock = false): Promise<CustomerCreditRow | undefined> {
    let query = db
      .selectFrom('customer_credit as c')
      .leftJoin('employees as e', 'e.id', 'c.updated_by')
      .select([
        'c.customer_id',
        'c.limit_cents',
        'c.terms',
        'c.updated_at',
        'c.updated_by',
        'e.name as updated_by_name',
      ])
      .where('c.customer_id', '=', customerId);
    if (lock) query = query.forUpdate('c');
    const row = await query.executeTakeFirst();
    if (!row) return undefined;
    return {
      ...row,
      limit_cents: row.limit_cents === null ? null : Number(row.limit_cents),
      terms: parseTerms(row.terms),
    };
  },

  async saveCustomerCredit(
    db: Executor,
    customerId: number,
    values: { limitCents: number | null; terms: number[][]; updatedBy: number },
  ): Promise<void> {
    const row = {
      customer_id: customerId,
      limit_cents: values.limitCents,
      terms: JSON.stringify(values.terms),
      updated_by: values.updatedBy,
      updated_at: new Date(),
    };
    await db
      .insertInto('customer_credit')
      .values(row)
      .onConflict((oc) =>
        oc.column('customer_id').doUpdateSet({
          limit_cents: row.limit_cents,
          terms: row.terms,
          updated_by: row.updated_by,
          updated_at: row.updated_at,
        }),
      )
      .execute();
  },

  async settings(db: Executor, companyId: number): Promise<CreditSettingsRow | undefined> {
    return db
      .selectFrom('credit_settings')
      .select(['block_overdue_days', 'fine_hundredths', 'monthly_interest_hundredths'])
      .where('company_id', '=', companyId)
      .executeTakeFirst();
  },

  async saveSettings(db: Executor, companyId: number, row: CreditSettingsRow): Promise<void> {
    await db
      .insertInto('credit_settings')
      .values({ company_id: companyId, ...row })
      .onConflict((oc) => oc.column('company_id').doUpdateSet(row))
      .execute();
  },
};
