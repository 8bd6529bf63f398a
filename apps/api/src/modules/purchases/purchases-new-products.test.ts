import { GTIN_TEXTS, type PurchaseDecisionsInput } from '@backoffice/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bearer, createTestApp, DEMO, signIn, type TestApp } from '../../test/helpers';
import { multipart } from '../imports/test-uploads';
import { buildTestNfe } from './nfe/test-nfe';
import { createBrand, entryCounts } from './test-purchases';

/**
 * 'Criar produto' on several items of one note (issue 39 §2): the catalogue creates them together (one statement
 * for the rows), each as a product created alone would be — its code the next in the note's order, found by its
 * barcode and by the words of its name, audited with the note's key and line — and a barcode given twice in the
 * note refused as the second creation alone would be, nothing written.
 */
describe('entry by XML: the products a note creates', () => {
  let t: TestApp;
  let stocker: string;

  beforeEach(async () => {
    t = await createTestApp();
    stocker = await signIn(t.app, DEMO.stocker);
    await createBrand(t, stocker);
  });
  afterEach(() => t.close());

  const confirm = (xml: string, decisions: PurchaseDecisionsInput) => {
    const body = multipart(Buffer.from(xml, 'utf8'), 'nota.xml', { decisions: JSON.stringify(decisions) });
    return t.app.inject({
      method: 'POST',
      url: '/api/purchases/nfe?dryRun=false',
      headers: { ...bearer(stocker), ...body.headers },
      payload: body.payload,
    });
  };
  const note = (number: number) =>
    buildTestNfe({
      number,
      items: [
        { code: 'CAPA-01', name: 'Capa de silicone azul', qty: 10, unitValue: '9.00' },
        { code: 'PEL-02', name: 'Película de vidro 3D', qty: 20, unitValue: '4.50' },
        { code: 'CABO-03', name: 'Cabo USB-C trançado 1 m', qty: 5, unitValue: '12.00' },
      ],
    });
  const create = (name: string, barcode: string | null, fiscal: { ncm?: string } = {}) => ({
    ...fiscal,
    name,
    brand: 'Apple Compras',
    barcode,
    sellPrice: 29.9,
    discount: { goldPercentage: 40, silverPercentage: 60, bronzePercentage: 80 },
    serialized: false,
  });

  it('creates three products in the order of the note: consecutive codes, found by barcode and by name, audited', async () => {
    // Created as 'Criar produto' sends them: each with its own fields (one with an NCM, two without).
    const entry = note(7001);
    const res = await confirm(entry.xml, {
      items: [
        { line: 1, create: create('Capa de silicone azul', '7891000000014') },
        { line: 2, create: create('Película de vidro 3D', '7891000000021', { ncm: '39199090' }) },
        { line: 3, create: create('Cabo USB-C trançado 1 m', null) },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const items: { line: number; units: number; unitCost: number; product: { code: string } }[] = res.json().data.items;
    // 90,00 ÷ 10, 90,00 ÷ 20, 60,00 ÷ 5: each one's cost, none was in stock.
    expect(items.map((i) => [i.line, i.units, i.unitCost])).toEqual([
      [1, 10, 9],
      [2, 20, 4.5],
      [3, 5, 12],
    ]);
    const numbers = items.map((i) => Number(i.product.code.slice(1)));
    expect(numbers).toEqual([numbers[0], (numbers[0] as number) + 1, (numbers[0] as number) + 2]);

    const byBarcode = await t.app.inject({
      method: 'GET',
      url: '/api/products/barcode/7891000000021',
      headers: bearer(stocker),
    });
    expect(byBarcode.json().data).toMatchObject({
      code: items[1]?.product.code,
      name: 'Película de vidro 3D',
      stock: 20,
      cost: 4.5,
      sellPrice: 29.9,
      ncm: '39199090',
    });
    // The NCM only the second one was given: the others have none.
    const first = await t.app.inject({
      method: 'GET',
      url: '/api/products/barcode/7891000000014',
      headers: bearer(stocker),
    });
    expect(first.json().data).toMatchObject({ code: items[0]?.product.code, ncm: null });
    const byName = await t.app.inject({
      method: 'GET',
      url: '/api/products/full/search/cabo trancado',
      headers: bearer(stocker),
    });
    expect(byName.json().data.map((p: { code: string }) => p.code)).toEqual([items[2]?.product.code]);

    const audits = await t.db
      .selectFrom('audit_events')
      .select(['entity_id', 'changes'])
      .where('entity', '=', 'product')
      .where('action', '=', 'create')
      .orderBy('id')
      .execute();
    const names = ['Capa de silicone azul', 'Película de vidro 3D', 'Cabo USB-C trançado 1 m'];
    expect(
      audits.map((a) => {
        const changes = (typeof a.changes === 'string' ? JSON.parse(a.changes) : a.changes) as Record<string, unknown>;
        return [a.entity_id, changes.name, changes.accessKey, changes.line];
      }),
    ).toEqual(items.map((i, index) => [i.product.code, names[index], entry.accessKey, i.line]));
  });

  it('refuses one barcode given to two new products of the note, naming the first; nothing is written', async () => {
    const res = await confirm(note(7002).xml, {
      items: [
        { line: 1, create: create('Capa de silicone azul', '7891000000038') },
        { line: 2, create: create('Película de vidro 3D', null) },
        { line: 3, create: create('Cabo USB-C trançado 1 m', '7891000000038') },
      ],
    });
    expect({ status: res.statusCode, errors: res.json().errors }).toEqual({
      status: 409,
      errors: [GTIN_TEXTS.duplicate('7891000000038', 'Capa de silicone azul')],
    });
    expect(await entryCounts(t)).toEqual({ purchases: 0, items: 0, payables: 0, suppliers: 0, codes: 0 });
    expect(await t.db.selectFrom('products').select('id').execute()).toEqual([]);
  });
});
