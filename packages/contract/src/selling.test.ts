import { describe, expect, it } from 'vitest';
import {
  cartAddBodySchema,
  checkoutTransferBodySchema,
  DEFAULT_DELIVERY_DEPARTURES,
  deliveryScheduleSchema,
  departuresOn,
  describeDepartures,
  isDeliveryDeparture,
  nextDeliveryDeparture,
  preCheckoutQuerySchema,
  previousDeliveryDeparture,
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
      expect(nextDeliveryDeparture(new Date(now), DEFAULT_DELIVERY_DEPARTURES).toISOString()).toBe(next);
    });
  }
});

describe('previous motoboy departure (the one before, for the dispatch board)', () => {
  const cases: Array<[string, string, string]> = [
    ['Monday 10:40 sharp: the one before, Saturday 12:00', '2026-11-23T13:40:00.000Z', '2026-11-21T15:00:00.000Z'],
    ['Monday 14:10 sharp: Monday 10:40', '2026-11-23T17:10:00.000Z', '2026-11-23T13:40:00.000Z'],
    ['Monday 10:41', '2026-11-23T13:41:00.000Z', '2026-11-23T13:40:00.000Z'],
    ['Saturday 12:00 sharp: Friday 14:10', '2026-11-28T15:00:00.000Z', '2026-11-27T17:10:00.000Z'],
    ['Sunday 10:00', '2026-11-29T13:00:00.000Z', '2026-11-28T15:00:00.000Z'],
  ];
  for (const [label, at, previous] of cases) {
    it(label, () => {
      expect(previousDeliveryDeparture(new Date(at), DEFAULT_DELIVERY_DEPARTURES).toISOString()).toBe(previous);
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
    expect(departuresOn('2026-11-23', DEFAULT_DELIVERY_DEPARTURES).map((at) => at.toISOString())).toEqual([
      '2026-11-23T13:40:00.000Z',
      '2026-11-23T17:10:00.000Z',
    ]);
    // Saturday 28/11/2026 at 12:00 is 15:00 UTC; Sunday 29/11/2026 has none.
    expect(departuresOn('2026-11-28', DEFAULT_DELIVERY_DEPARTURES).map((at) => at.toISOString())).toEqual([
      '2026-11-28T15:00:00.000Z',
    ]);
    expect(departuresOn('2026-11-29', DEFAULT_DELIVERY_DEPARTURES)).toEqual([]);
    expect(isDeliveryDeparture(new Date('2026-11-23T17:10:00.000Z'), DEFAULT_DELIVERY_DEPARTURES)).toBe(true);
    expect(isDeliveryDeparture(new Date('2026-11-23T17:11:00.000Z'), DEFAULT_DELIVERY_DEPARTURES)).toBe(false);
    // 23:30 in São Paulo on Monday is already Tuesday in UTC: the day is São Paulo's.
    expect(saoPauloDay(new Date('2026-11-24T02:30:00.000Z'))).toBe('2026-11-23');
  });
});

describe("a shop's own departures (issue 21: read from Configurações)", () => {
  // Monday to Friday 09:15 and 16:30, Saturday none, Sunday 11:00.
  const shop = [
    ['11:00'],
    ['09:15', '16:30'],
    ['09:15', '16:30'],
    ['09:15', '16:30'],
    ['09:15', '16:30'],
    ['16:30', '09:15'],
    [],
  ];

  it('follows the schedule given: Monday 10:00 waits for 16:30 (19:30 UTC); Friday 17:00 for Sunday 11:00 (14:00 UTC)', () => {
    const week = deliveryScheduleSchema.parse(shop);
    expect(week[5]).toEqual(['09:15', '16:30']);
    expect(nextDeliveryDeparture(new Date('2026-11-23T13:00:00.000Z'), week).toISOString()).toBe(
      '2026-11-23T19:30:00.000Z',
    );
    expect(nextDeliveryDeparture(new Date('2026-11-27T20:00:00.000Z'), week).toISOString()).toBe(
      '2026-11-29T14:00:00.000Z',
    );
    expect(departuresOn('2026-11-28', week)).toEqual([]);
    expect(isDeliveryDeparture(new Date('2026-11-23T13:40:00.000Z'), week)).toBe(false);
    expect(isDeliveryDeparture(new Date('2026-11-23T12:15:00.000Z'), week)).toBe(true);
  });

  it('refuses a malformed time, a week of another length and a week without departures, in Portuguese', () => {
    const messages = (value: unknown) => deliveryScheduleSchema.safeParse(value).error?.issues.map((i) => i.message);
    expect(messages([[], ['9:5'], [], [], [], [], []])).toEqual([
      'Horário de saída inválido: 9:5. Use HH:MM, de 00:00 a 23:59 (ex.: 10:40).',
    ]);
    expect(messages([[], ['24:00'], [], [], [], [], []])?.[0]).toContain('24:00');
    expect(messages([['10:00']])).toEqual(['Informe os horários de saída dos 7 dias da semana, de domingo a sábado.']);
    expect(messages([[], [], [], [], [], [], []])).toEqual(['Informe ao menos um horário de saída na semana.']);
  });

  it('says the schedule in words for the selling screen', () => {
    expect(describeDepartures(DEFAULT_DELIVERY_DEPARTURES)).toBe(
      'segunda a sexta às 10:40 e às 14:10; sábado às 12:00',
    );
    expect(describeDepartures(deliveryScheduleSchema.parse(shop))).toBe(
      'segunda a sexta às 09:15 e às 16:30; domingo às 11:00',
    );
    expect(describeDepartures([[], ['08:00'], ['08:00'], [], ['08:00'], [], []])).toBe(
      'segunda e terça às 08:00; quinta às 08:00',
    );
  });
});
