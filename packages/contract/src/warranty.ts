import { EXTENDED_WARRANTY_MONTHS, type UnitStatus } from './imei';

/**
 * A phone's warranty (decisions 0011, 0039): a rule of the sale, read by the stock module when it shows a phone
 * ('Consultar IMEI') and by the repairs' counter. In the contract, pure, so the stock module reads it without
 * reaching up into selling (no two modules import each other, issue 60 §3).
 */

const DAY_MS = 24 * 60 * 60 * 1000;

/** `at` plus whole calendar months: the same day of the month (UTC), or the month's last day if it has none. */
function addMonths(at: Date, months: number): Date {
  const end = new Date(at);
  const day = end.getUTCDate();
  end.setUTCDate(1);
  end.setUTCMonth(end.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() + 1, 0)).getUTCDate();
  end.setUTCDate(Math.min(day, lastDay));
  return end;
}

/** What a phone's warranty depends on: its unit, its order and the exchange that gave it, if one did. */
export interface PhoneWarrantyFacts {
  /** The order the phone went to (none: never sold): how it was handed over and when. */
  order: {
    /** A store pickup: the customer has it when the order is finalized. */
    pickup: boolean;
    /** When the order was delivered (the signature's moment). */
    deliveredAt: Date | string | null;
    finishedAt: Date | string | null;
  } | null;
  /** When the exchange that gave this phone to its order was registered (a replacement), else null. */
  exchangedAt: Date | string | null;
  /** The product's months of warranty. */
  warrantyMonths: number;
  /** A seminovo's own warranty in days (decision 0058), fixed when it was taken in: replaces the product's months. */
  warrantyDays?: number | null;
  /** The order bought the extended warranty. */
  extendedWarranty: boolean;
  status: UnitStatus;
}

export interface PhoneWarranty {
  /** When the customer received the phone ('Entregue ao cliente'); null while he has not. */
  receivedAt: Date | null;
  /** When the warranty ends; null when the phone has none (not received, or no longer the customer's). */
  endsAt: Date | null;
  /** Whole days left (rounded up, 0 once ended); null without a warranty. */
  daysLeft: number | null;
}

/**
 * The customer received the phone when its order was delivered (the signature's moment; a store pickup: its
 * finalization), or, for a phone that joined the order after that (an exchange's replacement, handed over at
 * the counter), when it joined it. Its warranty runs from that moment for the product's months (a seminovo: its own
 * days, decision 0058), plus 12 with
 * the order's extended warranty; a month without that day ends on its last day. Only while the unit is SOLD: a
 * phone that came back (in analysis), released or written off has none.
 */
export function phoneWarranty(facts: PhoneWarrantyFacts, now = new Date()): PhoneWarranty {
  const { order } = facts;
  const orderDelivered = order === null ? null : order.pickup ? order.finishedAt : order.deliveredAt;
  const exchangedAt = facts.exchangedAt === null ? 0 : new Date(facts.exchangedAt).getTime();
  const receivedAt = orderDelivered ? new Date(Math.max(new Date(orderDelivered).getTime(), exchangedAt)) : null;
  const days = facts.warrantyDays ?? null;
  const months = (days === null ? facts.warrantyMonths : 0) + (facts.extendedWarranty ? EXTENDED_WARRANTY_MONTHS : 0);
  const endsAt =
    receivedAt && facts.status === 'SOLD'
      ? addMonths(new Date(receivedAt.getTime() + (days ?? 0) * DAY_MS), months)
      : null;
  return {
    receivedAt,
    endsAt,
    daysLeft: endsAt ? Math.max(0, Math.ceil((endsAt.getTime() - now.getTime()) / DAY_MS)) : null,
  };
}
