import { EMPLOYEE_FUNCS, ORDER_STATUS, type OrderEvent, PERMISSIONS, withCpfCheckDigits } from '@backoffice/contract';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { createDatabase, type DB } from '../../db/database';
import { bearer, createTestApp, DEMO, signIn, type TestApp } from '../../test/helpers';
import { createOrder, createOrderWorld, type OrderWorld } from '../orders/test-orders';
import { ORDER_EVENTS_PATH, openStreamCount } from './events.routes';
import { LISTENER_APPLICATION_NAME } from './events.service';

const S = ORDER_STATUS;
/** Generous: the machine is shared and loaded. */
const WAIT_MS = 15_000;

/** A live SSE stream read over real HTTP (app.inject would wait for an end that never comes). */
interface Stream {
  status: number;
  headers: Headers;
  /** The raw text received so far. */
  text(): string;
  /** The `order` events received so far. */
  events: OrderEvent[];
  /** How many `notification` notices (the bell may have changed) were received so far. */
  notices(): number;
  /** Resolves with the first event (received or to come) that matches; rejects after WAIT_MS. */
  next(match: (event: OrderEvent) => boolean): Promise<OrderEvent>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

async function openStream(baseUrl: string, token: string, headers: Record<string, string> = {}): Promise<Stream> {
  const abort = new AbortController();
  const response = await fetch(`${baseUrl}${ORDER_EVENTS_PATH}`, {
    headers: { ...bearer(token), ...headers },
    signal: abort.signal,
  });
  let raw = '';
  const events: OrderEvent[] = [];
  let notices = 0;
  const waiters = new Set<() => void>();
  const reader = response.body?.getReader();
  const decoder = new TextDecoder();
  const ended = (async () => {
    if (!reader) return;
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        raw += decoder.decode(value, { stream: true });
        const blocks = raw.split('\n\n');
        events.length = 0;
        notices = 0;
        for (const block of blocks.slice(0, -1)) {
          const lines = block.split('\n');
          if (lines.includes('event: notification')) notices++;
          if (!lines.includes('event: order')) continue;
          const data = lines.find((line) => line.startsWith('data: '));
          if (data) events.push(JSON.parse(data.slice(6)) as OrderEvent);
        }
        for (const wake of waiters) wake();
      }
    } catch {
      // aborted by close()
    }
  })();
  // The opening comment is written once the process listens: after it, every commit is heard.
  if (response.status === 200) {
    await new Promise<void>((resolve) => {
      const check = () => {
        if (raw.includes(': ok')) {
          waiters.delete(check);
          resolve();
        }
      };
      waiters.add(check);
      check();
    });
  }
  return {
    status: response.status,
    headers: response.headers,
    text: () => raw,
    events,
    notices: () => notices,
    ended,
    next(match) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = events.find(match);
          if (found) {
            waiters.delete(check);
            clearTimeout(timer);
            resolve(found);
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no matching event in ${WAIT_MS} ms; received: ${JSON.stringify(events)}`));
        }, WAIT_MS);
        waiters.add(check);
        check();
      });
    },
    close: () => abort.abort(),
  };
}

/**
 * Live updates across processes: app A and app B share one database, as two API processes behind a load
 * balancer do (on PostgreSQL each has its own LISTEN connection; on PGlite they share the worker). A
 * change made through A, or straight in the database, reaches a stream opened on B.
 */
describe('GET /api/orders/events', () => {
  let a: TestApp;
  let b: FastifyInstance;
  let bUrl: string;
  let world: OrderWorld;
  let admin: string;
  const streams: Stream[] = [];
  const open = async (token: string, headers?: Record<string, string>) => {
    const stream = await openStream(bUrl, token, headers);
    streams.push(stream);
    return stream;
  };

  let bDb: DB;

  beforeAll(async () => {
    a = await createTestApp();
    // On PostgreSQL B has its own pool (and its own LISTEN connection) on A's schema, as another process
    // would; PGlite is one process's database, so there both apps share it.
    if (a.config.databaseUrl) {
      const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(a.db);
      bDb = createDatabase({ ...a.config, schema: rows[0]?.schema });
    } else bDb = a.db;
    b = await buildApp({ config: a.config, db: bDb, logger: false });
    bUrl = await b.listen({ port: 0, host: '127.0.0.1' });
    world = await createOrderWorld(a.db);
    admin = await signIn(a.app, DEMO.admin);
  }, 60_000);
  afterAll(async () => {
    for (const stream of streams) stream.close();
    await b?.close();
    if (bDb && bDb !== a?.db) await bDb.destroy();
    await a?.close();
  });

  it('a workflow move made through another process reaches the stream: changed, with the status before and after', async () => {
    const order = await createOrder(a.db, world, { status: S.AGUARDANDO_ESTOQUISTA });
    const stream = await open(admin);
    const res = await a.app.inject({
      method: 'PATCH',
      url: '/api/workflow/order/cancel',
      headers: bearer(admin),
      payload: { orderId: order.id, comment: 'Cliente desistiu' },
    });
    expect(res.statusCode).toBe(200);
    const event = await stream.next((e) => e.kind === 'changed' && e.id === order.id);
    expect(event).toEqual({
      kind: 'changed',
      id: order.id,
      code: order.code,
      status: S.CANCELADO,
      previousStatus: S.AGUARDANDO_ESTOQUISTA,
      attendantId: world.staff.attendant,
    });
  });

  it('a new order inserted in the database (a checkout) arrives as created, with who sold it, to a stocker too; a courier only hears that something changed, never which order', async () => {
    const courier = await open(await signIn(a.app, DEMO.courier));
    const stocker = await open(await signIn(a.app, DEMO.stocker));
    const order = await createOrder(a.db, world, { status: S.AGUARDANDO_ESTOQUISTA, code: 'LIV-001' });
    const expected = {
      kind: 'created',
      id: order.id,
      code: 'LIV-001',
      status: S.AGUARDANDO_ESTOQUISTA,
      previousStatus: null,
      attendantId: world.staff.attendant,
    };
    expect(await stocker.next((e) => e.kind === 'created' && e.id === order.id)).toEqual(expected);
    // A courier reads only his orders (issue 15, part 2): the code, status and seller of another are not his.
    expect(await courier.next(() => true)).toEqual({ kind: 'many', count: 1 });
  });

  it('a rolled-back change sends nothing; the next committed one is the first to arrive', async () => {
    const order = await createOrder(a.db, world, { status: S.AGUARDANDO_ESTOQUISTA });
    const stream = await open(admin);
    await expect(
      a.db.transaction().execute(async (trx) => {
        await trx.updateTable('orders').set({ status: S.CANCELADO }).where('id', '=', order.id).execute();
        await trx.updateTable('orders').set({ comments: 'desfeito' }).where('id', '=', order.id).execute();
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    // (The order's own `created` may arrive after the stream opened: only changes count here.)
    const changes = () => stream.events.filter((e) => e.kind !== 'created');
    expect(changes()).toEqual([]);
    // The sentinel: notifications arrive in commit order, so once this committed change is here, anything
    // the rolled-back transaction had sent would be here before it (no waiting for "long enough").
    await a.db.updateTable('orders').set({ comments: 'Interfone 12' }).where('id', '=', order.id).execute();
    await stream.next((e) => e.kind === 'changed' && e.id === order.id);
    expect(changes()).toEqual([
      {
        kind: 'changed',
        id: order.id,
        code: order.code,
        status: S.AGUARDANDO_ESTOQUISTA,
        previousStatus: S.AGUARDANDO_ESTOQUISTA,
        attendantId: world.staff.attendant,
      },
    ]);
  });

  it('the bell is told only of the moves that change it: into or out of approval or proof, a late order leaving (issue 36)', async () => {
    const stream = await open(admin);
    const moved = await createOrder(a.db, world, { status: S.AGUARDANDO_ESTOQUISTA });
    const late = await createOrder(a.db, world, { status: S.AGUARDANDO_ESTOQUISTA });
    const approval = await createOrder(a.db, world, { status: S.AGUARDANDO_ESTOQUISTA });
    // (Test orders are placed three days back.) `moved` and `approval` entered 'Aguardando estoquista' just
    // now, `late` five hours ago (its default limit: 2 hours).
    await a.db
      .updateTable('order_status_history')
      .set({ created_at: new Date() })
      .where('order_id', 'in', [moved.id, approval.id])
      .execute();
    await a.db
      .updateTable('order_status_history')
      .set({ created_at: new Date(Date.now() - 5 * 3_600_000) })
      .where('order_id', '=', late.id)
      .execute();
    const move = async (id: number, status: number) => {
      await a.db.updateTable('orders').set({ status }).where('id', '=', id).execute();
      // The order's own event, after which whatever its transaction told the bell has arrived (commit order).
      await stream.next((e) => e.kind === 'changed' && e.id === id && e.status === status);
    };
    // A sentinel: once this change is heard, whatever the orders' placing told the bell has arrived before it.
    await a.db.updateTable('orders').set({ comments: 'sentinela' }).where('id', '=', late.id).execute();
    await stream.next((e) => e.kind === 'changed' && e.id === late.id);
    const before = stream.notices();
    // A move between two statuses the bell shows nothing of, of an order on time: no notice.
    await move(moved.id, S.EM_PREPARACAO);
    expect(stream.notices()).toBe(before);
    // Into 'Aguardando aprovação': one notice; out of it: another.
    await move(approval.id, S.AGUARDANDO_APROVACAO);
    expect(stream.notices()).toBe(before + 1);
    await move(approval.id, S.AGUARDANDO_ESTOQUISTA);
    expect(stream.notices()).toBe(before + 2);
    // A late order leaving its status: its 'Pedido atrasado' goes away.
    await move(late.id, S.EM_PREPARACAO);
    expect(stream.notices()).toBe(before + 3);
  });

  it('a statement touching more than 20 orders sends one "many" event, not one per order', async () => {
    const stream = await open(admin);
    await sql`
      insert into orders (code, customer_id, status, delivery_type, payment_method, items_total_cents, total_cents)
      select 'LOTE-' || g, ${world.customerId}, ${S.AGUARDANDO_ESTOQUISTA}, 2, 'CASH', 0, 0
      from generate_series(1, 21) g`.execute(a.db);
    // A marker after the batch: once it arrives, the batch's events have all arrived.
    const marker = await createOrder(a.db, world, { status: S.AGUARDANDO_ESTOQUISTA });
    await stream.next((e) => e.kind === 'created' && e.id === marker.id);
    expect(stream.events.map((e) => e.kind)).toEqual(['many', 'created']);
    expect(stream.events[0]).toEqual({ kind: 'many', count: 21 });
  });

  it('an update that changes nothing visible sends nothing', async () => {
    const order = await createOrder(a.db, world, { status: S.AGUARDANDO_ESTOQUISTA });
    const stream = await open(admin);
    await a.db.updateTable('orders').set({ code: order.code }).where('id', '=', order.id).execute();
    const marker = await createOrder(a.db, world, { status: S.AGUARDANDO_ESTOQUISTA });
    await stream.next((e) => e.kind === 'created' && e.id === marker.id);
    // Everything but the order's own `created` (which may arrive after the stream opened) and the marker's.
    const others = stream.events.filter((e) => e.kind !== 'created' || (e.id !== order.id && e.id !== marker.id));
    expect(others).toEqual([]);
  });

  it('is an uncompressed event stream with the retry hint and the security headers, even when br is accepted', async () => {
    const stream = await open(admin, { 'accept-encoding': 'br, gzip' });
    expect(stream.status).toBe(200);
    expect(stream.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(stream.headers.get('content-encoding')).toBeNull();
    expect(stream.headers.get('cache-control')).toBe('no-cache, no-transform');
    expect(stream.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(stream.headers.get('x-content-type-options')).toBe('nosniff');
    expect(stream.text().startsWith('retry: 3000\n')).toBe(true);
  });

  it('is in the OpenAPI document as an event stream for whoever reads orders', async () => {
    const doc = (await b.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const operation = doc.paths[ORDER_EVENTS_PATH].get;
    expect(Object.keys(operation.responses['200'].content)).toEqual(['text/event-stream']);
    expect(operation['x-permissions']).toEqual([PERMISSIONS.orders, PERMISSIONS.products]);
    // And the stocker's and the courier's functions by themselves (their task lists follow the changes).
    expect(operation['x-functions']).toEqual([EMPLOYEE_FUNCS.STOCKER, EMPLOYEE_FUNCS.DELIVERER]);
  });

  it('401 without a token or with a bad one; 403 for a role that reads no orders', async () => {
    const none = await b.inject({ method: 'GET', url: ORDER_EVENTS_PATH });
    expect(none.statusCode).toBe(401);
    expect(none.json().code).toBe('UNAUTHENTICATED');
    const bad = await b.inject({ method: 'GET', url: ORDER_EVENTS_PATH, headers: bearer('x.y.z') });
    expect(bad.statusCode).toBe(401);
    // A role with the dashboard only: neither orders nor products.
    const role = await a.db
      .insertInto('roles')
      .values({ name: 'Só painel (eventos)', permissions: [PERMISSIONS.dashboard] })
      .returning('id')
      .executeTakeFirstOrThrow();
    const employee = await a.db
      .updateTable('employees')
      .set({ role_id: role.id })
      .where('email', '=', DEMO.manager)
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(employee.id).toBeGreaterThan(0);
    const manager = await signIn(a.app, DEMO.manager);
    const denied = await b.inject({ method: 'GET', url: ORDER_EVENTS_PATH, headers: bearer(manager) });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().code).toBe('FORBIDDEN');
  });

  // PostgreSQL only (PGlite has no connection to lose): defined in the PostgreSQL pass of .ci/run.
  const onPostgres = process.env.DATABASE_URL ? it : () => undefined;
  onPostgres(
    'PostgreSQL: a lost listener connection reconnects, tells the streams to refresh, and hears changes again',
    async () => {
      const stream = await open(admin);
      const killed = await sql<{ killed: boolean }>`
        select pg_terminate_backend(pid) as killed from pg_stat_activity
        where application_name = ${LISTENER_APPLICATION_NAME} and datname = current_database()`.execute(a.db);
      expect(killed.rows.length).toBeGreaterThan(0);
      await stream.next((e) => e.kind === 'many');
      expect(stream.events[0]).toEqual({ kind: 'many', count: 0 });
      const order = await createOrder(a.db, world, { status: S.AGUARDANDO_ESTOQUISTA });
      await stream.next((e) => e.kind === 'created' && e.id === order.id);
    },
  );

  it('a client that goes away leaves no stream behind, and the others keep theirs', async () => {
    const before = openStreamCount(b.deps);
    const staying = await open(admin);
    const leaving = await open(admin);
    expect(openStreamCount(b.deps)).toBe(before + 2);
    leaving.close();
    await expect.poll(() => openStreamCount(b.deps), { timeout: WAIT_MS }).toBe(before + 1);
    const order = await createOrder(a.db, world, { status: S.AGUARDANDO_ESTOQUISTA });
    await staying.next((e) => e.kind === 'created' && e.id === order.id);
  });

  /**
   * Issue 15 §6: an employee's open streams end within seconds of their sign-out, password change or block,
   * whichever process it went through (here A; the stream is on B). Each test has an attendant of its own
   * (a role holding `orders`, the admin's password hash), so no other test's sign-ins are touched.
   */
  describe('a session that ends ends its streams on every process', () => {
    let roleId: number;
    let seed = 0;
    beforeAll(async () => {
      const role = await a.db
        .insertInto('roles')
        .values({ name: 'Pedidos (sessões)', permissions: [PERMISSIONS.orders] })
        .returning('id')
        .executeTakeFirstOrThrow();
      roleId = role.id;
    });
    /** A new attendant who signs in with the demo password. */
    const attendant = async () => {
      seed++;
      const email = `sessao${seed}@demo.com.br`;
      const admin = await a.db
        .selectFrom('employees')
        .select('password_hash')
        .where('email', '=', DEMO.admin)
        .executeTakeFirstOrThrow();
      const row = await a.db
        .insertInto('employees')
        .values({
          name: `Sessão ${seed}`,
          email,
          phone: `1194321${String(seed).padStart(4, '0')}`,
          document: withCpfCheckDigits(String(300_400_500 + seed)),
          func: 1,
          role_id: roleId,
          password_hash: admin.password_hash,
        })
        .returning(['id', 'name', 'email', 'phone', 'document'])
        .executeTakeFirstOrThrow();
      return { ...row, token: await signIn(a.app, email) };
    };
    /** Resolves when the stream ends; fails the test after WAIT_MS. */
    const endsWithin = (stream: Stream) =>
      Promise.race([
        stream.ended.then(() => 'ended'),
        new Promise((resolve) => setTimeout(() => resolve('still open'), WAIT_MS).unref()),
      ]);

    it('a sign-out through A ends the stream opened on B; a stream of someone else stays open', async () => {
      const leaving = await attendant();
      const staying = await attendant();
      const stream = await open(leaving.token);
      const other = await open(staying.token);
      const out = await a.app.inject({ method: 'POST', url: '/api/accounts/signout', headers: bearer(leaving.token) });
      expect(out.statusCode).toBe(204);
      expect(await endsWithin(stream)).toBe('ended');
      // The other employee's stream still hears the orders.
      const order = await createOrder(a.db, world, { status: S.AGUARDANDO_ESTOQUISTA });
      await other.next((e) => e.kind === 'created' && e.id === order.id);
      // And the ended stream cannot be opened again with the old token.
      const again = await b.inject({ method: 'GET', url: ORDER_EVENTS_PATH, headers: bearer(leaving.token) });
      expect(again.statusCode).toBe(401);
    });

    it('a password change through A ends the streams of the old token on B; the new token opens one that stays', async () => {
      const employee = await attendant();
      const stream = await open(employee.token);
      const changed = await a.app.inject({
        method: 'PATCH',
        url: '/api/accounts/me/password',
        headers: bearer(employee.token),
        payload: { currentPassword: 'demo1234', newPassword: 'Cavalo-Bateria-Grampo-4821' },
      });
      expect(changed.statusCode, changed.body).toBe(200);
      expect(await endsWithin(stream)).toBe('ended');
      const fresh = await open(changed.json().data.accessToken);
      expect(fresh.status).toBe(200);
      const order = await createOrder(a.db, world, { status: S.AGUARDANDO_ESTOQUISTA });
      await fresh.next((e) => e.kind === 'created' && e.id === order.id);
    });

    it('blocking the employee through A ends their stream on B', async () => {
      const employee = await attendant();
      const stream = await open(employee.token);
      const blocked = await a.app.inject({
        method: 'PUT',
        url: '/api/employees/attendant',
        headers: bearer(admin),
        payload: {
          name: employee.name,
          email: employee.email,
          phone: employee.phone,
          document: employee.document,
          roleId,
          blocked: true,
        },
      });
      expect(blocked.statusCode, blocked.body).toBe(200);
      expect(await endsWithin(stream)).toBe('ended');
    });

    it('a token version raised straight in the database (a rolled-back one does nothing) ends the stream', async () => {
      const employee = await attendant();
      const stream = await open(employee.token);
      await expect(
        a.db.transaction().execute(async (trx) => {
          await trx
            .updateTable('employees')
            .set((eb) => ({ token_version: eb('token_version', '+', 1) }))
            .where('id', '=', employee.id)
            .execute();
          throw new Error('rollback');
        }),
      ).rejects.toThrow('rollback');
      // A marker order: once it arrives, the rolled-back change had its chance to be heard.
      const marker = await createOrder(a.db, world, { status: S.AGUARDANDO_ESTOQUISTA });
      await stream.next((e) => e.kind === 'created' && e.id === marker.id);
      expect(await Promise.race([stream.ended.then(() => 'ended'), Promise.resolve('open')])).toBe('open');
      await a.db
        .updateTable('employees')
        .set((eb) => ({ token_version: eb('token_version', '+', 1) }))
        .where('id', '=', employee.id)
        .execute();
      expect(await endsWithin(stream)).toBe('ended');
    });
  });

  it('closing the app ends its open streams at once (app.close does not hang)', async () => {
    const c = await buildApp({ config: a.config, db: a.db, logger: false });
    const url = await c.listen({ port: 0, host: '127.0.0.1' });
    const stream = await openStream(url, admin);
    streams.push(stream);
    const started = Date.now();
    await c.close();
    await stream.ended;
    expect(Date.now() - started).toBeLessThan(5000);
  });
});
