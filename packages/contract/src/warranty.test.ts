import { describe, expect, it } from 'vitest';
import { type PhoneWarrantyFacts, phoneWarranty } from './warranty';

/** A phone of a 12-month product, sold and delivered by a courier on 31 Jan 2026 at 12:00 São Paulo time. */
const order = { pickup: false, deliveredAt: '2026-01-31T15:00:00.000Z', finishedAt: '2026-02-02T13:00:00.000Z' };
const delivered: PhoneWarrantyFacts = {
  order,
  exchangedAt: null,
  warrantyMonths: 12,
  extendedWarranty: false,
  status: 'SOLD',
};
const asTexts = (warranty: ReturnType<typeof phoneWarranty>) => ({
  receivedAt: warranty.receivedAt?.toISOString() ?? null,
  endsAt: warranty.endsAt?.toISOString() ?? null,
  daysLeft: warranty.daysLeft,
});

describe("a phone's warranty", () => {
  it('runs the product months from the delivery; a month without that day ends on its last day', () => {
    // 31 Jan 2026 + 12 months = 31 Jan 2027; 10 Jan 2027 15:00 is 21 days before.
    expect(asTexts(phoneWarranty(delivered, new Date('2027-01-10T15:00:00.000Z')))).toEqual({
      receivedAt: '2026-01-31T15:00:00.000Z',
      endsAt: '2027-01-31T15:00:00.000Z',
      daysLeft: 21,
    });
    // 31 Jan + 1 month: February has no 31st, so 28 Feb; 2 hours before it ends is still a (started) day.
    expect(asTexts(phoneWarranty({ ...delivered, warrantyMonths: 1 }, new Date('2026-02-28T13:00:00.000Z')))).toEqual({
      receivedAt: '2026-01-31T15:00:00.000Z',
      endsAt: '2026-02-28T15:00:00.000Z',
      daysLeft: 1,
    });
    // Once ended: 0 days left, the end date still said.
    expect(phoneWarranty({ ...delivered, warrantyMonths: 1 }, new Date('2026-03-10T12:00:00.000Z')).daysLeft).toBe(0);
  });

  it('adds 12 months with the extended warranty', () => {
    // 31 Jan 2026 + 3 + 12 months = 30 Apr 2027 (April has 30 days).
    const warranty = phoneWarranty({ ...delivered, warrantyMonths: 3, extendedWarranty: true });
    expect(warranty.endsAt?.toISOString()).toBe('2027-04-30T15:00:00.000Z');
  });

  it('starts at the finalization for a store pickup, at the exchange for a replacement given after delivery', () => {
    const pickup = phoneWarranty({ ...delivered, order: { ...order, pickup: true } });
    expect(pickup.receivedAt?.toISOString()).toBe('2026-02-02T13:00:00.000Z');
    expect(pickup.endsAt?.toISOString()).toBe('2027-02-02T13:00:00.000Z');
    const replacement = phoneWarranty({ ...delivered, exchangedAt: new Date('2026-03-05T18:30:00.000Z') });
    expect(replacement.receivedAt?.toISOString()).toBe('2026-03-05T18:30:00.000Z');
    expect(replacement.endsAt?.toISOString()).toBe('2027-03-05T18:30:00.000Z');
  });

  it('gives none before the customer has the phone, nor once it came back', () => {
    const notDelivered = { ...delivered, order: { pickup: false, deliveredAt: null, finishedAt: null } };
    expect(asTexts(phoneWarranty(notDelivered))).toEqual({ receivedAt: null, endsAt: null, daysLeft: null });
    expect(asTexts(phoneWarranty({ ...delivered, order: null, status: 'IN_STOCK' }))).toEqual({
      receivedAt: null,
      endsAt: null,
      daysLeft: null,
    });
    // Returned (in analysis): it was received, but is no longer the customer's.
    expect(asTexts(phoneWarranty({ ...delivered, status: 'RETURNED' }))).toEqual({
      receivedAt: '2026-01-31T15:00:00.000Z',
      endsAt: null,
      daysLeft: null,
    });
  });
});
