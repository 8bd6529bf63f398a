import {
  businessTimeZone,
  customerSearchText,
  DEFAULT_BUSINESS_TIME_ZONE,
  setBusinessTimeZone,
} from '@backoffice/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../db/seed/foundation';
import { bearer, createTestApp, DEMO, signIn, type TestApp } from '../../test/helpers';
import { insertBrandProduct } from '../../test/plain-rows';
import { insertSale } from './test-business';

/**
 * A shop in Manaus (BUSINESS_TIME_ZONE=America/Manaus, UTC−4 all year): its days begin at 04:00 UTC, an hour
 * after São Paulo's. Three sales of one product, each an hour from a day's edge:
 *   A 2026-03-10T03:30Z ×2: 09/03 23:30 in Manaus (10/03 00:30 in São Paulo)
 *   B 2026-03-10T04:30Z ×3: 10/03 00:30 in Manaus
 *   C 2026-04-01T03:30Z ×7: 31/03 23:30 in Manaus (01/04 00:30 in São Paulo)
 * and a customer registered 2026-03-05T03:30Z: 04/03 23:30 in Manaus (05/03 in São Paulo).
 */
describe('BUSINESS_TIME_ZONE moves the day boundaries of the reports and the CSVs', () => {
  let t: TestApp;
  let manager: string;
  let attendant: string;
  let productId: number;

  beforeAll(async () => {
    t = await createTestApp({ businessTimeZone: 'America/Manaus' });
    [manager, attendant] = await Promise.all([signIn(t.app, DEMO.manager), signIn(t.app, DEMO.attendant)]);
    const product = {
      id: await insertBrandProduct(t.db, 'Marca Manaus', {
        code: 'MAO-1',
        name: 'Capinha Manaus',
        cost_cents: 1000,
        sell_price_cents: 2000,
        search_text: '',
      }),
    };
    productId = product.id;
    const person = {
      name: 'Iara Amazonas',
      email: 'iara@exemplo.com.br',
      document: '52998224725',
      phone: '92991234567',
    };
    const customer = await t.db
      .insertInto('customers')
      .values({
        ...person,
        status: 'AWAITING',
        level: 1,
        shipping_cost_cents: 1000,
        warranty_percentage: 5,
        city: 'Manaus',
        state: 'AM',
        created_at: new Date('2026-03-05T03:30:00Z'),
        search_text: customerSearchText(person),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const [code, at, quantity] of [
      ['MAO-A', '2026-03-10T03:30:00Z', 2],
      ['MAO-B', '2026-03-10T04:30:00Z', 3],
      ['MAO-C', '2026-04-01T03:30:00Z', 7],
    ] as const) {
      const lines = [{ product: product.id, quantity, price: 2000, cost: 1000 }];
      await insertSale(t.db, {
        code,
        customer: customer.id,
        status: 5,
        payment: 'CASH',
        deliveryType: 1,
        at: new Date(at),
        lines,
      });
    }
  });
  afterAll(async () => {
    await t.close();
    setBusinessTimeZone(DEFAULT_BUSINESS_TIME_ZONE);
  });

  const get = (url: string, token = manager) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
  const sold = async (start: string, end: string) =>
    (await get(`/api/reports/products/sold/start/${start}/end/${end}/desc`)).json().data;

  it('tells the web its zone at sign-in', async () => {
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/accounts/signin',
      payload: { email: DEMO.manager, password: DEMO_PASSWORD },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json().data.timeZone).toBe('America/Manaus');
    expect(businessTimeZone()).toBe('America/Manaus');
  });

  it('counts a report’s days as Manaus days: 10/03 holds B alone, 09/03 holds A, March holds A, B and C', async () => {
    const unit = (quantity: number) => [{ productId, name: 'Capinha Manaus', code: 'MAO-1', quantity }];
    expect(await sold('2026-03-10T00:00:00', '2026-03-10T23:59:59')).toEqual(unit(3));
    expect(await sold('2026-03-09T00:00:00', '2026-03-09T23:59:59')).toEqual(unit(2));
    // A whole month, read from São Paulo's summary rows inside it and raw rows at its Manaus edges.
    expect(await sold('2026-03-01T00:00:00', '2026-03-31T23:59:59')).toEqual(unit(12));
    expect(await sold('2026-04-01T00:00:00', '2026-04-30T23:59:59')).toEqual([]);
  });

  it('writes a CSV’s dates as Manaus days: registered 04/03/2026', async () => {
    const csv = await get('/api/customers/export.csv?list=awaiting', attendant);
    const [, row] = csv.body.slice(1).trimEnd().split('\r\n');
    expect(row?.endsWith(';04/03/2026')).toBe(true);
  });
});
