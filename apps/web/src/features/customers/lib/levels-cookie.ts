import type { CustomerLevelOption } from '@backoffice/contract';

/** The spec's cookie (section 3): the customer levels fetched from the server, as JSON. */
export const LEVELS_COOKIE = 'customerLevels';
const ONE_DAY_SECONDS = 24 * 60 * 60;

function isLevelList(value: unknown): value is CustomerLevelOption[] {
  return (
    Array.isArray(value) &&
    value.length > 0 &&
    value.every(
      (item) =>
        typeof item === 'object' &&
        item !== null &&
        typeof (item as CustomerLevelOption).value === 'number' &&
        typeof (item as CustomerLevelOption).text === 'string',
    )
  );
}

/** The cached levels, or null when the cookie is missing or unreadable. */
export function readLevelsCookie(): CustomerLevelOption[] | null {
  const entry = document.cookie.split('; ').find((part) => part.startsWith(`${LEVELS_COOKIE}=`));
  if (!entry) return null;
  try {
    const parsed: unknown = JSON.parse(decodeURIComponent(entry.slice(LEVELS_COOKIE.length + 1)));
    return isLevelList(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

export function writeLevelsCookie(levels: CustomerLevelOption[]): void {
  const value = encodeURIComponent(JSON.stringify(levels));
  // biome-ignore lint/suspicious/noDocumentCookie: the spec names this cookie; the Cookie Store API is not everywhere.
  document.cookie = `${LEVELS_COOKIE}=${value}; path=/; max-age=${ONE_DAY_SECONDS}; SameSite=Lax`;
}
