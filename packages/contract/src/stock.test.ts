import { describe, expect, it } from 'vitest';
import { averageCostCents } from './stock';

describe('averageCostCents (custo médio, decision 0046)', () => {
  it('averages the units in stock and the units arriving, each at its cost', () => {
    // Issue 39: 5 at R$ 3.100,00 + 10 at R$ 3.215,80 = 15.500,00 + 32.158,00 = 47.658,00; ÷ 15 = R$ 3.177,20.
    expect(averageCostCents(5, 310_000, 10, 321_580)).toBe(317_720);
    // 10 at R$ 2.700,10 + 3 at R$ 2.750,00 = 27.001,00 + 8.250,00 = 35.251,00; ÷ 13 = 2.711,6153… → R$ 2.711,62.
    expect(averageCostCents(10, 270_010, 3, 275_000)).toBe(271_162);
  });

  it('rounds half up to the cent', () => {
    // 1 at R$ 0,01 + 1 at R$ 0,02 = R$ 0,03 ÷ 2 = 1,5 cents → 2 cents.
    expect(averageCostCents(1, 1, 1, 2)).toBe(2);
    // 2 at R$ 0,01 + 1 at R$ 0,02 = 4 cents ÷ 3 = 1,33… → 1 cent.
    expect(averageCostCents(2, 1, 1, 2)).toBe(1);
    // 1 at R$ 0,01 + 2 at R$ 0,02 = 5 cents ÷ 3 = 1,66… → 2 cents.
    expect(averageCostCents(1, 1, 2, 2)).toBe(2);
  });

  it("takes the entry's cost when there was no stock, and keeps the cost when nothing arrives", () => {
    expect(averageCostCents(0, 270_010, 3, 275_000)).toBe(275_000);
    // Sold ahead of the entry (stock −2): those units carry no cost, the entry's cost is the cost.
    expect(averageCostCents(-2, 270_010, 3, 275_000)).toBe(275_000);
    expect(averageCostCents(10, 270_010, 0, 275_000)).toBe(270_010);
  });

  it('is exact for large amounts', () => {
    // 900.000 at R$ 99.999,99 + 100.000 at R$ 0,01: (900.000 × 9.999.999 + 100.000 × 1) ÷ 1.000.000 cents
    // = (8.999.999.100.000 + 100.000) ÷ 1.000.000 = 8.999.999,2 → 8.999.999 cents.
    expect(averageCostCents(900_000, 9_999_999, 100_000, 1)).toBe(8_999_999);
  });
});
