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
});
