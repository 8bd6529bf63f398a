import { customerSearchText, ORDER_STATUS } from '@backoffice/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, DEMO, signIn, type TestApp } from '../../test/helpers';
import { createOrder, createOrderWorld, type OrderWorld } from '../orders/test-orders';

/**
 * The bell's items are kept by the database (`bell_items`, migration 0053) whoever writes the records: each
 * change below is made straight in the tables, as any module (or an import) would, and the bell a user
 * reads shows or hides the item at once, its unread count moving with it. Counts are deltas from the bell
 * read just before (the describe's own database; the orders of `createOrderWorld` entered their status
 * three days ago, so an order put in a status with a late limit is also late).
 */
interface Item {
  id: string;
  kind: string;
  title: string;
  body: string;
  createdAt: string;
  readAt: string | null;
}

describe('the bell follows the records (bell_items kept by triggers)', () => {
  let t: TestApp;
  let attendant: string;
  let stocker: string;
  let world: OrderWorld;

  const bell = async (token: string) => {
    const res = await t.app.inject({ method: 'GET', url: '/api/notifications?limit=100', headers: bearer(token) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { data: Item[]; unread: number };
  };
  const ids = (page: { data: Item[] }) => page.data.map((n) => n.id);
  /** Moves the order into `status` now, as the workflow does (the order, then its history row). */
  const move = async (orderId: number, status: number) => {
    await t.db.updateTable('orders').set({ status }).where('id', '=', orderId).execute();
    await t.db.insertInto('order_status_history').values({ order_id: orderId, status }).execute();
  };

  beforeAll(async () => {
    t = await createTestApp();
    [attendant, stocker] = await Promise.all([signIn(t.app, DEMO.attendant), signIn(t.app, DEMO.stocker)]);
    world = await createOrderWorld(t.db);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  it('an order moved into "Aguardando aprovação" shows at once, one more unread; moved out, it is gone', async () => {
    const order = await createOrder(t.db, world, { status: ORDER_STATUS.PROCESSANDO });
    const before = await bell(attendant);
    expect(ids(before)).not.toContain(`order-approval:${order.id}`);

    await move(order.id, ORDER_STATUS.AGUARDANDO_APROVACAO);
    const inside = await bell(attendant);
    // Just entered: waiting for approval, not late yet (its limit is 1 hour).
    expect(inside.data.filter((n) => n.body.includes(order.code))).toMatchObject([
      { id: `order-approval:${order.id}`, title: 'Pedido aguardando aprovação', readAt: null },
    ]);
    expect(inside.unread).toBe(before.unread + 1);

    await move(order.id, ORDER_STATUS.CANCELADO);
    const after = await bell(attendant);
    expect(after.data.filter((n) => n.body.includes(order.code))).toEqual([]);
    expect(after.unread).toBe(before.unread);
  });

  it('a payment receipt sent shows "Comprovante para conferir"; removed, it is gone', async () => {
    const order = await createOrder(t.db, world, { status: ORDER_STATUS.AGUARDANDO_COMPROVANTE });
    const before = await bell(attendant);
    expect(ids(before)).not.toContain(`order-proof:${order.id}`);

    const receipt = await t.db
      .insertInto('order_images')
      .values({ order_id: order.id, kind: 'RECEIPT', path: `receipts/bell-${order.id}.jpg` })
      .returning('id')
      .executeTakeFirstOrThrow();
    const sent = await bell(attendant);
    expect(sent.data.find((n) => n.id === `order-proof:${order.id}`)).toMatchObject({
      title: 'Comprovante para conferir',
      body: `Pedido ${order.code}, R$ 104,80: o cliente enviou o comprovante de pagamento.`,
    });
    expect(sent.unread).toBe(before.unread + 1);

    await t.db.deleteFrom('order_images').where('id', '=', receipt.id).execute();
    const removed = await bell(attendant);
    expect(ids(removed)).not.toContain(`order-proof:${order.id}`);
    expect(removed.unread).toBe(before.unread);
    await move(order.id, ORDER_STATUS.CANCELADO);
  });

  it('a late order leaving its status is gone from the bell, and counted no more', async () => {
    const order = await createOrder(t.db, world, { status: ORDER_STATUS.AGUARDANDO_ESTOQUISTA });
    const late = await bell(attendant);
    // In "Aguardando estoquista" for three days (limit 2 hours): late.
    const item = late.data.find((n) => n.kind === 'order_late' && n.body.includes(order.code));
    expect(item?.title).toBe('Pedido atrasado: Aguardando estoquista');

    await move(order.id, ORDER_STATUS.EM_PREPARACAO);
    const moved = await bell(attendant);
    // Just entered "Em preparação": not late there (2 hours), and the old delay is over.
    expect(moved.data.filter((n) => n.body.includes(order.code))).toEqual([]);
    expect(moved.unread).toBe(late.unread - 1);
    await move(order.id, ORDER_STATUS.CANCELADO);
  });

  it('a read mark: the item stays, marked read, one unread less', async () => {
    const order = await createOrder(t.db, world, { status: ORDER_STATUS.PROCESSANDO });
    await move(order.id, ORDER_STATUS.AGUARDANDO_APROVACAO);
    const before = await bell(attendant);
    const id = `order-approval:${order.id}`;
    const read = await t.app.inject({
      method: 'PATCH',
      url: '/api/notifications/read',
      headers: bearer(attendant),
      payload: { ids: [id] },
    });
    expect(read.json()).toEqual({ unread: before.unread - 1 });
    const after = await bell(attendant);
    expect(after.data.find((n) => n.id === id)?.readAt).toEqual(expect.any(String));
    expect(after.unread).toBe(before.unread - 1);
    await move(order.id, ORDER_STATUS.CANCELADO);
  });

  it('a new customer awaiting approval shows, one more unread; approved, he is gone', async () => {
    const before = await bell(attendant);
    const data = {
      name: 'Bruna Itens',
      email: 'bruna.itens@example.com',
      document: '39053344705',
      phone: '21987654321',
    };
    const customer = await t.db
      .insertInto('customers')
      .values({ ...data, status: 'AWAITING', search_text: customerSearchText(data) })
      .returning('id')
      .executeTakeFirstOrThrow();
    const waiting = await bell(attendant);
    expect(waiting.data.find((n) => n.id === `customer:${customer.id}`)).toMatchObject({
      kind: 'customer_waiting',
      body: 'Bruna Itens (bruna.itens@example.com) se cadastrou e aguarda aprovação.',
    });
    expect(waiting.unread).toBe(before.unread + 1);

    await t.db.updateTable('customers').set({ status: 'APPROVED' }).where('id', '=', customer.id).execute();
    const approved = await bell(attendant);
    expect(ids(approved)).not.toContain(`customer:${customer.id}`);
    expect(approved.unread).toBe(before.unread);
  });

  it('low stock: a product reaching its alert shows to the stocker with its figures as they change; restocked, it is gone', async () => {
    const [productId] = world.products as [number];
    const before = await bell(stocker);
    const product = await t.db
      .updateTable('products')
      .set({ stock: 3, stock_alert: 5 })
      .where('id', '=', productId)
      .returning(['code', 'name'])
      .executeTakeFirstOrThrow();
    const low = await bell(stocker);
    expect(low.data.find((n) => n.id === `stock-low:${productId}`)?.body).toBe(
      `${product.name} (${product.code}): 3 em estoque, alerta em 5.`,
    );
    expect(low.unread).toBe(before.unread + 1);
    // Still low: the same item, its words as the product is now.
    await t.db.updateTable('products').set({ stock: 1 }).where('id', '=', productId).execute();
    expect((await bell(stocker)).data.find((n) => n.id === `stock-low:${productId}`)?.body).toBe(
      `${product.name} (${product.code}): 1 em estoque, alerta em 5.`,
    );

    await t.db.updateTable('products').set({ stock: 100_000 }).where('id', '=', productId).execute();
    const restocked = await bell(stocker);
    expect(ids(restocked)).not.toContain(`stock-low:${productId}`);
    expect(restocked.unread).toBe(before.unread);
  });

  it('the kept items are exactly what the records say (recounted from the tables after all the changes above)', async () => {
    const kept = await sql<{ id: string }>`select id from bell_items order by id`.execute(t.db);
    const { rows: waiting } = await sql<{ id: string }>`
      select 'customer:' || id as id from customers where status = 'AWAITING'
      union all select 'order-approval:' || id from orders where status = 11
      union all select 'order-proof:' || o.id from orders o where o.status = 10
        and exists (select 1 from order_images i where i.order_id = o.id and i.kind = 'RECEIPT')
      union all select 'order-late:' || o.id || ':' || o.status || ':' || floor(extract(epoch from o.status_since))::bigint
        from orders o join order_late_limits l on l.status = o.status
      union all select 'stock-low:' || id from products where not archived and stock <= stock_alert
      order by id`.execute(t.db);
    expect(
      kept.rows.filter((r) => !r.id.startsWith('pix') && !r.id.startsWith('settle') && !r.id.startsWith('settings')),
    ).toEqual(waiting);
  });
});
