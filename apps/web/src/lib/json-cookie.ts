/** A JSON value cached in a cookie (the spec keeps customer levels and product sources this way). */
export function readJsonCookie<T>(name: string, isValid: (value: unknown) => value is T): T | null {
  const entry = document.cookie.split('; ').find((part) => part.startsWith(`${name}=`));
  if (!entry) return null;
  try {
    const parsed: unknown = JSON.parse(decodeURIComponent(entry.slice(name.length + 1)));
    return isValid(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

export function writeJsonCookie(name: string, value: unknown, maxAgeSeconds = 24 * 60 * 60): void {
  const encoded = encodeURIComponent(JSON.stringify(value));
  // biome-ignore lint/suspicious/noDocumentCookie: the spec names these cookies; the Cookie Store API is not everywhere.
  document.cookie = `${name}=${encoded}; path=/; max-age=${maxAgeSeconds}; SameSite=Lax`;
}

/** A check that a value is a non-empty list of objects whose named fields have these types. */
export function isListOf<T>(fields: Partial<Record<keyof T, 'string' | 'number'>>) {
  const entries = Object.entries(fields) as [string, string][];
  return (value: unknown): value is T[] =>
    Array.isArray(value) &&
    value.length > 0 &&
    value.every(
      (item) =>
        typeof item === 'object' &&
        item !== null &&
        entries.every(([field, type]) => typeof (item as Record<string, unknown>)[field] === type),
    );
}
