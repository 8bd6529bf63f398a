import { customerSearchText, formatDuration, ORDER_STATUS } from '@backoffice/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { bearer, createTestApp, DEMO, signIn, type TestApp } from '../../test/helpers';
import { createOrder, createOrderWorld, type OrderWorld } from '../orders/test-orders';

/**
 * The top bar's bell (issue 20 §1): `GET /api/notifications` and `PATCH /api/notifications/read`, each kind
 * only for the roles holding its permission (demo roles: Atendimento = customers + orders; Estoque =
 * products; Administrador = everything, settings included), read state per employee, late orders by the
 * limits of `/api/notifications/late-limits`. Each `it` builds the records it looks at in a fresh database
 * of its own describe; counts below are worked out from those records.
 */
interface Item {
  id: string;
  kind: string;
  title: string;
  body: string;
  link: string;
  createdAt: string;
  readAt: string | null;
}

let seq = 0;
/** A customer of the test (CPFs need not be valid for the bell; unique e-mails and documents). */
async function customer(t: TestApp, status: 'AWAITING' | 'APPROVED', name: string) {
  const n = ++seq;
  const data = { name, email: `sino${n}@example.com`, document: String(10_000_000_000 + n), phone: '21987654321' };
  return t.db
    .insertInto('customers')
    .values({ ...data, status, search_text: customerSearchText(data) })
    .returning(['id', 'email'])
    .executeTakeFirstOrThrow();
}

describe('GET /api/notifications', () => {
  let t: TestApp;
  let admin: string;
  let attendant: string;
  let stocker: string;
  let courier: string;
  let world: OrderWorld;

  const list = async (token: string, limit?: number) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/notifications${limit ? `?limit=${limit}` : ''}`,
      headers: bearer(token),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { data: Item[]; unread: number };
  };
  const ofKind = async (token: string, kind: string) => (await list(token, 100)).data.filter((n) => n.kind === kind);
  const markRead = (token: string, body: unknown) =>
    t.app.inject({ method: 'PATCH', url: '/api/notifications/read', headers: bearer(token), payload: body as object });

  beforeAll(async () => {
    t = await createTestApp();
    [admin, attendant, stocker, courier] = await Promise.all([
      signIn(t.app, DEMO.admin),
      signIn(t.app, DEMO.attendant),
      signIn(t.app, DEMO.stocker),
      signIn(t.app, DEMO.courier),
    ]);
    world = await createOrderWorld(t.db);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows the waiting customers to an attendant, not to a stocker; an approved one is gone at once', async () => {
    const waiting1 = await customer(t, 'AWAITING', 'Joana Sino');
    const waiting2 = await customer(t, 'AWAITING', 'Paulo Sino');
    await customer(t, 'APPROVED', 'Rita Aprovada');

    const seen = await ofKind(attendant, 'customer_waiting');
    expect(seen.map((n) => n.id).sort()).toEqual([`customer:${waiting1.id}`, `customer:${waiting2.id}`].sort());
    const joana = seen.find((n) => n.id === `customer:${waiting1.id}`);
    expect(joana).toMatchObject({
      title: 'Cliente aguardando aprovação',
      body: `Joana Sino (${waiting1.email}) se cadastrou e aguarda aprovação.`,
      link: `/admin/customers?customer=${encodeURIComponent(waiting1.email)}`,
      readAt: null,
    });
    // Estoque holds products only; Entregas nothing: no customers for them (their bell still answers).
    expect(await ofKind(stocker, 'customer_waiting')).toEqual([]);
    expect(await list(courier)).toEqual({ data: [], unread: 0 });

    await t.db.updateTable('customers').set({ status: 'APPROVED' }).where('id', '=', waiting1.id).execute();
    expect((await ofKind(attendant, 'customer_waiting')).map((n) => n.id)).toEqual([`customer:${waiting2.id}`]);
    await t.db.updateTable('customers').set({ status: 'APPROVED' }).where('id', '=', waiting2.id).execute();
  });

  it('keeps read state per employee: the attendant reading an item leaves it unread for the administrator', async () => {
    const waiting = await customer(t, 'AWAITING', 'Lia Leitura');
    const id = `customer:${waiting.id}`;
    const attendantBefore = await list(attendant);
    const adminBefore = await list(admin);

    const res = await markRead(attendant, { ids: [id, 'customer:999999', id] });
    expect(res.statusCode, res.body).toBe(200);
    // One item read (the unknown id is not the attendant's and is ignored; the repeat counts once).
    expect(res.json()).toEqual({ unread: attendantBefore.unread - 1 });
    const after = await list(attendant, 100);
    expect(after.unread).toBe(attendantBefore.unread - 1);
    expect(after.data.find((n) => n.id === id)?.readAt).toEqual(expect.any(String));
    expect((await list(admin)).unread).toBe(adminBefore.unread);
    expect((await list(admin, 100)).data.find((n) => n.id === id)?.readAt).toBeNull();

    // Reading it again changes nothing.
    expect((await markRead(attendant, { ids: [id] })).json()).toEqual({ unread: attendantBefore.unread - 1 });
    // All: nothing unread for the attendant; the administrator's count is still his own.
    expect((await markRead(attendant, { all: true })).json()).toEqual({ unread: 0 });
    expect((await list(attendant)).unread).toBe(0);
    expect((await list(admin)).unread).toBe(adminBefore.unread);

    // A new waiting customer is one new unread item.
    await customer(t, 'AWAITING', 'Nova Depois');
    expect((await list(attendant)).unread).toBe(1);
    await t.db.updateTable('customers').set({ status: 'APPROVED' }).where('status', '=', 'AWAITING').execute();
  });

  it('refuses a bad body or limit with a Portuguese message, changing nothing', async () => {
    const waiting = await customer(t, 'AWAITING', 'Caio Corpo');
    const before = await list(attendant);
    for (const body of [
      {},
      { ids: [] },
      { all: false },
      { ids: 'customer:1' },
      { ids: [`customer:${waiting.id}`], all: true },
    ]) {
      const res = await markRead(attendant, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await markRead(attendant, { ids: [] })).json().errors.join(' ')).toMatch(/notifica/i);
    expect((await list(attendant)).unread).toBe(before.unread);
    const res = await t.app.inject({ method: 'GET', url: '/api/notifications?limit=500', headers: bearer(attendant) });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual(['No máximo 100 notificações por vez.']);
    expect((await t.app.inject({ method: 'GET', url: '/api/notifications' })).statusCode).toBe(401);
    await t.db.updateTable('customers').set({ status: 'APPROVED' }).where('id', '=', waiting.id).execute();
  });

  it('lists newest first, at most `limit`, while `unread` counts them all', async () => {
    const made = [];
    for (const name of ['Um', 'Dois', 'Três']) made.push(await customer(t, 'AWAITING', `Cliente ${name}`));
    // Created one minute apart: Três newest.
    for (const [i, c] of made.entries()) {
      await t.db
        .updateTable('customers')
        .set({ created_at: new Date(Date.UTC(2030, 0, 1, 12, i)) })
        .where('id', '=', c.id)
        .execute();
    }
    const page = await list(attendant, 2);
    expect(page.data.map((n) => n.id)).toEqual([`customer:${made[2]?.id}`, `customer:${made[1]?.id}`]);
    expect(page.unread).toBeGreaterThanOrEqual(3);
    expect(page.data[0]?.createdAt).toBe('2030-01-01T12:02:00.000Z');
    await t.db.updateTable('customers').set({ status: 'APPROVED' }).where('status', '=', 'AWAITING').execute();
  });

  it('a late order shows only once its status limit has passed, by the limit saved in Configurações', async () => {
    const now = new Date(Math.floor(Date.now() / 60_000) * 60_000);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(now);
    const order = await createOrder(t.db, world, { status: ORDER_STATUS.AGUARDANDO_ESTOQUISTA });
    // It entered "Aguardando estoquista" 119 minutes ago; the default limit is 120 minutes.
    await t.db
      .updateTable('order_status_history')
      .set({ created_at: new Date(now.getTime() - 119 * 60_000) })
      .where('order_id', '=', order.id)
      .where('status', '=', ORDER_STATUS.AGUARDANDO_ESTOQUISTA)
      .execute();
    const lateOf = async (token: string) =>
      (await ofKind(token, 'order_late')).filter((n) => n.link === `/admin/orders?order=${order.id}`);
    expect(await lateOf(attendant)).toEqual([]);

    vi.setSystemTime(new Date(now.getTime() + 60_000)); // 120 minutes: late
    const [late] = await lateOf(attendant);
    expect(late).toMatchObject({
      title: 'Pedido atrasado: Aguardando estoquista',
      body: `Pedido ${order.code} está há 2 h em Aguardando estoquista (limite 2 h).`,
      createdAt: new Date(now.getTime() + 60_000).toISOString(),
    });
    expect(await lateOf(stocker)).toEqual([]); // no orders permission

    vi.setSystemTime(new Date(now.getTime() + 16 * 60_000)); // 135 minutes
    expect((await lateOf(attendant))[0]?.body).toBe(
      `Pedido ${order.code} está há 2 h 15 min em Aguardando estoquista (limite 2 h).`,
    );

    // The administrator raises the limit to 3 hours: 135 minutes is no longer late.
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/notifications/late-limits',
      headers: bearer(admin),
      payload: { limits: [{ status: ORDER_STATUS.AGUARDANDO_ESTOQUISTA, minutes: 180 }] },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().data).toContainEqual({ status: 1, minutes: 180 });
    expect(await lateOf(attendant)).toEqual([]);
    vi.setSystemTime(new Date(now.getTime() + 61 * 60_000)); // 180 minutes
    expect(await lateOf(attendant)).toHaveLength(1);
    await t.db.updateTable('orders').set({ status: ORDER_STATUS.CANCELADO }).where('id', '=', order.id).execute();
  });

  it('a late order shows the second its limit passes, with no write in between (an answer kept on PGlite expires then)', async () => {
    const now = new Date(Math.floor(Date.now() / 60_000) * 60_000);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(now);
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/notifications/late-limits',
      headers: bearer(admin),
      payload: { limits: [{ status: ORDER_STATUS.AGUARDANDO_ESTOQUISTA, minutes: 120 }] },
    });
    expect(put.statusCode, put.body).toBe(200);
    const order = await createOrder(t.db, world, { status: ORDER_STATUS.AGUARDANDO_ESTOQUISTA });
    // In "Aguardando estoquista" (limit 120 minutes) for 119 minutes 30 seconds.
    await t.db
      .updateTable('order_status_history')
      .set({ created_at: new Date(now.getTime() - (119 * 60 + 30) * 1000) })
      .where('order_id', '=', order.id)
      .where('status', '=', ORDER_STATUS.AGUARDANDO_ESTOQUISTA)
      .execute();
    const lateOf = async () =>
      (await ofKind(attendant, 'order_late')).filter((n) => n.link === `/admin/orders?order=${order.id}`);
    expect(await lateOf()).toEqual([]);
    vi.setSystemTime(new Date(now.getTime() + 29_000));
    expect(await lateOf()).toEqual([]);
    vi.setSystemTime(new Date(now.getTime() + 30_000)); // 120 minutes: late, 30 s after the last read
    expect(await lateOf()).toHaveLength(1);
    await t.db.updateTable('orders').set({ status: ORDER_STATUS.CANCELADO }).where('id', '=', order.id).execute();
    expect(await lateOf()).toEqual([]);
  });

  it('a late order shows even when 250 open orders were touched after it (issue 36: each kind read by its own index)', async () => {
    const now = new Date(Math.floor(Date.now() / 60_000) * 60_000);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(now);
    const limits = await t.app.inject({
      method: 'PUT',
      url: '/api/notifications/late-limits',
      headers: bearer(admin),
      payload: {
        limits: [
          { status: ORDER_STATUS.AGUARDANDO_ESTOQUISTA, minutes: 120 },
          { status: ORDER_STATUS.AGUARDANDO_MOTOBOY, minutes: 60 },
        ],
      },
    });
    expect(limits.statusCode, limits.body).toBe(200);
    const late = await createOrder(t.db, world, { status: ORDER_STATUS.AGUARDANDO_ESTOQUISTA });
    // It entered "Aguardando estoquista" 3 hours ago and nobody touched it since (limit: 2 hours).
    const threeHoursAgo = new Date(now.getTime() - 180 * 60_000);
    await t.db
      .updateTable('order_status_history')
      .set({ created_at: threeHoursAgo })
      .where('order_id', '=', late.id)
      .execute();
    await t.db.updateTable('orders').set({ updated_at: threeHoursAgo }).where('id', '=', late.id).execute();
    // 250 orders waiting for a courier, put there a minute ago (limit 60 minutes: none late), touched after it.
    const fresh = await t.db.selectFrom('orders').selectAll().where('id', '=', late.id).executeTakeFirstOrThrow();
    const { id: _id, code: _code, status_since: _since, ...copy } = fresh;
    const minuteAgo = new Date(now.getTime() - 60_000);
    const added = await t.db
      .insertInto('orders')
      .values(
        Array.from({ length: 250 }, (_, i) => ({
          ...copy,
          code: `LT${String(i).padStart(3, '0')}-${late.id}`,
          status: ORDER_STATUS.AGUARDANDO_MOTOBOY,
          created_at: minuteAgo,
          updated_at: minuteAgo,
        })),
      )
      .returning('id')
      .execute();
    const items = await ofKind(attendant, 'order_late');
    expect(items.filter((n) => n.link === `/admin/orders?order=${late.id}`)).toMatchObject([
      {
        title: 'Pedido atrasado: Aguardando estoquista',
        body: `Pedido ${late.code} está há 3 h em Aguardando estoquista (limite 2 h).`,
        // Late since it reached 2 hours, one hour ago.
        createdAt: new Date(now.getTime() - 60 * 60_000).toISOString(),
      },
    ]);
    const addedIds = new Set(added.map((row) => `/admin/orders?order=${row.id}`));
    expect(items.filter((n) => addedIds.has(n.link))).toEqual([]);
    await t.db
      .updateTable('orders')
      .set({ status: ORDER_STATUS.CANCELADO })
      .where('id', 'in', [late.id, ...added.map((row) => row.id)])
      .execute();
  });

  it('late limits: readable with orders, written with settings only, whole minutes from 1 to 10080', async () => {
    const get = await t.app.inject({
      method: 'GET',
      url: '/api/notifications/late-limits',
      headers: bearer(attendant),
    });
    expect(get.statusCode).toBe(200);
    expect(get.json().data).toContainEqual({ status: 3, minutes: 60 }); // Aguardando motoboy: 1 hour by default
    expect(get.json().data).toHaveLength(9);
    const put = (token: string, limits: unknown) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/notifications/late-limits',
        headers: bearer(token),
        payload: { limits },
      });
    expect((await put(attendant, [{ status: 3, minutes: 30 }])).statusCode).toBe(403);
    for (const [limits, message] of [
      [[{ status: 3, minutes: 1.5 }], 'Informe o limite em minutos inteiros.'],
      [[{ status: 3, minutes: 0 }], 'O limite deve ser de ao menos 1 minuto.'],
      [[{ status: 3, minutes: 10_081 }], 'O limite deve ser de no máximo 7 dias (10080 minutos).'],
      [[{ status: 5, minutes: 60 }], 'Há um status sem limite de atraso.'],
      [
        [
          { status: 3, minutes: 60 },
          { status: 3, minutes: 90 },
        ],
        'Cada status aparece uma vez só.',
      ],
    ] as const) {
      const res = await put(admin, limits);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().errors.join(' ')).toContain(message);
    }
    const again = await t.app.inject({ method: 'GET', url: '/api/notifications/late-limits', headers: bearer(admin) });
    expect(again.json().data).toContainEqual({ status: 3, minutes: 60 });
  });

  it('stock at or below its alert: to the stocker, not to the attendant', async () => {
    const [productId] = world.products;
    const product = await t.db
      .updateTable('products')
      .set({ stock: 2, stock_alert: 2 })
      .where('id', '=', productId as number)
      .returning(['code', 'name'])
      .executeTakeFirstOrThrow();
    const seen = (await ofKind(stocker, 'stock_low')).filter((n) => n.id === `stock-low:${productId}`);
    expect(seen).toMatchObject([
      {
        title: 'Estoque no alerta',
        body: `${product.name} (${product.code}): 2 em estoque, alerta em 2.`,
        link: `/admin/products?code=${encodeURIComponent(product.code)}`,
      },
    ]);
    expect(await ofKind(attendant, 'stock_low')).toEqual([]);
    await t.db
      .updateTable('products')
      .set({ stock: 3 })
      .where('id', '=', productId as number)
      .execute();
    expect((await ofKind(stocker, 'stock_low')).filter((n) => n.id === `stock-low:${productId}`)).toEqual([]);
    await t.db
      .updateTable('products')
      .set({ stock: 100_000 })
      .where('id', '=', productId as number)
      .execute();
  });

  it('events: a Pix not identified and a settlement with a difference to orders; a payment setting changed to administrators only', async () => {
    await t.db
      .insertInto('pix_received')
      .values({
        end_to_end_id: 'E2ESINO0000000000000000000000001',
        amount_cents: 12_345,
        payer: 'Marta Pagadora',
        paid_at: new Date(),
        unmatched_reason: 'NO_TXID',
      })
      .execute();
    const run = await t.db
      .insertInto('courier_runs')
      .values({
        deliverer_id: world.staff.courier,
        departure_at: new Date(),
        settled_at: new Date(),
        expected_cash_cents: 10_000,
        declared_cash_cents: 9_050,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('audit_events')
      .values({
        employee_id: world.staff.manager,
        entity: 'bank_setting',
        entity_id: '1',
        action: 'update',
        changes: '{}',
      })
      .execute();

    expect(await ofKind(attendant, 'pix_unidentified')).toMatchObject([
      {
        id: 'pix:E2ESINO0000000000000000000000001',
        title: 'Pix não identificado',
        body: 'R$ 123,45 de Marta Pagadora sem pedido correspondente.',
      },
    ]);
    expect(await ofKind(attendant, 'settlement_difference')).toMatchObject([
      {
        id: `settlement:${run.id}`,
        body: `Rota ${run.id} de Diego Motoboy: esperado R$ 100,00, entregue R$ 90,50 (falta de R$ 9,50).`,
        link: '/admin/dispatch',
      },
    ]);
    expect(await ofKind(attendant, 'payment_settings_changed')).toEqual([]);
    expect(await ofKind(admin, 'payment_settings_changed')).toMatchObject([
      {
        title: 'Configuração de pagamento alterada',
        body: 'Fernanda Gerente alterou uma configuração bancária (Pix ou conta).',
      },
    ]);
    expect(await ofKind(stocker, 'pix_unidentified')).toEqual([]);
  });
});

describe('formatDuration', () => {
  it('writes minutes as the bell says them', () => {
    expect(formatDuration(45)).toBe('45 min');
    expect(formatDuration(120)).toBe('2 h');
    expect(formatDuration(135.9)).toBe('2 h 15 min');
    expect(formatDuration(1440)).toBe('1 dia');
    expect(formatDuration(3060)).toBe('2 dias e 3 h');
  });
});
