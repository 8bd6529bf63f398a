import {
  apiErrorSchema,
  formatBusinessDateTimeMinutes,
  PRODUCT_TEXTS,
  PURCHASE_ENTRY_TEXTS,
  PURCHASE_SETTINGS_TEXTS,
  UNIT_STATUS_LABELS,
  UNIT_TEXTS,
} from '@backoffice/contract';
import { describe, expect, it } from 'vitest';
import { bearer } from '../../test/helpers';
import { buildTestNfe, workedExampleNfeSpec } from './nfe/test-nfe';
import { createProduct, entryCounts, IPHONE_ITEM, imeis, productNow, sendNfe, useFreshNfeShop } from './test-purchases';

/**
 * 'Entrada por XML' (issue 39 §2, decision 0049), through the API on a fresh database each time (createTestApp in
 * ./test-purchases' openNfeShop). The figures are the issue's worked example, by hand:
 * - iPhone: (32.000,00 + freight 158,02) ÷ 10 = 3.215,802 → R$ 3.215,80; with 5 in stock at R$ 3.100,00 the
 *   average is (15.500,00 + 32.158,00) ÷ 15 = 47.658,00 ÷ 15 = R$ 3.177,20; gold + 10 % = 3.494,92, silver
 *   + 12 % = 3.558,464 → R$ 3.558,46, bronze + 0 % = 3.177,20.
 * - Case: (400,00 + 1,98) ÷ 50 = 8,0396 → R$ 8,04; none in stock: the average is the entry's cost.
 * - Note total 32.000,00 + 158,02 + 400,00 + 1,98 = R$ 32.560,00; two bills of R$ 16.280,00.
 */
describe('entry by the supplier NF-e XML', () => {
  const { shop, worked, arriving, decisions, inStock } = useFreshNfeShop();

  it('previews the worked example: the iPhone by GTIN at R$ 3.215,80 averaging R$ 3.177,20, the case to link at R$ 8,04', async () => {
    const res = await sendNfe(shop.t, shop.stocker, worked.xml, { dryRun: true });
    expect(res.statusCode, res.body).toBe(200);
    const preview = res.json().data;
    expect(preview).toMatchObject({
      accessKey: worked.accessKey,
      number: '4512',
      total: 32560,
      supplier: { id: null, name: 'DISTRIBUIDORA MODELO DE CELULARES LTDA', document: '11222333000181' },
      signature: { status: 'VALID' },
      instalments: [
        { documentNumber: '001', dueDate: '2026-12-20', amount: 16280 },
        { documentNumber: '002', dueDate: '2027-01-19', amount: 16280 },
      ],
      warnings: [],
      ready: false,
    });
    expect(preview.items[0]).toMatchObject({
      line: 1,
      match: 'GTIN',
      product: { id: shop.iphone.id, stock: 5, cost: 3100, serialized: true },
      units: 10,
      factor: 1,
      totalCost: 32158.02,
      freight: 158.02,
      unitCost: 3215.8,
      newAverageCost: 3177.2,
      levelPrices: { gold: 3494.92, silver: 3558.46, bronze: 3177.2 },
      imeis: [],
      problems: [PURCHASE_ENTRY_TEXTS.imeiCount(10, 0)],
    });
    expect(preview.items[1]).toMatchObject({
      line: 2,
      match: 'NONE',
      product: null,
      units: 50,
      unitCost: 8.04,
      suggested: { name: 'Capa transparente iPhone 15', barcode: '7891234567895', ncm: '39269090', cost: 8.04 },
      problems: [PURCHASE_ENTRY_TEXTS.chooseProduct],
    });
    // Linked and with the IMEIs, the same preview is ready; still nothing written.
    const ready = await sendNfe(shop.t, shop.stocker, worked.xml, { dryRun: true, decisions: decisions() });
    expect(ready.json().data).toMatchObject({ ready: true, problems: [] });
    expect(ready.json().data.items[1]).toMatchObject({ match: 'LINKED', newAverageCost: 8.04 });
    expect(await entryCounts(shop.t)).toEqual({ purchases: 0, items: 0, payables: 0, suppliers: 0, codes: 0 });
  });

  it('confirms the worked example in one go: stock, average cost, phones, supplier, codes and the two bills', async () => {
    const res = await sendNfe(shop.t, shop.stocker, worked.xml, { dryRun: false, decisions: decisions() });
    expect(res.statusCode, res.body).toBe(200);
    const entry = res.json().data;
    expect(entry).toMatchObject({
      accessKey: worked.accessKey,
      total: 32560,
      itemsCount: 2,
      signatureStatus: 'VALID',
      createdBy: 'Carlos Estoquista',
      supplier: { name: 'DISTRIBUIDORA MODELO DE CELULARES LTDA', document: '11222333000181' },
      payables: [
        { documentNumber: '001', dueDate: '2026-12-20', amount: 16280 },
        { documentNumber: '002', dueDate: '2027-01-19', amount: 16280 },
      ],
    });
    expect(entry.items).toEqual([
      expect.objectContaining({
        line: 1,
        units: 10,
        unitCost: 3215.8,
        costBefore: 3100,
        costAfter: 3177.2,
        imeis: arriving,
      }),
      expect.objectContaining({ line: 2, units: 50, unitCost: 8.04, costBefore: 7.5, costAfter: 8.04, imeis: [] }),
    ]);
    expect(await productNow(shop.t, shop.iphone.id)).toEqual({ stock: 15, cost_cents: 317720 });
    expect(await productNow(shop.t, shop.caseProduct.id)).toEqual({ stock: 50, cost_cents: 804 });
    const units = await shop.t.db
      .selectFrom('product_units')
      .select(['imei', 'status', 'cost_cents', 'purchase_id'])
      .where('imei', 'in', arriving)
      .orderBy('imei')
      .execute();
    expect(units).toHaveLength(10);
    // 32.158,02 ÷ 10 = 3.215,802 → R$ 3.215,80, 2 cents left (decision 0089): the last 2 phones at R$ 3.215,81
    const late = new Set(arriving.slice(8));
    for (const unit of units)
      expect(unit).toMatchObject({
        status: 'IN_STOCK',
        cost_cents: late.has(unit.imei) ? 321581 : 321580,
        purchase_id: entry.id,
      });
    const ledger = await shop.t.db
      .selectFrom('stock_movements as m')
      .innerJoin('product_sources as s', 's.id', 'm.source_id')
      .select([
        'm.product_id',
        'm.kind',
        'm.quantity_in',
        'm.entry_unit_cost_cents',
        'm.purchase_id',
        'm.note',
        's.key',
      ])
      .where('m.purchase_id', '=', entry.id)
      .orderBy('m.id')
      .execute();
    const note = `NF-e 4512/1, chave ${worked.accessKey}`;
    // Each item's units at its unit cost, then those of the rounding's cents at one cent more or less (decision
    // 0089): 8 × 3.215,80 + 2 × 3.215,81 = 32.158,02; 48 × 8,04 + 2 × 8,03 = 401,98 (401,98 ÷ 50 = 8,0396 → 8,04).
    const row = (productId: number, quantity: number, cost: number) => ({
      product_id: productId,
      kind: 'PURCHASE',
      quantity_in: quantity,
      entry_unit_cost_cents: cost,
      purchase_id: entry.id,
      note,
      key: 'SUPPLIER_PURCHASE',
    });
    expect(ledger).toEqual([
      row(shop.iphone.id, 8, 321580),
      row(shop.iphone.id, 2, 321581),
      row(shop.caseProduct.id, 48, 804),
      row(shop.caseProduct.id, 2, 803),
    ]);
    const bills = await shop.t.db
      .selectFrom('payables')
      .select(['amount_cents', 'category', 'supplier_id'])
      .where('purchase_id', '=', entry.id)
      .execute();
    expect(bills.map((b) => Number(b.amount_cents))).toEqual([1628000, 1628000]);
    expect(bills.every((b) => b.category === 'COMPRA' && b.supplier_id === entry.supplier.id)).toBe(true);
    expect(await entryCounts(shop.t)).toEqual({ purchases: 1, items: 2, payables: 2, suppliers: 1, codes: 2 });

    // The detail answers the same entry; the list finds it by the supplier's name and by the note's number.
    const detail = await shop.t.app.inject({
      method: 'GET',
      url: `/api/purchases/${entry.id}`,
      headers: bearer(shop.stocker),
    });
    expect(detail.json().data).toEqual(entry);
    for (const search of ['distribuidora modelo', '4512', worked.accessKey.slice(10, 30)]) {
      const page = await shop.t.app.inject({
        method: 'GET',
        url: `/api/purchases?search=${encodeURIComponent(search)}`,
        headers: bearer(shop.stocker),
      });
      expect(page.json().data, search).toMatchObject({ total: 1, items: [{ id: entry.id, total: 32560 }] });
    }
    const none = await shop.t.app.inject({
      method: 'GET',
      url: '/api/purchases?search=inexistente',
      headers: bearer(shop.stocker),
    });
    expect(none.json().data).toMatchObject({ total: 0, items: [] });
    // Without a search: every entry, counted without its joins.
    const all = await shop.t.app.inject({
      method: 'GET',
      url: '/api/purchases?page=0&size=20',
      headers: bearer(shop.stocker),
    });
    expect(all.json().data).toMatchObject({ total: 1, items: [{ id: entry.id }] });
    const csv = await shop.t.app.inject({
      method: 'GET',
      url: '/api/purchases/export.csv',
      headers: bearer(shop.stocker),
    });
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(
      `DISTRIBUIDORA MODELO DE CELULARES LTDA;11222333000181;4512;1;20/11/2026;${worked.accessKey};2;32560,00;Assinada;Carlos Estoquista`,
    );
  });

  it("writes each item's row in its product's 'Histórico de alterações', with the entry's unit cost beside the average", async () => {
    const res = await sendNfe(shop.t, shop.stocker, worked.xml, { dryRun: false, decisions: decisions() });
    expect(res.statusCode, res.body).toBe(200);
    const history = async (code: string) => {
      const answer = await shop.t.app.inject({
        method: 'GET',
        url: `/api/audit?entity=product&id=${code}`,
        headers: bearer(shop.stocker),
      });
      expect(answer.statusCode, answer.body).toBe(200);
      return answer.json().data;
    };
    const note = `NF-e 4512/1, chave ${worked.accessKey}`;
    // iPhone: 5 at R$ 3.100,00 + 10 at R$ 3.215,80 → 15 at R$ 3.177,20 (the worked example above).
    const [phone] = await history(shop.iphone.code);
    expect(phone).toMatchObject({ action: 'Entrada por XML (NF-e)', employee: { name: 'Carlos Estoquista' } });
    // The database keeps the changes' keys in its own order: compared whatever the order.
    expect(phone.changes).toHaveLength(7);
    expect(phone.changes).toEqual(
      expect.arrayContaining([
        { field: 'Estoque', from: '5', to: '15' },
        { field: 'Custo', from: 'R$ 3.100,00', to: 'R$ 3.177,20' },
        { field: 'Quantidade', from: '—', to: '10' },
        { field: 'Custo unitário da entrada', from: '—', to: 'R$ 3.215,80' },
        { field: 'Operação', from: '—', to: 'Compra de fornecedor' },
        { field: 'NF-e', from: '—', to: note },
        { field: 'IMEIs', from: '—', to: arriving.join(', ') },
      ]),
    );
    // The case: none in stock at R$ 7,50, 50 arrive at R$ 8,04 → the average is the entry's cost; no IMEIs.
    const [box] = await history(shop.caseProduct.code);
    expect(box.changes).toHaveLength(6);
    expect(box.changes).toEqual(
      expect.arrayContaining([
        { field: 'Estoque', from: '0', to: '50' },
        { field: 'Custo', from: 'R$ 7,50', to: 'R$ 8,04' },
        { field: 'Quantidade', from: '—', to: '50' },
        { field: 'Custo unitário da entrada', from: '—', to: 'R$ 8,04' },
        { field: 'Operação', from: '—', to: 'Compra de fornecedor' },
        { field: 'NF-e', from: '—', to: note },
      ]),
    );
    // The product history's 'Compras' has the entry too, its own unit cost beside the average it made.
    const bought = await shop.t.app.inject({
      method: 'GET',
      url: `/api/reports/product/purchased/histories/start/2000-01-01T00:00:00/end/2100-01-01T00:00:00/${shop.iphone.id}`,
      headers: bearer(shop.stocker),
    });
    expect(bought.statusCode, bought.body).toBe(200);
    // Two rows (decision 0089): 8 at R$ 3.215,80 — (5 × 3.100,00 + 8 × 3.215,80) ÷ 13 = 3.171,2615 → 3.171,26 — then
    // the rounding's 2 at R$ 3.215,81 — (13 × 3.171,26 + 2 × 3.215,81) ÷ 15 = 3.177,20.
    expect(bought.json().data).toEqual([
      expect.objectContaining({
        costBefore: 3100,
        costAfter: 3171.26,
        entryUnitCost: 3215.8,
        quantity: 8,
        quantityBefore: 5,
        actualQuantity: 13,
        source: 'Compra de fornecedor',
      }),
      expect.objectContaining({
        costBefore: 3171.26,
        costAfter: 3177.2,
        entryUnitCost: 3215.81,
        quantity: 2,
        quantityBefore: 13,
        actualQuantity: 15,
        source: 'Compra de fornecedor',
      }),
    ]);
  });

  it('refuses the same access key again (409 naming when and by whom), in the preview and the confirm', async () => {
    expect(
      (await sendNfe(shop.t, shop.stocker, worked.xml, { dryRun: false, decisions: decisions() })).statusCode,
    ).toBe(200);
    const entered = await shop.t.db.selectFrom('purchases').select('created_at').executeTakeFirstOrThrow();
    const when = formatBusinessDateTimeMinutes(new Date(entered.created_at));
    for (const dryRun of [true, false]) {
      const again = await sendNfe(shop.t, shop.stocker, worked.xml, { dryRun, decisions: decisions(imeis(10, 201)) });
      expect(again.statusCode).toBe(409);
      const body = apiErrorSchema.parse(again.json());
      expect(body.code).toBe('PURCHASE_ALREADY_ENTERED');
      expect(body.errors[0]).toBe(PURCHASE_ENTRY_TEXTS.alreadyEntered(worked.accessKey, when, 'Carlos Estoquista'));
    }
    expect(await productNow(shop.t, shop.iphone.id)).toEqual({ stock: 15, cost_cents: 317720 });
    expect((await entryCounts(shop.t)).purchases).toBe(1);
  });

  it('refuses 9 IMEIs for 10 iPhones, and a bad, a repeated and an in-stock IMEI, line by line, writing nothing', async () => {
    const nine = await sendNfe(shop.t, shop.stocker, worked.xml, {
      dryRun: false,
      decisions: decisions(arriving.slice(0, 9)),
    });
    expect(nine.statusCode).toBe(400);
    expect(apiErrorSchema.parse(nine.json())).toMatchObject({
      code: 'PURCHASE_NOT_READY',
      errors: [PURCHASE_ENTRY_TEXTS.item(1, IPHONE_ITEM, PURCHASE_ENTRY_TEXTS.imeiCount(10, 9))],
    });
    // 352099000000019 has a wrong check digit (testImei(1) ends in 8); the 3rd repeats the 2nd; the 4th is in stock.
    const bad = `${arriving[0]?.slice(0, 14)}${(Number(arriving[0]?.slice(14)) + 1) % 10}`;
    const mixed = [bad, arriving[1], arriving[1], inStock[0], ...arriving.slice(4, 10)] as string[];
    const refused = await sendNfe(shop.t, shop.stocker, worked.xml, { dryRun: false, decisions: decisions(mixed) });
    expect(refused.statusCode).toBe(400);
    expect(apiErrorSchema.parse(refused.json()).errors).toEqual(
      [
        PURCHASE_ENTRY_TEXTS.imeiInvalid(bad),
        PURCHASE_ENTRY_TEXTS.imeiRepeated(arriving[1] as string),
        PURCHASE_ENTRY_TEXTS.imeiRegistered(inStock[0] as string, 'iPhone 15 128GB Preto'),
      ].map((problem) => PURCHASE_ENTRY_TEXTS.item(1, IPHONE_ITEM, problem)),
    );
    expect(await entryCounts(shop.t)).toEqual({ purchases: 0, items: 0, payables: 0, suppliers: 0, codes: 0 });
    expect(await productNow(shop.t, shop.iphone.id)).toEqual({ stock: 5, cost_cents: 310000 });
    expect(await productNow(shop.t, shop.caseProduct.id)).toEqual({ stock: 0, cost_cents: 750 });
  });

  it('enters dual-SIM phones as units with their second IMEI; a bad, repeated or registered second IMEI is named and nothing is stored', async () => {
    // Two iPhones, typed as two units of two IMEIs each (decision 0050).
    const note = buildTestNfe(
      workedExampleNfeSpec({
        number: 4514,
        instalments: [],
        items: [{ ...workedExampleNfeSpec().items[0], qty: 2 } as never],
      }),
    );
    const [a1, a2, b1, b2] = imeis(4, 301) as [string, string, string, string];
    const send = (line: object, dryRun = false) =>
      sendNfe(shop.t, shop.stocker, note.xml, { dryRun, decisions: { items: [{ line: 1, ...line }] } });
    const errorsOf = async (line: object) => {
      const res = await send(line);
      expect(res.statusCode, res.body).toBe(400);
      return apiErrorSchema.parse(res.json()).errors;
    };
    const onLine = (problem: string) => PURCHASE_ENTRY_TEXTS.item(1, IPHONE_ITEM, problem);
    // b2 with its check digit one off.
    const bad = `${b2.slice(0, 14)}${(Number(b2.slice(14)) + 1) % 10}`;
    expect(
      await errorsOf({
        units: [
          { imei: a1, imei2: a2 },
          { imei: b1, imei2: bad },
        ],
      }),
    ).toEqual([onLine(PURCHASE_ENTRY_TEXTS.imeiInvalid(bad))]);
    // The second phone's second IMEI is the first phone's first.
    expect(
      await errorsOf({
        units: [
          { imei: a1, imei2: a2 },
          { imei: b1, imei2: a1 },
        ],
      }),
    ).toEqual([onLine(PURCHASE_ENTRY_TEXTS.imeiRepeated(a1))]);
    // A second IMEI already in stock (one of the 5 iPhones).
    expect(
      await errorsOf({
        units: [
          { imei: a1, imei2: inStock[0] },
          { imei: b1, imei2: b2 },
        ],
      }),
    ).toEqual([onLine(PURCHASE_ENTRY_TEXTS.imeiRegistered(inStock[0] as string, 'iPhone 15 128GB Preto'))]);
    // The four IMEIs one a unit are four phones for two.
    expect(await errorsOf({ imeis: [a1, a2, b1, b2] })).toEqual([onLine(PURCHASE_ENTRY_TEXTS.imeiCount(2, 4))]);
    // Both ways at once: refused before the note is settled.
    expect(await errorsOf({ units: [{ imei: a1 }, { imei: b1 }], imeis: [a1, b1] })).toEqual([
      PURCHASE_ENTRY_TEXTS.decisionRefused('items.0.units', PURCHASE_ENTRY_TEXTS.unitsAndImeis),
    ]);
    expect(await entryCounts(shop.t)).toEqual({ purchases: 0, items: 0, payables: 0, suppliers: 0, codes: 0 });
    expect(await productNow(shop.t, shop.iphone.id)).toEqual({ stock: 5, cost_cents: 310000 });

    const units = [
      { imei: a1, imei2: a2 },
      { imei: b1, imei2: b2 },
    ];
    const preview = await send({ units }, true);
    expect(preview.json().data.items[0]).toMatchObject({ units: 2, imeis: [a1, b1], problems: [] });
    const res = await send({ units });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.items[0]).toMatchObject({ units: 2, imeis: [a1, b1] });
    // 5 in stock + 2 phones (not 4).
    expect((await productNow(shop.t, shop.iphone.id)).stock).toBe(7);
    // Each phone found by either IMEI, with its second.
    for (const [imei, unit] of [
      [a1, units[0]],
      [a2, units[0]],
      [b2, units[1]],
    ] as const) {
      const found = await shop.t.app.inject({
        method: 'GET',
        url: `/api/units/${imei}`,
        headers: bearer(shop.stocker),
      });
      expect(found.statusCode, found.body).toBe(200);
      expect(found.json().data).toMatchObject({ imei: unit?.imei, imei2: unit?.imei2, status: 'IN_STOCK' });
    }
  });

  it('creates the iPhone from the note (prefilled name, GTIN, NCM, CEST) when it is not in the catalogue', async () => {
    const note = buildTestNfe(
      // the iPhones' line alone: vNF 10 × R$ 3.200,00 + R$ 158,02 = R$ 32.158,02, one duplicata of it (decision 0088)
      workedExampleNfeSpec({
        number: 4513,
        items: [workedExampleNfeSpec().items[0] as never],
        instalments: [{ number: '001', dueDate: '2026-12-20', amount: '32158.02' }],
      }),
    );
    const create = {
      name: 'iPhone 15 128GB Preto (novo)',
      brand: 'Apple Compras',
      barcode: '0195949036002',
      ncm: '85171300',
      cest: '2105300',
      sellPrice: 4299,
      discount: { goldPercentage: 10, silverPercentage: 0, bronzePercentage: 0 },
      serialized: true,
    };
    // The barcode is the existing iPhone's: refused on the line, naming it.
    const taken = await sendNfe(shop.t, shop.stocker, note.xml, {
      dryRun: true,
      decisions: { items: [{ line: 1, create, imeis: arriving }] },
    });
    expect(taken.json().data.items[0].problems).toEqual([
      PURCHASE_ENTRY_TEXTS.barcodeTaken('0195949036002', 'iPhone 15 128GB Preto'),
    ]);
    // Without a sale price the catalogue refuses it: a problem of the line, in the catalogue's words.
    const { sellPrice: _none, ...priceless } = create;
    const incomplete = await sendNfe(shop.t, shop.stocker, note.xml, {
      dryRun: true,
      decisions: { items: [{ line: 1, create: { ...priceless, barcode: null }, imeis: arriving }] },
    });
    expect(incomplete.json().data.items[0].problems).toEqual([
      PURCHASE_ENTRY_TEXTS.createInvalid(PRODUCT_TEXTS.sellPriceRequired),
    ]);
    const res = await sendNfe(shop.t, shop.stocker, note.xml, {
      dryRun: false,
      decisions: { items: [{ line: 1, create: { ...create, barcode: null }, imeis: arriving }] },
    });
    expect(res.statusCode, res.body).toBe(200);
    const line = res.json().data.items[0];
    // (32.000,00 + 158,02) ÷ 10 = R$ 3.215,80: nothing was in stock, so that is its cost.
    expect(line).toMatchObject({ units: 10, unitCost: 3215.8, costAfter: 3215.8, imeis: arriving });
    const created = await shop.t.db
      .selectFrom('products')
      .select(['name', 'serialized', 'stock', 'cost_cents', 'ncm', 'cest', 'sell_price_cents'])
      .where('id', '=', line.product.id)
      .executeTakeFirstOrThrow();
    expect(created).toEqual({
      name: 'iPhone 15 128GB Preto (novo)',
      serialized: true,
      stock: 10,
      cost_cents: 321580,
      ncm: '85171300',
      cest: '2105300',
      sell_price_cents: 429900,
    });
  });

  it('converts a box of 10 by the factor confirmed once per supplier code, and remembers it next time', async () => {
    const film = await createProduct(shop.t, shop.stocker, { name: 'Película de vidro iPhone 15', cost: 3 });
    // 5 boxes at R$ 45,00 + freight R$ 0,50 = 225,50; 50 films: 225,50 ÷ 50 = R$ 4,51.
    const box = {
      code: 'PEL-IPH15-CX10',
      name: 'Película vidro iPhone 15 cx c/10',
      unit: 'CX',
      qty: 5,
      unitValue: '45.00',
      freight: '0.50',
    };
    const first = buildTestNfe({ number: 7001, items: [box] });
    const asked = await sendNfe(shop.t, shop.stocker, first.xml, {
      dryRun: true,
      decisions: { items: [{ line: 1, productId: film.id }] },
    });
    expect(asked.json().data.items[0]).toMatchObject({
      factor: 1,
      factorConfirmed: false,
      // At factor 1 a box would be one film at R$ 45,10 against R$ 3,00: 4.210 ÷ 300 = 1.403 % off (decision 0090).
      problems: [PURCHASE_ENTRY_TEXTS.factorRequired('CX'), PURCHASE_SETTINGS_TEXTS.costDeviation(4510, 300, 1403, 50)],
    });
    // At 10 a box R$ 4,51 is still 50,3 % over R$ 3,00: the price went up, acknowledged ('Custo conferido').
    const res = await sendNfe(shop.t, shop.stocker, first.xml, {
      dryRun: false,
      decisions: { items: [{ line: 1, productId: film.id, factor: 10, acceptCost: true }] },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.items[0]).toMatchObject({ factor: 10, units: 50, unitCost: 4.51, costAfter: 4.51 });
    expect(await productNow(shop.t, film.id)).toEqual({ stock: 50, cost_cents: 451 });

    // The next note of that supplier: matched by its code, the factor remembered, ready without a decision.
    // 3 boxes at R$ 42,00 = 126,00 ÷ 30 = R$ 4,20; average (50 × 4,51 + 30 × 4,20) ÷ 80 = (225,50 + 126,00) ÷ 80
    // = 4,39375 → R$ 4,39.
    const second = buildTestNfe({ number: 7002, items: [{ ...box, qty: 3, unitValue: '42.00', freight: undefined }] });
    const preview = await sendNfe(shop.t, shop.stocker, second.xml, { dryRun: true });
    expect(preview.json().data).toMatchObject({ ready: true });
    expect(preview.json().data.items[0]).toMatchObject({
      match: 'SUPPLIER_CODE',
      product: { id: film.id },
      factor: 10,
      factorConfirmed: true,
      units: 30,
      unitCost: 4.2,
      newAverageCost: 4.39,
    });
    expect((await sendNfe(shop.t, shop.stocker, second.xml, { dryRun: false })).statusCode).toBe(200);
    expect(await productNow(shop.t, film.id)).toEqual({ stock: 80, cost_cents: 439 });
  });

  it('sends two iPhones back to the supplier: out of stock, the ledger names the supplier and the note, a credit', async () => {
    const entered = await sendNfe(shop.t, shop.stocker, worked.xml, { dryRun: false, decisions: decisions() });
    const entry = entered.json().data;
    const reason = 'Tela com defeito de fábrica';
    const sendBack = (imeiList: string[], why = reason) =>
      shop.t.app.inject({
        method: 'POST',
        url: '/api/purchases/returns',
        headers: bearer(shop.stocker),
        payload: { imeis: imeiList, reason: why },
      });
    // Refused, nothing written: a phone entered by hand (no note: no supplier to credit), a short reason.
    const byHand = await sendBack([arriving[0] as string, inStock[0] as string]);
    expect(apiErrorSchema.parse(byHand.json()).errors).toEqual([
      PURCHASE_ENTRY_TEXTS.returnUnitWithoutNote(inStock[0] as string),
    ]);
    expect(apiErrorSchema.parse((await sendBack([arriving[0] as string], 'ruim')).json()).errors).toEqual([
      PURCHASE_ENTRY_TEXTS.returnReasonRequired,
    ]);
    expect(await productNow(shop.t, shop.iphone.id)).toEqual({ stock: 15, cost_cents: 317720 });

    const res = await sendBack([arriving[0] as string, arriving[1] as string]);
    expect(res.statusCode, res.body).toBe(200);
    // 2 × R$ 3.215,80 (what each cost when it came in, not the average) = R$ 6.431,60.
    expect(res.json().data).toMatchObject({
      supplier: { id: entry.supplier.id, name: 'DISTRIBUIDORA MODELO DE CELULARES LTDA' },
      units: [
        { imei: arriving[0], cost: 3215.8, accessKey: worked.accessKey, purchaseId: entry.id },
        { imei: arriving[1], cost: 3215.8, accessKey: worked.accessKey, purchaseId: entry.id },
      ],
      credit: 6431.6,
    });
    // 15 − 2 = 13 in stock; leaving does not change the average.
    expect(await productNow(shop.t, shop.iphone.id)).toEqual({ stock: 13, cost_cents: 317720 });
    const ledger = await shop.t.db
      .selectFrom('stock_movements')
      .select(['kind', 'quantity_out', 'stock_after', 'note', 'purchase_id'])
      .where('product_id', '=', shop.iphone.id)
      .where('kind', '=', 'ADJUSTMENT')
      .where('quantity_out', '>', 0)
      .orderBy('id')
      .execute();
    const note = PURCHASE_ENTRY_TEXTS.returnLedgerNote(
      'DISTRIBUIDORA MODELO DE CELULARES LTDA',
      '4512',
      '1',
      worked.accessKey,
      reason,
    );
    expect(ledger).toEqual([
      { kind: 'ADJUSTMENT', quantity_out: 1, stock_after: 14, note, purchase_id: entry.id },
      { kind: 'ADJUSTMENT', quantity_out: 1, stock_after: 13, note, purchase_id: entry.id },
    ]);
    const credit = await shop.t.db
      .selectFrom('payables')
      .select(['amount_cents', 'category', 'supplier_id', 'document_number'])
      .where('category', '=', 'DEVOLUCAO')
      .executeTakeFirstOrThrow();
    expect({ ...credit, amount_cents: Number(credit.amount_cents) }).toEqual({
      amount_cents: -643160,
      category: 'DEVOLUCAO',
      supplier_id: entry.supplier.id,
      document_number: worked.accessKey,
    });
    // Its history says where it went.
    const unit = await shop.t.app.inject({
      method: 'GET',
      url: `/api/units/${arriving[0]}`,
      headers: bearer(shop.stocker),
    });
    expect(unit.json().data).toMatchObject({ status: 'WRITTEN_OFF' });
    expect(unit.json().data.history.at(-1).event).toBe(UNIT_TEXTS.unitEvents.SUPPLIER_RETURN);
    // Gone: the same phone again is refused by its status.
    const again = await sendBack([arriving[0] as string]);
    expect(apiErrorSchema.parse(again.json()).errors).toEqual([
      PURCHASE_ENTRY_TEXTS.returnUnitUnavailable(arriving[0] as string, UNIT_STATUS_LABELS.WRITTEN_OFF),
    ]);
  });
});
