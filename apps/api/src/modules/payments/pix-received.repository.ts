import type { PixUnmatchedReason } from '@backoffice/contract';
import type { Insertable, Transaction } from 'kysely';
import type { Executor } from '../../db/executor';
import type { Database, PixReceivedTable } from '../../db/schema';
import { PIX_WAITING } from '../orders/payment-facts.service';

/** The query of `waiting` (its plan is checked: pix-waiting-index.test.ts). */
export const waitingQuery = (db: Executor, cap: number) =>
  db
    .selectFrom('pix_received as p')
    .innerJoin('orders as o', 'o.id', 'p.order_id')
    .select(['p.end_to_end_id', 'p.amount_cents', 'p.received_at', 'o.id as order_id', 'o.code'])
    .where(PIX_WAITING)
    .orderBy('p.received_at', 'desc')
    .orderBy('p.end_to_end_id')
    .limit(cap);

/** The Pix received from the bank (migration 0020): the payments an order got, or could not be matched to one. */
export const pixReceivedRepository = {
  /** Stores a Pix once: false when its E2E id was already stored (a replay), which changes nothing. */
  async insertOnce(trx: Transaction<Database>, row: Insertable<PixReceivedTable>): Promise<boolean> {
    const inserted = await trx
      .insertInto('pix_received')
      .values(row)
      .onConflict((oc) => oc.column('end_to_end_id').doNothing())
      .returning('end_to_end_id')
      .executeTakeFirst();
    return inserted !== undefined;
  },

  lock(trx: Transaction<Database>, endToEndId: string) {
    return trx
      .selectFrom('pix_received')
      .selectAll()
      .where('end_to_end_id', '=', endToEndId)
      .forUpdate()
      .executeTakeFirst();
  },

  async match(
    trx: Transaction<Database>,
    endToEndId: string,
    orderId: number,
    matchedBy: number | null,
  ): Promise<void> {
    await trx
      .updateTable('pix_received')
      .set({ order_id: orderId, unmatched_reason: null, matched_by: matchedBy })
      .where('end_to_end_id', '=', endToEndId)
      .execute();
  },

  async unmatched(trx: Transaction<Database>, endToEndId: string, reason: PixUnmatchedReason): Promise<void> {
    await trx
      .updateTable('pix_received')
      .set({ order_id: null, unmatched_reason: reason })
      .where('end_to_end_id', '=', endToEndId)
      .execute();
  },

  /** The bank gave `refundedCents` of this Pix back to its payer (in all), the last of it at `at`. */
  async refund(trx: Transaction<Database>, endToEndId: string, refundedCents: number, at: Date): Promise<void> {
    await trx
      .updateTable('pix_received')
      .set({ refunded_cents: refundedCents, refunded_at: at })
      .where('end_to_end_id', '=', endToEndId)
      .execute();
  },

  /** The order's payment is settled: its Pix received, if any, is confirmed now. */
  async confirmFor(trx: Transaction<Database>, orderId: number, at: Date): Promise<void> {
    await trx
      .updateTable('pix_received')
      .set({ confirmed_at: at })
      .where('order_id', '=', orderId)
      .where('confirmed_at', 'is', null)
      .execute();
  },

  /** The Pix waiting for a click (`PIX_WAITING`), newest first, with their order: the partial index, then each order by its key. */
  waiting: waitingQuery,

  /** A page, newest first, with the order's code; and how many there are. */
  async page(db: Executor, state: 'matched' | 'unmatched' | undefined, offset: number, limit: number) {
    let query = db.selectFrom('pix_received as p').leftJoin('orders as o', 'o.id', 'p.order_id');
    if (state === 'matched') query = query.where('p.order_id', 'is not', null);
    if (state === 'unmatched') query = query.where('p.order_id', 'is', null);
    const rows = await query
      .select([
        'p.end_to_end_id',
        'p.txid',
        'p.amount_cents',
        'p.paid_at',
        'p.payer',
        'p.order_id',
        'o.code as order_code',
        'p.unmatched_reason',
        'p.confirmed_at',
        'p.received_at',
        'p.refunded_cents',
        'p.refunded_at',
      ])
      .orderBy('p.received_at', 'desc')
      .orderBy('p.end_to_end_id')
      .limit(limit)
      .offset(offset)
      .execute();
    const counted = await query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    return { rows, total: Number(counted.n) };
  },
};
