import type { ProductSource } from '@backoffice/contract';

/** The spec's cookie (section 3): the stock-entry operation types fetched from the server, as JSON. */
export const SOURCES_COOKIE = 'productSources';
const ONE_DAY_SECONDS = 24 * 60 * 60;

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

/** The cached sources, or null when the cookie is missing or unreadable. */
export function readSourcesCookie(): ProductSource[] | null {
  const entry = document.cookie.split('; ').find((part) => part.startsWith(`${SOURCES_COOKIE}=`));
  if (!entry) return null;
  try {
    const parsed: unknown = JSON.parse(decodeURIComponent(entry.slice(SOURCES_COOKIE.length + 1)));
    return isSourceList(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

export function writeSourcesCookie(sources: ProductSource[]): void {
  const value = encodeURIComponent(JSON.stringify(sources));
  // biome-ignore lint/suspicious/noDocumentCookie: the spec names this cookie; the Cookie Store API is not everywhere.
  document.cookie = `${SOURCES_COOKIE}=${value}; path=/; max-age=${ONE_DAY_SECONDS}; SameSite=Lax`;
}
