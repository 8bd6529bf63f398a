import type {
  Paged,
  Payable,
  PayableAccount,
  PayableCategory,
  PayableCreateBody,
  PayableDetails,
  PayableFilter,
  PayablePage,
  PayablePaymentBody,
  Supplier,
} from '@backoffice/contract';
import { keepPreviousData, type QueryClient, useQuery } from '@tanstack/react-query';
import { inDialog, useApiMutation } from '../../../components/use-api-mutation';
import { readAllPages } from '../../../lib/all-pages';
import { api } from '../../../lib/api-client';
import { downloadFile } from '../../../lib/download';
import { dashboardKeys } from '../../../lib/shared-queries';
import { PAYABLES_TEXTS as T } from '../texts';

export const payableKeys = {
  all: ['payables'] as const,
  accounts: ['payables', 'accounts'] as const,
  page: (query: object) => ['payables', 'page', query] as const,
  one: (id: number) => ['payables', 'one', id] as const,
};

/** What the list asks the server ('' = no filter): situation, supplier, category, due from/to, search. */
export interface PayablesFilter {
  status: PayableFilter | '';
  supplierId: number | null;
  category: PayableCategory | '';
  from: string;
  to: string;
  search: string;
}

/** The filter as query values (empty ones left out by the callers). */
function queryOf(filter: PayablesFilter) {
  return {
    status: filter.status || undefined,
    supplierId: filter.supplierId ?? undefined,
    category: filter.category || undefined,
    from: filter.from || undefined,
    to: filter.to || undefined,
    search: filter.search.trim() || undefined,
  };
}

async function fetchPayablePage(
  filter: PayablesFilter,
  page: number,
  pageSize: number,
  signal?: AbortSignal,
): Promise<PayablePage> {
  const params = new URLSearchParams({ page: String(page), pageSize: String(pageSize) });
  for (const [key, value] of Object.entries(queryOf(filter))) if (value !== undefined) params.set(key, String(value));
  return (await api<{ data: PayablePage }>(`/payables?${params}`, signal ? { signal } : {})).data;
}

/** GET /payables: one page and the totals of every match, on the server. */
export function usePayables(filter: PayablesFilter, page: number, pageSize: number) {
  return useQuery({
    queryKey: payableKeys.page({ ...filter, page, pageSize }),
    queryFn: ({ signal }) => fetchPayablePage(filter, page, pageSize, signal),
    placeholderData: keepPreviousData,
  });
}

/** Every bill that matches ('Imprimir'). */
export function fetchAllPayables(filter: PayablesFilter): Promise<Payable[]> {
  return readAllPages((page, size) => fetchPayablePage(filter, page, size));
}

/** 'Baixar CSV': contas-a-pagar.csv of every bill that matches, streamed by the server. */
export function downloadPayablesCsv(filter: PayablesFilter) {
  return downloadFile('/payables/export.csv', { query: queryOf(filter), fileName: 'contas-a-pagar.csv' });
}

/** GET /payables/{id}: the bill and its payments. */
export function usePayable(id: number | null) {
  return useQuery({
    queryKey: payableKeys.one(id ?? 0),
    queryFn: async ({ signal }) => (await api<{ data: PayableDetails }>(`/payables/${id}`, { signal })).data,
    enabled: id !== null,
  });
}

/** GET /payables/accounts: the shop's active accounts, for 'Conta de saída' (issue 54 §8). */
export function usePayableAccounts() {
  return useQuery({
    queryKey: payableKeys.accounts,
    queryFn: async ({ signal }) => (await api<{ data: PayableAccount[] }>('/payables/accounts', { signal })).data,
  });
}

/** The suppliers whose name or CNPJ has `search` (the supplier filter and the new bill's supplier). */
export function useSupplierOptions(search: string) {
  return useQuery({
    queryKey: ['suppliers', 'options', search.trim()],
    queryFn: async ({ signal }) => {
      const params = new URLSearchParams({ size: '20' });
      if (search.trim()) params.set('search', search.trim());
      return (await api<{ data: Paged<Supplier> }>(`/suppliers?${params}`, { signal })).data.items;
    },
    placeholderData: keepPreviousData,
  });
}

const setBill = (client: QueryClient, bill: PayableDetails) => client.setQueryData(payableKeys.one(bill.id), bill);

/** POST /payables: a bill typed by hand; the dialog closes only on success. */
export function useCreatePayable(closeDialog: () => void, onError: (message: string | null) => void) {
  return useApiMutation<PayableDetails, PayableCreateBody>({
    mutationFn: async (body) => (await api<{ data: PayableDetails }>('/payables', { method: 'POST', body })).data,
    success: (bill) => T.created(bill.id),
    failure: T.createFailed,
    update: setBill,
    invalidate: [payableKeys.all, dashboardKeys.all],
    ...inDialog(closeDialog, onError),
  });
}

/** POST /payables/{id}/payments under the dialog's Idempotency-Key (a retry after no answer pays once). */
export function usePayBill(closeDialog: () => void, onError: (message: string | null) => void) {
  return useApiMutation<PayableDetails, { id: number; body: PayablePaymentBody; key: string }>({
    mutationFn: async ({ id, body, key }) =>
      (
        await api<{ data: PayableDetails }>(`/payables/${id}/payments`, {
          method: 'POST',
          body,
          headers: { 'Idempotency-Key': key },
        })
      ).data,
    success: T.paid_,
    failure: T.payFailed,
    update: setBill,
    invalidate: [payableKeys.all, dashboardKeys.all],
    ...inDialog(closeDialog, onError),
  });
}

/** POST /payables/{id}/payments/{paymentId}/undo, or POST /payables/{id}/cancel, with the reason. */
export function useReasonAction(
  kind: 'undo' | 'cancel',
  closeDialog: () => void,
  onError: (message: string | null) => void,
) {
  return useApiMutation<PayableDetails, { id: number; paymentId?: number; reason: string }>({
    mutationFn: async ({ id, paymentId, reason }) =>
      (
        await api<{ data: PayableDetails }>(
          kind === 'undo' ? `/payables/${id}/payments/${paymentId}/undo` : `/payables/${id}/cancel`,
          { method: 'POST', body: { reason } },
        )
      ).data,
    success: (bill) => (kind === 'undo' ? T.undone : T.canceled(bill.id)),
    failure: kind === 'undo' ? T.undoFailed : T.cancelFailed,
    update: setBill,
    invalidate: [payableKeys.all, dashboardKeys.all],
    ...inDialog(closeDialog, onError),
  });
}
