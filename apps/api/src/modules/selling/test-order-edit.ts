import { bearer, createTestApp, DEMO, signIn, type TestApp } from '../../test/helpers';
import { createCustomer, createProduct, sellThroughApi, type TestCustomerSpec } from './test-selling';

/** What the order edit's test files (order-edit*.test.ts) share: an app on a fresh database, the demo's tokens. */
export interface OrderEditWorld {
  t: TestApp;
  attendant: string;
  admin: string;
  stocker: string;
  courier: string;
}

export async function openOrderEditWorld(): Promise<OrderEditWorld> {
  const t = await createTestApp();
  const attendant = await signIn(t.app, DEMO.attendant);
  const admin = await signIn(t.app, DEMO.admin);
  const stocker = await signIn(t.app, DEMO.stocker);
  const courier = await signIn(t.app, DEMO.courier);
  return { t, attendant, admin, stocker, courier };
}

/** The requests and reads of the order edit's tests, on the world `world()` answers when called. */
export function orderEditCalls(world: () => OrderEditWorld) {
  const call = (method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, token: string, payload?: object, key?: string) =>
    world().t.app.inject({
      method,
      url: `/api${url}`,
      payload,
      headers: { ...bearer(token), ...(key ? { 'idempotency-key': key } : {}) },
    });
  const edit = (orderId: number, body: object, token = world().attendant, key?: string) =>
    call('PATCH', `/orders/${orderId}`, token, body, key);

  /**
   * An order (pickup) of its own customer, by cash or by Pix (`via`): 2 × Capa R$ 129,90 + 1 × Cabo R$ 49,90 at
   * the list price (level 0) = R$ 309,70; each product had 10 in stock, so 8 and 9 are left.
   */
  async function placed(customerSpec: TestCustomerSpec = {}, via?: 'pix') {
    const { t, attendant } = world();
    const customer = await createCustomer(t.db, customerSpec);
    const capa = await createProduct(t.db, { name: 'Capa edição', costCents: 6000, sellCents: 12990, stock: 10 });
    const cabo = await createProduct(t.db, { name: 'Cabo edição', costCents: 2000, sellCents: 4990, stock: 10 });
    const order = await sellThroughApi(
      t.app,
      attendant,
      customer.id,
      [
        { productId: capa.id, quantity: 2 },
        { productId: cabo.id, quantity: 1 },
      ],
      {},
      via,
    );
    return { customer, capa, cabo, order };
  }

  const orderRow = (id: number) =>
    world()
      .t.db.selectFrom('orders')
      .select(['status', 'items_total_cents', 'discount_cents', 'warranty_cents', 'shipping_cost_cents', 'total_cents'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  const itemRows = (id: number) =>
    world()
      .t.db.selectFrom('order_items')
      .select(['product_id', 'quantity', 'unit_price_cents', 'total_cents', 'discount_cents'])
      .where('order_id', '=', id)
      .orderBy('product_id')
      .execute();
  const stockOf = async (productId: number) =>
    (await world().t.db.selectFrom('products').select('stock').where('id', '=', productId).executeTakeFirstOrThrow())
      .stock;

  return { call, edit, placed, orderRow, itemRows, stockOf };
}
