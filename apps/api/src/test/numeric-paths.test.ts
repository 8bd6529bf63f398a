import { ORDER_STATUS } from '@backoffice/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrder, createOrderWorld } from '../modules/orders/test-orders';
import { bearer, createTestApp, DEMO, signIn, type TestApp } from './helpers';

/**
 * Issue 15: numeric values in paths are decimal digits only. `z.coerce.number()` read `0x10` as 16, `%201`
 * (" 1") as 1 and `1e1` as 10, so `/orders/by-id/0x10` answered order 16. Every route of the OpenAPI
 * document is walked: each numeric path parameter (`id`, `…Id`, `level`, `status`) is refused with 400
 * for every such spelling. A parameter of a new name must be classified below, so none slips through.
 */

const NUMERIC = /^(id|.+Id|level|status)$/;
/** The other path parameters: texts (e-mails, codes, names, search terms, periods, sort order, files). */
const TEXT = new Set([
  'email',
  'code',
  'brand',
  'reference',
  'term',
  'param',
  'name',
  'kind',
  's',
  'e',
  'start',
  'end',
  'order',
  'secret',
  // An IMEI is 15 digits kept as text (leading zeros count); its route refuses anything else with 400.
  'imei',
  // A barcode (GTIN) likewise: 8 to 14 digits as text, a UPC-A's leading zero counts.
  'gtin',
  // A repair's public status page is named by a random token (issue 42 §2), not a number.
  'token',
  '*',
]);
const NOT_DECIMAL = ['0x10', '%201', '1%20', '1e1', '+1', '1.0', '0b1', '%EF%BC%91' /* fullwidth 1 */, '1_0'];
const EVENTS = '/api/orders/events';

function plausible(name: string): string {
  if (name === 'email') return 'ninguem%40example.com';
  if (/^(s|e|start|end)$/.test(name)) return '2026-01-01T00:00:00';
  if (name === 'kind') return 'attendant';
  if (name === 'order') return 'desc';
  if (name === 'status') return '13';
  if (name === 'level') return '0';
  if (name === '*') return 'products/nao-existe.png';
  return NUMERIC.test(name) ? '1' : 'Teste';
}

describe('numeric path values are decimal digits only (issue 15: /orders/by-id/0x10 answered order 16)', () => {
  let t: TestApp;
  let admin: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp();
    admin = bearer(await signIn(t.app, DEMO.admin));
  });
  afterAll(() => t.close());

  it('refuses 0x10, %201, 1e1 and other non-decimal spellings with 400 on every route with a numeric path value', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const failures: string[] = [];
    const walked: string[] = [];
    for (const [path, operations] of Object.entries(doc.paths)) {
      if (path === EVENTS) continue;
      const names = [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1] as string);
      for (const name of names) {
        if (!NUMERIC.test(name) && !TEXT.has(name)) failures.push(`${path}: classify the path parameter {${name}}`);
      }
      for (const method of Object.keys(operations)) {
        for (const target of names.filter((name) => NUMERIC.test(name))) {
          walked.push(`${method.toUpperCase()} ${path} {${target}}`);
          for (const bad of NOT_DECIMAL) {
            const url = path.replace(/\{([^}]+)\}/g, (_, name: string) => (name === target ? bad : plausible(name)));
            const res = await t.app.inject({ method: method.toUpperCase() as 'GET', url, headers: admin, payload: {} });
            if (res.statusCode !== 400) failures.push(`${method.toUpperCase()} ${url}: ${res.statusCode} ${res.body}`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
    expect(walked).toEqual(
      expect.arrayContaining([
        'GET /api/orders/by-id/{id} {id}',
        'GET /api/orders/status/{status} {status}',
        'GET /api/reports/product/stock/sales/level/{level} {level}',
        'PUT /api/orders/change/order/{orderId}/deliverer/{id} {orderId}',
        'DELETE /api/customers/{id} {id}',
        'POST /api/orders/checkout/{id} {id}',
      ]),
    );
    expect(walked.length).toBeGreaterThan(30);
  });

  it('still reads plain digits, leading zeros included: /orders/by-id/0016 is order 16, /orders/by-id/0x10 is 400', async () => {
    const order = await createOrder(t.db, await createOrderWorld(t.db), { status: ORDER_STATUS.FINALIZADOS });
    const padded = String(order.id).padStart(4, '0');
    const res = await t.app.inject({ method: 'GET', url: `/api/orders/by-id/${padded}`, headers: admin });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.orderId).toBe(order.id);
    const hex = await t.app.inject({
      method: 'GET',
      url: `/api/orders/by-id/0x${order.id.toString(16)}`,
      headers: admin,
    });
    expect(hex.statusCode).toBe(400);
    expect(hex.json()).toMatchObject({ code: 'VALIDATION_FAILED', errors: ['Informe um pedido válido.'] });
  });

  it('GET /orders/status/{status} takes the status name of the spec table (FINALIZADOS) as well as its key (13)', async () => {
    const world = await createOrderWorld(t.db);
    const finished = await createOrder(t.db, world, { status: ORDER_STATUS.FINALIZADOS });
    await createOrder(t.db, world, { status: ORDER_STATUS.CANCELADO });
    const byKey = await t.app.inject({ method: 'GET', url: '/api/orders/status/13?items=100', headers: admin });
    expect(byKey.statusCode).toBe(200);
    expect(byKey.json().orders.map((o: { orderId: number }) => o.orderId)).toContain(finished.id);
    for (const name of ['FINALIZADOS', 'finalizados']) {
      const byName = await t.app.inject({ method: 'GET', url: `/api/orders/status/${name}?items=100`, headers: admin });
      expect(byName.statusCode, name).toBe(200);
      expect(byName.json()).toEqual(byKey.json());
    }
    const fast = await t.app.inject({ method: 'GET', url: '/api/orders/status/EM_ENTREGA_IMEDIATA', headers: admin });
    expect(fast.statusCode).toBe(200);
    for (const bad of ['FINALIZADO', '14', 'constructor', '__proto__', 'Finalizados%20']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/orders/status/${bad}`, headers: admin });
      expect(res.statusCode, bad).toBe(400);
      expect(res.json()).toMatchObject({ errors: ['Status de pedido inválido.'] });
    }
  });
});
