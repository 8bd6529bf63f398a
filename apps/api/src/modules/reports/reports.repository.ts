import { createDashboardRepository } from './dashboard.repository';
import { createMarginReportsRepository } from './margin-reports.repository';
import { createRankingsRepository } from './rankings.repository';
import { createSalesReportsRepository } from './sales-reports.repository';
import { createStaffReportsRepository } from './staff-reports.repository';
import { createStockReportsRepository } from './stock-reports.repository';

export type { MarginFigures } from './margin-reports.repository';
export type { RankedCustomer, RankedProduct, RankedTerm } from './rankings.repository';
export type { Window } from './report-sql';
export { tierPrice } from './stock-reports.repository';

/**
 * The reports' SQL, one family a file: the dashboard (`dashboard.repository.ts`), the rankings
 * (`rankings.repository.ts`), the stock (`stock-reports.repository.ts`), the staff's
 * (`staff-reports.repository.ts`), margin and revenue (`margin-reports.repository.ts`), the sales' payments
 * (`sales-reports.repository.ts`); what they share in `report-sql.ts`.
 */
export function createReportsRepository() {
  return {
    ...createDashboardRepository(),
    ...createRankingsRepository(),
    ...createStockReportsRepository(),
    ...createStaffReportsRepository(),
    ...createMarginReportsRepository(),
    ...createSalesReportsRepository(),
  };
}

export type ReportsRepository = ReturnType<typeof createReportsRepository>;
