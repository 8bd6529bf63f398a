import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { cashKeys } from './cash-api';

export interface DepositAccount {
  id: number;
  name: string;
  detail: string;
}

/** GET /cash-registers/deposit-accounts: the shop's active accounts a sangria may be deposited in (decision 0099). */
export function useDepositAccounts(enabled: boolean) {
  return useQuery({
    queryKey: cashKeys.other('deposit-accounts'),
    queryFn: async ({ signal }) =>
      (await api<{ data: DepositAccount[] }>('/cash-registers/deposit-accounts', { signal })).data,
    enabled,
    retry: false,
  });
}
