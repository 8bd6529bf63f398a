import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECOUNT_PRODUCTS } from '../../db/migrations/0052-product-counts';
import { bearer, createTestApp, DEMO, signIn, type TestApp } from '../../test/helpers';

/**
 * The products page reads its total from the counter of migration 0052 (issue 36): the total a user sees
 * must follow every product made, archived, brought back or removed, and equal a recount after bulk SQL.
 */
describe('product counters (migration 0052)', () => {
  let t: TestApp;
  let stocker: string;
  beforeAll(async () => {
    t = await createTestApp();
    stocker = await signIn(t.app, DEMO.stocker);
    expect((await call('POST', '/products/brand', { name: 'Marca Contada' })).statusCode).toBe(201);
    expect((await call('PATCH', '/products/brand', { name: 'Marca Contada', reference: 'Linha 1' })).statusCode).toBe(
      200,
    );
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
    t.app.inject({ method, url: `/api${url}`, headers: bearer(stocker), ...(payload ? { payload } : {}) });
  const total = async () => {
    const res = await call('GET', '/products?offset=0&limit=5');
    expect(res.statusCode, res.body).toBe(200);
    return res.json().total as number;
  };
  /** The active products, counted from the table itself. */
  const counted = async () =>
    Number(
      (
        await t.db
          .selectFrom('products')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('archived', '=', false)
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('follows the products made, archived and brought back, and equals a recount after bulk SQL', async () => {
    const start = await total();
    expect(start).toBe(await counted());
    const made: string[] = [];
    for (const n of [1, 2, 3]) {
      const res = await call('POST', '/products', {
        name: `Película contada ${n}`,
        brand: 'Marca Contada',
        reference: 'Linha 1',
        cost: 2.1,
        sellPrice: 14.9,
        discount: { silverPercentage: 30, goldPercentage: 20 },
        // The third with nothing in stock (no ledger row): removable by hand below.
        stock: n === 3 ? 0 : 1,
        stockAlert: 0,
        tags: [],
        images: [],
      });
      expect(res.statusCode, res.body).toBe(201);
      made.push(res.json().data.code);
    }
    expect(await total()).toBe(start + 3);

    const archived = await call('PATCH', `/products/archive?codes=${made[0]},${made[1]}`);
    expect(archived.statusCode, archived.body).toBe(200);
    expect(await total()).toBe(start + 1);
    const back = await call('PATCH', `/products/unarchive/${made[1]}`);
    expect(back.statusCode, back.body).toBe(200);
    expect(await total()).toBe(start + 2);

    // Bulk SQL (a fix by hand): archive every product of the test at once, then delete one archived.
    await t.db.updateTable('products').set({ archived: true }).where('code', 'in', made).execute();
    expect(await total()).toBe(start);
    await t.db
      .deleteFrom('products')
      .where('code', '=', made[2] as string)
      .execute();
    expect(await total()).toBe(start);
    expect(await total()).toBe(await counted());

    // The counters equal a recount from scratch (which writes no row for a count of zero).
    const kept = await t.db
      .selectFrom('product_counts')
      .selectAll()
      .where('products', '!=', '0')
      .orderBy('status')
      .execute();
    await sql`delete from product_counts`.execute(t.db);
    for (const statement of RECOUNT_PRODUCTS) await sql.raw(statement).execute(t.db);
    expect(await t.db.selectFrom('product_counts').selectAll().orderBy('status').execute()).toEqual(kept);
  });

  it('counts a search only up to countUpTo when asked, saying more match; exactly otherwise', async () => {
    // 230 products with the word 'zirconio' (bulk SQL: the count is what is under test, not how they are made).
    const brand = await t.db
      .selectFrom('brands')
      .select('id')
      .where('name', '=', 'Marca Contada')
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('products')
      .values(
        Array.from({ length: 230 }, (_, i) => ({
          code: `ZR${i}`,
          name: `Capa zirconio ${i}`,
          search_text: `capa zirconio ${i} zr${i}`,
          brand_id: brand.id,
          cost_cents: 100,
          sell_price_cents: 990,
        })),
      )
      .execute();
    const page = async (query: string) => {
      const res = await call('GET', `/products?search=zirconio&${query}`);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      return { rows: body.items.length, total: body.total, capped: body.totalCapped };
    };
    // Counted to 200 only: 230 match, so 'more than 200'.
    expect(await page('limit=100&countUpTo=200')).toEqual({ rows: 100, total: 200, capped: true });
    // The third page (rows 201–230) lies past 200: counted to its end (300), all 230 are seen.
    expect(await page('offset=200&limit=100&countUpTo=200')).toEqual({ rows: 30, total: 230, capped: false });
    // A page past every match is empty, and still says how many match (counted to its end, 400).
    expect(await page('offset=300&limit=100&countUpTo=200')).toEqual({ rows: 0, total: 230, capped: false });
    expect(await page('limit=100&countUpTo=300')).toEqual({ rows: 100, total: 230, capped: false });
    // Without countUpTo (section 7's call), every match is counted and nothing more is said.
    expect(await page('limit=100')).toEqual({ rows: 100, total: 230, capped: undefined });
    // Without a search the counter is exact whatever the bound.
    const all = await call('GET', '/products?limit=5&countUpTo=200');
    expect(all.json()).toMatchObject({ total: await counted(), totalCapped: false });
    expect(await counted()).toBeGreaterThan(200);
  });

  it('GET /products/list: the same page and total as GET /products, each row without what only the opened product shows', async () => {
    const made = await call('POST', '/products', {
      name: 'Película listada ônix',
      description: 'Vidro temperado 9H, borda a borda',
      brand: 'Marca Contada',
      reference: 'Linha 1',
      cost: 12.5,
      sellPrice: 39.9,
      discount: { silverPercentage: 30, goldPercentage: 20, bronzePercentage: 10 },
      stock: 4,
      stockAlert: 2,
      tags: ['vidro', 'premium'],
      ncm: '70071900',
      images: [],
    });
    expect(made.statusCode, made.body).toBe(201);
    const full = await call('GET', '/products?search=onix listada&countUpTo=1000');
    const list = await call('GET', '/products/list?search=onix listada&countUpTo=1000');
    expect(list.statusCode, list.body).toBe(200);
    expect(full.json()).toMatchObject({ page: 0, total: 1, totalCapped: false });
    expect(list.json()).toEqual({
      page: 0,
      total: 1,
      totalCapped: false,
      items: [
        {
          id: made.json().data.id,
          code: made.json().data.code,
          name: 'Película listada ônix',
          brand: 'Marca Contada',
          reference: 'Linha 1',
          cost: 12.5,
          sellPrice: 39.9,
          discount: { silverPercentage: 30, goldPercentage: 20, bronzePercentage: 10 },
          stock: 4,
          stockAlert: 2,
          barcode: null,
          serialized: false,
          archived: false,
          // 12,50 + 20 % = 15,00; 12,50 + 30 % = 16,25.
          goldPrice: 15,
          silverPrice: 16.25,
        },
      ],
    });
    // The page of 100 in the list's order is the same products as GET /products's.
    const codes = async (url: string) => (await call('GET', url)).json().items.map((p: { code: string }) => p.code);
    expect(await codes('/products/list?offset=0&limit=100')).toEqual(await codes('/products?offset=0&limit=100'));
    expect((await call('GET', '/products/list?limit=201')).statusCode).toBe(400);
  });
});
