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
