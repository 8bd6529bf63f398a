import { describe, expect, it } from 'vitest';
import { CODE128_PATTERNS, code128Bars, code128c, code128Key } from './code128';

describe('Code 128C, the DANFE barcode of the access key', () => {
  it('writes start C, the pairs of digits, the check symbol and stop, worked by hand', () => {
    // '12345678': start 105, then 12, 34, 56, 78; check (105 + 1·12 + 2·34 + 3·56 + 4·78) mod 103
    // = (105 + 12 + 68 + 168 + 312) mod 103 = 665 mod 103 = 665 − 6·103 = 47; stop 106.
    expect(code128c('12345678')).toEqual([105, 12, 34, 56, 78, 47, 106]);
    // '0000': 105, 0, 0; check (105 + 0 + 0) mod 103 = 2.
    expect(code128c('0000')).toEqual([105, 0, 0, 2, 106]);
    // '9901': 105, 99, 1; check (105 + 1·99 + 2·1) mod 103 = 206 mod 103 = 0.
    expect(code128c('9901')).toEqual([105, 99, 1, 0, 106]);
    // The worked example's key: 22 pairs, 35 26 11 11 …
    const key = '35261111222333000181550010000045121384716258';
    const symbols = code128c(key);
    expect(symbols).toHaveLength(25);
    expect(symbols.slice(0, 5)).toEqual([105, 35, 26, 11, 11]);
  });

  it('refuses an odd number of digits or anything but digits', () => {
    expect(() => code128c('123')).toThrow('even number of digits');
    expect(() => code128c('12a4')).toThrow();
    expect(() => code128c('')).toThrow();
  });

  it('draws each symbol as 3 bars and 3 spaces of 11 modules, the stop as 4 bars of 13', () => {
    expect(CODE128_PATTERNS).toHaveLength(107);
    for (const [value, pattern] of CODE128_PATTERNS.entries()) {
      const widths = [...pattern].map(Number);
      const bars = widths.filter((_, i) => i % 2 === 0).reduce((a, b) => a + b, 0);
      expect({ value, modules: widths.reduce((a, b) => a + b, 0) }).toEqual({
        value,
        modules: value === 106 ? 13 : 11,
      });
      // The standard's parity: a symbol's bars take an even number of modules.
      expect({ value, even: bars % 2 === 0 }).toEqual({ value, even: true });
    }
    // Start C is 2 1 1 2 3 2: bars of 2 at 0, 1 at 3, 3 at 6. Stop is 2 3 3 1 1 1 2: bars at 0, 5, 9, 11.
    expect(code128Bars([105])).toEqual({
      bars: [
        { x: 0, width: 2 },
        { x: 3, width: 1 },
        { x: 6, width: 3 },
      ],
      modules: 11,
    });
    expect(code128Bars([106]).bars.map((bar) => bar.x)).toEqual([0, 5, 9, 11]);
    // 44 digits: start, 22 pairs, check = 24 symbols of 11 modules, and the stop's 13.
    expect(code128Bars(code128c('35261111222333000181550010000045121384716258')).modules).toBe(24 * 11 + 13);
  });

  it("writes a key with an alphanumeric CNPJ in the NT 2025.001 hybrid: set C, then A for the CNPJ's 12, then C", () => {
    const key = `352607${'12ABC34501DE'}35550010000004511213847160`;
    // Start C; 35 26 07; Code A (101); set A values (ASCII − 32): 1=17 2=18 A=33 B=34 C=35 3=19 4=20 5=21 0=16 1=17
    // D=36 E=37; Code C (99); 35 55 00 10 00 00 04 51 12 13 84 71 60. Check: 105 + 35·1 + 26·2 + 7·3 + 101·4 + 17·5
    // + 18·6 + 33·7 + 34·8 + 35·9 + 19·10 + 20·11 + 21·12 + 16·13 + 17·14 + 36·15 + 37·16 + 99·17 + 35·18 + 55·19
    // + 0·20 + 10·21 + 0·22 + 0·23 + 4·24 + 51·25 + 12·26 + 13·27 + 84·28 + 71·29 + 60·30 = 15681; 15681 mod 103
    // = 15681 − 152·103 = 25.
    expect(code128Key(key)).toEqual([
      105, 35, 26, 7, 101, 17, 18, 33, 34, 35, 19, 20, 21, 16, 17, 36, 37, 99, 35, 55, 0, 10, 0, 0, 4, 51, 12, 13, 84,
      71, 60, 25, 106,
    ]);
    // A numeric key stays set C alone.
    const numeric = '35261111222333000181550010000045121384716258';
    expect(code128Key(numeric)).toEqual(code128c(numeric));
    expect(() => code128Key('35260712ABC34501DE3555001000000451121384716')).toThrow('not an access key');
  });
});
