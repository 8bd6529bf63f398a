import { describe, expect, it } from 'vitest';
import { centsToReais, formatBRL, percentageFromPrice, priceFromPercentage, reaisToCents } from './money';

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
