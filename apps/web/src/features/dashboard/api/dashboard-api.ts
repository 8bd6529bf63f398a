import {
  businessDay,
  type Dashboard,
  type DashboardToday,
  dayPeriod,
  type ProductRankRow,
  type ReceivablesSummary,
  type ReportType,
  type SearchedTermRow,
  type SignedInCustomerRow,
  shiftDay,
  type ViewedProductRow,
} from '@backoffice/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { dashboardKeys } from '../../../lib/shared-queries';

/** One bar of a chart: its label and figure. */
export interface ChartPoint {
  label: string;
  value: number;
  /** A product's code: told on the tick when two names read the same once cut. */
  code?: string;
}

/** The periods "Carregar mais dados" steps through: the last 7 days (the spec's default), then 30, then 90. */
export const CHART_PERIODS = [7, 30, 90] as const;

/** The {start}/{end} path of the last `days` business days, today included. */
export function lastDaysPath(days: number, now = new Date()): string {
  const today = businessDay(now);
  const first = shiftDay(today, -(days - 1));
  const { start, end } = dayPeriod(first, today);
  return `start/${start}/end/${end}`;
}

/** Each chart's calls: the top ten of the last 7 days, and its date-range variant (section 7). */
interface ChartCall {
  lastWeek: string;
  period: (p: string) => string;
  /** The sold ranking answers every product that sold unless asked for a page: the chart asks for ten. */
  periodQuery?: Record<string, number>;
  toPoints: (rows: never[]) => ChartPoint[];
}
const CHART_CALLS: Record<ReportType, ChartCall> = {
  topTenSigned: {
    lastWeek: '/reports/customer/top-ten/signedin',
    period: (p) => `/reports/customer/top-ten/signedin/${p}`,
    toPoints: (rows: SignedInCustomerRow[]) => rows.map((r) => ({ label: r.customerName, value: r.count })),
  },
  mostViewedProd: {
    lastWeek: '/reports/product/top-ten/viewed',
    period: (p) => `/reports/product/viewed/${p}`,
    toPoints: (rows: ViewedProductRow[]) => rows.map((r) => ({ label: r.productName, value: r.count, code: r.code })),
  },
  searchedTerms: {
    lastWeek: '/reports/product/top-ten/searched-by-term',
    period: (p) => `/reports/product/searched-by-term/${p}`,
    toPoints: (rows: SearchedTermRow[]) => rows.map((r) => ({ label: r.term, value: r.count })),
  },
  topTenSellers: {
    lastWeek: '/reports/top-ten/products/sold/desc',
    period: (p) => `/reports/products/sold/${p}/desc`,
    periodQuery: { items: 10 },
    toPoints: (rows: ProductRankRow[]) => rows.map((r) => ({ label: r.name, value: r.quantity, code: r.code })),
  },
  searchedButInexistent: {
    lastWeek: '/reports/product/not-exists/top-ten/searched-by-term',
    period: (p) => `/reports/product/not-exists/searched-by-term/${p}`,
    toPoints: (rows: SearchedTermRow[]) => rows.map((r) => ({ label: r.term, value: r.count })),
  },
};

export async function fetchChart(type: ReportType, days: number): Promise<ChartPoint[]> {
  const call = CHART_CALLS[type];
  const answer =
    days === 7
      ? await api<{ data: never[] }>(call.lastWeek)
      : await api<{ data: never[] }>(call.period(lastDaysPath(days)), { query: call.periodQuery });
  return call.toPoints(answer.data);
}

export function useChart(type: ReportType, days: number) {
  return useQuery({ queryKey: dashboardKeys.other('chart', { type, days }), queryFn: () => fetchChart(type, days) });
}

export function useDashboardCards() {
  return useQuery({
    queryKey: dashboardKeys.other('cards'),
    queryFn: () => api<{ data: Dashboard }>('/dashboard').then((answer) => answer.data),
  });
}

/** The first row: today's figures (GET /dashboard/today). */
export function useDashboardToday() {
  return useQuery({
    queryKey: dashboardKeys.other('today'),
    queryFn: () => api<{ data: DashboardToday }>('/dashboard/today').then((answer) => answer.data),
  });
}

/**
 * 'A receber hoje / vencido' (GET /receivables/summary, issue 40 §2): the open instalments due today and those
 * overdue. Asked only for who may read the receivables (`enabled`: the desk or 'Crédito e cobrança').
 */
export function useReceivablesSummary(enabled: boolean) {
  return useQuery({
    queryKey: dashboardKeys.other('receivables'),
    queryFn: () => api<{ data: ReceivablesSummary }>('/receivables/summary').then((answer) => answer.data),
    enabled,
  });
}
