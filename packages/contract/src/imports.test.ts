import { describe, expect, it } from 'vitest';
import { matchColumns, normalizeHeader, parseBrazilianDate, parseBrazilianNumber, parseYesNo } from './imports';

describe('spreadsheet import: reading cells and headers', () => {
  it('reads numbers as a Brazilian spreadsheet writes them', () => {
    expect(parseBrazilianNumber('1.299,90')).toBe(1299.9);
    expect(parseBrazilianNumber('1299,90')).toBe(1299.9);
    expect(parseBrazilianNumber('R$ 12,50')).toBe(12.5);
    expect(parseBrazilianNumber('15%')).toBe(15);
    expect(parseBrazilianNumber('19.90')).toBe(19.9);
    expect(parseBrazilianNumber('1.299')).toBe(1299);
    expect(parseBrazilianNumber('1.234.567,89')).toBe(1234567.89);
    expect(parseBrazilianNumber('-3,5')).toBe(-3.5);
    for (const bad of ['abc', '1,2,3', '12a', '1.29,90', '']) expect(parseBrazilianNumber(bad)).toBeNaN();
  });

  it('reads Sim/Não and DD/MM/YYYY', () => {
    expect(parseYesNo('Sim')).toBe(true);
    expect(parseYesNo('NÃO')).toBe(false);
    expect(parseYesNo('x')).toBe(true);
    expect(parseYesNo('talvez')).toBeUndefined();
    expect(parseBrazilianDate('05/03/2026')).toBe('2026-03-05');
    expect(parseBrazilianDate('31/02/2026')).toBeUndefined();
  });

  it('matches headers without accents, case or punctuation, and by the mapping', () => {
    expect(normalizeHeader('  Preço de VENDA ')).toBe('preco de venda');
    expect(matchColumns('products', ['CODIGO', 'preço de venda', 'Qtd', 'Item', 'Nome'])).toEqual([
      'code',
      'sellPrice',
      'stock',
      null,
      'name',
    ]);
    // A mapping wins; a column already filled is not filled twice; '' leaves a column out.
    expect(matchColumns('products', ['Item', 'Nome', 'Marca'], { Item: 'name', Marca: '' })).toEqual([
      'name',
      null,
      null,
    ]);
    expect(matchColumns('customers', ['CPF', 'e-mail', 'Garantia (%)'])).toEqual([
      'document',
      'email',
      'warrantyPercentage',
    ]);
  });
});
