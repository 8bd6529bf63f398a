import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { bearer, createTestApp, DEMO, signIn, type TestApp } from '../test/helpers';

/**
 * On PostgreSQL several API processes may share the database (decision 0027): each keeps employees' statuses
 * only while it hears the others' announcements (auth_events, migration 0040). Another process is a write that
 * does not go through the app's database object; statuses are kept 60 s here, so what applies sooner was heard.
 */
describe("the auth hook's statuses with several processes on PostgreSQL", () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  const products = async (token: string) =>
    (await t?.app.inject({ method: 'GET', url: '/api/products?page=0&items=1', headers: bearer(token) }))?.statusCode;
  const elsewhere = () => t?.db.withoutPlugins();
  /** Resolves once the app hears the announcements (its own watch was asked for before, on a signed-in request). */
  const heard = () => t?.app.deps.events.watchAuth({ changed: () => undefined, hearing: () => undefined });

  it("another process's block and a role emptied elsewhere apply as soon as they are announced", async () => {
    t = await createTestApp({ authCacheMs: 60_000 });
    const stocker = await signIn(t.app, DEMO.stocker);
    const attendant = await signIn(t.app, DEMO.attendant);
    expect(await products(stocker)).toBe(200);
    await heard();
    expect(await products(stocker)).toBe(200);
    expect(await products(attendant)).toBe(200);

    await elsewhere()?.updateTable('employees').set({ blocked: true }).where('email', '=', DEMO.stocker).execute();
    await expect.poll(() => products(stocker), { timeout: 5000 }).toBe(401);

    await sql`update roles set permissions = '{}' where id = (select role_id from employees where email = ${DEMO.attendant})`.execute(
      elsewhere() as NonNullable<ReturnType<typeof elsewhere>>,
    );
    await expect.poll(() => products(attendant), { timeout: 5000 }).toBe(403);
  });

  it('keeps nothing while it cannot hear them: a change nobody announced then applies at once', async () => {
    t = await createTestApp({ authCacheMs: 60_000 });
    const stocker = await signIn(t.app, DEMO.stocker);
    expect(await products(stocker)).toBe(200);
    await heard();
    expect(await products(stocker)).toBe(200);
    // The listener stops (as when its connection is lost): deaf, the app reads every status again.
    await t.app.deps.events.close();
    expect(await products(stocker)).toBe(200);
    await elsewhere()
      ?.transaction()
      .execute(async (trx) => {
        // Triggers off for this write: not announced, as if made while the listener was away.
        await sql`set local session_replication_role = replica`.execute(trx);
        await sql`update employees set blocked = true where email = ${DEMO.stocker}`.execute(trx);
      });
    expect(await products(stocker)).toBe(401);
  });
});
