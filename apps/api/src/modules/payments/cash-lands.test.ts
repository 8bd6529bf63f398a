import {
  cashFlowSchema,
  cashSessionDetailsSchema,
  courierRunSchema,
  ORDER_STATUS,
  orderPaymentsSchema,
  settlementSchema,
} from '@backoffice/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { bearer, type DemoRole, expectApiError, type TestApp, tokenCaller } from '../../test/helpers';
import { closeOpenDrawers, departuresFromNow, openCashWorld } from '../cash/test-cash';
import { createOrder, type OrderWorld } from '../orders/test-orders';

/**
 * Cash always lands (issue 54 §2, decision 0075), every figure worked out by hand. The world's products cost
 * R$ 19,90 and R$ 50,00; a motoboy order adds R$ 15,00 of freight, a pickup none.
 */
let t: TestApp;
let world: OrderWorld;
let tokens: Record<DemoRole, string>;
let signature: string;
const call = tokenCaller(() => t.app);

let registers = 0;
/** A register of the test's own (the shop now uses drawers), opened by the attendant with `float` when given. */
async function register(float?: number) {
  const made = await call('POST', '/cash-registers', tokens.admin, { name: `Caixa entrega ${++registers}` });
  expect(made.statusCode, made.body).toBe(201);
  const { id } = made.json().data as { id: number };
  if (float !== undefined) {
    const opened = await call('POST', `/cash-registers/${id}/open`, tokens.attendant, { float });
    expect(opened.statusCode, opened.body).toBe(201);
  }
  return id;
}

async function mySession(registerId: number) {
  const sessionId = (
    await t.db
      .selectFrom('cash_sessions')
      .select('id')
      .where('register_id', '=', registerId)
      .where('closed_at', 'is', null)
      .executeTakeFirstOrThrow()
  ).id;
  // Read by the manager: the operator counts blind and is not told 'expected' while it is open (decision 0078).
  const res = await call('GET', `/cash-registers/sessions/${sessionId}`, tokens.manager);
  expect(res.statusCode, res.body).toBe(200);
  return cashSessionDetailsSchema.parse(res.json().data);
}

const finalize = (orderId: number) =>
  t.app.inject({
    method: 'POST',
    url: '/api/workflow/order/finalize',
    payload: { orderId },
    headers: bearer(tokens.attendant),
  });

async function paymentsOf(orderId: number) {
  const res = await call('GET', `/orders/${orderId}/payments`, tokens.attendant);
  expect(res.statusCode, res.body).toBe(200);
  return orderPaymentsSchema.parse(res.json()).data;
}

const partRows = (orderId: number) =>
  t.db
    .selectFrom('order_payments')
    .select(['id', 'method', 'amount_cents', 'status', 'at_door', 'created_by'])
    .where('order_id', '=', orderId)
    .orderBy('seq')
    .execute();

const departure = departuresFromNow();

beforeAll(async () => {
  ({ t, world, tokens, signature } = await openCashWorld());
}, 120_000);
// Each test starts with every register closed, whatever the one before left open.
afterEach(() => closeOpenDrawers(t.db));
afterAll(() => t.close());

describe('a cash order handed over at the counter', () => {
  it('without an open drawer it is refused, nothing written; opened, the R$ 100,00 is a paid part and lands in it', async () => {
    await register();
    // A pickup of 2 × R$ 50,00 = R$ 100,00 in cash, waiting at the counter.
    const pickup = await createOrder(t.db, world, {
      status: ORDER_STATUS.AGUARDANDO_CLIENTE,
      quantities: [0, 2],
      deliveryType: 2,
    });
    const refused = expectApiError(await finalize(pickup.id), 409, 'CASH_DRAWER_CLOSED');
    expect(refused.errors[0]).toBe(
      'Abra o seu caixa para receber R$ 100,00 em dinheiro: o dinheiro entra no caixa de quem entrega o pedido.',
    );
    expect(await partRows(pickup.id)).toEqual([]);
    const still = await t.db
      .selectFrom('orders')
      .select('status')
      .where('id', '=', pickup.id)
      .executeTakeFirstOrThrow();
    expect(still.status).toBe(ORDER_STATUS.AGUARDANDO_CLIENTE);

    const drawer = await register(50);
    const done = await finalize(pickup.id);
    expect(done.statusCode, done.body).toBe(200);
    const [part] = await partRows(pickup.id);
    expect(part).toMatchObject({
      method: 'CASH',
      amount_cents: 10_000,
      status: 'CONFIRMED',
      at_door: false,
      created_by: world.staff.attendant,
    });
    expect(await paymentsOf(pickup.id)).toMatchObject({ total: 100, paid: 100, due: 0, paidInFull: true });
    // Float 50,00 + the sale 100,00 = 150,00; the entry names the part.
    const session = await mySession(drawer);
    expect(session.totals).toMatchObject({ float: 50, in: 100, expected: 150 });
    const entries = await t.db
      .selectFrom('cash_entries')
      .select(['kind', 'amount_cents', 'payment_id'])
      .where('order_id', '=', pickup.id)
      .execute();
    expect(entries.map((e) => [e.kind, Number(e.amount_cents), e.payment_id])).toEqual([['SALE', 10_000, part?.id]]);
  });

  it('a card part of R$ 19,90 taken before: the cash part is the R$ 100,00 left, and only that lands', async () => {
    const drawer = await register(20);
    // 19,90 + 2 × 50,00 = 119,90.
    const pickup = await createOrder(t.db, world, {
      status: ORDER_STATUS.AGUARDANDO_CLIENTE,
      quantities: [1, 2],
      deliveryType: 2,
    });
    const card = await call('POST', `/orders/${pickup.id}/payments`, tokens.attendant, {
      method: 'CARD',
      amount: 19.9,
      card: { kind: 'DEBIT', brand: 'Visa', instalments: 1, nsu: '445566', authorizationCode: 'XY12' },
    });
    expect(card.statusCode, card.body).toBe(200);
    const done = await finalize(pickup.id);
    expect(done.statusCode, done.body).toBe(200);
    expect((await partRows(pickup.id)).map((p) => [p.method, p.amount_cents, p.status])).toEqual([
      ['CARD', 1990, 'CONFIRMED'],
      ['CASH', 10_000, 'CONFIRMED'],
    ]);
    expect(await paymentsOf(pickup.id)).toMatchObject({ total: 119.9, paid: 119.9, due: 0, paidInFull: true });
    // Float 20,00 + 100,00 = 120,00: the card never touches the drawer.
    expect((await mySession(drawer)).totals).toMatchObject({ in: 100, expected: 120 });
  });

  it('a cash part added by hand needs the open drawer too, when the shop uses drawers', async () => {
    await register();
    const order = await createOrder(t.db, world, {
      status: ORDER_STATUS.AGUARDANDO_CLIENTE,
      quantities: [1, 0],
      deliveryType: 2,
    });
    const refused = expectApiError(
      await call('POST', `/orders/${order.id}/payments`, tokens.attendant, { method: 'CASH', amount: 10 }),
      409,
      'CASH_DRAWER_CLOSED',
    );
    expect(refused.errors[0]).toBe(
      'Abra o seu caixa para receber R$ 10,00 em dinheiro: o dinheiro entra no caixa de quem entrega o pedido.',
    );
    expect(await partRows(order.id)).toEqual([]);
  });

  it('a shop without any register keeps working: the part is recorded, no drawer entry', async () => {
    // The shop stops using drawers: every register of this app deactivated (all closed after each test).
    const active = await t.db.selectFrom('cash_registers').select('id').where('active', '=', true).execute();
    await t.db.updateTable('cash_registers').set({ active: false }).execute();
    try {
      const pickup = await createOrder(t.db, world, {
        status: ORDER_STATUS.AGUARDANDO_CLIENTE,
        quantities: [2, 1],
        deliveryType: 2,
      });
      const done = await finalize(pickup.id);
      expect(done.statusCode, done.body).toBe(200);
      // 2 × 19,90 + 50,00 = 89,80.
      expect(await paymentsOf(pickup.id)).toMatchObject({ total: 89.8, paid: 89.8, due: 0, paidInFull: true });
      expect(await t.db.selectFrom('cash_entries').select('id').where('order_id', '=', pickup.id).execute()).toEqual(
        [],
      );
    } finally {
      if (active.length > 0) {
        await t.db
          .updateTable('cash_registers')
          .set({ active: true })
          .where(
            'id',
            'in',
            active.map((r) => r.id),
          )
          .execute();
      }
    }
  });
});

describe('a cash order delivered by the courier', () => {
  it("records the cash collected at the door as paid; the run's R$ 480,00 is still what the settlement expects", async () => {
    const receivedToday = async () => {
      const res = await call('GET', '/cash-flow', tokens.admin);
      expect(res.statusCode, res.body).toBe(200);
      const flow = cashFlowSchema.parse(res.json().data);
      return flow.rows.find((row) => row.start === flow.today)?.received ?? 0;
    };
    const before = await receivedToday();
    const drawer = await register(100);
    // 5 × 50,00 + 15,00 = 265,00 and 4 × 50,00 + 15,00 = 215,00: R$ 480,00 in cash.
    const orders = [
      await createOrder(t.db, world, { status: ORDER_STATUS.AGUARDANDO_MOTOBOY, quantities: [0, 5] }),
      await createOrder(t.db, world, { status: ORDER_STATUS.AGUARDANDO_MOTOBOY, quantities: [0, 4] }),
    ];
    const created = await call('POST', '/dispatch/runs', tokens.attendant, {
      departureAt: departure(),
      delivererId: world.staff.courier,
      orderIds: orders.map((order) => order.id),
    });
    expect(created.statusCode, created.body).toBe(200);
    const run = courierRunSchema.parse(created.json().data);
    expect(run.cashToCollect).toBe(480);
    for (const order of orders) {
      for (const action of ['withdraw', 'deliver']) {
        const moved = await t.app.inject({
          method: 'PATCH',
          url: `/api/workflow/order/${action}`,
          payload: action === 'deliver' ? { orderId: order.id, signature } : { orderId: order.id },
          headers: bearer(tokens.courier),
        });
        expect(moved.statusCode, moved.body).toBe(200);
      }
    }
    const [first, second] = orders as unknown as [{ id: number }, { id: number }];
    expect(await partRows(first.id)).toEqual([
      expect.objectContaining({ method: 'CASH', amount_cents: 26_500, status: 'CONFIRMED', at_door: true }),
    ]);
    expect((await partRows(first.id))[0]?.created_by).toBe(world.staff.courier);
    expect(await paymentsOf(second.id)).toMatchObject({ total: 215, paid: 215, due: 0, paidInFull: true });
    // Nothing in a drawer yet: the courier holds the cash until his settlement.
    expect((await mySession(drawer)).totals).toMatchObject({ in: 0, expected: 100 });

    // The run still says R$ 480,00 to collect, each order its own cash.
    const again = await call('GET', `/dispatch/runs/${run.id}`, tokens.attendant);
    expect(again.statusCode, again.body).toBe(200);
    const read = courierRunSchema.parse(again.json().data);
    expect(read.cashToCollect).toBe(480);
    expect(read.orders.map((o) => o.cashToCollect)).toEqual([265, 215]);

    const settled = await call('POST', `/dispatch/runs/${run.id}/settlement`, tokens.attendant, {
      declaredCash: 480,
      cashRegisterId: drawer,
    });
    expect(settled.statusCode, settled.body).toBe(200);
    expect(settlementSchema.parse(settled.json().data)).toMatchObject({ expectedCash: 480, declaredCash: 480 });
    // Float 100,00 + the settlement 480,00 = 580,00: the door's parts were not counted a second time.
    const session = await mySession(drawer);
    expect(session.totals).toMatchObject({ in: 480, expected: 580 });
    expect(session.entries.map((e) => [e.kind, e.amount])).toEqual([['SETTLEMENT', 480]]);
    // 'Fluxo de caixa' takes the R$ 480,00 once, at the settlement (the door's parts are that same money).
    expect(Number(((await receivedToday()) - before).toFixed(2))).toBe(480);
  });
});
