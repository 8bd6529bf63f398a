import { describe, expect, it } from 'vitest';
import { hasTwoDecimals, parseDecimal, percentageFor, priceFor, toField } from './pricing';

describe('product pricing (section 4)', () => {
  it('derives gold and silver prices as cost plus percent of cost', () => {
    expect(priceFor(10, 20)).toBe(12);
    expect(priceFor(19.9, 35)).toBe(26.87);
    expect(priceFor(0, 50)).toBe(0);
  });

  it('derives the percentage of a price over the cost, and 0 without a cost', () => {
    expect(percentageFor(10, 15)).toBe(50);
    expect(percentageFor(20, 26)).toBe(30);
    expect(percentageFor(3, 4)).toBe(33.33);
    expect(percentageFor(0, 10)).toBe(0);
  });

  it('reads what people type, with a comma or a dot', () => {
    expect(parseDecimal('12,5')).toBe(12.5);
    expect(parseDecimal('1.234,56')).toBe(1234.56);
    expect(parseDecimal(' 7 ')).toBe(7);
    expect(parseDecimal('abc')).toBeNaN();
    expect(parseDecimal('')).toBeNaN();
    expect(toField(12.345)).toBe('12.35');
    expect(hasTwoDecimals(10.12)).toBe(true);
    expect(hasTwoDecimals(10.123)).toBe(false);
  });
});
