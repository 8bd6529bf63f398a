import { describe, expect, it } from 'vitest';
import {
  centsToReais,
  divideHalfUp,
  formatBRL,
  percentageFromPrice,
  priceFromPercentage,
  reaisToCents,
  roundReais,
  splitCents,
} from './money';

describe('money', () => {
  it('prices a tier exactly to the cent, rounding half up', () => {
    expect(priceFromPercentage(330, 15)).toBe(380); // R$ 3,30 + 15 % = R$ 3,795 → R$ 3,80 (not 3,79)
    expect(priceFromPercentage(1999, 12.5)).toBe(2249); // 22,48875 → 22,49
    expect(priceFromPercentage(100, 0)).toBe(100);
    expect(priceFromPercentage(1, 50)).toBe(2);
    expect(priceFromPercentage(129_990, 100)).toBe(259_980);
  });

  it('turns a price back into its percentage to the sixth decimal', () => {
    expect(percentageFromPrice(330, 380)).toBe(15.151515); // 50 / 330 = 15,1515… %
    expect(percentageFromPrice(1000, 1250)).toBe(25);
    expect(percentageFromPrice(0, 500)).toBe(0);
  });

  it('gives back the typed price to the cent: cost R$ 180,00, Preço ouro R$ 300,00 is 66,666667 %, not 66,67 % (R$ 300,01) (issue 54)', () => {
    // 120 / 180 = 2/3 = 66,6666…% → 66,666667; 18000 × 1,66666667 = 30000,00006 → 30000 cents.
    expect(percentageFromPrice(18_000, 30_000)).toBe(66.666667);
    expect(priceFromPercentage(18_000, percentageFromPrice(18_000, 30_000))).toBe(30_000);
    // Every cost from R$ 150,00 to R$ 300,00 (0 % to 100 % over it) brings R$ 300,00 back.
    for (let cost = 15_000; cost <= 30_000; cost++)
      expect(priceFromPercentage(cost, percentageFromPrice(cost, 30_000)), `cost ${cost}`).toBe(30_000);
    // Near the price limit (R$ 999.999,99 of cost) the sixth decimal still brings the cent back.
    expect(priceFromPercentage(99_999_999, percentageFromPrice(99_999_999, 199_999_997))).toBe(199_999_997);
  });

  it('converts between reais and cents without floating-point drift', () => {
    expect(reaisToCents(19.99)).toBe(1999);
    expect(reaisToCents(0.1 + 0.2)).toBe(30);
    expect(centsToReais(123456)).toBe(1234.56);
  });

  it('formats Brazilian reais with two decimals', () => {
    expect(formatBRL(1234.5)).toBe('R$ 1.234,50');
    expect(formatBRL(0)).toBe('R$ 0,00');
  });
});

describe('divideHalfUp', () => {
  it('divides whole numbers, rounding half up, exactly', () => {
    expect(divideHalfUp(5, 2)).toBe(3); // 2,5 → 3
    expect(divideHalfUp(7, 3)).toBe(2); // 2,333… → 2
    expect(divideHalfUp(8, 3)).toBe(3); // 2,666… → 3
    expect(divideHalfUp(6, 3)).toBe(2);
    expect(divideHalfUp(0, 7)).toBe(0);
    expect(divideHalfUp(1, 3)).toBe(0); // 0,333… → 0
    expect(divideHalfUp(3, 6)).toBe(1); // 0,5 → 1
    // 32.158,02 ÷ 10 = 3.215,802 → 3.215,80; 401,98 ÷ 50 = 8,0396 → 8,04 (cents).
    expect(divideHalfUp(3_215_802, 10)).toBe(321_580);
    expect(divideHalfUp(40_198, 50)).toBe(804);
  });

  it('takes bigints beyond 2^53 on the way (a fine of 2 % of R$ 2.000,00; 10 days of 1 % a month on it)', () => {
    expect(divideHalfUp(200_000n * 200n, 10_000)).toBe(4_000); // R$ 40,00
    expect(divideHalfUp(200_000n * 100n * 10n, 300_000n)).toBe(667); // 666,66… → R$ 6,67
    expect(divideHalfUp(2n ** 60n + 1n, 2n ** 60n)).toBe(1);
  });

  it('rounds a negative numerator half away from zero', () => {
    expect(divideHalfUp(-5, 2)).toBe(-3); // −2,5 → −3
    expect(divideHalfUp(-7, 3)).toBe(-2); // −2,333… → −2
    expect(divideHalfUp(-8, 3)).toBe(-3);
  });

  it('refuses a denominator of zero or below, and a number that is not whole', () => {
    expect(() => divideHalfUp(1, 0)).toThrow(RangeError);
    expect(() => divideHalfUp(1, -2)).toThrow(RangeError);
    expect(() => divideHalfUp(1.5, 2)).toThrow(RangeError);
  });
});

describe('splitCents', () => {
  it("in equal parts, the cents left over on the last ('last'): R$ 100,00 in 3 = 33,33 + 33,33 + 33,34", () => {
    expect(splitCents(10_000, 3, 'last')).toEqual([3_333, 3_333, 3_334]);
    expect(splitCents(10_001, 2, 'last')).toEqual([5_000, 5_001]);
    expect(splitCents(10_000, 1, 'last')).toEqual([10_000]);
    expect(splitCents(2, 3, 'last')).toEqual([0, 0, 2]);
  });

  it("in equal parts, the cents left over on the first ('first'): R$ 4.967,77 in 3 = 1.655,93 + 1.655,92 + 1.655,92", () => {
    expect(splitCents(496_777, 3, 'first')).toEqual([165_593, 165_592, 165_592]);
    expect(splitCents(10_000, 3, 'first')).toEqual([3_334, 3_333, 3_333]);
    expect(splitCents(100, 4, 'first')).toEqual([25, 25, 25, 25]);
  });

  it("by weights, the cents left over on the last ('last'): R$ 10,00 over 100, 200 and 300 = 1,66 + 3,33 + 5,01", () => {
    // 1000 × 1/6 = 166,6… → 166; × 2/6 = 333,3… → 333; × 3/6 = 500; 1 cent left → the last.
    expect(splitCents(1_000, [10_000, 20_000, 30_000], 'last')).toEqual([166, 333, 501]);
    expect(splitCents(0, [1, 2], 'last')).toEqual([0, 0]);
  });

  it("by weights, the cents left over on the largest weight ('largest'), the first of them on a tie", () => {
    // R$ 0,10 over 100, 200, 300: 1,66… → 1; 3,33… → 3; 5 → 5; 1 cent left → the 300.
    expect(splitCents(10, [100, 200, 300], 'largest')).toEqual([1, 3, 6]);
    // 1 cent over two equal weights: 0 + 0, the cent on the first of the two largest.
    expect(splitCents(1, [100, 100], 'largest')).toEqual([1, 0]);
    // R$ 1,00 over 100, 300, 300 (of 700): 14,28… → 14; 42,85… → 42; 42; 2 cents left → the first 300.
    expect(splitCents(100, [100, 300, 300], 'largest')).toEqual([14, 44, 42]);
  });

  it('every weight zero: the whole on the share the remainder goes to; no weights: nothing', () => {
    expect(splitCents(500, [0, 0, 0], 'largest')).toEqual([500, 0, 0]);
    expect(splitCents(500, [0, 0, 0], 'first')).toEqual([500, 0, 0]);
    expect(splitCents(500, [0, 0, 0], 'last')).toEqual([0, 0, 500]);
    expect(splitCents(500, [], 'last')).toEqual([]);
    expect(splitCents(500, 0, 'first')).toEqual([]);
  });

  it('always adds up to the total', () => {
    for (const remainder of ['first', 'last', 'largest'] as const)
      for (let total = 0; total <= 250; total += 7)
        expect(splitCents(total, [3, 1, 4, 1, 5], remainder).reduce((a, b) => a + b, 0)).toBe(total);
  });
});

describe('roundReais', () => {
  it('rounds reais to the cent as reais (Math.round of the cents)', () => {
    expect(roundReais(12.3456)).toBe(12.35);
    expect(roundReais(0.1 + 0.2)).toBe(0.3);
    expect(roundReais(3 * 19.99)).toBe(59.97); // 59.97000000000001
    expect(roundReais(50 - 49.9)).toBe(0.1); // 0.10000000000000142
    expect(roundReais(-1.005)).toBe(-1); // −100,49999… cents → −100
  });
});
