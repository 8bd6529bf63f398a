import type { Customer, CustomerListAnswer } from '@backoffice/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { sellingKeys } from './keys';

/** How many customers step 1 lists at once: enough to pick from, a hint asks to refine past it. */
export const CUSTOMER_RESULTS = 20;

export interface CustomerResults {
  customers: Customer[];
  total: number;
}

/** Approved, not blocked customers matching `search` (name, e-mail, document, phone): GET /customers paged. */
export async function searchCustomers(search: string, signal?: AbortSignal): Promise<CustomerResults> {
  const answer = await api<CustomerListAnswer>('/customers', {
    query: { page: 0, items: CUSTOMER_RESULTS, search: search.trim() || undefined, sort: 'name:asc' },
    signal,
  });
  return { customers: answer.customers, total: answer.total ?? answer.customers.length };
}

/** Step 1's results for the submitted search; `null` means nothing was searched yet. */
export function useCustomerSearch(search: string | null) {
  return useQuery({
    queryKey: sellingKeys.other('customers', search ?? ''),
    queryFn: ({ signal }) => searchCustomers(search ?? '', signal),
    enabled: search !== null,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
