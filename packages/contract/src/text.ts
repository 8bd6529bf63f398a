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
}): string {
  return normalizeSearch([p.name, p.code, ...p.tags, p.brand, p.reference ?? ''].join(' '));
}
