import { ORDER_STATUS } from '@backoffice/contract';
import type { DB } from '../../db/database';
import { createOrder, type OrderWorld } from '../orders/test-orders';
import { createInstalments } from './receivables.service';

/**
 * For other modules' tests: a sale on credit of `quantities` (of the world's products, R$ 50,00 each for the second)
 * handed over on `day` (YYYY-MM-DD) with its instalments at `terms` days: their ids in order.
 */
export async function creditSaleInstalments(
  db: DB,
  world: OrderWorld,
  sale: { quantities: number[]; terms: number[]; day: string },
): Promise<number[]> {
  const order = await createOrder(db, world, {
    status: ORDER_STATUS.AGUARDANDO_CLIENTE,
    quantities: sale.quantities,
    deliveryType: 2,
  });
  await db
    .updateTable('orders')
    .set({ payment_method: 'CREDIT', credit_terms: JSON.stringify(sale.terms) })
    .where('id', '=', order.id)
    .execute();
  await db.transaction().execute((trx) => createInstalments(trx, order.id, sale.day));
  const rows = await db
    .selectFrom('receivables')
    .select('id')
    .where('order_id', '=', order.id)
    .orderBy('seq')
    .execute();
  return rows.map((row) => row.id);
}

/** A sale on credit of 20 × R$ 50,00 = R$ 1.000,00 in one instalment at 30 days from `day`; its instalment's id. */
export async function instalmentOf1000(db: DB, world: OrderWorld, day: string): Promise<number> {
  const [id] = await creditSaleInstalments(db, world, { quantities: [0, 20], terms: [30], day });
  return id as number;
}
