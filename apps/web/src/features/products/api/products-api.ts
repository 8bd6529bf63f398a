import type {
  Brand,
  BrandReference,
  InventoryHistoryRow,
  Product,
  ProductCreateInput,
  ProductListItem,
  ProductListPage,
  ProductSource,
  ProductUpdateInput,
  PurchaseHistoryRow,
  SalesHistoryRow,
  StockChangeRow,
  StockEntryItem,
  UnitCheck,
  UnitCountResult,
} from '@backoffice/contract';
import { MAX_IMEIS_PER_CHECK } from '@backoffice/contract';
import { keepPreviousData, type QueryClient, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { api } from '../../../lib/api-client';
import { downloadFile } from '../../../lib/download';
import { createQueryKeys } from '../../../lib/query-keys';
import { readSourcesCookie, writeSourcesCookie } from '../lib/sources-cookie';

export const PAGE_SIZE = 100;

const keys = createQueryKeys('products');
/**
 * Keys of the catalogue: `lists()` covers every page of the list (a product's change), `archived` the
 * archived list (archive and unarchive move products between the two), brands, references and sources.
 */
export const productKeys = {
  ...keys,
  page: (offset: number, search: string) => keys.list({ offset, search }),
  archived: keys.other('archived'),
  brands: keys.other('brands'),
  references: keys.other('references'),
  sources: keys.other('sources'),
};

/**
 * Puts the server's answer for changed products into every cached page of the list that shows them (a new
 * picture, a counted or entered stock): the rows change at once, with no second read of the list.
 */
export function putProductsInPages(queryClient: QueryClient, changed: readonly Product[]): void {
  const byCode = new Map(changed.map((product) => [product.code, product]));
  queryClient.setQueriesData<ProductListPage>({ queryKey: productKeys.lists() }, (page) =>
    page?.items.some((item) => byCode.has(item.code))
      ? { ...page, items: page.items.map((item) => byCode.get(item.code) ?? item) }
      : page,
  );
}

/**
 * A search's matches are counted up to this (issue 36): 'galaxy' matches 10,968 products at scale 100, and
 * counting them all on each page was most of the page's time; the table then says "mais de 1.000".
 */
const COUNT_UP_TO = 1000;

/**
 * GET /products/list?offset&limit&search&countUpTo → { items, page, total, totalCapped } (100 a page, archived
 * left out): the list's rows; a product opened to see or edit is read whole (`fetchProduct`).
 */
export function useProductPage(offset: number, search: string) {
  return useQuery({
    queryKey: productKeys.page(offset, search),
    queryFn: ({ signal }) =>
      api<ProductListPage>('/products/list', {
        query: { offset, limit: PAGE_SIZE, search: search || undefined, countUpTo: COUNT_UP_TO },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** 'Baixar CSV': relatorio.csv of every active product that matches the search, streamed by the server. */
export function downloadProductsCsv(search: string) {
  return downloadFile('/products/export.csv', { query: { search: search || undefined }, fileName: 'relatorio.csv' });
}

/** The server's largest page: 'Imprimir' reads the list in pages of this size. */
const PRINT_BATCH = 200;

/** Every active product that matches the search, in the list's order (for 'Imprimir'). */
export async function fetchAllProducts(search: string): Promise<ProductListItem[]> {
  const read = (offset: number) =>
    api<ProductListPage>('/products/list', { query: { offset, limit: PRINT_BATCH, search: search || undefined } });
  const first = await read(0);
  const rest: ProductListItem[][] = [];
  // four pages at a time: quick, without flooding the server
  for (let offset = PRINT_BATCH; offset < first.total; offset += 4 * PRINT_BATCH) {
    const batch = [];
    for (let next = offset; next < Math.min(offset + 4 * PRINT_BATCH, first.total); next += PRINT_BATCH)
      batch.push(read(next));
    for (const page of await Promise.all(batch)) rest.push(page.items);
  }
  return [first.items, ...rest].flat();
}

export function useArchivedProducts() {
  return useQuery({
    queryKey: productKeys.archived,
    queryFn: async () => (await api<{ data: Product[] }>('/products/archiveds')).data,
  });
}

export function useBrands() {
  return useQuery({
    queryKey: productKeys.brands,
    queryFn: async () => (await api<{ data: Brand[] }>('/products/brands')).data,
  });
}

export function useReferences() {
  return useQuery({
    queryKey: productKeys.references,
    queryFn: async () => (await api<{ data: BrandReference[] }>('/products/references')).data,
  });
}

/** The operation types of a stock entry, cached in the `productSources` cookie (section 3). */
export function useProductSources() {
  return useQuery({
    queryKey: productKeys.sources,
    queryFn: async () => {
      const cached = readSourcesCookie();
      if (cached) return cached;
      const sources = (await api<{ data: ProductSource[] }>('/products/sources')).data;
      writeSourcesCookie(sources);
      return sources;
    },
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export async function createProduct(body: ProductCreateInput): Promise<Product> {
  return (await api<{ data: Product }>('/products', { method: 'POST', body })).data;
}

export async function updateProduct(code: string, body: ProductUpdateInput): Promise<Product> {
  return (await api<{ data: Product }>(`/products/${encodeURIComponent(code)}`, { method: 'PUT', body })).data;
}

/** The current state of one active product (by its exact code), or null when the search does not find it. */
export async function fetchProduct(code: string): Promise<Product | null> {
  const found = (await api<{ data: Product[] }>(`/products/full/search/${encodeURIComponent(code)}`)).data;
  return found.find((product) => product.code === code) ?? null;
}

export async function enterStock(products: StockEntryItem[]): Promise<Product[]> {
  return (await api<{ data: Product[] }>('/products/menu/purchase/batch', { method: 'PATCH', body: { products } }))
    .data;
}

/** The units' query keys: an entry refused for a registered IMEI asks again. */
export const unitKeys = createQueryKeys('units');

/** POST /units/check: for each IMEI (each once), whether its check digit holds and the unit it is registered to. */
export async function checkUnits(imeis: readonly string[]): Promise<UnitCheck[]> {
  return (await api<{ data: UnitCheck[] }>('/units/check', { method: 'POST', body: { imeis } })).data;
}

/** How long the list rests before its IMEIs are checked (a scan or a paste asks once, not per keystroke). */
export const UNIT_CHECK_DELAY_MS = 300;

/**
 * The registered units among `imeis` (valid IMEIs of the list being typed), asked once the list rests for
 * UNIT_CHECK_DELAY_MS: a map by IMEI of the server's answers (the last answer while the next is on its way).
 */
export function useUnitChecks(imeis: readonly string[]): ReadonlyMap<string, UnitCheck> {
  const wanted = imeis.slice(0, MAX_IMEIS_PER_CHECK).join(',');
  const [asked, setAsked] = useState(wanted);
  useEffect(() => {
    const timer = setTimeout(() => setAsked(wanted), UNIT_CHECK_DELAY_MS);
    return () => clearTimeout(timer);
  }, [wanted]);
  const query = useQuery({
    queryKey: unitKeys.list(asked),
    queryFn: () => checkUnits(asked.split(',')),
    enabled: asked !== '',
    placeholderData: keepPreviousData,
  });
  const data = asked === '' ? undefined : query.data;
  return useMemo(() => new Map((data ?? []).map((check) => [check.imei, check])), [data]);
}

export async function updateInventory(code: string, newStock: number): Promise<Product> {
  return (
    await api<{ data: Product }>(`/products/inventory/${encodeURIComponent(code)}`, {
      method: 'PATCH',
      body: { code, newStock },
    })
  ).data;
}

export async function archiveProducts(codes: string[]): Promise<void> {
  await api('/products/archive', { method: 'PATCH', query: { codes: codes.join(',') } });
}

export async function unarchiveProduct(code: string): Promise<void> {
  await api(`/products/unarchive/${encodeURIComponent(code)}`, { method: 'PATCH' });
}

export async function uploadProductImage(code: string, image: string): Promise<Product> {
  return (
    await api<{ data: Product }>(`/products/image/${encodeURIComponent(code)}`, { method: 'PATCH', body: { image } })
  ).data;
}

export async function createBrand(name: string): Promise<Brand> {
  return (await api<{ data: Brand }>('/products/brand', { method: 'POST', body: { name } })).data;
}

export async function createReference(brand: string, reference: string): Promise<Brand> {
  return (await api<{ data: Brand }>('/products/brand', { method: 'PATCH', body: { name: brand, reference } })).data;
}

export async function deleteBrand(name: string): Promise<void> {
  await api(`/products/brand/${encodeURIComponent(name)}`, { method: 'DELETE' });
}

export async function deleteReference(brand: string, reference: string): Promise<void> {
  await api('/products/brand/reference', { method: 'DELETE', body: { brand, reference } });
}

export type HistoryRows = {
  1: SalesHistoryRow[];
  2: PurchaseHistoryRow[];
  3: InventoryHistoryRow[];
  4: StockChangeRow[];
};

/** The four product histories of section 7; `start` and `end` as YYYY-MM-DDTHH:mm:ss. */
export async function fetchHistory<K extends keyof HistoryRows>(
  type: K,
  productId: number,
  start: string,
  end: string,
): Promise<HistoryRows[K]> {
  const paths: Record<keyof HistoryRows, string> = {
    1: `/reports/product/sold/histories/${productId}/start/${start}/end/${end}`,
    2: `/reports/product/purchased/histories/start/${start}/end/${end}/${productId}`,
    3: `/reports/product/inventory/updated/histories/start/${start}/end/${end}/${productId}`,
    4: `/reports/product/stock/changed/${productId}/start/${start}/end/${end}`,
  };
  return (await api<{ data: HistoryRows[K] }>(paths[type])).data;
}

/**
 * POST /products/{code}/count-units: the IMEIs read on a serialized product's shelf against its units in
 * stock; `dryRun` answers what is missing and unknown, confirmed writes the missing ones off.
 */
export async function countUnits(code: string, imeis: readonly string[], dryRun: boolean): Promise<UnitCountResult> {
  const answer = await api<{ data: UnitCountResult }>(`/products/${encodeURIComponent(code)}/count-units`, {
    method: 'POST',
    query: { dryRun: dryRun ? 'true' : 'false' },
    body: { imeis },
  });
  return answer.data;
}
