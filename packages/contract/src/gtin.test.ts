import { describe, expect, it } from 'vitest';
import { barcodeSchema, GTIN_TEXTS, gtin14, gtinCheckDigit, isValidGtin } from './gtin';

describe('GTIN (barcode) rules', () => {
  it('accepts the EAN-13 7891000315507 (a real Brazilian box)', () => {
    // body 789100031550, from the right weights 3,1,3,1…:
    // 0×3 + 5 + 5×3 + 1 + 3×3 + 0 + 0×3 + 0 + 1×3 + 9 + 8×3 + 7 = 0+5+15+1+9+0+0+0+3+9+24+7 = 73 → 7
    expect(gtinCheckDigit('789100031550')).toBe(7);
    expect(isValidGtin('7891000315507')).toBe(true);
    expect(isValidGtin('7891000315508')).toBe(false);
  });

  it('works out an EAN-8, a UPC-A and a GTIN-14 by hand', () => {
    // EAN-8 9638507|4: 7×3 + 0 + 5×3 + 8 + 3×3 + 6 + 9×3 = 21+0+15+8+9+6+27 = 86 → 4
    expect(isValidGtin('96385074')).toBe(true);
    expect(isValidGtin('96385075')).toBe(false);
    // UPC-A 03600029145|2: 5×3 + 4 + 1×3 + 9 + 2×3 + 0 + 0 + 0 + 6×3 + 3 + 0 = 15+4+3+9+6+18+3 = 58 → 2
    expect(isValidGtin('036000291452')).toBe(true);
    // GTIN-14 1001234567890|2: 0 + 9 + 8×3 + 7 + 6×3 + 5 + 4×3 + 3 + 2×3 + 1 + 0 + 0 + 1×3 = 88 → 2
    expect(isValidGtin('10012345678902')).toBe(true);
    expect(isValidGtin('10012345678903')).toBe(false);
  });

  it('refuses other lengths and non-digits', () => {
    expect(isValidGtin('1234567')).toBe(false);
    expect(isValidGtin('12345678901')).toBe(false);
    expect(isValidGtin('789100031550x')).toBe(false);
    expect(isValidGtin('123456789012345')).toBe(false);
  });

  it('the UPC-A and its EAN-13 (leading 0) are the same GTIN-14', () => {
    expect(gtin14('036000291452')).toBe('00036000291452');
    expect(gtin14('0036000291452')).toBe('00036000291452');
  });

  it('the field: blank is none, a bad check digit is named in Portuguese', () => {
    expect(barcodeSchema.parse('  ')).toBeNull();
    expect(barcodeSchema.parse(null)).toBeNull();
    expect(barcodeSchema.parse(undefined)).toBeUndefined();
    expect(barcodeSchema.parse(' 7891000315507 ')).toBe('7891000315507');
    const bad = barcodeSchema.safeParse('7891000315508');
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe(
      'Código de barras inválido: 7891000315508 (dígito verificador não confere).',
    );
    expect(barcodeSchema.safeParse('12345').error?.issues[0]?.message).toBe(GTIN_TEXTS.format);
  });
});
