import { dayPeriod, formatBRL } from '@backoffice/contract';
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

/** R$ 1.234,56: the contract's `formatBRL`; '' when missing or not a number. */
export function formatMoney(value: number | string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  return formatBRL(Number(value));
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
