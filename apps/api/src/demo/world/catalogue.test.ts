import { cestFitsNcm, isValidGtin } from '@backoffice/contract';
import { describe, expect, it } from 'vitest';
import { demoGtin } from '../products';
import { CEST, NCM } from './catalogue-kinds';

describe("the demo catalogue's fiscal codes (issue 55 §2)", () => {
  it("gives each kind the CEST its NCM has in the Convênio ICMS 142/2018's annex: the phones 21.053.00", () => {
    expect(CEST.phone).toBe('2105300');
    expect(NCM.phone).toBe('85171300');
    for (const [category, cest] of Object.entries(CEST))
      if (cest) expect(cestFitsNcm(cest, NCM[category as keyof typeof NCM]), category).toBe(true);
  });

  it('gives each product a GTIN-13 of prefix 789 with its GS1 check digit, none twice', () => {
    // 789 5432 00000: from the right the digits weigh 3, 1, 3, 1…: 0·3+0+0·3+0+0·3+2+3·3+4+5·3+9+8·3+7 = 70 → 0.
    expect(demoGtin(0)).toBe('7895432000000');
    // 789543200001: the last digit 1 weighs 3: 70 + 3 = 73 → 7.
    expect(demoGtin(1)).toBe('7895432000017');
    const codes = Array.from({ length: 2_000 }, (_, i) => demoGtin(i * 97));
    expect(codes.every((code) => code.length === 13 && code.startsWith('789') && isValidGtin(code))).toBe(true);
    expect(new Set(codes).size).toBe(codes.length);
    expect(demoGtin(100_000).slice(0, 7)).toBe('7895433');
  });
});
