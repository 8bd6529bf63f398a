import { describe, expect, it } from 'vitest';
import { shownFor, TYPED_MONEY } from '../../test/typed-numbers';
import { productFormSchema } from './schemas';

const shown = (field: 'cost' | 'goldPercentage' | 'stock', typed: string) =>
  shownFor(productFormSchema.shape[field], typed);

// Issue 37, item 3: what a Brazilian types in the product form's numbers, and the message a bad one gets.
describe("the product form's numbers: what each typing means to the form", () => {
  it.each([
    ...TYPED_MONEY.map((typed) => [typed, 'ok']),
    ['-0,00', 'Informe o preço do produto'],
    ['1.2.3', 'Informe o preço do produto'],
    ['', 'Informe o preço do produto'],
    ['abc', 'Informe o preço do produto'],
    ['-5', 'O preço não pode ser negativo.'],
    ['1,999', 'Informe um valor com no máximo duas casas decimais.'],
  ])("'Preço de custo' typed %j: %s", (typed, message) => {
    expect(shown('cost', typed)).toBe(message);
  });

  it.each([
    ['1,5', 'ok'],
    [' 10 ', 'ok'],
    ['-0,00', 'ok'],
    ['1.234,56', 'Informe o percentual de 0 a 100'],
    ['1.2.3', 'Informe o percentual de 0 a 100'],
    ['', 'Informe o percentual de 0 a 100'],
    ['-5', 'Informe o percentual de 0 a 100'],
  ])('a level percentage typed %j: %s', (typed, message) => {
    expect(shown('goldPercentage', typed)).toBe(message);
  });

  it.each([
    ['1.299', 'ok'],
    [' 10 ', 'ok'],
    ['-0,00', 'ok'],
    ['1,5', 'Informe a quantidade em unidades inteiras.'],
    ['1.234,56', 'Informe a quantidade em unidades inteiras.'],
    ['-5', 'A quantidade não pode ser negativa.'],
    ['1.2.3', 'Informe a quantidade do produto em estoque'],
    ['', 'Informe a quantidade do produto em estoque'],
  ])("'Estoque' typed %j: %s", (typed, message) => {
    expect(shown('stock', typed)).toBe(message);
  });
});
