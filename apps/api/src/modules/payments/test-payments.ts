import { randomUUID } from 'node:crypto';
import { apiErrorSchema, COMPANY_ID, pixWebhookInfoSchema } from '@backoffice/contract';
import { expect } from 'vitest';
import type { DB } from '../../db/database';
import { bearer, createTestApp, DEMO, signIn, type TestApp, useWorld } from '../../test/helpers';
import { createCustomer, createProduct } from '../selling/test-selling';

/**
 * What the Pix webhook's test files (payments*.test.ts) share: an app on a fresh database logging to `logLines`,
 * the demo's tokens, the webhook's secret; and what the order payments' tests share with them.
 */
export type Role = keyof typeof DEMO;

export interface PixWorld {
  t: TestApp;
  tokens: Record<Role, string>;
  secret: string;
  logLines: string[];
}

export function expectError(res: { statusCode: number; json(): unknown }, status: number, code: string) {
  expect(res.statusCode).toBe(status);
  const body = apiErrorSchema.parse(res.json());
  expect(body.code).toBe(code);
  return body;
}

/** 'Pix automático' on or off in the company's settings. */
export async function setPixAutoOf(db: DB, on: boolean) {
  await db
    .insertInto('company_settings')
    .values({ company_id: COMPANY_ID, name: 'Loja', pix_auto: on })
    .onConflict((oc) => oc.column('company_id').doUpdateSet({ pix_auto: on }))
    .execute();
}

/**
 * The store takes Pix by itself: the bank's Pix key pix@loja.com.br, the merchant `merchantName` of SAO PAULO,
 * 'Pix automático' on. The store's name becomes `name` when one is given (else it is 'Loja' on a first row).
 */
export async function setUpPixStore(db: DB, merchantName: string, name?: string) {
  await db
    .insertInto('bank_settings')
    .values({ name: 'Pix da loja', type: 'Pix', pix_type: 'EMAIL', pix_key: 'pix@loja.com.br' })
    .execute();
  const merchant = { merchant_name: merchantName, merchant_city: 'SAO PAULO', pix_auto: true };
  await db
    .insertInto('company_settings')
    .values({ company_id: COMPANY_ID, name: name ?? 'Loja', ...merchant })
    .onConflict((oc) => oc.column('company_id').doUpdateSet({ ...(name ? { name } : {}), ...merchant }))
    .execute();
}

type Method = 'GET' | 'POST' | 'PATCH';

/** The requests and reads of the Pix webhook's tests, on the world `world()` answers when called. */
export function pixCalls(world: () => PixWorld) {
  const call = (method: Method, url: string, payload?: unknown, token: string | null = world().tokens.attendant) =>
    world().t.app.inject({
      method,
      url: `/api${url}`,
      ...(payload === undefined ? {} : { payload: payload as object }),
      headers: token ? bearer(token) : {},
    });
  const webhook = (body: unknown, key = world().secret) => call('POST', `/payments/pix/webhook/${key}/pix`, body, null);

  /** 32 letters and digits, as an E2E id: 'E', an ISPB, yyyyMMddHHmm, 11 more (unique per call). */
  let e2eCounter = 0;
  const e2e = () =>
    `E00000000202611221030${String(++e2eCounter).padStart(3, '0')}${randomUUID().replace(/-/g, '').slice(0, 8).toUpperCase()}`;

  const setPixAuto = (on: boolean) => setPixAutoOf(world().t.db, on);

  /**
   * An order paid by its own Pix: one product of R$ 123,45 (cost R$ 100,00), picked up at the store, no
   * warranty, so its total is exactly R$ 123,45.
   */
  async function pixOrder(): Promise<{ id: number; code: string; txid: string; status: number }> {
    const { t } = world();
    const customer = await createCustomer(t.db);
    const product = await createProduct(t.db, {
      name: `Capinha Pix ${randomUUID()}`,
      costCents: 10_000,
      sellCents: 12_345,
      stock: 5,
    });
    expect(
      (await call('POST', `/orders/cart/add/${customer.id}`, { productId: product.id, quantity: 1 })).statusCode,
    ).toBe(200);
    const res = await call('POST', `/orders/checkout/pix/${customer.id}`, {
      typeOfDelivery: 2,
      withWarranty: false,
      isFastDelivery: false,
      idempotencyKey: randomUUID(),
    });
    expect(res.statusCode).toBe(200);
    const body = res.json() as { orderId: number; code: string; statusKey: number; total: number };
    expect(body.total).toBe(123.45);
    return { id: body.orderId, code: body.code, txid: body.code.replace('-', ''), status: body.statusKey };
  }

  const orderRow = (id: number) =>
    world().t.db.selectFrom('orders').select(['status', 'updated_at']).where('id', '=', id).executeTakeFirstOrThrow();
  const historyOf = (orderId: number) =>
    world()
      .t.db.selectFrom('order_status_history')
      .select(['status', 'employee_id', 'note'])
      .where('order_id', '=', orderId)
      .orderBy('id')
      .execute();
  const pixRow = (endToEndId: string) =>
    world().t.db.selectFrom('pix_received').selectAll().where('end_to_end_id', '=', endToEndId).executeTakeFirst();
  const pixCount = async () =>
    Number(
      (
        await world()
          .t.db.selectFrom('pix_received')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  return { call, webhook, e2e, setPixAuto, pixOrder, orderRow, historyOf, pixRow, pixCount };
}

/** A fresh app and database whose log lines are kept, every demo employee signed in, the webhook's secret read. */
export async function openPixWorld(): Promise<PixWorld> {
  const logLines: string[] = [];
  const t = await createTestApp({
    publicUrl: 'https://loja.example.com.br',
    logLevel: 'info',
    logger: { stream: { write: (line: string) => logLines.push(line) } },
  });
  const tokens = {} as Record<Role, string>;
  for (const [key, email] of Object.entries(DEMO)) tokens[key as Role] = await signIn(t.app, email);
  const res = await pixCalls(() => ({ t, tokens, secret: '', logLines })).call(
    'GET',
    '/payments/pix/webhook',
    undefined,
    tokens.admin,
  );
  const secret = pixWebhookInfoSchema.parse(res.json()).data.secret;
  return { t, tokens, secret, logLines };
}

/**
 * Opens the Pix webhook's world before the file's tests and closes it after them: answers the world (filled in by beforeAll, an app
 * and a database of the file's own) and its calls.
 */
export const usePixWorld = () => useWorld(openPixWorld, pixCalls, 120_000);
