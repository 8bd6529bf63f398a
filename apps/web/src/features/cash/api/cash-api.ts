import {
  CASH_TEXTS,
  type CashCloseBody,
  type CashOverview,
  type CashRegister,
  type CashSessionDetails,
  type CashSessionFilter,
  type CashSessionPage,
  type TypedCashEntryKind,
} from '@backoffice/contract';
import { keepPreviousData, type QueryClient, useQuery } from '@tanstack/react-query';
import { inDialog, useApiMutation } from '../../../components/use-api-mutation';
import { api } from '../../../lib/api-client';
import { downloadFile } from '../../../lib/download';
import { createQueryKeys } from '../../../lib/query-keys';
import { CASH_PAGE_TEXTS as T } from '../texts';

/**
 * The drawer's queries: the overview (`other('overview')`, the key the settlement dialog reads too), the
 * sessions' pages (`list`) and one session with its entries (`detail`). Every write moves all three.
 */
export const cashKeys = createQueryKeys('cash-registers');
const overviewKey = cashKeys.other('overview');

/** GET /cash-registers: the registers with their open session's figures, the caller's session, the tolerance. */
export function useCashOverview() {
  return useQuery({
    queryKey: overviewKey,
    queryFn: async ({ signal }) => (await api<{ data: CashOverview }>('/cash-registers', { signal })).data,
  });
}

/** What the sessions' list asks ('' = no filter). */
export interface CashSessionsFilter {
  registerId: number | null;
  status: CashSessionFilter | '';
}

/** GET /cash-registers/sessions: one page, newest first, paged on the server. */
export function useCashSessions(filter: CashSessionsFilter, page: number, pageSize: number) {
  return useQuery({
    queryKey: cashKeys.list({ ...filter, page, pageSize }),
    queryFn: async ({ signal }) =>
      (
        await api<{ data: CashSessionPage }>('/cash-registers/sessions', {
          signal,
          query: {
            registerId: filter.registerId ?? undefined,
            status: filter.status || undefined,
            page,
            pageSize,
          },
        })
      ).data,
    placeholderData: keepPreviousData,
  });
}

/** GET /cash-registers/sessions/{id}: a session and its entries. */
export function useCashSession(id: number | null) {
  return useQuery({
    queryKey: cashKeys.detail(id ?? 0),
    queryFn: async ({ signal }) =>
      (await api<{ data: CashSessionDetails }>(`/cash-registers/sessions/${id}`, { signal })).data,
    enabled: id !== null,
  });
}

/** 'Relatório': the closing report of a session, fetched with the token and saved (as the run sheet is). */
export function downloadCashReport(sessionId: number) {
  return downloadFile(`/cash-registers/sessions/${sessionId}/report.pdf`, {
    fileName: `fechamento-caixa-${sessionId}.pdf`,
  });
}

const setSession = (client: QueryClient, session: CashSessionDetails) =>
  client.setQueryData(cashKeys.detail(session.id), session);

/** What every write of a cash dialog shares: the cash queries asked again, and the dialog's own (`inDialog`). */
function inCashDialog(closeDialog: () => void, onError: (message: string | null) => void) {
  return { invalidate: [cashKeys.all], ...inDialog(closeDialog, onError) } as const;
}

/** POST /cash-registers: a new register. */
export function useCreateRegister(closeDialog: () => void, onError: (message: string | null) => void) {
  return useApiMutation<CashRegister, { name: string }>({
    mutationFn: async (body) => (await api<{ data: CashRegister }>('/cash-registers', { method: 'POST', body })).data,
    success: (register) => CASH_TEXTS.created(register.name),
    failure: T.createFailed,
    ...inCashDialog(closeDialog, onError),
  });
}

/** PATCH /cash-registers/{id}: the register's new name, active or not. */
export function useUpdateRegister(closeDialog: () => void, onError: (message: string | null) => void) {
  return useApiMutation<CashRegister, { registerId: number; name: string; active: boolean }>({
    mutationFn: async ({ registerId, ...body }) =>
      (await api<{ data: CashRegister }>(`/cash-registers/${registerId}`, { method: 'PATCH', body })).data,
    success: (register) => CASH_TEXTS.updated(register.name),
    failure: T.updateFailed,
    ...inCashDialog(closeDialog, onError),
  });
}

/** PUT /cash-registers/settings: the tolerance of a closing's difference. */
export function useSetTolerance(closeDialog: () => void, onError: (message: string | null) => void) {
  return useApiMutation<{ tolerance: number }, { tolerance: number }>({
    mutationFn: async (body) =>
      (await api<{ data: { tolerance: number } }>('/cash-registers/settings', { method: 'PUT', body })).data,
    success: T.toleranceSaved,
    failure: T.toleranceFailed,
    ...inCashDialog(closeDialog, onError),
  });
}

/** POST /cash-registers/{id}/open with the float. */
export function useOpenRegister(closeDialog: () => void, onError: (message: string | null) => void) {
  return useApiMutation<CashSessionDetails, { registerId: number; float: number }>({
    mutationFn: async ({ registerId, float }) =>
      (
        await api<{ data: CashSessionDetails }>(`/cash-registers/${registerId}/open`, {
          method: 'POST',
          body: { float },
        })
      ).data,
    success: (session) => CASH_TEXTS.opened(session.register.name),
    failure: T.openFailed,
    update: setSession,
    ...inCashDialog(closeDialog, onError),
  });
}

/** POST /cash-registers/{id}/entries under the dialog's Idempotency-Key (sent again after no answer: one entry). */
export function useAddEntry(closeDialog: () => void, onError: (message: string | null) => void) {
  return useApiMutation<
    CashSessionDetails,
    {
      registerId: number;
      key: string;
      body: { kind: TypedCashEntryKind; amount: number; reason: string | null; depositAccountId?: number };
    }
  >({
    mutationFn: async ({ registerId, key, body }) =>
      (
        await api<{ data: CashSessionDetails }>(`/cash-registers/${registerId}/entries`, {
          method: 'POST',
          body,
          headers: { 'Idempotency-Key': key },
        })
      ).data,
    success: (_session, { body }) => T.entryAdded[body.kind],
    failure: T.entryFailed,
    update: setSession,
    ...inCashDialog(closeDialog, onError),
  });
}

/** POST /cash-registers/{id}/close with the amount counted (and the reason of a difference). */
export function useCloseRegister(closeDialog: () => void, onError: (message: string | null) => void) {
  return useApiMutation<CashSessionDetails, { registerId: number; body: CashCloseBody }>({
    mutationFn: async ({ registerId, body }) =>
      (
        await api<{ data: CashSessionDetails }>(`/cash-registers/${registerId}/close`, {
          method: 'POST',
          body,
        })
      ).data,
    success: (session) =>
      session.status === 'PENDING_APPROVAL'
        ? CASH_TEXTS.closedPending(session.register.name)
        : CASH_TEXTS.closed(session.register.name),
    failure: T.closeFailed,
    update: setSession,
    ...inCashDialog(closeDialog, onError),
  });
}

/** POST /cash-registers/sessions/{id}/approve with the approver's note. */
export function useApproveSession(closeDialog: () => void, onError: (message: string | null) => void) {
  return useApiMutation<CashSessionDetails, { sessionId: number; note: string | null }>({
    mutationFn: async ({ sessionId, note }) =>
      (
        await api<{ data: CashSessionDetails }>(`/cash-registers/sessions/${sessionId}/approve`, {
          method: 'POST',
          body: { note },
        })
      ).data,
    success: CASH_TEXTS.approved,
    failure: T.approveFailed,
    update: setSession,
    ...inCashDialog(closeDialog, onError),
  });
}
