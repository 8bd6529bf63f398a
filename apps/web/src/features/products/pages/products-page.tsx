import {
  PRODUCT_TEXTS,
  type Product,
  type ProductCreateInput,
  type ProductListItem,
  type ProductUpdateInput,
  type StockEntryItem,
} from '@backoffice/contract';
import AddIcon from '@mui/icons-material/Add';
import ArchiveOutlinedIcon from '@mui/icons-material/ArchiveOutlined';
import AssignmentReturnOutlinedIcon from '@mui/icons-material/AssignmentReturnOutlined';
import CategoryOutlinedIcon from '@mui/icons-material/CategoryOutlined';
import QrCodeScannerIcon from '@mui/icons-material/QrCodeScanner';
import SearchIcon from '@mui/icons-material/Search';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { GridRowId } from '@mui/x-data-grid';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { AuditHistoryDialog } from '../../../components/audit-history-dialog';
import { PRODUCT_CODE_FORMATS } from '../../../components/barcode-detection';
import { ImportDialog } from '../../../components/import-dialog';
import { IMPORT_DIALOG_TEXTS } from '../../../components/import-dialog-texts';
import { useNotify } from '../../../components/notifier';
import { PageHeader } from '../../../components/page-header';
import { RefreshButton } from '../../../components/refresh-button';
import { useApiMutation } from '../../../components/use-api-mutation';
import { ApiError, refusalMessage } from '../../../lib/api-client';
import { useLinkedRecord } from '../../../lib/linked-record';
import {
  archiveProducts,
  createProduct,
  downloadProductsCsv,
  enterStock,
  fetchAllProducts,
  fetchProduct,
  PAGE_SIZE,
  productKeys,
  putProductsInPages,
  unarchiveProduct,
  unitKeys,
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
import { UnitCountDialog } from '../components/unit-count-dialog';
import { UnitLookupDialog } from '../components/unit-lookup-dialog';
import { UnitsInAnalysisDialog } from '../components/units-in-analysis-dialog';
import { baselineAfterConflict, baselineOf, type EditBaseline } from '../lib/edit-baseline';
import { prepareImage } from '../lib/image-resize';
import { PRODUCTS_TEXTS as T } from '../texts';

/** A refusal the stock-entry dialog says itself: the server named what to change in what was typed. */
/** The camera scanner (and its WebAssembly) loads only when 'Escanear' is pressed. */
const BarcodeScanner = lazy(() => import('../../../components/barcode-scanner'));

const isRefusal = (error: unknown) => error instanceof ApiError && (error.status === 400 || error.status === 409);

/**
 * One panel at a time; the list is hidden while one is open (section 2). An edit keeps the stock and cost
 * its form was opened with (`baseline`), whatever later answers (an image upload) say of the product.
 */
type Panel =
  | { kind: 'create' }
  | { kind: 'edit'; product: Product; baseline: EditBaseline }
  | { kind: 'history'; product: ProductListItem }
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
  const [lookup, setLookup] = useState(false);
  const [importing, setImporting] = useState(false);
  const [analysis, setAnalysis] = useState(false);
  const [changesOf, setChangesOf] = useState<ProductListItem | null>(null);
  const [stockEntryFor, setStockEntryFor] = useState<ProductListItem | null>(null);
  const [detailsFor, setDetailsFor] = useState<Product | null>(null);
  /** A phone or a product a link names (the command palette's results): its warranty or details open. */
  const [linkedImei, clearLinkedImei] = useLinkedRecord('imei');
  const [linkedCode, clearLinkedCode] = useLinkedRecord('code');
  const linkedProduct = useQuery({
    queryKey: productKeys.other('linked', linkedCode ?? ''),
    queryFn: () => fetchProduct(linkedCode ?? ''),
    enabled: linkedCode !== null,
  });
  const [countFor, setCountFor] = useState<ProductListItem | null>(null);
  const [entryError, setEntryError] = useState<string | null>(null);

  // On load: products, archived products, references and brands (section 2).
  const products = useProductPage(page * PAGE_SIZE, search);
  const archived = useArchivedProducts();
  useReferences();
  const brands = useBrands();
  const sources = useProductSources();

  /** The empty-list link, 'Buscar' again and a stale edit: every page of the list and the archived list. */
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

  const single = (selected: ProductListItem[], refusal: string, then: (product: ProductListItem) => void) => {
    if (selected.length !== 1 || !selected[0]) {
      notify.error(refusal);
      return;
    }
    then(selected[0]);
  };

  /**
   * 'Visualizar' and 'Editar': the product read whole (the list's rows leave out its description, tags,
   * pictures and fiscal fields), so the dialog and the form also show what changed since the list was read.
   */
  const whole = (product: ProductListItem, then: (product: Product) => void) =>
    fetchProduct(product.code).then(
      (found) => (found ? then(found) : notify.error(PRODUCT_TEXTS.productNotFound)),
      (error: unknown) => notify.error(refusalMessage(error, T.refusals.open)),
    );

  /** Applies `change` to the edit panel of `code` if it is still the one open. */
  const updateEditPanel = (code: string, change: (panel: Extract<Panel, { kind: 'edit' }>) => Panel) =>
    setPanel((open) => (open?.kind === 'edit' && open.product.code === code ? change(open) : open));

  // The writes (issue 16 §2): each says the spec's text, and refetches only what it changed or puts the
  // server's product into the cached pages; a refusal says the server's message and leaves the form as typed.

  /**
   * A new product: the first page of the whole list (it may land on any page), the search cleared. The list
   * is read once: the page shown again, or, coming from another page or search, the first page as it shows.
   */
  const onFirstPage = search === '' && page === 0;
  const create = useApiMutation<Product, ProductCreateInput>({
    mutationFn: createProduct,
    success: T.success.created,
    failure: T.errors.create,
    invalidate: onFirstPage ? [productKeys.lists()] : [],
    onSuccess: () => {
      setPanel(null);
      setSearch('');
      setSearchText('');
      setSelectedIds([]);
      setPage(0);
      // every page stale, none read now: the page left is not read again, the first one reads on showing
      if (!onFirstPage) void queryClient.invalidateQueries({ queryKey: productKeys.lists(), refetchType: 'none' });
    },
  });
  /** An edit: the answer at once, and the list again (a new name moves the product in the list's order). */
  const edit = useApiMutation<Product, { code: string; body: ProductUpdateInput }>({
    mutationFn: ({ code, body }) => updateProduct(code, body),
    success: T.success.edited,
    failure: T.errors.edit,
    update: (client, product) => putProductsInPages(client, [product]),
    invalidate: [productKeys.lists()],
    onSuccess: () => setPanel(null),
  });
  /** A picture of the product being edited: its answer is the product with the new pictures. */
  const uploadImage = useApiMutation<Product, { code: string; image: string }>({
    mutationFn: ({ code, image }) => uploadProductImage(code, image),
    success: T.success.imageUpdated,
    failure: T.errors.image,
    update: (client, product) => putProductsInPages(client, [product]),
    // new pictures; the form's baseline stays the stock and cost it was opened with
    onSuccess: (updated, { code }) => updateEditPanel(code, (open) => ({ ...open, product: updated })),
  });
  /** Archiving and unarchiving move products between the list and the archived list. */
  const archive = useApiMutation<void, string[]>({
    mutationFn: archiveProducts,
    success: T.success.archived,
    failure: T.errors.archive,
    invalidate: [productKeys.lists(), productKeys.archived],
    onSuccess: () => setSelectedIds([]),
  });
  const unarchive = useApiMutation<void, string>({
    mutationFn: unarchiveProduct,
    success: T.success.unarchived,
    failure: T.errors.unarchive,
    invalidate: [productKeys.lists(), productKeys.archived],
  });
  /** A row's count and a stock entry answer with the products as they are now. */
  const countStock = useApiMutation<Product, { code: string; stock: number }>({
    mutationFn: ({ code, stock }) => updateInventory(code, stock),
    success: T.success.inventoryUpdated,
    failure: T.errors.inventory,
    update: (client, product) => putProductsInPages(client, [product]),
  });
  /**
   * A refusal (400 a bad IMEI or quantity, 409 an IMEI already registered) is said inside the dialog, which
   * keeps what was typed; the IMEIs are checked again so the line of a registered one says so.
   */
  const enterStockOf = useApiMutation<Product[], StockEntryItem>({
    mutationFn: (entry) => enterStock([entry]),
    success: T.success.stockEntered,
    failure: T.errors.stockEntry,
    update: putProductsInPages,
    errorInDialog: isRefusal,
    closeDialog: () => setStockEntryFor(null),
    onError: (error, message) => {
      if (!isRefusal(error)) return;
      setEntryError(message);
      void queryClient.invalidateQueries({ queryKey: unitKeys.all });
    },
  });
  /** Waits for a write the form awaits (its button spins); the hook has said the outcome. */
  const settle = (promise: Promise<unknown>) =>
    promise.then(
      () => true,
      () => false,
    );

  const selectionActions: SelectionActions = {
    history: (selected) => single(selected, T.refusals.history, (product) => setPanel({ kind: 'history', product })),
    changes: (selected) => single(selected, T.refusals.changes, setChangesOf),
    stockEntry: (selected) =>
      single(selected, T.refusals.stockEntry, (product) => {
        setEntryError(null);
        setStockEntryFor(product);
      }),
    show: (selected) => single(selected, T.refusals.show, (product) => whole(product, setDetailsFor)),
    edit: (selected) =>
      single(selected, T.refusals.edit, (listed) =>
        whole(listed, (product) => setPanel({ kind: 'edit', product, baseline: baselineOf(product) })),
      ),
    archive: async (selected) => {
      await settle(archive.mutateAsync(selected.map((p) => p.code)));
    },
  };

  const saveStock = (product: ProductListItem, stock: number) =>
    settle(countStock.mutateAsync({ code: product.code, stock }));

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
              await settle(uploadImage.mutateAsync({ code: editing.product.code, image: image.base64 }));
            }}
            onSubmit={async (body, images) => {
              if (!editing) {
                await settle(create.mutateAsync({ ...body, images }));
                return;
              }
              const { code } = editing.product;
              await edit.mutateAsync({ code, body: { ...body, code, ...editing.baseline } }).catch(async (error) => {
                // a 409 names the stock or cost that moved meanwhile ("Confira e salve de novo")
                if (error instanceof ApiError && error.status === 409) await rebase(code, body);
              });
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
              await settle(unarchive.mutateAsync(product.code));
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
            <Button variant="outlined" startIcon={<QrCodeScannerIcon />} onClick={() => setLookup(true)}>
              {T.buttons.unitLookup}
            </Button>
            <Button variant="outlined" startIcon={<AssignmentReturnOutlinedIcon />} onClick={() => setAnalysis(true)}>
              {T.buttons.unitsInAnalysis}
            </Button>
            <Button variant="outlined" startIcon={<UploadFileIcon />} onClick={() => setImporting(true)}>
              {IMPORT_DIALOG_TEXTS.open}
            </Button>
          </>
        }
      />
      <ImportDialog
        kind="products"
        open={importing}
        onClose={() => setImporting(false)}
        onImported={() => void reloadAll()}
      />
      <UnitLookupDialog open={lookup} onClose={() => setLookup(false)} />
      <UnitsInAnalysisDialog open={analysis} onClose={() => setAnalysis(false)} />
      <AuditHistoryDialog
        target={changesOf ? { entity: 'product', id: changesOf.code, name: changesOf.name } : null}
        onClose={() => setChangesOf(null)}
      />
      <UnitLookupDialog open={!lookup && linkedImei !== null} imei={linkedImei} onClose={clearLinkedImei} />
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
            sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', maxWidth: 640 }}
          >
            <TextField
              size="small"
              sx={{ flex: '1 1 220px' }}
              label={T.search.label}
              placeholder={T.search.placeholder}
              value={searchText}
              onChange={(event) => setSearchText(event.target.value)}
            />
            <Button type="submit" variant="contained" startIcon={<SearchIcon />}>
              {T.search.button}
            </Button>
            <Suspense fallback={null}>
              <BarcodeScanner
                single
                formats={PRODUCT_CODE_FORMATS}
                label={T.search.scan}
                onDetected={(code) => {
                  // The box's barcode finds its product (then 'Informar Entrada', 'Editar'…).
                  setSearchText(code);
                  setSelectedIds([]);
                  setPage(0);
                  setSearch(code);
                  return true;
                }}
              />
            </Suspense>
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
                totalIsLowerBound={data?.totalCapped === true}
                page={page}
                loading={products.isFetching}
                onPageChange={(next) => {
                  setSelectedIds([]);
                  setPage(next);
                }}
                selectedIds={selectedIds}
                onSelectionChange={setSelectedIds}
                onSaveStock={saveStock}
                onCountUnits={setCountFor}
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
        error={entryError}
        onSubmit={async (entry) => {
          setEntryError(null);
          await settle(enterStockOf.mutateAsync(entry));
        }}
      />
      <ProductDetailsDialog product={detailsFor} onClose={() => setDetailsFor(null)} />
      {detailsFor === null && linkedCode !== null ? (
        <ProductDetailsDialog product={linkedProduct.data ?? null} onClose={clearLinkedCode} />
      ) : null}
      <UnitCountDialog product={countFor} onClose={() => setCountFor(null)} />
    </>
  );
}
