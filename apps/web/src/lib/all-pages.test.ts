import { describe, expect, it } from 'vitest';
import { mockFetch, signInAs } from '../test/render';
import { fetchPage, readAllPages } from './all-pages';

describe('fetchPage', () => {
  it("asks the page and its size beside the list's query (blank filters left out) and answers the data", async () => {
    signInAs();
    const page = { items: [{ id: 3 }], page: 2, total: 41 };
    const calls = mockFetch({ 'GET /api/things': { body: { data: page } } });
    expect(await fetchPage('/things', { status: 'OPEN', search: undefined }, 2, 20)).toEqual(page);
    const url = new URL(calls[0]?.url ?? '', 'http://localhost');
    expect(url.pathname).toBe('/api/things');
    expect(Object.fromEntries(url.searchParams)).toEqual({ status: 'OPEN', page: '2', pageSize: '20' });
  });

  it('read whole by readAllPages: 100 a page until a short page (100 + 100 + 5 = 205 rows)', async () => {
    signInAs();
    const sizes = [100, 100, 5];
    const calls = mockFetch({
      'GET /api/things': (call) => {
        const n = Number(new URL(call.url, 'http://localhost').searchParams.get('page'));
        const items = Array.from({ length: sizes[n] ?? 0 }, (_, i) => ({ id: n * 100 + i }));
        return { body: { data: { items, page: n, total: 205 } } };
      },
    });
    const rows = await readAllPages((page, size) =>
      fetchPage<{ items: { id: number }[]; total: number }>('/things', {}, page, size),
    );
    expect(rows).toHaveLength(205);
    expect(rows.at(-1)).toEqual({ id: 204 });
    expect(calls).toHaveLength(3);
  });
});
