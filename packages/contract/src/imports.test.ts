import { describe, expect, it } from 'vitest';
import {
  controlCharacterIn,
  IMPORT_COLUMNS,
  IMPORT_KINDS,
  matchColumns,
  normalizeHeader,
  parseBrazilianDate,
  parseBrazilianNumber,
  parseYesNo,
} from './imports';

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
    expect(normalizeHeader('  Preço de VENDA ')).toBe('precodevenda');
    expect(normalizeHeader('PrecoDeVenda')).toBe(normalizeHeader('preço_de_venda'));
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

  it('gives each name (header or alias) to one column only', () => {
    for (const kind of IMPORT_KINDS) {
      const owner = new Map<string, string>();
      for (const column of IMPORT_COLUMNS[kind]) {
        for (const name of [column.key, column.header, ...column.aliases]) {
          const key = normalizeHeader(name);
          expect(owner.get(key) ?? column.key, `${kind}: ${name}`).toBe(column.key);
          owner.set(key, column.key);
        }
      }
    }
  });

  it('finds a control character in a cell, but not a tab or a line break', () => {
    expect(controlCharacterIn('Capinha\u0000')).toBe('U+0000');
    expect(controlCharacterIn('a\u007fb')).toBe('U+007F');
    expect(controlCharacterIn('\ud800x')).toBe('U+D800');
    expect(controlCharacterIn('Linha 1\r\nLinha 2\tfim 😀 çã')).toBeUndefined();
  });
});
