import { describe, expect, it } from 'vitest';
import {
  cartAddBodySchema,
  checkoutTransferBodySchema,
  departuresOn,
  isDeliveryDeparture,
  nextDeliveryDeparture,
  preCheckoutQuerySchema,
  SELLING_TEXTS,
  saoPauloDay,
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

describe('the departures of a day (issue 19)', () => {
  it("lists a weekday's two departures, Saturday's one and Sunday's none, in São Paulo time (UTC−3)", () => {
    // Monday 23/11/2026: 10:40 and 14:10 in São Paulo are 13:40 and 17:10 UTC.
    expect(departuresOn('2026-11-23').map((at) => at.toISOString())).toEqual([
      '2026-11-23T13:40:00.000Z',
      '2026-11-23T17:10:00.000Z',
    ]);
    // Saturday 28/11/2026 at 12:00 is 15:00 UTC; Sunday 29/11/2026 has none.
    expect(departuresOn('2026-11-28').map((at) => at.toISOString())).toEqual(['2026-11-28T15:00:00.000Z']);
    expect(departuresOn('2026-11-29')).toEqual([]);
    expect(isDeliveryDeparture(new Date('2026-11-23T17:10:00.000Z'))).toBe(true);
    expect(isDeliveryDeparture(new Date('2026-11-23T17:11:00.000Z'))).toBe(false);
    // 23:30 in São Paulo on Monday is already Tuesday in UTC: the day is São Paulo's.
    expect(saoPauloDay(new Date('2026-11-24T02:30:00.000Z'))).toBe('2026-11-23');
  });
});
