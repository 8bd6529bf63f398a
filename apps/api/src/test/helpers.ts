import { randomUUID } from 'node:crypto';
import { apiErrorSchema } from '@backoffice/contract';
import type { FastifyInstance } from 'fastify';
import type { KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, expect } from 'vitest';
import { buildApp } from '../app';
import { type AppConfig, loadConfig } from '../config';
import { type DB, migrateToLatest } from '../db/database';
import { DEMO_PASSWORD, seedFoundation } from '../db/seed/foundation';
import type { Mailer } from '../lib/mailer';
import { emptyTestDatabase } from './database';

export interface TestApp {
  app: FastifyInstance;
  db: DB;
  config: AppConfig;
  close(): Promise<void>;
}

/**
 * A fresh app on a fresh database: in-memory PGlite, or, when DATABASE_URL is set, a schema of its own
 * in that PostgreSQL database (dropped on close). Demo roles and employees are seeded.
 */
export async function createTestApp(
  overrides: Partial<AppConfig> & {
    mailer?: Mailer /** Pino options, e.g. `{ stream }` to read the log. */;
    logger?: object;
    /** Kysely plugins the app's database goes through (e.g. one that records the queries); the test's `db` does not. */
    dbPlugins?: KyselyPlugin[];
  } = {},
): Promise<TestApp> {
  const { mailer, logger, dbPlugins = [], ...configOverrides } = overrides;
  const database = await emptyTestDatabase('test', { migrated: true });
  const config = loadConfig(
    {
      inMemory: true,
      dataDir: database.dataDir,
      jwtSecret: `test-secret-${randomUUID()}`,
      databaseUrl: database.databaseUrl,
      // The same app whether or not the web app has been built; a test may pass its own directory.
      webDistDir: undefined,
      ...configOverrides,
    },
    {},
  );
  const { db } = database;
  await migrateToLatest(db);
  await seedFoundation(db);
  const appDb = dbPlugins.reduce<DB>((withPlugins, plugin) => withPlugins.withPlugin(plugin), db);
  const app = await buildApp({ config, db: appDb, logger: logger ?? false, mailer, storage: database.storage });
  await app.ready();
  return {
    app,
    db,
    config,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/** Signs in through the API and returns the bearer token. */
export async function signIn(app: FastifyInstance, email: string, password = DEMO_PASSWORD): Promise<string> {
  const response = await app.inject({ method: 'POST', url: '/api/accounts/signin', payload: { email, password } });
  if (response.statusCode !== 200)
    throw new Error(`sign-in of ${email} failed: ${response.statusCode} ${response.body}`);
  return response.json().data.accessToken as string;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A request to the API (`/api` + `url`) as `token` (none when null), with its JSON `payload` and more `headers`. */
export const injectApi = (
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  token: string | null,
  payload?: unknown,
  headers: Record<string, string> = {},
) =>
  app.inject({
    method,
    url: `/api${url}`,
    ...(payload === undefined ? {} : { payload: payload as object }),
    headers: { ...(token ? bearer(token) : {}), ...headers },
  });

/** The idempotency key's header when there is one. */
export const idempotencyKey = (key?: string): Record<string, string> => (key ? { 'idempotency-key': key } : {});

/** `call(method, url, token, payload?, key?)`: a request to the app `app()` answers, with its idempotency key if any. */
export const tokenCaller =
  (app: () => FastifyInstance) =>
  (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, token: string, payload?: object, key?: string) =>
    injectApi(app(), method, url, token, payload, idempotencyKey(key));

/** The demo sign-ins by role. */
export const DEMO = {
  admin: 'admin@demo.com.br',
  attendant: 'atendente@demo.com.br',
  stocker: 'estoquista@demo.com.br',
  courier: 'motoboy@demo.com.br',
  courier2: 'motoboy2@demo.com.br',
  manager: 'gerente@demo.com.br',
  technician: 'tecnico@demo.com.br',
} as const;
export type DemoRole = keyof typeof DEMO;

/** Signs every demo role in, one after the other; answers the bearer tokens by role. */
export async function signInAll(app: FastifyInstance): Promise<Record<DemoRole, string>> {
  const tokens = {} as Record<DemoRole, string>;
  for (const [role, email] of Object.entries(DEMO)) tokens[role as DemoRole] = await signIn(app, email);
  return tokens;
}

/** Expects an API error answer: its status and its code (`{ errors, code }`); answers the parsed body. */
export function expectApiError(res: { statusCode: number; json(): unknown }, status: number, code: string) {
  expect(res.statusCode).toBe(status);
  const body = apiErrorSchema.parse(res.json());
  expect(body.code).toBe(code);
  return body;
}

/** Expects an order's parts to add up to its `total`, in cents: items + freight + fast delivery + warranty − discount. */
export function expectOrderAddsUp(
  parts: { items: number; shipping: number; fastDelivery: number; warranty: number; discount: number },
  total: number,
) {
  const cents = (n: number) => Math.round(n * 100);
  expect(
    cents(parts.items) +
      cents(parts.shipping) +
      cents(parts.fastDelivery) +
      cents(parts.warranty) -
      cents(parts.discount),
  ).toBe(cents(total));
}

/**
 * Opens a test file's world (`open`: an app and a database of the file's own) before its tests and closes it after
 * them; answers the world, filled in by beforeAll, and its `calls` on it.
 */
export function useWorld<W extends { t: TestApp }, C extends object>(
  open: () => Promise<W>,
  calls: (world: () => W) => C,
  timeout?: number,
) {
  const w = {} as W;
  beforeAll(async () => {
    Object.assign(w, await open());
  }, timeout);
  afterAll(() => w.t.close());
  return { w, ...calls(() => w) };
}

/** The audit trail of one record (`entity` as the audit names it, e.g. 'repair'): its events, oldest first. */
export function auditTrail(db: DB, entity: string, entityId: number | string) {
  return db
    .selectFrom('audit_events')
    .selectAll()
    .where('entity', '=', entity)
    .where('entity_id', '=', String(entityId))
    .orderBy('id')
    .execute();
}
