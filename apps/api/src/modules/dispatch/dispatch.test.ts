import {
  apiErrorSchema,
  boardOrdersSchema,
  boardSummarySchema,
  courierRunSchema,
  DEFAULT_DELIVERY_DEPARTURES,
  departuresSchema,
  EMPLOYEE_FUNCS,
  nextDeliveryDeparture,
  ORDER_STATUS,
  saoPauloDay,
  settlementSchema,
} from '@backoffice/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Principal } from '../../plugins/auth';
import { createTestApp, type DemoRole, expectApiError, injectApi, signInAll, type TestApp } from '../../test/helpers';
import { pdfText } from '../../test/pdf-text';
import { createOrder, createOrderWorld, type OrderWorld, picture } from '../orders/test-orders';
import { createDispatchService } from './dispatch.service';

type Role = DemoRole;
let t: TestApp;
let world: OrderWorld;
const tokens = {} as Record<Role, string>;
let signature: string;

const call = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object, token = tokens.attendant) =>
  injectApi(t.app, method, url, token, payload);

const expectError = expectApiError;

/** An order packed for a motoboy (Aguardando motoboy), paid as given; `quantities` of the world's products. */
async function packed(quantities: number[], payment: 'CASH' | 'PIX' | 'BANK_TRANSFER' = 'CASH') {
  const order = await createOrder(t.db, world, { status: ORDER_STATUS.AGUARDANDO_MOTOBOY, quantities });
  await t.db.updateTable('orders').set({ payment_method: payment }).where('id', '=', order.id).execute();
  return order;
}

/**
 * The n-th departure from now (1: the next one). Each test takes its own, so that no test finds a run another
 * one made (one run per courier and departure).
 */
function departure(n: number): string {
  let at = new Date();
  for (let i = 0; i < n; i++) at = nextDeliveryDeparture(at, DEFAULT_DELIVERY_DEPARTURES);
  return at.toISOString();
}
const statusOf = async (id: number) =>
  await t.db.selectFrom('orders').select(['status', 'deliverer_id']).where('id', '=', id).executeTakeFirstOrThrow();
const runCount = async () =>
  Number(
    (
      await t.db
        .selectFrom('courier_runs')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

beforeAll(async () => {
  t = await createTestApp();
  world = await createOrderWorld(t.db);
  Object.assign(tokens, await signInAll(t.app));
  signature = await picture('png');
}, 120_000);
afterAll(() => t.close());

describe('a courier run, from the board to the settlement', () => {
  it('settles a run of five orders: two cash delivered, a Pix and a transfer paid before, one absent; R$ 10,00 short', async () => {
    // Each order: the world's products at R$ 19,90 and R$ 50,00, plus R$ 15,00 of freight (motoboy).
    const cashA = await packed([1, 0]); // 19,90 + 15,00 = R$ 34,90, collected
    const cashB = await packed([0, 1]); // 50,00 + 15,00 = R$ 65,00, collected
    const pix = await packed([2, 1], 'PIX'); // paid before: nothing to collect
    const absent = await packed([1, 1]); // R$ 84,90 in cash, but the customer is not home
    const transfer = await packed([3, 0], 'BANK_TRANSFER'); // paid before
    const departureAt = departure(1);

    const created = await call('POST', '/dispatch/runs', {
      departureAt,
      delivererId: world.staff.courier,
      orderIds: [cashA.id, cashB.id, pix.id, absent.id, transfer.id],
    });
    expect(created.statusCode).toBe(200);
    const run = courierRunSchema.parse((created.json() as { data: unknown }).data);
    expect(run.orders.map((o) => o.code)).toEqual([cashA.code, cashB.code, pix.code, absent.code, transfer.code]);
    // To collect at the doors: 34,90 + 65,00 + 84,90 = R$ 184,80.
    expect(run.cashToCollect).toBe(184.8);
    expect((await statusOf(cashA.id)).deliverer_id).toBe(world.staff.courier);

    const courier = tokens.courier;
    for (const order of [cashA, cashB, pix, absent, transfer]) {
      expect((await call('PATCH', '/workflow/order/withdraw', { orderId: order.id }, courier)).statusCode).toBe(200);
    }
    // Still out: no settlement yet.
    const early = expectError(
      await call('POST', `/dispatch/runs/${run.id}/settlement`, { declaredCash: 0 }),
      409,
      'CONFLICT',
    );
    expect(early.errors[0]).toBe(`O pedido ${cashA.code} ainda não foi entregue nem devolvido à loja.`);

    for (const order of [cashA, cashB, pix, transfer]) {
      const res = await call('PATCH', '/workflow/order/deliver', { orderId: order.id, signature }, courier);
      expect(res.statusCode).toBe(200);
    }
    expect((await call('PATCH', '/workflow/order/absent', { orderId: absent.id }, courier)).statusCode).toBe(200);
    expect((await statusOf(absent.id)).status).toBe(ORDER_STATUS.AGUARDANDO_CLIENTE);

    // Expected: the delivered cash orders only, 34,90 + 65,00 = R$ 99,90; the courier brings R$ 89,90.
    expectError(await call('POST', `/dispatch/runs/${run.id}/settlement`, { declaredCash: 89.9 }), 400, 'BAD_REQUEST');
    const settled = await call('POST', `/dispatch/runs/${run.id}/settlement`, {
      declaredCash: 89.9,
      note: 'Troco dado a mais no pedido do Centro.',
    });
    expect(settled.statusCode).toBe(200);
    const settlement = settlementSchema.parse((settled.json() as { data: unknown }).data);
    expect(settlement).toMatchObject({
      runId: run.id,
      expectedCash: 99.9,
      declaredCash: 89.9,
      difference: -10,
      note: 'Troco dado a mais no pedido do Centro.',
      delivered: 4,
      broughtBack: 1,
    });
    expect(settlement.settledBy.id).toBe(world.staff.attendant);
    // The same settlement sent again (its answer was lost on the way): the recorded one, nothing written twice.
    const again = await call('POST', `/dispatch/runs/${run.id}/settlement`, {
      declaredCash: 89.9,
      note: 'Troco dado a mais no pedido do Centro.',
    });
    expect(again.statusCode).toBe(200);
    expect(settlementSchema.parse((again.json() as { data: unknown }).data)).toEqual(settlement);
    const audits = await t.db
      .selectFrom('audit_events')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('entity', '=', 'courier_run')
      .where('entity_id', '=', String(run.id))
      .where('action', '=', 'settle')
      .executeTakeFirstOrThrow();
    expect(Number(audits.n)).toBe(1);
    // A different settlement of a settled run is refused.
    expectError(
      await call('POST', `/dispatch/runs/${run.id}/settlement`, { declaredCash: 89.9, note: 'De novo' }),
      409,
      'CONFLICT',
    );

    const today = saoPauloDay(new Date());
    const report = await call(
      'GET',
      `/dispatch/settlements?start=${today}&end=${today}&delivererId=${world.staff.courier}`,
    );
    const rows = (report.json() as { data: { runId: number; difference: number }[] }).data;
    expect(rows.find((row) => row.runId === run.id)?.difference).toBe(-10);
    // A page at a time: one row a page; the count and the cash totals are the whole period's.
    const whole = report.json() as { total: number; totals: { difference: number; expectedCash: number } };
    expect(whole.total).toBe(rows.length);
    const cents = (reais: number) => Math.round(reais * 100);
    expect(cents(whole.totals.difference)).toBe(rows.reduce((sum, row) => sum + cents(row.difference), 0));
    const period = `start=${today}&end=${today}&delivererId=${world.staff.courier}`;
    const pages = await Promise.all(
      rows.map(async (_row, page) =>
        (await call('GET', `/dispatch/settlements?${period}&items=1&page=${page}`)).json(),
      ),
    );
    expect(pages.map((p) => p.data.length)).toEqual(rows.map(() => 1));
    expect(pages.map((p) => p.data[0].runId)).toEqual(rows.map((row) => row.runId));
    expect(pages.every((p) => p.total === rows.length && p.totals.difference === whole.totals.difference)).toBe(true);
    const beyond = (await call('GET', `/dispatch/settlements?${period}&items=1&page=${rows.length}`)).json();
    expect(beyond).toMatchObject({ data: [], total: rows.length });
    expect((await call('GET', `/dispatch/settlements?${period}&items=101`)).statusCode).toBe(400);
  });

  it('prints the run sheet: each order with its address, what to collect, and the total cash', async () => {
    const cash = await packed([1, 0]); // R$ 34,90 to collect
    const paid = await packed([0, 1], 'PIX'); // paid before
    const created = await call('POST', '/dispatch/runs', {
      departureAt: departure(4),
      delivererId: world.staff.courier2,
      orderIds: [cash.id, paid.id],
    });
    const run = courierRunSchema.parse((created.json() as { data: unknown }).data);
    const res = await call('GET', `/dispatch/runs/${run.id}/sheet.pdf`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(res.rawPayload);
    expect(text).toContain('Romaneio de entrega');
    expect(text).toContain(cash.code);
    expect(text).toContain('Receber em dinheiro: R$ 34,90');
    expect(text).toContain('Pago (Pix): nada a receber');
    expect(text).toContain('Total em dinheiro a receber: R$ 34,90');
    expect(text).toContain('Recebido por: ______________________________');

    // Delivered with the receiver's name and document (decision 0039): the sheet printed again says who.
    const png = await picture('png');
    for (const [path, body] of [
      ['/workflow/order/withdraw', { orderId: cash.id }],
      [
        '/workflow/order/deliver',
        { orderId: cash.id, signature: png, receiverName: 'Maria Souza', receiverDocument: '52998224725' },
      ],
    ] as const) {
      const moved = await call('PATCH', path, body, tokens.courier2);
      expect(moved.statusCode, moved.body).toBe(200);
    }
    const printed = await call('GET', `/dispatch/runs/${run.id}/sheet.pdf`);
    expect(printed.statusCode, printed.body.slice(0, 300)).toBe(200);
    const again = pdfText(printed.rawPayload);
    expect(again).toContain('Recebido por: Maria Souza (documento 529.982.247-25)');
    // The paid order is still on its way: its line is left to be filled in by hand.
    expect(again.split('Recebido por: ______________________________').length - 1).toBe(1);
  });

  it('a cash order with a part paid at the shop: the courier collects the rest only, on the run, its sheet and his order', async () => {
    // R$ 50,00 + R$ 15,00 freight = R$ 65,00 in cash; R$ 40,00 paid by card at the shop: R$ 25,00 at the door.
    const order = await packed([0, 1]);
    const part = await call('POST', `/orders/${order.id}/payments`, {
      method: 'CARD',
      amount: 40,
      card: { kind: 'DEBIT', brand: 'Elo', instalments: 1, nsu: '112233', authorizationCode: 'C4D5' },
    });
    expect(part.statusCode, part.body).toBe(200);
    const created = await call('POST', '/dispatch/runs', {
      departureAt: departure(6),
      delivererId: world.staff.courier,
      orderIds: [order.id],
    });
    expect(created.statusCode, created.body).toBe(200);
    const run = courierRunSchema.parse((created.json() as { data: unknown }).data);
    expect(run.orders[0]).toMatchObject({ paymentMethod: 'CASH', cashToCollect: 25 });
    expect(run.cashToCollect).toBe(25);
    const text = pdfText((await call('GET', `/dispatch/runs/${run.id}/sheet.pdf`)).rawPayload);
    expect(text).toContain('Receber em dinheiro: R$ 25,00');
    expect(text).not.toContain('R$ 65,00 em dinheiro');
    const summary = await call('GET', `/orders/by-id/${order.id}`);
    expect(summary.json()).toMatchObject({ data: { cashToCollect: 25 } });
  });

  it("'Levar maquininha' after a part was paid: the run, its sheet and the courier's order say the balance, then nothing", async () => {
    // The world's R$ 50,00 product + R$ 15,00 freight = R$ 65,00, a card charged at the door (issue 38).
    const order = await packed([0, 1]);
    await t.db
      .updateTable('orders')
      .set({ payment_method: 'CARD', card_on_delivery: true })
      .where('id', '=', order.id)
      .execute();
    // R$ 40,00 paid before it leaves (a part of its own): the card charges R$ 65,00 − R$ 40,00 = R$ 25,00.
    const part = await call('POST', `/orders/${order.id}/payments`, { method: 'CASH', amount: 40 });
    expect(part.statusCode, part.body).toBe(200);
    const created = await call('POST', '/dispatch/runs', {
      departureAt: departure(5),
      delivererId: world.staff.courier,
      orderIds: [order.id],
    });
    expect(created.statusCode, created.body).toBe(200);
    const run = courierRunSchema.parse((created.json() as { data: unknown }).data);
    expect(run.orders[0]).toMatchObject({ cardOnDelivery: true, cardToCollect: 25, cashToCollect: 0 });
    expect(run.cashToCollect).toBe(0);
    const text = pdfText((await call('GET', `/dispatch/runs/${run.id}/sheet.pdf`)).rawPayload);
    expect(text).toContain('Levar maquininha: R$ 25,00 no cartão');
    expect(text).not.toContain('R$ 65,00 no cartão');
    // The courier's card reads the order's summary (the same `toOrderSummary` as his tasks' list).
    const summary = await call('GET', `/orders/by-id/${order.id}`);
    expect(summary.json()).toMatchObject({ data: { cardOnDelivery: true, cardToCollect: 25 } });

    // The rest charged by the machine at the door: nothing left to collect.
    const rest = await call('POST', `/orders/${order.id}/payments`, {
      method: 'CARD',
      amount: 25,
      card: { kind: 'DEBIT', brand: 'Elo', instalments: 1, nsu: '445566', authorizationCode: 'X1Y2' },
    });
    expect(rest.statusCode, rest.body).toBe(200);
    const after = courierRunSchema.parse(
      ((await call('GET', `/dispatch/runs/${run.id}`)).json() as { data: unknown }).data,
    );
    expect(after.orders[0]).toMatchObject({ cardOnDelivery: true, cardToCollect: 0 });
    const paid = pdfText((await call('GET', `/dispatch/runs/${run.id}/sheet.pdf`)).rawPayload);
    expect(paid).toContain('Pago (Cartão): nada a receber');
    expect(paid).not.toContain('Levar maquininha');
  });

  it("orders the courier's list as the run: the sheet's order, given by the dispatcher", async () => {
    const first = await packed([1, 0]);
    const second = await packed([0, 1]);
    const created = await call('POST', '/dispatch/runs', {
      departureAt: departure(5),
      delivererId: world.staff.courier2,
      orderIds: [second.id, first.id],
    });
    const run = courierRunSchema.parse((created.json() as { data: unknown }).data);
    expect(run.orders.map((o) => o.orderId)).toEqual([second.id, first.id]);
    const tasks = await call('GET', '/orders/tasks?kind=delivery&items=50', undefined, tokens.courier2);
    const listed = (tasks.json() as { orders: { orderId: number }[] }).orders.map((o) => o.orderId);
    expect(listed.filter((id) => id === first.id || id === second.id)).toEqual([second.id, first.id]);
  });

  it('lets one of two dispatchers take an order assigned to two couriers at once', async () => {
    const order = await packed([1, 0]);
    const departureAt = departure(2);
    const answers = await Promise.all(
      [world.staff.courier, world.staff.courier2].map((delivererId) =>
        call('POST', '/dispatch/runs', { departureAt, delivererId, orderIds: [order.id] }),
      ),
    );
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 409]);
    const winner = answers.find((res) => res.statusCode === 200);
    if (!winner) throw new Error('no assignment succeeded');
    const run = courierRunSchema.parse((winner.json() as { data: unknown }).data);
    expect((await statusOf(order.id)).deliverer_id).toBe(run.deliverer.id);
    const loser = answers.find((res) => res.statusCode === 409);
    expect(apiErrorSchema.parse(loser?.json()).errors[0]).toBe(
      `O pedido ${order.code} já está na rota de outro motoboy.`,
    );
  });

  it('refuses an order not waiting for a courier, a courier who is not one, a departure gone or off the schedule; nothing changes', async () => {
    const waiting = await packed([1, 0]);
    const notPacked = await createOrder(t.db, world, { status: ORDER_STATUS.EM_PREPARACAO });
    const departureAt = departure(3);
    const before = await runCount();

    const refused = expectError(
      await call('POST', '/dispatch/runs', {
        departureAt,
        delivererId: world.staff.courier,
        orderIds: [waiting.id, notPacked.id],
      }),
      409,
      'TRANSITION_REFUSED',
    );
    expect(refused.errors[0]).toBe(`O pedido ${notPacked.code} não está aguardando motoboy.`);
    expect((await statusOf(waiting.id)).deliverer_id).toBeNull();
    expect(await runCount()).toBe(before);

    const notCourier = await call('POST', '/dispatch/runs', {
      departureAt,
      delivererId: world.staff.attendant,
      orderIds: [waiting.id],
    });
    expect(apiErrorSchema.parse(notCourier.json()).errors[0]).toBe('O funcionário escolhido não é um motoboy ativo.');
    // Monday 24/11/2025 at 10:40 São Paulo time (13:40 UTC) is a departure of the schedule that has left;
    // Monday 25/11/2030 at 09:00 São Paulo time (12:00 UTC) is no departure at all.
    const gone = await call('POST', '/dispatch/runs', {
      departureAt: '2025-11-24T13:40:00.000Z',
      delivererId: world.staff.courier,
      orderIds: [waiting.id],
    });
    expect(apiErrorSchema.parse(gone.json()).errors[0]).toBe('Esta saída já passou: escolha uma próxima.');
    const offSchedule = await call('POST', '/dispatch/runs', {
      departureAt: '2030-11-25T12:00:00.000Z',
      delivererId: world.staff.courier,
      orderIds: [waiting.id],
    });
    expect(apiErrorSchema.parse(offSchedule.json()).errors[0]).toBe(
      'Horário de saída inválido: escolha uma das saídas dos motoboys.',
    );
    expect(await runCount()).toBe(before);
    // A courier does not dispatch (no orders permission).
    expect((await call('GET', `/dispatch/departures?date=2026-11-23`, undefined, tokens.courier)).statusCode).toBe(403);
  });

  it('shows on the board the orders waiting, late ones with the next departure, immediate deliveries first', async () => {
    const late = await packed([1, 0]);
    const immediate = await createOrder(t.db, world, { status: ORDER_STATUS.ENTREGA_IMEDIATA });
    const next = nextDeliveryDeparture(new Date(), DEFAULT_DELIVERY_DEPARTURES);
    const res = await call('GET', `/dispatch/departures?date=${saoPauloDay(next)}`);
    expect(res.statusCode).toBe(200);
    const board = departuresSchema.parse(res.json()).data;
    expect(board[0]?.departureAt).toBeNull();
    expect(board[0]?.orders.map((o) => o.orderId)).toContain(immediate.id);
    const departure = board.find((d) => d.departureAt === next.toISOString());
    // Packed three days ago (the test order's history): its departure left, it goes with the next one, late.
    expect(departure?.orders.find((o) => o.orderId === late.id)).toMatchObject({ late: true, cashToCollect: 34.9 });
  });
});

describe("the board at a real shop's size: the figures first, the orders a page at a time (issue 36)", () => {
  /** The order packed (in Aguardando motoboy since) at `at`, in `neighborhood`. */
  async function packedAt(at: string, neighborhood: string, quantities: number[], payment: 'CASH' | 'PIX' = 'CASH') {
    const order = await packed(quantities, payment);
    await t.db.updateTable('orders').set({ neighborhood }).where('id', '=', order.id).execute();
    await t.db
      .updateTable('order_status_history')
      .set({ created_at: new Date(at) })
      .where('order_id', '=', order.id)
      .where('status', '=', ORDER_STATUS.AGUARDANDO_MOTOBOY)
      .execute();
    return order;
  }
  const dispatcher = (): Principal => ({
    employeeId: world.staff.attendant,
    name: 'Atendente',
    permissions: ['bo:manage:orders'],
    func: EMPLOYEE_FUNCS.ATTENDANT,
    tokenVersion: 0,
  });

  it("counts each departure's orders, the late ones and the cash, and pages them by neighbourhood, as the whole board says", async () => {
    // Monday 05/01/2026 at 11:00 in São Paulo (14:00 UTC): the 10:40 (13:40 UTC) has left, the 14:10 (17:10
    // UTC) is next. Section 9's week.
    const now = new Date('2026-01-05T14:00:00.000Z');
    const service = createDispatchService(t.db);
    // Packed Saturday 03/01 at 11:00 for Saturday's 12:00, and Monday at 08:30 for the 10:40: both late, with
    // the 14:10. Packed Monday at 10:50: on time for the 14:10.
    const saturday = await packedAt('2026-01-03T14:00:00.000Z', 'Vila Mariana', [1, 0]); // R$ 34,90 in cash
    const morning = await packedAt('2026-01-05T11:30:00.000Z', 'Água Branca', [0, 1], 'PIX'); // R$ 65,00, paid
    const onTime = await packedAt('2026-01-05T13:50:00.000Z', 'bela Vista', [2, 1]); // R$ 104,80 in cash
    const inRun = await packedAt('2026-01-05T13:55:00.000Z', 'Centro', [0, 1]); // R$ 65,00, put in a run
    const run = await service.createRun(
      dispatcher(),
      { departureAt: '2026-01-05T17:10:00.000Z', delivererId: world.staff.courier, orderIds: [inRun.id] },
      now,
    );

    const summary = await service.boardSummary(dispatcher(), '2026-01-05', now);
    expect(summary.map((d) => d.departureAt)).toEqual([null, '2026-01-05T13:40:00.000Z', '2026-01-05T17:10:00.000Z']);
    // The 10:40 has left: nothing waits for it.
    expect(summary[1]).toMatchObject({ ordersCount: 0, lateCount: 0, cashToCollect: 0, runs: [] });
    // The 14:10: three orders waiting, two late; cash 34,90 + 104,80 = R$ 139,70 (the Pix is paid). The run's
    // order is in its column only: one order, R$ 65,00 to collect.
    expect(summary[2]).toEqual({
      departureAt: '2026-01-05T17:10:00.000Z',
      ordersCount: 3,
      lateCount: 2,
      cashToCollect: 139.7,
      runs: [
        {
          id: run.id,
          departureAt: '2026-01-05T17:10:00.000Z',
          deliverer: { id: world.staff.courier, name: run.deliverer.name },
          ordersCount: 1,
          codes: [inRun.code],
          cashToCollect: 65,
          settledAt: null,
        },
      ],
    });

    // A page of two, then the last one: by neighbourhood, accents and case aside (Água Branca, bela Vista,
    // Vila Mariana).
    const departure = '2026-01-05T17:10:00.000Z';
    const first = await service.boardOrders(dispatcher(), { departure, page: 0, items: 2 }, now);
    const second = await service.boardOrders(dispatcher(), { departure, page: 1, items: 2 }, now);
    expect(first.total).toBe(3);
    expect(second.total).toBe(3);
    expect([...first.items, ...second.items].map((o) => [o.code, o.late, o.cashToCollect])).toEqual([
      [morning.code, true, 0],
      [onTime.code, false, 104.8],
      [saturday.code, true, 34.9],
    ]);
    expect(first.items[0]).toMatchObject({
      neighborhood: 'Água Branca',
      itemsCount: 1,
      payment: 'Pix',
      packedAt: '2026-01-05T11:30:00.000Z',
    });
    expect((await service.boardOrders(dispatcher(), { departure, page: 2, items: 2 }, now)).items).toEqual([]);
    expect(
      (await service.boardOrders(dispatcher(), { departure: '2026-01-05T13:40:00.000Z', page: 0, items: 50 }, now))
        .total,
    ).toBe(0);

    // The whole board of the day (GET /dispatch/departures) says the same, order by order.
    const whole = await service.departures(dispatcher(), '2026-01-05', now);
    expect(whole[1]?.orders).toEqual([]);
    expect(whole[2]?.orders).toEqual([...first.items, ...second.items]);
    expect(whole[2]?.runs.map((r) => r.orders.map((o) => o.code))).toEqual([[inRun.code]]);
  });

  it('adds an immediate delivery to the first place, whatever the day; counts and pages it through the API', async () => {
    const next = nextDeliveryDeparture(new Date(), DEFAULT_DELIVERY_DEPARTURES);
    const day = saoPauloDay(next);
    const read = async () =>
      boardSummarySchema.parse((await call('GET', `/dispatch/board/summary?date=${day}`)).json()).data;
    const before = await read();
    const immediate = await createOrder(t.db, world, { status: ORDER_STATUS.ENTREGA_IMEDIATA, quantities: [1, 0] });
    const late = await packed([0, 1]);
    const after = await read();
    // One more immediate delivery, R$ 34,90 more in cash (19,90 + 15,00 of freight).
    expect(after[0]?.ordersCount).toBe((before[0]?.ordersCount ?? 0) + 1);
    expect(Math.round((after[0]?.cashToCollect ?? 0) * 100)).toBe(
      Math.round((before[0]?.cashToCollect ?? 0) * 100) + 3490,
    );
    // The packed order (three days ago: late) with the next departure: R$ 65,00 more.
    const at = (list: typeof before) => list.find((d) => d.departureAt === next.toISOString());
    expect(at(after)?.ordersCount).toBe((at(before)?.ordersCount ?? 0) + 1);
    expect(at(after)?.lateCount).toBe((at(before)?.lateCount ?? 0) + 1);

    const pageOf = async (departure: string) => {
      const res = await call('GET', `/dispatch/board/orders?departure=${departure}&page=0&items=100`);
      expect(res.statusCode, res.body).toBe(200);
      return boardOrdersSchema.parse(res.json());
    };
    const immediates = await pageOf('immediate');
    expect(immediates.total).toBe(after[0]?.ordersCount);
    expect(immediates.items.find((o) => o.orderId === immediate.id)).toMatchObject({
      late: false,
      cashToCollect: 34.9,
    });
    const nextPage = await pageOf(encodeURIComponent(next.toISOString()));
    expect(nextPage.total).toBe(at(after)?.ordersCount);
    expect(nextPage.items.find((o) => o.orderId === late.id)).toMatchObject({ late: true, cashToCollect: 65 });
  });

  it('refuses a departure off the schedule, a page too big, and a courier', async () => {
    // Monday 25/11/2030 at 09:00 São Paulo time (12:00 UTC) is no departure of section 9's week.
    const off = await call('GET', '/dispatch/board/orders?departure=2030-11-25T12:00:00.000Z');
    expect(apiErrorSchema.parse(off.json()).errors[0]).toBe(
      'Horário de saída inválido: escolha uma das saídas dos motoboys.',
    );
    expect(off.statusCode).toBe(400);
    expect((await call('GET', '/dispatch/board/orders?departure=amanha')).statusCode).toBe(400);
    expect((await call('GET', '/dispatch/board/orders?departure=immediate&items=101')).statusCode).toBe(400);
    expect((await call('GET', '/dispatch/board/summary?date=25/11/2030')).statusCode).toBe(400);
    const courier = tokens.courier;
    expect((await call('GET', '/dispatch/board/summary?date=2026-11-23', undefined, courier)).statusCode).toBe(403);
    expect((await call('GET', '/dispatch/board/orders?departure=immediate', undefined, courier)).statusCode).toBe(403);
  });
});
