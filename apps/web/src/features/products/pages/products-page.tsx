import type { Product } from '@backoffice/contract';
import AddIcon from '@mui/icons-material/Add';
import ArchiveOutlinedIcon from '@mui/icons-material/ArchiveOutlined';
import CategoryOutlinedIcon from '@mui/icons-material/CategoryOutlined';
import SearchIcon from '@mui/icons-material/Search';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { GridRowId } from '@mui/x-data-grid';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNotify } from '../../../components/notifier';
import { PageHeader } from '../../../components/page-header';
import { RefreshButton } from '../../../components/refresh-button';
import { ApiError, firstError } from '../../../lib/api-client';
import {
  archiveProducts,
  createProduct,
  downloadProductsCsv,
  enterStock,
  fetchAllProducts,
  fetchProduct,
  PAGE_SIZE,
  productKeys,
  unarchiveProduct,
  updateInventory,
  updateProduct,
  uploadProductImage,
  useArchivedProducts,
  useBrands,
  useProductPage,
  useProductSources,
  useReferences,
} from '../api/products-api';
import { useBrandActions } from '../api/use-brand-actions';
import { ArchivedPanel } from '../components/archived-panel';
import { BrandsPanel } from '../components/brands-panel';
import { HistoryPanel } from '../components/history-panel';
import { ProductDetailsDialog } from '../components/product-details-dialog';
import { ProductForm } from '../components/product-form';
import { ProductList, type SelectionActions } from '../components/product-list';
import { StockEntryDialog } from '../components/stock-entry-dialog';
import { baselineAfterConflict, baselineOf, type EditBaseline } from '../lib/edit-baseline';
import { prepareImage } from '../lib/image-resize';
import { PRODUCTS_TEXTS as T } from '../texts';

/**
 * One panel at a time; the list is hidden while one is open (section 2). An edit keeps the stock and cost
 * its form was opened with (`baseline`), whatever later answers (an image upload) say of the product.
 */
type Panel =
  | { kind: 'create' }
  | { kind: 'edit'; product: Product; baseline: EditBaseline }
  | { kind: 'history'; product: Product }
  | { kind: 'brands' }
  | { kind: 'archived' };

/** /admin/products: the catalogue, its panels and dialogs (spec sections 2, 4, 5 and 8). */
export default function ProductsPage() {
  const notify = useNotify();
  const queryClient = useQueryClient();
  const brandActions = useBrandActions();
  const [page, setPage] = useState(0);
  const [searchText, setSearchText] = useState('');
  const [search, setSearch] = useState('');
  const [selectedIds, setSelectedIds] = useState<GridRowId[]>([]);
  const [panel, setPanel] = useState<Panel | null>(null);
  const [stockEntryFor, setStockEntryFor] = useState<Product | null>(null);
  const [detailsFor, setDetailsFor] = useState<Product | null>(null);

  // On load: products, archived products, references and brands (section 2).
  const products = useProductPage(page * PAGE_SIZE, search);
  const archived = useArchivedProducts();
  useReferences();
  const brands = useBrands();
  const sources = useProductSources();

  /** After a change of products: every page of the list and the archived list. */
  const reloadList = async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: productKeys.lists() }),
      queryClient.invalidateQueries({ queryKey: productKeys.archived }),
    ]);
  };
  /** The reload icon: everything the screen loaded. */
  const reloadAll = () => queryClient.invalidateQueries({ queryKey: productKeys.all });
  const goToFirstPage = async () => {
    setSelectedIds([]);
    setPage(0);
    await reloadList();
  };

  const runSearch = () => {
    const term = searchText.trim();
    setSelectedIds([]);
    setPage(0);
    setSearch(term);
    if (term === search) void reloadList(); // an empty (or same) search reloads page 0
  };

  const single = (selected: Product[], refusal: string, then: (product: Product) => void) => {
    if (selected.length !== 1 || !selected[0]) {
      notify.error(refusal);
      return;
    }
    then(selected[0]);
  };

  const selectionActions: SelectionActions = {
    history: (selected) => single(selected, T.refusals.history, (product) => setPanel({ kind: 'history', product })),
    stockEntry: (selected) => single(selected, T.refusals.stockEntry, setStockEntryFor),
    show: (selected) => single(selected, T.refusals.show, setDetailsFor),
    edit: (selected) =>
      single(selected, T.refusals.edit, (product) =>
        setPanel({ kind: 'edit', product, baseline: baselineOf(product) }),
      ),
    archive: async (selected) => {
      try {
        await archiveProducts(selected.map((p) => p.code));
        notify.success(T.success.archived);
        setSelectedIds([]);
        await reloadList();
      } catch (error) {
        notify.error(firstError(error, T.errors.archive));
      }
    },
  };

  const saveStock = async (product: Product, stock: number) => {
    try {
      await updateInventory(product.code, stock);
      notify.success(T.success.inventoryUpdated);
      await reloadList();
      return true;
    } catch (error) {
      notify.error(firstError(error, T.errors.inventory));
      return false;
    }
  };

  /** Applies `change` to the edit panel of `code` if it is still the one open. */
  const updateEditPanel = (code: string, change: (panel: Extract<Panel, { kind: 'edit' }>) => Panel) =>
    setPanel((open) => (open?.kind === 'edit' && open.product.code === code ? change(open) : open));

  /**
   * An edit refused as stale (409): the refused field's baseline becomes the product's current value, so
   * the next save of the same form applies what the person typed after reading the message.
   */
  const rebase = async (code: string, sent: { stock: number; cost: number }) => {
    // Not found or not answered: the message is shown and the form keeps its baseline.
    const current = await fetchProduct(code).catch(() => null);
    if (!current) return;
    updateEditPanel(code, (open) => ({ ...open, baseline: baselineAfterConflict(open.baseline, sent, current) }));
    void reloadList();
  };

  const open = (next: Panel) => setPanel(next);
  const data = products.data;

  const renderPanel = (current: Panel) => {
    switch (current.kind) {
      case 'create':
      case 'edit': {
        const editing = current.kind === 'edit' ? current : undefined;
        return (
          <ProductForm
            key={editing ? `edit-${editing.product.code}` : 'create'}
            mode={current.kind}
            product={editing?.product}
            brands={brands.data ?? []}
            prepareImage={prepareImage}
            onClose={() => setPanel(null)}
            onCreateBrand={brandActions.createBrand}
            onCreateReference={brandActions.createReference}
            onUploadImage={async (image) => {
              if (!editing) return;
              const { code } = editing.product;
              try {
                const updated = await uploadProductImage(code, image.base64);
                notify.success(T.success.imageUpdated);
                // new pictures; the form's baseline stays the stock and cost it was opened with
                updateEditPanel(code, (open) => ({ ...open, product: updated }));
                await reloadList();
              } catch (error) {
                notify.error(firstError(error, T.errors.image));
              }
            }}
            onSubmit={async (body, images) => {
              try {
                if (editing) {
                  const { code } = editing.product;
                  await updateProduct(code, { ...body, code, ...editing.baseline });
                  notify.success(T.success.edited);
                  setPanel(null);
                  await reloadList();
                } else {
                  await createProduct({ ...body, images });
                  notify.success(T.success.created);
                  setPanel(null);
                  setSearch('');
                  setSearchText('');
                  await goToFirstPage();
                }
              } catch (error) {
                // a 409 names the stock or cost that moved meanwhile ("Confira e salve de novo")
                notify.error(firstError(error, editing ? T.errors.edit : T.errors.create));
                if (editing && error instanceof ApiError && error.status === 409)
                  await rebase(editing.product.code, body);
              }
            }}
          />
        );
      }
      case 'history':
        return <HistoryPanel product={current.product} onClose={() => setPanel(null)} />;
      case 'brands':
        return <BrandsPanel brands={brands.data ?? []} loading={brands.isFetching} onClose={() => setPanel(null)} />;
      case 'archived':
        return (
          <ArchivedPanel
            products={archived.data ?? []}
            loading={archived.isFetching}
            onClose={() => setPanel(null)}
            onUnarchive={async (product) => {
              try {
                await unarchiveProduct(product.code);
                notify.success(T.success.unarchived);
                await reloadList();
              } catch (error) {
                notify.error(firstError(error, T.errors.unarchive));
              }
            }}
          />
        );
    }
  };

  return (
    <>
      <PageHeader
        title={T.title}
        actions={
          <>
            <RefreshButton label={T.buttons.reload} onClick={() => void reloadAll()} />
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => open({ kind: 'create' })}>
              {T.buttons.create}
            </Button>
            <Button variant="outlined" startIcon={<CategoryOutlinedIcon />} onClick={() => open({ kind: 'brands' })}>
              {T.buttons.brands}
            </Button>
            <Button variant="outlined" startIcon={<ArchiveOutlinedIcon />} onClick={() => open({ kind: 'archived' })}>
              {T.buttons.archived}
            </Button>
          </>
        }
      />
      {panel ? (
        renderPanel(panel)
      ) : (
        <Stack spacing={2}>
          <Box
            component="form"
            role="search"
            onSubmit={(event) => {
              event.preventDefault();
              runSearch();
            }}
            sx={{ display: 'flex', gap: 1, alignItems: 'center', maxWidth: 640 }}
          >
            <TextField
              size="small"
              label={T.search.label}
              placeholder={T.search.placeholder}
              value={searchText}
              onChange={(event) => setSearchText(event.target.value)}
            />
            <Button type="submit" variant="contained" startIcon={<SearchIcon />}>
              {T.search.button}
            </Button>
          </Box>
          {products.isError || (data && data.total === 0) ? (
            <Alert severity="info">
              {T.list.notFound}{' '}
              <Link
                component="button"
                type="button"
                onClick={() => {
                  setSearch('');
                  setSearchText('');
                  void goToFirstPage();
                }}
              >
                {T.list.reload}
              </Link>
            </Alert>
          ) : (
            <Card>
              <ProductList
                rows={data?.items ?? []}
                total={data?.total ?? 0}
                page={page}
                loading={products.isFetching}
                onPageChange={(next) => {
                  setSelectedIds([]);
                  setPage(next);
                }}
                selectedIds={selectedIds}
                onSelectionChange={setSelectedIds}
                onSaveStock={saveStock}
                actions={selectionActions}
                exportCsv={() => downloadProductsCsv(search)}
                fetchAll={() => fetchAllProducts(search)}
              />
            </Card>
          )}
        </Stack>
      )}
      <StockEntryDialog
        product={stockEntryFor}
        sources={sources.data ?? []}
        onClose={() => setStockEntryFor(null)}
        onSubmit={async (entry) => {
          try {
            await enterStock([entry]);
            notify.success(T.success.stockEntered);
            setStockEntryFor(null);
            await reloadList();
          } catch (error) {
            notify.error(firstError(error, T.errors.stockEntry));
          }
        }}
      />
      <ProductDetailsDialog product={detailsFor} onClose={() => setDetailsFor(null)} />
    </>
  );
}
