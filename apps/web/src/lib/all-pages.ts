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
