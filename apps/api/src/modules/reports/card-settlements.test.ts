import {
  apiErrorSchema,
  cardSettlementReportSchema,
  DEFAULT_BUSINESS_TIME_ZONE,
  DEFAULT_CARD_SETTINGS,
  GENERAL_REPORT_REGISTRY,
  marginReportSchema,
  setBusinessTimeZone,
} from '@backoffice/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, DEMO, signIn, type TestApp } from '../../test/helpers';
import { createCustomer, createProduct } from '../selling/test-selling';

/**
 * Report 20 'Recebimentos de cartão' and the card fees in report 19 'Margem' (issue 38 §2, decision 0042).
 * Every figure is worked out by hand in the comments, never read from the code under test.
 */
describe("report 20 'Recebimentos de cartão'", () => {
  let t: TestApp;
  let attendant: string;
  let manager: string;
  /** The three card sales: a credit 3×, a debit, a credit 2× reversed. */
  const orders = {} as Record<'credit' | 'debit' | 'reversed', { id: number; code: string }>;

  const get = (url: string, token = manager) =>
    t.app.inject({ method: 'GET', url: `/api${url}`, headers: bearer(token) });
  const settlements = async (start: string, end: string, query = '') => {
    const res = await get(`/reports/card/settlements/start/${start}/end/${end}${query}`);
    expect(res.statusCode).toBe(200);
    return cardSettlementReportSchema.parse(res.json().data);
  };

  /** A counter sale paid by card with the sale (one confirmed part for the total), sold at `soldAt`. */
  async function cardSale(cents: number, costCents: number, card: object, soldAt: string) {
    const customer = await createCustomer(t.db);
    const product = await createProduct(t.db, { name: `Celular ${cents}`, costCents, sellCents: cents, stock: 5 });
    const add = await t.app.inject({
      method: 'POST',
      url: `/api/orders/cart/add/${customer.id}`,
      headers: bearer(attendant),
      payload: { productId: product.id, quantity: 1 },
    });
    expect(add.statusCode).toBe(200);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/orders/checkout/card/${customer.id}`,
      headers: bearer(attendant),
      payload: { typeOfDelivery: 2, withWarranty: false, isFastDelivery: false, card },
    });
    expect(res.statusCode).toBe(200);
    const { orderId, code } = res.json() as { orderId: number; code: string };
    // The sale happened on that day: the order and its part say so (the clock of the test is today's).
    const at = new Date(soldAt);
    await t.db.updateTable('orders').set({ created_at: at }).where('id', '=', orderId).execute();
    await t.db
      .updateTable('order_payments')
      .set({ created_at: at, confirmed_at: at })
      .where('order_id', '=', orderId)
      .execute();
    return { id: orderId, code };
  }

  beforeAll(async () => {
    t = await createTestApp();
    attendant = await signIn(t.app, DEMO.attendant);
    manager = await signIn(t.app, DEMO.manager);
    const admin = await signIn(t.app, DEMO.admin);
    // The acquirer's fees: débito 1,99 %; crédito 1× 3,19 %, 2× to 12× 3,49 %; the days are the defaults
    // (débito D+1, crédito D+30 per instalment).
    const fees = { ...DEFAULT_CARD_SETTINGS, debitFee: 1.99, creditFees: [3.19, ...Array(11).fill(3.49)] };
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/settings/card-fees',
      headers: bearer(admin),
      payload: fees,
    });
    expect(saved.statusCode).toBe(200);

    const visa3 = { kind: 'CREDIT', brand: 'Visa', instalments: 3, nsu: '004512', authorizationCode: 'A1B2C3' };
    const eloDebit = { kind: 'DEBIT', brand: 'Elo', instalments: 1, nsu: '004513', authorizationCode: 'D4E5' };
    const master2 = { kind: 'CREDIT', brand: 'Mastercard', instalments: 2, nsu: '004514', authorizationCode: 'F6' };
    // 10/11/2026 at 12:00 in São Paulo (15:00 UTC).
    orders.credit = await cardSale(514_741, 400_000, visa3, '2026-11-10T15:00:00Z');
    // 09/12/2026 at 23:30 in São Paulo: already the 10th in UTC, still the 9th for the shop.
    orders.debit = await cardSale(20_000, 5_000, eloDebit, '2026-12-10T02:30:00Z');
    orders.reversed = await cardSale(30_000, 10_000, master2, '2026-11-10T16:00:00Z');
    const part = await t.db
      .selectFrom('order_payments')
      .select('id')
      .where('order_id', '=', orders.reversed.id)
      .executeTakeFirstOrThrow();
    const reversed = await t.app.inject({
      method: 'PATCH',
      url: `/api/orders/${orders.reversed.id}/payments/${part.id}`,
      headers: bearer(attendant),
      payload: { status: 'REVERSED', reason: 'Contestação da bandeira' },
    });
    expect(reversed.statusCode).toBe(200);
  }, 120_000);
  afterAll(() => t.close());

  // The credit 3× of R$ 5.147,41 at 3,49 %: 514.741 × 349 / 10.000 = 17.964,46 → fee R$ 179,64, net R$ 4.967,77.
  // Net in 3: 496.777 / 3 = 165.592,33 → 1.655,92 each, the cent left on the first (1.655,93).
  // Fee in 3: 17.964 / 3 = 5.988 → 59,88 each. Gross = net + fee: 1.715,81, 1.715,80, 1.715,80 (= 5.147,41).
  // Days: 10/11/2026 + 30 = 10/12/2026, + 60 = 09/01/2027, + 90 = 08/02/2027.
  const credit = (n: number) => ({
    orderId: orders.credit.id,
    orderCode: orders.credit.code,
    kind: 'CREDIT',
    kindLabel: 'Crédito',
    brand: 'Visa',
    instalment: n,
    instalments: 3,
    instalmentOf: `${n}/3`,
    fee: 59.88,
    ...(n === 1 ? { gross: 1715.81, net: 1655.93 } : { gross: 1715.8, net: 1655.92 }),
  });
  // The debit of R$ 200,00 at 1,99 %: fee 3,98, net 196,02, paid D+1 of the shop's day: 10/12/2026.
  const debit = () => ({
    date: '2026-12-10',
    orderId: orders.debit.id,
    orderCode: orders.debit.code,
    kind: 'DEBIT',
    kindLabel: 'Débito',
    brand: 'Elo',
    instalment: 1,
    instalments: 1,
    instalmentOf: '1/1',
    gross: 200,
    fee: 3.98,
    net: 196.02,
  });

  it('lists each payment due in the period by its day: the credit’s first instalment and the debit on 10/12', async () => {
    const report = await settlements('2026-12-01T00:00:00', '2026-12-31T23:59:59');
    const expected = [{ date: '2026-12-10', ...credit(1) }, debit()].sort((a, b) =>
      a.orderCode.localeCompare(b.orderCode),
    );
    expect(report.settlements).toEqual(expected.map((row) => ({ ...row, paymentId: expect.any(Number) })));
    expect(report.total).toBe(2);
    // 10/12: gross 1.715,81 + 200,00 = 1.915,81; fee 59,88 + 3,98 = 63,86; net 1.655,93 + 196,02 = 1.851,95.
    const day = { settlements: 2, gross: 1915.81, fee: 63.86, net: 1851.95 };
    expect(report.summary).toEqual({ ...day, days: [{ date: '2026-12-10', ...day }] });
  });

  it('filters by the day of the payment, not of the sale: January and February hold the 2nd and 3rd', async () => {
    const report = await settlements('2027-01-01T00:00:00', '2027-02-28T23:59:59');
    expect(report.settlements).toEqual([
      { date: '2027-01-09', ...credit(2), paymentId: expect.any(Number) },
      { date: '2027-02-08', ...credit(3), paymentId: expect.any(Number) },
    ]);
    // 1.715,80 × 2 = 3.431,60; 59,88 × 2 = 119,76; 1.655,92 × 2 = 3.311,84.
    expect(report.summary).toMatchObject({ settlements: 2, gross: 3431.6, fee: 119.76, net: 3311.84 });
    expect(report.summary.days).toEqual([
      { date: '2027-01-09', settlements: 1, gross: 1715.8, fee: 59.88, net: 1655.92 },
      { date: '2027-02-08', settlements: 1, gross: 1715.8, fee: 59.88, net: 1655.92 },
    ]);
    // One day alone: its first and last second are in.
    const ninth = await settlements('2027-01-09T00:00:00', '2027-01-09T23:59:59');
    expect(ninth.settlements.map((row) => row.instalmentOf)).toEqual(['2/3']);
    // The last payment of a span: sold on 10/11/2026, 3 × 30 = 90 days before 08/02/2027, its 3rd is that day's.
    const eighth = await settlements('2027-02-08T00:00:00', '2027-02-08T23:59:59');
    expect(eighth.settlements).toEqual([{ date: '2027-02-08', ...credit(3), paymentId: expect.any(Number) }]);
    // Between two payments: nothing (the sales of 10/11 and 09/12 are not payments).
    const none = await settlements('2026-11-01T00:00:00', '2026-12-09T23:59:59');
    expect(none).toEqual({
      settlements: [],
      total: 0,
      summary: { settlements: 0, gross: 0, fee: 0, net: 0, days: [] },
    });
  });

  it('sums the whole period, pages the rows and leaves the reversed part out', async () => {
    const url = ['2026-11-01T00:00:00', '2027-03-31T23:59:59'] as const;
    const report = await settlements(...url);
    // The reversed credit 2× (R$ 300,00) would pay on 10/12/2026 and 09/01/2027: none of its rows.
    expect(report.settlements.map((row) => row.orderId)).not.toContain(orders.reversed.id);
    expect(report.total).toBe(4);
    // Gross 5.147,41 + 200,00 = 5.347,41; fee 179,64 + 3,98 = 183,62; net 4.967,77 + 196,02 = 5.163,79.
    expect(report.summary).toMatchObject({ settlements: 4, gross: 5347.41, fee: 183.62, net: 5163.79 });
    expect(report.summary.days.map((day) => day.date)).toEqual(['2026-12-10', '2027-01-09', '2027-02-08']);
    const page = await settlements(...url, '?page=1&items=3');
    expect(page.total).toBe(4);
    expect(page.settlements).toEqual([{ date: '2027-02-08', ...credit(3), paymentId: expect.any(Number) }]);
    expect(page.summary).toEqual(report.summary);
    // Pages of one: the second starts inside 10/12/2026 (two payments), the fifth is past the end.
    const ones = [];
    for (let n = 0; n < 5; n++) ones.push(...(await settlements(...url, `?page=${n}&items=1`)).settlements);
    expect(ones).toEqual(report.settlements);
    expect(ones.map((row) => row.date)).toEqual(['2026-12-10', '2026-12-10', '2027-01-09', '2027-02-08']);
  });

  it('counts the days of a shop in another zone, from its parts expanded then (Fernando de Noronha, UTC−2)', async () => {
    setBusinessTimeZone('America/Noronha');
    try {
      const url = ['2026-11-01T00:00:00', '2027-03-31T23:59:59'] as const;
      const report = await settlements(...url);
      // The debit sold at 02:30 UTC of 10/12 is 00:30 of the 10th there: paid D+1, on 11/12. The credit, sold at
      // 13:00 there, keeps its days.
      expect(report.settlements).toEqual([
        { date: '2026-12-10', ...credit(1), paymentId: expect.any(Number) },
        { ...debit(), date: '2026-12-11', paymentId: expect.any(Number) },
        { date: '2027-01-09', ...credit(2), paymentId: expect.any(Number) },
        { date: '2027-02-08', ...credit(3), paymentId: expect.any(Number) },
      ]);
      expect(report.summary.days.map((day) => [day.date, day.settlements])).toEqual([
        ['2026-12-10', 1],
        ['2026-12-11', 1],
        ['2027-01-09', 1],
        ['2027-02-08', 1],
      ]);
      const ones = [];
      for (let n = 0; n < 5; n++) ones.push(...(await settlements(...url, `?page=${n}&items=1`)).settlements);
      expect(ones).toEqual(report.settlements);
    } finally {
      setBusinessTimeZone(DEFAULT_BUSINESS_TIME_ZONE);
    }
  });

  it('asks for the reports permission and a valid period and page, in Portuguese', async () => {
    const url = '/reports/card/settlements/start/2026-12-01T00:00:00/end/2026-12-31T23:59:59';
    expect((await get(url, attendant)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: `/api${url}` })).statusCode).toBe(401);
    const badDate = await get('/reports/card/settlements/start/31-12-2026/end/2026-12-31T23:59:59');
    expect(badDate.statusCode).toBe(400);
    expect(apiErrorSchema.parse(badDate.json()).errors[0]).toMatch(/data|período/i);
    const backwards = await get('/reports/card/settlements/start/2026-12-31T00:00:00/end/2026-12-01T00:00:00');
    expect(backwards.statusCode).toBe(400);
    const page = await get(`${url}?page=-1`);
    expect(page.statusCode).toBe(400);
    expect(apiErrorSchema.parse(page.json()).errors).toContain(
      'Página inválida: informe um número inteiro a partir de 0.',
    );
  });

  it('is declared in the registry as report 20 with its columns', () => {
    const entry = GENERAL_REPORT_REGISTRY.find((report) => report.number === 20);
    expect(entry?.label).toBe('Recebimentos de cartão');
    expect(entry?.columns().map((column) => column.header)).toEqual([
      'Data de recebimento',
      'Pedido',
      'Tipo',
      'Bandeira',
      'Parcela',
      'Bruto',
      'Taxa',
      'Líquido',
    ]);
  });

  it("nets the acquirer's fees out of report 19 'Margem' (only the confirmed parts of the period's orders)", async () => {
    const res = await get('/reports/margin/start/2026-11-10T00:00:00/end/2026-11-10T23:59:59');
    expect(res.statusCode).toBe(200);
    const { summary } = marginReportSchema.parse(res.json().data);
    // The 10/11 sales: R$ 5.147,41 (cost 4.000,00) and R$ 300,00 (cost 100,00), no discount.
    // Net 5.447,41, cost 4.100,00, margin 1.347,41: 134.741 / 544.741 = 24,734… % → 24,73 %.
    // Card fees: the credit 3×'s R$ 179,64; the reversed part's (300,00 × 3,49 % = 10,47) is not counted.
    // After the fees: 1.347,41 − 179,64 = 1.167,77: 116.777 / 544.741 = 21,437… % → 21,44 %.
    expect(summary).toEqual({
      quantity: 2,
      gross: 5447.41,
      discount: 0,
      returns: 0,
      net: 5447.41,
      cost: 4100,
      margin: 1347.41,
      marginPercentage: 24.73,
      cardFees: 179.64,
      marginAfterCardFees: 1167.77,
      marginAfterCardFeesPercentage: 21.44,
    });
  });
});
