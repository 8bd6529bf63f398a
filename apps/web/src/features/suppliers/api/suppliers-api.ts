import type { Paged, Supplier, SupplierBody } from '@backoffice/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { inDialog, useApiMutation } from '../../../components/use-api-mutation';
import { readAllPages } from '../../../lib/all-pages';
import { api } from '../../../lib/api-client';
import { downloadFile } from '../../../lib/download';
import { SUPPLIERS_TEXTS as T } from '../texts';

export const supplierKeys = {
  all: ['suppliers'] as const,
  page: (query: object) => ['suppliers', 'page', query] as const,
};

export interface SuppliersQuery {
  search: string;
  page: number;
  size: number;
}

async function fetchSupplierPage(query: SuppliersQuery, signal?: AbortSignal): Promise<Paged<Supplier>> {
  const params = new URLSearchParams({ page: String(query.page), size: String(query.size) });
  if (query.search.trim()) params.set('search', query.search.trim());
  return (await api<{ data: Paged<Supplier> }>(`/suppliers?${params}`, signal ? { signal } : {})).data;
}

/** GET /suppliers: one page, searched on the server. */
export function useSuppliers(query: SuppliersQuery) {
  return useQuery({
    queryKey: supplierKeys.page(query),
    queryFn: ({ signal }) => fetchSupplierPage(query, signal),
    placeholderData: keepPreviousData,
  });
}

/** Every supplier that matches the search ('Imprimir'). */
export function fetchAllSuppliers(search: string): Promise<Supplier[]> {
  return readAllPages((page, size) => fetchSupplierPage({ search, page, size }));
}

/** 'Baixar CSV': fornecedores.csv of every supplier that matches, streamed by the server. */
export function downloadSuppliersCsv(search: string) {
  return downloadFile('/suppliers/export.csv', {
    query: { search: search.trim() || undefined },
    fileName: 'fornecedores.csv',
  });
}

/** POST /suppliers (new) or PATCH /suppliers/{id} (edit); the dialog closes only on success. */
export function useSaveSupplier(id: number | null, closeDialog: () => void, onError: (message: string | null) => void) {
  return useApiMutation<Supplier, SupplierBody>({
    mutationFn: async (body) =>
      (
        await api<{ data: Supplier }>(id === null ? '/suppliers' : `/suppliers/${id}`, {
          method: id === null ? 'POST' : 'PATCH',
          body,
        })
      ).data,
    success: (supplier) => T.saved(supplier.name),
    failure: T.saveFailed,
    invalidate: [supplierKeys.all],
    ...inDialog(closeDialog, onError),
  });
}
