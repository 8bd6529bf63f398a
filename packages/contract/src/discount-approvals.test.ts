import { describe, expect, it } from 'vitest';
import { askedPercentage, requiredMaximum } from './discount-approvals';
import { applyDiscounts, type SaleDiscounts } from './discounts';

/** The figures of a request (decision 0045), worked out by hand. */
describe('a discount approval request', () => {
  it('12 % of R$ 1.000,00: R$ 120,00, asked 12 %, needs a maximum of 12 %', () => {
    const discounts = { order: { kind: 'percent', value: 12 } } as const;
    const sale = applyDiscounts([{ productId: 1, name: 'A', valueCents: 100_000 }], discounts);
    expect(sale.discountCents).toBe(12_000);
    expect(askedPercentage(discounts, requiredMaximum(sale))).toBe(1200);
    expect(requiredMaximum(sale)).toBe(1200);
  });

  it('12 % of R$ 39,36: R$ 4,72 (4,7232); asked 12 %, but 11,99 % of R$ 39,36 (4,7193) also rounds to R$ 4,72', () => {
    const discounts = { order: { kind: 'percent', value: 12 } } as const;
    const sale = applyDiscounts([{ productId: 1, name: 'A', valueCents: 3936 }], discounts);
    expect(sale.discountCents).toBe(472);
    expect(askedPercentage(discounts, requiredMaximum(sale))).toBe(1200);
    // 11,98 % of 3936 is 471,53 → R$ 4,72 too; 11,97 %: 471,14 → R$ 4,71, below.
    expect(requiredMaximum(sale)).toBe(1198);
  });

  it('a line discount of R$ 30,00 on R$ 200,00 (no order %): asked 15 %, and the line itself needs 15 %', () => {
    const discounts: SaleDiscounts = { lines: [{ productId: 1, kind: 'amount', value: 30 }] };
    const sale = applyDiscounts(
      [
        { productId: 1, name: 'A', valueCents: 20_000 },
        { productId: 2, name: 'B', valueCents: 80_000 },
      ],
      discounts,
    );
    // Of all the goods (R$ 1.000,00) it is 3 %: the line's own 15 % is what a role must allow, and what it reads.
    expect(requiredMaximum(sale)).toBe(1500);
    expect(askedPercentage(discounts, requiredMaximum(sale))).toBe(1500);
  });
});
