import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, DEMO, signIn, type TestApp } from '../../test/helpers';
import { createReportsService } from './reports.service';
import { insertSmallBusiness } from './test-business';

/**
 * The dashboard's first row (issue 20 §4), with a clock fixed on Wednesday 12/03/2031 at 15:00 in São Paulo
 * (UTC−03:00): every figure below is worked out by hand. Runs the same on PGlite and PostgreSQL.
 */
const sp = (local: string) => new Date(`${local}-03:00`);
const NOW = sp('2031-03-12T15:00:00');

describe('dashboard today: sales against the same weekday last week, orders waiting, cash at the door', () => {
  let t: TestApp;
  let manager: string;

  beforeAll(async () => {
    t = await createTestApp();
    manager = await signIn(t.app, DEMO.manager);
    const { customers, products } = await insertSmallBusiness(t.db, {
      tag: 'DH',
      products: 1,
      customers: 3,
      stock: 5,
    });
    const [product] = products as [number];
    const [ana, bia, caio] = customers as [number, number, number];
    await t.db.updateTable('customers').set({ status: 'AWAITING' }).where('id', 'in', [bia, caio]).execute();
    await t.db.updateTable('customers').set({ status: 'APPROVED' }).where('id', '=', ana).execute();
    let n = 0;
    const order = (at: string, status: number, cents: number, payment: 'CASH' | 'PIX' = 'PIX') => ({
      code: `DH${++n}`,
      customer_id: ana,
      status,
      delivery_type: 1,
      payment_method: payment,
      items_total_cents: cents,
      total_cents: cents,
      created_at: sp(at),
    });
    const placed = await t.db
      .insertInto('orders')
      .values([
        // Today: R$ 100,00 (finalised, at 00:00:00) + R$ 50,00 (cash, awaiting a courier) = R$ 150,00;
        // a cancelled R$ 999,00 is no sale; yesterday's 23:59:59 is not today.
        order('2031-03-12T00:00:00', 13, 10_000),
        order('2031-03-12T14:00:00', 3, 5_000, 'CASH'),
        order('2031-03-12T10:00:00', 7, 99_900),
        order('2031-03-11T23:59:59', 13, 7_000),
        // Wednesday last week (05/03): R$ 100,00 (at 23:59:59); the Thursday after (06/03 00:00) is out.
        order('2031-03-05T23:59:59', 13, 10_000),
        order('2031-03-06T00:00:00', 13, 3_000),
        // Still open, from earlier days: two awaiting the stocker, one in preparation, a cash order out
        // for delivery (R$ 25,50) and a PIX one out for delivery (already paid: nothing to collect).
        order('2031-03-01T10:00:00', 1, 1_000),
        order('2031-03-02T10:00:00', 1, 1_000),
        order('2031-03-03T10:00:00', 2, 1_000),
        order('2031-03-04T10:00:00', 4, 2_550, 'CASH'),
        order('2031-03-04T11:00:00', 16, 4_000),
      ])
      .returning(['id', 'total_cents'])
      .execute();
    // Each order one line of its whole total: the goods are what the revenue counts (issue 54 §4).
    await t.db
      .insertInto('order_items')
      .values(
        placed.map((o) => ({
          order_id: o.id,
          product_id: product,
          product_code: 'DH-1',
          product_name: 'Produto DH',
          quantity: 1,
          unit_price_cents: o.total_cents,
          total_cents: o.total_cents,
          unit_cost_cents: 100,
        })),
      )
      .execute();
  });
  afterAll(() => t.close());

  it('works out the figures of the São Paulo day of the clock', async () => {
    const today = await createReportsService(t.db, () => NOW).dashboardToday();
    expect(today).toEqual({
      day: '2031-03-12',
      salesToday: 150,
      salesSameWeekdayLastWeek: 100,
      // Aguardando aprovação 0, comprovante 0, estoquista 2, preparação 1, motoboy 1, entrega imediata 0.
      waiting: [
        { status: 11, orders: 0 },
        { status: 10, orders: 0 },
        { status: 1, orders: 2 },
        { status: 2, orders: 1 },
        { status: 3, orders: 1 },
        { status: 15, orders: 0 },
      ],
      // R$ 50,00 awaiting a courier + R$ 25,50 out for delivery.
      cashToCollect: 75.5,
      cashOrders: 2,
      customersAwaitingApproval: 2,
    });
  });

  it('a day later the Thursday compares with last Thursday', async () => {
    const today = await createReportsService(t.db, () => sp('2031-03-13T08:00:00')).dashboardToday();
    expect(today.day).toBe('2031-03-13');
    expect(today.salesToday).toBe(0);
    expect(today.salesSameWeekdayLastWeek).toBe(30);
  });

  it('answers on /api/dashboard/today to the dashboard permission and not without it', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/dashboard/today', headers: bearer(manager) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.customersAwaitingApproval).toBe(2);
    expect(res.json().data.cashToCollect).toBe(75.5);
    const courier = await signIn(t.app, DEMO.courier);
    const denied = await t.app.inject({ method: 'GET', url: '/api/dashboard/today', headers: bearer(courier) });
    expect(denied.statusCode).toBe(403);
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/dashboard/today' });
    expect(anonymous.statusCode).toBe(401);
  });
});
