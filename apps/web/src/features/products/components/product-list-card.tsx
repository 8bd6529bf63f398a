import type { ProductListItem } from '@backoffice/contract';
import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import Link from '@mui/material/Link';
import type { GridRowId } from '@mui/x-data-grid';
import { downloadProductsCsv, fetchAllProducts, type useProductPage } from '../api/products-api';
import { PRODUCTS_TEXTS as T } from '../texts';
import { ProductList, type SelectionActions } from './product-list';

/** The page of products found, or 'Nenhum produto encontrado' with the link that reloads the whole list. */
export function ProductListCard({
  products,
  search,
  page,
  onPageChange,
  selectedIds,
  onSelectionChange,
  onSaveStock,
  onCountUnits,
  actions,
  onReload,
}: {
  products: ReturnType<typeof useProductPage>;
  /** The search applied. */
  search: string;
  page: number;
  onPageChange: (page: number) => void;
  selectedIds: GridRowId[];
  onSelectionChange: (ids: GridRowId[]) => void;
  onSaveStock: (product: ProductListItem, stock: number) => Promise<boolean>;
  onCountUnits: (product: ProductListItem) => void;
  actions: SelectionActions;
  /** The search cleared and the first page read again. */
  onReload: () => void;
}) {
  const data = products.data;
  return products.isError || (data && data.total === 0) ? (
    <Alert severity="info">
      {T.list.notFound}{' '}
      <Link component="button" type="button" onClick={onReload}>
        {T.list.reload}
      </Link>
    </Alert>
  ) : (
    <Card>
      <ProductList
        rows={data?.items ?? []}
        total={data?.total ?? 0}
        totalIsLowerBound={data?.totalCapped === true}
        page={page}
        loading={products.isFetching}
        onPageChange={onPageChange}
        selectedIds={selectedIds}
        onSelectionChange={onSelectionChange}
        onSaveStock={onSaveStock}
        onCountUnits={onCountUnits}
        actions={actions}
        exportCsv={() => downloadProductsCsv(search)}
        fetchAll={() => fetchAllProducts(search)}
      />
    </Card>
  );
}
