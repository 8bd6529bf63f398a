import type {
  Paged,
  Purchase,
  PurchaseDecisionsInput,
  PurchasePreview,
  PurchaseProductOption,
  PurchaseSummary,
} from '@backoffice/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { readAllPages } from '../../../lib/all-pages';
import { api } from '../../../lib/api-client';
import { downloadFile } from '../../../lib/download';
import { uploadForm } from '../../../lib/upload';

export const purchaseKeys = {
  all: ['purchases'] as const,
  page: (query: object) => ['purchases', 'page', query] as const,
  one: (id: number) => ['purchases', 'one', id] as const,
};

/**
 * POST /purchases/nfe: the note's XML and the decisions so far; dryRun answers the preview, otherwise the entry
 * (`key`: the Idempotency-Key of this confirm, kept while it is tried again).
 */
export async function sendNfe(
  file: File,
  decisions: PurchaseDecisionsInput,
  dryRun: boolean,
  key?: string,
): Promise<PurchasePreview | Purchase> {
  const form = new FormData();
  form.append('decisions', JSON.stringify(decisions));
  form.append('file', file);
  const answer = await uploadForm<{ data: PurchasePreview | Purchase }>(
    `/purchases/nfe?dryRun=${dryRun}`,
    form,
    undefined,
    key ? { 'Idempotency-Key': key } : {},
  );
  return answer.data;
}

export interface PurchasesQuery {
  search: string;
  page: number;
  size: number;
}

async function fetchPage(query: PurchasesQuery, signal?: AbortSignal): Promise<Paged<PurchaseSummary>> {
  return (
    await api<{ data: Paged<PurchaseSummary> }>('/purchases', {
      query: { page: query.page, size: query.size, search: query.search.trim() || undefined },
      ...(signal ? { signal } : {}),
    })
  ).data;
}

/** GET /purchases: one page, searched on the server. */
export function usePurchases(query: PurchasesQuery) {
  return useQuery({
    queryKey: purchaseKeys.page(query),
    queryFn: ({ signal }) => fetchPage(query, signal),
    placeholderData: keepPreviousData,
  });
}

/** Every entry that matches the search ('Imprimir'). */
export function fetchAllPurchases(search: string): Promise<PurchaseSummary[]> {
  return readAllPages((page, size) => fetchPage({ search, page, size }));
}

/** 'Baixar CSV': entradas.csv, streamed by the server. */
export function downloadPurchasesCsv(search: string) {
  return downloadFile('/purchases/export.csv', {
    query: { search: search.trim() || undefined },
    fileName: 'entradas.csv',
  });
}

/** GET /purchases/{id}. */
export function usePurchase(id: number | null) {
  return useQuery({
    queryKey: purchaseKeys.one(id ?? 0),
    queryFn: async () => (await api<{ data: Purchase }>(`/purchases/${id}`)).data,
    enabled: id !== null,
  });
}

/** Products to link an item to (GET /purchases/products: the catalogue's search, open to 'Compras'). */
export function useProductSearch(search: string) {
  return useQuery({
    queryKey: ['purchases', 'product-search', search],
    queryFn: async ({ signal }) =>
      (
        await api<{ data: PurchaseProductOption[] }>('/purchases/products', {
          query: { limit: 20, search: search || undefined },
          signal,
        })
      ).data,
    enabled: search.trim().length >= 2,
    placeholderData: keepPreviousData,
  });
}

/** The brands a new product may take (GET /products/brands). */
export function useBrandNames() {
  return useQuery({
    queryKey: ['purchases', 'brands'],
    queryFn: async () => (await api<{ data: { name: string }[] }>('/products/brands')).data.map((b) => b.name),
  });
}
