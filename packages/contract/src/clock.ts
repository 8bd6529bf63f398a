/**
 * The business clock: the one place that knows the shop's time zone and turns instants into its calendar
 * days, months and wall-clock times (issue 37 §2). Every date the server, its SQL, the CSVs, the audit and the
 * web show or read goes through here; nothing else writes an offset or a zone's name (`clock-stray.test.ts`).
 *
 * The zone is the server's `BUSINESS_TIME_ZONE` (an IANA name, America/Sao_Paulo by default, so a shop in
 * Manaus or Recife sets its own). The API sets it once at start (`setBusinessTimeZone`), the web when the
 * server tells it (the sign-in's answer): one zone per process, whatever the machine's or the browser's.
 * Offsets are never written by hand (Brazil has had no daylight saving since 2019, but a zone's rules are the
 * zone's): they are read from Intl and kept per zone.
 */

/** The zone when `BUSINESS_TIME_ZONE` is not set. */
export const DEFAULT_BUSINESS_TIME_ZONE = 'America/Sao_Paulo';

let currentZone: string = DEFAULT_BUSINESS_TIME_ZONE;

const partsFormats = new Map<string, Intl.DateTimeFormat>();

function partsFormat(zone: string): Intl.DateTimeFormat {
  let format = partsFormats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    partsFormats.set(zone, format);
  }
  return format;
}

/** Whether `zone` is an IANA time zone this runtime knows ('America/Manaus'), not an offset or a typo. */
export function isTimeZone(zone: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/.test(zone)) return false;
  try {
    partsFormat(zone);
    return true;
  } catch {
    return false;
  }
}

/**
 * The zone of the server's `BUSINESS_TIME_ZONE` variable: the default when unset or empty; an unknown zone
 * stops the start with its name.
 */
export function businessTimeZoneFrom(value: string | undefined): string {
  if (value === undefined || value === '') return DEFAULT_BUSINESS_TIME_ZONE;
  if (!isTimeZone(value)) {
    throw new Error(
      `BUSINESS_TIME_ZONE must be an IANA time zone such as America/Manaus, not ${JSON.stringify(value)}`,
    );
  }
  return value;
}

/** Sets the business's zone for this process (the API's config, the web's session); throws on an unknown zone. */
export function setBusinessTimeZone(zone: string): void {
  if (!isTimeZone(zone)) throw new Error(`Unknown time zone: ${zone}`);
  currentZone = zone;
}

/** The business's IANA time zone. */
export function businessTimeZone(): string {
  return currentZone;
}

const QUARTER_HOUR = 15 * 60_000;
/** Per zone, the offset of each quarter hour asked (zones change offset on quarter hours at the finest). */
const offsets = new Map<string, Map<number, number>>();

/**
 * The zones' offsets are read between these instants; one outside takes its nearest edge's. No shop's record
 * is there, but a period may reach year 0000 or 9999 (the history screens): before 1970 the zones had local
 * mean times of odd seconds, and Date.UTC reads years 0–99 as 1900–1999.
 */
const OFFSETS_FROM = Date.UTC(1970, 0, 1);
const OFFSETS_UNTIL = Date.UTC(2200, 0, 1);

/** The zone's offset from UTC at `at`, in milliseconds (São Paulo: −3 h). */
export function zoneOffsetMs(at: Date | number, zone: string = currentZone): number {
  const ms = Math.min(Math.max(typeof at === 'number' ? at : at.getTime(), OFFSETS_FROM), OFFSETS_UNTIL);
  let cache = offsets.get(zone);
  if (!cache) {
    cache = new Map();
    offsets.set(zone, cache);
  }
  const bucket = Math.floor(ms / QUARTER_HOUR);
  const known = cache.get(bucket);
  if (known !== undefined) return known;
  const parts: Record<string, number> = {};
  for (const part of partsFormat(zone).formatToParts(bucket * QUARTER_HOUR)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  const asUtc = Date.UTC(
    parts.year as number,
    (parts.month as number) - 1,
    parts.day as number,
    parts.hour as number,
    parts.minute as number,
    parts.second as number,
  );
  const offset = asUtc - bucket * QUARTER_HOUR;
  if (cache.size > 50_000) cache.clear();
  cache.set(bucket, offset);
  return offset;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** An instant as the business's wall clock, `YYYY-MM-DDTHH:mm:ss` (the period routes' timestamps). */
export function toBusinessTimestamp(at: Date | number, zone: string = currentZone): string {
  const ms = typeof at === 'number' ? at : at.getTime();
  return new Date(ms + zoneOffsetMs(ms, zone)).toISOString().slice(0, 19);
}

/**
 * A wall-clock time of the business (`YYYY-MM-DDTHH:mm[:ss]`) with the zone's UTC offset at that time,
 * `YYYY-MM-DDTHH:mm:ss±hh:mm`: the form of an NF-e's dates (dhEmi, dhRecbto).
 */
export function withBusinessOffset(local: string, zone: string = currentZone): string {
  const offset = zoneOffsetMs(fromBusinessTimestamp(local, zone), zone);
  const minutes = Math.abs(offset) / 60_000;
  const seconds = local.length === 16 ? `${local}:00` : local;
  return `${seconds}${offset < 0 ? '-' : '+'}${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
}

/**
 * The instant of a wall-clock time of the business (`YYYY-MM-DDTHH:mm[:ss]`); an invalid Date when it is not one.
 * (Around a clock change of a zone that still has them, a skipped or repeated time gets one of its readings.)
 */
export function fromBusinessTimestamp(local: string, zone: string = currentZone): Date {
  const asUtc = Date.parse(`${local}Z`);
  if (Number.isNaN(asUtc)) return new Date(Number.NaN);
  const guess = asUtc - zoneOffsetMs(asUtc, zone);
  return new Date(asUtc - zoneOffsetMs(guess, zone));
}

/** The business's calendar day (`YYYY-MM-DD`) of an instant. */
export function businessDay(at: Date | number, zone: string = currentZone): string {
  return toBusinessTimestamp(at, zone).slice(0, 10);
}

/** The instant the business's day `YYYY-MM-DD` begins (its 00:00). */
export function dayStart(day: string, zone: string = currentZone): Date {
  return fromBusinessTimestamp(`${day}T00:00:00`, zone);
}

/** Whether `day` is a real calendar day written `YYYY-MM-DD` (2026-02-30 is not). */
export function isCalendarDay(day: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return false;
  const at = Date.parse(`${day}T12:00:00Z`);
  // Date rolls 2026-02-30 over to March: compare back.
  return !Number.isNaN(at) && new Date(at).toISOString().slice(0, 10) === day;
}

/** The calendar day `days` after (or before, when negative) `day` (`YYYY-MM-DD`); no zone involved. */
export function shiftDay(day: string, days: number): string {
  return new Date(Date.parse(`${day}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** Calendar days from `from` to `to` (`YYYY-MM-DD`): negative when `to` is before; 29 February counts. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T12:00:00Z`) - Date.parse(`${from}T12:00:00Z`)) / 86_400_000);
}

/** The weekday of a calendar day (`YYYY-MM-DD`): 0 Sunday … 6 Saturday. */
export function weekdayOf(day: string): number {
  return new Date(`${day}T12:00:00Z`).getUTCDay();
}

/** The first day (`YYYY-MM-01`) of the month of a calendar day. */
export function monthOf(day: string): string {
  return `${day.slice(0, 7)}-01`;
}

/** The first day of the month after the month of a calendar day. */
export function nextMonthOf(day: string): string {
  const [year, month] = day.split('-').map(Number) as [number, number];
  return month === 12 ? `${year + 1}-01-01` : `${year}-${pad(month + 1)}-01`;
}

/** The instant of `HH:mm` on the business's day `YYYY-MM-DD`. */
export function businessTimeOn(day: string, time: string, zone: string = currentZone): Date {
  return fromBusinessTimestamp(`${day}T${time}`, zone);
}

const dayFirst = (timestamp: string) => `${timestamp.slice(8, 10)}/${timestamp.slice(5, 7)}/${timestamp.slice(0, 4)}`;

/** DD/MM/YYYY of an instant, in the business's zone. */
export function formatBusinessDate(at: Date | number, zone: string = currentZone): string {
  return dayFirst(toBusinessTimestamp(at, zone));
}

/** DD/MM/YYYY HH:mm:ss of an instant, in the business's zone. */
export function formatBusinessDateTime(at: Date | number, zone: string = currentZone): string {
  const timestamp = toBusinessTimestamp(at, zone);
  return `${dayFirst(timestamp)} ${timestamp.slice(11, 19)}`;
}

/** DD/MM/YYYY HH:mm of an instant, in the business's zone. */
export function formatBusinessDateTimeMinutes(at: Date | number, zone: string = currentZone): string {
  return formatBusinessDateTime(at, zone).slice(0, 16);
}

/** HH:mm of an instant, in the business's zone. */
export function formatBusinessTime(at: Date | number, zone: string = currentZone): string {
  return toBusinessTimestamp(at, zone).slice(11, 16);
}

const MONTH_NAMES = ['jan', 'fev', 'mar', 'abr', 'mai', 'jun', 'jul', 'ago', 'set', 'out', 'nov', 'dez'] as const;

/** A month (`YYYY-MM`, or a day of it) as a Brazilian reads it in a table: 'mar/2026'. */
export function formatMonth(month: string): string {
  return `${MONTH_NAMES[Number(month.slice(5, 7)) - 1] ?? month.slice(5, 7)}/${month.slice(0, 4)}`;
}

/** DD/MM/YYYY of a calendar day (`YYYY-MM-DD`), as it is: a day has no zone. */
export function formatDay(day: string): string {
  return dayFirst(day);
}
