import {
  CUSTOMER_TEXTS,
  type CustomerHistory,
  centsToReais,
  isOrderStatusKey,
  ORDER_STATUS_LABELS,
} from '@backoffice/contract';
import type { DB } from '../../db/database';
import { notFound } from '../../lib/errors';
import { periodOrThrow } from '../../lib/period';
import { imeisOfOrders } from '../stock/stock.service';
import { customersRepository as repo } from './customers.repository';

/** A customer's purchases in a period: each order with its items (and a phone's IMEIs), and their total. */
export async function customerHistory(db: DB, id: number, start: string, end: string): Promise<CustomerHistory> {
  const { from, until } = periodOrThrow(start, end);
  const customer = await repo.findById(db, id);
  if (!customer) throw notFound(CUSTOMER_TEXTS.notFound);
  const orders = await repo.historyOrders(db, id, from, until);
  const items = await repo.historyItems(
    db,
    orders.map((o) => o.id),
  );
  const imeis = await imeisOfOrders(
    db,
    orders.map((o) => o.id),
  );
  const byOrder = new Map<number, CustomerHistory['orders'][number]['items']>();
  for (const item of items) {
    const list = byOrder.get(item.order_id) ?? [];
    const phones = imeis.get(`${item.order_id}:${item.product_id}`);
    list.push({
      id: item.id,
      name: item.product_name,
      code: item.product_code,
      quantity: item.quantity,
      unitPrice: centsToReais(item.unit_price_cents),
      total: centsToReais(item.total_cents),
      ...(phones ? { imeis: phones } : {}),
    });
    byOrder.set(item.order_id, list);
  }
  const totalCents = orders.reduce((sum, o) => sum + o.total_cents, 0);
  return {
    orders: orders.map((o) => ({
      orderId: o.id,
      code: o.code,
      status: isOrderStatusKey(o.status) ? ORDER_STATUS_LABELS[o.status] : String(o.status),
      statusKey: o.status,
      purchasedAt: new Date(o.created_at).toISOString(),
      totalOrder: centsToReais(o.total_cents),
      items: byOrder.get(o.id) ?? [],
    })),
    total: centsToReais(totalCents),
  };
}
