/** Lower-cases and strips accents, for accent- and case-insensitive search. */
export function normalizeSearch(value: string): string {
  return value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/** What customer search matches: name, e-mail, document and phone (digits), accent- and case-free. */
export function customerSearchText(c: { name: string; email: string; document: string; phone: string }): string {
  return normalizeSearch([c.name, c.email, c.document, c.phone.replace(/\D/g, '')].join(' '));
}

/** What product search matches: name, code, tags, brand and reference, accent- and case-free. */
export function productSearchText(p: {
  name: string;
  code: string;
  tags: readonly string[];
  brand: string;
  reference?: string | null;
  /** 'Código de barras': a product is found by its GTIN too. */
  barcode?: string | null;
}): string {
  return normalizeSearch([p.name, p.code, ...p.tags, p.brand, p.reference ?? '', p.barcode ?? ''].join(' '));
}

// A high surrogate not followed by a low one, or a low surrogate not preceded by a high one.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * True when a text cannot be stored as PostgreSQL text: it holds a NUL character, or a lone UTF-16
 * surrogate (half of an emoji, say), which has no UTF-8 form. The API refuses such input at the door.
 */
export function hasUnstorableCharacters(value: string): boolean {
  return value.includes('\u0000') || LONE_SURROGATE.test(value);
}
