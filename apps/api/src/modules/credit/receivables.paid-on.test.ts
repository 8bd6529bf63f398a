import { apiErrorSchema, businessDay, ORDER_STATUS, receivableDetailsSchema, shiftDay } from '@backoffice/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, DEMO, signIn, type TestApp } from '../../test/helpers';
import { createOrder, createOrderWorld, type OrderWorld } from '../orders/test-orders';
import { createInstalments } from './receivables.service';

/**
 * The day a payment of an instalment is dated (issue 53, finding 3): a receipt dated before the sale, or on a
 * past day before the due day, left out the fine and the interest the instalment asked; an impossible date was
 * read as a day. The shop's rates are the defaults: fine 2 % once, interest 1 % a month of 30 days pro rata die.
 */
type Role = keyof typeof DEMO;
let t: TestApp;
let world: OrderWorld;
const tokens = {} as Record<Role, string>;
const today = () => businessDay(new Date());

const pay = (id: number, token: string, payload: object) =>
  t.app.inject({ method: 'POST', url: `/api/receivables/${id}/payments`, payload, headers: bearer(token) });

function expectError(res: { statusCode: number; json(): unknown }, status: number, code: string, message: string) {
  expect(res.statusCode).toBe(status);
  const body = apiErrorSchema.parse(res.json());
  expect(body.code).toBe(code);
  expect(body.errors).toContain(message);
}

const paymentsOf = (id: number) =>
  t.db.selectFrom('receivable_payments').select('id').where('receivable_id', '=', id).execute();

beforeAll(async () => {
  t = await createTestApp();
  world = await createOrderWorld(t.db);
  for (const [key, email] of Object.entries(DEMO)) tokens[key as Role] = await signIn(t.app, email);
}, 120_000);
afterAll(() => t.close());

describe('the day a payment of an instalment is dated (issue 53, finding 3)', () => {
  it('R$ 1.000,00 300 days late asks 1.120,00: not before the sale, a past day before the due day only with credit, a real date', async () => {
    // 40 × R$ 50,00 = R$ 2.000,00 in 30/60 days, sold and handed over 330 days ago: two instalments of
    // R$ 1.000,00, due 300 and 270 days ago.
    const sold = shiftDay(today(), -330);
    const order = await createOrder(t.db, world, {
      status: ORDER_STATUS.AGUARDANDO_CLIENTE,
      quantities: [0, 40],
      deliveryType: 2,
    });
    await t.db
      .updateTable('orders')
      .set({
        payment_method: 'CREDIT',
        credit_terms: JSON.stringify([30, 60]),
        created_at: new Date(`${sold}T15:00:00Z`),
      })
      .where('id', '=', order.id)
      .execute();
    await t.db.transaction().execute((trx) => createInstalments(trx, order.id, sold));
    const rows = await t.db
      .selectFrom('receivables')
      .select(['id', 'amount_cents'])
      .where('order_id', '=', order.id)
      .orderBy('seq')
      .execute();
    expect(rows.map((r) => Number(r.amount_cents))).toEqual([100_000, 100_000]);
    const [first, second] = rows.map((r) => r.id) as [number, number];
    const due1 = shiftDay(sold, 30);
    const due2 = shiftDay(sold, 60);
    // Today the first asks 1.000,00 + fine 2 % = 20,00 + interest 1.000,00 × 1 % × 300 / 30 = 100,00: 1.120,00.
    const details = await t.app.inject({
      method: 'GET',
      url: `/api/receivables/${first}`,
      headers: bearer(tokens.attendant),
    });
    expect(receivableDetailsSchema.parse(details.json().data).dueToday).toEqual({
      daysLate: 300,
      principal: 1000,
      fine: 20,
      interest: 100,
      total: 1120,
    });

    // Dated 01/01/2020, before the sale: refused to anyone, the credit manager too (it would waive R$ 120,00).
    const [year, month, day] = sold.split('-');
    const beforeSale = `A data do recebimento não pode ser anterior à venda (${day}/${month}/${year}).`;
    for (const token of [tokens.attendant, tokens.manager]) {
      expectError(
        await pay(first, token, { method: 'CASH', amount: 1000, paidOn: '2020-01-01' }),
        400,
        'BAD_REQUEST',
        beforeSale,
      );
    }
    expectError(
      await pay(first, tokens.manager, { method: 'CASH', amount: 1000, paidOn: shiftDay(sold, -1) }),
      400,
      'BAD_REQUEST',
      beforeSale,
    );
    // Impossible dates are not days (30/02, month 13), and tomorrow has not come.
    for (const paidOn of ['2026-02-30', '2026-13-01', '2025-02-29']) {
      expectError(
        await pay(first, tokens.manager, { method: 'CASH', amount: 1000, paidOn }),
        400,
        'VALIDATION_FAILED',
        'Informe a data do recebimento (data válida).',
      );
    }
    expectError(
      await pay(first, tokens.manager, { method: 'CASH', amount: 1000, paidOn: shiftDay(today(), 1) }),
      400,
      'BAD_REQUEST',
      'A data do recebimento não pode ser depois de hoje.',
    );
    // The day before the due day, by the desk: 403 (no charges would be asked); nothing recorded.
    expectError(
      await pay(first, tokens.attendant, { method: 'CASH', amount: 1000, paidOn: shiftDay(due1, -1) }),
      403,
      'FORBIDDEN',
      'Só quem tem a permissão Crédito e cobrança registra um recebimento em data passada anterior ao vencimento.',
    );
    expect(await paymentsOf(first)).toHaveLength(0);

    // A past day after the due day is the desk's: 30 days late asks 20,00 + 1.000,00 × 1 % × 30 / 30 = 10,00.
    const late = await pay(first, tokens.attendant, { method: 'DEPOSIT', amount: 1030, paidOn: shiftDay(due1, 30) });
    expect(late.statusCode).toBe(200);
    expect(
      receivableDetailsSchema.parse(late.json().data).payments.map((p) => [p.amount, p.principal, p.fine, p.interest]),
    ).toEqual([[1030, 1000, 20, 10]]);

    // The credit manager may date the second the day before its due day (a payment made then, typed late): no charges.
    const early = await pay(second, tokens.manager, { method: 'DEPOSIT', amount: 1000, paidOn: shiftDay(due2, -1) });
    expect(early.statusCode).toBe(200);
    expect(receivableDetailsSchema.parse(early.json().data)).toMatchObject({ status: 'PAID', paid: 1000, open: 0 });
  });
});
