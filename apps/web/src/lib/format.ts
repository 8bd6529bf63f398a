import {
  dayPeriod,
  formatBRL,
  formatBusinessDate,
  formatBusinessDateTime,
  formatDay,
  isCalendarDay,
  toBusinessTimestamp,
} from '@backoffice/contract';
import dayjs, { type Dayjs } from 'dayjs';
import 'dayjs/locale/pt-br';

dayjs.locale('pt-br');

type DateInput = string | number | Date | Dayjs | null | undefined;

/** The instant of a value, or null when missing or invalid. */
function instant(value: Exclude<DateInput, Dayjs>): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * DD/MM/YYYY; '' when missing or invalid. An instant is shown as the business's day (`clock.ts`, whatever the
 * browser's zone); a calendar day (`YYYY-MM-DD`, or a day picked in a date field) as it is.
 */
export function formatDate(value: DateInput): string {
  if (dayjs.isDayjs(value)) return value.isValid() ? value.format('DD/MM/YYYY') : '';
  if (typeof value === 'string' && isCalendarDay(value)) return formatDay(value);
  const date = instant(value);
  return date ? formatBusinessDate(date) : '';
}

/** DD/MM/YYYY HH:mm:ss of an instant on the business's clock (whatever the browser's); '' when missing or invalid. */
export function formatDateTime(value: DateInput): string {
  const date = dayjs.isDayjs(value) ? (value.isValid() ? value.toDate() : null) : instant(value);
  return date ? formatBusinessDateTime(date) : '';
}

/** R$ 1.234,56: the contract's `formatBRL`; '' when missing or not a number. */
export function formatMoney(value: number | string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  return formatBRL(Number(value));
}

/** YYYY-MM-DDTHH:mm:ss (the business's time, no milliseconds), the timestamp form of the API paths. */
export function toApiTimestamp(value: string | number | Date | Dayjs): string {
  return toBusinessTimestamp(dayjs.isDayjs(value) ? value.toDate() : new Date(value));
}

/**
 * The {start}/{end} of the API paths for whole calendar days picked on screen: 00:00:00 of the first to
 * 23:59:59 of the last, in the business's time (the contract's one period rule), whatever the browser's zone.
 */
export function dayPeriodOf(first: Dayjs, last: Dayjs): { start: string; end: string } {
  return dayPeriod(first.format('YYYY-MM-DD'), last.format('YYYY-MM-DD'));
}

/**
 * Phones `(11) 98765-4321`, CEPs `01234-567` and documents `123.456.789-09`: every screen, CSV and print
 * of the web app shows them through these (the contract's, which the API's exports use too).
 */
export { formatCep, formatDocument, formatPhone } from '@backoffice/contract';
