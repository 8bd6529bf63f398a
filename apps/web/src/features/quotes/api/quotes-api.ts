import type { CheckoutResponse, Paged, Quote, QuoteConvertBody, QuoteRow, QuoteStatus } from '@backoffice/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useApiMutation } from '../../../components/use-api-mutation';
import { api } from '../../../lib/api-client';
import { QUOTES_TEXTS as T } from '../texts';

export const quoteKeys = {
  all: ['quotes'] as const,
  page: (query: object) => ['quotes', 'page', query] as const,
  one: (id: number) => ['quotes', 'one', id] as const,
};

export interface QuotesQuery {
  page: number;
  search: string;
  status: QuoteStatus | '';
}

/** GET /quotes: one page, by status and search, on the server. */
export function useQuotes(query: QuotesQuery) {
  return useQuery({
    queryKey: quoteKeys.page(query),
    queryFn: async ({ signal }) => {
      const params = new URLSearchParams({ page: String(query.page), size: '20' });
      if (query.search.trim()) params.set('search', query.search.trim());
      if (query.status) params.set('status', query.status);
      return (await api<{ data: Paged<QuoteRow> }>(`/quotes?${params}`, { signal })).data;
    },
    placeholderData: keepPreviousData,
  });
}

/** GET /quotes/{id}. */
export function useQuote(id: number | null) {
  return useQuery({
    queryKey: quoteKeys.one(id ?? 0),
    queryFn: async ({ signal }) => (await api<{ data: Quote }>(`/quotes/${id}`, { signal })).data,
    enabled: id !== null,
  });
}

/** POST /quotes/{id}/convert with one Idempotency-Key per attempt (kept across its retries). */
export function useConvertQuote(onConverted: (answer: CheckoutResponse) => void) {
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
    onSuccess: onConverted,
  });
}
