import { describe, expect, it } from 'vitest';
import { productFormSchema, stockEntryFormSchema } from '../schemas';
import { parseDecimal, tierPercentage, tierPrice, toField } from './pricing';

describe('product pricing (section 4)', () => {
  it('derives gold and silver prices as cost plus percent of cost', () => {
    expect(tierPrice(10, 20)).toBe(12);
    expect(tierPrice(19.9, 35)).toBe(26.87);
    expect(tierPrice(0, 50)).toBe(0);
    // exact, half up, as the server prices it (the float formula gave R$ 3,79)
    expect(tierPrice(3.3, 15)).toBe(3.8);
  });

  it('derives the percentage of a price over the cost, and 0 without a cost', () => {
    expect(tierPercentage(10, 15)).toBe(50);
    expect(tierPercentage(20, 26)).toBe(30);
    expect(tierPercentage(3, 4)).toBe(33.33);
    expect(tierPercentage(0, 10)).toBe(0);
    // 12 / 128 = 9.375 % → 9.38 (the float formula gave 9.37)
    expect(tierPercentage(1.28, 1.4)).toBe(9.38);
  });

  it('reads what people type, with a comma or a dot', () => {
    expect(parseDecimal('12,5')).toBe(12.5);
    expect(parseDecimal('1.234,56')).toBe(1234.56);
    expect(parseDecimal(' 7 ')).toBe(7);
    expect(parseDecimal('abc')).toBeNaN();
    expect(parseDecimal('')).toBeNaN();
    expect(toField(12.345)).toBe('12.35');
  });

  it('takes a price above zero with at most two decimals (the contract rule), with the spec messages', () => {
    const messages = (schema: typeof productFormSchema.shape.cost, value: string) =>
      schema.safeParse(value).error?.issues.map((issue) => issue.message) ?? [];
    const { cost, sellPrice } = productFormSchema.shape;
    expect(messages(cost, '10.12')).toEqual([]);
    expect(messages(cost, '10.123')).toEqual(['Informe um valor com no máximo duas casas decimais.']);
    expect(messages(cost, '0')).toEqual(['Informe o preço do produto']);
    expect(messages(cost, '0.00')).toEqual(['Informe o preço do produto']);
    expect(messages(cost, '')).toEqual(['Informe o preço do produto']);
    expect(messages(sellPrice, '0')).toEqual(['Informe o preço de venda']);
    expect(messages(sellPrice, '-1')).toEqual(['O preço não pode ser negativo.']); // issue 35: not 'Informe…'
    expect(messages(sellPrice, '0.001')).toEqual(['Informe um valor com no máximo duas casas decimais.']);
    expect(messages(sellPrice, '1000001')).toEqual(['O valor máximo é R$ 1.000.000,00.']);
    expect(messages(stockEntryFormSchema.shape.cost, '0')).toEqual(['Informe o preço do produto']);
    expect(messages(stockEntryFormSchema.shape.cost, '5.555')).toEqual([
      'Informe um valor com no máximo duas casas decimais.',
    ]);
  });
});
