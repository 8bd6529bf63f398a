import { describe, expect, it } from 'vitest';
import { accessKeyCheckDigit, accessKeyParts, composeAccessKey, isValidAccessKey } from './access-key';

describe('the NF-e access key (chave de acesso)', () => {
  it("the Manual de Orientação's example: 43 digits whose weighted sum is 644; 644 mod 11 = 6 → digit 11 − 6 = 5", () => {
    expect(accessKeyCheckDigit('5206043300991100250655012000000780026730161')).toBe(5);
    expect(isValidAccessKey('52060433009911002506550120000007800267301615')).toBe(true);
  });

  it('a 44-character key is valid only with its own check digit', () => {
    // 35 2611 11222333000181 55 001 000004512 1 48076206: by hand (weights 2..9 from the right) the sum is
    // 561 = 11 × 51, remainder 0 → digit 0
    const key = '35261111222333000181550010000045121480762060';
    expect(isValidAccessKey(key)).toBe(true);
    expect(isValidAccessKey(`${key.slice(0, 43)}1`)).toBe(false);
    expect(isValidAccessKey(key.slice(0, 43))).toBe(false);
    expect(isValidAccessKey(`${key.slice(0, 20)}x${key.slice(21)}`)).toBe(false);
  });

  it('a remainder of 0 or 1 gives the digit 0', () => {
    // zeros sum to 0 → remainder 0 → 0; '…1' × weight 2 = 2 → 11 − 2 = 9; '…6' × 2 = 12 → remainder 1 → 0
    expect(accessKeyCheckDigit('0'.repeat(43))).toBe(0);
    expect(accessKeyCheckDigit(`${'0'.repeat(42)}1`)).toBe(9);
    expect(accessKeyCheckDigit(`${'0'.repeat(42)}6`)).toBe(0);
    // 1 × 9 (the 8th from the right) = 9 → 11 − 9 = 2; 1 × 2 (the 9th, weights start again) = 2 → 9
    expect(accessKeyCheckDigit(`${'0'.repeat(35)}10000000`)).toBe(2);
    expect(accessKeyCheckDigit(`${'0'.repeat(34)}100000000`)).toBe(9);
  });

  it('an alphanumeric CNPJ (NT 2025.001) counts each character as its ASCII code − 48 (A = 17, B = 18, C = 19…)', () => {
    // 35 2611 12ABC34501DE35 55 001 000004512 1 12345678: by hand the weighted sum is 865, 865 mod 11 = 7 → 4
    const body = '352611' + '12ABC34501DE35' + '55' + '001' + '000004512' + '1' + '12345678';
    expect(accessKeyCheckDigit(body)).toBe(4);
    expect(isValidAccessKey(`${body}4`)).toBe(true);
    // 'A' (65 − 48 = 17) × its weight differs from any digit: another letter changes the check digit
    expect(isValidAccessKey(`${body.replace('12ABC', '12ABD')}4`)).toBe(false);
    // letters only where the CNPJ's root and order are
    expect(isValidAccessKey(`A${body.slice(1)}4`)).toBe(false);
  });

  it('is made of and split into the fields of the note', () => {
    const key = composeAccessKey({
      stateCode: '35',
      yearMonth: '2611',
      issuerDocument: '12ABC34501DE35',
      model: '55',
      series: '1',
      number: '4512',
      emissionType: '1',
      numericCode: '12345678',
    });
    expect(key).toBe('35261112ABC34501DE35550010000045121123456784');
    expect(accessKeyParts(key)).toEqual({
      stateCode: '35',
      yearMonth: '2611',
      issuerDocument: '12ABC34501DE35',
      model: '55',
      series: '001',
      number: '000004512',
      emissionType: '1',
      numericCode: '12345678',
      checkDigit: '4',
    });
  });
});
