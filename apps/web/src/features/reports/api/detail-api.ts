import type {
  ProductRankRow,
  ReportType,
  SearchedTermRow,
  SignedInCustomerRow,
  ViewedProductRow,
} from '@backoffice/contract';
import { api } from '../../../lib/api-client';
import type { ReportColumn } from '../lib/columns';
import { REPORTS_TEXTS } from '../texts';

const C = REPORTS_TEXTS.detailColumns;

/** The report detail of each chart: the top ten of a period (section 7's date-range variants) and its columns. */
interface DetailCall<R> {
  path: (start: string, end: string) => string;
  query?: Record<string, number>;
  columns: ReportColumn<R>[];
}

const signed: DetailCall<SignedInCustomerRow> = {
  path: (s, e) => `/reports/customer/top-ten/signedin/start/${s}/end/${e}`,
  columns: [
    { field: 'customerName', header: C.customer, flex: 1.5, minWidth: 180 },
    { field: 'email', header: C.email, flex: 1.5, minWidth: 200 },
    { field: 'count', header: C.signIns, kind: 'int', minWidth: 140 },
  ],
};
const viewed: DetailCall<ViewedProductRow> = {
  path: (s, e) => `/reports/product/viewed/start/${s}/end/${e}`,
  columns: [
    { field: 'productName', header: C.product, flex: 2, minWidth: 200 },
    { field: 'code', header: C.code, minWidth: 110 },
    { field: 'count', header: C.views, kind: 'int', minWidth: 130 },
  ],
};
const termColumns: ReportColumn<SearchedTermRow>[] = [
  { field: 'term', header: C.term, flex: 2, minWidth: 200 },
  { field: 'count', header: C.searches, kind: 'int', minWidth: 120 },
];
const searched: DetailCall<SearchedTermRow> = {
  path: (s, e) => `/reports/product/searched-by-term/start/${s}/end/${e}`,
  columns: termColumns,
};
const notFound: DetailCall<SearchedTermRow> = {
  path: (s, e) => `/reports/product/not-exists/searched-by-term/start/${s}/end/${e}`,
  columns: termColumns,
};
const sold: DetailCall<ProductRankRow> = {
  // the same path as the best-selling report: the chart's ten are asked as one page
  path: (s, e) => `/reports/products/sold/start/${s}/end/${e}/desc`,
  query: { items: 10 },
  columns: [
    { field: 'name', header: C.product, flex: 2, minWidth: 200 },
    { field: 'code', header: C.code, minWidth: 110 },
    { field: 'quantity', header: C.unitsSold, kind: 'int', minWidth: 150 },
  ],
};

// biome-ignore lint/suspicious/noExplicitAny: each call is typed by its own rows
export const DETAIL_CALLS: Record<ReportType, DetailCall<any>> = {
  topTenSigned: signed,
  mostViewedProd: viewed,
  searchedTerms: searched,
  topTenSellers: sold,
  searchedButInexistent: notFound,
};

export async function fetchDetail(type: ReportType, start: string, end: string): Promise<Record<string, unknown>[]> {
  const call = DETAIL_CALLS[type];
  return (await api<{ data: Record<string, unknown>[] }>(call.path(start, end), { query: call.query })).data;
}
