import { describe, expect, it } from 'vitest';
import { appendScannedCode, goodUnits, imeisToCheck, readImeiLines } from './imei-lines';

describe('IMEI lines', () => {
  it('reads one unit a line, dual-SIM as "imei;imei2" or "imei imei2", and says what is wrong with each', () => {
    const text = '490154203237518\n\n 352099081234565;220000000000004 \n352099081234563\n490154203237518\n1 2 3';
    const lines = readImeiLines(text);
    expect(lines.map((line) => [line.number, line.problem?.kind ?? null])).toEqual([
      [1, null],
      [3, null],
      [4, 'invalid'],
      [5, 'repeated'],
      [6, 'format'],
    ]);
    expect(goodUnits(lines)).toEqual([
      { imei: '490154203237518' },
      { imei: '352099081234565', imei2: '220000000000004' },
    ]);
    expect(imeisToCheck(text)).toEqual(['490154203237518', '352099081234565', '220000000000004']);
  });

  it('lets a RETURNED unit come in again to its own product only', () => {
    const returned = {
      imei: '330000000000001',
      valid: true,
      registered: { productId: 9, productCode: 'P100009', productName: 'iPhone', status: 'RETURNED' as const },
    };
    const checks = new Map([[returned.imei, returned]]);
    expect(readImeiLines('330000000000001', checks, 9)[0]?.problem).toBeNull();
    expect(readImeiLines('330000000000001', checks, 8)[0]?.problem?.kind).toBe('registered');
    expect(readImeiLines('330000000000001', checks)[0]?.problem?.kind).toBe('registered');
  });

  it('appends a scanned code on a line of its own, once', () => {
    expect(appendScannedCode('', '490154203237518')).toBe('490154203237518\n');
    expect(appendScannedCode('490154203237518', '352099081234565')).toBe('490154203237518\n352099081234565\n');
    expect(appendScannedCode('1;490154203237518\n', '490154203237518')).toBeNull();
    expect(appendScannedCode('', 'ABC-1')).toBeNull();
  });
});
