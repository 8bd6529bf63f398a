import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DB } from '../../db/database';
import { periodOrThrow } from '../../lib/period';
import { createTestApp, type TestApp } from '../../test/helpers';
import { seededRandom } from '../../test/seeded-random';
import { createMarginPrepared } from './margin-prepared';
import { createMarginReportsRepository } from './margin-reports.repository';
import { marginPlan, refreshMarginSummary } from './margin-summary';
import { createReportsService } from './reports.service';
import { insertSale, insertSmallBusiness } from './test-business';

/** A paid sale of `quantity` × `price` (cost a third of it, rounded down) of `product`, by `customer`, at `at`. */
const sale = (
  db: DB,
  code: string,
  at: Date,
  line: { product: number; customer: number; quantity: number; price: number },
) =>
  insertSale(db, {
    code,
    customer: line.customer,
    status: 9,
    payment: 'PIX',
    at,
    lines: [{ product: line.product, quantity: line.quantity, price: line.price, cost: Math.floor(line.price / 3) }],
  }).then((order) => order.id);

const newBrand = async (db: DB, name: string) =>
  (await db.insertInto('brands').values({ name }).returning('id').executeTakeFirstOrThrow()).id;

describe("report 19 by brand: the kept groups of products rolled up by each product's brand now (decision 0107)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  }, 120_000);
  afterAll(() => t.close());

  it('answers a product moved to another brand, and a product made since, at once', async () => {
    const { products, customers } = await insertSmallBusiness(t.db, {
      tag: 'BM',
      products: 2,
      customers: 1,
      stock: 99,
    });
    const [capa, cabo] = products as [number, number];
    const customer = customers[0] as number;
    // March 2023 (São Paulo): capa 2 × 60,00 (cost 20,00 each) on the 10th; cabo 3 × 30,00 (cost 10,00) on the 12th.
    await sale(t.db, 'BM-1', new Date('2023-03-10T15:00:00Z'), { customer, product: capa, quantity: 2, price: 6000 });
    await sale(t.db, 'BM-2', new Date('2023-03-12T15:00:00Z'), { customer, product: cabo, quantity: 3, price: 3000 });
    await refreshMarginSummary(t.db);
    const reports = createReportsService(t.db);
    const byBrand = async () =>
      (await reports.margin('2023-03-01T00:00:00', '2023-03-31T23:59:59', { groupBy: 'brand' })).products.map(
        (b) => `${b.name} ${b.quantity} ${b.net} ${b.cost} ${b.margin}`,
      );
    // Both in 'Marca BM': 210,00 − 70,00 = 140,00 over 5 units.
    expect(await byBrand()).toEqual(['Marca BM 5 210 70 140']);

    // The cabo moved to 'Marca BM2': its 90,00 − 30,00 = 60,00 goes with it, with no round of the summary.
    const other = await newBrand(t.db, 'Marca BM2');
    await t.db.updateTable('products').set({ brand_id: other }).where('id', '=', cabo).execute();
    expect(await byBrand()).toEqual(['Marca BM 2 120 40 80', 'Marca BM2 3 90 30 60']);

    // A product made now in 'Marca BN', sold on the 12th (a summed day): 1 × 50,00, cost 16,66, margin 33,34.
    const made = await insertSmallBusiness(t.db, { tag: 'BN', products: 1, customers: 0, stock: 9 });
    await sale(t.db, 'BM-3', new Date('2023-03-12T18:00:00Z'), {
      customer,
      product: made.products[0] as number,
      quantity: 1,
      price: 5000,
    });
    expect(await byBrand()).toEqual(['Marca BM 2 120 40 80', 'Marca BM2 3 90 30 60', 'Marca BN 1 50 16.66 33.34']);
    // A product's edit that keeps its brand moves nothing.
    await t.db.updateTable('products').set({ brand_id: other, name: 'Cabo USB-C' }).where('id', '=', cabo).execute();
    expect(await byBrand()).toEqual(['Marca BM 2 120 40 80', 'Marca BM2 3 90 30 60', 'Marca BN 1 50 16.66 33.34']);
  });

  it('after a random run of sales, cancellations, brand moves and new products, every page is the SQL path’s', async () => {
    const { db } = t;
    const { random, pick } = seededRandom(20261130);
    const business = await insertSmallBusiness(db, { tag: 'BR', products: 6, customers: 4, stock: 900 });
    const products = [...business.products];
    const brands = [
      (
        await db
          .selectFrom('products')
          .select('brand_id')
          .where('id', '=', products[0] as number)
          .executeTakeFirstOrThrow()
      ).brand_id,
      await newBrand(db, 'Marca BR2'),
      await newBrand(db, 'Marca BR3'),
    ];
    const orders: number[] = [];
    // Instants over two months of 2022 (São Paulo), across day and month edges.
    const when = () =>
      new Date(Date.UTC(2022, 4, 28) + Math.floor(random() * 50 * 24) * 3_600_000 + Math.floor(random() * 3600) * 1000);
    const prepared = createMarginPrepared();
    const repo = createMarginReportsRepository();
    const periods: [string, string][] = [
      ['2022-05-28T00:00:00', '2022-07-16T23:59:59'],
      ['2022-06-03T13:30:00', '2022-07-02T08:15:00'],
    ];
    const windows = [{ limit: 2 }, { limit: 2, offset: 2 }, { limit: 2, offset: 40 }, {}];
    let answered = 0;
    const compare = async () => {
      for (const [start, end] of periods) {
        const { from, until } = periodOrThrow(start, end);
        for (const w of windows) {
          const plan = await marginPlan(db, from, until, 'rest');
          const kept = await prepared.page(db, 'brand', plan, w);
          const rows = await repo.margin(db, plan, 'brand', w);
          const total = rows[0]?.total ?? (w.offset ? await repo.marginGroupCount(db, plan, 'brand') : 0);
          expect(kept).not.toBeNull();
          expect(kept).toEqual({ rows: rows.map(({ total: _total, ...row }) => row), total });
          answered++;
        }
      }
    };
    for (let step = 0; step < 100; step++) {
      const roll = random();
      if (roll < 0.45) {
        const at = when();
        const id = await sale(db, `BR-${step}`, at, {
          product: pick(products),
          customer: pick(business.customers),
          quantity: 1 + Math.floor(random() * 3),
          price: 1000 + Math.floor(random() * 9000),
        });
        orders.push(id);
      } else if (roll < 0.55 && orders.length > 0) {
        await db
          .updateTable('orders')
          .set({ status: pick([7, 12, 9]) })
          .where('id', '=', pick(orders))
          .execute();
      } else if (roll < 0.7) {
        await db
          .updateTable('products')
          .set({ brand_id: pick(brands) })
          .where('id', '=', pick(products))
          .execute();
      } else if (roll < 0.75) {
        const made = await insertSmallBusiness(db, { tag: `BR${step}x`, products: 1, customers: 0, stock: 50 });
        products.push(made.products[0] as number);
      } else if (roll < 0.9) {
        await refreshMarginSummary(db);
      }
      if (step % 20 === 19) await compare();
    }
    await refreshMarginSummary(db);
    await compare();
    expect(answered).toBe(6 * 2 * 4);
  });
});
