import type {
  AssociateDelivererInput,
  Customer,
  CustomerApproveInput,
  CustomerDetails,
  CustomerEditInput,
  CustomerHistory,
  CustomerLevelOption,
  CustomerListAnswer,
  CustomerStatusChangeInput,
} from '@backoffice/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { downloadFile } from '../../../lib/download';
import { createQueryKeys } from '../../../lib/query-keys';
import { readLevelsCookie, writeLevelsCookie } from '../lib/levels-cookie';

/** The lists of the screen; the same names as the CSV export's `list`. */
export type CustomerListKind = 'active' | 'awaiting' | 'blocked' | 'reproved';

const LIST_PATHS: Record<CustomerListKind, string> = {
  active: '/customers',
  awaiting: '/administrator/customers/unnaproved',
  blocked: '/customers/blocked',
  reproved: '/customers/reproved',
};

/**
 * Keys of this feature: `lists()` covers every page and count (a status change moves customers between
 * lists), `detail(email)` one customer's details, `other('levels')` the levels.
 */
export const customerKeys = createQueryKeys('customers');

/** What a page of a list asks the server: `page` 0-based, `items` per page, search and `field:asc|desc`. */
export interface CustomerPageParams {
  page: number;
  items: number;
  search: string;
  sort?: string;
  /** `field:operator:value` of the grid's filter panel. */
  filter?: string;
}
export interface CustomerPage {
  customers: Customer[];
  total: number;
}

const pageQuery = (params: CustomerPageParams) => ({
  page: params.page,
  items: params.items,
  search: params.search.trim() || undefined,
  sort: params.sort,
  filter: params.filter,
});

export async function fetchCustomerPage(
  kind: CustomerListKind,
  params: CustomerPageParams,
  signal?: AbortSignal,
): Promise<CustomerPage> {
  const answer = await api<CustomerListAnswer>(LIST_PATHS[kind], { query: pageQuery(params), signal });
  return { customers: answer.customers, total: answer.total ?? answer.customers.length };
}

/** One page of a list from the server; the previous page stays shown while the next one loads. */
export function useCustomerPage(kind: CustomerListKind, params: CustomerPageParams) {
  return useQuery({
    queryKey: customerKeys.list({ kind, ...params }),
    queryFn: ({ signal }) => fetchCustomerPage(kind, params, signal),
    placeholderData: keepPreviousData,
  });
}

/** How many customers a list has (a one-row page's `total`): the header buttons' badges. */
export const customerCountQuery = (kind: CustomerListKind) => ({
  queryKey: customerKeys.list({ kind, count: true }),
  queryFn: async ({ signal }: { signal?: AbortSignal }) =>
    (await fetchCustomerPage(kind, { page: 0, items: 1, search: '' }, signal)).total,
});

export function useCustomerCount(kind: CustomerListKind) {
  return useQuery(customerCountQuery(kind));
}

/** Batch size of 'Imprimir' (the server's largest page). */
const PRINT_BATCH = 100;

/** Every customer of a list that matches the search, in the list's order, read page by page (for printing). */
export async function fetchAllCustomers(
  kind: CustomerListKind,
  params: Pick<CustomerPageParams, 'search' | 'sort' | 'filter'>,
): Promise<Customer[]> {
  const first = await fetchCustomerPage(kind, { ...params, page: 0, items: PRINT_BATCH });
  const pages = Math.ceil(first.total / PRINT_BATCH);
  const rest: Customer[][] = [];
  // four pages at a time: quick, without flooding the server
  for (let page = 1; page < pages; page += 4) {
    const batch = [];
    for (let next = page; next < Math.min(page + 4, pages); next++)
      batch.push(fetchCustomerPage(kind, { ...params, page: next, items: PRINT_BATCH }));
    for (const answer of await Promise.all(batch)) rest.push(answer.customers);
  }
  return [first.customers, ...rest].flat();
}

/** 'Baixar CSV': relatorio.csv of every customer of the list that matches, streamed by the server. */
export function downloadCustomersCsv(
  kind: CustomerListKind,
  params: Pick<CustomerPageParams, 'search' | 'sort' | 'filter'>,
) {
  return downloadFile('/customers/export.csv', {
    query: { list: kind, search: params.search.trim() || undefined, sort: params.sort, filter: params.filter },
    fileName: 'relatorio.csv',
  });
}

/** Levels from the `customerLevels` cookie, else from GET /customers/level (then cached in the cookie). */
export async function fetchCustomerLevels(): Promise<CustomerLevelOption[]> {
  const cached = readLevelsCookie();
  if (cached) return cached;
  // Section 7 names the body itself ('(data)'): the list, without an envelope.
  const levels = await api<CustomerLevelOption[]>('/customers/level');
  writeLevelsCookie(levels);
  return levels;
}

export function useCustomerLevels() {
  return useQuery({ queryKey: customerKeys.other('levels'), queryFn: fetchCustomerLevels, staleTime: Infinity });
}

/** The couriers: one query for every screen (employees changes refresh it). */
export { useDeliverers } from '../../../lib/shared-queries';

export function useCustomerDetails(email: string | null) {
  return useQuery({
    queryKey: customerKeys.detail(email),
    queryFn: async () =>
      (await api<{ data: CustomerDetails }>(`/administrator/customer/${encodeURIComponent(email ?? '')}`)).data,
    enabled: email !== null,
    staleTime: 0,
  });
}

export async function fetchCustomerHistory(id: number, start: string, end: string): Promise<CustomerHistory> {
  const path = `/reports/customer/histories/${id}/start/${start}/end/${end}`;
  return (await api<{ data: CustomerHistory }>(path)).data;
}

export const customersApi = {
  approve: (body: CustomerApproveInput) =>
    api<{ data: Customer }>('/administrator/customers/approve', { method: 'PATCH', body }),
  edit: (body: CustomerEditInput) => api<{ data: Customer }>('/customers', { method: 'PATCH', body }),
  changeStatus: (id: number, body: CustomerStatusChangeInput) =>
    api<{ data: Customer }>(`/administrator/customer/${id}/status`, { method: 'PATCH', body }),
  associate: (body: AssociateDelivererInput) =>
    api<{ data: Customer }>('/employees/deliverer/sign/customer', { method: 'PUT', body }),
  remove: (id: number) => api<unknown>(`/customers/${id}`, { method: 'DELETE' }),
  /** LGPD: replaces who the person is; orders and amounts stay (administrators only). */
  anonymise: (id: number) => api<{ data: Customer }>(`/customers/${id}/anonymise`, { method: 'POST' }),
};

/** LGPD: everything held about the customer, saved as cliente-{id}-dados.json (administrators only). */
export function downloadCustomerData(id: number) {
  return downloadFile(`/customers/${id}/export`, { fileName: `cliente-${id}-dados.json` });
}

/** A business refusal (4xx) shows the server's message, no answer the connection text; anything else the spec's. */
export { refusalMessage as failureText } from '../../../lib/api-client';
