import type { CustomerLevelOption } from '@backoffice/contract';
import { isListOf, readJsonCookie, writeJsonCookie } from '../../../lib/json-cookie';

/** The spec's cookie (section 3): the customer levels fetched from the server, as JSON. */
export const LEVELS_COOKIE = 'customerLevels';

const isLevelList = isListOf<CustomerLevelOption>({ value: 'number', text: 'string' });

/** The cached list, or null when the cookie is missing or unreadable. */
export function readLevelsCookie(): CustomerLevelOption[] | null {
  return readJsonCookie(LEVELS_COOKIE, isLevelList);
}

export function writeLevelsCookie(list: CustomerLevelOption[]): void {
  writeJsonCookie(LEVELS_COOKIE, list);
}
