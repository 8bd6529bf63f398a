import { apiErrorSchema } from '@backoffice/contract';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_EVENTS_PATH } from '../modules/events/events.routes';
import { bearer, createTestApp, DEMO, signIn, type TestApp } from './helpers';

/**
 * The generated bad-input walk (issue 8): every route of the OpenAPI document, so a new endpoint is walked
 * without editing this file. Thousands of hostile paths, queries and bodies, generated from a fixed seed;
 * none may answer 5xx, every error must have the contract's shape, and no 4xx may change the data.
 */

const INT_MAX = 2_147_483_647;
const WRITE_METHODS = new Set(['post', 'put', 'patch', 'delete']);
// The walk's size knobs (about 2,500 requests today; each new route adds its share).
/** Random bodies per write route, on top of the systematic ones. */
const RANDOM_BODIES_PER_ROUTE = 12;
/** Hostile values per body field, taken in turn from HOSTILE_VALUES (each value reaches many fields). */
const VALUES_PER_FIELD = 7;

/** `count` items of `items`, starting at `offset` and wrapping around: deterministic, spread evenly. */
function rotation<T>(items: readonly T[], offset: number, count: number): T[] {
  return Array.from({ length: Math.min(count, items.length) }, (_, i) => items[(offset + i) % items.length] as T);
}

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  minLength?: number;
  minItems?: number;
  nullable?: boolean;
}

interface Route {
  method: string;
  /** OpenAPI form, e.g. /api/roles/{id}. */
  path: string;
  pathParams: string[];
  queryParams: string[];
  body: JsonSchema | undefined;
}

/** mulberry32: a tiny deterministic PRNG, so every run sends the same requests. */
function random(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  return { next, pick };
}

/** Values that a field of any type may receive from a hostile client (all JSON-serialisable). */
const HOSTILE_VALUES: readonly unknown[] = [
  null,
  true,
  false,
  0,
  -1,
  1.5,
  -0.0001,
  INT_MAX + 1,
  -INT_MAX - 2,
  Number.MAX_SAFE_INTEGER + 2,
  1e308,
  0.1 + 0.2,
  '',
  ' ',
  'x'.repeat(10_000),
  'a\u0000b',
  '\u0000',
  '\ud800',
  'fim\udc00',
  '😀\ud83d',
  '<script>alert(1)</script>',
  "'; drop table roles; --",
  '%00',
  '../../etc/passwd',
  '\u202eoãçé',
  'NaN',
  'Infinity',
  '2147483648',
  '-1',
  [],
  [null],
  ['x', 1, {}],
  {},
  { a: { b: { c: [1, [2, [3]]] } } },
  { __proto__: null, constructor: 'x' },
  { toString: 'x', valueOf: 1 },
];

/** Refused with INVALID_INPUT whatever the field: no field may hold them. */
const MUST_REFUSE: readonly unknown[] = ['a\u0000b', '\ud800', INT_MAX + 1, -1e20];

/** A body sent as JSON (`application/json`). */
const json = (label: string, payload: string | Buffer) => ({ label, payload, contentType: 'application/json' });

/** Whole bodies that are not what any route expects (raw text, as sent on the wire). */
const RAW_BODIES: ReadonlyArray<{ payload: string | Buffer; contentType?: string; label: string }> = [
  json('empty JSON', ''),
  json('null', 'null'),
  json('array', '[]'),
  json('string', '"x"'),
  json('number', '1'),
  json('huge number', '1e400'),
  json('truncated', '{"name":'),
  json('trailing comma', '{"a":1,}'),
  json('proto', '{"__proto__":{"isAdmin":true}}'),
  json('constructor', '{"constructor":{"prototype":{"isAdmin":true}}}'),
  json('NUL key', '{"a\\u0000":1}'),
  json('surrogate key', '{"\\udfff":1}'),
  json('deep arrays', `${'['.repeat(5000)}${']'.repeat(5000)}`),
  json('deep objects', `${'{"a":'.repeat(2000)}1${'}'.repeat(2000)}`),
  json('invalid UTF-8', Buffer.concat([Buffer.from('{"name":"'), Buffer.from([0xff, 0xfe, 0xc3]), Buffer.from('"}')])),
  json('overlong UTF-8 NUL', Buffer.concat([Buffer.from('{"name":"'), Buffer.from([0xc0, 0x80]), Buffer.from('"}')])),
  json(
    'UTF-8 surrogate',
    Buffer.concat([Buffer.from('{"name":"'), Buffer.from([0xed, 0xa0, 0x80]), Buffer.from('"}')]),
  ),
  { label: 'latin1 charset', payload: '{"name":"ação"}', contentType: 'application/json; charset=latin1' },
  { label: 'text', payload: 'name=x', contentType: 'text/plain' },
  { label: 'form', payload: 'name=x&permissions=y', contentType: 'application/x-www-form-urlencoded' },
  { label: 'xml', payload: '<a>1</a>', contentType: 'application/xml' },
];

/** Hostile path segments (already %-encoded as a client would send them). */
const HOSTILE_SEGMENTS: readonly string[] = [
  '%00',
  'a%00b',
  '%ED%A0%80',
  '%E0%A4%A',
  '2147483648',
  '99999999999',
  '-2147483649',
  '-1',
  '0',
  '1.5',
  '1e10',
  '0x80000000',
  'NaN',
  'Infinity',
  '%20',
  'x'.repeat(400),
  '..%2F..%2Fetc%2Fpasswd',
  '%25',
  '%F0%9F%98%80',
  '%27%3B%20drop%20table%20roles%3B--',
  '__proto__',
  'constructor',
];

/** Hostile query strings, on top of hostile values for the route's own query parameters. */
const HOSTILE_QUERIES: readonly string[] = [
  'id=2147483648',
  'customerId=99999999999',
  'x=%00',
  'search=%00',
  'search=%ED%A0%80',
  '__proto__=1',
  '__proto__[admin]=1',
  'constructor[prototype][admin]=1',
  'a=1&a=2&a=3',
  `q=${'x'.repeat(2000)}`,
];

/** A plausible value for a schema, so that mutating one field at a time reaches past the others. */
function example(schema: JsonSchema | undefined, name: string): unknown {
  if (!schema) return 'x';
  const variant = schema.anyOf?.find((s) => s.type !== 'null') ?? schema.oneOf?.[0];
  if (variant) return example(variant, name);
  if (schema.enum?.length) return schema.enum[0];
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'object': {
      const value: Record<string, unknown> = {};
      for (const [key, property] of Object.entries(schema.properties ?? {})) value[key] = example(property, key);
      return value;
    }
    case 'array':
      return Array.from({ length: Math.max(1, schema.minItems ?? 1) }, () => example(schema.items, name));
    case 'integer':
    case 'number': {
      const min = typeof schema.minimum === 'number' ? schema.minimum : 0;
      return Math.max(1, min + (schema.exclusiveMinimum ? 1 : 0));
    }
    case 'boolean':
      return true;
    default:
      return stringExample(name, schema.minLength ?? 0);
  }
}

function stringExample(name: string, minLength: number): string {
  if (/mail/i.test(name)) return 'ninguem@example.com';
  if (/document|cpf/i.test(name)) return '52998224725';
  if (/phone/i.test(name)) return '11987654321';
  if (/password/i.test(name)) return 'uma-senha-longa-123';
  return 'Teste'.padEnd(minLength, 'x');
}

/** A path's own parameters: existing-looking but harmless values (nothing of the demo staff is touched). */
function pathValue(name: string, fixtures: { roleId: number }, path: string): string {
  if (name === 'id') return path.startsWith('/api/roles/') ? String(fixtures.roleId) : '999999';
  if (name === 'kind') return 'attendant';
  if (/mail/i.test(name)) return 'ninguem%40example.com';
  if (name === '*') return 'products/nao-existe.png';
  return 'Teste';
}

function fillPath(route: Route, fixtures: { roleId: number }, override?: [string, string]): string {
  return route.path.replace(/\{([^}]+)\}/g, (_, name: string) =>
    override && override[0] === name ? override[1] : pathValue(name, fixtures, route.path),
  );
}

/**
 * The security bookkeeping a refusal itself must write: a failed sign-in is counted (`throttle_events`) so
 * that guessing is slowed. It is not business data, and recording it is the point of a 401.
 */
const BOOKKEEPING_TABLES = new Set(['throttle_events', 'trusted_sign_in_addresses']);

/** Every row of every table of the app's schema, hashed per table (the walk's notion of "the data"). */
async function snapshot(t: TestApp): Promise<string> {
  const { rows } = await sql<{ name: string; count: number; digest: string | null }>`
    select table_name as name from information_schema.tables
    where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`.execute(t.db);
  const parts = rows
    .filter((row) => !row.name.startsWith('kysely_') && !BOOKKEEPING_TABLES.has(row.name))
    .map(
      (row) =>
        sql`select ${row.name}::text as name, count(*)::int as count,
              md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as digest
            from ${sql.table(row.name)} as x`,
    );
  const union = parts.reduce((all, part) => sql`${all} union all ${part}`);
  // Ordered: PostgreSQL may answer a long union all in any order (a parallel append), and a snapshot that only
  // differs by its rows' order is the same data ('data changed ()' with no table named).
  const hashes = await sql<{ name: string }>`select * from (${union}) as tables order by name`.execute(t.db);
  return JSON.stringify(hashes.rows);
}

/** The id the next write transaction would get: unchanged means nothing was written (a cheap pre-check). */
async function nextTransactionId(t: TestApp): Promise<string> {
  const { rows } = await sql<{ xmax: string }>`select pg_snapshot_xmax(pg_current_snapshot())::text as xmax`.execute(
    t.db,
  );
  return rows[0]?.xmax ?? '';
}

describe('hostile input on every route (the generated bad-input walk)', () => {
  let t: TestApp;
  let token: string;
  let routes: Route[];
  const fixtures = { roleId: 0 };

  beforeAll(async () => {
    t = await createTestApp();
    token = await signIn(t.app, DEMO.admin);
    const role = await t.app.inject({
      method: 'POST',
      url: '/api/roles',
      headers: bearer(token),
      payload: { name: 'Papel da varredura', permissions: ['bo:manage:reports'] },
    });
    fixtures.roleId = role.json().data.id;
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<
        string,
        Record<
          string,
          {
            parameters?: Array<{ name: string; in: string }>;
            requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
          }
        >
      >;
    };
    routes = Object.entries(doc.paths)
      // The live-updates stream never ends (inject would wait forever): events.test.ts walks it over HTTP.
      .filter(([path]) => path !== ORDER_EVENTS_PATH)
      .flatMap(([path, operations]) =>
        Object.entries(operations).map(([method, operation]) => ({
          method: method.toUpperCase(),
          path,
          pathParams: (operation.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name),
          queryParams: (operation.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
          body: operation.requestBody?.content?.['application/json']?.schema,
        })),
      );
  });
  afterAll(() => t?.close());

  it('finds the routes to walk in the app itself', () => {
    const writes = routes.filter((route) => WRITE_METHODS.has(route.method.toLowerCase()));
    // Figures of today's API; the walk itself never lists them.
    expect(writes.length).toBeGreaterThanOrEqual(23);
    expect(writes.map((r) => `${r.method} ${r.path}`)).toEqual(
      expect.arrayContaining(['PATCH /api/roles/{id}', 'PATCH /api/customers', 'PATCH /api/products/unarchive/{code}']),
    );
  });

  it('answers thousands of hostile requests without a 5xx, in the error format, and changes nothing on a 4xx', {
    timeout: 600_000,
  }, async () => {
    const failures: string[] = [];
    let sent = 0;
    let baseline = await snapshot(t);
    let lastXid = await nextTransactionId(t);

    const send = async (label: string, options: InjectOptions, expectRefusal = false) => {
      sent++;
      const headers = { authorization: `Bearer ${token}`, ...(options.headers ?? {}) };
      let res: LightMyRequestResponse;
      try {
        res = await t.app.inject({ ...options, headers });
        // Signing out (or a password change the walk happened to get right) ends the walk's own session:
        // that is the route doing its job, so the walk signs in again and goes on.
        if (res.statusCode < 400 && /\/api\/accounts\/(signout|me\/password)/.test(String(options.url))) {
          token = await signIn(t.app, DEMO.admin);
        }
      } catch (error) {
        failures.push(`${label}: inject threw ${String(error)}`);
        return;
      }
      const where = `${label} → ${res.statusCode} ${res.body.slice(0, 160)}`;
      if (res.statusCode >= 500) failures.push(where);
      if (res.statusCode >= 400) {
        let body: unknown;
        try {
          body = res.json();
        } catch {
          body = undefined;
        }
        if (!apiErrorSchema.safeParse(body).success) failures.push(`not the error format: ${where}`);
      } else if (expectRefusal) failures.push(`accepted: ${where}`);
      const xid = await nextTransactionId(t);
      if (xid === lastXid) return;
      lastXid = xid;
      const now = await snapshot(t);
      if (res.statusCode >= 400 && res.statusCode < 500 && now !== baseline) {
        // Which tables: what the refused request (or something beside it) wrote.
        const before = new Map(
          (JSON.parse(baseline) as { name: string; digest: string }[]).map((r) => [r.name, r.digest]),
        );
        const changed = (JSON.parse(now) as { name: string; digest: string }[])
          .filter((r) => before.get(r.name) !== r.digest)
          .map((r) => r.name);
        failures.push(`data changed (${changed.join(', ')}): ${where}`);
      }
      baseline = now;
      lastXid = await nextTransactionId(t);
    };

    for (const [index, route] of routes.entries()) {
      const isWrite = WRITE_METHODS.has(route.method.toLowerCase());
      const { method } = route;
      const url = fillPath(route, fixtures);
      const name = `${method} ${route.path}`;
      const base = route.body ? (example(route.body, 'body') as Record<string, unknown>) : undefined;
      const json = (payload: unknown) => ({
        payload: JSON.stringify(payload),
        headers: { 'content-type': 'application/json' },
      });

      // Hostile path values, one parameter at a time (read routes too: they must not 5xx either).
      for (const param of route.pathParams) {
        for (const segment of HOSTILE_SEGMENTS) {
          const hostile = fillPath(route, fixtures, [param, segment]);
          await send(`${name} path ${param}=${segment.slice(0, 30)}`, {
            method,
            url: hostile,
            ...(base ? json(base) : {}),
          });
        }
      }
      // Hostile query strings: the route's own parameters, and a few of the generic ones (each route
      // another few, so that every one is sent to several routes).
      const queries = [
        ...route.queryParams.flatMap((q) => [`${q}=%00`, `${q}=2147483648`, `${q}=-1`]),
        ...rotation(HOSTILE_QUERIES, index, isWrite ? 4 : 3),
      ];
      for (const query of queries) {
        await send(`${name} ?${query.slice(0, 40)}`, { method, url: `${url}?${query}`, ...(base ? json(base) : {}) });
      }
      if (!isWrite) continue;

      // Whole bodies that are not JSON objects, or not JSON, or not UTF-8.
      for (const raw of RAW_BODIES) {
        await send(`${name} body ${raw.label}`, {
          method,
          url,
          payload: raw.payload,
          headers: raw.contentType ? { 'content-type': raw.contentType } : {},
        });
      }
      if (base && typeof base === 'object' && !Array.isArray(base)) {
        // One field at a time: missing, a rotating share of the hostile values, and the values that must be
        // refused whatever the field (NUL, lone surrogates, numbers beyond the columns). Objects inside
        // arrays (e.g. the lines of a stock entry) get the same treatment.
        const targets: Array<[string, (value: unknown) => unknown]> = [];
        for (const field of Object.keys(base)) {
          targets.push([field, (value) => ({ ...base, [field]: value })]);
          const inner = Array.isArray(base[field]) ? (base[field] as unknown[])[0] : undefined;
          if (inner && typeof inner === 'object')
            for (const key of Object.keys(inner))
              targets.push([`${field}[0].${key}`, (value) => ({ ...base, [field]: [{ ...inner, [key]: value }] })]);
        }
        for (const [position, [target, withValue]] of targets.entries()) {
          if (!target.includes('[')) {
            const { [target]: _dropped, ...missing } = base;
            await send(`${name} without ${target}`, { method, url, ...json(missing) });
          }
          for (const value of rotation(HOSTILE_VALUES, index * 7 + position * 11, VALUES_PER_FIELD)) {
            await send(`${name} ${target}=${JSON.stringify(value)?.slice(0, 30)}`, {
              method,
              url,
              ...json(withValue(value)),
            });
          }
          for (const value of MUST_REFUSE) {
            const label = `${name} ${target}=${JSON.stringify(value)} (must be refused)`;
            await send(label, { method, url, ...json(withValue(value)) }, true);
          }
        }
        await send(`${name} unknown field`, { method, url, ...json({ ...base, extra: 1 }) });
      }
      // Random bodies from a fixed seed: the plausible body with a few fields swapped or added.
      const rng = random(82_026 + index);
      for (let n = 0; n < RANDOM_BODIES_PER_ROUTE; n++) {
        const body: Record<string, unknown> = { ...(base ?? {}) };
        const keys = [...Object.keys(body), 'extra', '__proto__', 'constructor', 'id', 'a\u0000'];
        const changes = 1 + Math.floor(rng.next() * 3);
        for (let c = 0; c < changes; c++) {
          const key = rng.pick(keys);
          const value =
            rng.next() < 0.3 ? [rng.pick(HOSTILE_VALUES), rng.pick(HOSTILE_VALUES)] : rng.pick(HOSTILE_VALUES);
          // defineProperty: a key named __proto__ becomes an own property, sent on the wire as such.
          Object.defineProperty(body, key, { value, enumerable: true, configurable: true, writable: true });
        }
        await send(`${name} random #${n} ${JSON.stringify(body).slice(0, 80)}`, { method, url, ...json(body) });
      }
    }

    expect(failures.slice(0, 40), `${failures.length} failures`).toEqual([]);
    expect(sent).toBeGreaterThan(2000);
    // The walk did not lock its own administrator out (it would have walked nothing but 401s).
    const stillAdmin = await t.app.inject({ method: 'GET', url: '/api/employees', headers: bearer(token) });
    expect(stillAdmin.statusCode).toBe(200);
  });
});

describe('the input guard on the examples of issue 8', () => {
  let t: TestApp;
  let admin: ReturnType<typeof bearer>;
  beforeAll(async () => {
    t = await createTestApp();
    admin = bearer(await signIn(t.app, DEMO.admin));
  });
  afterAll(() => t?.close());

  const send = (method: InjectOptions['method'], url: string, payload?: string | Buffer | object) =>
    t.app.inject({
      method,
      url,
      headers: { ...admin, ...(payload === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(payload === undefined ? {} : { payload }),
    });
  const roleNames = async () =>
    (await t.db.selectFrom('roles').select('name').orderBy('name').execute()).map((r) => r.name);

  it('refuses NUL and lone surrogates in paths, queries, names and keys with INVALID_INPUT', async () => {
    const before = await roleNames();
    const cases: Array<[string, Awaited<ReturnType<typeof send>>]> = [
      ['path NUL', await send('PATCH', '/api/products/unarchive/a%00b')],
      ['query NUL', await send('GET', '/api/customers?search=%00')],
      ['name NUL', await send('POST', '/api/roles', { name: 'Caixa\u0000', permissions: ['bo:manage:reports'] })],
      [
        'name surrogate',
        await send('POST', '/api/roles', { name: 'Caixa \ud83d', permissions: ['bo:manage:reports'] }),
      ],
      [
        'key surrogate',
        await send('POST', '/api/roles', '{"name":"Caixa","permissions":["bo:manage:reports"],"\\udc00":1}'),
      ],
    ];
    for (const [label, res] of cases) {
      expect(res.statusCode, label).toBe(400);
      expect(res.json(), label).toMatchObject({
        errors: ['Um texto informado contém caracteres inválidos (caractere nulo ou emoji partido).'],
        code: 'INVALID_INPUT',
      });
    }
    expect(cases[2]?.[1].json().details).toEqual({ location: 'body', path: 'name' });
    expect(await roleNames()).toEqual(before);
  });

  it('accepts a whole emoji (a surrogate pair) in a name', async () => {
    const res = await send('POST', '/api/roles', { name: 'Caixa 😀', permissions: ['bo:manage:reports'] });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.name).toBe('Caixa 😀');
  });

  it('refuses numbers beyond the 32-bit columns in the path and the body with INVALID_INPUT', async () => {
    const attendant = await t.db
      .selectFrom('employees')
      .select(['role_id'])
      .where('email', '=', DEMO.attendant)
      .executeTakeFirstOrThrow();
    const answers = [
      await send('PATCH', '/api/roles/2147483648', { name: 'Nova', permissions: ['bo:manage:reports'] }),
      await send('DELETE', '/api/customers/99999999999'),
      await send('PUT', '/api/employees/attendant', {
        name: 'Beatriz Atendente',
        document: '52998224725',
        email: DEMO.attendant,
        phone: '11987654321',
        roleId: 2147483648,
      }),
      await send('PATCH', '/api/customers', {
        customerId: 2147483648,
        level: 1,
        warrantyPercentage: 0,
        shippingCost: 1,
        approve: true,
      }),
    ];
    for (const res of answers) {
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({
        errors: ['Um número informado está fora do intervalo aceito.'],
        code: 'INVALID_INPUT',
      });
    }
    expect(answers[2]?.json().details).toEqual({ location: 'body', path: 'roleId' });
    const after = await t.db
      .selectFrom('employees')
      .select(['role_id'])
      .where('email', '=', DEMO.attendant)
      .executeTakeFirstOrThrow();
    expect(after.role_id).toBe(attendant.role_id);
  });

  it('keeps the largest id that fits: 2147483647 is looked up (404), not refused', async () => {
    const res = await send('PATCH', '/api/roles/2147483647', { name: 'Nova', permissions: ['bo:manage:reports'] });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('NOT_FOUND');
  });

  it('refuses a body that is not valid UTF-8 with INVALID_JSON, and keeps refusing prototype poisoning', async () => {
    const before = await roleNames();
    const latin1 = Buffer.from('{"name":"Gestão","permissions":["bo:manage:reports"]}', 'latin1');
    const res = await send('POST', '/api/roles', latin1);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      errors: ['O corpo da requisição não é um texto UTF-8 válido.'],
      code: 'INVALID_JSON',
    });
    const poisoned = await send(
      'POST',
      '/api/roles',
      '{"name":"X","permissions":["bo:manage:reports"],"__proto__":{"a":1}}',
    );
    expect(poisoned.statusCode).toBe(400);
    expect(poisoned.json().code).toBe('INVALID_JSON');
    expect(await roleNames()).toEqual(before);
  });
});
