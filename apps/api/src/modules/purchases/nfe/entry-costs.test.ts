import { describe, expect, it } from 'vitest';
import { creditsOf, noteEntryCosts } from './entry-costs';
import { splitUnitCost } from './item-cost';
import type { NfeItem } from './nfe-document';

/** An item of R$ 1.000,00 (vProd), CST 00 with R$ 180,00 of ICMS, PIS CST 01, unless told. */
const item = (over: Partial<NfeItem> = {}): NfeItem => ({
  itemNumber: 1,
  supplierCode: 'X',
  name: 'Item',
  gtin: null,
  ncm: null,
  cest: null,
  cfop: '5102',
  unit: 'UN',
  quantity: '1',
  unitValue: '1000.00',
  productCents: 100_000,
  freightCents: 0,
  insuranceCents: 0,
  discountCents: 0,
  otherCents: 0,
  ipiCents: 0,
  icmsStCents: 0,
  fcpStCents: 0,
  ipiDevolCents: 0,
  totalCostCents: 100_000,
  icms: { code: '00', amountCents: 18_000, simplesCreditCents: 0 },
  pisCst: '01',
  imeis: [],
  ...over,
});

describe("a note's costs (decision 0089)", () => {
  it('splits a line so units × cost + the cents add up: 1.000 ÷ 3 → 333 +1; 40.198 ÷ 50 → 804 −2; 705 ÷ 7 → 101 −2', () => {
    expect(splitUnitCost(1_000, 3)).toEqual({ unitCostCents: 333, centUnits: 1 });
    expect(splitUnitCost(40_198, 50)).toEqual({ unitCostCents: 804, centUnits: -2 });
    expect(splitUnitCost(705, 7)).toEqual({ unitCostCents: 101, centUnits: -2 });
    expect(splitUnitCost(600, 1)).toEqual({ unitCostCents: 600, centUnits: 0 });
  });

  it('credits only in Regime Normal; none of the ICMS under ICMS-ST; the Simples credit of CSOSN 101', () => {
    const normal = { crt: 3, pisCofinsNonCumulative: false };
    expect(creditsOf(item(), { crt: 1, pisCofinsNonCumulative: true })).toEqual({ icms: 0, pis: 0, cofins: 0 });
    expect(creditsOf(item(), normal)).toEqual({ icms: 18_000, pis: 0, cofins: 0 });
    expect(
      creditsOf(item({ icmsStCents: 5_000, icms: { code: '10', amountCents: 18_000, simplesCreditCents: 0 } }), normal)
        .icms,
    ).toBe(0);
    expect(creditsOf(item({ icms: { code: '101', amountCents: 0, simplesCreditCents: 1_250 } }), normal).icms).toBe(
      1_250,
    );
    expect(creditsOf(item({ icms: { code: '40', amountCents: 0, simplesCreditCents: 0 } }), normal).icms).toBe(0);
    // Non-cumulative: (1.000,00 − 180,00) × 1,65 % = 13,53; × 7,6 % = 62,32. PIS CST 04 (monophasic): none.
    const real = { crt: 3, pisCofinsNonCumulative: true };
    expect(creditsOf(item(), real)).toEqual({ icms: 18_000, pis: 1_353, cofins: 6_232 });
    expect(creditsOf(item({ pisCst: '04' }), real)).toEqual({ icms: 18_000, pis: 0, cofins: 0 });
    // A bonus item keeps its ICMS credit, no PIS/COFINS (nothing paid)
    expect(creditsOf(item({ cfop: '6910' }), real)).toEqual({ icms: 18_000, pis: 0, cofins: 0 });
  });

  it('SHARE spreads what was paid over every item by its own cost, the cent on the last; ZERO leaves the bonus at 0', () => {
    const simples = { crt: 1, pisCofinsNonCumulative: false };
    const items = [
      item({ totalCostCents: 20_000 }),
      item({ itemNumber: 2, cfop: '5910', totalCostCents: 10_000 }),
      item({ itemNumber: 3, cfop: '5911', totalCostCents: 0 }),
    ];
    // 20.000 × 20.000 ÷ 30.000 = 13.333,3 → 13.333; 20.000 × 10.000 ÷ 30.000 = 6.666,6 → 6.666; the cent on item 2
    const shared = noteEntryCosts(items, simples, undefined);
    expect(shared.items.map((i) => i.entryCostCents)).toEqual([13_333, 6_667, 0]);
    expect(shared).toMatchObject({ bonusItems: 2, bonusCents: 10_000, bonusCost: 'SHARE', entryCostCents: 20_000 });
    const zero = noteEntryCosts(items, simples, 'ZERO');
    expect(zero.items.map((i) => i.entryCostCents)).toEqual([20_000, 0, 0]);
    expect(noteEntryCosts([item()], simples, undefined).bonusCost).toBeNull();
  });
});
