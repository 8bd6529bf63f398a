import { normalizeSearch, SEARCH_LIMITS, type SearchKind, type SearchResult } from '@backoffice/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { api, firstError } from '../../lib/api-client';
import { PALETTE_TEXTS } from './command-palette-texts';

export interface PaletteItem {
  kind: SearchKind | 'page' | 'action';
  key: string;
  title: string;
  subtitle: string;
  /** null: nothing of the employee's opens it (shown for what it says). */
  link: string | null;
}

/** How long typing pauses before the server is asked. */
const DEBOUNCE_MS = 200;

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

/**
 * What the palette lists for a term: the menu pages whose name matches and, once the typing pauses on a term long
 * enough, the records of GET /api/search (each record's action right under it); and the line under the list.
 */
export function usePaletteSearch(open: boolean, term: string, pages: ReadonlyArray<{ path: string; label: string }>) {
  const wanted = normalizeSearch(term);
  const debounced = useDebounced(term.trim(), DEBOUNCE_MS);
  const searching = normalizeSearch(debounced).length >= SEARCH_LIMITS.minLength;

  const records = useQuery<SearchResult[]>({
    queryKey: ['search', debounced],
    queryFn: ({ signal }) =>
      api<{ data: SearchResult[] }>('/search', { query: { q: debounced, limit: 12 }, signal }).then((r) => r.data),
    enabled: open && searching,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });

  const items = useMemo<PaletteItem[]>(() => {
    const pageItems: PaletteItem[] = pages
      .filter((page) => !wanted || normalizeSearch(page.label).includes(wanted))
      .map((page) => ({
        kind: 'page',
        key: `page-${page.path}`,
        title: page.label,
        subtitle: '',
        link: `/admin/${page.path}`,
      }));
    // A record's action (a sold phone's 'Registrar troca') is an option of its own, right under it.
    const found: PaletteItem[] =
      searching && records.data
        ? records.data.flatMap((r) => [
            { kind: r.kind, key: `${r.kind}-${r.id}`, title: r.title, subtitle: r.subtitle, link: r.link },
            ...(r.action
              ? [
                  {
                    kind: 'action' as const,
                    key: `${r.kind}-${r.id}-action`,
                    title: r.action.label,
                    subtitle: r.title,
                    link: r.action.link,
                  },
                ]
              : []),
          ])
        : [];
    // The records first: a term that names a record is what was looked for; pages fill in after.
    return wanted ? [...found, ...pageItems] : pageItems;
  }, [pages, wanted, searching, records.data]);

  const status = !wanted
    ? null
    : normalizeSearch(term).length < SEARCH_LIMITS.minLength
      ? PALETTE_TEXTS.typeMore
      : records.isError
        ? firstError(records.error, PALETTE_TEXTS.failed)
        : records.isFetching && !records.data
          ? PALETTE_TEXTS.loading
          : items.length === 0 && !records.isFetching
            ? PALETTE_TEXTS.empty
            : null;

  return { items, records, status };
}
