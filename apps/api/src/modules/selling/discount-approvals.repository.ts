import type { Executor } from '../../db/executor';

/** A cart line as approved: product, quantity, unit price (cents). */
export interface ApprovedLine {
  productId: number;
  quantity: number;
  unitCents: number;
}

export interface DiscountApprovalRow {
  id: number;
  seller_id: number;
  seller_name: string;
  customer_id: number;
  customer_name: string;
  lines: ApprovedLine[];
  discounts: unknown;
  goods_cents: number;
  discount_cents: number;
  required_hundredths: number;
  status: string;
  created_at: Date;
  approver_id: number | null;
  approver_name: string | null;
  decided_at: Date | null;
  reason: string | null;
  order_id: number | null;
}

/** JSON columns come back parsed from PostgreSQL and PGlite alike; a text one (never here) is parsed. */
const parsed = <T>(value: unknown): T => (typeof value === 'string' ? (JSON.parse(value) as T) : (value as T));

function selectApprovals(db: Executor) {
  return db
    .selectFrom('discount_approvals as d')
    .innerJoin('employees as s', 's.id', 'd.seller_id')
    .innerJoin('customers as c', 'c.id', 'd.customer_id')
    .leftJoin('employees as a', 'a.id', 'd.approver_id')
    .select([
      'd.id',
      'd.seller_id',
      's.name as seller_name',
      'd.customer_id',
      'c.name as customer_name',
      'd.lines',
      'd.discounts',
      'd.goods_cents',
      'd.discount_cents',
      'd.required_hundredths',
      'd.status',
      'd.created_at',
      'd.approver_id',
      'a.name as approver_name',
      'd.decided_at',
      'd.reason',
      'd.order_id',
    ]);
}

const toRow = (row: Record<string, unknown>): DiscountApprovalRow =>
  ({
    ...row,
    lines: parsed<ApprovedLine[]>(row.lines),
    discounts: parsed<unknown>(row.discounts),
  }) as DiscountApprovalRow;

/** SQL of the discount approvals (decision 0045). Every function takes `db` or a transaction. */
export const discountApprovalsRepository = {
  async find(db: Executor, id: number): Promise<DiscountApprovalRow | undefined> {
    const row = await selectApprovals(db).where('d.id', '=', id).executeTakeFirst();
    return row ? toRow(row) : undefined;
  },

  /** Holds the request for the rest of the transaction (a decision, a checkout using it). */
  async lock(db: Executor, id: number): Promise<boolean> {
    const row = await db
      .selectFrom('discount_approvals')
      .select('id')
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    return row !== undefined;
  },

  /** The seller's newest request for the customer (any status). */
  async latest(db: Executor, sellerId: number, customerId: number): Promise<DiscountApprovalRow | undefined> {
    const row = await selectApprovals(db)
      .where('d.seller_id', '=', sellerId)
      .where('d.customer_id', '=', customerId)
      .orderBy('d.id', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row ? toRow(row) : undefined;
  },

  /** The pending requests `employeeId` may decide: not his own, within his maximum (null: any). */
  async pendingFor(db: Executor, employeeId: number, maxHundredths: number | null): Promise<DiscountApprovalRow[]> {
    let query = selectApprovals(db).where('d.status', '=', 'PENDING').where('d.seller_id', '<>', employeeId);
    if (maxHundredths !== null) query = query.where('d.required_hundredths', '<=', maxHundredths);
    const rows = await query.orderBy('d.created_at', 'desc').orderBy('d.id').limit(200).execute();
    return rows.map(toRow);
  },

  /** The same, as the bell's branch: id and time of each (the bell's own words come from `find`'s columns). */
  pendingQuery(db: Executor, employeeId: number, maxHundredths: number | null, cap: number) {
    let query = db
      .selectFrom('discount_approvals')
      .select(['id', 'created_at'])
      .where('status', '=', 'PENDING')
      .where('seller_id', '<>', employeeId);
    if (maxHundredths !== null) query = query.where('required_hundredths', '<=', maxHundredths);
    return query.orderBy('created_at', 'desc').orderBy('id').limit(cap);
  },

  /** A new pending request; the seller's pending one for the same customer goes (a new request replaces it). */
  async replacePending(
    db: Executor,
    values: {
      seller_id: number;
      customer_id: number;
      lines: ApprovedLine[];
      discounts: unknown;
      goods_cents: number;
      discount_cents: number;
      required_hundredths: number;
    },
  ): Promise<number> {
    await db
      .deleteFrom('discount_approvals')
      .where('seller_id', '=', values.seller_id)
      .where('customer_id', '=', values.customer_id)
      .where('status', '=', 'PENDING')
      .execute();
    const row = await db
      .insertInto('discount_approvals')
      .values({
        ...values,
        lines: JSON.stringify(values.lines),
        discounts: JSON.stringify(values.discounts),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  },

  decide(
    db: Executor,
    id: number,
    decision: { status: 'APPROVED' | 'REFUSED'; approverId: number; reason: string | null; at: Date },
  ) {
    return db
      .updateTable('discount_approvals')
      .set({
        status: decision.status,
        approver_id: decision.approverId,
        reason: decision.reason,
        decided_at: decision.at,
      })
      .where('id', '=', id)
      .execute();
  },

  markUsed(db: Executor, id: number, orderId: number) {
    return db
      .updateTable('discount_approvals')
      .set({ status: 'USED', order_id: orderId })
      .where('id', '=', id)
      .execute();
  },
};
