import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, DEMO, signIn, type TestApp } from '../../test/helpers';

/**
 * Serialized products ('Controla IMEI', issue 17 §1–§2): the stock of a phone is its units in stock, each
 * by its IMEI. Valid IMEIs (Luhn check digit of the first 14), worked out by hand:
 * - 490154203237518 (the issue's): kept 4+0+5+2+3+3+5 = 22, doubled 9+2+8+0+4+5+2 = 30, 52 → 8
 * - 352099081234565: kept 3+2+9+0+1+3+5 = 23, doubled 1+0+9+7+4+8+3 = 32, 55 → 5 (the issue's …563 is refused)
 * - 123456789012347: kept 1+3+5+7+9+1+3 = 29, doubled 4+8+3+7+0+4+8 = 34, 63 → 7 (so …345 is refused)
 * - 111111111111119: kept 7, doubled 14, 21 → 9
 * - 350000000000006: kept 3, doubled 5→10→1, 4 → 6
 */
const A = '490154203237518';
const B = '352099081234565';
const C = '123456789012347';
const D = '111111111111119';
const E = '350000000000006';

describe('serialized products (IMEI)', () => {
  let t: TestApp;
  let stocker: string;

  const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: Record<string, unknown>) =>
    t.app.inject({ method, url: `/api${url}`, headers: bearer(stocker), ...(payload ? { payload } : {}) });

  function phone(overrides: Record<string, unknown> = {}) {
    return {
      name: 'Galaxy A55',
      brand: 'Samsung IMEI',
      cost: 1500,
      sellPrice: 1999.9,
      discount: { silverPercentage: 10, goldPercentage: 5 },
      stock: 0,
      tags: [],
      serialized: true,
      ...overrides,
    };
  }

  async function create(overrides: Record<string, unknown> = {}) {
    const res = await call('POST', '/products', phone(overrides));
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as { id: number; code: string; name: string; stock: number; serialized: boolean };
  }

  const entry = (productId: number, stock: number, units?: Array<{ imei: string; imei2?: string }>, cost = 1400) =>
    call('PATCH', '/products/menu/purchase/batch', {
      products: [{ productId, cost, stock, source: 'SUPPLIER_PURCHASE', ...(units ? { units } : {}) }],
    });

  /**
   * stock = units in stock, stock = the ledger, and every ledger row names as many units as it moved.
   * Answers the product's stock and its units by status.
   */
  async function expectUnitsConsistent(productId: number) {
    const product = await t.db
      .selectFrom('products')
      .select('stock')
      .where('id', '=', productId)
      .executeTakeFirstOrThrow();
    const units = await t.db
      .selectFrom('product_units')
      .select(['imei', 'imei2', 'status', 'cost_cents'])
      .where('product_id', '=', productId)
      .orderBy('imei')
      .execute();
    expect(units.filter((u) => u.status === 'IN_STOCK').length).toBe(product.stock);
    const rows = await t.db
      .selectFrom('stock_movements as m')
      .leftJoin('stock_movement_units as mu', 'mu.movement_id', 'm.id')
      .select((eb) => ['m.id', 'm.quantity_in', 'm.quantity_out', eb.fn.count<number>('mu.unit_id').as('units')])
      .where('m.product_id', '=', productId)
      .groupBy(['m.id', 'm.quantity_in', 'm.quantity_out'])
      .orderBy('m.id')
      .execute();
    expect(rows.reduce((sum, r) => sum + r.quantity_in - r.quantity_out, 0)).toBe(product.stock);
    for (const row of rows) expect(Number(row.units)).toBe(row.quantity_in + row.quantity_out);
    return { stock: product.stock, units };
  }

  beforeAll(async () => {
    t = await createTestApp();
    stocker = await signIn(t.app, DEMO.stocker);
    expect((await call('POST', '/products/brand', { name: 'Samsung IMEI' })).statusCode).toBe(201);
  });
  afterAll(() => t.close());

  it('creates a serialized phone with its initial units and shows the switch; stock is its units', async () => {
    const created = await create({ stock: 2, units: [{ imei: A }, { imei: B, imei2: D }] });
    expect(created.serialized).toBe(true);
    expect(created.stock).toBe(2);
    const { units } = await expectUnitsConsistent(created.id);
    expect(units).toEqual([
      { imei: B, imei2: D, status: 'IN_STOCK', cost_cents: 150_000 },
      { imei: A, imei2: null, status: 'IN_STOCK', cost_cents: 150_000 },
    ]);
    const read = await call('GET', `/products/full/search/${created.code}`);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().data).toMatchObject([{ code: created.code, serialized: true, stock: 2 }]);

    // An accessory is not serialized unless asked.
    const accessory = await create({ name: 'Capa A55', serialized: undefined, stock: 3 });
    expect(accessory.serialized).toBe(false);
  });

  it('refuses a serialized initial stock without one IMEI per unit', async () => {
    const res = await call('POST', '/products', phone({ name: 'Galaxy S24', stock: 2, units: [{ imei: C }] }));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      'Galaxy S24 controla IMEI: a quantidade (2) deve ser o número de IMEIs informados (1).',
    ]);
  });

  it('takes a stock entry by its units: quantity = their count; a stock that differs is refused', async () => {
    const product = await create({ name: 'Moto G85' });
    const differs = await entry(product.id, 3, [{ imei: C }, { imei: E }]);
    expect(differs.statusCode).toBe(400);
    expect(differs.json().errors).toEqual([
      'Moto G85 controla IMEI: a quantidade (3) deve ser o número de IMEIs informados (2).',
    ]);
    const noUnits = await entry(product.id, 1);
    expect(noUnits.statusCode).toBe(400);

    const ok = await entry(product.id, 2, [{ imei: C }, { imei: E }]);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data[0]).toMatchObject({ stock: 2, serialized: true });
    const { stock, units } = await expectUnitsConsistent(product.id);
    expect(stock).toBe(2);
    // The entry's unit cost is each unit's cost: R$ 1.400,00.
    expect(units.map((u) => [u.imei, u.cost_cents])).toEqual([
      [C, 140_000],
      [E, 140_000],
    ]);
  });

  it('names every bad IMEI at once (400 INVALID_IMEI) and changes nothing', async () => {
    const product = await create({ name: 'Redmi 13' });
    const res = await entry(product.id, 3, [
      { imei: '352099081234563' },
      { imei: '490154203237518' },
      { imei: '123456789012345' },
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'INVALID_IMEI',
      errors: [
        'IMEI inválido: 352099081234563 (dígito verificador não confere).',
        'IMEI inválido: 123456789012345 (dígito verificador não confere).',
      ],
    });
    expect((await expectUnitsConsistent(product.id)).stock).toBe(0);
  });

  it('refuses an IMEI already registered, first or second, naming its product (409 IMEI_DUPLICATE)', async () => {
    const product = await create({ name: 'iPhone 13 IMEI' });
    const first = await entry(product.id, 1, [{ imei: A }]);
    expect(first.statusCode).toBe(409);
    expect(first.json()).toMatchObject({
      code: 'IMEI_DUPLICATE',
      errors: [`IMEI já cadastrado: ${A} (Galaxy A55).`],
    });
    // D is the second IMEI of a Galaxy A55 unit.
    const second = await entry(product.id, 1, [{ imei: D }]);
    expect(second.statusCode).toBe(409);
    expect(second.json().errors).toEqual([`IMEI já cadastrado: ${D} (Galaxy A55).`]);
    const repeated = await entry(product.id, 2, [{ imei: '000000000000000' }, { imei: '000000000000000' }]);
    expect(repeated.statusCode).toBe(400);
    expect(repeated.json().errors).toEqual(['IMEI repetido na lista: 000000000000000.']);
    expect((await expectUnitsConsistent(product.id)).stock).toBe(0);
  });

  it('checks IMEIs before an entry: the check digit, a repeat said once, and the unit each is registered to', async () => {
    // 356938035643809, by hand: doubled from the right 0,3→6,6→3,3→6,8→7,9→9,5→1 = 32, kept 8+4+5+0+3+6+3 = 29,
    // 61 → 9; 220000000000004: kept 2, doubled 2→4, 6 → 4; 330000000000001: kept 3, doubled 3→6, 9 → 1.
    // 356938035643809 is registered here as the second IMEI of a dual-SIM phone: either IMEI names the unit.
    const product = await create({
      name: 'Moto G85',
      stock: 1,
      units: [{ imei: '220000000000004', imei2: '356938035643809' }],
    });
    const res = await call('POST', '/units/check', {
      imeis: ['356938035643809', '352099081234563', '330000000000001', '330000000000001'],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual([
      {
        imei: '356938035643809',
        valid: true,
        registered: { productId: product.id, productCode: product.code, productName: 'Moto G85', status: 'IN_STOCK' },
      },
      { imei: '352099081234563', valid: false, registered: null },
      { imei: '330000000000001', valid: true, registered: null },
    ]);
    // Letters are refused before any check; an empty list too.
    expect((await call('POST', '/units/check', { imeis: ['35693803564380X'] })).statusCode).toBe(400);
    expect((await call('POST', '/units/check', { imeis: [] })).statusCode).toBe(400);
  });

  it('enters a returned unit again: back in stock at the new cost, the same unit', async () => {
    const product = await create({ name: 'Galaxy A15', stock: 1, units: [{ imei: '000000000000000' }] });
    // The unit left and came back (the returns of §5 set this; here it is set directly).
    await t.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('product_units')
        .set({ status: 'RETURNED' })
        .where('imei', '=', '000000000000000')
        .execute();
      await trx
        .insertInto('stock_movements')
        .values({
          product_id: product.id,
          kind: 'SALE',
          stock_before: 1,
          quantity_out: 1,
          stock_after: 0,
          cost_before_cents: 150_000,
          cost_after_cents: 150_000,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
        .then(async ({ id }) => {
          const unit = await trx
            .selectFrom('product_units')
            .select('id')
            .where('imei', '=', '000000000000000')
            .executeTakeFirstOrThrow();
          await trx.insertInto('stock_movement_units').values({ movement_id: id, unit_id: unit.id }).execute();
        });
      await trx.updateTable('products').set({ stock: 0 }).where('id', '=', product.id).execute();
    });
    const again = await entry(product.id, 1, [{ imei: '000000000000000' }], 1200);
    expect(again.statusCode, again.body).toBe(200);
    const { stock, units } = await expectUnitsConsistent(product.id);
    expect(stock).toBe(1);
    expect(units).toEqual([{ imei: '000000000000000', imei2: null, status: 'IN_STOCK', cost_cents: 120_000 }]);
    // The same IMEI for another product is a duplicate.
    const other = await create({ name: 'Galaxy A16' });
    const elsewhere = await entry(other.id, 1, [{ imei: '000000000000000' }]);
    expect(elsewhere.statusCode).toBe(409);
  });

  it('refuses units for a product that does not control IMEI, and a form edit of a serialized stock', async () => {
    const accessory = await create({ name: 'Película A55', serialized: false });
    const res = await entry(accessory.id, 1, [{ imei: '111111111111119' }]);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual(['Película A55 não controla IMEI: informe só a quantidade.']);

    const serialized = await create({ name: 'Galaxy A35' });
    const edit = await call('PUT', `/products/${serialized.code}`, phone({ name: 'Galaxy A35', stock: 4 }));
    expect(edit.statusCode).toBe(400);
    expect(edit.json().errors).toEqual(['Galaxy A35 controla IMEI: informe as unidades (IMEI) movimentadas.']);

    // The switch moves only while there is no stock.
    const withStock = await create({ name: 'Capa A35', serialized: false, stock: 2 });
    const toggle = await call('PUT', `/products/${withStock.code}`, phone({ name: 'Capa A35', stock: 2 }));
    expect(toggle.statusCode).toBe(400);
    expect(toggle.json().errors).toEqual(["Só é possível mudar 'Controla IMEI' com o estoque zerado."]);
    const empty = await create({ name: 'Capa A25', serialized: false });
    const switched = await call('PUT', `/products/${empty.code}`, phone({ name: 'Capa A25' }));
    expect(switched.statusCode, switched.body).toBe(200);
    expect(switched.json().data.serialized).toBe(true);
  });

  it('two entries of the same new IMEI at once: one wins, the other is refused with 409', async () => {
    const product = await create({ name: 'Galaxy A06' });
    // 86000000000000|?: kept 8, doubled 6→12→3; 11 → check 9
    const imei = '860000000000009';
    const answers = await Promise.all([entry(product.id, 1, [{ imei }]), entry(product.id, 1, [{ imei }])]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const refused = answers.find((a) => a.statusCode === 409);
    expect(refused?.json().code).toBe('IMEI_DUPLICATE');
    const { stock, units } = await expectUnitsConsistent(product.id);
    expect(stock).toBe(1);
    expect(units.map((u) => u.imei)).toEqual([imei]);
  });
});
