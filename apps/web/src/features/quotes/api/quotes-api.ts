import {
  type CheckoutResponse,
  csvMoney,
  csvText,
  formatPhone,
  type Paged,
  QUOTE_STATUS_LABELS,
  type Quote,
  type QuoteConvertBody,
  type QuoteRow,
  type QuoteStatus,
} from '@backoffice/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useApiMutation } from '../../../components/use-api-mutation';
import { readAllPages } from '../../../lib/all-pages';
import { api } from '../../../lib/api-client';
import { saveCsvText } from '../../../lib/download';
import { formatDate } from '../../../lib/format';
import { QUOTES_TEXTS as T } from '../texts';

export const quoteKeys = {
  all: ['quotes'] as const,
  page: (query: object) => ['quotes', 'page', query] as const,
  one: (id: number) => ['quotes', 'one', id] as const,
};

/** What the list asks the server: the search, the status ('' = every one). */
export interface QuotesFilter {
  search: string;
  status: QuoteStatus | '';
}

export interface QuotesQuery extends QuotesFilter {
  page: number;
  size: number;
}

async function fetchQuotePage(query: QuotesQuery, signal?: AbortSignal): Promise<Paged<QuoteRow>> {
  const params = new URLSearchParams({ page: String(query.page), size: String(query.size) });
  if (query.search.trim()) params.set('search', query.search.trim());
  if (query.status) params.set('status', query.status);
  return (await api<{ data: Paged<QuoteRow> }>(`/quotes?${params}`, signal ? { signal } : {})).data;
}

/** GET /quotes: one page, by status and search, on the server. */
export function useQuotes(query: QuotesQuery) {
  return useQuery({
    queryKey: quoteKeys.page(query),
    queryFn: ({ signal }) => fetchQuotePage(query, signal),
    placeholderData: keepPreviousData,
  });
}

/** Every quote that matches the filter, newest first ('Imprimir', 'Baixar CSV'). */
export function fetchAllQuotes(filter: QuotesFilter): Promise<QuoteRow[]> {
  return readAllPages((page, size) => fetchQuotePage({ ...filter, page, size }));
}

/** orcamentos.csv: the list's columns, one line per quote (the contract's `csvText`, money as 1234,56). */
export function quotesCsv(rows: readonly QuoteRow[]): string {
  const head = [T.number, T.customer, T.phone, T.seller, T.createdAt, T.validUntil, T.total, T.status];
  return csvText([
    head,
    ...rows.map((row) => [
      row.id,
      row.customerName,
      formatPhone(row.phone),
      row.sellerName,
      formatDate(row.createdAt),
      formatDate(row.validUntil),
      csvMoney(row.total),
      QUOTE_STATUS_LABELS[row.status],
    ]),
  ]);
}

export async function downloadQuotesCsv(filter: QuotesFilter) {
  saveCsvText('orcamentos.csv', quotesCsv(await fetchAllQuotes(filter)));
}

/** GET /quotes/{id}. */
export function useQuote(id: number | null) {
  return useQuery({
    queryKey: quoteKeys.one(id ?? 0),
    queryFn: async ({ signal }) => (await api<{ data: Quote }>(`/quotes/${id}`, { signal })).data,
    enabled: id !== null,
  });
}

/** POST /quotes/{id}/convert with the quote's own Idempotency-Key (kept across the retries of that quote). */
export function useConvertQuote(onConverted: (answer: CheckoutResponse, id: number) => void) {
  return useApiMutation<CheckoutResponse, { id: number; body: QuoteConvertBody; key: string }>({
    mutationFn: async ({ id, body, key }) =>
      (
        await api<{ data: CheckoutResponse }>(`/quotes/${id}/convert`, {
          method: 'POST',
          body,
          headers: { 'Idempotency-Key': key },
        })
      ).data,
    failure: T.convertFailed,
    success: (answer) => T.converted(answer.code),
    invalidate: [quoteKeys.all, ['orders'], ['products']],
    onSuccess: (answer, vars) => onConverted(answer, vars.id),
  });
}

/**
 * POST /quotes/{id}/cancel with the reason, under the attempt's Idempotency-Key (a retry after no answer sends
 * the same key and gets the same quote); the dialog closes only on success.
 */
export function useCancelQuote(closeDialog: () => void) {
  return useApiMutation<Quote, { id: number; reason: string; key: string }>({
    mutationFn: async ({ id, reason, key }) =>
      (
        await api<{ data: Quote }>(`/quotes/${id}/cancel`, {
          method: 'POST',
          body: { reason },
          headers: { 'Idempotency-Key': key },
        })
      ).data,
    failure: T.cancelFailed,
    success: (quote) => T.cancelled(quote.id),
    update: (client, quote) => client.setQueryData(quoteKeys.one(quote.id), quote),
    invalidate: [quoteKeys.all],
    closeDialog,
  });
}
