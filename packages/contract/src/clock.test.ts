import { afterEach, describe, expect, it } from 'vitest';
import {
  businessDay,
  businessTimeOn,
  businessTimeZone,
  DEFAULT_BUSINESS_TIME_ZONE,
  dayStart,
  formatBusinessDate,
  formatBusinessDateTime,
  formatBusinessDateTimeMinutes,
  formatBusinessTime,
  formatDay,
  formatMonth,
  fromBusinessTimestamp,
  isCalendarDay,
  isTimeZone,
  monthOf,
  nextMonthOf,
  setBusinessTimeZone,
  shiftDay,
  toBusinessTimestamp,
  weekdayOf,
  withBusinessOffset,
  zoneOffsetMs,
} from './clock';
import { parsePeriod } from './period';
import { DEFAULT_DELIVERY_DEPARTURES, departuresOn, nextDeliveryDeparture, previousDeliveryDeparture } from './selling';

const HOUR = 3_600_000;

afterEach(() => setBusinessTimeZone(DEFAULT_BUSINESS_TIME_ZONE));

describe('the business clock', () => {
  it('is São Paulo unless told otherwise', () => {
    expect(businessTimeZone()).toBe('America/Sao_Paulo');
  });

  it('shows an instant on São Paulo’s wall clock: 2026-03-01T02:30Z is 28/02/2026 23:30 there', () => {
    const at = new Date('2026-03-01T02:30:00Z');
    expect(formatBusinessDateTimeMinutes(at)).toBe('28/02/2026 23:30');
    expect(formatBusinessDateTime(at)).toBe('28/02/2026 23:30:00');
    expect(formatBusinessDate(at)).toBe('28/02/2026');
    expect(formatBusinessTime(at)).toBe('23:30');
    expect(businessDay(at)).toBe('2026-02-28');
    expect(toBusinessTimestamp(at)).toBe('2026-02-28T23:30:00');
  });

  it('puts the day boundary of 25/11/2026 at 03:00Z in São Paulo and Recife, 04:00Z in Manaus', () => {
    expect(dayStart('2026-11-25').toISOString()).toBe('2026-11-25T03:00:00.000Z');
    expect(dayStart('2026-11-25', 'America/Recife').toISOString()).toBe('2026-11-25T03:00:00.000Z');
    expect(dayStart('2026-11-25', 'America/Manaus').toISOString()).toBe('2026-11-25T04:00:00.000Z');
    // 03:30Z is already the 25th in São Paulo, still 23:30 of the 24th in Manaus.
    const at = new Date('2026-11-25T03:30:00Z');
    expect(businessDay(at)).toBe('2026-11-25');
    expect(businessDay(at, 'America/Manaus')).toBe('2026-11-24');
    expect(formatBusinessDateTime(at, 'America/Manaus')).toBe('24/11/2026 23:30:00');
  });

  it('reads offsets from the zone’s rules, not a fixed −3 h: São Paulo kept summer time until 2019', () => {
    expect(zoneOffsetMs(new Date('2026-01-15T12:00:00Z'))).toBe(-3 * HOUR);
    // Summer time of 2018/2019 (UTC−2): from 04/11/2018 to 16/02/2019.
    expect(zoneOffsetMs(new Date('2018-12-15T12:00:00Z'))).toBe(-2 * HOUR);
    expect(dayStart('2018-12-15').toISOString()).toBe('2018-12-15T02:00:00.000Z');
    expect(zoneOffsetMs(new Date('2026-01-15T12:00:00Z'), 'America/Manaus')).toBe(-4 * HOUR);
    // A zone on a quarter hour: Kathmandu is UTC+05:45.
    expect(formatBusinessDateTime(new Date('2026-01-01T00:00:00Z'), 'Asia/Kathmandu')).toBe('01/01/2026 05:45:00');
    expect(fromBusinessTimestamp('2026-01-01T05:45:00', 'Asia/Kathmandu').toISOString()).toBe(
      '2026-01-01T00:00:00.000Z',
    );
  });

  it('turns a wall-clock time back into its instant, and refuses what is no time', () => {
    expect(fromBusinessTimestamp('2026-02-28T23:30:00').toISOString()).toBe('2026-03-01T02:30:00.000Z');
    expect(businessTimeOn('2026-11-25', '10:40').toISOString()).toBe('2026-11-25T13:40:00.000Z');
    expect(businessTimeOn('2026-11-25', '10:40', 'America/Manaus').toISOString()).toBe('2026-11-25T14:40:00.000Z');
    expect(Number.isNaN(fromBusinessTimestamp('2026-13-01T00:00:00').getTime())).toBe(true);
  });

  it('counts calendar days and months without a zone', () => {
    expect(shiftDay('2026-02-28', 1)).toBe('2026-03-01');
    expect(shiftDay('2028-02-28', 1)).toBe('2028-02-29');
    expect(shiftDay('2026-01-01', -1)).toBe('2025-12-31');
    expect(weekdayOf('2026-11-25')).toBe(3); // a Wednesday
    expect(monthOf('2026-11-25')).toBe('2026-11-01');
    expect(nextMonthOf('2026-12-15')).toBe('2027-01-01');
    expect(nextMonthOf('2026-01-31')).toBe('2026-02-01');
    expect(formatDay('2026-11-25')).toBe('25/11/2026');
    expect(formatMonth('2026-03')).toBe('mar/2026');
    expect(formatMonth('2026-12-01')).toBe('dez/2026');
    expect(isCalendarDay('2026-02-28')).toBe(true);
    expect(isCalendarDay('2026-02-30')).toBe(false);
    expect(isCalendarDay('2026-2-3')).toBe(false);
  });

  it('takes only IANA zones', () => {
    expect(isTimeZone('America/Manaus')).toBe(true);
    expect(isTimeZone('America/Recife')).toBe(true);
    expect(isTimeZone('Mars/Olympus_Mons')).toBe(false);
    expect(isTimeZone('-03:00')).toBe(false);
    expect(isTimeZone('')).toBe(false);
    expect(() => setBusinessTimeZone('Mars/Olympus_Mons')).toThrow('Unknown time zone');
    expect(businessTimeZone()).toBe('America/Sao_Paulo');
  });

  it('moves every rule with the zone set: periods, departures, the day of an instant (a shop in Manaus)', () => {
    setBusinessTimeZone('America/Manaus');
    const period = parsePeriod('2026-11-25T00:00:00', '2026-11-25T23:59:59');
    expect(period.ok && [period.from.toISOString(), period.until.toISOString()]).toEqual([
      '2026-11-25T04:00:00.000Z',
      '2026-11-26T04:00:00.000Z',
    ]);
    // Section 9's Wednesday departures, 10:40 and 14:10 in Manaus.
    expect(departuresOn('2026-11-25', DEFAULT_DELIVERY_DEPARTURES).map((d) => d.toISOString())).toEqual([
      '2026-11-25T14:40:00.000Z',
      '2026-11-25T18:10:00.000Z',
    ]);
    // 23:30 of Tuesday in Manaus: the next departure is Wednesday's first.
    expect(nextDeliveryDeparture(new Date('2026-11-25T03:30:00Z'), DEFAULT_DELIVERY_DEPARTURES).toISOString()).toBe(
      '2026-11-25T14:40:00.000Z',
    );
    expect(formatBusinessDateTimeMinutes(new Date('2026-03-01T02:30:00Z'))).toBe('28/02/2026 22:30');
  });

  it('reads the far edges of a period (year 0000 and 9999) with the nearest offset it knows, both ways', () => {
    // São Paulo is 3 h behind UTC in 1970 and today: midnight of 1 January of year 0 is 03:00 UTC that day.
    expect(fromBusinessTimestamp('0000-01-01T00:00:00').toISOString()).toBe('0000-01-01T03:00:00.000Z');
    expect(toBusinessTimestamp(new Date('0000-01-01T03:00:00Z'))).toBe('0000-01-01T00:00:00');
    expect(fromBusinessTimestamp('9999-12-31T23:59:59').toISOString()).toBe('+010000-01-01T02:59:59.000Z');
  });

  it('finds the departure before an instant, across the days back', () => {
    // Wednesday 25/11/2026 10:00 in São Paulo (13:00Z): the last departure before it is Tuesday's last, 14:10.
    expect(previousDeliveryDeparture(new Date('2026-11-25T13:00:00Z'), DEFAULT_DELIVERY_DEPARTURES).toISOString()).toBe(
      '2026-11-24T17:10:00.000Z',
    );
    // Monday 23/11/2026 09:00 (12:00Z): no departure on Sunday, so Saturday's 12:00 (15:00Z).
    expect(previousDeliveryDeparture(new Date('2026-11-23T12:00:00Z'), DEFAULT_DELIVERY_DEPARTURES).toISOString()).toBe(
      '2026-11-21T15:00:00.000Z',
    );
  });
});

describe('withBusinessOffset (an NF-e date)', () => {
  it("writes a wall-clock time with its zone's offset at that time", () => {
    expect(withBusinessOffset('2026-11-20T10:15:00', 'America/Sao_Paulo')).toBe('2026-11-20T10:15:00-03:00');
    expect(withBusinessOffset('2026-11-20T10:15', 'America/Manaus')).toBe('2026-11-20T10:15:00-04:00');
    // São Paulo kept summer time until 2019: 20/01/2018 was UTC−02:00.
    expect(withBusinessOffset('2018-01-20T10:15:00', 'America/Sao_Paulo')).toBe('2018-01-20T10:15:00-02:00');
    expect(withBusinessOffset('2026-11-20T10:15:00', 'Asia/Kolkata')).toBe('2026-11-20T10:15:00+05:30');
  });
});
