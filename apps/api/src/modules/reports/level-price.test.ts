import { priceFromPercentage } from '@backoffice/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emptyTestDatabase, type TestDatabase } from '../../test/database';
import { tierPrice } from './stock-reports.repository';

/**
 * The level price is written in TypeScript (the contract's `priceFromPercentage`: the sale, the products
 * screen, the import) and in SQL (`tierPrice`: the stock report's sums). Both must give these cents, worked
 * out by hand: cost + percentage % of the cost, the percentage to its sixth decimal, rounded half up.
 */
const HAND_WORKED: Array<[costCents: number, percentage: number, priceCents: number]> = [
  [330, 15, 380], // R$ 3,30 + 15 % = 3,795 → R$ 3,80 (floating point would say 379.4999…)
  [2000, 10, 2200],
  [2000, 0, 2000],
  [999, 33.33, 1332], // 13,319667 → R$ 13,32
  [1, 50, 2], // 1,5 cent → 2
  [10, 5, 11], // 10,5 cents → 11
  [4999, 2.5, 5124], // 5123,975 cents → 5124
  [150000, 12.5, 168750],
  [12345, 7.7777774, 13305], // the percentage read as 7,777777: 13305,1666 cents → 13305
  [100, 0.005, 100], // 100,005 cents → 100
  [199990, 100, 399980],
];

describe('the level price, in TypeScript and in SQL', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await emptyTestDatabase('levelprice');
    await sql`select 1`.execute(database.db); // the database opened within the hook's time
  });
  afterAll(() => database.close());

  it.each(HAND_WORKED)('cost %i cents + %d %%: %i cents in TypeScript', (cost, percentage, price) => {
    expect(priceFromPercentage(cost, percentage)).toBe(price);
  });

  it('gives the same cents in SQL, on this database', async () => {
    const values = sql.join(
      HAND_WORKED.map(([cost, percentage], i) => sql`(${i}::int, ${cost}::int, ${percentage}::double precision)`),
    );
    const { rows } = await sql<{ i: number; cents: number }>`select i, ${tierPrice('gold_percentage')} as cents
      from (values ${values}) as products(i, cost_cents, gold_percentage) order by i`.execute(database.db);
    expect(rows.map((r) => Number(r.cents))).toEqual(HAND_WORKED.map(([, , price]) => price));
  });
});
