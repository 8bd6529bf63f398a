import {
  type Customer,
  type OrderPayments,
  type OrderSummary,
  type Product,
  type ProductPage,
  TRADE_IN_TEXTS,
  type TradeIn,
  type TradeInAcceptBody,
  type TradeInCheckBody,
  type TradeInCreateBody,
  type TradeInEvaluateBody,
  type TradeInEvaluation,
  type TradeInPrice,
  type TradeInReportRow,
  type TradeInStatus,
  type TradeInSummary,
} from '@backoffice/contract';
import { keepPreviousData, type QueryClient, useQuery } from '@tanstack/react-query';
import { ordersKeys } from '../../../components/orders/order-keys';
import { inDialog, useApiMutation } from '../../../components/use-api-mutation';
import { useAttemptKey } from '../../../components/use-attempt-key';
import { readAllPages } from '../../../lib/all-pages';
import { api } from '../../../lib/api-client';
import { downloadFile } from '../../../lib/download';
import { createQueryKeys } from '../../../lib/query-keys';
import { TRADE_INS_TEXTS as T } from '../texts';

export const tradeInKeys = createQueryKeys('trade-ins');

/** What the list asks the server ('' = no filter). */
export interface TradeInsFilter {
  status: TradeInStatus | '';
  search: string;
}

type TradeInPage = { items: TradeInSummary[]; page: number; total: number };

async function fetchTradeInPage(filter: TradeInsFilter, page: number, items: number, signal?: AbortSignal) {
  return (
    await api<{ data: TradeInPage }>('/trade-ins', {
      query: { page, items, status: filter.status || undefined, search: filter.search.trim() || undefined },
      ...(signal ? { signal } : {}),
    })
  ).data;
}

/** GET /trade-ins: one page, newest first. */
export function useTradeIns(filter: TradeInsFilter, page: number, pageSize: number) {
  return useQuery({
    queryKey: tradeInKeys.list({ ...filter, page, pageSize }),
    queryFn: ({ signal }) => fetchTradeInPage(filter, page, pageSize, signal),
    placeholderData: keepPreviousData,
  });
}

/** Every trade-in that matches ('Imprimir'). */
export function fetchAllTradeIns(filter: TradeInsFilter): Promise<TradeInSummary[]> {
  return readAllPages((page, size) => fetchTradeInPage(filter, page, size));
}

/** 'Baixar CSV': aparelhos-usados.csv of every trade-in that matches, streamed by the server. */
export function downloadTradeInsCsv(filter: TradeInsFilter) {
  return downloadFile('/trade-ins/export.csv', {
    query: { status: filter.status || undefined, search: filter.search.trim() || undefined },
    fileName: 'aparelhos-usados.csv',
  });
}

/** GET /trade-ins/{id}: the evaluation, its check, signature, what is missing and the known unit. */
export function useTradeIn(id: number | null) {
  return useQuery({
    queryKey: tradeInKeys.detail(id ?? 0),
    queryFn: async ({ signal }) => (await api<{ data: TradeIn }>(`/trade-ins/${id}`, { signal })).data,
    enabled: id !== null,
  });
}

/** GET /trade-ins/prices: the price table (the form's suggestions of brand, model and storage). */
export function usePriceTable() {
  return useQuery({
    queryKey: tradeInKeys.other('prices'),
    queryFn: async ({ signal }) => (await api<{ data: TradeInPrice[] }>('/trade-ins/prices', { signal })).data,
    staleTime: 60_000,
  });
}

/** POST /trade-ins/evaluate: the offer for a phone and its checklist (nothing saved); `body` null asks nothing. */
export function useEvaluation(body: TradeInEvaluateBody | null) {
  return useQuery({
    queryKey: tradeInKeys.other('evaluate', body),
    queryFn: async ({ signal }) =>
      (await api<{ data: TradeInEvaluation }>('/trade-ins/evaluate', { method: 'POST', body, signal })).data,
    enabled: body !== null,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

/** The customers whose name, e-mail or document has `search` (the evaluation's optional customer). */
export function useCustomerOptions(search: string, enabled: boolean) {
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
    enabled,
  });
}

/** The serialized seminovo products whose name, code or brand has `search` (where a trade-in becomes a unit). */
export function useUsedProducts(search: string) {
  return useQuery({
    queryKey: ['products', 'used-options', search.trim()],
    queryFn: async ({ signal }) =>
      (
        await api<ProductPage>('/products', {
          query: { offset: 0, limit: 50, search: search.trim() || undefined },
          signal,
        })
      ).items.filter((product: Product) => product.used === true && product.serialized),
    placeholderData: keepPreviousData,
  });
}

/** GET /orders/{code}: the order a trade-in pays part of, found by its code; null when none. */
export function useOrderByCode(code: string) {
  const typed = code.trim();
  return useQuery({
    queryKey: ['trade-ins', 'order', typed],
    queryFn: async ({ signal }) => {
      try {
        return (await api<{ data: OrderSummary }>(`/orders/${encodeURIComponent(typed)}`, { signal })).data;
      } catch (error) {
        if ((error as { status?: number }).status === 404) return null;
        throw error;
      }
    },
    enabled: typed.length >= 3,
    retry: false,
  });
}

/** GET /orders/by-id/{id}: the order the evaluation was opened from (its code and customer). */
export function useOrderById(id: number | null) {
  return useQuery({
    queryKey: ['trade-ins', 'order-id', id],
    queryFn: async ({ signal }) =>
      (await api<{ data: OrderSummary & { customerDocument?: string | null } }>(`/orders/by-id/${id}`, { signal }))
        .data,
    enabled: id !== null,
    retry: false,
  });
}

/** GET /orders/{id}/payments: what the order still owes (the acceptance's order). */
export function useOrderDue(orderId: number | null) {
  return useQuery({
    queryKey: ordersKeys.other('payments', orderId ?? 0),
    queryFn: async ({ signal }) => (await api<{ data: OrderPayments }>(`/orders/${orderId}/payments`, { signal })).data,
    enabled: orderId !== null,
    retry: false,
  });
}

/** GET /trade-ins/report: the trade-ins accepted by month between two days. */
export function useTradeInReport(from: string, to: string) {
  return useQuery({
    queryKey: tradeInKeys.other('report', { from, to }),
    queryFn: async ({ signal }) =>
      (await api<{ data: TradeInReportRow[] }>('/trade-ins/report', { query: { from, to }, signal })).data,
  });
}

/** 'Termo de compra (PDF)': fetched with the token and saved. */
export function downloadTerm(tradeIn: Pick<TradeIn, 'id' | 'code'>) {
  return downloadFile(`/trade-ins/${tradeIn.id}/term.pdf`, { fileName: T.termFile(tradeIn.code) });
}

const setTradeIn = (client: QueryClient, tradeIn: TradeIn) =>
  client.setQueryData(tradeInKeys.detail(tradeIn.id), tradeIn);

/**
 * POST /trade-ins: the evaluation registered; its failure (a 403 for a value above the offer) said in the dialog. The
 * attempt's Idempotency-Key goes with it: sent again after a lost answer, the server answers the evaluation it made.
 */
export function useCreateTradeIn(
  closeDialog: () => void,
  onError: (message: string | null) => void,
  onSuccess: (tradeIn: TradeIn) => void,
) {
  const attempt = useAttemptKey();
  return useApiMutation<TradeIn, TradeInCreateBody>({
    mutationFn: async (body) =>
      (
        await api<{ data: TradeIn }>('/trade-ins', {
          method: 'POST',
          body,
          headers: { 'Idempotency-Key': attempt.current() },
        })
      ).data,
    success: TRADE_IN_TEXTS.created,
    failure: T.saveFailed,
    update: setTradeIn,
    invalidate: [tradeInKeys.lists()],
    ...inDialog(closeDialog, onError),
    onSuccess: (tradeIn) => {
      attempt.renew();
      onSuccess(tradeIn);
    },
  });
}

/** One write on a trade-in (value, check, signature, acceptance, release, cancel): the answer is the trade-in. */
function useTradeInWrite<V>(options: {
  call: (vars: V) => Promise<TradeIn>;
  success?: string;
  failure: string;
  closeDialog?: () => void;
  onError?: (message: string) => void;
  /** Besides the trade-in and the lists. */
  invalidate?: (tradeIn: TradeIn) => readonly (readonly unknown[])[];
}) {
  return useApiMutation<TradeIn, V>({
    mutationFn: options.call,
    ...(options.success ? { success: options.success } : {}),
    failure: options.failure,
    update: setTradeIn,
    invalidate: (tradeIn) => [tradeInKeys.lists(), ...(options.invalidate?.(tradeIn) ?? [])],
    errorInDialog: options.onError !== undefined,
    ...(options.onError ? { onError: (_error: unknown, message: string) => options.onError?.(message) } : {}),
    ...(options.closeDialog ? { closeDialog: options.closeDialog } : {}),
  });
}

const post = (id: number, action: string, body?: unknown) =>
  api<{ data: TradeIn }>(`/trade-ins/${id}/${action}`, {
    method: 'POST',
    ...(body === undefined ? {} : { body }),
  }).then((answer) => answer.data);

/** PUT /trade-ins/{id}/value: the value agreed (a 403 above the offer for whoever is not a manager). */
export function useSetValue(id: number, closeDialog: () => void, onError: (message: string) => void) {
  return useTradeInWrite<number>({
    call: async (value) =>
      (await api<{ data: TradeIn }>(`/trade-ins/${id}/value`, { method: 'PUT', body: { value } })).data,
    success: T.valueSaved,
    failure: T.valueFailed,
    closeDialog,
    onError,
  });
}

/** POST /trade-ins/{id}/check: the stolen-phone list's answer and its screenshot. */
export function useCheck(id: number, onError: (message: string) => void) {
  return useTradeInWrite<TradeInCheckBody>({
    call: (body) => post(id, 'check', body),
    success: T.checked,
    failure: T.checkFailed,
    onError,
  });
}

/** POST /trade-ins/{id}/sign: the seller's signature on the term. */
export function useSign(id: number, onError: (message: string) => void) {
  return useTradeInWrite<string>({
    call: (signature) => post(id, 'sign', { signature }),
    success: T.signed,
    failure: T.signFailed,
    onError,
  });
}

/** POST /trade-ins/{id}/accept: the phone taken in; an order paid in part is read again. */
export function useAccept(id: number, closeDialog: () => void, onError: (message: string) => void) {
  return useTradeInWrite<TradeInAcceptBody>({
    call: (body) => post(id, 'accept', body),
    success: TRADE_IN_TEXTS.accepted,
    failure: T.acceptFailed,
    closeDialog,
    onError,
    invalidate: (tradeIn) =>
      tradeIn.order
        ? [ordersKeys.other('payments', tradeIn.order.id), ordersKeys.detail(tradeIn.order.id), ordersKeys.lists()]
        : [['cash-registers'], ['payables']],
  });
}

/** POST /trade-ins/{id}/release: the seminovo enters the stock. */
export function useRelease(id: number) {
  return useTradeInWrite<void>({
    call: () => post(id, 'release'),
    success: TRADE_IN_TEXTS.released,
    failure: T.releaseFailed,
    invalidate: () => [['products']],
  });
}

/** POST /trade-ins/{id}/cancel with the reason. */
export function useCancel(id: number, closeDialog: () => void, onError: (message: string) => void) {
  return useTradeInWrite<string>({
    call: (reason) => post(id, 'cancel', { reason }),
    success: T.cancelled,
    failure: T.cancelFailed,
    closeDialog,
    onError,
  });
}
