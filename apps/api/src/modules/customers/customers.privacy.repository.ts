import { sql } from 'kysely';
import type { Executor } from '../../db/executor';

/** The free-text columns rewritten by anonymisation, by where they are read. */
export const FREE_TEXT = {
  history: { table: 'order_status_history', column: 'note' },
  adjustment: { table: 'order_adjustments', column: 'comments' },
  stock: { table: 'stock_movements', column: 'note' },
  run: { table: 'courier_runs', column: 'settlement_note' },
} as const;

/** The pictures of his orders that show the person: his signature at delivery and his payment proofs. */
const PERSONAL_PICTURES = ['SIGNATURE', 'RECEIPT'] as const;

/**
 * The free text written about a customer's orders and his pictures, for anonymisation (decision 0016): every
 * place a person reads that may name him, read in full and rewritten row by row by the caller (the
 * redaction is done in TypeScript, customers.redact.ts, the same on both engines).
 */
export const customerTracesRepository = {
  orders(trx: Executor, customerId: number) {
    return trx.selectFrom('orders').select(['id', 'code']).where('customer_id', '=', customerId).execute();
  },

  /** The notes of his orders' history or of the stock ledger's lines of his orders. */
  orderNotes(trx: Executor, place: 'history' | 'stock', orderIds: number[]) {
    return trx
      .selectFrom(FREE_TEXT[place].table)
      .select(['id', 'note'])
      .where('order_id', 'in', orderIds)
      .where('note', 'is not', null)
      .execute();
  },

  /** Exchanges and returns registered on his orders, or giving him a new order. */
  adjustmentComments(trx: Executor, orderIds: number[]) {
    return trx
      .selectFrom('order_adjustments')
      .select(['id', 'comments as note'])
      .where((eb) => eb.or([eb('original_order_id', 'in', orderIds), eb('adjustment_order_id', 'in', orderIds)]))
      .where('comments', 'is not', null)
      .execute();
  },

  /** The settlement notes of the couriers' runs that carried one of his orders. */
  runNotes(trx: Executor, orderIds: number[]) {
    return trx
      .selectFrom('courier_runs')
      .select(['id', 'settlement_note as note'])
      .where('settlement_note', 'is not', null)
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('courier_run_orders as ro')
            .select('ro.run_id')
            .whereRef('ro.run_id', '=', 'courier_runs.id')
            .where('ro.order_id', 'in', orderIds),
        ),
      )
      .execute();
  },

  /** One row's free text replaced by its redacted form. */
  async rewriteText(trx: Executor, place: keyof typeof FREE_TEXT, id: number, text: string) {
    const { table, column } = FREE_TEXT[place];
    await sql`update ${sql.table(table)} set ${sql.ref(column)} = ${text} where id = ${id}`.execute(trx);
  },

  /** The audit rows of his orders (entity 'order', named by code): what 'Histórico' shows. */
  orderAudit(trx: Executor, codes: string[]) {
    return trx
      .selectFrom('audit_events')
      .select(['id', 'changes'])
      .where('entity', '=', 'order')
      .where('entity_id', 'in', codes)
      .execute();
  },

  /** His orders forget who received their deliveries (decision 0039). */
  async forgetReceivers(trx: Executor, orderIds: number[]) {
    await trx
      .updateTable('orders')
      .set({ receiver_name: null, receiver_document: null })
      .where('id', 'in', orderIds)
      .where('receiver_name', 'is not', null)
      .execute();
  },

  /** Removes his signatures and payment proofs from his orders; answers their storage keys. */
  async removePersonalPictures(trx: Executor, orderIds: number[]): Promise<string[]> {
    const rows = await trx
      .deleteFrom('order_images')
      .where('order_id', 'in', orderIds)
      .where('kind', 'in', [...PERSONAL_PICTURES])
      .returning('path')
      .execute();
    return rows.map((row) => row.path);
  },
};
