import { apiErrorSchema, pixWebhookInfoSchema } from '@backoffice/contract';
import { expect } from 'vitest';
import { bearer, createTestApp, DEMO, signIn, type TestApp, useWorld } from '../../test/helpers';
import { picture } from '../orders/test-orders';
import { setUpPixStore } from '../payments/test-payments';
import { createProduct } from '../selling/test-selling';

/**
 * Used phones taken in (issue 42 §1, decision 0058), through the API on a fresh database of each engine: what the
 * test files trade-ins*.test.ts share.
 * Valid IMEIs (Luhn check digit of the first 14), worked out by hand:
 * - 356938035643809: kept 3+6+3+0+5+4+8 = 29, doubled 5,9,8,3,6,3,0 → 10,18,16,6,12,6,0 → 1+9+7+6+3+6+0 = 32; 61 → 9
 * - 490154203237518: kept 22, doubled 30; 52 → 8
 * - 220000000000004: kept 2, doubled 2 → 4; 6 → 4
 * - 330000000000001: kept 3, doubled 3 → 6; 9 → 1
 * - 990000000000002: kept 9, doubled 9 → 18 → 9; 18 → 2
 * - 356938035643808: the first one with a wrong check digit
 * CPF 529.982.247-25: a valid check pair (the example of the Receita's documents).
 */

/** What the trade-ins' test files share: the app, the demo's tokens, the webhook's secret, a photo and a signature. */
export interface TradeInsWorld {
  t: TestApp;
  admin: string;
  attendant: string;
  stocker: string;
  manager: string;
  secret: string;
  photo: string;
  signature: string;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export function expectError(res: { statusCode: number; json(): unknown; body: string }, status: number, code: string) {
  expect(res.statusCode, res.body).toBe(status);
  const body = apiErrorSchema.parse(res.json());
  expect(body.code).toBe(code);
  return body;
}

export const CHECKLIST = {
  screen: 'SCRATCHED',
  body: 'OK',
  batteryHealth: 78,
  biometrics: true,
  camera: true,
  charging: true,
  accountRemoved: true,
} as const;

/** The requests and helpers of the trade-ins' tests, on the world `world()` answers when called. */
export function tradeInsCalls(world: () => TradeInsWorld) {
  const call = (token: string | null, method: Method, url: string, payload?: unknown, key?: string) =>
    world().t.app.inject({
      method,
      url: `/api${url}`,
      ...(payload === undefined ? {} : { payload: payload as object }),
      headers: { ...(token ? bearer(token) : {}), ...(key ? { 'idempotency-key': key } : {}) },
    });
  const webhook = (body: unknown) => call(null, 'POST', `/payments/pix/webhook/${world().secret}/pix`, body);

  /** A seminovo product of the test's own: serialized, used, grade B, no stock. */
  async function seminovo(name: string) {
    const { t } = world();
    const product = await createProduct(t.db, { name, costCents: 0, sellCents: 190_000, stock: 0 });
    await t.db
      .updateTable('products')
      .set({ serialized: true, used: true, grade: 'B' })
      .where('id', '=', product.id)
      .execute();
    return product;
  }

  /** A trade-in of an iPhone 12 128 GB with a scratched screen and a 78 % battery, by the attendant. */
  async function tradeIn(imei: string, extra: object = {}) {
    const { attendant, photo } = world();
    const res = await call(attendant, 'POST', '/trade-ins', {
      sellerName: 'João Vendedor',
      sellerCpf: '529.982.247-25',
      brand: 'Apple',
      model: 'iPhone 12',
      storage: 128,
      colour: 'Azul',
      imei,
      checklist: CHECKLIST,
      photos: [photo],
      ...extra,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as { id: number; code: string; offer: number | null; value: number | null };
  }

  return { call, webhook, seminovo, tradeIn };
}

/** A fresh app and database with the shop's Pix, 'Pix automático' on and the manager's price of an iPhone 12. */
export async function openTradeInsWorld(): Promise<TradeInsWorld> {
  const world = { t: await createTestApp({ publicUrl: 'https://loja.example.com.br' }) } as TradeInsWorld;
  const { t } = world;
  const { call } = tradeInsCalls(() => world);
  [world.admin, world.attendant, world.stocker, world.manager] = await Promise.all([
    signIn(t.app, DEMO.admin),
    signIn(t.app, DEMO.attendant),
    signIn(t.app, DEMO.stocker),
    signIn(t.app, DEMO.manager),
  ]);
  world.photo = await picture('jpeg');
  world.signature = await picture('png', 300, 100);
  world.secret = pixWebhookInfoSchema.parse(
    (await call(world.admin, 'GET', '/payments/pix/webhook')).json(),
  ).data.secret;
  await setUpPixStore(t.db, 'LOJA', 'Loja Usados');
  // The manager's price table: an iPhone 12 128 GB is worth R$ 1.500,00 used.
  const price = await call(world.manager, 'POST', '/trade-ins/prices', {
    brand: 'Apple',
    model: 'iPhone 12',
    storage: 128,
    price: 1500,
  });
  expect(price.statusCode, price.body).toBe(200);
  return world;
}

/**
 * Opens the trade-ins' world before the file's tests and closes it after them: answers the world (filled in by beforeAll, an app
 * and a database of the file's own) and its calls.
 */
export const useTradeInsWorld = () => useWorld(openTradeInsWorld, tradeInsCalls, 120_000);
