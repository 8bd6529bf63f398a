import { describe, expect, it } from 'vitest';
import { IbptCsvError, parseDay, parseIbptCsv, parseRate, splitLine } from './ibpt-csv';

/** The IBPT CSV's parts, read as IBPT publishes them (issue 55 §2, decision 0077). */
const HEADER =
  'codigo;ex;tipo;descricao;nacionalfederal;importadosfederal;estadual;municipal;vigenciainicio;vigenciafim;chave;versao;fonte';

describe("the IBPT CSV's fields", () => {
  it('rates: a percentage with up to four decimals, "." or ",", in ten-thousandths of a percent; 0–100 only', () => {
    expect(parseRate('13.45')).toBe(134_500);
    expect(parseRate('13,45')).toBe(134_500);
    expect(parseRate('0')).toBe(0);
    expect(parseRate('4.2')).toBe(42_000);
    expect(parseRate('1.2345')).toBe(12_345);
    expect(parseRate('100')).toBe(1_000_000);
    expect(parseRate('100.0001')).toBeNull();
    expect(parseRate('1.23456')).toBeNull();
    expect(parseRate('-1')).toBeNull();
    expect(parseRate('')).toBeNull();
    expect(parseRate('1e2')).toBeNull();
  });

  it('days: dd/mm/aaaa (as published) or aaaa-mm-dd, a real day', () => {
    expect(parseDay('31/12/2026')).toBe('2026-12-31');
    expect(parseDay('2026-01-01')).toBe('2026-01-01');
    expect(parseDay('29/02/2028')).toBe('2028-02-29');
    expect(parseDay('29/02/2027')).toBeNull();
    expect(parseDay('1/1/2026')).toBeNull();
    expect(parseDay('')).toBeNull();
  });

  it("lines: ';'-separated, a quoted field may hold ';' and doubled quotes; fields trimmed", () => {
    expect(splitLine('a;b; c ;')).toEqual(['a', 'b', 'c', '']);
    expect(splitLine('85171300;;0;"Telefones; ditos ""smart""";1')).toEqual([
      '85171300',
      '',
      '0',
      'Telefones; ditos "smart"',
      '1',
    ]);
  });
});

describe('a whole file', () => {
  const row = '85171300;;0;Telefones;13.45;15.45;18.00;0.00;01/01/2026;31/03/2026;9oi7eW;26.1.G;IBPT';

  it('UTF-8 with a BOM and CRLF, the header in any case, blank lines and the trailing newline skipped', () => {
    const file = Buffer.from(`\uFEFF${HEADER.toUpperCase()}\r\n${row}\r\n\r\n`, 'utf8');
    expect(parseIbptCsv(file)).toEqual({
      version: '26.1.G',
      key: '9oi7eW',
      source: 'IBPT',
      validFrom: '2026-01-01',
      validUntil: '2026-03-31',
      rows: [
        {
          code: '85171300',
          ex: '',
          kind: 0,
          description: 'Telefones',
          nationalFederal: 134_500,
          importedFederal: 154_500,
          state: 180_000,
          municipal: 0,
        },
      ],
    });
  });

  it('refuses a header alone, a validity that ends before it starts, a key missing', () => {
    expect(() => parseIbptCsv(Buffer.from(HEADER))).toThrow(IbptCsvError);
    expect(() => parseIbptCsv(Buffer.from(`${HEADER}\n${row.replace('31/03/2026', '31/12/2025')}`))).toThrow(
      'Linha 2: a vigência termina antes de começar.',
    );
    expect(() => parseIbptCsv(Buffer.from(`${HEADER}\n${row.replace('9oi7eW', '')}`))).toThrow(
      'Linha 2: chave deve ter de 1 a 20 caracteres.',
    );
    expect(() => parseIbptCsv(Buffer.from(`${HEADER}\n${row.replace(';0;Telefones', ';3;Telefones')}`))).toThrow(
      'Linha 2: o tipo "3" deve ser 0 (NCM), 1 (NBS) ou 2 (LC 116).',
    );
  });
});
