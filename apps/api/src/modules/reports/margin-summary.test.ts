import {
  DEFAULT_BUSINESS_TIME_ZONE,
  type MarginGroup,
  type RevenueBucket,
  setBusinessTimeZone,
} from '@backoffice/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DB } from '../../db/database';
import { createTestApp, type TestApp } from '../../test/helpers';
import { seededRandom } from '../../test/seeded-random';
import { refreshMarginSummary } from './margin-summary';
import { scheduleReportSummaries } from './reports.scheduler';
import { createReportsService } from './reports.service';
import { insertSale, insertSmallBusiness } from './test-business';

/**
 * The margin summary of reports 19 and 21 (issue 59, decision 0103): the days a write touched read raw until the
 * task sums them again; summed, every report answers the same to the cent, and the summary equals a recount of its
 * facts made from nothing. On PGlite and on PostgreSQL.
 */
describe("the margin summary of 'Margem' and 'Faturamento por período'", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  }, 120_000);
  afterAll(() => t.close());

  const GROUPS: MarginGroup[] = ['product', 'brand', 'customer', 'attendant', 'month'];
  const BUCKETS: RevenueBucket[] = ['day', 'week', 'month'];

  /** Every report of `periods`, grouped every way, as one object to compare. */
  async function everyReport(periods: [string, string][]) {
    const reports = createReportsService(t.db);
    const answers: Record<string, unknown> = {};
    for (const [start, end] of periods) {
      for (const groupBy of GROUPS) answers[`${start} ${groupBy}`] = await reports.margin(start, end, { groupBy });
      for (const bucket of BUCKETS) answers[`${start} ${bucket}`] = await reports.revenue(start, end, { bucket });
    }
    return answers;
  }

  /** A confirmed (or other) card part of `amount` with the acquirer's `fee` (cents). */
  const cardPart = (orderId: number, seq: number, status: 'CONFIRMED' | 'REFUSED', amount: number, fee: number) => ({
    order_id: orderId,
    seq,
    method: 'CARD' as const,
    status,
    amount_cents: amount,
    card_kind: 'CREDIT' as const,
    card_brand: 'VISA',
    instalments: 1,
    nsu: `NSU${orderId}-${seq}`,
    authorization_code: 'A1',
    fee_cents: fee,
    net_cents: amount - fee,
  });

  /** Every summary row, as text, sorted. */
  async function summaryRows(db: DB): Promise<string[]> {
    // Rest-of-year rows summed to nothing (what a write added taken away again) are the same as no row.
    const { rows } = await sql<{ line: string }>`select (s.*)::text as line from report_margin s
      where not (quantity = 0 and gross_cents = 0 and discount_cents = 0 and returns_cents = 0 and cost_cents = 0
        and orders = 0 and lines = 0 and card_fee_cents = 0)`.execute(db);
    return rows.map((r) => r.line).sort();
  }

  const dirtyCount = async () =>
    Number((await sql<{ n: string }>`select count(*)::text as n from report_margin_dirty`.execute(t.db)).rows[0]?.n);

  it('a hand-made month: summed, it answers as raw; a sale cancelled after is out at once, and after the next sum', async () => {
    const { db } = t;
    const { products, customers } = await insertSmallBusiness(db, { tag: 'MS', products: 2, customers: 1, stock: 50 });
    const [capa, cabo] = products as [number, number];
    const customer = customers[0] as number;
    /** A card sale of `lines` ([product, quantity, price, discount, cost], cents) and `freight`, at `at`. */
    const sale = async (code: string, at: string, lines: [number, number, number, number, number][], freight = 0) => {
      const items = lines.map(([product, quantity, price, discount, cost]) => ({
        product,
        quantity,
        price,
        discount,
        cost,
      }));
      return (
        await insertSale(db, { code, customer, status: 9, payment: 'CARD', at: new Date(at), lines: items, freight })
      ).id;
    };
    // São Paulo is UTC−03:00: 2025-03-10 14:00 and 2025-03-21 23:30 local (the second 02:30 UTC of the 22nd).
    // Sale A (10/03): 3 capas at 50,00 less 15,00, cost 20,00 each; freight 12,00; a card part with a 4,10 fee.
    const a = await sale('MS-A', '2025-03-10T17:00:00Z', [[capa, 3, 5000, 1500, 2000]], 1200);
    await db
      .insertInto('order_payments')
      .values(cardPart(a, 1, 'CONFIRMED', 14700, 410))
      .execute();
    // Sale B (21/03 local): 2 cabos at 30,00, cost 8,00 each, and 1 capa at 50,00, cost 20,00.
    const b = await sale('MS-B', '2025-03-22T02:30:00Z', [
      [cabo, 2, 3000, 0, 800],
      [capa, 1, 5000, 0, 2000],
    ]);
    // A capa of sale A comes back on 25/03: 50,00 back, its cost 20,00 out.
    await db
      .insertInto('order_adjustments')
      .values({
        kind: 'RETURN',
        original_order_id: a,
        product_id: capa,
        quantity: 1,
        unit_price_cents: 5000,
        created_at: new Date('2025-03-25T15:00:00Z'),
      })
      .execute();

    const march = (): Promise<Record<string, unknown>> =>
      createReportsService(db).margin('2025-03-01T00:00:00', '2025-03-31T23:59:59', { groupBy: 'product' });
    const raw = await march();
    expect(await refreshMarginSummary(db)).toBeGreaterThanOrEqual(3);
    expect(await dirtyCount()).toBe(0);
    // The month is now one 'M' row per product (and freight), and a rest-of-year row of each month of 2025 up to
    // March for each: the answer is the same.
    const { rows: monthRows } = await sql<{ grain: string; n: number }>`select grain, count(*)::int as n
      from report_margin where bucket <= '2025-03-01' and bucket >= '2025-01-01' and grain in ('M', 'R')
        and dimension = 'P' and key in (${capa}, ${cabo}, 0) group by 1 order by 1`.execute(db);
    expect(monthRows).toEqual([
      { grain: 'M', n: 3 },
      { grain: 'R', n: 9 },
    ]);
    expect(await march()).toEqual(raw);
    // Paged: capa, cabo and 'Frete e serviços' are three rows, counted on a page and past the last one.
    const page = (page: number) =>
      createReportsService(db).margin('2025-03-01T00:00:00', '2025-03-31T23:59:59', { page, items: 1 });
    expect(await page(0)).toMatchObject({ total: 3, products: [{ productId: capa }] });
    expect(await page(5)).toMatchObject({ total: 3, products: [] });
    // By hand: goods 150,00 + 60,00 + 50,00 = 260,00; discount 15,00; returns 50,00; net 260 − 15 − 50 + 12,00
    // freight = 207,00; cost 60,00 + 16,00 + 20,00 − 20,00 = 76,00; margin 131,00; card fees 4,10; after them 126,90.
    expect(raw).toMatchObject({
      summary: { gross: 272, discount: 15, returns: 50, net: 207, cost: 76, margin: 131, cardFees: 4.1 },
    });
    expect((raw as { summary: { marginAfterCardFees: number } }).summary.marginAfterCardFees).toBe(126.9);

    // Sale B cancelled: out at once (its day read raw), and the same once summed again.
    await db.updateTable('orders').set({ status: 7 }).where('id', '=', b).execute();
    expect(await dirtyCount()).toBeGreaterThan(0);
    // Without B: goods 150,00 + 12,00 freight = 162,00, net 97,00, cost 60,00 − 20,00 = 40,00, margin 57,00.
    const cancelled = { summary: { gross: 162, discount: 15, returns: 50, net: 97, cost: 40, margin: 57 } };
    expect(await march()).toMatchObject(cancelled);
    await refreshMarginSummary(db);
    expect(await march()).toMatchObject(cancelled);
    expect(await dirtyCount()).toBe(0);
  });

  it("the task 'report-summaries' every minute: nothing to sum says nothing; two days touched, two summed", async () => {
    const { db } = t;
    const registered: { task: string; minutes: number; round: () => Promise<string | null> }[] = [];
    scheduleReportSummaries(
      { every: (task, minutes, round) => void registered.push({ task, minutes, round }) },
      db,
      'embedded',
    );
    expect(registered.map(({ task, minutes }) => [task, minutes])).toEqual([['report-summaries', 1]]);
    const round = registered[0]?.round as () => Promise<string | null>;
    await refreshMarginSummary(db);
    expect(await round()).toBeNull();
    const { customers } = await insertSmallBusiness(db, { tag: 'MT', products: 1, customers: 1, stock: 5 });
    // Two sales a day apart in São Paulo (the second at 01:00 UTC, still the 5th there); one more the same day.
    for (const [code, at] of [
      ['MT-1', '2025-06-04T15:00:00Z'],
      ['MT-2', '2025-06-06T01:00:00Z'],
      ['MT-3', '2025-06-05T12:00:00Z'],
    ] as const)
      await insertSale(db, {
        code,
        customer: customers[0] as number,
        status: 9,
        payment: 'CASH',
        at: new Date(at),
        lines: [],
      });
    expect(await round()).toBe('2 dias resumidos');
    expect(await dirtyCount()).toBe(0);
    await db.updateTable('orders').set({ status: 7 }).where('code', '=', 'MT-1').execute();
    expect(await round()).toBe('1 dia resumido');
  });

  it('after a random run of sales, cancellations, exchanges, returns, card fees and a unit’s cost corrected, summed at random moments, every report answers as raw and the summary equals a recount from nothing', async () => {
    const { db } = t;
    const { random, pick } = seededRandom(20260590);
    const { products, customers } = await insertSmallBusiness(db, { tag: 'MR', products: 5, customers: 4, stock: 500 });
    const staff = (await db.selectFrom('employees').select('id').execute()).map((e) => e.id);
    const orders: number[] = [];
    const units: number[] = [];
    // Instants over three months of 2024, crossing day and month edges in São Paulo (03:00 UTC).
    const when = () =>
      new Date(Date.UTC(2024, 4, 28) + Math.floor(random() * 70 * 24) * 3_600_000 + Math.floor(random() * 3600) * 1000);
    for (let step = 0; step < 140; step++) {
      const roll = random();
      if (roll < 0.35) {
        const quantity = 1 + Math.floor(random() * 3);
        const price = 1000 + Math.floor(random() * 9000);
        const freight = random() < 0.3 ? 1500 : 0;
        const discount = random() < 0.3 ? 500 : 0;
        // Drawn in this order: the customer, the attendant, the status, the payment, the instant, the product.
        const customer = pick(customers);
        const attendant = random() < 0.3 ? null : pick(staff);
        const status = pick([1, 9, 10, 13]);
        const payment = pick(['CASH', 'PIX', 'CARD'] as const);
        const at = when();
        const product = pick(products);
        const line = { product, quantity, price, cost: Math.floor(price / 3), discount };
        const order = await insertSale(db, {
          code: `MR-${step}`,
          customer,
          attendant,
          status,
          payment,
          at,
          freight,
          lines: [line],
        });
        orders.push(order.id);
        if (random() < 0.4) {
          // One of its units entered by IMEI, at a cost of its own.
          const unit = await db
            .insertInto('product_units')
            .values({ product_id: product, imei: `35${String(step).padStart(13, '0')}`, cost_cents: 1234 })
            .returning('id')
            .executeTakeFirstOrThrow();
          const movement = await db
            .insertInto('stock_movements')
            .values({
              kind: 'SALE',
              product_id: product,
              order_id: order.id,
              quantity_out: quantity,
              stock_before: 100,
              stock_after: 100 - quantity,
              cost_before_cents: 100,
              cost_after_cents: 100,
              created_at: order.created_at,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          await db.insertInto('stock_movement_units').values({ movement_id: movement.id, unit_id: unit.id }).execute();
          units.push(unit.id);
        }
      } else if (roll < 0.5 && orders.length > 0) {
        await db
          .updateTable('orders')
          .set({ status: pick([7, 12, 2, 5, 13]) })
          .where('id', '=', pick(orders))
          .execute();
      } else if (roll < 0.6 && orders.length > 0) {
        const exchange = random() < 0.5;
        await db
          .insertInto('order_adjustments')
          .values({
            kind: exchange ? 'EXCHANGE' : 'RETURN',
            original_order_id: pick(orders),
            product_id: pick(products),
            quantity: 1,
            unit_price_cents: 2500,
            replacement_product_id: exchange ? pick(products) : null,
            replacement_unit_price_cents: exchange ? 3000 : null,
            created_at: when(),
          })
          .execute();
      } else if (roll < 0.7 && orders.length > 0) {
        await db
          .insertInto('order_payments')
          .values(cardPart(pick(orders), step, pick(['CONFIRMED', 'CONFIRMED', 'REFUSED'] as const), 5000, 100 + step))
          .execute();
      } else if (roll < 0.8 && orders.length > 0) {
        // An order moved to another day, customer or attendant (a correction).
        await db
          .updateTable('orders')
          .set(random() < 0.5 ? { created_at: when() } : { customer_id: pick(customers), attendant_id: pick(staff) })
          .where('id', '=', pick(orders))
          .execute();
      } else if (roll < 0.88 && units.length > 0) {
        await db
          .updateTable('product_units')
          .set({ cost_cents: 2000 + step })
          .where('id', '=', pick(units))
          .execute();
      } else if (roll < 0.93) {
        await refreshMarginSummary(db);
      }
    }
    // One bulk update of many orders in a statement, as a data fix would do.
    await sql`update orders set status = 7 where id % 7 = 0 and code like 'MR-%'`.execute(db);

    const periods: [string, string][] = [
      ['2024-05-28T00:00:00', '2024-08-05T23:59:59'],
      ['2024-06-01T00:00:00', '2024-07-31T23:59:59'],
      ['2024-06-10T13:30:00', '2024-07-20T08:15:00'],
      ['2024-07-08T00:00:00', '2024-07-14T23:59:59'],
    ];
    const raw = await everyReport(periods);
    expect(await dirtyCount()).toBeGreaterThan(0);
    await refreshMarginSummary(db);
    expect(await dirtyCount()).toBe(0);
    expect(await everyReport(periods)).toEqual(raw);
    // A business of another zone buckets its days raw, its products from the summary: the same as raw.
    setBusinessTimeZone('America/Manaus');
    try {
      const reports = createReportsService(db);
      const [start, end] = periods[1] as [string, string];
      const both = async () => [
        await reports.margin(start, end, { groupBy: 'product' }),
        await reports.revenue(start, end, {}),
      ];
      const summarised = await both();
      await sql`insert into report_margin_dirty (day)
        select d::date from generate_series('2024-05-01'::date, '2024-09-01'::date, '1 day') d`.execute(db);
      expect(await both()).toEqual(summarised);
    } finally {
      setBusinessTimeZone(DEFAULT_BUSINESS_TIME_ZONE);
    }

    // Corrections after the sum, each in one statement: the units' own costs, a card part reversed, an exchange's
    // price. The reports answer them at once, and the same once summed.
    await refreshMarginSummary(db);
    expect(units.length).toBeGreaterThan(3);
    await sql`update product_units set cost_cents = cost_cents + 777 where id = any(${units}::int[])`.execute(db);
    await sql`update order_payments set status = 'REVERSED' where id = (select min(id) from order_payments
      where status = 'CONFIRMED' and nsu like 'NSU%')`.execute(db);
    await sql`update order_adjustments set replacement_unit_price_cents = 3500 where id = (select max(id)
      from order_adjustments where kind = 'EXCHANGE')`.execute(db);
    const corrected = await everyReport(periods);
    expect(corrected).not.toEqual(raw);
    await refreshMarginSummary(db);
    expect(await everyReport(periods)).toEqual(corrected);

    // Summed as it went, it equals the summary made from nothing: every day marked again, summed at once.
    const kept = await summaryRows(db);
    expect(kept.length).toBeGreaterThan(100);
    await sql`delete from report_margin`.execute(db);
    await sql`insert into report_margin_dirty (day)
      select distinct (created_at at time zone 'America/Sao_Paulo')::date from orders
      union select distinct (created_at at time zone 'America/Sao_Paulo')::date from order_adjustments`.execute(db);
    await refreshMarginSummary(db);
    expect(await summaryRows(db)).toEqual(kept);
    expect(await everyReport(periods)).toEqual(corrected);
  });
});
