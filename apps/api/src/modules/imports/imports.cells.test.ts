import { PRODUCT_IMPORT_COLUMNS } from '@backoffice/contract';
import { describe, expect, it } from 'vitest';
import { readCell } from './imports.cells';

const column = (key: string) => {
  const found = PRODUCT_IMPORT_COLUMNS.find((c) => c.key === key);
  if (!found) throw new Error(`no column ${key}`);
  return found;
};

// Issue 37, item 3: what a Brazilian types in a spreadsheet's number cell, and the message a bad one gets.
describe("a spreadsheet's number cell: what each typing means", () => {
  it.each([
    ['1.234,56', { value: 1234.56 }],
    ['1234,56', { value: 1234.56 }],
    ['1.299', { value: 1299 }],
    ['1,5', { value: 1.5 }],
    ['R$ 10', { value: 10 }],
    [' 10 ', { value: 10 }],
    ['-0,00', { value: 0 }],
    ['', { empty: true }],
    ['1.2.3', { error: 'Número inválido: "1.2.3" (use por exemplo 1.299,90).' }],
    ['1.29,90', { error: 'Número inválido: "1.29,90" (use por exemplo 1.299,90).' }],
    [' 12a ', { error: 'Número inválido: "12a" (use por exemplo 1.299,90).' }],
  ])("'Preço de compra' %j reads as %j", (typed, reading) => {
    expect(readCell(column('cost'), typed)).toEqual(reading);
  });

  it('a quantity cell says the same for a bad number', () => {
    expect(readCell(column('stock'), '1.2.3')).toEqual({
      error: 'Número inválido: "1.2.3" (use por exemplo 1.299,90).',
    });
  });
});
