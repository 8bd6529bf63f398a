import { availableActions, ORDER_STATUS, ORDER_TEXTS } from '@backoffice/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, DEMO, signIn, type TestApp } from '../../test/helpers';
import { createOrder, createOrderWorld, insertCourierWithOrdersRole, type OrderWorld, picture } from './test-orders';

const S = ORDER_STATUS;
type Role = keyof typeof DEMO;
let t: TestApp;
let world: OrderWorld;
const tokens = {} as Record<Role, string>;
let jpeg: string;

const get = (url: string, token = tokens.admin) =>
  t.app.inject({ method: 'GET', url: `/api${url}`, headers: bearer(token) });
const statusOf = async (id: number) =>
  await t.db.selectFrom('orders').select(['status', 'deliverer_id']).where('id', '=', id).executeTakeFirstOrThrow();

beforeAll(async () => {
  t = await createTestApp();
  world = await createOrderWorld(t.db);
  for (const [key, email] of Object.entries(DEMO)) tokens[key as Role] = await signIn(t.app, email);
  jpeg = await picture('jpeg');
});
afterAll(() => t.close());

describe('status cards and paged lists', () => {
  it('counts every status in one answer (zeros included) and pages a status newest change first', async () => {
    const created: number[] = [];
    for (let i = 0; i < 25; i++) created.push((await createOrder(t.db, world, { status: S.ENTREGUE })).id);
    await createOrder(t.db, world, { status: S.ERRO });
    const counts = await get('/orders/status');
    expect(counts.statusCode).toBe(200);
    const data = counts.json().data as Array<{ key: number; status: string; quantity: number }>;
    expect(data.map((d) => d.key)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 15, 16, 17]);
    expect(data.find((d) => d.key === S.ENTREGUE)).toEqual({ key: 5, status: 'Entregue', quantity: 25 });
    expect(data.find((d) => d.key === S.ERRO)?.quantity).toBe(1);
    expect(data.find((d) => d.key === S.FINALIZADOS)?.quantity).toBe(0);
    expect((await get('/orders/count')).json()).toEqual({ data: { total: 26 } });

    // The test orders' updated_at grow with their creation: the newest change is the last created.
    const newestFirst = [...created].reverse();
    const first = await get(`/orders/status/${S.ENTREGUE}`);
    expect(first.statusCode).toBe(200);
    expect(first.json().total).toBe(25);
    expect(first.json().orders.map((o: { orderId: number }) => o.orderId)).toEqual(newestFirst.slice(0, 10));
    // Every page, near the start or past the middle (read from the other end of the index), in order.
    const all: number[] = [];
    for (const page of [0, 1, 2, 3]) {
      const res = await get(`/orders/status/${S.ENTREGUE}?page=${page}&items=7`);
      expect(res.json().total).toBe(25);
      all.push(...res.json().orders.map((o: { orderId: number }) => o.orderId));
    }
    expect(all).toEqual(newestFirst);
    const beyond = await get(`/orders/status/${S.ENTREGUE}?page=9&items=10`);
    expect(beyond.json()).toEqual({ orders: [], total: 25 });
    const hundred = await get(`/orders/status/${S.ENTREGUE}?page=0&items=100`);
    expect(hundred.json().orders).toHaveLength(25);
  });

  it('answers the Order fields of section 3', async () => {
    const order = await createOrder(t.db, world, {
      status: S.AGUARDANDO_MOTOBOY,
      delivererId: world.staff.courier,
      stockerId: world.staff.stocker,
    });
    const res = await get(`/orders/status/${S.AGUARDANDO_MOTOBOY}?items=100`);
    const found = res.json().orders.find((o: { orderId: number }) => o.orderId === order.id);
    // 2 × 19,90 + 1 × 50,00 + frete 15,00 = 104,80
    expect(found).toMatchObject({
      orderId: order.id,
      code: order.code,
      customer: expect.stringMatching(/^Cliente Pedidos/),
      status: 'Aguardando motoboy',
      statusKey: 3,
      typeOfDelivery: 'Motoboy',
      deliverer: 'Diego Motoboy',
      stocker: 'Carlos Estoquista',
      payment: 'Dinheiro',
      total: 104.8,
      shippingCost: 15,
      neighborhood: 'Centro',
      comments: 'Portão azul',
      hasWarranty: false,
    });
    expect(found.updatedAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  });

  it('refuses a bad status, page or size with a Portuguese 400', async () => {
    for (const url of [
      '/orders/status/14',
      '/orders/status/abc',
      '/orders/status/1?items=101',
      '/orders/status/1?items=0',
      '/orders/status/1?page=-1',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
    expect((await get('/orders/status/1?items=101')).json().errors).toContain('Informe de 1 a 100 pedidos por página.');
  });
});

describe('search by code and details', () => {
  it('finds an order by its code with or without the dash, in any case; an unknown code is a 404 with the spec text', async () => {
    const order = await createOrder(t.db, world, { status: S.EM_PREPARACAO, code: 'K7M-4QP' });
    for (const typed of ['K7M-4QP', 'k7m-4qp', 'k7m4qp', ' K7M4QP ', 'k7m 4qp']) {
      const res = await get(`/orders/${encodeURIComponent(typed)}`);
      expect(res.statusCode, typed).toBe(200);
      expect(res.json().data).toMatchObject({ orderId: order.id, code: 'K7M-4QP', status: 'Em preparação' });
    }
    const missing = await get('/orders/ZZZ-ZZZ');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().errors).toEqual(['Não foi possível encontrar o pedido com o código informado.']);
  });

  it('GET /orders/by-id answers the order with its items and total', async () => {
    const order = await createOrder(t.db, world, { status: S.ENTREGUE, quantities: [3, 2] });
    const res = await get(`/orders/by-id/${order.id}`);
    expect(res.statusCode).toBe(200);
    // 3 × 19,90 + 2 × 50,00 = 159,70 of goods, + 15,00 of shipping = 174,70
    expect(res.json().data).toMatchObject({
      orderId: order.id,
      items: [
        { name: 'Produto 0', quantity: 3, unitPrice: 19.9 },
        { name: 'Produto 1', quantity: 2, unitPrice: 50 },
      ],
      itemsTotal: 159.7,
      total: 174.7,
    });
    expect((await get('/orders/by-id/999999')).statusCode).toBe(404);
    expect((await get('/orders/by-id/abc')).statusCode).toBe(400);
  });

  it('lists the packaging photos in order, and answers an empty list before packing', async () => {
    const order = await createOrder(t.db, world, { status: S.EM_PREPARACAO });
    expect((await get(`/orders/stocking/images/${order.id}`)).json()).toEqual({ data: [] });
    const packed = await t.app.inject({
      method: 'PATCH',
      url: '/api/workflow/order/pack',
      headers: bearer(tokens.stocker),
      payload: { orderId: order.id, images: [jpeg, jpeg, jpeg] },
    });
    expect(packed.statusCode).toBe(200);
    const images = (await get(`/orders/stocking/images/${order.id}`, tokens.stocker)).json().data;
    expect(images).toHaveLength(3);
    for (const image of images)
      expect(image.url).toMatch(/^\/api\/files\/orders\/[0-9a-f]{64}\.jpg\?by=\d+&expires=\d+&signature=[\w-]+$/);
  });
});

/** Each workflow call, the status it starts from, and a valid body. */
const MOVES = {
  approve: { method: 'PATCH', from: S.AGUARDANDO_APROVACAO, body: {} },
  refuse: { method: 'PATCH', from: S.AGUARDANDO_APROVACAO, body: {} },
  cancel: { method: 'PATCH', from: S.AGUARDANDO_ESTOQUISTA, body: { comment: 'Desistiu' } },
  finalize: { method: 'POST', from: S.ENTREGUE, body: {} },
  withdraw: { method: 'PATCH', from: S.AGUARDANDO_MOTOBOY, body: {} },
  prepare: { method: 'PATCH', from: S.AGUARDANDO_ESTOQUISTA, body: {} },
  pack: { method: 'PATCH', from: S.EM_PREPARACAO, body: { images: ['JPEG'] } },
  deliver: { method: 'PATCH', from: S.EM_ENTREGA, body: { signature: 'JPEG' } },
  absent: { method: 'PATCH', from: S.EM_ENTREGA_IMEDIATA, body: {} },
  receipt: { method: 'PATCH', from: S.AGUARDANDO_COMPROVANTE, body: { image: 'JPEG' } },
  'confirm-payment': { method: 'PATCH', from: S.PROCESSANDO, body: {} },
  'fail-payment': { method: 'PATCH', from: S.PROCESSANDO, body: {} },
  'retry-payment': { method: 'PATCH', from: S.ERRO, body: {} },
} as const;

/** What each demo sign-in may do: the role's permissions and the employee's function. */
const ALLOWED: Record<Role, readonly string[]> = {
  admin: Object.keys(MOVES),
  attendant: Object.keys(MOVES),
  manager: Object.keys(MOVES),
  stocker: ['prepare', 'pack'],
  courier: ['withdraw', 'deliver', 'absent'],
  // The second courier is a courier too, but every order here is the first courier's.
  courier2: [],
  // The technician (issue 42 §2) works on service orders only: no order move.
  technician: [],
};

describe('who may make each move (each call × each demo role and function)', () => {
  it('allows exactly the moves of the role and function; every refusal is a 403 that changes nothing', async () => {
    const failures: string[] = [];
    for (const role of Object.keys(DEMO) as Role[]) {
      for (const [name, move] of Object.entries(MOVES)) {
        const order = await createOrder(t.db, world, { status: move.from, delivererId: world.staff.courier });
        const body = Object.fromEntries(
          Object.entries(move.body).map(([key, value]) => [
            key,
            value === 'JPEG' ? jpeg : Array.isArray(value) ? [jpeg] : value,
          ]),
        );
        const res = await t.app.inject({
          method: move.method,
          url: `/api/workflow/order/${name}`,
          headers: bearer(tokens[role]),
          payload: { orderId: order.id, ...body },
        });
        const allowed = ALLOWED[role].includes(name);
        const after = await statusOf(order.id);
        if (allowed) {
          if (res.statusCode !== 200 || after.status === move.from)
            failures.push(`${role} ${name}: ${res.statusCode} ${res.body}`);
          continue;
        }
        if (res.statusCode !== 403 || after.status !== move.from) {
          failures.push(`${role} ${name}: expected 403, got ${res.statusCode} (status ${after.status})`);
          continue;
        }
        const code = res.json().code;
        // The stocker, the couriers and the technician hold no orders: the desk's calls are closed to them first.
        const expected =
          role === 'courier2' && ['withdraw', 'deliver', 'absent'].includes(name)
            ? 'ORDER_NOT_YOURS'
            : ['stocker', 'courier', 'courier2', 'technician'].includes(role)
              ? 'FORBIDDEN'
              : 'ORDER_FUNCTION_REFUSED';
        if (code !== expected) failures.push(`${role} ${name}: code ${code} instead of ${expected}`);
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);

  it('tells a courier whose role holds orders, in Portuguese, why he may not cancel', async () => {
    await insertCourierWithOrdersRole(t.db, 'Entregas com pedidos', {
      name: 'Fábio Motoboy',
      email: 'fabio.motoboy@exemplo.com',
      phone: '11900000000',
    });
    const order = await createOrder(t.db, world, { status: S.AGUARDANDO_MOTOBOY, delivererId: world.staff.courier });
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/workflow/order/cancel',
      headers: bearer(await signIn(t.app, 'fabio.motoboy@exemplo.com')),
      payload: { orderId: order.id, comment: 'Não quero entregar' },
    });
    expect(res.json()).toMatchObject({
      code: 'ORDER_FUNCTION_REFUSED',
      errors: ['A função Motoboy não pode "Cancelar" pedidos.'],
    });
  });

  it('availableActions (the contract) offers each role exactly the moves the server accepts', () => {
    const principal = (role: Role, permissions: string[], func: number) => ({
      employeeId: world.staff[role],
      permissions,
      func,
    });
    const order = {
      status: S.AGUARDANDO_MOTOBOY as number,
      deliveryType: 1,
      fastDelivery: false,
      delivererId: world.staff.courier,
    };
    expect(availableActions(order, principal('courier', ['bo:manage:orders'], 2))).toEqual(['withdraw']);
    // The courier's function opens his road moves without any permission (demo role 'Entregas').
    expect(availableActions(order, principal('courier', [], 2))).toEqual(['withdraw']);
    expect(availableActions(order, principal('attendant', [], 1))).toEqual([]);
    expect(availableActions(order, principal('courier2', ['bo:manage:orders'], 2))).toEqual([]);
    expect(availableActions(order, principal('attendant', ['bo:manage:orders'], 1))).toEqual(['withdraw', 'cancel']);
    expect(availableActions(order, principal('stocker', ['bo:manage:products'], 3))).toEqual([]);
    const preparing = { ...order, status: S.EM_PREPARACAO as number, deliveryType: 2 };
    expect(availableActions(preparing, principal('stocker', ['bo:manage:products'], 3))).toEqual(['readyForPickup']);
  });
});

describe('changing the courier', () => {
  const change = (orderId: number, delivererId: number, fast = false, token = tokens.attendant) =>
    t.app.inject({
      method: 'PUT',
      url: fast
        ? `/api/orders/change/fast-deliverer/order/${orderId}/deliverer/${delivererId}`
        : `/api/orders/change/order/${orderId}/deliverer/${delivererId}`,
      headers: bearer(token),
    });

  it('the normal call serves Aguardando motoboy, the fast one Entrega imediata, each only its own', async () => {
    const waiting = await createOrder(t.db, world, { status: S.AGUARDANDO_MOTOBOY, delivererId: world.staff.courier });
    const fast = await createOrder(t.db, world, { status: S.ENTREGA_IMEDIATA });
    const ok = await change(waiting.id, world.staff.courier2);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toMatchObject({
      delivererId: world.staff.courier2,
      deliverer: 'Eduardo Motoboy',
      statusKey: 3,
    });
    const wrongCall = await change(fast.id, world.staff.courier2);
    expect(wrongCall.statusCode).toBe(409);
    expect(wrongCall.json().errors).toEqual([ORDER_TEXTS.fastDelivererOnly]);
    expect((await change(fast.id, world.staff.courier2, true)).statusCode).toBe(200);
    expect((await change(waiting.id, world.staff.courier, true)).statusCode).toBe(409);
    // No status move: the history is unchanged, the audit trail has the change.
    const audit = await t.db
      .selectFrom('audit_events')
      .select('action')
      .where('entity_id', '=', waiting.code)
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['changeDeliverer']);
  });

  it('only to an active courier, only in those statuses, only by an attendant', async () => {
    const order = await createOrder(t.db, world, { status: S.AGUARDANDO_MOTOBOY });
    const notCourier = await change(order.id, world.staff.stocker);
    expect(notCourier.statusCode).toBe(400);
    expect(notCourier.json().errors).toEqual(['O funcionário escolhido não é um motoboy ativo.']);
    await t.db.updateTable('employees').set({ blocked: true }).where('id', '=', world.staff.courier2).execute();
    try {
      expect((await change(order.id, world.staff.courier2)).statusCode).toBe(400);
    } finally {
      await t.db.updateTable('employees').set({ blocked: false }).where('id', '=', world.staff.courier2).execute();
    }
    expect((await change(order.id, world.staff.courier, false, tokens.courier)).json().code).toBe('FORBIDDEN');
    expect((await change(order.id, world.staff.courier, false, tokens.stocker)).statusCode).toBe(403);
    const delivered = await createOrder(t.db, world, { status: S.EM_ENTREGA, delivererId: world.staff.courier });
    const late = await change(delivered.id, world.staff.courier2);
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('TRANSITION_REFUSED');
    expect((await statusOf(delivered.id)).deliverer_id).toBe(world.staff.courier);
  });
});

describe('PUT /orders/change/status', () => {
  const changeStatus = (orderId: number, newStatus: number, token = tokens.attendant, extra = {}) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/orders/change/status',
      headers: bearer(token),
      payload: { orderId, newStatus, ...extra },
    });

  it('makes a move of the table the caller may make, and refuses the others', async () => {
    const order = await createOrder(t.db, world, { status: S.AGUARDANDO_MOTOBOY, delivererId: world.staff.courier });
    const res = await changeStatus(order.id, S.EM_ENTREGA);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.statusKey).toBe(S.EM_ENTREGA);
    const jump = await changeStatus(order.id, S.FINALIZADOS);
    expect(jump.statusCode).toBe(409);
    expect(jump.json()).toMatchObject({
      code: 'TRANSITION_REFUSED',
      errors: ['Não é possível alterar um pedido de "Em entrega" para "Finalizados".'],
    });
    const same = await changeStatus(order.id, S.EM_ENTREGA);
    expect(same.json().errors).toEqual(['O pedido já está em "Em entrega".']);
    const signatureNeeded = await changeStatus(order.id, S.ENTREGUE);
    expect(signatureNeeded.statusCode).toBe(400);
    expect(signatureNeeded.json().code).toBe('ORDER_REQUIREMENT_MISSING');
    const cancelled = await changeStatus(order.id, S.CANCELADO, tokens.manager, {
      comment: 'Cliente mudou de endereço',
    });
    expect(cancelled.statusCode).toBe(200);
    const courierTries = await createOrder(t.db, world, { status: S.AGUARDANDO_ESTOQUISTA });
    expect((await changeStatus(courierTries.id, S.CANCELADO, tokens.courier, { comment: 'x' })).json().code).toBe(
      'FORBIDDEN',
    );
    expect((await changeStatus(courierTries.id, S.EM_PREPARACAO, tokens.stocker)).statusCode).toBe(200);
  });

  it('refuses an unknown status key and an unknown order', async () => {
    expect((await changeStatus(1, 14)).json().errors).toContain('Status de pedido inválido.');
    const missing = await changeStatus(999999, S.EM_ENTREGA);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().errors).toEqual(['Pedido não encontrado.']);
  });
});

describe('the workflow answers', () => {
  it('every move answers the changed order; an unknown order is a 404 and an unknown field a 400', async () => {
    const order = await createOrder(t.db, world, { status: S.AGUARDANDO_APROVACAO });
    const approve = (payload: object) =>
      t.app.inject({ method: 'PATCH', url: '/api/workflow/order/approve', headers: bearer(tokens.attendant), payload });
    expect((await approve({ orderId: 999999 })).statusCode).toBe(404);
    const extra = await approve({ orderId: order.id, status: 1 });
    expect(extra.statusCode).toBe(400);
    const ok = await approve({ orderId: order.id, expectedStatus: S.AGUARDANDO_APROVACAO });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toMatchObject({ orderId: order.id, status: 'Aguardando estoquista', statusKey: 1 });
  });
});
