import { centsToReais, REPORT_LIMITS, type ReportPaging } from '@backoffice/contract';
import type { DB } from '../../db/database';
import type { Window } from './report-sql';

/** What each family of reports is made with: the database and the clock. */
export interface ReportsContext {
  db: DB;
  now: () => Date;
}

export const reais = centsToReais;
export const TOP_TEN: Window = { limit: REPORT_LIMITS.topTen };

/** limit/offset of an optional page (none: the whole list). */
export function windowOf(paging: ReportPaging): Window {
  if (paging.page === undefined && paging.items === undefined) return {};
  const items = paging.items ?? REPORT_LIMITS.defaultItems;
  return { limit: items, offset: (paging.page ?? 0) * items };
}

/** The page of a list read whole. */
export function pageOf<T>(list: T[], paging: ReportPaging): T[] {
  const w = windowOf(paging);
  if (w.limit === undefined) return list;
  return list.slice(w.offset ?? 0, (w.offset ?? 0) + w.limit);
}
