import { PURCHASE_COST_TEXTS as C, type Purchase, type PurchasePreview } from '@backoffice/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, signIn, type TestApp } from '../../test/helpers';
import { saveTestIssuer } from '../fiscal/test-fiscal';
import { buildTestNfe, TEST_NFE_RECIPIENT_CNPJ, type TestNfeSpec } from './nfe/test-nfe';
import { createProduct, openNfeShop, productNow, sendNfe } from './test-purchases';

/**
 * What a supplier's note costs the shop (issue 57, decision 0089): the FCP-ST in the cost, bonus items (CFOP 5910)
 * at the cost the shop chooses and never billed, the Regime Normal's credits netted from the cost and kept with the
 * entry, and the per-unit rounding's cents kept so the entry adds up to the note to the cent. One app; each test
 * says the shop's regime and enters its own note with its own products. Figures worked by hand in the comments.
 */
describe("what a supplier's note costs the shop", () => {
  let t: TestApp;
  let stocker: string;
  let admin: string;

  beforeAll(async () => {
    ({ t, stocker } = await openNfeShop([]));
    admin = await signIn(t.app, DEMO.admin);
  });
  afterAll(() => t.close());

  /** The shop's regime in its fiscal settings: CRT and whether its PIS/COFINS is non-cumulative. */
  const regime = (crt: 1 | 3, pisCofinsNonCumulative = false) =>
    saveTestIssuer(t, admin, { cnpj: TEST_NFE_RECIPIENT_CNPJ, crt, pisCofinsNonCumulative });

  const note = (spec: Partial<TestNfeSpec> & Pick<TestNfeSpec, 'number' | 'items'>) => buildTestNfe(spec).xml;
  // The products are made at R$ 1,00, far from every note's cost: 'Custo conferido' is ticked on each item
  // (decision 0090), which is not what these tests are about.
  const accepted = (decisions: { items?: { line: number }[]; bonusCost?: 'SHARE' | 'ZERO' }) => ({
    confirmRecipient: true,
    ...decisions,
    items: (decisions.items ?? []).map((item) => ({ ...item, acceptCost: true })),
  });
  const preview = async (xml: string, decisions: { items?: { line: number }[]; bonusCost?: 'SHARE' | 'ZERO' }) => {
    const res = await sendNfe(t, stocker, xml, { dryRun: true, decisions: accepted(decisions) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as PurchasePreview;
  };
  const confirm = async (xml: string, decisions: { items?: { line: number }[]; bonusCost?: 'SHARE' | 'ZERO' }) => {
    const res = await sendNfe(t, stocker, xml, { dryRun: false, decisions: accepted(decisions) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as Purchase;
  };
  const product = (name: string) => createProduct(t, stocker, { name, cost: 1 });
  /** Σ quantity in × entry unit cost of the entry's ledger rows, and the bills it made (cents). */
  const ledgerValue = async (purchaseId: number) => {
    const rows = await t.db
      .selectFrom('stock_movements')
      .select(['quantity_in', 'entry_unit_cost_cents'])
      .where('purchase_id', '=', purchaseId)
      .execute();
    return rows.reduce((sum, r) => sum + r.quantity_in * Number(r.entry_unit_cost_cents), 0);
  };
  const bills = (purchaseId: number) =>
    t.db
      .selectFrom('payables')
      .select('amount_cents')
      .where('purchase_id', '=', purchaseId)
      .execute()
      .then((rows) => rows.map((r) => Number(r.amount_cents)));

  it("values the issue's phone at R$ 600,00, not R$ 590,00: the FCP-ST is in its cost", async () => {
    await regime(1);
    const phone = await product('Smartphone FCP 128GB');
    // vProd 560,00 + vICMSST 30,00 + vFCPST 10,00 = R$ 600,00 (without the FCP-ST: R$ 590,00)
    const xml = note({
      number: 7101,
      items: [
        { code: 'SM-FCP', name: 'Smartphone FCP 128GB', qty: 1, unitValue: '560.00', icmsSt: '30.00', fcpSt: '10.00' },
      ],
    });
    const decisions = { items: [{ line: 1, productId: phone.id }] };
    const seen = await preview(xml, decisions);
    expect(seen.ready, seen.problems.join('\n')).toBe(true);
    expect(seen.total).toBe(600);
    expect(seen.items[0]).toMatchObject({ totalCost: 600, fcpSt: 10, entryCost: 600, unitCost: 600 });
    // Simples (CRT 1): no credit, nothing said about credits
    expect(seen.costs).toMatchObject({ crt: 1, credits: { total: 0 }, bonusCost: null, payable: 600, notes: [] });
    // A bonus rule for a note without bonus items is a problem, in Portuguese
    const wrong = await preview(xml, { ...decisions, bonusCost: 'ZERO' });
    expect(wrong.ready).toBe(false);
    expect(wrong.problems).toContain(C.bonusChoiceInvalid);

    const entry = await confirm(xml, decisions);
    expect(entry.items[0]).toMatchObject({ fcpSt: 10, entryCost: 600, unitCost: 600, centUnits: 0 });
    expect((await productNow(t, phone.id)).cost_cents).toBe(60_000);
    expect(await bills(entry.id)).toEqual([60_000]);
  });

  it("a 'Venda, Bonificação' note: the bonus is not billed and takes its share of what was paid (or zero)", async () => {
    await regime(1);
    const paid = await product('Capa paga bonificação');
    const free = await product('Capa bonificada');
    // Line 1 sold: 10 × 20,00 = R$ 200,00; line 2 CFOP 5910: 5 × 20,00 = R$ 100,00. vNF R$ 300,00, one duplicata
    // of R$ 200,00 (the paid part): it matches what is payable (300,00 − 100,00), so nothing to choose.
    const xml = note({
      number: 7102,
      items: [
        { code: 'CP-PAGA', name: 'Capa paga', qty: 10, unitValue: '20.00' },
        { code: 'CP-BONI', name: 'Capa bonificada', qty: 5, unitValue: '20.00', cfop: '5910' },
      ],
      instalments: [{ number: '001', dueDate: '2026-12-20', amount: '200.00' }],
    });
    const decisions = {
      items: [
        { line: 1, productId: paid.id },
        { line: 2, productId: free.id },
      ],
    };
    const shared = await preview(xml, decisions);
    expect(shared.ready, shared.problems.join('\n')).toBe(true);
    expect(shared.costs).toMatchObject({
      bonusItems: 1,
      bonusValue: 100,
      bonusCost: 'SHARE',
      payable: 200,
      entryCost: 200,
    });
    expect(shared.costs.notes).toEqual([C.bonusShare(1, 10_000, 20_000)]);
    expect(shared.billing).toMatchObject({ difference: 0, choiceNeeded: false, bills: [{ amount: 200 }] });
    // SHARE: R$ 200,00 over weights 200,00 and 100,00: ⌊20.000 × 2/3⌋ = 13.333, ⌊20.000 × 1/3⌋ = 6.666, the cent
    // left (20.000 − 19.999) on the last: 6.667. Line 1: 13.333 ÷ 10 = 1.333,3 → R$ 13,33, 3 cents left: 7 × 13,33 +
    // 3 × 13,34. Line 2: 6.667 ÷ 5 = 1.333,4 → R$ 13,33, 2 left: 3 × 13,33 + 2 × 13,34.
    expect(shared.items[0]).toMatchObject({ bonus: false, entryCost: 133.33, unitCost: 13.33 });
    expect(shared.items[0]?.unitCosts).toEqual([
      { units: 7, cost: 13.33 },
      { units: 3, cost: 13.34 },
    ]);
    expect(shared.items[1]).toMatchObject({ bonus: true, entryCost: 66.67, unitCost: 13.33 });
    expect(shared.items[1]?.unitCostsText).toBe('3 × R$ 13,33 + 2 × R$ 13,34 = R$ 66,67');

    // ZERO: the bonus at R$ 0,00, the paid line at its own R$ 200,00 (R$ 20,00 a unit)
    const zero = await preview(xml, { ...decisions, bonusCost: 'ZERO' });
    expect(zero.costs.notes).toEqual([C.bonusZero(1, 10_000)]);
    expect(zero.items.map((i) => [i.entryCost, i.unitCost])).toEqual([
      [200, 20],
      [0, 0],
    ]);

    const entry = await confirm(xml, decisions);
    expect(entry.costs).toMatchObject({ bonusCost: 'SHARE', bonusValue: 100 });
    expect(entry.items.map((i) => [i.bonus, i.entryCost, i.unitCost, i.centUnits])).toEqual([
      [false, 133.33, 13.33, 3],
      [true, 66.67, 13.33, 2],
    ]);
    // The ledger adds up to what was paid, to the cent; one bill, of the paid part only
    expect(await ledgerValue(entry.id)).toBe(20_000);
    expect(await bills(entry.id)).toEqual([20_000]);
    // Each product's average: (7 × 1.333 + 3 × 1.334) ÷ 10 = 1.333,3 → 1.333; (3 × 1.333 + 2 × 1.334) ÷ 5 = 1.333,4 → 1.333
    expect(await productNow(t, paid.id)).toEqual({ stock: 10, cost_cents: 1_333 });
    expect(await productNow(t, free.id)).toEqual({ stock: 5, cost_cents: 1_333 });
  });

  it('Regime Normal: the ICMS credit, and PIS/COFINS when non-cumulative, come off the cost and stay with the entry', async () => {
    const headset = await product('Fone Bluetooth crédito');
    // 4 × 250,00 = R$ 1.000,00, ICMS CST 00 at 18 %: R$ 180,00; PIS/COFINS CST 01. vNF R$ 1.000,00.
    const xml = note({
      number: 7103,
      items: [{ code: 'FONE-BT', name: 'Fone Bluetooth', qty: 4, unitValue: '250.00', pisCofinsTaxed: true }],
    });
    const decisions = { items: [{ line: 1, productId: headset.id }] };

    // Cumulative PIS/COFINS (lucro presumido): the ICMS only — 1.000,00 − 180,00 = R$ 820,00, R$ 205,00 a unit
    await regime(3, false);
    const cumulative = await preview(xml, decisions);
    expect(cumulative.items[0]).toMatchObject({
      credits: { icms: 180, pis: 0, cofins: 0 },
      entryCost: 820,
      unitCost: 205,
    });
    expect(cumulative.costs.notes).toEqual([C.creditsIcmsOnly(18_000)]);

    // Non-cumulative (lucro real): base 1.000,00 − 180,00 (ICMS out, Lei 14.592/2023) = 820,00; PIS 1,65 % = 13,53;
    // COFINS 7,6 % = 62,32. Cost 1.000,00 − 180,00 − 13,53 − 62,32 = R$ 744,15; ÷ 4 = 186,0375 → R$ 186,04, one
    // cent over: 3 × 186,04 + 1 × 186,03 = 744,15.
    await regime(3, true);
    const seen = await preview(xml, decisions);
    expect(seen.ready, seen.problems.join('\n')).toBe(true);
    expect(seen.items[0]).toMatchObject({
      credits: { icms: 180, pis: 13.53, cofins: 62.32 },
      entryCost: 744.15,
      unitCost: 186.04,
      unitCosts: [
        { units: 3, cost: 186.04 },
        { units: 1, cost: 186.03 },
      ],
    });
    expect(seen.costs).toMatchObject({
      crt: 3,
      pisCofinsNonCumulative: true,
      credits: { icms: 180, pis: 13.53, cofins: 62.32, total: 255.85 },
      entryCost: 744.15,
      payable: 1000,
    });
    expect(seen.costs.notes).toEqual([C.credits(18_000, 1_353, 6_232)]);

    const entry = await confirm(xml, decisions);
    expect(entry.costs.credits).toEqual({ icms: 180, pis: 13.53, cofins: 62.32, total: 255.85 });
    expect(entry.items[0]).toMatchObject({
      credits: { icms: 180, pis: 13.53, cofins: 62.32 },
      entryCost: 744.15,
      centUnits: -1,
    });
    expect(await ledgerValue(entry.id)).toBe(74_415);
    // The bill is the note's: credits are the tax office's, not the supplier's
    expect(await bills(entry.id)).toEqual([100_000]);
    // (3 × 18.604 + 18.603) ÷ 4 = 18.603,75 → R$ 186,04
    expect((await productNow(t, headset.id)).cost_cents).toBe(18_604);
  });

  it("the per-unit rounding's cents stay in the entry: the ledger adds up to the note's goods to the cent", async () => {
    await regime(1);
    const [a, b, c] = [await product('Película A'), await product('Cabo B'), await product('Capa C')];
    // 9,99 + 0,01 freight = 10,00 ÷ 3 = 3,333 → 3,33 (+1 cent): before, 3 × 3,33 = 9,99.
    // 7,00 + 0,05 = 7,05 ÷ 7 = 1,0071 → 1,01 (−2 cents): before, 7 × 1,01 = 7,07.
    // 400,00 + 1,98 = 401,98 ÷ 50 = 8,0396 → 8,04 (−2 cents): before, 50 × 8,04 = 402,00.
    // The note's goods: 10,00 + 7,05 + 401,98 = R$ 419,03; before: 9,99 + 7,07 + 402,00 = R$ 419,06 (+R$ 0,03).
    const xml = note({
      number: 7104,
      items: [
        { code: 'PEL-A', name: 'Película A', qty: 3, unitValue: '3.33', freight: '0.01' },
        { code: 'CABO-B', name: 'Cabo B', qty: 7, unitValue: '1.00', freight: '0.05' },
        { code: 'CAPA-C', name: 'Capa C', qty: 50, unitValue: '8.00', freight: '1.98' },
      ],
    });
    const decisions = {
      items: [
        { line: 1, productId: a.id },
        { line: 2, productId: b.id },
        { line: 3, productId: c.id },
      ],
    };
    const seen = await preview(xml, decisions);
    expect(seen.items.map((i) => i.unitCostsText)).toEqual([
      '2 × R$ 3,33 + 1 × R$ 3,34 = R$ 10,00',
      '5 × R$ 1,01 + 2 × R$ 1,00 = R$ 7,05',
      '48 × R$ 8,04 + 2 × R$ 8,03 = R$ 401,98',
    ]);
    expect(seen.costs.entryCost).toBe(419.03);
    const entry = await confirm(xml, decisions);
    expect(entry.items.map((i) => [i.unitCost, i.centUnits])).toEqual([
      [3.33, 1],
      [1.01, -2],
      [8.04, -2],
    ]);
    expect(await ledgerValue(entry.id)).toBe(41_903);
  });
});
