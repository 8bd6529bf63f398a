import { ORDER_STATUS, ORDER_TEXTS } from '@backoffice/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, DEMO, signIn, type TestApp } from '../../test/helpers';
import { createOrder, createOrderWorld, type OrderWorld } from './test-orders';

const S = ORDER_STATUS;
let t: TestApp;
let world: OrderWorld;
let token: string;
/** The test's own customer, with accents, and her orders' codes. */
const codes: Record<string, string> = {};

const get = (url: string) => t.app.inject({ method: 'GET', url: `/api${url}`, headers: bearer(token) });

beforeAll(async () => {
  t = await createTestApp();
  world = await createOrderWorld(t.db);
  token = await signIn(t.app, DEMO.admin);
  const customer = await t.db
    .insertInto('customers')
    .values({
      name: 'Íris Conceição Filtrável',
      email: `iris.filtro.${Date.now()}@example.com`,
      phone: '11987654321',
      document: '52998224725',
      status: 'APPROVED',
      shipping_cost_cents: 1500,
      search_text: 'iris conceicao filtravel',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const iris = { ...world, customerId: customer.id };
  // Placed at 09/03/2026 23:59:59 and 10/03/2026 00:00:00 in São Paulo (UTC−3), and on 11/03 at noon.
  const placed = {
    late: '2026-03-10T02:59:59.000Z',
    midnight: '2026-03-10T03:00:00.000Z',
    next: '2026-03-11T15:00:00.000Z',
  };
  for (const [name, at] of Object.entries(placed)) {
    const order = await createOrder(t.db, iris, { status: S.ENTREGUE });
    await t.db
      .updateTable('orders')
      .set({ created_at: new Date(at) })
      .where('id', '=', order.id)
      .execute();
    codes[name] = order.code;
  }
  const cancelled = await createOrder(t.db, iris, { status: S.CANCELADO });
  codes.cancelled = cancelled.code;
  // Someone else's order in the same status, to be left out by the name.
  codes.other = (await createOrder(t.db, world, { status: S.ENTREGUE })).code;
}, 120_000);
afterAll(() => t.close());

const codesOf = (body: { orders: Array<{ code: string }> }) => body.orders.map((o) => o.code).sort();

describe('orders filtered by customer and period (issue 20 §5)', () => {
  it('finds the customer by any case and with or without accents', async () => {
    for (const q of ['conceição', 'CONCEICAO', 'íris filtrável', 'Iris  Conceicao']) {
      const answer = await get(`/orders/status/${S.ENTREGUE}?q=${encodeURIComponent(q)}`);
      expect(answer.statusCode).toBe(200);
      expect(answer.json().total).toBe(3);
      expect(codesOf(answer.json())).toEqual([codes.late, codes.midnight, codes.next].sort());
    }
    expect((await get(`/orders/status/${S.ENTREGUE}?q=conceicao%20zzz`)).json()).toEqual({ orders: [], total: 0 });
  });

  it('takes both days of a period whole, São Paulo time', async () => {
    const q = 'filtravel';
    const only10 = (await get(`/orders/status/${S.ENTREGUE}?q=${q}&from=2026-03-10&to=2026-03-10`)).json();
    expect(codesOf(only10)).toEqual([codes.midnight]);
    const until9 = (await get(`/orders/status/${S.ENTREGUE}?q=${q}&to=2026-03-09`)).json();
    expect(codesOf(until9)).toEqual([codes.late]);
    const from10 = (await get(`/orders/status/${S.ENTREGUE}?q=${q}&from=2026-03-10&items=1&page=1`)).json();
    // two match (10/03 00:00 and 11/03); page 1 of 1 item is the older change of the two
    expect(from10.total).toBe(2);
    expect(from10.orders).toHaveLength(1);
  });

  it('counts the cards with the same filter', async () => {
    const answer = await get('/orders/status?q=conceicao&from=2026-03-09');
    expect(answer.statusCode).toBe(200);
    const counts = answer.json().data as Array<{ key: number; quantity: number }>;
    expect(counts.find((c) => c.key === S.ENTREGUE)?.quantity).toBe(3);
    // the cancelled order was placed "now" (three days ago in test time), within from=2026-03-09
    expect(counts.find((c) => c.key === S.CANCELADO)?.quantity).toBe(1);
    expect(counts.filter((c) => c.quantity > 0)).toHaveLength(2);
  });

  it('keeps the old calls unchanged and refuses a bad period in Portuguese', async () => {
    const plain = (await get(`/orders/status/${S.ENTREGUE}`)).json();
    expect(plain.total).toBe(4);
    expect(plain.orders).toHaveLength(4);
    const all = (await get('/orders/status')).json().data as Array<{ key: number; quantity: number }>;
    expect(all.find((c) => c.key === S.ENTREGUE)?.quantity).toBe(4);
    const reversed = await get(`/orders/status/${S.ENTREGUE}?from=2026-03-10&to=2026-03-09`);
    expect(reversed.statusCode).toBe(400);
    expect(reversed.body).toContain(ORDER_TEXTS.periodReversed);
    const impossible = await get(`/orders/status?from=2026-02-30`);
    expect(impossible.statusCode).toBe(400);
    expect(impossible.body).toContain(ORDER_TEXTS.dayInvalid);
  });
});

describe('the details carry what the WhatsApp message needs', () => {
  it('answers the customer phone and when the order left for delivery', async () => {
    const order = await createOrder(t.db, world, { status: S.EM_ENTREGA, delivererId: world.staff.courier });
    const history = await t.db
      .selectFrom('order_status_history')
      .select('created_at')
      .where('order_id', '=', order.id)
      .where('status', '=', S.EM_ENTREGA)
      .executeTakeFirstOrThrow();
    const detail = (await get(`/orders/by-id/${order.id}`)).json().data;
    expect(detail.customerPhone).toBe('11999990000');
    expect(detail.departedAt).toBe(new Date(history.created_at).toISOString());
    const waiting = await createOrder(t.db, world, { status: S.AGUARDANDO_ESTOQUISTA });
    expect((await get(`/orders/by-id/${waiting.id}`)).json().data.departedAt).toBeNull();
  });
});

describe("the details carry what the order's PDF prints of the customer (issue 35 §8)", () => {
  it("answers the customer's CPF formatted and his address as registered", async () => {
    await t.db
      .updateTable('customers')
      .set({
        street: 'Rua das Flores',
        number: '123',
        complement: 'Apto 4',
        city: 'São Paulo',
        state: 'SP',
        zip_code: '01234567',
      })
      .where('id', '=', world.customerId)
      .execute();
    const order = await createOrder(t.db, world, { status: S.AGUARDANDO_ESTOQUISTA });
    const detail = (await get(`/orders/by-id/${order.id}`)).json().data;
    expect(detail.customerDocument).toBe('529.982.247-25');
    expect(detail.customerAddress).toEqual({
      street: 'Rua das Flores',
      number: '123',
      complement: 'Apto 4',
      neighborhood: 'Centro',
      city: 'São Paulo',
      state: 'SP',
      zipCode: '01234567',
    });
  });
});
