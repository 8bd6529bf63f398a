import { PURCHASE_SETTINGS_TEXTS as S, PURCHASE_ENTRY_TEXTS as T } from '@backoffice/contract';
import { afterEach, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/helpers';
import { buildTestNfe, testImei } from './nfe/test-nfe';
import { entryCounts, openNfeShop, productNow, sendNfe } from './test-purchases';

/**
 * Issue 57 §1 and §8: the factor of a supplier's code belongs to the note's unit (a code learnt as UN arriving as
 * CX, or learnt as CX × 10 arriving as UN, is asked again, pre-filled from the note's uTrib/qTrib when it states
 * the taxable unit); a line the confirm would refuse ('Marca não encontrada.') is not ready and is named; an IMEI
 * written in xProd is read. Figures worked by hand in each test.
 */
describe('entry by XML: units, factors and what the confirm would refuse (issue 57)', () => {
  let t: TestApp;
  afterEach(() => t?.close());

  const item = (code: string, unit: string, qty: number, unitValue: string) => ({
    code,
    name: 'Película de vidro 3D caixa',
    ncm: '39199090',
    unit,
    qty,
    unitValue,
  });

  async function shop() {
    const opened = await openNfeShop([]);
    t = opened.t;
    return opened;
  }

  it('a code learnt as UN arriving as CX is asked again: 8 CX of 10 at R$ 18,00 are 80 units at R$ 1,80', async () => {
    const { stocker, caseProduct } = await shop();
    // First note: 5 UN at R$ 2,00, linked to the case (R$ 7,50, no stock): 5 units, average R$ 2,00.
    const first = buildTestNfe({ number: 8101, items: [item('PEL-3D', 'UN', 5, '2.00')] });
    const entered = await sendNfe(t, stocker, first.xml, {
      dryRun: false,
      // R$ 2,00 against the case's R$ 7,50 (73 % below): acknowledged ('Custo conferido', decision 0090).
      decisions: { items: [{ line: 1, productId: caseProduct.id, acceptCost: true }] },
    });
    expect(entered.statusCode, entered.body).toBe(200);
    expect(await productNow(t, caseProduct.id)).toEqual({ stock: 5, cost_cents: 200 });

    // The same code as CX: 8 × R$ 18,00 = R$ 144,00. Main entered it with UN's factor 1: 8 units at R$ 18,00.
    const boxes = buildTestNfe({ number: 8102, items: [item('PEL-3D', 'CX', 8, '18.00')] });
    const preview = await sendNfe(t, stocker, boxes.xml, { dryRun: true });
    expect(preview.statusCode, preview.body).toBe(200);
    const line = preview.json().data.items[0];
    expect(line.match).toBe('SUPPLIER_CODE');
    expect(line.product.id).toBe(caseProduct.id);
    expect(line.factorConfirmed).toBe(false);
    // At factor 1 each CX would cost R$ 18,00 against the average R$ 2,00: 1.600 ÷ 200 = 800 % off (decision 0090).
    expect(line.problems).toEqual([T.factorNewUnit('CX', 'UN', 1, 1), S.costDeviation(1800, 200, 800, 50)]);
    expect(preview.json().data.ready).toBe(false);

    const refused = await sendNfe(t, stocker, boxes.xml, { dryRun: false });
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().code).toBe('PURCHASE_NOT_READY');
    expect(await productNow(t, caseProduct.id)).toEqual({ stock: 5, cost_cents: 200 });

    // Confirmed as 10 a box: 80 units at 14400 ÷ 80 = 180 cents; average (5 × 200 + 80 × 180) ÷ 85 = 15400 ÷ 85
    // = 181,18 → 181 cents.
    const confirmed = await sendNfe(t, stocker, boxes.xml, {
      dryRun: false,
      decisions: { items: [{ line: 1, factor: 10 }] },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const written = confirmed.json().data.items[0];
    expect(written).toMatchObject({ unit: 'CX', factor: 10, units: 80, unitCost: 1.8 });
    expect(await productNow(t, caseProduct.id)).toEqual({ stock: 85, cost_cents: 181 });

    // Both units are remembered, each with its factor: the next CX note is ready at 10 a box, in words.
    const codes = await t.db
      .selectFrom('supplier_product_codes')
      .select(['unit', 'factor'])
      .where('supplier_code', '=', 'PEL-3D')
      .orderBy('unit')
      .execute();
    expect(codes).toEqual([
      { unit: 'CX', factor: 10 },
      { unit: 'UN', factor: 1 },
    ]);
    const again = buildTestNfe({ number: 8103, items: [item('PEL-3D', 'CX', 8, '18.00')] });
    const next = (await sendNfe(t, stocker, again.xml, { dryRun: true })).json().data;
    expect(next.items[0]).toMatchObject({
      factor: 10,
      factorConfirmed: true,
      units: 80,
      factorText: '8 CX × 10 = 80 UN',
    });
    expect(next.ready).toBe(true);
  });

  it('a code learnt as CX × 10 arriving as UN is asked again: 20 UN are 20 units, not 200', async () => {
    const { stocker, caseProduct } = await shop();
    // First note: 2 CX at R$ 45,00 confirmed as 10 a box: 20 units at 9000 ÷ 20 = 450 cents.
    const first = buildTestNfe({ number: 8201, items: [item('PEL-CX', 'CX', 2, '45.00')] });
    const entered = await sendNfe(t, stocker, first.xml, {
      dryRun: false,
      decisions: { items: [{ line: 1, productId: caseProduct.id, factor: 10 }] },
    });
    expect(entered.statusCode, entered.body).toBe(200);
    expect(await productNow(t, caseProduct.id)).toEqual({ stock: 20, cost_cents: 450 });

    // The same code as UN: 20 × R$ 4,50. Main took CX's factor: 200 units, marked ready.
    const loose = buildTestNfe({ number: 8202, items: [item('PEL-CX', 'UN', 20, '4.50')] });
    const preview = (await sendNfe(t, stocker, loose.xml, { dryRun: true })).json().data;
    expect(preview.items[0]).toMatchObject({
      factor: 1,
      factorConfirmed: false,
      units: 20,
      unitCost: 4.5,
      factorText: '20 UN × 1 = 20 UN',
      problems: [T.factorNewUnit('UN', 'CX', 10, 1)],
    });
    expect(preview.ready).toBe(false);

    const confirmed = await sendNfe(t, stocker, loose.xml, {
      dryRun: false,
      decisions: { items: [{ line: 1, factor: 1 }] },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    // 20 + 20 units, both at 450 cents.
    expect(await productNow(t, caseProduct.id)).toEqual({ stock: 40, cost_cents: 450 });
  });

  it("pre-fills the factor from the note's uTrib/qTrib (8 CX, qTrib 80 UN: 10 a box) and asks to confirm it", async () => {
    const { stocker, caseProduct } = await shop();
    // An unsigned bare note (its taxable unit written as a supplier's system writes it: uTrib UN, qTrib 80).
    const note = buildTestNfe({ number: 8301, sign: false, bare: true, items: [item('PEL-TRIB', 'CX', 8, '18.00')] });
    const written = '<uTrib>CX</uTrib><qTrib>8.0000</qTrib>';
    expect(note.xml).toContain(written);
    const xml = note.xml.replace(written, '<uTrib>UN</uTrib><qTrib>80.0000</qTrib>');
    const decisions = {
      unsignedReason: 'Fornecedor enviou sem assinatura',
      // R$ 1,80 against the case's R$ 7,50: acknowledged ('Custo conferido', decision 0090).
      items: [{ line: 1, productId: caseProduct.id, acceptCost: true }],
    };
    const preview = (await sendNfe(t, stocker, xml, { dryRun: true, decisions })).json().data;
    // 8 CX × 10 = 80 UN; R$ 144,00 ÷ 80 = R$ 1,80.
    expect(preview.items[0]).toMatchObject({
      factor: 10,
      factorConfirmed: false,
      units: 80,
      unitCost: 1.8,
      factorText: '8 CX × 10 = 80 UN',
      problems: [T.factorStated('CX', 10)],
    });
    expect(preview.ready).toBe(false);

    const confirmed = await sendNfe(t, stocker, xml, {
      dryRun: false,
      decisions: { ...decisions, items: [{ line: 1, productId: caseProduct.id, factor: 10, acceptCost: true }] },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(await productNow(t, caseProduct.id)).toEqual({ stock: 80, cost_cents: 180 });
  });

  it('a product to create under a brand the catalogue lacks is not ready: the item and what is missing are named', async () => {
    const { stocker } = await shop();
    const note = buildTestNfe({ number: 8401, items: [item('CABO-01', 'UN', 5, '12.00')] });
    const decisions = {
      items: [
        {
          line: 1,
          create: {
            name: 'Cabo USB-C 1 m',
            brand: 'Marca Que Não Existe',
            sellPrice: 29.9,
            discount: { goldPercentage: 10, silverPercentage: 5, bronzePercentage: 0 },
          },
        },
      ],
    };
    const before = await entryCounts(t);
    const preview = (await sendNfe(t, stocker, note.xml, { dryRun: true, decisions })).json().data;
    const missing = T.brandMissing('Marca Que Não Existe');
    expect(preview.items[0].problems).toEqual([missing]);
    expect(preview.problems).toEqual([T.item(1, 'Película de vidro 3D caixa', missing)]);
    expect(preview.ready).toBe(false);

    // The confirm refuses it the same way, naming the item (main: 'Marca não encontrada.', no item).
    const refused = await sendNfe(t, stocker, note.xml, { dryRun: false, decisions });
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json()).toMatchObject({
      code: 'PURCHASE_NOT_READY',
      errors: [
        'Item 1 (Película de vidro 3D caixa): a marca Marca Que Não Existe não está cadastrada: cadastre-a em Produtos › Marcas ou escolha outra.',
      ],
    });
    expect(await entryCounts(t)).toEqual(before);
  });

  it('reads an IMEI written in xProd (Luhn-checked, 15 digits) for a serialized product', async () => {
    const { stocker, iphone } = await shop();
    const imei = testImei(1);
    const note = buildTestNfe({
      number: 8501,
      items: [
        {
          code: 'IPH13',
          name: `IPHONE 13 128GB IMEI ${imei}`,
          gtin: '0195949036002',
          qty: 1,
          unitValue: '3000.00',
        },
      ],
    });
    const preview = (await sendNfe(t, stocker, note.xml, { dryRun: true })).json().data;
    expect(preview.items[0]).toMatchObject({ product: { id: iphone.id }, imeis: [imei], problems: [] });
    expect(preview.ready).toBe(true);
    const confirmed = await sendNfe(t, stocker, note.xml, { dryRun: false });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const unit = await t.db
      .selectFrom('product_units')
      .select(['product_id'])
      .where('imei', '=', imei)
      .executeTakeFirst();
    expect(unit).toEqual({ product_id: iphone.id });
  });

  it('does not take a 15-digit number of xProd whose Luhn digit fails for an IMEI', async () => {
    const { stocker } = await shop();
    // 356938035643800: Luhn sum of 35693803564380 doubled from the right … check digit 9, not 0.
    const note = buildTestNfe({
      number: 8502,
      items: [
        { code: 'IPH13', name: 'IPHONE 13 COD 356938035643800', gtin: '0195949036002', qty: 1, unitValue: '3000.00' },
      ],
    });
    const preview = (await sendNfe(t, stocker, note.xml, { dryRun: true })).json().data;
    expect(preview.items[0].imeis).toEqual([]);
    expect(preview.items[0].problems).toEqual([T.imeiCount(1, 0)]);
  });
});
