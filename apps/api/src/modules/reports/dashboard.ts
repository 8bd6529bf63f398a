import {
  businessDay,
  DASHBOARD_WAITING_STATUSES,
  type Dashboard,
  type DashboardToday,
  dayPeriod,
  shiftDay,
} from '@backoffice/contract';
import { periodOrThrow } from '../../lib/period';
import { createDashboardRepository } from './dashboard.repository';
import { type ReportsContext, reais } from './report-paging';

/** The dashboard's cards and today's figures. */
export function dashboardReports({ db, now }: ReportsContext) {
  const repo = createDashboardRepository();
  return {
    async dashboard(): Promise<Dashboard> {
      const { available, awaiting } = await repo.dashboard(db);
      return { availableProducts: available, customersAwaitingApproval: awaiting };
    },

    /** Today's figures (issue 20 §4): the business day of `now`, against the same weekday a week before. */
    async dashboardToday(): Promise<DashboardToday> {
      const day = businessDay(now());
      const weekBefore = shiftDay(day, -7);
      const whole = (d: string) => {
        const { start, end } = dayPeriod(d, d);
        return periodOrThrow(start, end);
      };
      const r = await repo.dashboardToday(db, whole(day), whole(weekBefore), DASHBOARD_WAITING_STATUSES);
      return {
        day,
        salesToday: reais(r.salesTodayCents),
        salesSameWeekdayLastWeek: reais(r.salesLastWeekCents),
        waiting: DASHBOARD_WAITING_STATUSES.map((status) => ({
          status,
          orders: r.waiting.find((w) => w.status === status)?.orders ?? 0,
        })),
        cashToCollect: reais(r.cashCents),
        cashOrders: r.cashOrders,
        customersAwaitingApproval: r.awaiting,
      };
    },
  };
}
