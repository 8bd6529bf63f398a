import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, DEMO, signIn, type TestApp } from '../../test/helpers';
import { createCustomer } from '../selling/test-selling';

/**
 * The shelf count of a serialized product by its IMEIs (issue 17 §2). Valid IMEIs (Luhn over the first 14),
 * worked out by hand:
 * - 490154203237518: kept 4+0+5+2+3+3+5 = 22, doubled 9+2+8+0+4+5+2 = 30, 52 → 8
 * - 352099081234565: kept 3+2+9+0+1+3+5 = 23, doubled 1+0+9+7+4+8+3 = 32, 55 → 5
 * - 123456789012347: kept 1+3+5+7+9+1+3 = 29, doubled 4+8+3+7+0+4+8 = 34, 63 → 7
 * - 111111111111119: kept 7, doubled 14, 21 → 9
 * - 350000000000006: kept 3, doubled 5 → 10 → 1, 4 → 6 (registered nowhere)
 * - 220000000000004: kept 2, doubled 2 → 4, 6 → 4
 * - 330000000000001: kept 3, doubled 3 → 6, 9 → 1
 */
const A = '490154203237518';
const B = '352099081234565';
const C = '123456789012347';
const OTHER = '111111111111119';
const NOWHERE = '350000000000006';
const H1 = '220000000000004';
const H2 = '330000000000001';

describe('count of a serialized product by scanning its units (POST /products/{code}/count-units)', () => {
  let t: TestApp;
  let stocker: string;
  let attendant: string;

  const call = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object, token = stocker) =>
    t.app.inject({ method, url: `/api${url}`, headers: bearer(token), ...(payload ? { payload } : {}) });

  async function phone(name: string, imeis: string[], serialized = true) {
    const res = await call('POST', '/products', {
      name,
      brand: 'Marca Contagem',
      cost: 1000,
      sellPrice: 1500,
      discount: { silverPercentage: 0, goldPercentage: 0 },
      stock: serialized ? imeis.length : 5,
      tags: [],
      serialized,
      ...(serialized ? { units: imeis.map((imei) => ({ imei })) } : {}),
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as { id: number; code: string; name: string };
  }

  const count = (code: string, imeis: string[], dryRun: boolean) =>
    call('POST', `/products/${code}/count-units?dryRun=${dryRun}`, { imeis });

  const unitsOf = (productId: number) =>
    t.db
      .selectFrom('product_units')
      .select(['imei', 'status'])
      .where('product_id', '=', productId)
      .orderBy('imei')
      .execute();
  const stockOf = async (productId: number) =>
    (await t.db.selectFrom('products').select('stock').where('id', '=', productId).executeTakeFirstOrThrow()).stock;
  const inventoryRows = (productId: number) =>
    t.db
      .selectFrom('stock_movements')
      .select(['id', 'stock_before', 'quantity_in', 'quantity_out', 'stock_after'])
      .where('product_id', '=', productId)
      .where('kind', '=', 'INVENTORY')
      .execute();

  beforeAll(async () => {
    t = await createTestApp();
    stocker = await signIn(t.app, DEMO.stocker);
    attendant = await signIn(t.app, DEMO.attendant);
    expect((await call('POST', '/products/brand', { name: 'Marca Contagem' })).statusCode).toBe(201);
  });
  afterAll(() => t.close());

  it('3 in stock, 2 read + 1 of another product: 1 missing, 1 unknown; the dry run changes nothing; confirmed: stock 2, the unit written off, one ledger row −1 naming it', async () => {
    const other = await phone('Galaxy A15 Contagem', [OTHER]);
    const product = await phone('Moto G54 Contagem', [A, B, C]);

    const dry = await count(product.code, [A, B, OTHER], true);
    expect(dry.statusCode, dry.body).toBe(200);
    expect(dry.json().data).toEqual({
      product: { id: product.id, code: product.code, name: 'Moto G54 Contagem' },
      dryRun: true,
      written: false,
      unitsInStock: 3,
      heldByOrders: 0,
      found: 2,
      missing: [{ imei: C, imei2: null }],
      unknown: [
        {
          imei: OTHER,
          valid: true,
          registered: { productCode: other.code, productName: 'Galaxy A15 Contagem', status: 'IN_STOCK' },
        },
      ],
      stockBefore: 3,
      stockAfter: 2,
    });
    // Nothing changed on the dry run.
    expect(await stockOf(product.id)).toBe(3);
    expect((await unitsOf(product.id)).every((u) => u.status === 'IN_STOCK')).toBe(true);
    expect(await inventoryRows(product.id)).toEqual([]);

    const confirmed = await count(product.code, [A, B, OTHER], false);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().data).toMatchObject({ written: true, stockBefore: 3, stockAfter: 2 });
    expect(await stockOf(product.id)).toBe(2);
    expect(await unitsOf(product.id)).toEqual([
      { imei: C, status: 'WRITTEN_OFF' },
      { imei: B, status: 'IN_STOCK' },
      { imei: A, status: 'IN_STOCK' },
    ]);
    const rows = await inventoryRows(product.id);
    expect(rows).toMatchObject([{ stock_before: 3, quantity_in: 0, quantity_out: 1, stock_after: 2 }]);
    const named = await t.db
      .selectFrom('stock_movement_units as mu')
      .innerJoin('product_units as u', 'u.id', 'mu.unit_id')
      .select('u.imei')
      .where('mu.movement_id', '=', rows[0]?.id as number)
      .execute();
    expect(named).toEqual([{ imei: C }]);
    // The other product's unit is untouched; the written-off unit's history says 'Inventário'.
    expect(await unitsOf(other.id)).toEqual([{ imei: OTHER, status: 'IN_STOCK' }]);
    const unit = await call('GET', `/units/${C}`);
    expect(unit.json().data.status).toBe('WRITTEN_OFF');
    expect(unit.json().data.history.map((h: { event: string }) => h.event)).toEqual([
      'Estoque inicial (cadastro do produto)',
      'Inventário',
    ]);
    // Stock still equals the ledger: 3 in − 1 out.
    const ledger = await t.db
      .selectFrom('stock_movements')
      .select(['quantity_in', 'quantity_out'])
      .where('product_id', '=', product.id)
      .execute();
    expect(ledger.reduce((sum, r) => sum + r.quantity_in - r.quantity_out, 0)).toBe(2);
  });

  it('says what an unknown code is: invalid, or registered nowhere; everything read: nothing to write off', async () => {
    const product = await phone('Redmi 13 Contagem', [H1]);
    const res = await count(product.code, [H1, NOWHERE, '352099081234563', H1], false);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      written: false,
      found: 1,
      missing: [],
      unknown: [
        { imei: NOWHERE, valid: true, registered: null },
        { imei: '352099081234563', valid: false, registered: null },
      ],
      stockBefore: 1,
      stockAfter: 1,
    });
    expect(await inventoryRows(product.id)).toEqual([]);
  });

  it('never writes off units held by an unpacked order: the count that would is refused (409), changing nothing', async () => {
    // 1 unit in stock, sold (checkout holds it by count): stock 0, 1 unit held by the unpacked order.
    const product = await phone('iPhone 13 Contagem', [H2]);
    const customer = await createCustomer(t.db);
    const added = await call(
      'POST',
      `/orders/cart/add/${customer.id}`,
      { productId: product.id, quantity: 1 },
      attendant,
    );
    expect(added.statusCode, added.body).toBe(200);
    const checkout = await call(
      'POST',
      `/orders/checkout/${customer.id}`,
      { typeOfDelivery: 2, withWarranty: false, isFastDelivery: false, idempotencyKey: randomUUID() },
      attendant,
    );
    expect(checkout.statusCode, checkout.body).toBe(200);
    expect(await stockOf(product.id)).toBe(0);

    // Read on the shelf (it waits there to be packed): nothing missing, stock stays 0.
    const present = await count(product.code, [H2], true);
    expect(present.json().data).toMatchObject({ unitsInStock: 1, heldByOrders: 1, missing: [], stockAfter: 0 });

    // Not read: writing it off would leave the order without its phone.
    const absent = await count(product.code, [], false);
    expect(absent.statusCode).toBe(409);
    expect(absent.json().errors).toEqual([
      'A contagem deixaria 0 unidades de iPhone 13 Contagem, mas 1 está reservada por pedidos ainda não embalados. Embale ou cancele esses pedidos, ou confira a contagem.',
    ]);
    expect(await unitsOf(product.id)).toEqual([{ imei: H2, status: 'IN_STOCK' }]);
    expect(await stockOf(product.id)).toBe(0);
  });

  it('refuses a product that does not control IMEI (400), an unknown product (404), and a seller (403)', async () => {
    const capa = await phone('Capa Contagem', [], false);
    const plain = await count(capa.code, [A], true);
    expect(plain.statusCode).toBe(400);
    expect(plain.json().errors[0]).toBe(
      'Capa Contagem não controla IMEI: registre a contagem pela quantidade (PATCH /products/inventory/{code}).',
    );
    expect((await count('P999999', [A], true)).statusCode).toBe(404);
    const seller = await t.app.inject({
      method: 'POST',
      url: `/api/products/${capa.code}/count-units?dryRun=true`,
      headers: bearer(attendant),
      payload: { imeis: [A] },
    });
    expect(seller.statusCode).toBe(403);
  });
});
