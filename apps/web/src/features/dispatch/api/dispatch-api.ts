import {
  BOARD_PAGE_SIZE,
  type CashOverview,
  type CourierRun,
  type DepartureSummary,
  type DispatchOrder,
  type Paged,
  type Settlement,
} from '@backoffice/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { createQueryKeys } from '../../../lib/query-keys';

export const dispatchKeys = createQueryKeys('dispatch');

/** A place of the board in the address and the calls: `immediate` or the departure's instant. */
export const placeKey = (departureAt: string | null) => departureAt ?? 'immediate';

/**
 * GET /dispatch/board/summary?date=: what the board shows first, a São Paulo day's places (the immediate
 * deliveries, then each departure) with their counts, cash and runs; no order's row.
 */
export function boardSummaryQuery(date: string) {
  return queryOptions({
    queryKey: dispatchKeys.list({ board: 'summary', date }),
    queryFn: async () => (await api<{ data: DepartureSummary[] }>('/dispatch/board/summary', { query: { date } })).data,
  });
}

/** GET /dispatch/board/orders: a page of the orders waiting for one place of the board, by neighbourhood. */
export function boardOrdersQuery(departure: string, page: number) {
  return queryOptions({
    queryKey: dispatchKeys.list({ board: 'orders', departure, page }),
    queryFn: () =>
      api<Paged<DispatchOrder>>('/dispatch/board/orders', { query: { departure, page, items: BOARD_PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  });
}

export type SettlementRow = Settlement & { deliverer: { id: number; name: string }; departureAt: string };

/** One page of 'Acertos', with the whole period's count and cash totals. */
export interface SettlementsPage {
  data: SettlementRow[];
  total: number;
  totals: { expectedCash: number; declaredCash: number; difference: number };
}

/** Rows a page of 'Acertos'. */
export const SETTLEMENTS_PAGE_SIZE = 20;

/**
 * GET /dispatch/settlements: the runs settled in a period (São Paulo days), by courier when chosen, a page
 * at a time (paged and summed on the server).
 */
export function settlementsQuery(start: string, end: string, delivererId: number | null, page: number) {
  return queryOptions({
    queryKey: dispatchKeys.list({ settlements: true, start, end, delivererId, page }),
    queryFn: () =>
      api<SettlementsPage>('/dispatch/settlements', {
        query: { start, end, delivererId: delivererId ?? undefined, page, items: SETTLEMENTS_PAGE_SIZE },
      }),
  });
}

export async function createRun(body: { departureAt: string; delivererId: number; orderIds: number[] }) {
  return (await api<{ data: CourierRun }>('/dispatch/runs', { method: 'POST', body })).data;
}

/**
 * The register the caller has open (GET /cash-registers: its `mySessionId`), null when none: where a settlement's
 * cash goes (decision 0053). Asked only when `enabled` (the caller reaches the drawer's routes); the key is the
 * drawer screen's overview, so both read one answer.
 */
export function useMyCashRegister(enabled: boolean) {
  return useQuery({
    queryKey: ['cash-registers', 'overview'],
    queryFn: async ({ signal }) => (await api<{ data: CashOverview }>('/cash-registers', { signal })).data,
    select: (overview): { id: number; name: string } | null => {
      const register = overview.registers.find(
        (r) => r.openSession !== null && r.openSession.id === overview.mySessionId,
      );
      return register ? { id: register.id, name: register.name } : null;
    },
    enabled,
  });
}

export async function settleRun(runId: number, body: { declaredCash: number; note?: string; cashRegisterId?: number }) {
  return (await api<{ data: Settlement }>(`/dispatch/runs/${runId}/settlement`, { method: 'POST', body })).data;
}
