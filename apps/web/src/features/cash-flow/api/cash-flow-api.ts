import type { CashFlow, CashFlowGrain } from '@backoffice/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { downloadFile } from '../../../lib/download';
import { createQueryKeys } from '../../../lib/query-keys';
import { CASH_FLOW_PAGE_TEXTS as T } from '../texts';

export const cashFlowKeys = createQueryKeys('cash-flow');

/** What the page asks: by day or week, from the balance the shop holds today (reais). */
export interface CashFlowParams {
  grain: CashFlowGrain;
  openingBalance: number;
}

/** GET /cash-flow: the rows of the 90 days before today and the 90 from it, with their totals. */
export function useCashFlow(params: CashFlowParams) {
  return useQuery({
    queryKey: cashFlowKeys.list(params),
    queryFn: async ({ signal }) => (await api<{ data: CashFlow }>('/cash-flow', { query: { ...params }, signal })).data,
    placeholderData: keepPreviousData,
  });
}

/** 'Exportar CSV': fluxo-de-caixa.csv of the same rows, written by the server. */
export function downloadCashFlowCsv(params: CashFlowParams) {
  return downloadFile('/cash-flow/export.csv', { query: { ...params }, fileName: T.csvFile });
}
