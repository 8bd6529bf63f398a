import { describe, expect, it } from 'vitest';
import { emptyProductForm, formToBody, productFormSchema, stockEntryFormSchema } from '../schemas';
import { tierPercentage, tierPrice, toField } from './pricing';

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
    // To the sixth decimal, so the price typed comes back to the cent (issue 54): 1,00 / 3,00 = 33,333333 %, and
    // 3,00 + 33,333333 % = 3,99999999 → R$ 4,00. (Two decimals gave 66,67 % for 300,00 over 180,00: R$ 300,01.)
    expect(tierPercentage(3, 4)).toBe(33.333333);
    expect(tierPercentage(0, 10)).toBe(0);
    // 12 / 128 = 9,375 % exactly, kept whole (the float formula gave 9,37).
    expect(tierPercentage(1.28, 1.4)).toBe(9.375);
  });

  it("reads typed numbers as the contract's one reader does: '1.299' is 1299, '1.234,56' is 1234.56", () => {
    const typed = {
      ...emptyProductForm,
      name: 'Capa',
      brand: 'Apple',
      cost: '1.299',
      sellPrice: '1.234,56',
      goldPercentage: '12,5',
      silverPercentage: '10',
      bronzePercentage: '0',
      stock: '1.500',
    };
    // the form takes them (a cost of 1,299 reais with three decimals was refused) and sends what was meant
    expect(productFormSchema.shape.cost.safeParse(typed.cost).success).toBe(true);
    const body = formToBody(typed);
    expect(body.cost).toBe(1299);
    expect(body.sellPrice).toBe(1234.56);
    expect(body.discount).toEqual({ goldPercentage: 12.5, silverPercentage: 10, bronzePercentage: 0 });
    expect(body.stock).toBe(1500);
    expect(toField(12.345)).toBe('12.35');
  });

  it('takes a price above zero with at most two decimals (the contract rule), with the spec messages', () => {
    const messages = (schema: typeof productFormSchema.shape.cost, value: string) =>
      schema.safeParse(value).error?.issues.map((issue) => issue.message) ?? [];
    const { cost, sellPrice } = productFormSchema.shape;
    expect(messages(cost, '10.12')).toEqual([]);
    expect(messages(cost, '10,123')).toEqual(['Informe um valor com no máximo duas casas decimais.']);
    expect(messages(cost, '0')).toEqual(['Informe o preço do produto']);
    expect(messages(cost, '0.00')).toEqual(['Informe o preço do produto']);
    expect(messages(cost, '')).toEqual(['Informe o preço do produto']);
    expect(messages(sellPrice, '0')).toEqual(['Informe o preço de venda']);
    expect(messages(sellPrice, '-1')).toEqual(['O preço não pode ser negativo.']); // issue 35: not 'Informe…'
    expect(messages(sellPrice, '0.001')).toEqual(['Informe um valor com no máximo duas casas decimais.']);
    expect(messages(sellPrice, '1000001')).toEqual(['O valor máximo é R$ 1.000.000,00.']);
    expect(messages(stockEntryFormSchema.shape.cost, '0')).toEqual(['Informe o preço do produto']);
    expect(messages(stockEntryFormSchema.shape.cost, '5,555')).toEqual([
      'Informe um valor com no máximo duas casas decimais.',
    ]);
  });
});
