import { generateOrderCode } from '@backoffice/contract';
import { sql, type Transaction } from 'kysely';
import type { DB } from '../db/database';
import type { Database } from '../db/schema';

/**
 * The demo runs some of its history through the services themselves (a repair's year, a seminovo sold at the
 * counter), which date what they write by the clock. These two put those rows at the moment the demo says they
 * happened: `marks` before a call, `dateSince` after it.
 */
type Executor = DB | Transaction<Database>;

/** The last ids of the tables the services date by the clock (the ledger, orders, their history, pictures, audit). */
export async function marks(db: Executor) {
  const { rows } = await sql<Record<'audit' | 'movements' | 'orders' | 'history' | 'images', number>>`select
      coalesce((select max(id) from audit_events), 0)::int as audit,
      coalesce((select max(id) from stock_movements), 0)::int as movements,
      coalesce((select max(id) from orders), 0)::int as orders,
      coalesce((select max(id) from order_status_history), 0)::int as history,
      coalesce((select max(id) from order_images), 0)::int as images`.execute(db);
  return rows[0] as Record<'audit' | 'movements' | 'orders' | 'history' | 'images', number>;
}

/**
 * Dates the rows written since `mark` at `when`: audit, ledger (and its units), history, pictures; the orders placed
 * then. Only the tables that have new rows are written (an update of orders runs its counters' triggers, rows or not).
 */
export async function dateSince(db: Executor, mark: Awaited<ReturnType<typeof marks>>, when: Date): Promise<void> {
  const now = await marks(db);
  if (now.audit > mark.audit) {
    await db.updateTable('audit_events').set({ created_at: when }).where('id', '>', mark.audit).execute();
  }
  if (now.movements > mark.movements) {
    await db.updateTable('stock_movements').set({ created_at: when }).where('id', '>', mark.movements).execute();
    await db
      .updateTable('stock_movement_units')
      .set({ created_at: when })
      .where('movement_id', '>', mark.movements)
      .execute();
  }
  if (now.history > mark.history) {
    await db.updateTable('order_status_history').set({ created_at: when }).where('id', '>', mark.history).execute();
  }
  if (now.images > mark.images) {
    await db.updateTable('order_images').set({ created_at: when }).where('id', '>', mark.images).execute();
  }
  if (now.orders > mark.orders) {
    await db
      .updateTable('orders')
      .set({ created_at: when, updated_at: when, status_since: when })
      .where('id', '>', mark.orders)
      .execute();
  }
}

/**
 * Gives an order a service placed (its code drawn at random) a code of the demo's own sequence, so every run gives
 * the same business; its audit rows name it by the new code. Answers the code.
 */
export async function recodeOrder(db: Executor, orderId: number, draw: () => number): Promise<string> {
  const { code: drawn } = await db
    .selectFrom('orders')
    .select('code')
    .where('id', '=', orderId)
    .executeTakeFirstOrThrow();
  let code = generateOrderCode(draw);
  while (await db.selectFrom('orders').select('id').where('code', '=', code).executeTakeFirst()) {
    code = generateOrderCode(draw);
  }
  await db.updateTable('orders').set({ code }).where('id', '=', orderId).execute();
  await db
    .updateTable('audit_events')
    .set({ entity_id: code })
    .where('entity', '=', 'order')
    .where('entity_id', '=', drawn)
    .execute();
  return code;
}

/**
 * Refuses to hand the past over through an employee with a register open now: a cash order finalized in his name
 * would put that money in today's drawer (the payments module's `recordCashAtCounter`).
 */
export async function assertNoOpenDrawer(db: Executor, employeeId: number): Promise<void> {
  const open = await db
    .selectFrom('cash_sessions')
    .select('id')
    .where('operator_id', '=', employeeId)
    .where('closed_at', 'is', null)
    .executeTakeFirst();
  if (open) throw new Error(`the demo's past would land in employee ${employeeId}'s open register ${open.id}`);
}
