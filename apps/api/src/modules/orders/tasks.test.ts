import { ORDER_STATUS, TASK_TEXTS, type TaskList, type TaskOrder } from '@backoffice/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, DEMO, signIn, type TestApp } from '../../test/helpers';
import { createOrder, createOrderWorld, type OrderWorld, picture } from './test-orders';

const S = ORDER_STATUS;
type Role = keyof typeof DEMO;
let t: TestApp;
let world: OrderWorld;
const tokens = {} as Record<Role, string>;

const tasks = async (role: Role, query = '', app = t) => {
  const res = await app.app.inject({ method: 'GET', url: `/api/orders/tasks${query}`, headers: bearer(tokens[role]) });
  return res;
};
const listOf = async (role: Role, query = '') => {
  const res = await tasks(role, query);
  expect(res.statusCode).toBe(200);
  return res.json() as TaskList;
};
/** The orders of a list that belong to `ids` (other tests' orders live in the same database). */
const only = (list: TaskList, ids: number[]) => list.orders.filter((o) => ids.includes(o.orderId));
const byId = (list: TaskList, id: number) => list.orders.find((o) => o.orderId === id);
const move = (role: Role, path: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'PATCH', url: `/api/workflow/order/${path}`, headers: bearer(tokens[role]), payload });

beforeAll(async () => {
  t = await createTestApp();
  world = await createOrderWorld(t.db);
  for (const [key, email] of Object.entries(DEMO)) tokens[key as Role] = await signIn(t.app, email);
});
afterAll(() => t.close());

describe('GET /orders/tasks: who does which kind of task', () => {
  it('gives the stocker packing, the couriers delivery, attendants, manager and admin both; a wrong kind is refused', async () => {
    const kinds = async (role: Role) => {
      const list = await listOf(role);
      return { kind: list.kind, kinds: list.kinds };
    };
    expect(await kinds('stocker')).toEqual({ kind: 'packing', kinds: ['packing'] });
    expect(await kinds('courier')).toEqual({ kind: 'delivery', kinds: ['delivery'] });
    expect(await kinds('courier2')).toEqual({ kind: 'delivery', kinds: ['delivery'] });
    for (const role of ['attendant', 'manager', 'admin'] as const) {
      expect(await kinds(role)).toEqual({ kind: 'packing', kinds: ['packing', 'delivery'] });
      expect((await listOf(role, '?kind=delivery')).kind).toBe('delivery');
    }

    const stockerDelivery = await tasks('stocker', '?kind=delivery');
    expect(stockerDelivery.statusCode).toBe(403);
    expect(stockerDelivery.json().errors).toEqual([TASK_TEXTS.kindNotYours]);
    expect((await tasks('courier', '?kind=packing')).statusCode).toBe(403);

    const bad = await tasks('admin', '?kind=entregas');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([TASK_TEXTS.kindInvalid]);
    expect((await tasks('admin', '?items=0')).json().errors).toEqual([TASK_TEXTS.itemsInvalid]);
    expect((await tasks('admin', '?page=-1')).json().errors).toEqual([TASK_TEXTS.pageInvalid]);
    expect((await t.app.inject({ method: 'GET', url: '/api/orders/tasks' })).statusCode).toBe(401);
  });

  it("signs the employee's function into the token (the web app sends stockers and couriers to their tasks)", () => {
    const func = (token: string) =>
      JSON.parse(Buffer.from(token.split('.')[1] as string, 'base64url').toString('utf8')).func as number;
    expect([func(tokens.attendant), func(tokens.courier), func(tokens.stocker), func(tokens.admin)]).toEqual([
      1, 2, 3, 1,
    ]);
  });

  it("refuses an attendant whose role has neither orders nor products; a courier's function opens his tasks whatever his role", async () => {
    const role = await t.db
      .insertInto('roles')
      .values({ name: 'Só relatórios', permissions: ['bo:manage:reports'] })
      .returning('id')
      .executeTakeFirstOrThrow();
    const roleOf = async (email: string) =>
      (await t.db.selectFrom('employees').select('role_id').where('email', '=', email).executeTakeFirstOrThrow())
        .role_id;
    const [courierRole, managerRole] = [await roleOf(DEMO.courier2), await roleOf(DEMO.manager)];
    await t.db
      .updateTable('employees')
      .set({ role_id: role.id })
      .where('email', 'in', [DEMO.courier2, DEMO.manager])
      .execute();
    try {
      const tasksOf = async (email: string) =>
        t.app.inject({ method: 'GET', url: '/api/orders/tasks', headers: bearer(await signIn(t.app, email)) });
      expect((await tasksOf(DEMO.manager)).statusCode).toBe(403);
      const courier = await tasksOf(DEMO.courier2);
      expect(courier.statusCode).toBe(200);
      expect(courier.json().kinds).toEqual(['delivery']);
    } finally {
      await t.db.updateTable('employees').set({ role_id: courierRole }).where('email', '=', DEMO.courier2).execute();
      await t.db.updateTable('employees').set({ role_id: managerRole }).where('email', '=', DEMO.manager).execute();
      tokens.courier2 = await signIn(t.app, DEMO.courier2);
    }
  });
});

describe('the stocker', () => {
  it('sees every order waiting for a stocker and the ones HE prepares, with the packing move each needs', async () => {
    const { stocker, attendant } = world.staff;
    const waiting = await createOrder(t.db, world, { status: S.AGUARDANDO_ESTOQUISTA, quantities: [3, 0] });
    const mine = await createOrder(t.db, world, { status: S.EM_PREPARACAO, stockerId: stocker });
    const mineFast = await createOrder(t.db, world, { status: S.EM_PREPARACAO, stockerId: stocker, fast: true });
    const minePickup = await createOrder(t.db, world, {
      status: S.EM_PREPARACAO,
      stockerId: stocker,
      deliveryType: 2,
    });
    const someoneElses = await createOrder(t.db, world, { status: S.EM_PREPARACAO, stockerId: attendant });
    const packed = await createOrder(t.db, world, { status: S.AGUARDANDO_MOTOBOY });
    const ids = [waiting, mine, mineFast, minePickup, someoneElses, packed].map((o) => o.id);

    const list = await listOf('stocker');
    const actions = Object.fromEntries(only(list, ids).map((o) => [o.orderId, o.actions]));
    expect(actions).toEqual({
      [waiting.id]: ['startPreparation'],
      [mine.id]: ['readyForCourier'],
      [mineFast.id]: ['readyForFastCourier'],
      [minePickup.id]: ['readyForPickup'],
    });
    // The world's two products (neither controls IMEI), by id.
    const [first, second] = world.products as [number, number];
    expect(byId(list, waiting.id)?.items).toEqual([
      { productId: first, name: 'Produto 0', quantity: 3, serialized: false },
    ]);
    expect(byId(list, mine.id)?.items).toEqual([
      { productId: first, name: 'Produto 0', quantity: 2, serialized: false },
      { productId: second, name: 'Produto 1', quantity: 1, serialized: false },
    ]);
    // Every listed order can be moved by him (the list never shows an order without a button).
    expect(list.orders.every((o) => o.actions.length > 0)).toBe(true);

    // An attendant sees the other stocker's preparation too, and may finish it.
    const desk = await listOf('attendant', '?kind=packing&items=50');
    expect(byId(desk, someoneElses.id)?.actions).toEqual(['readyForCourier']);
  });
});

describe('the courier', () => {
  it('sees packed orders that are open or his, and only HIS deliveries; cannot act on another courier’s', async () => {
    const { courier, courier2 } = world.staff;
    const open = await createOrder(t.db, world, { status: S.AGUARDANDO_MOTOBOY });
    const openFast = await createOrder(t.db, world, { status: S.ENTREGA_IMEDIATA });
    const assigned = await createOrder(t.db, world, { status: S.AGUARDANDO_MOTOBOY, delivererId: courier });
    const othersWaiting = await createOrder(t.db, world, { status: S.AGUARDANDO_MOTOBOY, delivererId: courier2 });
    const onTheRoad = await createOrder(t.db, world, { status: S.EM_ENTREGA, delivererId: courier });
    const onTheRoadFast = await createOrder(t.db, world, { status: S.EM_ENTREGA_IMEDIATA, delivererId: courier });
    const othersDelivery = await createOrder(t.db, world, { status: S.EM_ENTREGA, delivererId: courier2 });
    const preparing = await createOrder(t.db, world, { status: S.EM_PREPARACAO });
    const ids = [open, openFast, assigned, othersWaiting, onTheRoad, onTheRoadFast, othersDelivery, preparing].map(
      (o) => o.id,
    );

    const list = await listOf('courier', '?items=50');
    const actions = Object.fromEntries(only(list, ids).map((o) => [o.orderId, o.actions]));
    expect(actions).toEqual({
      [open.id]: ['withdraw'],
      [openFast.id]: ['withdraw'],
      [assigned.id]: ['withdraw'],
      [onTheRoad.id]: ['deliver', 'customerAbsent'],
      [onTheRoadFast.id]: ['deliver', 'customerAbsent'],
    });
    // Nothing of courier2's anywhere in his list (other tests' orders included).
    expect(list.orders.filter((o) => o.delivererId === courier2)).toEqual([]);
    expect(list.orders.every((o) => o.actions.length > 0)).toBe(true);

    const theirs = await listOf('courier2', '?items=50');
    expect(byId(theirs, othersDelivery.id)?.actions).toEqual(['deliver', 'customerAbsent']);
    expect(byId(theirs, onTheRoad.id)).toBeUndefined();
    expect(byId(theirs, assigned.id)).toBeUndefined();

    // And the moves agree: courier 1 cannot deliver or report absent on courier 2's order.
    const png = await picture('png');
    for (const [path, body] of [
      ['deliver', { orderId: othersDelivery.id, signature: png }],
      ['absent', { orderId: othersDelivery.id }],
      ['withdraw', { orderId: othersWaiting.id }],
    ] as const) {
      const res = await move('courier', path, body);
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('ORDER_NOT_YOURS');
    }
    const still = await t.db
      .selectFrom('orders')
      .select('status')
      .where('id', '=', othersDelivery.id)
      .executeTakeFirstOrThrow();
    expect(still.status).toBe(S.EM_ENTREGA);

    // The administrator sees every delivery.
    const admin = await listOf('admin', '?kind=delivery&items=50');
    expect(byId(admin, othersDelivery.id)?.actions).toEqual(['deliver', 'customerAbsent']);
  });
});

describe('from the shelf to the customer through the task list', () => {
  it('the stocker prepares and packs, the courier collects and delivers; each step leaves one list and enters the next', async () => {
    const order = await createOrder(t.db, world, { status: S.AGUARDANDO_ESTOQUISTA });
    const jpeg = await picture('jpeg');
    const png = await picture('png', 200, 80);
    const find = async (role: Role) => byId(await listOf(role, '?items=50'), order.id);

    expect((await find('stocker'))?.actions).toEqual(['startPreparation']);
    expect(await find('courier')).toBeUndefined();
    expect(
      (await move('stocker', 'prepare', { orderId: order.id, expectedStatus: S.AGUARDANDO_ESTOQUISTA })).statusCode,
    ).toBe(200);
    const preparing = await find('stocker');
    expect(preparing?.actions).toEqual(['readyForCourier']);
    expect(preparing?.stockerId).toBe(world.staff.stocker);

    const packed = await move('stocker', 'pack', { orderId: order.id, images: [jpeg, jpeg] });
    expect(packed.json().data.statusKey).toBe(S.AGUARDANDO_MOTOBOY);
    expect(await find('stocker')).toBeUndefined();
    expect((await find('courier'))?.actions).toEqual(['withdraw']);
    expect((await find('courier2'))?.actions).toEqual(['withdraw']);

    expect((await move('courier', 'withdraw', { orderId: order.id })).json().data.statusKey).toBe(S.EM_ENTREGA);
    expect((await find('courier'))?.actions).toEqual(['deliver', 'customerAbsent']);
    expect(await find('courier2')).toBeUndefined();

    const delivered = await move('courier', 'deliver', {
      orderId: order.id,
      signature: `data:image/png;base64,${png}`,
    });
    expect(delivered.statusCode).toBe(200);
    expect(delivered.json().data.statusKey).toBe(S.ENTREGUE);
    expect(await find('courier')).toBeUndefined();
    const images = await t.db
      .selectFrom('order_images')
      .select('kind')
      .where('order_id', '=', order.id)
      .orderBy('id')
      .execute();
    expect(images.map((i) => i.kind)).toEqual(['PACKAGING', 'PACKAGING', 'SIGNATURE']);
  });
});

describe('figures, order and paging', () => {
  let own: TestApp;
  beforeAll(async () => {
    own = await createTestApp();
  });
  afterAll(() => own.close());

  it('lists started work first, then fast deliveries, then the oldest; pages; shows where and what to collect', async () => {
    const w = await createOrderWorld(own.db);
    await own.db
      .updateTable('customers')
      .set({
        street: 'Rua das Flores',
        number: '123',
        complement: 'Apto 4',
        neighborhood: 'Jardim',
        city: 'São Paulo',
        state: 'SP',
        zip_code: '01234567',
        phone: '11988887777',
      })
      .where('id', '=', w.customerId)
      .execute();
    const courier = w.staff.courier;
    // Created in this order, so each one's updated_at is later than the previous one's.
    const oldOpen = await createOrder(own.db, w, { status: S.AGUARDANDO_MOTOBOY });
    const road = await createOrder(own.db, w, { status: S.EM_ENTREGA, delivererId: courier, quantities: [1, 2] });
    const newOpen = await createOrder(own.db, w, { status: S.AGUARDANDO_MOTOBOY });
    const fast = await createOrder(own.db, w, { status: S.ENTREGA_IMEDIATA });
    await createOrder(own.db, w, { status: S.EM_ENTREGA, delivererId: w.staff.courier2 });
    await createOrder(own.db, w, { status: S.ENTREGUE, delivererId: courier });

    const token = await signIn(own.app, DEMO.courier);
    const get = async (query: string) => {
      const res = await own.app.inject({ method: 'GET', url: `/api/orders/tasks${query}`, headers: bearer(token) });
      expect(res.statusCode).toBe(200);
      return res.json() as TaskList;
    };
    const first = await get('?items=2');
    expect(first.total).toBe(4);
    const second = await get('?page=1&items=2');
    expect(second.total).toBe(4);
    expect([...first.orders, ...second.orders].map((o) => o.orderId)).toEqual([
      road.id,
      fast.id,
      oldOpen.id,
      newOpen.id,
    ]);
    expect((await get('?page=2&items=2')).orders).toEqual([]);

    const delivery = first.orders[0] as TaskOrder;
    // 1 × R$ 19,90 + 2 × R$ 50,00 + R$ 15,00 shipping = R$ 134,90.
    expect(delivery).toMatchObject({
      code: road.code,
      status: 'Em entrega',
      customer: expect.stringMatching(/^Cliente Pedidos/),
      customerPhone: '11988887777',
      payment: 'Dinheiro',
      total: 134.9,
      deliverer: 'Diego Motoboy',
      comments: 'Portão azul',
      address: {
        street: 'Rua das Flores',
        number: '123',
        complement: 'Apto 4',
        // The order's own neighbourhood (where this delivery goes).
        neighborhood: 'Centro',
        city: 'São Paulo',
        state: 'SP',
        zipCode: '01234567',
      },
      items: [
        { name: 'Produto 0', quantity: 1 },
        { name: 'Produto 1', quantity: 2 },
      ],
      actions: ['deliver', 'customerAbsent'],
    });
  });
});
