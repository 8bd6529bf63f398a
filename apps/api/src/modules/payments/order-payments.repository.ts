import type { Insertable, Transaction, Updateable } from 'kysely';
import type { Executor } from '../../db/executor';
import type { Database, OrderPaymentsTable, OrderRefundsTable } from '../../db/schema';
import { pixOfOrder } from '../orders/payment-facts.service';

/** The parts an order is paid by (migration 0057). Every writer holds the order's row lock first. */
export const orderPaymentsRepository = {
  /** The order's parts, in the order they were recorded, with who recorded each. */
  ofOrder(db: Executor, orderId: number) {
    return db
      .selectFrom('order_payments as p')
      .leftJoin('employees as e', 'e.id', 'p.created_by')
      .selectAll('p')
      .select('e.name as created_by_name')
      .where('p.order_id', '=', orderId)
      .orderBy('p.seq')
      .execute();
  },

  byId(db: Executor, orderId: number, id: number) {
    return db
      .selectFrom('order_payments as p')
      .leftJoin('employees as e', 'e.id', 'p.created_by')
      .selectAll('p')
      .select('e.name as created_by_name')
      .where('p.order_id', '=', orderId)
      .where('p.id', '=', id)
      .executeTakeFirst();
  },

  /** The part a request with this Idempotency-Key created. */
  byKey(db: Executor, key: string) {
    return db
      .selectFrom('order_payments as p')
      .leftJoin('employees as e', 'e.id', 'p.created_by')
      .selectAll('p')
      .select('e.name as created_by_name')
      .where('p.idempotency_key', '=', key)
      .executeTakeFirst();
  },

  /** What an order's Pix copy-and-paste is made of: its code and total. */
  orderForPix(db: Executor, orderId: number) {
    return db.selectFrom('orders').select(['id', 'code', 'total_cents']).where('id', '=', orderId).executeTakeFirst();
  },
  /** The Pix part whose own txid this is, in the same case (a txid is case-sensitive: a Pix the bank told us of names it). */
  byTxid(db: Executor, txid: string) {
    return db.selectFrom('order_payments').selectAll().where('pix_txid', '=', txid).executeTakeFirst();
  },

  /** The part paid by this Pix received (its E2E id). */
  byEndToEndId(db: Executor, endToEndId: string) {
    return db.selectFrom('order_payments').selectAll().where('end_to_end_id', '=', endToEndId).executeTakeFirst();
  },

  async insert(trx: Transaction<Database>, row: Insertable<OrderPaymentsTable>) {
    return trx.insertInto('order_payments').values(row).returning('id').executeTakeFirstOrThrow();
  },

  async update(trx: Transaction<Database>, id: number, values: Updateable<OrderPaymentsTable>): Promise<void> {
    await trx.updateTable('order_payments').set(values).where('id', '=', id).execute();
  },

  /** A Pix received that paid the order whole (not one of its parts' Pix), not given back in full. */
  async wholePix(db: Executor, orderId: number): Promise<boolean> {
    const pix = await pixOfOrder(db, orderId);
    return pix !== undefined && pix.refunded_cents < pix.amount_cents;
  },

  /** Whether the order is charged by card at the door or the counter ('Levar maquininha', `card_on_delivery`). */
  async cardOnDelivery(db: Executor, orderId: number): Promise<boolean> {
    const row = await db.selectFrom('orders').select('card_on_delivery').where('id', '=', orderId).executeTakeFirst();
    return row?.card_on_delivery ?? false;
  },

  /** The order's refunds (decision 0044's amendment), oldest first, with who recorded and who gave each back. */
  refundsOf(db: Executor, orderId: number) {
    return db
      .selectFrom('order_refunds as r')
      .leftJoin('employees as c', 'c.id', 'r.created_by')
      .leftJoin('employees as d', 'd.id', 'r.done_by')
      .selectAll('r')
      .select(['c.name as created_by_name', 'd.name as done_by_name'])
      .where('r.order_id', '=', orderId)
      .orderBy('r.id')
      .execute();
  },

  /** What the order's refunds (to record or recorded) add up to, in cents. */
  async refundedCents(db: Executor, orderId: number): Promise<number> {
    const row = await db
      .selectFrom('order_refunds')
      .select((eb) => eb.fn.sum<string | number | null>('amount_cents').as('sum'))
      .where('order_id', '=', orderId)
      .executeTakeFirst();
    return Number(row?.sum ?? 0);
  },

  async insertRefund(trx: Transaction<Database>, row: Insertable<OrderRefundsTable>) {
    return trx.insertInto('order_refunds').values(row).returning('id').executeTakeFirstOrThrow();
  },

  async updateRefund(trx: Transaction<Database>, id: number, values: Updateable<OrderRefundsTable>): Promise<void> {
    await trx.updateTable('order_refunds').set(values).where('id', '=', id).execute();
  },

  /** The payment method of the order (the checkout's), read under the caller's lock. */
  async paymentMethod(db: Executor, orderId: number) {
    const row = await db.selectFrom('orders').select('payment_method').where('id', '=', orderId).executeTakeFirst();
    return row?.payment_method;
  },
};

export type OrderRefundRow = Awaited<ReturnType<typeof orderPaymentsRepository.refundsOf>>[number];
export type OrderPaymentRow = Awaited<ReturnType<typeof orderPaymentsRepository.ofOrder>>[number];
