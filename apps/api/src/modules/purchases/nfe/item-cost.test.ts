import { describe, expect, it } from 'vitest';
import { itemTotalCostCents, quantityInUnits, unitCostCents } from './item-cost';

describe('what an NF-e item cost the shop (issue 39 §2)', () => {
  it("the worked example's unit costs: (32.000,00 + 158,02) ÷ 10 = R$ 3.215,80; (400,00 + 1,98) ÷ 50 = R$ 8,04", () => {
    // 3.215.802 cents ÷ 10 = 321.580,2 → 321.580; 40.198 ÷ 50 = 803,96 → 804
    expect(unitCostCents(3_215_802, 10)).toBe(321_580);
    expect(unitCostCents(40_198, 50)).toBe(804);
  });

  it('rounds half up, exactly: 5 ÷ 2 = 2,5 → 3; 15 ÷ 2 = 7,5 → 8; 7 ÷ 3 = 2,33 → 2; a negative total half away from zero', () => {
    expect(unitCostCents(5, 2)).toBe(3);
    expect(unitCostCents(15, 2)).toBe(8);
    expect(unitCostCents(7, 3)).toBe(2);
    expect(unitCostCents(-5, 2)).toBe(-3);
    // 9.007.199.254.740.991 cents ÷ 2 = …495,5 → …496, without a binary fraction on the way
    expect(unitCostCents(Number.MAX_SAFE_INTEGER, 2)).toBe(4_503_599_627_370_496);
  });

  it('refuses zero, negative or fractional units', () => {
    expect(() => unitCostCents(100, 0)).toThrow(RangeError);
    expect(() => unitCostCents(100, -1)).toThrow(RangeError);
    expect(() => unitCostCents(100, 1.5)).toThrow(RangeError);
  });

  it('adds vProd + vFrete + vSeg + vOutro − vDesc + vIPI + vICMSST', () => {
    // 1.000,00 + 0 + 2,50 + 5,00 − 20,00 + 150,00 + 87,30 = 1.224,80
    expect(
      itemTotalCostCents({
        productCents: 100_000,
        freightCents: 0,
        insuranceCents: 250,
        otherCents: 500,
        discountCents: 2_000,
        ipiCents: 15_000,
        icmsStCents: 8_730,
      }),
    ).toBe(122_480);
  });

  it("converts the note's quantity to the product's units by the factor: 5 boxes of 10 are 50 units; 2,5 boxes of 3 are not whole", () => {
    expect(quantityInUnits('5.0000', 10)).toBe(50);
    expect(quantityInUnits('5', 10)).toBe(50);
    expect(quantityInUnits('2.5000', 2)).toBe(5);
    expect(quantityInUnits('2.5000', 3)).toBeNull();
    expect(quantityInUnits('1.2345', 10_000)).toBe(12_345);
    expect(quantityInUnits('abc', 10)).toBeNull();
    expect(quantityInUnits('5', 0)).toBeNull();
  });
});
