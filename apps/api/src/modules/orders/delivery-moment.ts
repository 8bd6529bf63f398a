import { businessDateTime, ORDER_LIMITS, ORDER_TEXTS } from '@backoffice/contract';
import { AppError } from '../../lib/errors';

/** What the request's travel and the two clocks' reading may add: within it, a moment is taken as told. */
export const DEVICE_TIME_SLACK_MS = 60_000;
const DAY_MS = 86_400_000;

export interface DeviceMoment {
  /** When it happened, by the phone's clock (the body's `occurredAt`). */
  occurredAt: string;
  /** The phone's clock when it sent the call (`deviceNow`); without it, the phone's clock is taken as right. */
  deviceNow?: string;
}

const refused = (message: string, details: Record<string, unknown>) =>
  new AppError(422, message, { code: 'DELIVERY_TIME_REFUSED', details });

/**
 * THE rule of a delivery's moment told by the phone (decision 0039). The phone's clock is corrected by the
 * server's: the moment is `occurredAt + (receivedAt − deviceNow)`, so a phone an hour behind (or a year ahead)
 * still records when the customer signed in the server's time. Refused (422 DELIVERY_TIME_REFUSED, in
 * Portuguese, naming the phone's reading) when it cannot be true even so: after the phone sent it, before the
 * order left for delivery (`departedAt`), or more than `ORDER_LIMITS.maxDeliveryAgeDays` before it reached the
 * server. Within `DEVICE_TIME_SLACK_MS` of those bounds it is kept inside them (never after `receivedAt`, never
 * before the departure), so the order's history stays in the order things happened.
 */
export function deliveryMoment(told: DeviceMoment, receivedAt: Date, departedAt: Date | null): Date {
  const occurred = Date.parse(told.occurredAt);
  const sent = told.deviceNow ? Date.parse(told.deviceNow) : receivedAt.getTime();
  const facts = { occurredAt: told.occurredAt, deviceNow: told.deviceNow ?? null };
  // After its own sending, by the phone's own clock: the message says the phone's reading.
  if (occurred > sent + DEVICE_TIME_SLACK_MS) {
    throw refused(ORDER_TEXTS.deliveryTimeInFuture(businessDateTime(new Date(occurred))), facts);
  }
  const corrected = Math.min(occurred + (receivedAt.getTime() - sent), receivedAt.getTime());
  // Compared with the server's times, the moment is said corrected, as the order would have shown it.
  const shown = businessDateTime(new Date(corrected));
  if (departedAt && corrected < departedAt.getTime() - DEVICE_TIME_SLACK_MS) {
    throw refused(ORDER_TEXTS.deliveryTimeBeforeDeparture(shown, businessDateTime(departedAt)), {
      ...facts,
      departedAt: departedAt.toISOString(),
    });
  }
  if (receivedAt.getTime() - corrected > ORDER_LIMITS.maxDeliveryAgeDays * DAY_MS) {
    throw refused(ORDER_TEXTS.deliveryTimeTooOld(shown), facts);
  }
  return new Date(Math.max(corrected, departedAt?.getTime() ?? Number.NEGATIVE_INFINITY));
}
