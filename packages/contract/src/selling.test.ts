import { describe, expect, it } from 'vitest';
import {
  cartAddBodySchema,
  checkoutTransferBodySchema,
  nextDeliveryDeparture,
  preCheckoutQuerySchema,
  SELLING_TEXTS,
} from './selling';

describe('next motoboy departure (section 9: Monday–Friday 10:40 and 14:10, Saturday 12:00, São Paulo)', () => {
  // 2026-11-23 is a Monday; São Paulo is UTC−3 (no daylight saving time).
  const cases: Array<[string, string, string]> = [
    ['Monday 09:00', '2026-11-23T12:00:00.000Z', '2026-11-23T13:40:00.000Z'],
    ['Monday 10:40 sharp: the next one', '2026-11-23T13:40:00.000Z', '2026-11-23T17:10:00.000Z'],
    ['Monday 14:11', '2026-11-23T17:11:00.000Z', '2026-11-24T13:40:00.000Z'],
    ['Friday 15:00', '2026-11-27T18:00:00.000Z', '2026-11-28T15:00:00.000Z'],
    ['Friday 23:30 (already Saturday in UTC)', '2026-11-28T02:30:00.000Z', '2026-11-28T15:00:00.000Z'],
    ['Saturday 12:30', '2026-11-28T15:30:00.000Z', '2026-11-30T13:40:00.000Z'],
    ['Sunday 10:00', '2026-11-29T13:00:00.000Z', '2026-11-30T13:40:00.000Z'],
  ];
  for (const [label, now, next] of cases) {
    it(label, () => {
      expect(nextDeliveryDeparture(new Date(now)).toISOString()).toBe(next);
    });
  }
});

describe('selling schemas', () => {
  it('reads the pre-checkout choices from the query, with section 4 defaults', () => {
    expect(preCheckoutQuerySchema.parse({})).toEqual({ typeOfDelivery: 1, withWarranty: false, isFastDelivery: false });
    expect(
      preCheckoutQuerySchema.parse({ typeOfDelivery: '2', withWarranty: 'true', isFastDelivery: 'false' }),
    ).toEqual({
      typeOfDelivery: 2,
      withWarranty: true,
      isFastDelivery: false,
    });
    expect(preCheckoutQuerySchema.safeParse({ typeOfDelivery: '3' }).success).toBe(false);
    expect(preCheckoutQuerySchema.safeParse({ withWarranty: 'sim' }).success).toBe(false);
  });

  it('refuses a quantity below 1 and a transfer without proof, in Portuguese', () => {
    const zero = cartAddBodySchema.safeParse({ productId: 1, quantity: 0 });
    expect(zero.error?.issues.map((i) => i.message)).toEqual([SELLING_TEXTS.quantityInvalid]);
    const noProof = checkoutTransferBodySchema.safeParse({
      typeOfDelivery: 1,
      withWarranty: false,
      isFastDelivery: false,
      idempotencyKey: '3f1c2a9e-8b7d-4c6e-9a5b-1d2e3f4a5b6c',
    });
    expect(noProof.error?.issues.map((i) => i.message)).toEqual(['Envie a imagem do comprovante.']);
  });
});
