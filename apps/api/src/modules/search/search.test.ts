import { customerSearchText, ORDER_STATUS, type SearchResult } from '@backoffice/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, DEMO, signIn, type TestApp } from '../../test/helpers';
import { createOrder, createOrderWorld } from '../orders/test-orders';
import { createProduct } from '../selling/test-selling';

/**
 * The command palette's search (issue 20 §2): `GET /api/search?q=&limit=` over orders by code, phones by
 * IMEI, customers, products and employees, each kind only to whoever may open its page.
 *
 * IMEIs valid by their Luhn digit, worked out by hand in serialized.test.ts:
 * 490154203237518, 352099081234565 (first) with 111111111111119 (second).
 */
const IMEI_A = '490154203237518';
const IMEI_B = '352099081234565';
const IMEI_B2 = '111111111111119';
/** Sold in a finished order (Luhn by hand: 3 5 6 9 3 8 0 3 5 6 4 3 8 0 → doubled sum 51, check 9). */
const IMEI_SOLD = '356938035643809';

describe('GET /api/search', () => {
  let t: TestApp;
  let admin: string;
  let stocker: string;
  let attendant: string;
  let order: { id: number; code: string };
  let courier2Order: { id: number; code: string };
  let courier1Order: { id: number; code: string };
  let customerId: number;
  let product: { id: number; code: string };
  let phone: { id: number; code: string };
  let finished: { id: number; code: string };

  const search = (token: string, q: string, limit?: number) =>
    t.app.inject({
      method: 'GET',
      url: `/api/search?q=${encodeURIComponent(q)}${limit ? `&limit=${limit}` : ''}`,
      headers: bearer(token),
    });
  const found = async (token: string, q: string) => {
    const res = await search(token, q);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as SearchResult[];
  };

  beforeAll(async () => {
    t = await createTestApp();
    [admin, stocker, attendant] = await Promise.all([
      signIn(t.app, DEMO.admin),
      signIn(t.app, DEMO.stocker),
      signIn(t.app, DEMO.attendant),
    ]);
    const world = await createOrderWorld(t.db);
    order = await createOrder(t.db, world, { status: ORDER_STATUS.AGUARDANDO_ESTOQUISTA, code: 'QZX-7KP' });
    courier2Order = await createOrder(t.db, world, {
      status: ORDER_STATUS.EM_ENTREGA,
      code: 'WVB-3HN',
      delivererId: world.staff.courier2,
    });
    courier1Order = await createOrder(t.db, world, {
      status: ORDER_STATUS.EM_ENTREGA,
      code: 'WVB-3HM',
      delivererId: world.staff.courier,
    });

    const customer = {
      name: 'Márcia Quitéria',
      email: 'marcia.q@example.com',
      document: '52998224725',
      phone: '21987654321',
    };
    ({ id: customerId } = await t.db
      .insertInto('customers')
      .values({ ...customer, neighborhood: 'Centro', status: 'APPROVED', search_text: customerSearchText(customer) })
      .returning('id')
      .executeTakeFirstOrThrow());

    product = await createProduct(t.db, {
      name: 'Película Cerâmica',
      brand: 'Marca Paleta',
      reference: 'Xpto 990',
      costCents: 500,
      sellCents: 1990,
    });
    phone = await createProduct(t.db, {
      name: 'Galaxy Paleta',
      brand: 'Marca Paleta',
      costCents: 100_000,
      sellCents: 150_000,
    });
    await t.db.updateTable('products').set({ serialized: true }).where('id', '=', phone.id).execute();
    for (const [imei, imei2] of [
      [IMEI_A, null],
      [IMEI_B, IMEI_B2],
    ] as const) {
      const unit = await t.db
        .insertInto('product_units')
        .values({ product_id: phone.id, imei, imei2, cost_cents: 100_000 })
        .returning('id')
        .executeTakeFirstOrThrow();
      await t.db
        .insertInto('unit_imeis')
        .values([imei, imei2].filter((i) => i !== null).map((i) => ({ imei: i, unit_id: unit.id })))
        .execute();
    }
    finished = await createOrder(t.db, world, { status: ORDER_STATUS.FINALIZADOS, code: 'FNZ-4TR' });
    const sold = await t.db
      .insertInto('product_units')
      .values({ product_id: phone.id, imei: IMEI_SOLD, cost_cents: 100_000, status: 'SOLD', order_id: finished.id })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db.insertInto('unit_imeis').values({ imei: IMEI_SOLD, unit_id: sold.id }).execute();
  });
  afterAll(() => t.close());

  it('finds an order by its code, typed in any case and without the dash, and links to its details', async () => {
    for (const q of ['QZX-7KP', 'qzx7kp']) {
      expect(await found(admin, q)).toContainEqual({
        kind: 'order',
        id: String(order.id),
        title: 'Pedido QZX-7KP',
        subtitle: expect.stringContaining('Aguardando estoquista'),
        link: `/admin/orders?order=${order.id}`,
      });
    }
  });

  it('finds a customer by CPF with and without punctuation, by phone, e-mail and name without accents', async () => {
    const expected = {
      kind: 'customer',
      id: String(customerId),
      title: 'Márcia Quitéria',
      subtitle: '529.982.247-25 · marcia.q@example.com',
      link: '/admin/customers?customer=marcia.q%40example.com',
    };
    for (const q of [
      '52998224725',
      '529.982.247-25',
      '(21) 98765-4321',
      '21987654321',
      'MARCIA.Q@',
      'marcia quiteria',
    ]) {
      expect(await found(attendant, q), q).toContainEqual(expected);
    }
  });

  it('finds a product by its reference, name without accents and code, linking to the product', async () => {
    for (const q of ['xpto 990', 'pelicula ceramica', product.code]) {
      const data = await found(stocker, q);
      expect(data, q).toContainEqual({
        kind: 'product',
        id: String(product.id),
        title: 'Película Cerâmica',
        subtitle: `${product.code} · Marca Paleta · Xpto 990`,
        link: `/admin/products?code=${product.code}`,
      });
    }
  });

  it('finds a phone by either IMEI, whole or by its first digits, linking to its warranty', async () => {
    const unitB = {
      kind: 'unit',
      id: IMEI_B,
      title: `IMEI ${IMEI_B} / ${IMEI_B2}`,
      subtitle: 'Galaxy Paleta · Em estoque',
      link: `/admin/products?imei=${IMEI_B}`,
    };
    expect(await found(stocker, IMEI_B)).toEqual([unitB]);
    expect(await found(stocker, IMEI_B2)).toEqual([unitB]);
    expect(await found(stocker, '4901 5420')).toEqual([
      {
        kind: 'unit',
        id: IMEI_A,
        title: `IMEI ${IMEI_A}`,
        subtitle: 'Galaxy Paleta · Em estoque',
        link: `/admin/products?imei=${IMEI_A}`,
      },
    ]);
  });

  it('finds a phone by IMEI for the attendant too (issue 35 §3): its order, and "Registrar troca" once it is finished', async () => {
    // She reads phones through orders (GET /units/{imei} answers her): a sold one opens its order's details.
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/units/${IMEI_SOLD}`, headers: bearer(attendant) })).statusCode,
    ).toBe(200);
    expect(await found(attendant, IMEI_SOLD)).toEqual([
      {
        kind: 'unit',
        id: IMEI_SOLD,
        title: `IMEI ${IMEI_SOLD}`,
        subtitle: 'Galaxy Paleta · Vendido · Pedido FNZ-4TR',
        link: `/admin/orders?order=${finished.id}`,
        action: { label: 'Registrar troca', link: `/admin/orders?order=${finished.id}&adjust=exchange` },
      },
    ]);
    // By its first digits too.
    expect((await found(attendant, '35693803')).map((r) => r.id)).toEqual([IMEI_SOLD]);
    // A phone in stock: found, with its status, but no page of hers shows it.
    expect(await found(attendant, IMEI_A)).toEqual([
      { kind: 'unit', id: IMEI_A, title: `IMEI ${IMEI_A}`, subtitle: 'Galaxy Paleta · Em estoque', link: null },
    ]);
    // The administrator opens 'Consultar IMEI' and may register the exchange from the result too.
    expect(await found(admin, IMEI_SOLD)).toEqual([
      expect.objectContaining({
        link: `/admin/products?imei=${IMEI_SOLD}`,
        action: { label: 'Registrar troca', link: `/admin/orders?order=${finished.id}&adjust=exchange` },
      }),
    ]);
    // The stocker (products, no orders): 'Consultar IMEI', no exchange.
    const [stock] = await found(stocker, IMEI_SOLD);
    expect(stock?.link).toBe(`/admin/products?imei=${IMEI_SOLD}`);
    expect(stock?.action).toBeUndefined();
  });

  it('finds an employee by name, case-free', async () => {
    const data = await found(admin, 'ESTOQUISTA');
    expect(data).toEqual([
      expect.objectContaining({
        kind: 'employee',
        title: 'Carlos Estoquista',
        subtitle: 'Estoquista · estoquista@demo.com.br',
        link: expect.stringMatching(/^\/admin\/employees\?employee=\d+$/),
      }),
    ]);
  });

  it('gives each kind only to whoever may open its page', async () => {
    // The stocker (products only): no customers, orders or employees, even typed exactly.
    expect(await found(stocker, '52998224725')).toEqual([]);
    expect(await found(stocker, 'QZX-7KP')).toEqual([]);
    expect(await found(stocker, 'estoquista')).toEqual([]);
    // The attendant (customers, orders): no products or employees (phones: she reads them through orders).
    expect(await found(attendant, 'xpto 990')).toEqual([]);
    expect(await found(attendant, 'estoquista')).toEqual([]);
    // A courier of the demo ('Entregas': no permission) may not search at all.
    const courier = await signIn(t.app, DEMO.courier);
    expect((await search(courier, 'QZX-7KP')).statusCode).toBe(403);
  });

  it("gives a courier whose role reads orders only his own orders' codes", async () => {
    const role = await t.db
      .selectFrom('roles')
      .select('id')
      .where('name', '=', 'Atendimento')
      .executeTakeFirstOrThrow();
    await t.db.updateTable('employees').set({ role_id: role.id }).where('email', '=', DEMO.courier2).execute();
    const courier2 = await signIn(t.app, DEMO.courier2);
    // His delivery is found; the other courier's, on its way too, is not his to read.
    expect((await found(courier2, courier2Order.code)).map((r) => r.title)).toEqual(['Pedido WVB-3HN']);
    expect(await found(courier2, courier1Order.code)).toEqual([]);
    expect((await found(admin, courier1Order.code)).map((r) => r.title)).toEqual(['Pedido WVB-3HM']);
  });

  it('asks for at least 2 characters, in Portuguese', async () => {
    for (const q of ['a', ' b ', '']) {
      const res = await search(admin, q);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().errors).toEqual(['Digite ao menos 2 caracteres para pesquisar.']);
    }
    const none = await t.app.inject({ method: 'GET', url: '/api/search', headers: bearer(admin) });
    expect(none.statusCode).toBe(400);
    expect((await search(admin, 'qz')).statusCode).toBe(200);
  });

  it('keeps to the limit, the kinds taking turns', async () => {
    const data = await found(admin, 'paleta');
    // Two products of the brand 'Marca Paleta' and nothing else holds "paleta".
    expect(data.map((r) => r.title).sort()).toEqual(['Galaxy Paleta', 'Película Cerâmica']);
    expect((await search(admin, 'paleta', 1)).json().data).toHaveLength(1);
    expect((await search(admin, 'paleta', 31)).statusCode).toBe(400);
  });
});
