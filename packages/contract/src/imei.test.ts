import { describe, expect, it } from 'vitest';
import { IMEI_TEXTS, invalidImeis, isValidImei, luhnCheckDigit } from './imei';

describe('IMEI rules', () => {
  it('accepts 490154203237518 (the issue vector)', () => {
    // 4 9 0 1 5 4 2 0 3 2 3 7 5 1 | 8
    // odd positions kept: 4+0+5+2+3+3+5 = 22; even doubled: 18→9, 2, 8, 0, 4, 14→5, 2 = 30
    // 22 + 30 = 52 → check digit (10 − 2) mod 10 = 8 ✓
    expect(luhnCheckDigit('49015420323751')).toBe(8);
    expect(isValidImei('490154203237518')).toBe(true);
  });

  it('refuses 352099081234563 (the issue vector) whose check digit should be 5', () => {
    // 3 5 2 0 9 9 0 8 1 2 3 4 5 6 | ?
    // odd kept: 3+2+9+0+1+3+5 = 23; even doubled: 10→1, 0, 18→9, 16→7, 4, 8, 12→3 = 32
    // 23 + 32 = 55 → check digit 5, so …563 is refused and …565 accepted
    expect(luhnCheckDigit('35209908123456')).toBe(5);
    expect(isValidImei('352099081234563')).toBe(false);
    expect(isValidImei('352099081234565')).toBe(true);
  });

  it('works out further vectors by hand', () => {
    // 1×14: odd kept 7×1 = 7; even doubled 7×2 = 14; 21 → check 9
    expect(isValidImei('111111111111119')).toBe(true);
    expect(isValidImei('111111111111111')).toBe(false);
    // 3 5 0…0: odd kept 3; even doubled 5→10→1; 4 → check 6
    expect(isValidImei('350000000000006')).toBe(true);
    // all zeros: sum 0 → check 0
    expect(isValidImei('000000000000000')).toBe(true);
  });

  it('refuses anything that is not exactly 15 digits', () => {
    expect(isValidImei('49015420323751')).toBe(false); // 14 digits
    expect(isValidImei('4901542032375180')).toBe(false); // 16 digits
    expect(isValidImei('49015420323751a')).toBe(false);
    expect(isValidImei(' 490154203237518')).toBe(false);
  });

  it('names every bad IMEI once, in the order given', () => {
    expect(invalidImeis(['490154203237518', '352099081234563', '123', '352099081234563'])).toEqual([
      '352099081234563',
      '123',
    ]);
    expect(IMEI_TEXTS.invalid('352099081234563')).toBe(
      'IMEI inválido: 352099081234563 (dígito verificador não confere).',
    );
  });
});
