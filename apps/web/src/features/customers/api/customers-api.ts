import type {
  AssociateDelivererInput,
  Customer,
  CustomerApproveInput,
  CustomerDetails,
  CustomerEditInput,
  CustomerHistory,
  CustomerLevelOption,
  CustomerStatusChangeInput,
  Deliverer,
} from '@backoffice/contract';
import { useQuery } from '@tanstack/react-query';
import { ApiError, api } from '../../../lib/api-client';
import { readLevelsCookie, writeLevelsCookie } from '../lib/levels-cookie';

export type CustomerListKind = 'active' | 'awaiting' | 'blocked' | 'reproved';

const LIST_PATHS: Record<CustomerListKind, string> = {
  active: '/customers',
  awaiting: '/administrator/customers/unnaproved',
  blocked: '/customers/blocked',
  reproved: '/customers/reproved',
};

/** Every query of this feature starts with this key: invalidating it reloads all lists. */
export const customersKey = ['customers'] as const;
export const customerListKey = (kind: CustomerListKind) => [...customersKey, 'list', kind] as const;

export function fetchCustomerList(kind: CustomerListKind): Promise<Customer[]> {
  return api<{ customers: Customer[] }>(LIST_PATHS[kind]).then((answer) => answer.customers);
}

export function useCustomerList(kind: CustomerListKind) {
  return useQuery({ queryKey: customerListKey(kind), queryFn: () => fetchCustomerList(kind) });
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
  return useQuery({ queryKey: [...customersKey, 'levels'], queryFn: fetchCustomerLevels, staleTime: Infinity });
}

export function useDeliverers(enabled: boolean) {
  return useQuery({
    queryKey: ['employees', 'deliverers'],
    queryFn: async () => (await api<{ deliverers: Deliverer[] }>('/employees/deliverers')).deliverers,
    enabled,
  });
}

export function useCustomerDetails(email: string | null) {
  return useQuery({
    queryKey: [...customersKey, 'details', email],
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
};

/** A business refusal (4xx) shows the server's message; anything else the spec's text. */
export function failureText(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.errors[0]) return error.errors[0];
  return fallback;
}
