import { sql, type Transaction } from 'kysely';
import type { Executor } from '../../db/executor';
import type { Database } from '../../db/schema';

/** The payment proofs of every order but `orderId`, with their order's id and code. */
const otherReceipts = (db: Executor, orderId: number) =>
  db
    .selectFrom('order_images as i')
    .innerJoin('orders as o', 'o.id', 'i.order_id')
    .select(['i.order_id', 'o.code'])
    .where('i.kind', '=', 'RECEIPT')
    .where('i.order_id', '<>', orderId);

/** The queries that find an order's payment proof among the other orders' (proof-matches.ts, workflow.ts). */
export const proofMatchesRepository = {
  /**
   * The other orders' payment proofs sharing at least one band of `bands` (the only ones that can be the
   * same picture: see `hashBands`), through the GIN index of migration 0026; the caller checks the distance.
   */
  receiptsSharingABand(db: Executor, orderId: number, bands: string[]) {
    return otherReceipts(db, orderId)
      .select('i.phash')
      .where(sql<boolean>`i.phash_bands && array[${sql.join(bands)}]::text[]`)
      .orderBy('i.id')
      .execute();
  },

  /**
   * The near-match hashes of the `limit` most recent payment proofs of other orders, newest first (the index
   * of migration 0047), for the near-match check.
   */
  recentNearReceipts(db: Executor, orderId: number, limit: number) {
    return otherReceipts(db, orderId)
      .select('i.near_hashes')
      .where('i.near_hashes', 'is not', null)
      .orderBy('i.created_at', 'desc')
      .orderBy('i.id', 'desc')
      .limit(limit)
      .execute();
  },

  /** The other order that used this proof's E2E id: approved with it, or paid by it through the webhook. */
  async otherOrderWithProof(trx: Transaction<Database>, endToEndId: string, orderId: number) {
    const approved = await trx
      .selectFrom('orders')
      .select(['id', 'code'])
      .where('proof_end_to_end_id', '=', endToEndId)
      .where('id', '<>', orderId)
      .executeTakeFirst();
    if (approved) return approved;
    return trx
      .selectFrom('pix_received as p')
      .innerJoin('orders as o', 'o.id', 'p.order_id')
      .select(['o.id', 'o.code'])
      .where('p.end_to_end_id', '=', endToEndId)
      .where('o.id', '<>', orderId)
      .executeTakeFirst();
  },
};
