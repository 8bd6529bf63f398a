import {
  ORDER_STATUS_KEYS,
  ORDER_STATUS_LABELS,
  ORDER_TEXTS,
  type OrderFilterQuery,
  type OrderList,
  type OrderStatusCount,
  type OrderStatusKey,
  type OrderSummary,
} from '@backoffice/contract';
import type { DB } from '../../db/database';
import { notFound } from '../../lib/errors';
import type { Principal } from '../../plugins/auth';
import { readerOf } from './order-readers';
import { filterOf, normalizeOrderCode, toOrderSummary } from './order-summary';
import { ordersRepository as repo } from './orders.repository';

/**
 * The orders as lists: the status cards, a status's pages, the count, and an order found by its code. Every
 * read is scoped to what the caller may read (`readerOf`, order-readers.ts).
 */
export function orderLists(db: DB) {
  return {
    /**
     * Every status with how many orders it holds now (zeros included), from the counters of migration 0008;
     * with the screen's filter, how many of its orders match it (counted). `pixWaiting`: how many of them have
     * a Pix the bank confirmed waiting for a click (issue 35 §4), when any.
     */
    async statusCounts(principal: Principal, query: OrderFilterQuery = {}): Promise<OrderStatusCount[]> {
      const reader = readerOf(principal);
      const filter = filterOf(query);
      const counts = filter
        ? await repo.filteredCounts(db, filter, reader.onlyOwn ? reader : undefined)
        : reader.onlyOwn
          ? await repo.readableCounts(db, reader)
          : await repo.countsByStatus(db);
      const waiting = await repo.pixWaitingCounts(db, filter, reader.onlyOwn ? reader : undefined);
      return [...ORDER_STATUS_KEYS]
        .sort((a, b) => a - b)
        .map((key) => {
          const pixWaiting = waiting.get(key);
          return {
            key,
            status: ORDER_STATUS_LABELS[key],
            quantity: counts.get(key) ?? 0,
            ...(pixWaiting ? { pixWaiting } : {}),
          };
        });
    },

    /**
     * A page of a status and the status's total, read in one snapshot. Pages past the middle are read
     * from the oldest end of the index, so no page skips more than half of the status's entries.
     */
    async page(
      principal: Principal,
      status: OrderStatusKey,
      page: number,
      items: number,
      query: OrderFilterQuery = {},
    ): Promise<OrderList> {
      const reader = readerOf(principal);
      const snapshot = db.transaction().setIsolationLevel('repeatable read').setAccessMode('read only');
      const filter = filterOf(query);
      if (filter) {
        return snapshot.execute(async (trx) => {
          const { rows, total } = await repo.filteredPage(
            trx,
            status,
            filter,
            page * items,
            items,
            reader.onlyOwn ? reader : undefined,
          );
          return { orders: rows.map(toOrderSummary), total };
        });
      }
      if (reader.onlyOwn) {
        return snapshot.execute(async (trx) => {
          const { rows, total } = await repo.readablePage(trx, reader, status, page * items, items);
          return { orders: rows.map(toOrderSummary), total };
        });
      }
      return snapshot.execute(async (trx) => {
        const total = await repo.countByStatus(trx, status);
        const offset = page * items;
        if (offset >= total) return { orders: [], total };
        const rows =
          offset + items / 2 > total / 2
            ? await repo.pageByStatus(
                trx,
                status,
                Math.max(0, total - offset - items),
                Math.min(items, total - offset),
                true,
              )
            : await repo.pageByStatus(trx, status, offset, items);
        return { orders: rows.map(toOrderSummary), total };
      });
    },

    async count(principal: Principal): Promise<number> {
      const reader = readerOf(principal);
      if (!reader.onlyOwn) return repo.countAll(db);
      return [...(await repo.readableCounts(db, reader)).values()].reduce((sum, n) => sum + n, 0);
    },

    async byCode(principal: Principal, code: string): Promise<OrderSummary> {
      const normalized = normalizeOrderCode(code);
      const reader = readerOf(principal);
      const row = normalized ? await repo.findByNormalizedCode(db, normalized, reader) : undefined;
      if (!row) throw notFound(ORDER_TEXTS.notFoundByCode);
      return toOrderSummary(row);
    },

    /** The order of this code if `principal` may read it, else null (the command palette, issue 20 §2). */
    async findByCode(principal: Principal, code: string): Promise<OrderSummary | null> {
      const normalized = normalizeOrderCode(code);
      const row = normalized ? await repo.findByNormalizedCode(db, normalized, readerOf(principal)) : undefined;
      return row ? toOrderSummary(row) : null;
    },
  };
}
