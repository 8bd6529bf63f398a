import type { CustomerCredit, CustomerCreditBody } from '@backoffice/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { customerKeys } from './customers-api';

/** GET /customers/{id}/credit: the limit (reais, null: none), the plans as days and who changed them last. */
export const customerCreditQuery = (customerId: number) =>
  queryOptions({
    queryKey: customerKeys.other('credit', customerId),
    queryFn: async ({ signal }) =>
      (await api<{ data: CustomerCredit }>(`/customers/${customerId}/credit`, { signal })).data,
  });

/** PUT /customers/{id}/credit: the limit (null: no credit) and the plans as typed ('28', '30/60/90'). */
export async function saveCustomerCredit(customerId: number, body: CustomerCreditBody): Promise<CustomerCredit> {
  return (await api<{ data: CustomerCredit }>(`/customers/${customerId}/credit`, { method: 'PUT', body })).data;
}
