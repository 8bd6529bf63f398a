import type { Product, ProductListItem } from '@backoffice/contract';
import Stack from '@mui/material/Stack';
import type { GridRowId } from '@mui/x-data-grid';
import { useState } from 'react';
import { AuditHistoryDialog } from '../../../components/audit-history-dialog';
import { ImportDialog } from '../../../components/import-dialog';
import { PageHeader } from '../../../components/page-header';
import { fetchProduct } from '../api/products-api';
import { useBrandActions } from '../api/use-brand-actions';
import { useLinkedProduct, useProductLists } from '../api/use-product-lists';
import { settle, useProductWrites } from '../api/use-product-writes';
import { ProductDetailsDialog } from '../components/product-details-dialog';
import { ProductListCard } from '../components/product-list-card';
import { type Panel, ProductPanel } from '../components/product-panel';
import { ProductSearchForm, ProductsHeaderActions } from '../components/products-toolbar';
import { StockEntryDialog } from '../components/stock-entry-dialog';
import { UnitCountDialog } from '../components/unit-count-dialog';
import { UnitLookupDialog } from '../components/unit-lookup-dialog';
import { UnitsInAnalysisDialog } from '../components/units-in-analysis-dialog';
import { useSelectionActions } from '../components/use-selection-actions';
import { baselineAfterConflict, baselineOf } from '../lib/edit-baseline';
import { PRODUCTS_TEXTS as T } from '../texts';

/** /admin/products: the catalogue, its panels and dialogs (spec sections 2, 4, 5 and 8). */
export default function ProductsPage() {
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
  const { linkedImei, clearLinkedImei, linkedCode, clearLinkedCode, linkedProduct } = useLinkedProduct();
  const [countFor, setCountFor] = useState<ProductListItem | null>(null);
  const [entryError, setEntryError] = useState<string | null>(null);

  const { products, archived, brands, sources, reloadList, reloadAll } = useProductLists(page, search);
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

  /** Applies `change` to the edit panel of `code` if it is still the one open. */
  const updateEditPanel = (code: string, change: (panel: Extract<Panel, { kind: 'edit' }>) => Panel) =>
    setPanel((open) => (open?.kind === 'edit' && open.product.code === code ? change(open) : open));

  const writes = useProductWrites({
    onFirstPage: search === '' && page === 0,
    onCreated: () => {
      setPanel(null);
      setSearch('');
      setSearchText('');
      setSelectedIds([]);
      setPage(0);
    },
    closePanel: () => setPanel(null),
    onImageUploaded: (code, updated) => updateEditPanel(code, (open) => ({ ...open, product: updated })),
    clearSelection: () => setSelectedIds([]),
    closeStockEntry: () => setStockEntryFor(null),
    setEntryError,
  });

  const selectionActions = useSelectionActions({
    onHistory: (product) => setPanel({ kind: 'history', product }),
    onChanges: setChangesOf,
    onStockEntry: (product) => {
      setEntryError(null);
      setStockEntryFor(product);
    },
    onShow: setDetailsFor,
    onEdit: (product) => setPanel({ kind: 'edit', product, baseline: baselineOf(product) }),
    onArchive: (codes) => writes.archive.mutateAsync(codes),
  });

  const saveStock = (product: ProductListItem, stock: number) =>
    settle(writes.countStock.mutateAsync({ code: product.code, stock }));

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

  return (
    <>
      <PageHeader
        title={T.title}
        actions={
          <ProductsHeaderActions
            onReload={() => void reloadAll()}
            onOpen={(kind) => open({ kind })}
            onLookup={() => setLookup(true)}
            onAnalysis={() => setAnalysis(true)}
            onImport={() => setImporting(true)}
          />
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
        <ProductPanel
          current={panel}
          onClose={() => setPanel(null)}
          brands={brands}
          archived={archived}
          brandActions={brandActions}
          writes={writes}
          rebase={rebase}
        />
      ) : (
        <Stack spacing={2}>
          <ProductSearchForm
            searchText={searchText}
            setSearchText={setSearchText}
            onSearch={runSearch}
            onScanned={(code) => {
              setSearchText(code);
              setSelectedIds([]);
              setPage(0);
              setSearch(code);
            }}
          />
          <ProductListCard
            products={products}
            search={search}
            page={page}
            onPageChange={(next) => {
              setSelectedIds([]);
              setPage(next);
            }}
            selectedIds={selectedIds}
            onSelectionChange={setSelectedIds}
            onSaveStock={saveStock}
            onCountUnits={setCountFor}
            actions={selectionActions}
            onReload={() => {
              setSearch('');
              setSearchText('');
              void goToFirstPage();
            }}
          />
        </Stack>
      )}
      <StockEntryDialog
        product={stockEntryFor}
        sources={sources.data ?? []}
        onClose={() => setStockEntryFor(null)}
        error={entryError}
        onSubmit={async (entry) => {
          setEntryError(null);
          await settle(writes.enterStockOf.mutateAsync(entry));
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
