import { CSV_INJECTION_PAYLOADS, parseCsv } from '@backoffice/contract/csv-injection-payloads';
import { describe, expect, it } from 'vitest';
import { csvCell, csvLine, csvMoney, csvNumber, csvText } from './csv';

describe('csvCell: a cell that cannot attack the reader', () => {
  it('puts a quote mark before a text starting with =, +, -, @, tab or carriage return', () => {
    expect(csvCell('=1+1')).toBe("'=1+1");
    expect(csvCell('+1+1')).toBe("'+1+1");
    expect(csvCell("-2+3+cmd|' /C calc'!A0")).toBe("'-2+3+cmd|' /C calc'!A0");
    expect(csvCell('@SUM(1+9)')).toBe("'@SUM(1+9)");
    expect(csvCell('\t=1+1')).toBe("'\t=1+1");
    // the carriage return also forces quotes
    expect(csvCell('\r=1+1')).toBe('"\'\r=1+1"');
  });

  it('lets a plain number in the export format pass unchanged: -12,50, 1299,90, -3', () => {
    expect(csvCell('-12,50')).toBe('-12,50');
    expect(csvCell('1299,90')).toBe('1299,90');
    expect(csvCell('-3')).toBe('-3');
    expect(csvCell(-3)).toBe('-3');
    expect(csvCell(-12.5)).toBe('-12,5');
  });

  it('quotes what only looks like a number: -12,50x, a lone -, -1.234,56, -12.50, -1e5, -,5', () => {
    expect(csvCell('-12,50x')).toBe("'-12,50x");
    expect(csvCell('-')).toBe("'-");
    expect(csvCell('-1.234,56')).toBe("'-1.234,56");
    expect(csvCell('-12.50')).toBe("'-12.50");
    expect(csvCell('-1e5')).toBe("'-1e5");
    expect(csvCell('-,5')).toBe("'-,5");
    expect(csvCell('+5')).toBe("'+5");
  });

  it('leaves ordinary text alone, and quotes a cell with ;, a quote or a line break', () => {
    expect(csvCell('Maria Souza')).toBe('Maria Souza');
    expect(csvCell('Smartphone 5G - 128 GB')).toBe('Smartphone 5G - 128 GB');
    expect(csvCell('Ana; Filha')).toBe('"Ana; Filha"');
    expect(csvCell('Loja "Central"')).toBe('"Loja ""Central"""');
    expect(csvCell('linha 1\nlinha 2')).toBe('"linha 1\nlinha 2"');
    expect(csvCell('=1+2";=1+2')).toBe('"\'=1+2"";=1+2"');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell('')).toBe('');
  });

  it('makes every OWASP CSV-injection payload inert and otherwise intact', () => {
    const rows = parseCsv(csvText(CSV_INJECTION_PAYLOADS.map((payload) => [payload, 'fim'])));
    expect(rows).toEqual(CSV_INJECTION_PAYLOADS.map((payload) => [`'${payload}`, 'fim']));
  });
});

describe('csvMoney: money Excel in pt-BR can sum', () => {
  it('writes two decimals after a comma, no R$, no thousands dot, a minus for negatives', () => {
    expect(csvMoney(1299.9)).toBe('1299,90');
    expect(csvMoney(1234567.89)).toBe('1234567,89');
    expect(csvMoney(-12.5)).toBe('-12,50');
    expect(csvMoney(-0.05)).toBe('-0,05');
    expect(csvMoney(0)).toBe('0,00');
    expect(csvMoney(10)).toBe('10,00');
    expect(csvMoney(0.1 + 0.2)).toBe('0,30');
    expect(csvMoney(null)).toBe('');
  });

  it('writes money that csvCell lets through unchanged, negatives included', () => {
    for (const reais of [-1234.56, -12.5, -0.01, 0, 1299.9]) expect(csvCell(csvMoney(reais))).toBe(csvMoney(reais));
  });
});

describe('csvLine and csvText', () => {
  it("joins the cells with ';' and ends every line with CRLF", () => {
    expect(csvNumber(-3)).toBe('-3');
    expect(csvLine(['Nome', '=1+1', 3, null, csvMoney(-7)])).toBe("Nome;'=1+1;3;;-7,00\r\n");
    expect(
      csvText([
        ['a', 'b'],
        ['1', '-'],
      ]),
    ).toBe("a;b\r\n1;'-\r\n");
  });
});
