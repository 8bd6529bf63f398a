import {
  BANK_STATEMENT_MAX_BYTES,
  BANK_STATEMENT_TEXTS,
  type BankLineConfirm,
  type BankLinePayable,
  type BankLineReceivable,
  type BankMatch,
  type BankReconciliation,
  type BankStatementImport,
  type Customer,
  type ReceivablePage,
} from '@backoffice/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { inDialog, useApiMutation } from '../../../components/use-api-mutation';
import { fetchPage } from '../../../lib/all-pages';
import { ApiError, api } from '../../../lib/api-client';
import { uploadForm } from '../../../lib/upload';
import { BANK_RECONCILIATION_TEXTS as T } from '../texts';

export const bankReconciliationKeys = {
  all: ['bank-reconciliation'] as const,
  accounts: ['bank-reconciliation', 'accounts'] as const,
  month: (accountId: number, month: string) => ['bank-reconciliation', 'month', accountId, month] as const,
};

export interface ShopAccount {
  id: number;
  name: string;
  detail: string;
}

/** GET /bank-statements/accounts: the shop's active accounts. */
export function useBankAccounts() {
  return useQuery({
    queryKey: bankReconciliationKeys.accounts,
    queryFn: async ({ signal }) => (await api<{ data: ShopAccount[] }>('/bank-statements/accounts', { signal })).data,
  });
}

/** GET /bank-statements/reconciliation: the account's month, its lines with their proposals and the balances. */
export function useReconciliation(accountId: number | null, month: string) {
  return useQuery({
    queryKey: bankReconciliationKeys.month(accountId ?? 0, month),
    queryFn: async ({ signal }) =>
      (
        await api<{ data: BankReconciliation }>('/bank-statements/reconciliation', {
          query: { accountId: accountId ?? 0, month },
          signal,
        })
      ).data,
    enabled: accountId !== null,
    placeholderData: keepPreviousData,
  });
}

/** POST /bank-statements?accountId=: the OFX file; one above the server's limit is refused here before it is sent. */
export async function sendStatement(accountId: number, file: File): Promise<BankStatementImport> {
  if (file.size > BANK_STATEMENT_MAX_BYTES) {
    throw new ApiError(
      413,
      [BANK_STATEMENT_TEXTS.tooLarge(BANK_STATEMENT_MAX_BYTES / 1024 / 1024)],
      'PAYLOAD_TOO_LARGE',
    );
  }
  const form = new FormData();
  form.append('file', file);
  return (await uploadForm<{ data: BankStatementImport }>(`/bank-statements?accountId=${accountId}`, form)).data;
}

export function useImportStatement() {
  return useApiMutation<BankStatementImport, { accountId: number; file: File }>({
    mutationFn: ({ accountId, file }) => sendStatement(accountId, file),
    failure: T.importFailed,
    success: (answer) => (answer.applied ? T.imported(answer.lines, answer.newLines) : T.importedAgain),
    invalidate: [bankReconciliationKeys.all],
  });
}

export function useConfirmLine() {
  return useApiMutation<BankMatch, { id: number } & BankLineConfirm>({
    mutationFn: async ({ id, ...body }) =>
      (await api<{ data: BankMatch }>(`/bank-statements/lines/${id}/confirm`, { method: 'POST', body })).data,
    failure: T.confirmFailed,
    success: T.confirmed,
    invalidate: [bankReconciliationKeys.all],
  });
}

/** 'Confirmar todas as propostas': every exact proposal of the account's month at once. */
export function useConfirmAll() {
  return useApiMutation<{ confirmed: number }, { accountId: number; month: string }>({
    mutationFn: async (body) =>
      (await api<{ data: { confirmed: number } }>('/bank-statements/reconciliation/confirm', { method: 'POST', body }))
        .data,
    failure: T.confirmFailed,
    success: (answer) => T.confirmedAll(answer.confirmed),
    invalidate: [bankReconciliationKeys.all],
  });
}

export function useIgnoreLine(closeDialog: () => void, onError: (message: string | null) => void) {
  return useApiMutation<unknown, { id: number; reason: string }>({
    mutationFn: ({ id, reason }) => api(`/bank-statements/lines/${id}/ignore`, { method: 'POST', body: { reason } }),
    failure: T.ignoreFailed,
    success: T.ignored,
    invalidate: [bankReconciliationKeys.all],
    ...inDialog(closeDialog, onError),
  });
}

export function useCreatePayable(closeDialog: () => void, onError: (message: string | null) => void) {
  return useApiMutation<BankMatch, { id: number } & BankLinePayable>({
    mutationFn: async ({ id, ...body }) =>
      (await api<{ data: BankMatch }>(`/bank-statements/lines/${id}/payable`, { method: 'POST', body })).data,
    failure: T.payableFailed,
    success: T.payableCreated,
    invalidate: [bankReconciliationKeys.all, ['payables'], ['cash-flow']],
    ...inDialog(closeDialog, onError),
  });
}

/** 'Criar recebimento': the customer searched by name, e-mail or document (GET /customers), as the receivables list. */
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

/** The customer's open instalments (GET /receivables?customerId=&status=open), the oldest due first. */
export function useOpenInstalments(customerId: number | null) {
  return useQuery({
    queryKey: ['receivables', 'list', { customerId, status: 'open', page: 0, pageSize: 100 }],
    queryFn: async ({ signal }) =>
      (await fetchPage<ReceivablePage>('/receivables', { customerId: customerId ?? 0, status: 'open' }, 0, 100, signal))
        .items,
    enabled: customerId !== null,
  });
}

export function useCreateReceipt(closeDialog: () => void, onError: (message: string | null) => void) {
  return useApiMutation<BankMatch, { id: number } & BankLineReceivable>({
    mutationFn: async ({ id, ...body }) =>
      (await api<{ data: BankMatch }>(`/bank-statements/lines/${id}/receivable`, { method: 'POST', body })).data,
    failure: T.receiptFailed,
    success: T.receiptCreated,
    invalidate: [bankReconciliationKeys.all, ['receivables'], ['customers', 'credit'], ['cash-flow']],
    ...inDialog(closeDialog, onError),
  });
}
