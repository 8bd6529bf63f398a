import { ORDER_STATUS } from '@backoffice/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrder, createOrderWorld, type OrderWorld } from '../modules/orders/test-orders';
import { createTestApp, type TestApp } from '../test/helpers';

/**
 * `orders.status_since` (migration 0048): since when the order is in its status — its last history row of that
 * status, else its creation — kept by triggers whoever writes (the bell reads it, issue 36).
 */
describe('orders.status_since, kept by the database', () => {
  let t: TestApp;
  let world: OrderWorld;
  beforeAll(async () => {
    t = await createTestApp();
    world = await createOrderWorld(t.db);
  });
  afterAll(async () => {
    await t.close();
  });

  const sinceOf = async (id: number) =>
    (await t.db.selectFrom('orders').select('status_since').where('id', '=', id).executeTakeFirstOrThrow())
      .status_since as Date;
  /** Orders whose kept value differs from what the history says (none, ever). */
  const drifted = async () =>
    (
      await sql<{ n: number }>`select count(*)::int as n from orders o
        where o.status_since is distinct from coalesce((select max(h.created_at) from order_status_history h
          where h.order_id = o.id and h.status = o.status), o.created_at)`.execute(t.db)
    ).rows[0]?.n;

  it('an order placed and moved through the workflow agrees with its history', async () => {
    const order = await createOrder(t.db, world, { status: ORDER_STATUS.AGUARDANDO_MOTOBOY });
    const last = await t.db
      .selectFrom('order_status_history')
      .select((eb) => eb.fn.max('created_at').as('at'))
      .where('order_id', '=', order.id)
      .where('status', '=', ORDER_STATUS.AGUARDANDO_MOTOBOY)
      .executeTakeFirstOrThrow();
    expect((await sinceOf(order.id)).toISOString()).toBe(new Date(last.at as Date).toISOString());
    expect(await drifted()).toBe(0);
  });

  it('follows a move, a history row moved in time, a note in the same status, and a status without history', async () => {
    const order = await createOrder(t.db, world, { status: ORDER_STATUS.AGUARDANDO_ESTOQUISTA });
    const entered = new Date('2030-03-01T12:00:00.000Z');
    await t.db
      .updateTable('order_status_history')
      .set({ created_at: entered })
      .where('order_id', '=', order.id)
      .where('status', '=', ORDER_STATUS.AGUARDANDO_ESTOQUISTA)
      .execute();
    expect((await sinceOf(order.id)).toISOString()).toBe('2030-03-01T12:00:00.000Z');

    // A note in the same status (a Pix refund, an exchange) is a new history row of that status.
    await t.db
      .insertInto('order_status_history')
      .values({
        order_id: order.id,
        status: ORDER_STATUS.AGUARDANDO_ESTOQUISTA,
        note: 'nota',
        created_at: new Date('2030-03-01T13:30:00.000Z'),
      })
      .execute();
    expect((await sinceOf(order.id)).toISOString()).toBe('2030-03-01T13:30:00.000Z');

    // Moved without a history row yet: since its creation, until the row of the move arrives.
    const created = (
      await t.db.selectFrom('orders').select('created_at').where('id', '=', order.id).executeTakeFirstOrThrow()
    ).created_at as Date;
    await t.db
      .updateTable('orders')
      .set({ status: ORDER_STATUS.AGUARDANDO_MOTOBOY })
      .where('id', '=', order.id)
      .execute();
    expect((await sinceOf(order.id)).toISOString()).toBe(created.toISOString());
    await t.db
      .insertInto('order_status_history')
      .values({
        order_id: order.id,
        status: ORDER_STATUS.AGUARDANDO_MOTOBOY,
        created_at: new Date('2030-03-01T14:00:00.000Z'),
      })
      .execute();
    expect((await sinceOf(order.id)).toISOString()).toBe('2030-03-01T14:00:00.000Z');

    // Back to a status it was in before: since the history row of this new stay, not of the first.
    await t.db
      .updateTable('orders')
      .set({ status: ORDER_STATUS.AGUARDANDO_ESTOQUISTA })
      .where('id', '=', order.id)
      .execute();
    await t.db
      .insertInto('order_status_history')
      .values({
        order_id: order.id,
        status: ORDER_STATUS.AGUARDANDO_ESTOQUISTA,
        created_at: new Date('2030-03-01T15:00:00.000Z'),
      })
      .execute();
    expect((await sinceOf(order.id)).toISOString()).toBe('2030-03-01T15:00:00.000Z');

    // The history row of the stay deleted: since the stay before it.
    await t.db
      .deleteFrom('order_status_history')
      .where('order_id', '=', order.id)
      .where('created_at', '=', new Date('2030-03-01T15:00:00.000Z'))
      .execute();
    expect((await sinceOf(order.id)).toISOString()).toBe('2030-03-01T13:30:00.000Z');
    expect(await drifted()).toBe(0);
  });
});
