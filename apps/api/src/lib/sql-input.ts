import { MAX_DATABASE_INTEGER, normalizeSearch } from '@backoffice/contract';
import { type RawBuilder, sql } from 'kysely';

/** An id a table can hold: a larger one names no row (and PostgreSQL would refuse it as `integer`). */
export const isStorableId = (id: number) => Number.isSafeInteger(id) && id > 0 && id <= MAX_DATABASE_INTEGER;

/** The words of a search, accent- and case-free, with LIKE's wildcards escaped (each must appear). */
export function searchWords(search: string | undefined): string[] {
  const normalized = normalizeSearch(search ?? '');
  if (!normalized) return [];
  return normalized.split(' ').map((word) => word.replace(/[\\%_]/g, (c) => `\\${c}`));
}

/**
 * The accented letters of Portuguese and their plain letters, for `translate(lower(…), from, to)`: an
 * immutable fold an index can hold (`unaccent` is not immutable; migration 0030's employees_name_trgm).
 */
export const ACCENT_FOLD = {
  from: 'áàâãäéèêëíìîïóòôõöúùûüçñ',
  to: 'aaaaaeeeeiiiiooooouuuucn',
} as const;

/** A text column lower-cased and without the accents of Portuguese (`ACCENT_FOLD`), as SQL. */
export function folded(column: RawBuilder<unknown>): RawBuilder<string> {
  return sql<string>`translate(lower(${column}), ${sql.lit(ACCENT_FOLD.from)}, ${sql.lit(ACCENT_FOLD.to)})`;
}
