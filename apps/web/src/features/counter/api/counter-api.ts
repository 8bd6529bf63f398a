import {
  type CashOverview,
  type CounterSaleInput,
  type CounterSaleResponse,
  type CounterSaleState,
  type CounterWaitingPage,
  type DiscountApproval,
  type DiscountApprovalRequest,
  isFinalOrderStatus,
  type Product,
  type ProductPage,
  type SellingProduct,
  type SellingProductSearchResponse,
  type TradeInSummary,
  type WalkInCustomer,
} from '@backoffice/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useApiMutation } from '../../../components/use-api-mutation';
import { api } from '../../../lib/api-client';
import { COUNTER_SCREEN_TEXTS as T } from '../texts';

const keys = {
  walkIn: ['counter', 'walk-in'] as const,
  search: (email: string, term: string) => ['counter', 'search', email, term] as const,
  drawer: ['cash-registers'] as const,
  sale: (orderId: number) => ['counter', 'sale', orderId] as const,
  waiting: (page: number) => ['counter', 'waiting-pix', page] as const,
  approval: (id: number) => ['counter', 'discount-approval', id] as const,
};

/** How often the counter asks whether the manager decided the discount (ms). */
export const APPROVAL_POLL_MS = 5000;

/** 'Vendas aguardando Pix': how many a page lists. */
export const WAITING_PAGE_SIZE = 5;

/** How often the Pix dialog asks whether the bank confirmed the Pix (ms). */
export const PIX_POLL_MS = 3000;

/** The seller's own 'Consumidor final' (POST /customers/walk-in, made on first use): whose prices the search shows. */
export function useWalkIn() {
  return useQuery({
    queryKey: keys.walkIn,
    queryFn: async () => (await api<{ data: WalkInCustomer }>('/customers/walk-in', { method: 'POST' })).data,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** Search as you type: the products at the buyer's level price (the walk-in's: the list price), in stock first. */
export function useCounterSearch(email: string | undefined, term: string) {
  const search = term.trim();
  return useQuery({
    queryKey: keys.search(email ?? '', search),
    queryFn: async ({ signal }): Promise<SellingProduct[]> =>
      (
        await api<SellingProductSearchResponse>(
          `/shop/products/full/search/${encodeURIComponent(search)}/email/${encodeURIComponent(email ?? '')}`,
          { signal },
        )
      ).products,
    enabled: !!email && search.length >= 2,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** GET /cash-registers: whether the seller has a drawer open (cash needs it), and the registers to open one. */
export function useDrawer() {
  return useQuery({
    queryKey: keys.drawer,
    queryFn: async () => (await api<{ data: CashOverview }>('/cash-registers')).data,
  });
}

export function useOpenDrawer(onDone: () => void) {
  return useApiMutation<unknown, { registerId: number; float: number }>({
    mutationFn: ({ registerId, float }) =>
      api(`/cash-registers/${registerId}/open`, { method: 'POST', body: { float } }),
    failure: T.openDrawerFailed,
    invalidate: [keys.drawer],
    onSuccess: onDone,
  });
}

/** POST /counter/sales with the attempt's key: a retry after a lost answer is the same sale; its refusal on screen. */
export function useCounterSale(onDone: (sale: CounterSaleResponse) => void) {
  return useApiMutation<CounterSaleResponse, { body: CounterSaleInput; key: string }>({
    mutationFn: async ({ body, key }) =>
      (
        await api<{ data: CounterSaleResponse }>('/counter/sales', {
          method: 'POST',
          body,
          headers: { 'Idempotency-Key': key },
        })
      ).data,
    failure: T.failed,
    invalidate: [keys.drawer],
    // The refusal (a discount above the seller's maximum, a closed drawer…) is said beside the totals, where it
    // stays while the clerk fixes the sale.
    errorInDialog: true,
    onSuccess: onDone,
  });
}

/**
 * GET /counter/sales/{orderId}, asked every few seconds while the sale waits for its Pix (until it is final:
 * Finalizados once the bank confirmed it, or Cancelado).
 */
export function useCounterSaleState(orderId: number) {
  return useQuery({
    queryKey: keys.sale(orderId),
    queryFn: async () => (await api<{ data: CounterSaleState }>(`/counter/sales/${orderId}`)).data,
    refetchInterval: (query) =>
      query.state.data && isFinalOrderStatus(query.state.data.statusKey) ? false : PIX_POLL_MS,
  });
}

/**
 * GET /counter/sales/waiting-pix: today's counter sales still waiting for their Pix (the seller's own, or everyone's
 * for who reads orders), a page at a time; asked again while the list is open, so a Pix paid meanwhile leaves it.
 */
export function useWaitingCounterSales(page: number, open: boolean) {
  return useQuery({
    queryKey: keys.waiting(page),
    queryFn: async () =>
      (await api<{ data: CounterWaitingPage }>(`/counter/sales/waiting-pix?page=${page}&pageSize=${WAITING_PAGE_SIZE}`))
        .data,
    refetchInterval: open ? PIX_POLL_MS : false,
    placeholderData: keepPreviousData,
  });
}

/** 'Cancelar venda': the workflow's cancel move with its reason (PATCH /workflow/order/cancel). */
export function useCancelCounterSale(orderId: number, onDone: () => void) {
  return useApiMutation<unknown, { comment: string }>({
    mutationFn: ({ comment }) => api('/workflow/order/cancel', { method: 'PATCH', body: { orderId, comment } }),
    failure: T.cancelFailed,
    invalidate: [keys.sale(orderId), keys.drawer],
    onSuccess: onDone,
  });
}

/** 'Confirmar Pix recebido' ('Pix automático' off): the workflow's confirmPix move (PATCH /workflow/order/confirm-pix). */
export function useConfirmCounterPix(orderId: number) {
  return useApiMutation<unknown, void>({
    mutationFn: () => api('/workflow/order/confirm-pix', { method: 'PATCH', body: { orderId } }),
    failure: T.confirmPixFailed,
    invalidate: [keys.sale(orderId)],
  });
}

/** 'Pedir aprovação do gerente': POST /discount-approvals for the counter's own lines (decision 0078). */
export function useAskCounterApproval(onAsked: (approval: DiscountApproval) => void) {
  return useApiMutation<DiscountApproval, DiscountApprovalRequest>({
    mutationFn: async (body) =>
      (await api<{ data: DiscountApproval }>('/discount-approvals', { method: 'POST', body })).data,
    failure: T.approvalFailed,
    onSuccess: onAsked,
  });
}

/** GET /discount-approvals/{id}, asked every few seconds until the manager decides it. */
export function useCounterApproval(id: number | null) {
  return useQuery({
    queryKey: keys.approval(id ?? 0),
    queryFn: async () => (await api<{ data: DiscountApproval }>(`/discount-approvals/${id}`)).data,
    enabled: id !== null,
    refetchInterval: (query) => (query.state.data?.status === 'PENDING' ? APPROVAL_POLL_MS : false),
  });
}

/**
 * The trade-ins a counter sale may take as payment (decision 0078): the open ones (GET /trade-ins?status=OPEN) of this
 * customer, or all open for a walk-in, with their value agreed; the server checks the rest (IMEI checked, signed).
 */
export function useOpenTradeIns(customerId: number | null) {
  return useQuery({
    queryKey: ['counter', 'trade-ins', customerId],
    queryFn: async ({ signal }) =>
      (
        await api<{ data: { items: TradeInSummary[] } }>('/trade-ins', {
          query: { status: 'OPEN', items: 50, ...(customerId === null ? {} : { customerId }) },
          signal,
        })
      ).data.items.filter((tradeIn) => tradeIn.value !== null && tradeIn.value > 0),
  });
}

/** The serialized seminovo products a used phone may become (GET /products, the used and serialized ones). */
export function useSeminovoProducts() {
  return useQuery({
    queryKey: ['counter', 'seminovos'],
    queryFn: async ({ signal }) =>
      (await api<ProductPage>('/products', { query: { offset: 0, limit: 100 }, signal })).items.filter(
        (product: Product) => product.used === true && product.serialized,
      ),
    staleTime: 60_000,
  });
}
