import {
  businessDay,
  DEFAULT_DELIVERY_DEPARTURES,
  dayStart,
  nextDeliveryDeparture,
  weekdayOf,
} from '@backoffice/contract';

/**
 * Time in the demo: the shop keeps the business's clock (`clock.ts`, São Paulo unless BUSINESS_TIME_ZONE says
 * otherwise). Every timestamp is a number of milliseconds (UTC); "local" helpers read and build its wall-clock
 * times.
 */
export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

/** Start (UTC ms) of the business day that contains `ms`. */
export function localDayStart(ms: number): number {
  return dayStart(businessDay(ms)).getTime();
}

/** 0 Sunday … 6 Saturday, in the business's zone. */
export function localWeekday(ms: number): number {
  return weekdayOf(businessDay(ms));
}

/** Minutes since the business's midnight. */
export function localMinutes(ms: number): number {
  return Math.floor((ms - localDayStart(ms)) / MINUTE);
}

/** When people use the shop app: two-hour slots from 7h to 23h with their weights, busiest at night. */
export const APP_HOURS = [
  [7, 2],
  [9, 4],
  [11, 5],
  [13, 5],
  [15, 4],
  [17, 5],
  [19, 8],
  [21, 7],
] as const;

/** The UTC ms of a wall-clock time of the business on the day of `dayStart` (a zone without clock changes). */
export function at(dayStart: number, hours: number, minutes = 0): number {
  return dayStart + hours * HOUR + minutes * MINUTE;
}

/** Month (0–11) and day of month in the business's zone. */
export function localDate(ms: number): { month: number; day: number; year: number } {
  const [year, month, day] = businessDay(ms).split('-').map(Number) as [number, number, number];
  return { month: month - 1, day, year };
}

/** Opening hours of the store: Monday to Friday 08:30–18:30, Saturday 08:30–13:00, closed on Sunday. */
function openingOf(dayStart: number): [number, number] | undefined {
  const weekday = localWeekday(dayStart + HOUR * 12);
  if (weekday === 0) return undefined;
  if (weekday === 6) return [at(dayStart, 8, 30), at(dayStart, 13)];
  return [at(dayStart, 8, 30), at(dayStart, 18, 30)];
}

/** The same instant if the store is open then, else the next opening (staff act only while open). */
export function businessTime(ms: number): number {
  let dayStart = localDayStart(ms);
  for (let i = 0; i < 8; i++) {
    const opening = openingOf(dayStart);
    if (opening) {
      if (ms < opening[0]) return opening[0];
      if (ms <= opening[1]) return ms;
    }
    dayStart += DAY;
    ms = dayStart;
  }
  return ms;
}

/**
 * The first courier departure at or after `ms`: the demo's shop keeps section 9's defaults (the contract's
 * `DEFAULT_DELIVERY_DEPARTURES`, the one copy of those times).
 */
export function nextDeparture(ms: number): number {
  return nextDeliveryDeparture(new Date(ms - 1), DEFAULT_DELIVERY_DEPARTURES).getTime();
}
