import { MAX_DATABASE_INTEGER, normalizeSearch } from '@backoffice/contract';

/** An id a table can hold: a larger one names no row (and PostgreSQL would refuse it as `integer`). */
export const isStorableId = (id: number) => Number.isSafeInteger(id) && id > 0 && id <= MAX_DATABASE_INTEGER;

/** The words of a search, accent- and case-free, with LIKE's wildcards escaped (each must appear). */
export function searchWords(search: string | undefined): string[] {
  const normalized = normalizeSearch(search ?? '');
  if (!normalized) return [];
  return normalized.split(' ').map((word) => word.replace(/[\\%_]/g, (c) => `\\${c}`));
}
