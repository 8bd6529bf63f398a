import {
  type Backup,
  type BackupSettings,
  type BackupSettingsBody,
  type BankSetting,
  type BankSettingData,
  type BoletoSettings,
  type BoletoSettingsBody,
  COMPANY_ID,
  type CompanySettings,
  type CompanySettingsPatch,
  type CreditSettingsBody,
  type LateLimit,
  type OrderSummary,
  type PixReceivedList,
  type PixReceivedState,
  type PspSettings,
  type PspSettingsBody,
  type PspTest,
  type QuoteValidity,
  type SetupBodyInput,
  type SetupStatus,
  type SystemTasks,
} from '@backoffice/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { createQueryKeys } from '../../../lib/query-keys';
import { companySettingsQuery } from '../../../lib/shared-queries';

export const settingsKeys = createQueryKeys('settings');
const bankSettingsKey = settingsKeys.list('bank');

export const bankSettingsQuery = queryOptions({
  queryKey: bankSettingsKey,
  queryFn: async () => (await api<{ data: BankSetting[] }>('/orders/bank-settings')).data,
});

/** The company's settings: shared with the order's PDF (lib/shared-queries.ts). */
export { companySettingsQuery };

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

/** The Pix webhook's URL (settings permission) and the Pix it received (orders permission). */
export const paymentKeys = createQueryKeys('payments');
const webhookKey = paymentKeys.detail('pix-webhook');

export const pixWebhookQuery = queryOptions({
  queryKey: webhookKey,
  queryFn: async () => (await api<{ data: { url: string; secret: string } }>('/payments/pix/webhook')).data,
});
export const usePixWebhook = (enabled: boolean) => useQuery({ ...pixWebhookQuery, enabled });

export function renewPixWebhook() {
  return api<{ data: { url: string; secret: string } }>('/payments/pix/webhook', { method: 'POST' });
}

export function pixReceivedQuery(state: PixReceivedState | undefined, page: number, items: number) {
  return queryOptions({
    queryKey: paymentKeys.list({ state: state ?? 'all', page, items }),
    queryFn: () => {
      const query = new URLSearchParams({ page: String(page), items: String(items), ...(state ? { state } : {}) });
      return api<PixReceivedList>(`/payments/pix/received?${query}`);
    },
  });
}

/** The order a code names (any case, with or without the dash), to match a Pix to it by hand. */
export function orderByCode(code: string) {
  return api<{ data: OrderSummary }>(`/orders/${encodeURIComponent(code.trim())}`);
}

export function matchPix(endToEndId: string, orderId: number) {
  return api<null>(`/payments/pix/received/${endToEndId}`, { method: 'PATCH', body: { orderId } });
}

/** The late limits of the bell (GET/PUT /notifications/late-limits): minutes per order status. */
export const lateLimitsQuery = queryOptions({
  queryKey: settingsKeys.other('late-limits'),
  queryFn: async () => (await api<{ data: LateLimit[] }>('/notifications/late-limits')).data,
});

export function saveLateLimits(limits: LateLimit[]) {
  return api<{ data: LateLimit[] }>('/notifications/late-limits', { method: 'PUT', body: { limits } });
}

/** GET /settings/quotes: the days a new quote is valid (decision 0043). */
export const quoteValidityQuery = queryOptions({
  queryKey: settingsKeys.other('quotes'),
  queryFn: async () => (await api<{ data: QuoteValidity }>('/settings/quotes')).data,
});

export function saveQuoteValidity(body: QuoteValidity) {
  return api<{ data: QuoteValidity }>('/settings/quotes', { method: 'PUT', body });
}

/** First run (issue 21 §1): GET /setup says whether 'Configuração inicial' is still to do. */
export const setupQuery = queryOptions({
  queryKey: settingsKeys.detail('setup'),
  queryFn: async () => (await api<{ data: SetupStatus }>('/setup')).data,
});

export function completeSetup(body: SetupBodyInput) {
  return api<{ data: SetupStatus }>('/setup', { method: 'POST', body });
}

/** PUT /settings/departures: the couriers' week (the shared GET lives in lib/shared-queries). */
export function saveDepartures(departures: string[][]) {
  return api<{ data: { departures: string[][] } }>('/settings/departures', { method: 'PUT', body: { departures } });
}

/** Backups (issue 21 §3): the list, the schedule and its last result, and 'Fazer backup agora'. */
export const backupKeys = createQueryKeys('backups');

export const backupsQuery = queryOptions({
  queryKey: backupKeys.list('all'),
  queryFn: async () => (await api<{ data: Backup[] }>('/backups')).data,
});

/** 'Tarefas do sistema': the scheduled work as the process that runs it left it, read again each minute. */
export const systemTasksQuery = queryOptions({
  queryKey: createQueryKeys('system-tasks').detail('all'),
  queryFn: async () => (await api<{ data: SystemTasks }>('/system/tasks')).data,
  refetchInterval: 60_000,
});

export const backupSettingsQuery = queryOptions({
  queryKey: backupKeys.detail('settings'),
  queryFn: async () => (await api<{ data: BackupSettings }>('/backups/settings')).data,
});

export function makeBackup() {
  return api<{ data: Backup }>('/backups', { method: 'POST' });
}

/** PUT /backups/passphrase: the next backups encrypted to the key of this passphrase (decision 0068). */
export function setBackupPassphrase(passphrase: string) {
  return api<{ data: BackupSettings }>('/backups/passphrase', { method: 'PUT', body: { passphrase } });
}

export function saveBackupSettings(body: BackupSettingsBody) {
  return api<{ data: BackupSettings }>('/backups/settings', { method: 'PUT', body });
}

/** GET|PUT /credit/settings (issue 40 §1): the days late that block sales on credit, the fine and the monthly interest (%). */
export const creditSettingsQuery = queryOptions({
  queryKey: settingsKeys.other('credit'),
  queryFn: async () => (await api<{ data: CreditSettingsBody }>('/credit/settings')).data,
});

export function saveCreditSettings(body: CreditSettingsBody) {
  return api<{ data: CreditSettingsBody }>('/credit/settings', { method: 'PUT', body });
}

/** The shop's Pix PSP (decision 0094): never its secrets. */
export const pspSettingsQuery = queryOptions({
  queryKey: settingsKeys.other('psp'),
  queryFn: async () => (await api<{ data: PspSettings }>('/credit/psp')).data,
});

export function savePspSettings(body: PspSettingsBody) {
  return api<{ data: PspSettings }>('/credit/psp', { method: 'PUT', body });
}

/** 'Testar conexão': an OAuth2 token asked of the PSP. */
export function testPspConnection() {
  return api<{ data: PspTest }>('/credit/psp/test', { method: 'POST' });
}

/** GET /boletos/settings: the bank account and convênio of the shop's registered boletos (null until set). */
export const boletoSettingsQuery = queryOptions({
  queryKey: settingsKeys.other('boletos'),
  queryFn: async () => (await api<{ data: BoletoSettings }>('/boletos/settings')).data,
});

export function saveBoletoSettings(body: BoletoSettingsBody) {
  return api<{ data: BoletoSettings }>('/boletos/settings', { method: 'PUT', body });
}
