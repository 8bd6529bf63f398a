import type { DB } from '../../db/database';
import { dashboardReports } from './dashboard';
import { marginReports } from './margin-reports';
import { rankingReports } from './rankings';
import { salesReports } from './sales-reports';
import { staffReports } from './staff-reports';
import { stockReports } from './stock-reports';

/** The dashboard's default period: the last 7 business days, today included. */
export { lastDaysPeriod } from './rankings';

/**
 * The reports of docs/reports.md; each reads the database once or twice, never a row at a time. One family a
 * file: the dashboard (`dashboard.ts`), the rankings and charts (`rankings.ts`), the stock (`stock-reports.ts`),
 * the staff's (`staff-reports.ts`), margin and revenue (`margin-reports.ts`), the sales' payments
 * (`sales-reports.ts`); each with its SQL in its `.repository.ts`.
 */
export function createReportsService(db: DB, now: () => Date = () => new Date()) {
  const context = { db, now };
  return {
    ...dashboardReports(context),
    ...rankingReports(context),
    ...stockReports(context),
    ...staffReports(context),
    ...marginReports(context),
    ...salesReports(context),
  };
}

export type ReportsService = ReturnType<typeof createReportsService>;
