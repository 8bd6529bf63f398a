import { z } from 'zod';

/**
 * The one envelope of a paged answer whose shape spec section 7 does not fix (docs/api.md, Paged answers):
 * one page of `items`, the page's number (from 0) and `total`, the count of every match.
 */
export const pagedSchema = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), page: z.number().int(), total: z.number().int() });

export interface Paged<T> {
  items: T[];
  page: number;
  total: number;
}

/**
 * The `page` (from 0) and `items` (per page) query parameters of a paged list, coerced from the query string and
 * each refused with its own text; the list makes them optional or gives their defaults.
 */
export function pageQueryParams(
  texts: { pageInvalid: string; itemsInvalid: string },
  limits: { maxPage: number; maxItems: number },
) {
  const { pageInvalid, itemsInvalid } = texts;
  return {
    page: z.coerce.number({ error: pageInvalid }).int(pageInvalid).min(0, pageInvalid).max(limits.maxPage, pageInvalid),
    items: z.coerce
      .number({ error: itemsInvalid })
      .int(itemsInvalid)
      .min(1, itemsInvalid)
      .max(limits.maxItems, itemsInvalid),
  };
}
