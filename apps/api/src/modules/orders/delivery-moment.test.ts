import { randomUUID } from 'node:crypto';
import { ORDER_STATUS } from '@backoffice/contract';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { bearer, createTestApp, DEMO, signIn, type TestApp } from '../../test/helpers';
import { createOrder, createOrderWorld, type OrderWorld, picture } from './test-orders';

/**
 * Issue 35 §6 and §9 (decision 0039): a delivery is recorded at the moment the customer signed, by the phone's
 * clock corrected by the server's, and with who received it. The server's clock is held at NOW (fake Date);
 * every other time is written here by hand, relative to it.
 */
const NOW = new Date('2026-11-24T18:00:00.000Z'); // 15:00:00 in São Paulo
const minutes = (n: number) => n * 60_000;
const at = (offsetMs: number) => new Date(NOW.getTime() + offsetMs).toISOString();

let t: TestApp;
let world: OrderWorld;
let courier: string;
let admin: string;
let png: string;

beforeAll(async () => {
  t = await createTestApp();
  world = await createOrderWorld(t.db);
  courier = await signIn(t.app, DEMO.courier);
  admin = await signIn(t.app, DEMO.admin);
  png = await picture('png');
});
afterAll(() => t.close());
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});
afterEach(() => {
  vi.useRealTimers();
});

/** An order out for delivery with the courier, that left the shop at `departedAt`. */
async function onTheRoad(departedAt: string) {
  const order = await createOrder(t.db, world, { status: ORDER_STATUS.EM_ENTREGA, delivererId: world.staff.courier });
  await t.db
    .updateTable('order_status_history')
    .set({ created_at: new Date(departedAt) })
    .where('order_id', '=', order.id)
    .where('status', '=', ORDER_STATUS.EM_ENTREGA)
    .execute();
  return order;
}

const deliver = (body: Record<string, unknown>, key?: string) =>
  t.app.inject({
    method: 'PATCH',
    url: '/api/workflow/order/deliver',
    headers: { ...bearer(courier), ...(key ? { 'idempotency-key': key } : {}) },
    payload: { signature: png, ...body },
  });

const detail = async (orderId: number) =>
  (await t.app.inject({ method: 'GET', url: `/api/orders/by-id/${orderId}`, headers: bearer(admin) })).json().data;

async function history(orderId: number) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/reports/order/histories/${orderId}`,
    headers: bearer(admin),
  });
  return (res.json().data.histories as Array<{ statusKey: number; when: string }>).map((h) => [h.statusKey, h.when]);
}

const statusOf = async (orderId: number) =>
  (await t.db.selectFrom('orders').select('status').where('id', '=', orderId).executeTakeFirstOrThrow()).status;

describe('a delivery signed on the phone (decision 0039)', () => {
  it('is recorded when the customer signed, the phone clock corrected by the server, with who received it', async () => {
    const order = await onTheRoad(at(-minutes(120))); // left at 13:00
    // The phone's clock is 2 hours behind: it signed at 10:20 by its clock and sent at 13:00 by its clock (15:00
    // on the server): it signed 40 minutes before sending, at 14:20:00 São Paulo, 17:20:00Z.
    const res = await deliver({
      orderId: order.id,
      occurredAt: at(-minutes(120 + 40)),
      deviceNow: at(-minutes(120)),
      receiverName: '  Maria Souza ',
      receiverDocument: '529.982.247-25',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.updatedAt).toBe(NOW.toISOString());

    expect((await history(order.id)).slice(-2)).toEqual([
      [ORDER_STATUS.EM_ENTREGA, '2026-11-24T16:00:00.000Z'],
      [ORDER_STATUS.ENTREGUE, '2026-11-24T17:20:00.000Z'],
    ]);
    expect(await detail(order.id)).toMatchObject({
      statusKey: ORDER_STATUS.ENTREGUE,
      departedAt: '2026-11-24T16:00:00.000Z',
      deliveredAt: '2026-11-24T17:20:00.000Z',
      receivedBy: { name: 'Maria Souza', document: '52998224725' },
    });
    const signature = await t.app.inject({
      method: 'GET',
      url: `/api/orders/signature/${order.id}`,
      headers: bearer(admin),
    });
    expect(signature.json().data.createdAt).toBe('2026-11-24T17:20:00.000Z');
    const audit = await t.db
      .selectFrom('audit_events')
      .select('changes')
      .where('entity', '=', 'order')
      .where('entity_id', '=', order.code)
      .where('action', '=', 'deliver')
      .executeTakeFirstOrThrow();
    expect(audit.changes).toMatchObject({
      deliveredAt: '2026-11-24T17:20:00.000Z',
      receiverName: 'Maria Souza',
      receiverDocument: '52998224725',
    });
  });

  it('takes the moment as told without the phone clock, and keeps an RG with its X', async () => {
    const order = await onTheRoad(at(-minutes(60)));
    const res = await deliver({
      orderId: order.id,
      occurredAt: '2026-11-24T14:30:00-03:00',
      receiverName: 'João Lima',
      receiverDocument: '12.345.678-x',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await detail(order.id)).toMatchObject({
      deliveredAt: '2026-11-24T17:30:00.000Z',
      receivedBy: { name: 'João Lima', document: '12345678X' },
    });
  });

  it("section 7's body (the signature only) is recorded now, with nobody named", async () => {
    const order = await onTheRoad(at(-minutes(60)));
    expect((await deliver({ orderId: order.id })).statusCode).toBe(200);
    expect(await detail(order.id)).toMatchObject({ deliveredAt: NOW.toISOString(), receivedBy: null });
  });

  it('refuses, in Portuguese, a moment after the sending, before the departure or older than a week', async () => {
    const order = await onTheRoad(at(-minutes(120))); // left at 13:00
    const refusals = [
      {
        // Signed 5 minutes after it was sent, by the phone's own clock.
        body: { occurredAt: at(minutes(5)), deviceNow: at(0) },
        error:
          'O horário da entrega registrado no celular (24/11/2026 15:05:00) é posterior ao envio. Confira a data e a hora do celular; “Tentar de novo” registra a entrega com o horário do envio.',
      },
      {
        // A right clock, but 3 hours ago: an hour before the order left.
        body: { occurredAt: at(-minutes(180)), deviceNow: at(0) },
        error:
          'O horário da entrega registrado no celular (24/11/2026 12:00:00) é anterior à saída do pedido para entrega (24/11/2026 13:00:00). Confira a data e a hora do celular; “Tentar de novo” registra a entrega com o horário do envio.',
      },
    ];
    for (const { body, error } of refusals) {
      const res = await deliver({ orderId: order.id, receiverName: 'Maria Souza', ...body });
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json()).toMatchObject({ code: 'DELIVERY_TIME_REFUSED', errors: [error] });
    }
    // Left 10 days ago; signed 8 days ago (17:00 São Paulo on 16/11).
    const old = await onTheRoad(at(-10 * 24 * minutes(60)));
    const tooOld = await deliver({ orderId: old.id, occurredAt: at(-8 * 24 * minutes(60) + minutes(120)) });
    expect(tooOld.statusCode, tooOld.body).toBe(422);
    expect(tooOld.json().errors).toEqual([
      'O horário da entrega registrado no celular (16/11/2026 17:00:00) tem mais de 7 dias. Confira a data e a hora do celular; “Tentar de novo” registra a entrega com o horário do envio.',
    ]);
    expect([await statusOf(order.id), await statusOf(old.id)]).toEqual([
      ORDER_STATUS.EM_ENTREGA,
      ORDER_STATUS.EM_ENTREGA,
    ]);
    const signatures = await t.db
      .selectFrom('order_images')
      .select('id')
      .where('order_id', 'in', [order.id, old.id])
      .where('kind', '=', 'SIGNATURE')
      .execute();
    expect(signatures).toEqual([]);
  });

  it('a moment a few seconds before the departure (the clocks read apart) is kept at the departure', async () => {
    const order = await onTheRoad(at(-minutes(30)));
    const res = await deliver({ orderId: order.id, occurredAt: at(-minutes(30) - 20_000), deviceNow: at(0) });
    expect(res.statusCode, res.body).toBe(200);
    expect((await detail(order.id)).deliveredAt).toBe(at(-minutes(30)));
  });

  it('the same delivery sent again with its key and a later phone clock happens once, at its first moment', async () => {
    const order = await onTheRoad(at(-minutes(120)));
    const key = randomUUID();
    const body = { orderId: order.id, occurredAt: at(-minutes(50)), receiverName: 'Maria Souza' };
    const first = await deliver({ ...body, deviceNow: at(-minutes(10)) }, key);
    expect(first.statusCode, first.body).toBe(200);
    // The answer was lost; the phone sends it again 5 seconds later by its clock.
    const again = await deliver({ ...body, deviceNow: at(-minutes(10) + 5000) }, key);
    expect(again.statusCode, again.body).toBe(200);
    expect((await history(order.id)).filter(([status]) => status === ORDER_STATUS.ENTREGUE)).toEqual([
      [ORDER_STATUS.ENTREGUE, at(-minutes(40))],
    ]);
  });

  it('refuses a bad name, document or time with 400', async () => {
    const order = await onTheRoad(at(-minutes(60)));
    const cases = [
      [{ receiverName: '   ' }, 'Informe o nome de quem recebeu.'],
      [{ receiverName: 'x'.repeat(121) }, 'O nome pode ter no máximo 120 caracteres.'],
      [
        { receiverDocument: '12-3' },
        'Documento inválido: informe o CPF ou o RG (de 5 a 14 números; o RG pode terminar em X).',
      ],
      [
        { receiverDocument: 'ABC12345' },
        'Documento inválido: informe o CPF ou o RG (de 5 a 14 números; o RG pode terminar em X).',
      ],
      [{ occurredAt: '24/11/2026 14:00' }, 'Data e hora do celular inválidas.'],
    ] as const;
    for (const [fields, error] of cases) {
      const res = await deliver({ orderId: order.id, ...fields });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().errors).toContain(error);
    }
    expect(await statusOf(order.id)).toBe(ORDER_STATUS.EM_ENTREGA);
  });
});
