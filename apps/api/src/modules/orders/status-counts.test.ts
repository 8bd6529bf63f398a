import { FULL_ACCESS, ORDER_STATUS, ORDER_STATUS_KEYS, ORDER_TRANSITIONS, packingAction } from '@backoffice/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECOUNT } from '../../db/migrations/0008-order-status-counts';
import { bearer, createTestApp, DEMO, signIn, type TestApp } from '../../test/helpers';
import { seededRandom } from '../../test/seeded-random';
import { ordersRepository } from './orders.repository';
import { createOrder, createOrderWorld, type OrderWorld } from './test-orders';
import { transition } from './workflow';

const S = ORDER_STATUS;
let t: TestApp;
let world: OrderWorld;

beforeAll(async () => {
  t = await createTestApp();
  world = await createOrderWorld(t.db);
}, 120_000);
afterAll(() => t.close());

/** The counters of migration 0008, as "status:orders" lines without zeros, sorted. */
async function counters(): Promise<string[]> {
  const { rows } = await sql<{ status: number; orders: string }>`select status, orders from order_status_counts
    where orders <> 0 order by status`.execute(t.db);
  return rows.map((r) => `${r.status}:${Number(r.orders)}`);
}

/** The same, counted from the orders. */
async function recount(): Promise<string[]> {
  const { rows } = await sql<{ status: number; orders: string }>`select status, count(*) as orders from orders
    group by status order by status`.execute(t.db);
  return rows.map((r) => `${r.status}:${Number(r.orders)}`);
}

describe('order status counters (migration 0008)', () => {
  it('equal a recount after a random run of creations and moves through the workflow, and the API answers them', async () => {
    const { random, pick } = seededRandom(20261122);
    const actor = { employeeId: world.staff.admin, permissions: [FULL_ACCESS], func: 1 };
    const ids: number[] = [];
    let moves = 0;
    for (let step = 0; step < 60; step++) {
      if (ids.length < 4 || random() < 0.35) {
        const status = pick([S.AGUARDANDO_ESTOQUISTA, S.AGUARDANDO_COMPROVANTE, S.PROCESSANDO, S.EM_PREPARACAO]);
        ids.push((await createOrder(t.db, world, { status, delivererId: world.staff.courier })).id);
        continue;
      }
      const id = pick(ids);
      // A move the workflow refuses rolls back and changes nothing (counters included).
      const moved = await t.db
        .transaction()
        .execute(async (trx) => {
          const order = await ordersRepository.lockById(trx, id);
          if (!order) throw new Error('no order');
          const packing = packingAction({ deliveryType: order.delivery_type, fastDelivery: order.fast_delivery });
          const possible = ORDER_TRANSITIONS.filter(
            (m) => m.from === order.status && (!m.action.startsWith('readyFor') || m.action === packing),
          );
          if (possible.length === 0) return false;
          const move = pick(possible);
          await transition(trx, order, move.action, actor, {
            note: 'Motivo do teste',
            to: move.to,
            receiptKey: 'orders/test/receipt.jpg',
            packagingKeys: ['orders/test/a.jpg', 'orders/test/b.jpg'],
            signatureKey: 'orders/test/signature.png',
          });
          return true;
        })
        .catch(() => false);
      if (moved) moves++;
    }
    expect(moves).toBeGreaterThan(15);
    const kept = await counters();
    // Several statuses are held, so the comparison is not of one trivial row.
    expect(kept.length).toBeGreaterThan(4);
    expect(kept).toEqual(await recount());

    // A bulk update and a delete in one statement each, as a data fix would do.
    await sql`update orders set status = ${S.CANCELADO} where id = any(${ids.slice(0, 5)})`.execute(t.db);
    await sql`delete from order_status_history where order_id = ${ids[5]}`.execute(t.db);
    await sql`delete from order_items where order_id = ${ids[5]}`.execute(t.db);
    await sql`delete from stock_movements where order_id = ${ids[5]}`.execute(t.db);
    await sql`delete from order_images where order_id = ${ids[5]}`.execute(t.db);
    await sql`delete from orders where id = ${ids[5]}`.execute(t.db);
    const afterFix = await counters();
    expect(afterFix).toEqual(await recount());
    // The backfill of the migration gives the same counters.
    await sql`truncate order_status_counts`.execute(t.db);
    for (const statement of RECOUNT) await sql.raw(statement).execute(t.db);
    expect(await counters()).toEqual(afterFix);

    // GET /orders/status and /orders/count read them: every status, zeros included, and the sum.
    const token = await signIn(t.app, DEMO.admin);
    const byStatus = await t.app.inject({ method: 'GET', url: '/api/orders/status', headers: bearer(token) });
    expect(byStatus.statusCode).toBe(200);
    const expected = new Map(afterFix.map((line) => line.split(':').map(Number) as [number, number]));
    const answered = byStatus.json().data as { key: number; quantity: number }[];
    expect(answered).toHaveLength(ORDER_STATUS_KEYS.length);
    for (const row of answered) expect(row.quantity).toBe(expected.get(row.key) ?? 0);
    const total = [...expected.values()].reduce((a, b) => a + b, 0);
    const count = await t.app.inject({ method: 'GET', url: '/api/orders/count', headers: bearer(token) });
    expect(count.json().data.total).toBe(total);
    expect(total).toBe(ids.length - 1);
  }, 180_000);
});
