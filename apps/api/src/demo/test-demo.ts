import { findTransition, type OrderAction } from '@backoffice/contract';
import { sql } from 'kysely';
import { migrateToLatest } from '../db/database';
import { emptyTestDatabase, type TestDatabase } from '../test/database';
import { type SeedSummary, seedDemo } from './index';

/**
 * What the demo's test files (demo*.test.ts, demo-invariants.test.ts) share. Each seeds a demo of its own, on a
 * database of its own: a scale-1 seed is the expensive part of these tests, so they are a few files, not one a topic.
 */

/** The demo's "today" in these tests: a Saturday evening in São Paulo. */
export const NOW = new Date('2026-11-21T23:30:00Z');

/** A fresh migrated database of the test engine with the demo business seeded at `scale`, on `NOW`. */
export async function seeded(scale: number): Promise<{ t: TestDatabase; summary: SeedSummary }> {
  const t = await emptyTestDatabase('test', { migrated: true });
  await migrateToLatest(t.db);
  const summary = await seedDemo(t.db, { storage: t.storage, scale, now: NOW });
  return { t, summary };
}

export async function rows<T>(t: TestDatabase, query: ReturnType<typeof sql<T>>): Promise<T[]> {
  return (await query.execute(t.db)).rows;
}

/** `rows` of the database `t()` answers, as the invariants read them. */
export function rowsIn(t: () => TestDatabase) {
  return <T>(query: ReturnType<typeof sql<T>>): Promise<T[]> => rows(t(), query);
}

/** The moves the bank makes when its webhook tells of a Pix (workflow.ts `BANK_ACTIONS`, orders.service `PIX_SETTLES`). */
export const BANK_MOVES: readonly OrderAction[] = ['confirmPayment', 'confirmPix', 'approve'];

/** An order row as the invariants read it. */
export interface Order {
  id: number;
  code: string;
  status: number;
  customer_id: number;
  payment_method: 'CASH' | 'BANK_TRANSFER' | 'PIX';
  delivery_type: number;
  fast_delivery: boolean;
  with_warranty: boolean;
  deliverer_id: number | null;
  stocker_id: number | null;
  attendant_id: number | null;
  items_total_cents: number;
  shipping_cost_cents: number;
  fast_delivery_tax_cents: number;
  warranty_cents: number;
  discount_cents: number;
  total_cents: number;
  created_at: Date;
  updated_at: Date;
  finished_at: Date | null;
  repair_id: number | null;
  labour_cents: number;
}

export interface HistoryRow {
  order_id: number;
  status: number;
  employee_id: number | null;
  note: string | null;
  created_at: Date;
}

/** A history row read as what made it: the placing, a move of the table, or a note in the same status. */
export type Event =
  | { kind: 'create'; row: HistoryRow }
  | { kind: 'move'; row: HistoryRow; action: OrderAction; from: number }
  | { kind: 'note'; row: HistoryRow };

export const byOrder = <T extends { order_id: number }>(list: T[]) => {
  const map = new Map<number, T[]>();
  for (const row of list) {
    const rows = map.get(row.order_id) ?? [];
    rows.push(row);
    map.set(row.order_id, rows);
  }
  return map;
};

/** Every order, and each order's history read as the events that made it. */
export async function orderEvents(t: TestDatabase): Promise<{ orders: Order[]; events: Map<number, Event[]> }> {
  const orders = await rows<Order>(t, sql`select * from orders order by id`);
  const history = await rows<HistoryRow>(
    t,
    sql`select order_id, status, employee_id, note, created_at from order_status_history order by order_id, created_at, id`,
  );
  const events = new Map<number, Event[]>();
  for (const [orderId, list] of byOrder(history)) {
    events.set(
      orderId,
      list.map((row, i): Event => {
        if (i === 0) return { kind: 'create', row };
        const from = (list[i - 1] as HistoryRow).status;
        const move = findTransition(from, row.status);
        return move ? { kind: 'move', row, action: move.action, from } : { kind: 'note', row };
      }),
    );
  }
  return { orders, events };
}

/** Thrown to roll back a transaction whose work was only to be compared. */
export class Rollback extends Error {}
