import {
  findTransition,
  ORDER_STATUS,
  ORDER_STATUS_KEYS,
  ORDER_TEXTS,
  type OrderAction,
  STOCK_RELEASED_ON,
} from '@backoffice/contract';
import { expectedOrderMove } from '@backoffice/contract/expected-order-moves';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppError } from '../../lib/errors';
import { bearer, createTestApp, DEMO, signIn, type TestApp } from '../../test/helpers';
import { ordersRepository } from './orders.repository';
import { createOrder, createOrderWorld, type OrderWorld, picture } from './test-orders';
import { transition } from './workflow';

const S = ORDER_STATUS;
let t: TestApp;
let world: OrderWorld;
const tokens = {} as Record<keyof typeof DEMO, string>;
let jpeg: string;
let png: string;

/** Every workflow call of the API: method, path, the table's action, and a valid body. */
const CALLS: Record<
  string,
  { method: 'PATCH' | 'POST'; action: OrderAction; body: (orderId: number) => Record<string, unknown> }
> = {
  approve: { method: 'PATCH', action: 'approve', body: (orderId) => ({ orderId }) },
  refuse: { method: 'PATCH', action: 'refuse', body: (orderId) => ({ orderId, comment: 'Comprovante ilegível' }) },
  cancel: { method: 'PATCH', action: 'cancel', body: (orderId) => ({ orderId, comment: 'Cliente desistiu' }) },
  finalize: { method: 'POST', action: 'finalize', body: (orderId) => ({ orderId }) },
  withdraw: { method: 'PATCH', action: 'withdraw', body: (orderId) => ({ orderId }) },
  prepare: { method: 'PATCH', action: 'startPreparation', body: (orderId) => ({ orderId }) },
  // The packing move follows the order's delivery (readyForCourier for these motoboy orders).
  pack: { method: 'PATCH', action: 'readyForCourier', body: (orderId) => ({ orderId, images: [jpeg, jpeg] }) },
  deliver: { method: 'PATCH', action: 'deliver', body: (orderId) => ({ orderId, signature: png }) },
  absent: { method: 'PATCH', action: 'customerAbsent', body: (orderId) => ({ orderId }) },
  receipt: { method: 'PATCH', action: 'attachReceipt', body: (orderId) => ({ orderId, image: jpeg }) },
  'confirm-payment': { method: 'PATCH', action: 'confirmPayment', body: (orderId) => ({ orderId }) },
  'fail-payment': { method: 'PATCH', action: 'failPayment', body: (orderId) => ({ orderId }) },
  'retry-payment': { method: 'PATCH', action: 'retryPayment', body: (orderId) => ({ orderId }) },
};

/** The stock after this test's order (2 units of the first product, 1 of the second) came back. */
const returned = (stock: number[]) => [(stock[0] ?? 0) + 2, (stock[1] ?? 0) + 1];

function call(name: keyof typeof CALLS | string, body: Record<string, unknown>, token = tokens.admin) {
  const spec = CALLS[name] as (typeof CALLS)[string];
  return t.app.inject({
    method: spec.method,
    url: `/api/workflow/order/${name}`,
    headers: bearer(token),
    payload: body,
  });
}

/** Everything a move may change, to compare before and after. */
async function snapshot(orderId: number) {
  const order = await t.db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow();
  const history = await t.db
    .selectFrom('order_status_history')
    .select(['status', 'employee_id', 'note', 'created_at'])
    .where('order_id', '=', orderId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  const images = await t.db.selectFrom('order_images').select(['kind']).where('order_id', '=', orderId).execute();
  const audit = await t.db
    .selectFrom('audit_events')
    .select(['action', 'employee_id'])
    .where('entity', '=', 'order')
    .where('entity_id', '=', order.code)
    .execute();
  const stock = await t.db
    .selectFrom('products')
    .select(['id', 'stock'])
    .where('id', 'in', world.products)
    .orderBy('id')
    .execute();
  const released = await t.db
    .selectFrom('stock_movements')
    .select(['product_id', 'quantity_in'])
    .where('order_id', '=', orderId)
    .where('kind', '=', 'CANCELLATION')
    .execute();
  return {
    status: order.status,
    updatedAt: new Date(order.updated_at).getTime(),
    stockerId: order.stocker_id,
    delivererId: order.deliverer_id,
    finishedAt: order.finished_at,
    history,
    images: images.map((i) => i.kind).sort(),
    audit,
    stock: stock.map((p) => p.stock),
    released,
  };
}

beforeAll(async () => {
  t = await createTestApp();
  world = await createOrderWorld(t.db);
  for (const [key, email] of Object.entries(DEMO)) tokens[key as keyof typeof DEMO] = await signIn(t.app, email);
  jpeg = await picture('jpeg');
  png = await picture('png');
});
afterAll(() => t.close());

describe('every status × every workflow call (as full:access)', () => {
  it('makes exactly the moves of the table, with their effects, and refuses every other pair without changing anything', async () => {
    const failures: string[] = [];
    for (const status of ORDER_STATUS_KEYS) {
      for (const [name, spec] of Object.entries(CALLS)) {
        const order = await createOrder(t.db, world, { status, delivererId: world.staff.courier });
        const before = await snapshot(order.id);
        const res = await call(name, spec.body(order.id));
        const after = await snapshot(order.id);
        // What the workflow allows, from the hand-written list (not from the table the server reads).
        const move = expectedOrderMove(status, spec.action);
        const label = `${name} from ${status}`;
        if (!move) {
          if (res.statusCode !== 409 || res.json().code !== 'TRANSITION_REFUSED') {
            failures.push(`${label}: expected 409 TRANSITION_REFUSED, got ${res.statusCode} ${res.body}`);
          }
          if (JSON.stringify(after) !== JSON.stringify(before)) failures.push(`${label}: refused but changed`);
          continue;
        }
        if (res.statusCode !== 200) {
          failures.push(`${label}: expected 200, got ${res.statusCode} ${res.body}`);
          continue;
        }
        const body = res.json().data;
        if (body.statusKey !== move.to || after.status !== move.to) failures.push(`${label}: status ${after.status}`);
        if (body.updatedAt !== new Date(after.updatedAt).toISOString()) failures.push(`${label}: answer's updatedAt`);
        if (!(after.updatedAt > before.updatedAt)) failures.push(`${label}: updated_at did not move`);
        const last = after.history.at(-1);
        if (after.history.length !== before.history.length + 1 || last?.status !== move.to) {
          failures.push(`${label}: history ${JSON.stringify(after.history.map((h) => h.status))}`);
        }
        if (last?.employee_id !== world.staff.admin) failures.push(`${label}: history employee ${last?.employee_id}`);
        if (new Date(last?.created_at as Date).getTime() !== after.updatedAt) failures.push(`${label}: history time`);
        if (after.audit.length !== before.audit.length + 1 || after.audit.at(-1)?.action !== move.action) {
          failures.push(`${label}: audit ${JSON.stringify(after.audit)}`);
        }
        const releases = (STOCK_RELEASED_ON as readonly number[]).includes(move.to);
        // The order holds 2 units of the first product and 1 of the second.
        const expectedStock = releases ? returned(before.stock) : before.stock;
        if (JSON.stringify(after.stock) !== JSON.stringify(expectedStock)) {
          failures.push(`${label}: stock ${after.stock} instead of ${expectedStock}`);
        }
        if (after.released.length !== (releases ? 2 : 0)) failures.push(`${label}: ${after.released.length} releases`);
        if (move.action === 'startPreparation' && after.stockerId !== world.staff.admin)
          failures.push(`${label}: stocker`);
        if (move.action !== 'startPreparation' && after.stockerId !== before.stockerId)
          failures.push(`${label}: stocker`);
        if ((move.action === 'finalize') !== (after.finishedAt !== null)) failures.push(`${label}: finished_at`);
        const added = after.images.length - before.images.length;
        const expectedImages = { readyForCourier: 2, deliver: 1, attachReceipt: 1 }[move.action as 'deliver'] ?? 0;
        if (added !== expectedImages) failures.push(`${label}: ${added} pictures`);
      }
    }
    expect(failures).toEqual([]);
  }, 400_000);

  it('packs into the status the delivery asks for: pickup → Aguardando cliente, fast → Entrega imediata', async () => {
    const pickup = await createOrder(t.db, world, { status: S.EM_PREPARACAO, deliveryType: 2 });
    const fast = await createOrder(t.db, world, { status: S.EM_PREPARACAO, fast: true });
    const normal = await createOrder(t.db, world, { status: S.EM_PREPARACAO });
    const statusAfterPack = async (orderId: number) =>
      (await call('pack', { orderId, images: [jpeg] }, tokens.stocker)).json().data.statusKey;
    expect(await statusAfterPack(pickup.id)).toBe(S.AGUARDANDO_CLIENTE);
    expect(await statusAfterPack(fast.id)).toBe(S.ENTREGA_IMEDIATA);
    expect(await statusAfterPack(normal.id)).toBe(S.AGUARDANDO_MOTOBOY);
  });

  it('refuses a packing status that does not match the delivery through PUT /orders/change/status', async () => {
    const order = await createOrder(t.db, world, { status: S.EM_PREPARACAO, deliveryType: 2 });
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/orders/change/status',
      headers: bearer(tokens.admin),
      payload: { orderId: order.id, newStatus: S.AGUARDANDO_MOTOBOY },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('ORDER_REQUIREMENT_MISSING');
    expect((await snapshot(order.id)).status).toBe(S.EM_PREPARACAO);
  });
});

describe('stock comes back exactly once', () => {
  it('cancel twice: the second is refused and the goods came back once', async () => {
    const order = await createOrder(t.db, world, { status: S.AGUARDANDO_MOTOBOY });
    const before = await snapshot(order.id);
    expect((await call('cancel', { orderId: order.id, comment: 'Desistiu' })).statusCode).toBe(200);
    const second = await call('cancel', { orderId: order.id, comment: 'De novo' });
    expect(second.statusCode).toBe(409);
    expect(second.json().code).toBe('TRANSITION_REFUSED');
    expect(second.json().errors[0]).toBe('Não é possível "Cancelar" um pedido que está em "Cancelado".');
    const after = await snapshot(order.id);
    expect(after.stock).toEqual(returned(before.stock));
    expect(after.released.map((r) => r.quantity_in).sort()).toEqual([1, 2]);
    expect(after.history.at(-1)?.note).toBe('Desistiu');
  });

  it('a refused order cannot be cancelled: its goods came back at the refusal only', async () => {
    const order = await createOrder(t.db, world, { status: S.AGUARDANDO_APROVACAO });
    const before = await snapshot(order.id);
    const refused = await call('refuse', { orderId: order.id });
    expect(refused.statusCode).toBe(200);
    expect((await snapshot(order.id)).history.at(-1)?.note).toBe(ORDER_TEXTS.refusedDefaultNote);
    expect((await call('cancel', { orderId: order.id, comment: 'Cancelar' })).statusCode).toBe(409);
    const after = await snapshot(order.id);
    expect(after.stock).toEqual(returned(before.stock));
    expect(after.released).toHaveLength(2);
  });

  it('a cancel after the courier left brings the goods back too', async () => {
    const order = await createOrder(t.db, world, { status: S.EM_ENTREGA, delivererId: world.staff.courier });
    const before = await snapshot(order.id);
    expect((await call('cancel', { orderId: order.id, comment: 'Endereço errado' })).statusCode).toBe(200);
    expect((await snapshot(order.id)).stock).toEqual(returned(before.stock));
  });
});

describe('histories stay valid', () => {
  it('keeps the reason of a final move the screen asked for (finalize, refuse); without one it still moves (section 7)', async () => {
    const finished = await createOrder(t.db, world, { status: S.ENTREGUE });
    const withReason = await call('finalize', { orderId: finished.id, comment: 'Cliente conferiu e assinou' });
    expect(withReason.statusCode).toBe(200);
    expect(withReason.json().data.statusKey).toBe(S.FINALIZADOS);
    expect((await snapshot(finished.id)).history.at(-1)).toMatchObject({
      status: S.FINALIZADOS,
      note: 'Cliente conferiu e assinou',
    });
    const plain = await createOrder(t.db, world, { status: S.AGUARDANDO_CLIENTE });
    expect((await call('finalize', { orderId: plain.id })).statusCode).toBe(200);
    expect((await snapshot(plain.id)).history.at(-1)).toMatchObject({ status: S.FINALIZADOS, note: null });
    const refused = await createOrder(t.db, world, { status: S.AGUARDANDO_APROVACAO });
    expect((await call('refuse', { orderId: refused.id, comment: 'Valor do comprovante menor' })).statusCode).toBe(200);
    expect((await snapshot(refused.id)).history.at(-1)?.note).toBe('Valor do comprovante menor');
    const tooLong = await call('finalize', { orderId: finished.id, comment: 'x'.repeat(5000) });
    expect(tooLong.statusCode).toBe(400);
  });

  it('a whole life through the API: every consecutive pair is a move of the table, the last one is the status', async () => {
    const order = await createOrder(t.db, world, { status: S.AGUARDANDO_ESTOQUISTA });
    expect((await call('prepare', { orderId: order.id }, tokens.stocker)).statusCode).toBe(200);
    expect((await call('pack', { orderId: order.id, images: [jpeg] }, tokens.stocker)).statusCode).toBe(200);
    expect((await call('withdraw', { orderId: order.id }, tokens.courier)).statusCode).toBe(200);
    expect((await call('absent', { orderId: order.id, comment: 'Ninguém atendeu' }, tokens.courier)).statusCode).toBe(
      200,
    );
    const finished = await call('finalize', { orderId: order.id }, tokens.attendant);
    expect(finished.statusCode).toBe(200);
    const after = await snapshot(order.id);
    const statuses = after.history.map((h) => h.status);
    expect(statuses).toEqual([
      S.AGUARDANDO_ESTOQUISTA,
      S.EM_PREPARACAO,
      S.AGUARDANDO_MOTOBOY,
      S.EM_ENTREGA,
      S.AGUARDANDO_CLIENTE,
      S.FINALIZADOS,
    ]);
    for (let i = 1; i < statuses.length; i++) {
      expect(findTransition(statuses[i - 1] as number, statuses[i] as number)).toBeDefined();
    }
    expect(after.stockerId).toBe(world.staff.stocker);
    expect(after.delivererId).toBe(world.staff.courier);
    expect(after.history.map((h) => h.employee_id)).toEqual([
      world.staff.attendant,
      world.staff.stocker,
      world.staff.stocker,
      world.staff.courier,
      world.staff.courier,
      world.staff.attendant,
    ]);
    expect(after.history[4]?.note).toBe('Ninguém atendeu');
    expect(new Date(after.finishedAt as Date).getTime()).toBe(after.updatedAt);

    const histories = await t.app.inject({
      method: 'GET',
      url: `/api/reports/order/histories/${order.id}`,
      headers: bearer(tokens.manager),
    });
    expect(histories.statusCode).toBe(200);
    const entries = histories.json().data.histories;
    expect(entries.map((h: { status: string }) => h.status)).toEqual([
      'Aguardando estoquista',
      'Em preparação',
      'Aguardando motoboy',
      'Em entrega',
      'Aguardando cliente',
      'Finalizados',
    ]);
    expect(entries[1].user).toBe('Carlos Estoquista');
    expect(entries[3].user).toBe('Diego Motoboy');
    expect(entries[5].when).toBe(new Date(after.updatedAt).toISOString());
  });
});

describe('two employees on one order at once', () => {
  const race = async (calls: Array<() => Promise<{ statusCode: number; json: () => { code?: string } }>>) => {
    const answers = await Promise.all(calls.map((c) => c()));
    return answers.map((a) => ({ status: a.statusCode, code: a.statusCode === 200 ? 'OK' : a.json().code }));
  };

  it('two cancels with the status they saw: one wins, the other gets 409 STALE_DATA; stock back once', async () => {
    const order = await createOrder(t.db, world, { status: S.AGUARDANDO_ESTOQUISTA });
    const before = await snapshot(order.id);
    const body = { orderId: order.id, comment: 'Desistiu', expectedStatus: S.AGUARDANDO_ESTOQUISTA };
    const results = await race([
      () => call('cancel', body, tokens.attendant),
      () => call('cancel', body, tokens.manager),
    ]);
    expect(results.map((r) => r.code).sort()).toEqual(['OK', 'STALE_DATA']);
    expect(results.find((r) => r.code === 'STALE_DATA')?.status).toBe(409);
    const after = await snapshot(order.id);
    expect(after.history).toHaveLength(before.history.length + 1);
    expect(after.stock).toEqual(returned(before.stock));
  });

  it('the STALE_DATA answer says in Portuguese what the order is now', async () => {
    const order = await createOrder(t.db, world, { status: S.CANCELADO });
    const res = await call('approve', { orderId: order.id, expectedStatus: S.AGUARDANDO_APROVACAO });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'STALE_DATA',
      errors: [
        'Este pedido foi alterado por outra pessoa enquanto você o via (agora está em "Cancelado"). Atualize a lista e tente novamente.',
      ],
      details: { status: S.CANCELADO },
    });
  });

  it('a move refused because the order changed after the request arrived is STALE_DATA, else TRANSITION_REFUSED', async () => {
    const order = await createOrder(t.db, world, { status: S.CANCELADO });
    const actor = { employeeId: world.staff.attendant, permissions: ['bo:manage:orders'], func: 1 };
    const codeWhenStarted = (startedAt: Date) =>
      t.db
        .transaction()
        .execute(async (trx) => {
          const locked = await ordersRepository.lockById(trx, order.id);
          if (!locked) throw new Error('no order');
          await transition(trx, locked, 'cancel', actor, { note: 'Desistiu', startedAt });
        })
        .then(
          () => 'OK',
          (error: AppError) => error.code,
        );
    // The test order's last change was three days ago.
    expect(await codeWhenStarted(new Date(Date.now() - 4 * 24 * 3600_000))).toBe('STALE_DATA');
    expect(await codeWhenStarted(new Date())).toBe('TRANSITION_REFUSED');
  });

  it('two cancels without what they saw: one wins, the other is refused (409)', async () => {
    const order = await createOrder(t.db, world, { status: S.EM_PREPARACAO });
    const body = { orderId: order.id, comment: 'Desistiu' };
    const results = await race([
      () => call('cancel', body, tokens.attendant),
      () => call('cancel', body, tokens.admin),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect((await snapshot(order.id)).released).toHaveLength(2);
  });

  it('cancel against approve: exactly one wins', async () => {
    const order = await createOrder(t.db, world, { status: S.AGUARDANDO_APROVACAO });
    const before = await snapshot(order.id);
    const expectedStatus = S.AGUARDANDO_APROVACAO;
    const results = await race([
      () => call('cancel', { orderId: order.id, comment: 'Desistiu', expectedStatus }, tokens.attendant),
      () => call('approve', { orderId: order.id, expectedStatus }, tokens.manager),
    ]);
    expect(results.map((r) => r.code).sort()).toEqual(['OK', 'STALE_DATA']);
    const after = await snapshot(order.id);
    expect(after.history).toHaveLength(before.history.length + 1);
    expect([S.CANCELADO, S.AGUARDANDO_ESTOQUISTA]).toContain(after.status);
    expect(after.released).toHaveLength(after.status === S.CANCELADO ? 2 : 0);
  });

  it("courier change against 'retirando' (both with the updatedAt they read): exactly one wins", async () => {
    const order = await createOrder(t.db, world, { status: S.AGUARDANDO_MOTOBOY, delivererId: world.staff.courier });
    const seen = await t.app.inject({
      method: 'GET',
      url: `/api/orders/by-id/${order.id}`,
      headers: bearer(tokens.admin),
    });
    const expectedUpdatedAt = seen.json().data.updatedAt as string;
    const results = await race([
      () =>
        t.app.inject({
          method: 'PUT',
          url: `/api/orders/change/order/${order.id}/deliverer/${world.staff.courier2}`,
          headers: bearer(tokens.attendant),
          payload: { expectedUpdatedAt },
        }),
      () => call('withdraw', { orderId: order.id, expectedUpdatedAt }, tokens.manager),
    ]);
    expect(results.map((r) => r.code).sort()).toEqual(['OK', 'STALE_DATA']);
    const after = await snapshot(order.id);
    if (after.status === S.EM_ENTREGA) expect(after.delivererId).toBe(world.staff.courier);
    else expect([after.status, after.delivererId]).toEqual([S.AGUARDANDO_MOTOBOY, world.staff.courier2]);
  });

  it('the courier who collects loses to a courier change made first: the order is no longer his', async () => {
    const order = await createOrder(t.db, world, { status: S.AGUARDANDO_MOTOBOY, delivererId: world.staff.courier });
    const change = await t.app.inject({
      method: 'PUT',
      url: `/api/orders/change/order/${order.id}/deliverer/${world.staff.courier2}`,
      headers: bearer(tokens.attendant),
    });
    expect(change.statusCode).toBe(200);
    expect(change.json().data.deliverer).toBe('Eduardo Motoboy');
    const withdraw = await call('withdraw', { orderId: order.id }, tokens.courier);
    expect(withdraw.statusCode).toBe(403);
    expect(withdraw.json()).toMatchObject({ code: 'ORDER_NOT_YOURS', errors: [ORDER_TEXTS.notYourDelivery] });
  });
});

describe('what each move requires', () => {
  it('cancel needs its reason: "Preencha o campo", nothing changes', async () => {
    const order = await createOrder(t.db, world, { status: S.AGUARDANDO_ESTOQUISTA });
    const before = await snapshot(order.id);
    for (const comment of [undefined, '', '   ']) {
      const res = await call('cancel', { orderId: order.id, comment });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toContain('Preencha o campo');
    }
    const viaStatus = await t.app.inject({
      method: 'PUT',
      url: '/api/orders/change/status',
      headers: bearer(tokens.admin),
      payload: { orderId: order.id, newStatus: S.CANCELADO },
    });
    expect(viaStatus.statusCode).toBe(400);
    expect(viaStatus.json()).toMatchObject({ code: 'ORDER_REQUIREMENT_MISSING', errors: ['Preencha o campo'] });
    expect(await snapshot(order.id)).toEqual(before);
  });

  it('pack needs one or more readable photos; a bad picture changes nothing and stores nothing', async () => {
    const order = await createOrder(t.db, world, { status: S.EM_PREPARACAO });
    const before = await snapshot(order.id);
    const none = await call('pack', { orderId: order.id, images: [] }, tokens.stocker);
    expect(none.statusCode).toBe(400);
    expect(none.json().errors).toContain('Envie ao menos uma foto da embalagem.');
    const bad = await call('pack', {
      orderId: order.id,
      images: [jpeg, Buffer.from('não é imagem').toString('base64')],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('INVALID_IMAGE');
    expect(await snapshot(order.id)).toEqual(before);
  });

  it('deliver needs the signature, stored as PNG and served under /api/files', async () => {
    const order = await createOrder(t.db, world, { status: S.EM_ENTREGA, delivererId: world.staff.courier });
    const none = await call('deliver', { orderId: order.id }, tokens.courier);
    expect(none.statusCode).toBe(400);
    expect(none.json().errors).toContain('Colete a assinatura do cliente.');
    const before = await t.app.inject({
      method: 'GET',
      url: `/api/orders/signature/${order.id}`,
      headers: bearer(tokens.admin),
    });
    expect(before.json()).toEqual({ data: null });
    expect(
      (await call('deliver', { orderId: order.id, signature: `data:image/png;base64,${png}` }, tokens.courier))
        .statusCode,
    ).toBe(200);
    const signature = await t.app.inject({
      method: 'GET',
      url: `/api/orders/signature/${order.id}`,
      headers: bearer(tokens.admin),
    });
    const url = signature.json().data.url as string;
    expect(url).toMatch(/^\/api\/files\/orders\/[0-9a-f]{64}\.png\?by=\d+&expires=\d+&signature=[\w-]+$/);
    const file = await t.app.inject({ method: 'GET', url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
  });

  it("'retirando' without a courier takes the customer's associated courier, else refuses", async () => {
    const order = await createOrder(t.db, world, { status: S.AGUARDANDO_MOTOBOY });
    const refused = await call('withdraw', { orderId: order.id }, tokens.attendant);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      code: 'ORDER_REQUIREMENT_MISSING',
      errors: ['Associe um motoboy ao pedido antes de alterá-lo para retirando.'],
    });
    await t.db
      .updateTable('customers')
      .set({ deliverer_id: world.staff.courier2 })
      .where('id', '=', world.customerId)
      .execute();
    try {
      const res = await call('withdraw', { orderId: order.id }, tokens.attendant);
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({ statusKey: S.EM_ENTREGA, delivererId: world.staff.courier2 });
    } finally {
      await t.db.updateTable('customers').set({ deliverer_id: null }).where('id', '=', world.customerId).execute();
    }
  });

  it('a courier collecting an order nobody took becomes its courier', async () => {
    const order = await createOrder(t.db, world, { status: S.ENTREGA_IMEDIATA });
    const res = await call('withdraw', { orderId: order.id }, tokens.courier2);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ statusKey: S.EM_ENTREGA_IMEDIATA, deliverer: 'Eduardo Motoboy' });
  });

  it('the payment proof is stored and served as the receipt', async () => {
    const order = await createOrder(t.db, world, { status: S.AGUARDANDO_COMPROVANTE });
    const empty = await t.app.inject({
      method: 'GET',
      url: `/api/orders/receipt/${order.id}`,
      headers: bearer(tokens.admin),
    });
    expect(empty.json()).toEqual({ data: null });
    expect((await call('receipt', { orderId: order.id, image: jpeg }, tokens.attendant)).json().data.statusKey).toBe(
      S.AGUARDANDO_APROVACAO,
    );
    const receipt = await t.app.inject({
      method: 'GET',
      url: `/api/orders/receipt/${order.id}`,
      headers: bearer(tokens.admin),
    });
    expect(receipt.json().data.url).toMatch(
      /^\/api\/files\/orders\/[0-9a-f]{64}\.jpg\?by=\d+&expires=\d+&signature=[\w-]+$/,
    );
  });
});
