import type { ProductSource } from '@backoffice/contract';
import { readJsonCookie, writeJsonCookie } from '../../../lib/json-cookie';

/** The spec's cookie (section 3): the stock-entry operation types fetched from the server, as JSON. */
export const SOURCES_COOKIE = 'productSources';

function isSourceList(value: unknown): value is ProductSource[] {
  return (
    Array.isArray(value) &&
    value.length > 0 &&
    value.every(
      (item) =>
        typeof item === 'object' &&
        item !== null &&
        typeof (item as ProductSource).key === 'string' &&
        typeof (item as ProductSource).name === 'string',
    )
  );
}

/** The cached list, or null when the cookie is missing or unreadable. */
export function readSourcesCookie(): ProductSource[] | null {
  return readJsonCookie(SOURCES_COOKIE, isSourceList);
}

export function writeSourcesCookie(list: ProductSource[]): void {
  writeJsonCookie(SOURCES_COOKIE, list);
}
