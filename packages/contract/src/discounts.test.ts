import { describe, expect, it } from 'vitest';
import {
  applyDiscounts,
  DiscountError,
  formatPercentHundredths,
  orderDiscountChangeable,
  percentOfCents,
  saleDiscountsQuerySchema,
  spreadCents,
  typedDiscountSchema,
  withinMaximum,
} from './discounts';

describe('discounts at sale time (decision 0041)', () => {
  it('7 % of a line of 3 × R$ 129,90: R$ 389,70 − R$ 27,28 (27,279 half up) = R$ 362,42', () => {
    expect(percentOfCents(38970, 7)).toBe(2728);
    const sale = applyDiscounts([{ productId: 1, name: 'Capa', valueCents: 38970 }], {
      lines: [{ productId: 1, kind: 'percent', value: 7 }],
    });
    expect(sale.lines[0]).toMatchObject({ ownDiscountCents: 2728, orderShareCents: 0, discountCents: 2728 });
    expect(sale.goodsCents - sale.discountCents).toBe(36242);
    // within a 7 % maximum (7 % of 389,70 = 27,279 → 27,28), not within 6,99 %
    expect(withinMaximum(sale, 700)).toBe(true);
    expect(withinMaximum(sale, 699)).toBe(false);
    expect(withinMaximum(sale, null)).toBe(true);
  });

  it('an order discount of R$ 10,00 over R$ 100,00 + R$ 50,00 + R$ 50,00: 5,00 / 2,50 / 2,50', () => {
    const sale = applyDiscounts(
      [
        { productId: 1, name: 'A', valueCents: 5000 },
        { productId: 2, name: 'B', valueCents: 10000 },
        { productId: 3, name: 'C', valueCents: 5000 },
      ],
      { order: { kind: 'amount', value: 10 } },
    );
    expect(sale.lines.map((line) => line.discountCents)).toEqual([250, 500, 250]);
    expect(sale.orderDiscountCents).toBe(1000);
  });

  it('the cents left over go to the largest line: R$ 0,10 over 1,00 / 2,00 / 3,00 → 0,01 / 0,03 / 0,06', () => {
    // 10 × 1/6 = 1,67 → 1; 10 × 2/6 = 3,33 → 3; 10 × 3/6 = 5 → 5; 1 cent left, on the R$ 3,00 line
    expect(spreadCents(10, [100, 200, 300])).toEqual([1, 3, 6]);
    // a tie: the first of the largest
    expect(spreadCents(1, [100, 100])).toEqual([1, 0]);
  });

  it('a line discount, then a % on the order over what is left, spread by the value after the line discount', () => {
    // lines 200,00 (R$ 20,00 off → 180,00) and 20,00; order 10 % of 200,00 = 20,00: 18,00 and 2,00
    const sale = applyDiscounts(
      [
        { productId: 1, name: 'A', valueCents: 20000 },
        { productId: 2, name: 'B', valueCents: 2000 },
      ],
      { lines: [{ productId: 1, kind: 'amount', value: 20 }], order: { kind: 'percent', value: 10 } },
    );
    expect(sale.lines.map((line) => [line.ownDiscountCents, line.orderShareCents])).toEqual([
      [2000, 1800],
      [0, 200],
    ]);
    expect(sale.discountCents).toBe(4000);
    // 40,00 of 220,00 is 18,18 %: above an 18 % maximum (39,60), within 18,19 % (40,018 → 40,02)
    expect(withinMaximum(sale, 1800)).toBe(false);
    expect(withinMaximum(sale, 1819)).toBe(true);
  });

  it('refuses a discount above its line or the goods, and a product not in the cart', () => {
    const lines = [{ productId: 1, name: 'Capa', valueCents: 1000 }];
    expect(() => applyDiscounts(lines, { lines: [{ productId: 1, kind: 'amount', value: 10.01 }] })).toThrow(
      'O desconto do produto Capa passa do valor da linha (R$ 10,00).',
    );
    expect(() => applyDiscounts(lines, { order: { kind: 'amount', value: 10.01 } })).toThrow(DiscountError);
    expect(() => applyDiscounts(lines, { lines: [{ productId: 2, kind: 'percent', value: 1 }] })).toThrow(
      DiscountError,
    );
    // the whole value is allowed: 100 %
    expect(applyDiscounts(lines, { order: { kind: 'percent', value: 100 } }).discountCents).toBe(1000);
  });

  it('validates what is typed', () => {
    expect(typedDiscountSchema.safeParse({ kind: 'percent', value: 100.01 }).success).toBe(false);
    expect(typedDiscountSchema.safeParse({ kind: 'percent', value: 7.555 }).success).toBe(false);
    expect(typedDiscountSchema.safeParse({ kind: 'amount', value: -1 }).success).toBe(false);
    expect(typedDiscountSchema.safeParse({ kind: 'amount', value: 1.234 }).success).toBe(false);
    expect(typedDiscountSchema.safeParse({ kind: 'amount', value: 12.34 }).success).toBe(true);
    expect(saleDiscountsQuerySchema.safeParse('{"order":{"kind":"percent","value":5}}').success).toBe(true);
    expect(saleDiscountsQuerySchema.safeParse('{').success).toBe(false);
    expect(
      saleDiscountsQuerySchema.safeParse(
        JSON.stringify({
          lines: [
            { productId: 1, kind: 'percent', value: 5 },
            { productId: 1, kind: 'amount', value: 5 },
          ],
        }),
      ).success,
    ).toBe(false);
    expect([700, 750, 1225, 0].map(formatPercentHundredths)).toEqual(['7', '7,5', '12,25', '0']);
  });

  it('may change an order not separated and not paid: cash waiting for the stocker, its own Pix still waiting', () => {
    const cases: [number, 'CASH' | 'PIX' | 'BANK_TRANSFER' | 'CARD', boolean][] = [
      [1, 'CASH', true],
      [2, 'CASH', false],
      [9, 'PIX', true],
      [10, 'PIX', true],
      [1, 'PIX', false],
      [11, 'BANK_TRANSFER', false],
      [1, 'BANK_TRANSFER', false],
    ];
    for (const [status, paymentMethod, expected] of cases) {
      expect(orderDiscountChangeable({ status, paymentMethod }), `${paymentMethod} in ${status}`).toBe(expected);
    }
  });

  it("a card charged on delivery ('Levar maquininha') waiting for the stocker may change; a card paid at the counter never", () => {
    expect(orderDiscountChangeable({ status: 1, paymentMethod: 'CARD', cardOnDelivery: true })).toBe(true);
    expect(orderDiscountChangeable({ status: 2, paymentMethod: 'CARD', cardOnDelivery: true })).toBe(false);
    expect(orderDiscountChangeable({ status: 1, paymentMethod: 'CARD', cardOnDelivery: false })).toBe(false);
    expect(orderDiscountChangeable({ status: 1, paymentMethod: 'CARD' })).toBe(false);
  });
});
