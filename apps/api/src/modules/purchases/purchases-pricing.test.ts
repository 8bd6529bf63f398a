import { PURCHASE_SETTINGS_TEXTS as S, PURCHASE_ENTRY_TEXTS as T } from '@backoffice/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, DEMO, signIn, type TestApp } from '../../test/helpers';
import { buildTestNfe } from './nfe/test-nfe';
import { createProduct, entryCounts, imeis, openNfeShop, sendNfe } from './test-purchases';

/**
 * The entry by XML's prices and cash (issue 57 §5 and §6, decision 0090): a product created from a note takes the
 * shop's default level percentages; a linked item whose unit cost strays from its product's average beyond the
 * setting waits for 'Custo conferido'; 'Pago no ato' in cash leaves the clerk's open drawer. Through the API, one
 * app for the file; each test its own note number, supplier codes and products; figures by hand.
 */
describe('the entry by XML: prices and cash', () => {
  let t: TestApp;
  let stocker: string;
  let admin: string;
  const reason = 'Fornecedor mandou o XML sem a assinatura; conferido com o DANFE';

  beforeAll(async () => {
    ({ t, stocker } = await openNfeShop([]));
    admin = await signIn(t.app, DEMO.admin);
  });
  afterAll(() => t.close());

  const call = (token: string, method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url: `/api${url}`, headers: bearer(token), ...(payload ? { payload } : {}) });
  const settings = (body: object) => call(stocker, 'PUT', '/purchases/settings', body);

  it('keeps the default level percentages and the cost’s ±% in its settings, checked and audited', async () => {
    const before = await call(stocker, 'GET', '/purchases/settings');
    expect(before.statusCode, before.body).toBe(200);
    // Until saved: no margin (as before) and ±50 %.
    expect(before.json().data).toEqual({
      goldPercentage: 0,
      silverPercentage: 0,
      bronzePercentage: 0,
      costDeviationPercentage: 50,
    });
    const wrong = await settings({
      goldPercentage: 101,
      silverPercentage: 30,
      bronzePercentage: 40,
      costDeviationPercentage: 50,
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.body).toContain('Informe o percentual de 0 a 100');
    const zero = await settings({
      goldPercentage: 20,
      silverPercentage: 30,
      bronzePercentage: 40,
      costDeviationPercentage: 0,
    });
    expect(zero.statusCode).toBe(400);
    expect(zero.body).toContain(S.deviationRange);
    const saved = await settings({
      goldPercentage: 20,
      silverPercentage: 30,
      bronzePercentage: 40,
      costDeviationPercentage: 50,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await call(stocker, 'GET', '/purchases/settings')).json().data).toEqual({
      goldPercentage: 20,
      silverPercentage: 30,
      bronzePercentage: 40,
      costDeviationPercentage: 50,
    });
    const audit = await t.db
      .selectFrom('audit_events')
      .select('changes')
      .where('entity', '=', 'purchase_settings')
      .execute();
    expect(audit).toHaveLength(1);
    // Whoever may not manage purchases does not change them.
    const attendant = await signIn(t.app, DEMO.attendant);
    expect((await call(attendant, 'PUT', '/purchases/settings', saved.json().data)).statusCode).toBe(403);
  });

  it('a product created from a note takes the shop’s level percentages: its level prices in the preview', async () => {
    expect(
      (await settings({ goldPercentage: 20, silverPercentage: 30, bronzePercentage: 40, costDeviationPercentage: 50 }))
        .statusCode,
    ).toBe(200);
    // 10 films at R$ 12,00 = R$ 120,00 − desconto 6,00 + frete 1,50 + IPI 3,60 + ST 2,40 = R$ 121,50: unit cost
    // R$ 12,15; Ouro +20 % = R$ 14,58, Prata +30 % = R$ 15,795 → R$ 15,80, Bronze +40 % = R$ 17,01.
    const { xml } = buildTestNfe({
      number: 5901,
      items: [
        {
          code: 'PEL-PRIV-01',
          name: 'Película privacidade iPhone 15',
          qty: 10,
          unitValue: '12.00',
          discount: '6.00',
          freight: '1.50',
          ipi: '3.60',
          icmsSt: '2.40',
        },
      ],
      instalments: [{ number: '001', dueDate: '2026-12-20', amount: '121.50' }],
    });
    const decisions = {
      items: [
        {
          line: 1,
          create: {
            name: 'Película privacidade iPhone 15',
            brand: 'Apple Compras',
            sellPrice: 39.9,
            serialized: false,
          },
        },
      ],
    };
    const preview = await sendNfe(t, stocker, xml, { dryRun: true, decisions });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().data).toMatchObject({
      ready: true,
      levelDefaults: { gold: 20, silver: 30, bronze: 40 },
      items: [
        {
          match: 'CREATE',
          totalCost: 121.5,
          costParts: {
            products: 120,
            discount: 6,
            freight: 1.5,
            insurance: 0,
            other: 0,
            ipi: 3.6,
            ipiReturned: 0,
            icmsSt: 2.4,
            fcpSt: 0,
          },
          unitCost: 12.15,
          levelPrices: { gold: 14.58, silver: 15.8, bronze: 17.01 },
        },
      ],
    });
    const res = await sendNfe(t, stocker, xml, { dryRun: false, decisions });
    expect(res.statusCode, res.body).toBe(200);
    const productId = res.json().data.items[0].product.id as number;
    const product = await t.db
      .selectFrom('products')
      .select(['gold_percentage', 'silver_percentage', 'bronze_percentage', 'cost_cents', 'stock'])
      .where('id', '=', productId)
      .executeTakeFirstOrThrow();
    expect(product).toEqual({
      gold_percentage: 20,
      silver_percentage: 30,
      bronze_percentage: 40,
      cost_cents: 1215,
      stock: 10,
    });
  });

  it('a unit cost beyond ±50 % of the product’s average waits for ‘Custo conferido’, named on its item', async () => {
    expect(
      (await settings({ goldPercentage: 0, silverPercentage: 0, bronzePercentage: 0, costDeviationPercentage: 50 }))
        .statusCode,
    ).toBe(200);
    const within = await createProduct(t, stocker, { name: 'Capa couro A', cost: 7.5, stock: 4 });
    const beyond = await createProduct(t, stocker, { name: 'Capa couro B', cost: 7.5, stock: 4 });
    // Line 1: R$ 11,25 over R$ 7,50 is exactly +50 %: within. Line 2: R$ 12,00 is +60 % (4,50 ÷ 7,50): beyond.
    const { xml } = buildTestNfe({
      number: 5902,
      items: [
        { code: 'CAPA-COURO-A', name: 'Capa couro A', qty: 10, unitValue: '11.25' },
        { code: 'CAPA-COURO-B', name: 'Capa couro B', qty: 10, unitValue: '12.00' },
      ],
      instalments: [{ number: '001', dueDate: '2026-12-20', amount: '232.50' }],
    });
    const linked = (acceptCost?: boolean) => ({
      items: [
        { line: 1, productId: within.id },
        { line: 2, productId: beyond.id, ...(acceptCost === undefined ? {} : { acceptCost }) },
      ],
    });
    const warning = S.costDeviation(1200, 750, 60, 50);
    expect(warning).toBe(
      "o custo unitário desta nota (R$ 12,00) está 60 % acima do custo médio do produto (R$ 7,50; limite de ± 50 %): confira o fator e os valores e marque 'Custo conferido' para dar entrada.",
    );
    const preview = await sendNfe(t, stocker, xml, { dryRun: true, decisions: linked() });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().data).toMatchObject({
      ready: false,
      problems: [T.item(2, 'Capa couro B', warning)],
      items: [
        { costDeviation: null, problems: [] },
        { costDeviation: { averageCost: 7.5, percent: 60, limit: 50, acknowledged: false }, problems: [warning] },
      ],
    });
    const before = await entryCounts(t);
    const refused = await sendNfe(t, stocker, xml, { dryRun: false, decisions: linked(false) });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'PURCHASE_NOT_READY' });
    expect(refused.body).toContain('Item 2 (Capa couro B): o custo unitário desta nota (R$ 12,00) está 60 % acima');
    expect(await entryCounts(t)).toEqual(before);
    const res = await sendNfe(t, stocker, xml, { dryRun: false, decisions: linked(true) });
    expect(res.statusCode, res.body).toBe(200);
    // (4 × 7,50 + 10 × 12,00) ÷ 14 = 150,00 ÷ 14 = 10,714… → R$ 10,71
    const after = await t.db
      .selectFrom('products')
      .select('cost_cents')
      .where('id', '=', beyond.id)
      .executeTakeFirstOrThrow();
    expect(after.cost_cents).toBe(1071);
  });

  it('a phone entered by XML: its history names the supplier and the note (issue 57 §8)', async () => {
    const phone = await createProduct(t, stocker, { name: 'Moto G Compras', cost: 900, units: [] });
    const [imei] = imeis(1, 300);
    const { xml } = buildTestNfe({
      number: 5904,
      items: [{ code: 'MOTO-G', name: 'Motorola Moto G', ncm: '85171300', qty: 1, unitValue: '900.00' }],
      instalments: [{ number: '001', dueDate: '2026-12-20', amount: '900.00' }],
    });
    const res = await sendNfe(t, stocker, xml, {
      dryRun: false,
      decisions: { items: [{ line: 1, productId: phone.id, imeis: [imei as string] }] },
    });
    expect(res.statusCode, res.body).toBe(200);
    const unit = await call(admin, 'GET', `/units/${imei}`);
    expect(unit.statusCode, unit.body).toBe(200);
    expect(unit.json().data.history).toMatchObject([
      { event: 'Entrada no estoque', from: 'DISTRIBUIDORA MODELO DE CELULARES LTDA · NF-e 5904/1' },
    ]);
  });

  it("'Pago no ato' in cash leaves the clerk’s open drawer; with none open it is refused, nothing written", async () => {
    // 20 chargers at R$ 10,00 = R$ 200,00, pag tPag 01 (dinheiro), no cobr: 'Pago no ato' by default.
    const { xml: built } = buildTestNfe({
      number: 5903,
      sign: false,
      bare: true,
      items: [{ code: 'CARR-20W', name: 'Carregador 20W', qty: 20, unitValue: '10.00' }],
    });
    const xml = built.replace(/<tPag>\d\d<\/tPag>/, '<tPag>01</tPag>');
    const charger = await createProduct(t, admin, { name: 'Carregador 20W', cost: 10 });
    const decisions = { items: [{ line: 1, productId: charger.id }], unsignedReason: reason };
    // The shop uses drawers once it has a register; the administrator (the clerk here) has none open.
    const created = await call(admin, 'POST', '/cash-registers', { name: 'Caixa compras' });
    expect(created.statusCode, created.body).toBe(201);
    const registerId = created.json().data.id as number;
    const drawerClosed = S.drawerClosed(200);
    expect(drawerClosed).toBe(
      'A nota foi paga no ato em dinheiro: os R$ 200,00 saem do seu caixa. Abra o seu caixa (Caixa › Abrir caixa) e confirme de novo, ou escolha outra forma de pagamento.',
    );
    const closedPreview = await sendNfe(t, admin, xml, { dryRun: true, decisions });
    expect(closedPreview.json().data).toMatchObject({
      ready: false,
      drawerClosed: true,
      problems: [drawerClosed],
      billing: { mode: 'PAID', method: 'DINHEIRO' },
    });
    const before = await entryCounts(t);
    const refused = await sendNfe(t, admin, xml, { dryRun: false, decisions });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'CASH_DRAWER_CLOSED' });
    expect(refused.body).toContain(drawerClosed);
    expect(await entryCounts(t)).toEqual(before);

    const opened = await call(admin, 'POST', `/cash-registers/${registerId}/open`, { float: 500 });
    expect(opened.statusCode, opened.body).toBe(201);
    const sessionId = opened.json().data.id as number;
    const openPreview = await sendNfe(t, admin, xml, { dryRun: true, decisions });
    expect(openPreview.json().data).toMatchObject({ ready: true, drawerClosed: false, problems: [] });
    const res = await sendNfe(t, admin, xml, { dryRun: false, decisions });
    expect(res.statusCode, res.body).toBe(200);
    // The drawer: R$ 500,00 of float − R$ 200,00 paid to the supplier = R$ 300,00 expected.
    const session = await call(admin, 'GET', `/cash-registers/sessions/${sessionId}`);
    expect(session.json().data).toMatchObject({
      totals: { float: 500, out: 200, expected: 300 },
      entries: [
        {
          kind: 'SUPPLIER_PAYMENT',
          amount: 200,
          reason: S.cashReason('5903', '1', 'DISTRIBUIDORA MODELO DE CELULARES LTDA'),
        },
      ],
    });
  });
});
