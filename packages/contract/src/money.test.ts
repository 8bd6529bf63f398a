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

  it('turns a price back into its percentage with two decimals', () => {
    expect(percentageFromPrice(330, 380)).toBe(15.15);
    expect(percentageFromPrice(1000, 1250)).toBe(25);
    expect(percentageFromPrice(0, 500)).toBe(0);
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
