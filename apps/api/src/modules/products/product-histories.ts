import {
  centsToReais,
  type InventoryHistoryRow,
  PRODUCT_TEXTS,
  type PurchaseHistoryRow,
  type SalesHistoryRow,
  STOCK_MOVEMENT_LABELS,
  type StockChangeRow,
  type StockMovementKindKey,
  UNSOLD_ORDER_STATUSES,
} from '@backoffice/contract';
import type { DB } from '../../db/database';
import { notFound } from '../../lib/errors';
import { periodOrThrow } from '../../lib/period';
import { imeisOfOrders } from '../stock/stock.service';
import { productsRepository as repo } from './products.repository';

function period(start: string, end: string): [Date, Date] {
  const { from, until } = periodOrThrow(start, end);
  return [from, until];
}

/** A product's histories over a period (section 3): its sales, purchases, counts and every stock change. */
export function productHistories(db: DB) {
  async function ensureProduct(id: number) {
    if (!(await repo.findById(db, id))) throw notFound(PRODUCT_TEXTS.productNotFound);
  }

  return {
    async salesHistory(productId: number, start: string, end: string): Promise<SalesHistoryRow[]> {
      const [from, to] = period(start, end);
      await ensureProduct(productId);
      const rows = await repo.sales(db, productId, from, to, UNSOLD_ORDER_STATUSES);
      const imeis = await imeisOfOrders(
        db,
        rows.map((row) => row.order_id),
      );
      return rows.map((row) => {
        const phones = imeis.get(`${row.order_id}:${productId}`);
        return {
          orderCode: row.code,
          customerName: row.customer_name,
          customerEmail: row.customer_email,
          salesDate: row.created_at.toISOString(),
          quantity: row.quantity,
          unitPrice: centsToReais(row.unit_price_cents),
          totalSold: centsToReais(row.total_cents),
          ...(phones ? { imeis: phones } : {}),
        };
      });
    },

    async purchaseHistory(productId: number, start: string, end: string): Promise<PurchaseHistoryRow[]> {
      const [from, to] = period(start, end);
      await ensureProduct(productId);
      const rows = await repo.movements(db, productId, from, to, 'PURCHASE');
      return rows.map((row) => ({
        costBefore: centsToReais(row.cost_before_cents),
        costAfter: centsToReais(row.cost_after_cents),
        entryUnitCost: row.entry_unit_cost_cents === null ? null : centsToReais(row.entry_unit_cost_cents),
        quantity: row.quantity_in - row.quantity_out,
        quantityBefore: row.stock_before,
        actualQuantity: row.stock_after,
        source: row.source,
        who: row.who,
        when: row.created_at.toISOString(),
      }));
    },

    async inventoryHistory(productId: number, start: string, end: string): Promise<InventoryHistoryRow[]> {
      const [from, to] = period(start, end);
      await ensureProduct(productId);
      const rows = await repo.movements(db, productId, from, to, 'INVENTORY');
      return rows.map((row) => ({
        stockBefore: row.stock_before,
        stockAfter: row.stock_after,
        who: row.who,
        when: row.created_at.toISOString(),
      }));
    },

    async stockChanges(productId: number, start: string, end: string): Promise<StockChangeRow[]> {
      const [from, to] = period(start, end);
      await ensureProduct(productId);
      const rows = await repo.movements(db, productId, from, to);
      return rows.map((row) => ({
        stockBefore: row.stock_before,
        input: row.quantity_in,
        output: row.quantity_out,
        stockAfter: row.stock_after,
        eventType: STOCK_MOVEMENT_LABELS[row.kind as StockMovementKindKey] ?? row.kind,
        note: row.note,
        who: row.who,
        when: row.created_at.toISOString(),
      }));
    },
  };
}
