import {
  type BankSetting,
  type BankSettingData,
  COMPANY_ID,
  type CompanySettings,
  type CompanySettingsPatch,
} from '@backoffice/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { createQueryKeys } from '../../../lib/query-keys';

export const settingsKeys = createQueryKeys('settings');
const bankSettingsKey = settingsKeys.list('bank');
const companyKey = settingsKeys.detail(COMPANY_ID);

export const bankSettingsQuery = queryOptions({
  queryKey: bankSettingsKey,
  queryFn: async () => (await api<{ data: BankSetting[] }>('/orders/bank-settings')).data,
});

export const companySettingsQuery = queryOptions({
  queryKey: companyKey,
  queryFn: async () => (await api<{ data: CompanySettings }>(`/companies/settings/${COMPANY_ID}`)).data,
});

export const useBankSettings = () => useQuery(bankSettingsQuery);
export const useCompanySettings = () => useQuery(companySettingsQuery);

/** Creates (no id) or updates (id) a bank setting. */
export function saveBankSetting(settings: BankSettingData & { id?: number }) {
  return api<{ data: BankSetting }>('/orders/bank-settings', { method: 'PUT', body: { settings } });
}

export function deleteBankSetting(id: number) {
  return api<{ data: { id: number } }>(`/orders/bank-settings/${id}`, { method: 'DELETE' });
}

export function updateCompanySettings(body: Omit<CompanySettingsPatch, 'companyId'>) {
  return api<{ data: CompanySettings }>('/companies/settings', {
    method: 'PATCH',
    body: { companyId: COMPANY_ID, ...body },
  });
}
