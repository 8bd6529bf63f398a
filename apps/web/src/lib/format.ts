import { dayPeriod } from '@backoffice/contract';
import dayjs, { type Dayjs } from 'dayjs';
import 'dayjs/locale/pt-br';

dayjs.locale('pt-br');

type DateInput = string | number | Date | Dayjs | null | undefined;

function parse(value: DateInput): Dayjs | null {
  if (value === null || value === undefined || value === '') return null;
  const date = dayjs(value);
  return date.isValid() ? date : null;
}

/** DD/MM/YYYY; '' when missing or invalid. */
export function formatDate(value: DateInput): string {
  return parse(value)?.format('DD/MM/YYYY') ?? '';
}

/** DD/MM/YYYY HH:mm:ss; '' when missing or invalid. */
export function formatDateTime(value: DateInput): string {
  return parse(value)?.format('DD/MM/YYYY HH:mm:ss') ?? '';
}

/**
 * R$ 1.234,56 (a minus before R$ when below zero, none for an amount that rounds to zero); '' when missing or not
 * a number. Written by hand rather than with `Intl.NumberFormat`, whose Brazilian currency data costs a phone
 * 50–70 ms of its first screen (4× CPU) to load. Rounded as Intl rounds: the number as JavaScript writes it
 * (0.015, not its binary value), half away from zero (format.test.ts compares the two).
 */
export function formatMoney(value: number | string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const number = Number(value);
  if (!Number.isFinite(number)) return '';
  const written = String(Math.abs(number));
  // Beyond 10^21 JavaScript writes an exponent: no amount of the shop is that large; below 10^-6 it is zero.
  if (written.includes('e+')) return '';
  const [whole = '0', decimals = ''] = written.includes('e-') ? ['0'] : written.split('.');
  const cents =
    BigInt(whole + decimals.slice(0, 2).padEnd(2, '0')) + ((decimals[2] ?? '0') >= '5' ? BigInt(1) : BigInt(0));
  const reais = (cents / BigInt(100)).toString();
  const rest = (cents % BigInt(100)).toString().padStart(2, '0');
  const sign = number < 0 && cents > BigInt(0) ? '-' : '';
  return `${sign}R$ ${reais.replace(/\B(?=(\d{3})+(?!\d))/g, '.')},${rest}`;
}

/** YYYY-MM-DDTHH:mm:ss (local time, no milliseconds), the timestamp form of the API paths. */
export function toApiTimestamp(value: string | number | Date | Dayjs): string {
  return dayjs(value).format('YYYY-MM-DDTHH:mm:ss');
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
