import {
  businessDay,
  cashFlowSchema,
  DEFAULT_CARD_SETTINGS,
  dashboardTodaySchema,
  FREIGHT_AND_SERVICES_LABEL,
  marginReportSchema,
  ORDER_STATUS,
  revenueReportSchema,
  shiftDay,
} from '@backoffice/contract';
import { describe, expect, it } from 'vitest';
import { bearer } from '../../test/helpers';
import { createInstalments } from '../credit/receivables.service';
import { createOrder, createOrderWorld, picture } from '../orders/test-orders';
import { usePixWorld } from '../payments/test-payments';
import { imeiOf } from '../repairs/test-repairs';
import { createCustomer, createProduct } from '../selling/test-selling';

/**
 * The shop's day adds up (issue 54 §3 and §4): one day's sales made through the API — goods, freight, a repair's
 * labour; paid in cash, by Pix, by card and by bank transfer — give the same revenue on the dashboard,
 * 'Faturamento', 'Margem' and their month views, and 'Fluxo de caixa' shows what really came in and went out on
 * its day (the card on its settlement day), the overdue apart. Every figure is worked out by hand in the comments.
 */
const { w, call, webhook, e2e } = usePixWorld();
const today = () => businessDay(new Date());

/** Puts a sale (its order and its payment parts) at `at`, as if it had been made then. */
async function movedTo(orderId: number, at: Date) {
  await w.t.db.updateTable('orders').set({ created_at: at }).where('id', '=', orderId).execute();
  await w.t.db
    .updateTable('order_payments')
    .set({ created_at: at, confirmed_at: at })
    .where('order_id', '=', orderId)
    .execute();
}

/** A counter sale of `quantity` × a product of `sellCents` (cost `costCents`) by checkout `path`; its order. */
async function sale(
  path: string,
  product: { sellCents: number; costCents: number; quantity: number },
  body: object,
  shippingCents = 0,
) {
  const customer = await createCustomer(w.t.db, { shippingCents });
  const { id } = await createProduct(w.t.db, {
    name: `Produto ${product.sellCents}`,
    costCents: product.costCents,
    sellCents: product.sellCents,
    stock: 5,
  });
  const add = await call(
    'POST',
    `/orders/cart/add/${customer.id}`,
    { productId: id, quantity: product.quantity },
    w.tokens.admin,
  );
  expect(add.statusCode, add.body).toBe(200);
  const res = await call(
    'POST',
    `/orders/checkout${path}/${customer.id}`,
    { typeOfDelivery: 2, withWarranty: false, isFastDelivery: false, ...body },
    w.tokens.admin,
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { orderId: number; code: string; total: number };
}

/** A repair billed through the API: a part of R$ 350,00 (cost R$ 200,00) and R$ 120,00 of labour. */
async function repairBill() {
  const customer = await createCustomer(w.t.db);
  const part = await createProduct(w.t.db, { name: 'Tela', costCents: 20_000, sellCents: 35_000, stock: 5 });
  const opened = await call(
    'POST',
    '/repairs',
    {
      customerId: customer.id,
      imei: imeiOf(54),
      model: 'iPhone 12 64 GB',
      problem: 'Tela quebrada',
      checklist: [{ item: 'Tela', ok: false }],
      photos: [await picture()],
      estimatedDate: shiftDay(today(), 3),
    },
    w.tokens.admin,
  );
  expect(opened.statusCode, opened.body).toBe(201);
  const id = opened.json().data.id as number;
  const tech = w.tokens.technician;
  expect((await call('POST', `/repairs/${id}/start-diagnosis`, {}, tech)).statusCode).toBe(200);
  const estimate = await call(
    'POST',
    `/repairs/${id}/send-estimate`,
    { diagnosis: 'Display trincado', parts: [{ productId: part.id, quantity: 1 }], labour: 120 },
    tech,
  );
  expect(estimate.statusCode, estimate.body).toBe(200);
  const approved = await call('POST', `/repairs/${id}/approve`, { payment: 'CASH' }, w.tokens.admin);
  expect(approved.statusCode, approved.body).toBe(200);
}

describe("the shop's day adds up (issue 54)", () => {
  it('gives the same revenue on every screen and the real money in and out on its day', async () => {
    const admin = w.tokens.admin;
    // The acquirer: débito 2 % at D+1, crédito 2× 3 % at D+30 per instalment.
    const fees = { ...DEFAULT_CARD_SETTINGS, debitFee: 2, creditFees: DEFAULT_CARD_SETTINGS.creditFees.map(() => 3) };
    const saved = await w.t.app.inject({
      method: 'PUT',
      url: '/api/settings/card-fees',
      headers: bearer(admin),
      payload: fees,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const register = await call('POST', '/cash-registers', { name: 'Caixa do dia' }, admin);
    expect(register.statusCode, register.body).toBe(201);
    expect(
      (await call('POST', `/cash-registers/${register.json().data.id}/open`, { float: 0 }, admin)).statusCode,
    ).toBe(201);

    // 1. Card (débito, paid now), delivered by motoboy: R$ 200,00 of goods (cost R$ 120,00) + R$ 15,00 of freight
    //    = R$ 215,00; fee 2 % = R$ 4,30, the acquirer pays R$ 210,70 tomorrow.
    const debit = { kind: 'DEBIT', brand: 'Elo', instalments: 1, nsu: '000001', authorizationCode: 'A1' };
    const card = await sale(
      '/card',
      { sellCents: 20_000, costCents: 12_000, quantity: 1 },
      { typeOfDelivery: 1, card: debit },
      1_500,
    );
    expect(card.total).toBe(215);
    // 2. Cash at the counter: 2 × R$ 50,00 (cost R$ 30,00 each) = R$ 100,00, into the open drawer.
    const cash = await sale('', { sellCents: 5_000, costCents: 3_000, quantity: 2 }, {});
    expect(
      (await call('POST', `/orders/${cash.orderId}/payments`, { method: 'CASH', amount: 100 }, admin)).statusCode,
    ).toBe(200);
    // 3. Pix: R$ 80,00 (cost R$ 50,00), a Pix part paid by the bank's webhook.
    const pix = await sale('', { sellCents: 8_000, costCents: 5_000, quantity: 1 }, {});
    const part = await call('POST', `/orders/${pix.orderId}/payments`, { method: 'PIX', amount: 80 }, admin);
    expect(part.statusCode, part.body).toBe(200);
    const txid = part.json().data.pix.txid as string;
    const paid = await webhook([{ endToEndId: e2e(), txid, valor: '80.00', horario: new Date().toISOString() }]);
    expect(paid.statusCode, paid.body).toBe(200);
    // 5. A bank transfer of R$ 60,00 (cost R$ 40,00), its proof approved by hand: money in when approved.
    const receipt = await picture();
    const transfer = await sale('/bank/transfer', { sellCents: 6_000, costCents: 4_000, quantity: 1 }, { receipt });
    const approvedTransfer = await call(
      'PATCH',
      '/workflow/order/approve',
      { orderId: transfer.orderId, endToEndId: 'E60746948202611221405ABCDEF54054' },
      admin,
    );
    expect(approvedTransfer.statusCode, approvedTransfer.body).toBe(200);
    // 4. A repair billed: R$ 350,00 part (cost R$ 200,00) + R$ 120,00 labour = R$ 470,00, not paid yet.
    await repairBill();
    // Not today: a credit 2× of R$ 300,00 sold 30 days ago at 3 % (fee R$ 9,00, net R$ 291,00): the acquirer pays
    // R$ 145,50 today (D+30) and R$ 145,50 in 30 days (D+60).
    const credit = { kind: 'CREDIT', brand: 'Visa', instalments: 2, nsu: '000002', authorizationCode: 'B2' };
    const old = await sale('/card', { sellCents: 30_000, costCents: 10_000, quantity: 1 }, { card: credit });
    await movedTo(old.orderId, new Date(`${shiftDay(today(), -30)}T12:00:00-03:00`));
    // An instalment sale of 2 × R$ 50,00 handed over 30 days ago: R$ 100,00 overdue, owed, not cash.
    const world = await createOrderWorld(w.t.db);
    const onCredit = await createOrder(w.t.db, world, {
      status: ORDER_STATUS.AGUARDANDO_CLIENTE,
      quantities: [0, 2],
      deliveryType: 2,
    });
    await w.t.db
      .updateTable('orders')
      .set({ payment_method: 'CREDIT', credit_terms: JSON.stringify([28]) })
      .where('id', '=', onCredit.id)
      .execute();
    await movedTo(onCredit.id, new Date(`${shiftDay(today(), -30)}T12:00:00-03:00`));
    await w.t.db.transaction().execute((trx) => createInstalments(trx, onCredit.id, shiftDay(today(), -30)));
    // A bill of R$ 70,00 paid today by Pix.
    // A Pix of R$ 12,34 no order names (no txid), given back by the bank the same day: in and out, no sale.
    const stray = { endToEndId: e2e(), valor: '12.34', horario: new Date().toISOString() };
    expect((await webhook({ pix: [stray] })).statusCode).toBe(200);
    const given = { id: 'D1', rtrId: `D${stray.endToEndId.slice(1)}`, valor: '12.34', status: 'DEVOLVIDO' };
    const back = { ...given, horario: { solicitacao: stray.horario, liquidacao: new Date().toISOString() } };
    expect((await webhook({ pix: [{ ...stray, devolucoes: [back] }] })).json()).toMatchObject({ refunded: 1 });
    // The drawer's 'suprimento' of R$ 500,00 and 'sangria' of R$ 200,00: the shop's own money moved, neither way.
    const drawer = `/cash-registers/${register.json().data.id}/entries`;
    expect((await call('POST', drawer, { kind: 'TOP_UP', amount: 500 }, admin)).statusCode).toBe(201);
    expect((await call('POST', drawer, { kind: 'REMOVAL', amount: 200, reason: 'Depósito' }, admin)).statusCode).toBe(
      201,
    );
    const bill = await call(
      'POST',
      '/payables',
      { category: 'ALUGUEL', description: 'Aluguel', dueDate: today(), amount: 70 },
      admin,
    );
    expect(bill.statusCode, bill.body).toBe(201);
    const billPaid = await call(
      'POST',
      `/payables/${bill.json().data.id}/payments`,
      { paidOn: today(), method: 'PIX', account: 'Itaú', amount: 70 },
      admin,
    );
    expect(billPaid.statusCode, billPaid.body).toBe(200);

    // Today's revenue: 215,00 + 100,00 + 80,00 + 60,00 + 470,00 = R$ 925,00 (goods 790,00 + freight 15,00 +
    // labour 120,00); cost 120,00 + 60,00 + 50,00 + 40,00 + 200,00 = R$ 470,00; margin R$ 455,00.
    const dashboard = dashboardTodaySchema.parse((await call('GET', '/dashboard/today', undefined, admin)).json().data);
    expect(dashboard.salesToday).toBe(925);
    const period = `start/${today()}T00:00:00/end/${today()}T23:59:59`;
    const margin = marginReportSchema.parse(
      (await call('GET', `/reports/margin/${period}`, undefined, admin)).json().data,
    );
    expect(margin.summary).toMatchObject({ gross: 925, discount: 0, returns: 0, net: 925, cost: 470, margin: 455 });
    // The freight and the labour are a row of their own: 15,00 + 120,00 = R$ 135,00, no cost.
    expect(margin.products.find((row) => row.name === FREIGHT_AND_SERVICES_LABEL)).toMatchObject({
      productId: null,
      quantity: 0,
      net: 135,
      cost: 0,
      margin: 135,
    });
    const byMonth = marginReportSchema.parse(
      (await call('GET', `/reports/margin/${period}?groupBy=month`, undefined, admin)).json().data,
    );
    expect(byMonth.products.map((row) => row.net)).toEqual([925]);
    for (const bucket of ['day', 'month']) {
      const revenue = revenueReportSchema.parse(
        (await call('GET', `/reports/revenue/${period}?bucket=${bucket}`, undefined, admin)).json().data,
      );
      expect(revenue.summary).toMatchObject({ orders: 5, net: 925, cost: 470, margin: 455 });
      expect(revenue.periods.map((row) => row.net)).toEqual([925]);
    }

    // 'Fluxo de caixa' today: in, the cash R$ 100,00 + the Pix R$ 80,00 + the transfer R$ 60,00 + the old credit's
    // first payout R$ 145,50 + the stray Pix R$ 12,34 = R$ 397,84; out, the bill R$ 70,00 + the stray Pix given back R$ 12,34 = R$ 82,34.
    // Tomorrow the débito's R$ 210,70; in 30 days the credit's R$ 145,50.
    // The cash part is counted once (not again by its drawer entry); the repair's R$ 470,00 is not money yet; the
    // overdue R$ 100,00 apart.
    const res = await call('GET', '/cash-flow?openingBalance=1000', undefined, admin);
    expect(res.statusCode, res.body).toBe(200);
    const flow = cashFlowSchema.parse(res.json().data);
    const at = (day: string) => flow.rows.find((row) => row.start === day);
    // Net 397,84 − 82,34 = 315,50; the balance typed holds today's money already: 1.000,00.
    expect(at(today())).toEqual({
      start: today(),
      end: today(),
      received: 397.84,
      paid: 82.34,
      toReceive: 0,
      toPay: 0,
      net: 315.5,
      balance: 1000,
    });
    expect(at(shiftDay(today(), 1))).toMatchObject({ received: 0, toReceive: 210.7, balance: 1210.7 });
    expect(at(shiftDay(today(), 30))).toMatchObject({ toReceive: 145.5, balance: 1356.2 });
    // 30 days ago the credit was sold: no money that day.
    expect(at(shiftDay(today(), -30))).toMatchObject({ received: 0, paid: 0 });
    expect(flow.overdue).toEqual({ toReceive: 100, toPay: 0 });
    expect(flow.totals).toEqual({ received: 397.84, paid: 82.34, toReceive: 356.2, toPay: 0 });
  });
});
