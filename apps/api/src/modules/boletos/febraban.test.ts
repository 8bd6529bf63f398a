import { describe, expect, it } from 'vitest';
import { freeFieldBB, nossoNumeroBB } from './banco-do-brasil';
import { boletoCode, dueDateFactor, itfWidths, module10, module11 } from './febraban';

/**
 * A boleto's barcode and linha digitável against FEBRABAN's rules, every digit worked out by hand below (the
 * known case: Banco do Brasil, convênio 1234567, sequence 1, carteira 17, R$ 150,00 due 15/12/2026, past the
 * factor's reset).
 */
describe('the due-date factor (FEBRABAN, reset on 22/02/2025)', () => {
  it('is 9999 on 21/02/2025, 1000 on 22/02/2025 and counts on from there', () => {
    // 07/10/1997 is day 0; 21/02/2025 is day 9999 (the old factor's last); 22/02/2025, day 10 000, starts again at 1000.
    expect(dueDateFactor('2025-02-21')).toBe(9999);
    expect(dueDateFactor('2025-02-22')).toBe(1000);
    // 03/07/2000 was the first factor 1000 (day 1000); 2025-02-23 is 1001.
    expect(dueDateFactor('2000-07-03')).toBe(1000);
    expect(dueDateFactor('2025-02-23')).toBe(1001);
    // 22/02/2025 → 22/02/2026: 365 days; then 6 (to 28/02) + 31 + 30 + 31 + 30 + 31 + 31 + 30 + 31 + 30 (to 30/11)
    // + 15 = 296: 661 days after the reset, factor 1661.
    expect(dueDateFactor('2026-12-15')).toBe(1661);
  });
});

describe('the known case, digit by digit', () => {
  it('BB 1234567/0000000001, carteira 17, R$ 150,00 due 15/12/2026', () => {
    // Nosso número (BB, convênio of 7): convênio + 10-digit sequence = 12345670000000001 (17, no DV).
    const nossoNumero = nossoNumeroBB('1234567', 1);
    expect(nossoNumero).toBe('12345670000000001');
    // Free field: 000000 + nosso número (17) + carteira (2) = 0000001234567000000000117 (25).
    const free = freeFieldBB(nossoNumero, '17');
    expect(free).toBe('0000001234567000000000117');

    // Barcode without its DV (43): 001 9 1661 0000015000 0000001234567000000000117.
    // Module 11, weights 2..9 from the right; only the non-zero digits count:
    //   7×2=14, 1×3=3, 1×4=4, 7×6=42, 6×7=42, 5×8=40, 4×9=36, 3×2=6, 2×3=6, 1×4=4 (free field)
    //   5×6=30, 1×7=7 (value 0000015000: the 5 at weight 6, the 1 at weight 7)
    //   1×5=5, 6×6=36, 6×7=42, 1×8=8 (factor 1661), 9×9=81 (currency), 1×2=2 (bank 001's last digit)
    //   sum = 14+3+4+42+42+40+36+6+6+4 + 30+7 + 5+36+42+8 + 81 + 2 = 408; 408 mod 11 = 1; 11 − 1 = 10 → DV 1
    //   (0, 10 and 11 give 1).
    expect(module11('0019166100000150000000001234567000000000117')).toBe(1);
    const code = boletoCode('001', '2026-12-15', 15_000, free);
    expect(code.barcode).toBe('00191166100000150000000001234567000000000117');
    expect(code.barcode).toHaveLength(44);

    // Field 1: 001 9 00000 → module 10 from the right, weights 2,1,2…: 0,0,0,0,0, 9×1=9, 1×2=2, 0, 0 → 11 → DV 9.
    expect(module10('001900000')).toBe(9);
    // Field 2: 0123456700 → 0×2, 0×1, 7×2=14→1+4=5, 6×1=6, 5×2=10→1, 4×1=4, 3×2=6, 2×1=2, 1×2=2, 0 → 26 → DV 4.
    expect(module10('0123456700')).toBe(4);
    // Field 3: 0000000117 → 7×2=14→5, 1×1=1, 1×2=2, then zeros → 8 → DV 2.
    expect(module10('0000000117')).toBe(2);
    // Field 4: the barcode's DV (1); field 5: factor and value, 1661 0000015000.
    expect(code.digitableLine).toBe('00190.00009 01234.567004 00000.001172 1 16610000015000');
  });

  it('a general DV that is not 1: R$ 150,01 the same day', () => {
    // As above with the value's last digit a 1: it is the 26th digit from the right (25 of the free field before
    // it), weight 3 (weights 2..9 repeat every 8: the 25th is 2 again): 408 + 3 = 411; 411 mod 11 = 4;
    // 11 − 4 = 7 → DV 7.
    const code = boletoCode('001', '2026-12-15', 15_001, '0000001234567000000000117');
    expect(code.barcode).toBe('00197166100000150010000001234567000000000117');
    expect(code.digitableLine.split(' ')[3]).toBe('7');
    expect(code.digitableLine.split(' ')[4]).toBe('16610000015001');
  });
});

describe('the barcode as Interleaved 2 of 5', () => {
  it('"12": start 1 1 1 1, then 1 as bars (wide narrow narrow narrow wide) and 2 as spaces (narrow wide narrow narrow wide), stop 3 1 1', () => {
    // 1 = WNNNW, 2 = NWNNW, interleaved bar/space: W N, N W, N N, N N, W W; wide is 3 narrow units.
    expect(itfWidths('12')).toEqual([1, 1, 1, 1, 3, 1, 1, 3, 1, 1, 1, 1, 3, 3, 3, 1, 1]);
    // 44 digits: 4 start + 22 pairs × 10 elements + 3 stop = 227 elements, bars and spaces alternating.
    expect(itfWidths('00191166100000150000000001234567000000000117')).toHaveLength(227);
    expect(() => itfWidths('123')).toThrow();
  });
});
