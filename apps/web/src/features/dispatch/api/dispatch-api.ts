import type { CourierRun, Departure, Settlement } from '@backoffice/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { createQueryKeys } from '../../../lib/query-keys';

export const dispatchKeys = createQueryKeys('dispatch');

/** GET /dispatch/departures?date=: the board of a São Paulo day. */
export function departuresQuery(date: string) {
  return queryOptions({
    queryKey: dispatchKeys.list({ date }),
    queryFn: async () => (await api<{ data: Departure[] }>('/dispatch/departures', { query: { date } })).data,
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

export async function settleRun(runId: number, body: { declaredCash: number; note?: string }) {
  return (await api<{ data: Settlement }>(`/dispatch/runs/${runId}/settlement`, { method: 'POST', body })).data;
}
