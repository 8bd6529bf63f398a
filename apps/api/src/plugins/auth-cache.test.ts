import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { bearer, createTestApp, DEMO, signIn, type TestApp } from '../test/helpers';

/**
 * The auth hook keeps each employee's status for AUTH_CACHE_MS (decisions 0023, 0027): a change made through
 * this process applies to the next request; one made elsewhere (another API process: here a write that does not
 * go through the app's database object) is announced on PostgreSQL (auth-cache.pg.test.ts), and one that is not
 * announced (triggers off) waits for that time.
 */
describe("the auth hook's employee statuses", () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  const products = (token: string) =>
    t?.app.inject({ method: 'GET', url: '/api/products?page=0&items=1', headers: bearer(token) });
  /** A write by another process: not through the app's database object, so this process does not hear it. */
  const elsewhere = () => t?.db.withoutPlugins();
  /** The same, with the database's triggers off for it: not announced either (no auth_events). */
  const unannounced = (update: string) =>
    elsewhere()
      ?.transaction()
      .execute(async (trx) => {
        await sql`set local session_replication_role = replica`.execute(trx);
        await sql.raw(update).execute(trx);
      });

  it("a block this process does not hear is seen within the cache's time; the next write of this process drops the cache", async () => {
    t = await createTestApp({ authCacheMs: 60_000 });
    const stocker = await signIn(t.app, DEMO.stocker);
    expect((await products(stocker))?.statusCode).toBe(200);
    await t.app.deps.events.watchAuth({ changed: () => undefined, hearing: () => undefined });
    expect((await products(stocker))?.statusCode).toBe(200);
    await unannounced(`update employees set blocked = true where email = '${DEMO.stocker}'`);
    // Kept: a change nobody announced waits for the cache's time (60 s here, 2 s by default).
    expect((await products(stocker))?.statusCode).toBe(200);
    // Any write of this process to employees drops every kept status.
    await t.db.updateTable('employees').set({ phone: '11999990000' }).where('email', '=', DEMO.admin).execute();
    expect((await products(stocker))?.statusCode).toBe(401);
  });

  it('a token newer than the kept status is checked against the database instead of refused', async () => {
    t = await createTestApp({ authCacheMs: 60_000 });
    const stocker = await signIn(t.app, DEMO.stocker);
    await t.app.deps.events.watchAuth({ changed: () => undefined, hearing: () => undefined });
    expect((await products(stocker))?.statusCode).toBe(200);
    expect((await products(stocker))?.statusCode).toBe(200);
    // Another process raised the version (a password change there) and its announcement has not arrived.
    await unannounced(`update employees set token_version = token_version + 1 where email = '${DEMO.stocker}'`);
    // The old token is still taken within the cache's time; a token of the new version is not refused.
    expect((await products(stocker))?.statusCode).toBe(200);
    const renewed = await signIn(t.app, DEMO.stocker);
    expect((await products(renewed))?.statusCode).toBe(200);
    // And the status read for it is the one kept now: the old token is refused.
    expect((await products(stocker))?.statusCode).toBe(401);
  });

  it('with AUTH_CACHE_MS=0 every request reads the employee: a block elsewhere applies at once', async () => {
    t = await createTestApp({ authCacheMs: 0 });
    const stocker = await signIn(t.app, DEMO.stocker);
    expect((await products(stocker))?.statusCode).toBe(200);
    await elsewhere()?.updateTable('employees').set({ blocked: true }).where('email', '=', DEMO.stocker).execute();
    expect((await products(stocker))?.statusCode).toBe(401);
  });

  it('is kept 2 s by default on both engines; AUTH_CACHE_MS=0 turns it off', async () => {
    t = await createTestApp();
    expect(t.config.authCacheMs).toBe(2000);
    const fixed = { inMemory: true, dataDir: '/tmp/backoffice-config', jwtSecret: 'x' };
    expect(loadConfig(fixed, {}).authCacheMs).toBe(2000);
    expect(loadConfig(fixed, { DATABASE_URL: 'postgres://db/shop' }).authCacheMs).toBe(2000);
    expect(loadConfig(fixed, { DATABASE_URL: 'postgres://db/shop', AUTH_CACHE_MS: '0' }).authCacheMs).toBe(0);
    expect(loadConfig(fixed, { AUTH_CACHE_MS: '0' }).authCacheMs).toBe(0);
    expect(() => loadConfig(fixed, { AUTH_CACHE_MS: 'dois' })).toThrow('AUTH_CACHE_MS');
  });

  it("this process's writes apply to the next request, raw SQL included: a block, a role's permissions", async () => {
    t = await createTestApp({ authCacheMs: 2000 });
    const stocker = await signIn(t.app, DEMO.stocker);
    const attendant = await signIn(t.app, DEMO.attendant);
    expect((await products(stocker))?.statusCode).toBe(200);
    expect((await products(attendant))?.statusCode).toBe(200);
    await sql`update employees set blocked = true where email = ${DEMO.stocker}`.execute(t.db);
    expect((await products(stocker))?.statusCode).toBe(401);
    // The attendant's role loses every permission: 403 on the next request.
    await sql`update roles set permissions = '{}' where id = (select role_id from employees where email = ${DEMO.attendant})`.execute(
      t.db,
    );
    expect((await products(attendant))?.statusCode).toBe(403);
  });
});
