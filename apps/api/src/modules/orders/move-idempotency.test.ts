import { randomUUID } from 'node:crypto';
import { apiErrorSchema, ORDER_STATUS } from '@backoffice/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, DEMO, signIn, type TestApp } from '../../test/helpers';
import { createOrder, createOrderWorld, type OrderWorld, picture } from './test-orders';

let t: TestApp;
let world: OrderWorld;
let courier: string;
let signature: string;

const move = (path: string, body: object, key?: string) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/workflow/order/${path}`,
    payload: body,
    headers: { ...bearer(courier), ...(key ? { 'idempotency-key': key } : {}) },
  });
const historyOf = (orderId: number) =>
  t.db.selectFrom('order_status_history').select('status').where('order_id', '=', orderId).orderBy('id').execute();

beforeAll(async () => {
  t = await createTestApp();
  world = await createOrderWorld(t.db);
  courier = await signIn(t.app, DEMO.courier);
  signature = await picture('png');
}, 120_000);
afterAll(() => t.close());

describe('a move sent again with its Idempotency-Key (issue 19 §5)', () => {
  it('happens once: the retry answers the order as it is, with no second history row', async () => {
    const order = await createOrder(t.db, world, {
      status: ORDER_STATUS.AGUARDANDO_MOTOBOY,
      delivererId: world.staff.courier,
    });
    const before = (await historyOf(order.id)).length;
    const key = randomUUID();
    const body = { orderId: order.id, expectedStatus: ORDER_STATUS.AGUARDANDO_MOTOBOY };
    const first = await move('withdraw', body, key);
    expect(first.statusCode).toBe(200);
    // The answer was lost; the phone sends the same move again, still saying what it saw then.
    const again = await move('withdraw', body, key);
    expect(again.statusCode).toBe(200);
    expect((again.json() as { data: { statusKey: number } }).data.statusKey).toBe(ORDER_STATUS.EM_ENTREGA);
    expect((await historyOf(order.id)).length).toBe(before + 1);
    // Without a key, the same stale move is refused as before (409: the order is no longer Aguardando motoboy).
    expect((await move('withdraw', body)).statusCode).toBe(409);
  });

  it('delivers once when a queue sends the same delivery three times at once', async () => {
    const order = await createOrder(t.db, world, { status: ORDER_STATUS.EM_ENTREGA, delivererId: world.staff.courier });
    const key = randomUUID();
    const answers = await Promise.all([1, 2, 3].map(() => move('deliver', { orderId: order.id, signature }, key)));
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200, 200]);
    const delivered = (await historyOf(order.id)).filter((row) => row.status === ORDER_STATUS.ENTREGUE);
    expect(delivered).toHaveLength(1);
    const signatures = await t.db
      .selectFrom('order_images')
      .select('id')
      .where('order_id', '=', order.id)
      .where('kind', '=', 'SIGNATURE')
      .execute();
    expect(signatures).toHaveLength(1);
  });

  it('refuses the key sent with another order or another move (409), and a malformed key (400)', async () => {
    const first = await createOrder(t.db, world, {
      status: ORDER_STATUS.AGUARDANDO_MOTOBOY,
      delivererId: world.staff.courier,
    });
    const second = await createOrder(t.db, world, {
      status: ORDER_STATUS.AGUARDANDO_MOTOBOY,
      delivererId: world.staff.courier,
    });
    const key = randomUUID();
    expect((await move('withdraw', { orderId: first.id }, key)).statusCode).toBe(200);
    const reused = await move('withdraw', { orderId: second.id }, key);
    expect(reused.statusCode).toBe(409);
    expect(apiErrorSchema.parse(reused.json()).errors[0]).toBe(
      'Esta chave (Idempotency-Key) já foi usada em outra operação.',
    );
    expect((await historyOf(second.id)).at(-1)?.status).toBe(ORDER_STATUS.AGUARDANDO_MOTOBOY);
    const malformed = await move('withdraw', { orderId: second.id }, 'tem espaço');
    expect(malformed.statusCode).toBe(400);
  });
});
