import { FULL_ACCESS, ORDER_STATUS, PERMISSIONS } from '@backoffice/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { putFile } from '../../lib/storage';
import { bearer, createTestApp, DEMO, signIn, type TestApp } from '../../test/helpers';
import { createOrder, createOrderWorld, type OrderWorld } from './test-orders';

/**
 * Issue 15, part 2: a courier who is not full:access reads only his orders (order-readers.ts
 * `courierOrders`): those he delivers or delivered, and the packed ones nobody has taken yet. Another
 * courier's order is a 404 on every read path, whatever role the courier holds.
 */
const S = ORDER_STATUS;
let t: TestApp;
let world: OrderWorld;
let diego: string;
let eduardo: string;
let admin: string;
const orders = {} as Record<
  'mine' | 'minePacked' | 'mineDone' | 'open' | 'theirs' | 'theirsPacked' | 'desk',
  {
    id: number;
    code: string;
  }
>;

const get = (url: string, token: string) => t.app.inject({ method: 'GET', url: `/api${url}`, headers: bearer(token) });

beforeAll(async () => {
  t = await createTestApp();
  world = await createOrderWorld(t.db);
  // The couriers hold a role with every read permission of the orders (not the demo's), so the scope
  // is shown to come from their function, not from what their role lacks.
  const role = await t.db
    .insertInto('roles')
    .values({
      name: 'Motoboy com pedidos',
      permissions: [PERMISSIONS.orders, PERMISSIONS.products, PERMISSIONS.reports],
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.db
    .updateTable('employees')
    .set({ role_id: role.id })
    .where('email', 'in', [DEMO.courier, DEMO.courier2])
    .execute();
  const { courier, courier2 } = world.staff;
  orders.mine = await createOrder(t.db, world, { status: S.EM_ENTREGA, delivererId: courier, code: 'MIN-001' });
  orders.minePacked = await createOrder(t.db, world, { status: S.AGUARDANDO_MOTOBOY, delivererId: courier });
  orders.mineDone = await createOrder(t.db, world, { status: S.FINALIZADOS, delivererId: courier });
  orders.open = await createOrder(t.db, world, { status: S.ENTREGA_IMEDIATA, delivererId: null });
  orders.theirs = await createOrder(t.db, world, { status: S.EM_ENTREGA, delivererId: courier2, code: 'OUT-001' });
  orders.theirsPacked = await createOrder(t.db, world, { status: S.AGUARDANDO_MOTOBOY, delivererId: courier2 });
  orders.desk = await createOrder(t.db, world, { status: S.AGUARDANDO_ESTOQUISTA });
  // Pictures of every kind on his order and on the other courier's.
  for (const order of [orders.mine, orders.theirs]) {
    for (const kind of ['RECEIPT', 'PACKAGING', 'SIGNATURE'] as const) {
      const key = await putFile(t.db, 'orders', Buffer.from(`${kind} ${order.code}`), 'jpg');
      await t.db.insertInto('order_images').values({ order_id: order.id, kind, path: key }).execute();
    }
  }
  diego = await signIn(t.app, DEMO.courier);
  eduardo = await signIn(t.app, DEMO.courier2);
  admin = await signIn(t.app, DEMO.admin);
});
afterAll(() => t.close());

const paths = (id: number) => [
  `/orders/by-id/${id}`,
  `/orders/receipt/${id}`,
  `/orders/signature/${id}`,
  `/orders/stocking/images/${id}`,
  `/reports/order/histories/${id}`,
];

describe('a courier reads only his orders', () => {
  it("another courier's order is a 404 on details, receipt, signature, packaging, history and search by code", async () => {
    for (const id of [orders.theirs.id, orders.theirsPacked.id, orders.desk.id]) {
      for (const path of paths(id)) {
        const res = await get(path, diego);
        expect(res.statusCode, path).toBe(404);
        expect(res.json().code, path).toBe('NOT_FOUND');
      }
    }
    expect((await get('/orders/OUT-001', diego)).statusCode).toBe(404);
    expect((await get('/orders/out001', diego)).statusCode).toBe(404);
    // And the other way round.
    for (const path of paths(orders.mine.id)) expect((await get(path, eduardo)).statusCode, path).toBe(404);
    expect((await get('/orders/MIN-001', eduardo)).statusCode).toBe(404);
  });

  it('his own orders (in delivery, packed for him, finished) and the packed ones nobody took answer as before', async () => {
    for (const order of [orders.mine, orders.minePacked, orders.mineDone, orders.open]) {
      for (const path of paths(order.id)) expect((await get(path, diego)).statusCode, path).toBe(200);
    }
    expect((await get('/orders/MIN-001', diego)).json().data.orderId).toBe(orders.mine.id);
    const packaging = (await get(`/orders/stocking/images/${orders.mine.id}`, diego)).json().data;
    expect(packaging).toHaveLength(1);
    expect((await t.app.inject({ method: 'GET', url: packaging[0].url })).body).toBe('PACKAGING MIN-001');
    // Eduardo sees the open one too: anyone may collect it.
    expect((await get(`/orders/by-id/${orders.open.id}`, eduardo)).statusCode).toBe(200);
  });

  it('the status lists, the status cards and the total count only his orders', async () => {
    const ids = async (status: number, token: string) => {
      const res = await get(`/orders/status/${status}?items=100`, token);
      return { ids: res.json().orders.map((o: { orderId: number }) => o.orderId), total: res.json().total };
    };
    expect(await ids(S.EM_ENTREGA, diego)).toEqual({ ids: [orders.mine.id], total: 1 });
    expect(await ids(S.AGUARDANDO_MOTOBOY, diego)).toEqual({ ids: [orders.minePacked.id], total: 1 });
    expect(await ids(S.ENTREGA_IMEDIATA, diego)).toEqual({ ids: [orders.open.id], total: 1 });
    expect(await ids(S.AGUARDANDO_ESTOQUISTA, diego)).toEqual({ ids: [], total: 0 });
    expect(await ids(S.AGUARDANDO_MOTOBOY, eduardo)).toEqual({ ids: [orders.theirsPacked.id], total: 1 });
    // A page past his orders is empty, with his total.
    expect((await get(`/orders/status/${S.EM_ENTREGA}?page=1&items=1`, diego)).json()).toEqual({
      orders: [],
      total: 1,
    });

    const cards = (await get('/orders/status', diego)).json().data as Array<{ key: number; quantity: number }>;
    const quantity = (key: number) => cards.find((c) => c.key === key)?.quantity;
    expect(quantity(S.EM_ENTREGA)).toBe(1);
    expect(quantity(S.AGUARDANDO_MOTOBOY)).toBe(1);
    expect(quantity(S.FINALIZADOS)).toBe(1);
    expect(quantity(S.ENTREGA_IMEDIATA)).toBe(1);
    expect(quantity(S.AGUARDANDO_ESTOQUISTA)).toBe(0);
    // mine, minePacked, mineDone, open
    expect((await get('/orders/count', diego)).json()).toEqual({ data: { total: 4 } });
    // Everyone else reads every order: the seven of this file.
    expect((await get('/orders/count', admin)).json()).toEqual({ data: { total: 7 } });
    expect((await ids(S.EM_ENTREGA, admin)).total).toBe(2);
  });

  it('a courier whose role has full:access reads every order', async () => {
    const role = await t.db
      .insertInto('roles')
      .values({ name: 'Motoboy chefe', permissions: [FULL_ACCESS] })
      .returning('id')
      .executeTakeFirstOrThrow();
    const before = await t.db
      .selectFrom('employees')
      .select('role_id')
      .where('email', '=', DEMO.courier2)
      .executeTakeFirstOrThrow();
    await t.db.updateTable('employees').set({ role_id: role.id }).where('email', '=', DEMO.courier2).execute();
    try {
      for (const path of paths(orders.mine.id)) expect((await get(path, eduardo)).statusCode, path).toBe(200);
      expect((await get('/orders/count', eduardo)).json()).toEqual({ data: { total: 7 } });
    } finally {
      await t.db.updateTable('employees').set({ role_id: before.role_id }).where('email', '=', DEMO.courier2).execute();
    }
  });
});
