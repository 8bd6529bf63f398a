import type {
  CreditSettingsBody,
  Customer,
  Receivable,
  ReceivableDetails,
  ReceivableFilter,
  ReceivablePage,
  ReceivablePaymentBody,
  ReceivablePix,
} from '@backoffice/contract';
import { keepPreviousData, type QueryClient, useQuery } from '@tanstack/react-query';
import { inDialog, useApiMutation } from '../../../components/use-api-mutation';
import { fetchPage, readAllPages } from '../../../lib/all-pages';
import { api } from '../../../lib/api-client';
import { downloadFile } from '../../../lib/download';
import { createQueryKeys } from '../../../lib/query-keys';
import { dashboardKeys } from '../../../lib/shared-queries';
import { RECEIVABLES_TEXTS as T } from '../texts';

export const receivableKeys = createQueryKeys('receivables');

/**
 * What a payment changes besides the instalment: the lists and their totals, the dashboard's 'A receber hoje',
 * the customer's credit (what he owes), and the cash drawer (cash lands in the receiver's open register).
 */
const AFTER_PAYMENT = [receivableKeys.all, dashboardKeys.all, ['customers', 'credit'], ['cash-registers']] as const;

/** What the list asks the server ('' = no filter): situation, due from/to (YYYY-MM-DD), customer. */
export interface ReceivablesFilter {
  status: ReceivableFilter | '';
  from: string;
  to: string;
  customerId: number | null;
}

/** The filter as query values (empty ones left out). */
export function queryOf(filter: ReceivablesFilter) {
  return {
    status: filter.status || undefined,
    from: filter.from || undefined,
    to: filter.to || undefined,
    customerId: filter.customerId ?? undefined,
  };
}

const fetchReceivablePage = (filter: ReceivablesFilter, page: number, pageSize: number, signal?: AbortSignal) =>
  fetchPage<ReceivablePage>('/receivables', queryOf(filter), page, pageSize, signal);

/** GET /receivables: one page and the totals of every match, on the server. */
export function useReceivables(filter: ReceivablesFilter, page: number, pageSize: number) {
  return useQuery({
    queryKey: receivableKeys.list({ ...filter, page, pageSize }),
    queryFn: ({ signal }) => fetchReceivablePage(filter, page, pageSize, signal),
    placeholderData: keepPreviousData,
  });
}

/** Every instalment that matches ('Imprimir'). */
export function fetchAllReceivables(filter: ReceivablesFilter): Promise<Receivable[]> {
  return readAllPages((page, size) => fetchReceivablePage(filter, page, size));
}

/** 'Exportar CSV': contas-a-receber.csv of every instalment that matches, written by the server. */
export function downloadReceivablesCsv(filter: ReceivablesFilter) {
  return downloadFile('/receivables/export.csv', { query: queryOf(filter), fileName: T.csvFile });
}

/** 'Recibo': a payment's receipt (PDF), fetched with the token and saved (as the run sheet is). */
export function downloadReceipt(receivableId: number, paymentId: number) {
  return downloadFile(`/receivables/${receivableId}/payments/${paymentId}/receipt.pdf`, {
    fileName: T.receiptFile(paymentId),
  });
}

/** GET /receivables/{id}: the instalment, what it asks today and its payments (undone ones too). */
export function useReceivable(id: number | null) {
  return useQuery({
    queryKey: receivableKeys.detail(id ?? 0),
    queryFn: async ({ signal }) => (await api<{ data: ReceivableDetails }>(`/receivables/${id}`, { signal })).data,
    enabled: id !== null,
  });
}

/**
 * GET /receivables/{id}/pix: the instalment's own Pix for what it asks today (payload null without the shop's Pix
 * key). Asked again with the instalment (a payment changes what it asks).
 */
export function useReceivablePix(id: number, enabled: boolean) {
  return useQuery({
    queryKey: [...receivableKeys.detail(id), 'pix'],
    queryFn: async ({ signal }) => (await api<{ data: ReceivablePix }>(`/receivables/${id}/pix`, { signal })).data,
    enabled,
    retry: false,
  });
}

/** GET /credit/settings: the fine and the monthly interest (%) an instalment paid late is charged. */
export function useLateCharges() {
  return useQuery({
    queryKey: ['credit', 'settings'],
    queryFn: async ({ signal }) => (await api<{ data: CreditSettingsBody }>('/credit/settings', { signal })).data,
    staleTime: 5 * 60_000,
  });
}

/** The active customers whose name, e-mail or document has `search` (the customer filter). */
export function useCustomerOptions(search: string) {
  return useQuery({
    queryKey: ['customers', 'options', search.trim()],
    queryFn: async ({ signal }) =>
      (
        await api<{ customers: Customer[] }>('/customers', {
          query: { page: 0, items: 20, search: search.trim() || undefined },
          signal,
        })
      ).customers,
    placeholderData: keepPreviousData,
  });
}

const setInstalment = (client: QueryClient, instalment: ReceivableDetails) =>
  client.setQueryData(receivableKeys.detail(instalment.id), instalment);

/**
 * POST /receivables/{id}/payments under the dialog's Idempotency-Key (a retry after no answer receives once). A
 * refusal (409 with `details.due`) is said inside the dialog, which stays open.
 */
export function useReceive(
  closeDialog: () => void,
  onError: (error: unknown, message: string) => void,
  onSuccess: (instalment: ReceivableDetails) => void,
) {
  return useApiMutation<ReceivableDetails, { id: number; body: ReceivablePaymentBody; key: string }>({
    mutationFn: async ({ id, body, key }) =>
      (
        await api<{ data: ReceivableDetails }>(`/receivables/${id}/payments`, {
          method: 'POST',
          body,
          headers: { 'Idempotency-Key': key },
        })
      ).data,
    success: T.received,
    failure: T.receiveFailed,
    update: setInstalment,
    invalidate: [...AFTER_PAYMENT],
    errorInDialog: true,
    onError: (error, message) => onError(error, message),
    closeDialog,
    onSuccess,
  });
}

/** POST /receivables/{id}/payments/{paymentId}/undo with the reason ('Crédito e cobrança' only). */
export function useUndoPayment(closeDialog: () => void, onError: (message: string | null) => void) {
  return useApiMutation<ReceivableDetails, { id: number; paymentId: number; reason: string }>({
    mutationFn: async ({ id, paymentId, reason }) =>
      (
        await api<{ data: ReceivableDetails }>(`/receivables/${id}/payments/${paymentId}/undo`, {
          method: 'POST',
          body: { reason },
        })
      ).data,
    success: T.undone,
    failure: T.undoFailed,
    update: setInstalment,
    invalidate: [...AFTER_PAYMENT],
    ...inDialog(closeDialog, onError),
  });
}
