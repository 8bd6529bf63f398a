import type { ProductSource } from '@backoffice/contract';
import { isListOf, readJsonCookie, writeJsonCookie } from '../../../lib/json-cookie';

/** The spec's cookie (section 3): the stock-entry operation types fetched from the server, as JSON. */
export const SOURCES_COOKIE = 'productSources';

const isSourceList = isListOf<ProductSource>({ key: 'string', name: 'string' });

/** The cached list, or null when the cookie is missing or unreadable. */
export function readSourcesCookie(): ProductSource[] | null {
  return readJsonCookie(SOURCES_COOKIE, isSourceList);
}

export function writeSourcesCookie(list: ProductSource[]): void {
  writeJsonCookie(SOURCES_COOKIE, list);
}
