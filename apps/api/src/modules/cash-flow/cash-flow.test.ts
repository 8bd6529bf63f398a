import {
  apiErrorSchema,
  businessDay,
  businessTimeOn,
  cashFlowSchema,
  ORDER_STATUS,
  shiftDay,
} from '@backoffice/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, DEMO, signIn, type TestApp } from '../../test/helpers';
import { createInstalments } from '../credit/receivables.service';
import { createOrder, createOrderWorld, type OrderWorld } from '../orders/test-orders';

/** The cash flow through the API (issue 40 §4, issue 54 §3), on a fresh business: one instalment and one bill, by hand. */
type Role = keyof typeof DEMO;
let t: TestApp;
let world: OrderWorld;
const tokens = {} as Record<Role, string>;
const today = () => businessDay(new Date());

beforeAll(async () => {
  t = await createTestApp();
  world = await createOrderWorld(t.db);
  for (const [key, email] of Object.entries(DEMO)) tokens[key as Role] = await signIn(t.app, email);
}, 120_000);
afterAll(() => t.close());

describe('GET /cash-flow', () => {
  it("keeps an overdue instalment apart (not today's cash), a bill on its day, and carries the balance typed", async () => {
    // 2 × R$ 50,00 on credit at 28 days, handed over 30 days ago: R$ 100,00 overdue, shown apart.
    const order = await createOrder(t.db, world, {
      status: ORDER_STATUS.AGUARDANDO_CLIENTE,
      quantities: [0, 2],
      deliveryType: 2,
    });
    await t.db
      .updateTable('orders')
      .set({ payment_method: 'CREDIT', credit_terms: JSON.stringify([28]) })
      .where('id', '=', order.id)
      .execute();
    await t.db.transaction().execute((trx) => createInstalments(trx, order.id, shiftDay(today(), -30)));
    // A bill of R$ 70,00 due tomorrow.
    const bill = await t.app.inject({
      method: 'POST',
      url: '/api/payables',
      headers: bearer(tokens.stocker),
      payload: { category: 'ALUGUEL', description: 'Aluguel', dueDate: shiftDay(today(), 1), amount: 70 },
    });
    expect(bill.statusCode).toBe(201);

    const res = await t.app.inject({
      method: 'GET',
      url: '/api/cash-flow?openingBalance=20',
      headers: bearer(tokens.manager),
    });
    expect(res.statusCode, res.body).toBe(200);
    const flow = cashFlowSchema.parse(res.json().data);
    expect(flow).toMatchObject({
      today: today(),
      from: shiftDay(today(), -90),
      to: shiftDay(today(), 89),
      grain: 'day',
    });
    expect(flow.rows).toHaveLength(180);
    const at = (day: string) => flow.rows.find((r) => r.start === day);
    // The overdue R$ 100,00 is owed, not cash: 20,00 stays 20,00 today; − 70,00 = −50,00 tomorrow.
    expect(at(today())).toMatchObject({ received: 0, toReceive: 0, toPay: 0, net: 0, balance: 20 });
    expect(at(shiftDay(today(), 1))).toMatchObject({ toReceive: 0, toPay: 70, balance: -50 });
    expect(flow.totals).toEqual({ received: 0, paid: 0, toReceive: 0, toPay: 70 });
    expect(flow.overdue).toEqual({ toReceive: 100, toPay: 0 });

    const csv = await t.app.inject({
      method: 'GET',
      url: '/api/cash-flow/export.csv?grain=week',
      headers: bearer(tokens.manager),
    });
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe(
      'Início;Fim;Recebido;Pago;A receber;A pagar;Saldo do período;Saldo',
    );
    // The attendant (neither credit nor purchases) does not reach it.
    const refused = await t.app.inject({ method: 'GET', url: '/api/cash-flow', headers: bearer(tokens.attendant) });
    expect(refused.statusCode).toBe(403);
    expect(apiErrorSchema.parse(refused.json()).code).toBe('FORBIDDEN');
  });

  it("pays a card sold long before on each instalment's day: the past ones received, the coming ones to receive", async () => {
    // A credit 12× of R$ 1.200,00 sold 200 days ago, paid D+30 per instalment: fee 3,49 % = R$ 41,88, net
    // R$ 1.158,12; each instalment R$ 96,51 net (115.812 / 12, no cent left). Instalment n is paid 200 − 30n days
    // from today: the 4th, 5th, 6th 80, 50 and 20 days ago (received); the 7th, 8th, 9th in 10, 40 and 70 days (to
    // receive); the 1st–3rd before the 90 days shown, the 10th–12th after the 89 ahead: none of them shown.
    const order = await createOrder(t.db, world, { status: ORDER_STATUS.ENTREGUE, quantities: [0, 2] });
    const sold = businessTimeOn(shiftDay(today(), -200), '10:00');
    await t.db.updateTable('orders').set({ payment_method: 'CARD' }).where('id', '=', order.id).execute();
    await t.db
      .insertInto('order_payments')
      .values({
        order_id: order.id,
        seq: 99,
        method: 'CARD',
        amount_cents: 120_000,
        status: 'CONFIRMED',
        card_kind: 'CREDIT',
        card_brand: 'Visa',
        instalments: 12,
        nsu: '777001',
        authorization_code: 'CF12',
        fee_basis_points: 349,
        fee_cents: 4_188,
        net_cents: 115_812,
        settlement_days: 30,
        created_at: sold,
        confirmed_at: sold,
      })
      .execute();
    const res = await t.app.inject({ method: 'GET', url: '/api/cash-flow', headers: bearer(tokens.manager) });
    expect(res.statusCode, res.body).toBe(200);
    const flow = cashFlowSchema.parse(res.json().data);
    const at = (days: number) => flow.rows.find((r) => r.start === shiftDay(today(), days));
    for (const days of [-80, -50, -20]) expect(at(days)).toMatchObject({ received: 96.51, toReceive: 0 });
    for (const days of [10, 40, 70]) expect(at(days)).toMatchObject({ received: 0, toReceive: 96.51 });
    // The days between are empty of it: the sale's own day is out of the 90, 110 days ago is the 3rd's, not shown.
    for (const days of [-90, -81, -79, -1, 0, 9, 11, 89]) expect(at(days)).toMatchObject({ received: 0, toReceive: 0 });
  });
});
