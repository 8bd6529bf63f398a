import type {
  FiscalCertificate,
  FiscalIssuer,
  FiscalIssuerInput,
  FiscalProfile,
  FiscalProfileInput,
  IbptSummary,
  IbptTable,
  Municipality,
  ProductListItem,
  ProductListPage,
} from '@backoffice/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ApiError, api, refusalMessage } from '../../../lib/api-client';
import { createQueryKeys } from '../../../lib/query-keys';
import { uploadForm } from '../../../lib/upload';

/**
 * 'Configurações' → 'Fiscal' (issue 41 §1): the issuer, the A1 certificate and the fiscal profiles, every call
 * the settings permission's (docs/api.md, 'Fiscal setup').
 */
export const fiscalKeys = createQueryKeys('fiscal');

/** GET /fiscal/issuer: the saved issuer, or (`saved: false`) the company's CNPJ and name as a suggestion. */
export const fiscalIssuerQuery = queryOptions({
  queryKey: fiscalKeys.detail('issuer'),
  queryFn: async () => (await api<{ data: FiscalIssuer }>('/fiscal/issuer')).data,
});

/** GET /fiscal/certificate: the installed A1 certificate, or null. */
export const fiscalCertificateQuery = queryOptions({
  queryKey: fiscalKeys.detail('certificate'),
  queryFn: async () => (await api<{ data: FiscalCertificate | null }>('/fiscal/certificate')).data,
});

/** GET /fiscal/profiles: the profiles by name, each with how many products use it. */
export const fiscalProfilesQuery = queryOptions({
  queryKey: fiscalKeys.list('profiles'),
  queryFn: async () => (await api<{ data: FiscalProfile[] }>('/fiscal/profiles')).data,
});

/** PUT /fiscal/issuer: the whole issuer (`cscToken` absent keeps the saved one, null removes it). */
export async function saveIssuer(body: FiscalIssuerInput): Promise<FiscalIssuer> {
  return (await api<{ data: FiscalIssuer }>('/fiscal/issuer', { method: 'PUT', body })).data;
}

/** POST /fiscal/certificate: multipart, the password and the .pfx/.p12 (`file`), as the server reads them. */
export async function uploadCertificate({ file, password }: { file: File; password: string }) {
  const form = new FormData();
  form.append('password', password);
  form.append('file', file);
  return (await uploadForm<{ data: FiscalCertificate }>('/fiscal/certificate', form)).data;
}

/** DELETE /fiscal/certificate. */
export function removeCertificate() {
  return api<{ data: null }>('/fiscal/certificate', { method: 'DELETE' });
}

/** POST /fiscal/profiles (no id) or PUT /fiscal/profiles/{id}: the whole profile. */
export async function saveProfile({ id, body }: { id: number | null; body: FiscalProfileInput }) {
  const path = id === null ? '/fiscal/profiles' : `/fiscal/profiles/${id}`;
  return (await api<{ data: FiscalProfile }>(path, { method: id === null ? 'POST' : 'PUT', body })).data;
}

/** DELETE /fiscal/profiles/{id}: refused (409 IN_USE) while a product uses it. */
export function deleteProfile(id: number) {
  return api<{ data: { id: number } }>(`/fiscal/profiles/${id}`, { method: 'DELETE' });
}

/** PUT /fiscal/profiles/{id}/products: the products take the profile, all or none. */
export async function assignProfile({ id, productIds }: { id: number; productIds: number[] }) {
  return (
    await api<{ data: { profile: FiscalProfile; assigned: number } }>(`/fiscal/profiles/${id}/products`, {
      method: 'PUT',
      body: { productIds },
    })
  ).data;
}

/** How long a search waits after the last key before asking the server. */
export const SEARCH_DEBOUNCE_MS = 300;
/** What a search needs typed before it asks. */
const SEARCH_MIN_LENGTH = 2;

/** `value` once it has stopped changing for `ms`. */
export function useDebounced<T>(value: T, ms = SEARCH_DEBOUNCE_MS): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

/** GET /fiscal/municipalities?q=&uf=: the IBGE table searched by name (or code) as it is typed, within the UF. */
export function useMunicipalitySearch(typed: string, uf: string) {
  const q = useDebounced(typed.trim());
  return useQuery({
    queryKey: fiscalKeys.other('municipalities', { q, uf }),
    queryFn: async ({ signal }) =>
      (
        await api<{ data: Municipality[] }>('/fiscal/municipalities', {
          query: { q, uf: uf || undefined },
          signal,
        })
      ).data,
    enabled: q.length >= SEARCH_MIN_LENGTH,
    placeholderData: keepPreviousData,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** How many products a search offers. */
const PRODUCT_SEARCH_LIMIT = 20;

/** The products list the web already reads (GET /products/list), searched as it is typed. */
export function useProductSearch(typed: string) {
  const search = useDebounced(typed.trim());
  return useQuery({
    queryKey: fiscalKeys.other('products', { search }),
    queryFn: async ({ signal }): Promise<ProductListItem[]> =>
      (
        await api<ProductListPage>('/products/list', {
          query: { offset: 0, limit: PRODUCT_SEARCH_LIMIT, search },
          signal,
        })
      ).items,
    enabled: search.length >= SEARCH_MIN_LENGTH,
    placeholderData: keepPreviousData,
  });
}

/** Whether a search has been typed long enough to ask. */
export const searchable = (typed: string) => typed.trim().length >= SEARCH_MIN_LENGTH;

/**
 * What a refused write says in its dialog: every message of a 400 (each field the server refused), else as
 * `refusalMessage` (the server's for a 4xx, 'Sem conexão…' without an answer, `failure` for a 5xx).
 */
export function refusalMessages(error: unknown, failure: string): string {
  if (error instanceof ApiError && error.status === 400 && error.errors.length > 1) return error.errors.join(' ');
  return refusalMessage(error, failure);
}

/** GET /fiscal/ibpt: the IBPT tables imported, one per state, and the issuer's state (issue 55 §2). */
export const ibptSummaryQuery = queryOptions({
  queryKey: fiscalKeys.detail('ibpt'),
  queryFn: async () => (await api<{ data: IbptSummary }>('/fiscal/ibpt')).data,
});

/** POST /fiscal/ibpt: multipart, the state (`uf`) and the CSV (`file`), as the server reads them. */
export async function uploadIbptTable({ file, uf }: { file: File; uf: string }) {
  const form = new FormData();
  form.append('uf', uf);
  form.append('file', file);
  return (await uploadForm<{ data: IbptTable }>('/fiscal/ibpt', form)).data;
}
