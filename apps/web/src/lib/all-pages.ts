import { type ApiOptions, api } from './api-client';

/** The largest page the paged lists of the API take (size ≤ 100): a list read whole ('Imprimir') reads pages of it. */
const ALL_PAGE_SIZE = 100;

/**
 * Every item of a list paged on the server (`{ items, total }` pages numbered from 0), read one page after
 * another until the total is reached or a page comes back short.
 */
export async function readAllPages<T>(
  readPage: (page: number, size: number) => Promise<{ items: T[]; total: number }>,
): Promise<T[]> {
  const all: T[] = [];
  for (let page = 0; ; page++) {
    const answer = await readPage(page, ALL_PAGE_SIZE);
    all.push(...answer.items);
    if (answer.items.length < ALL_PAGE_SIZE || all.length >= answer.total) return all;
  }
}

/**
 * GET `path`: the page `page` (`pageSize` rows, numbered from 0) of a list paged on the server, the list's `query`
 * beside them; the page as the API wraps it in `data`.
 */
export async function fetchPage<P>(
  path: string,
  query: NonNullable<ApiOptions['query']>,
  page: number,
  pageSize: number,
  signal?: AbortSignal,
): Promise<P> {
  return (await api<{ data: P }>(path, { query: { ...query, page, pageSize }, ...(signal ? { signal } : {}) })).data;
}
