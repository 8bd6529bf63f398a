import { describe, expect, it } from 'vitest';
import { IBS_CBS_2026, ibsCbsSchema, percentToTenThousandths } from './fiscal-profile-schemas';

describe("2026's IBS/CBS", () => {
  it('is CST 000, cClassTrib 000001, CBS 0,9 %, IBS UF 0,1 %, IBS Mun 0 %: a group the profiles take', () => {
    expect(ibsCbsSchema.parse(IBS_CBS_2026)).toEqual({
      cst: '000',
      cClassTrib: '000001',
      cbsRate: 0.9,
      ibsUfRate: 0.1,
      ibsMunRate: 0,
    });
    // As the database and the note keep them, ten-thousandths of a percent: 0,9 % → 9000; 0,1 % → 1000.
    expect(percentToTenThousandths(IBS_CBS_2026.cbsRate)).toBe(9_000);
    expect(percentToTenThousandths(IBS_CBS_2026.ibsUfRate)).toBe(1_000);
    expect(percentToTenThousandths(IBS_CBS_2026.ibsMunRate)).toBe(0);
  });
});
