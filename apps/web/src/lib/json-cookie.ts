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
