import { type ProductListItem, parseBrazilianNumber, stockQuantitySchema } from '@backoffice/contract';
import ArchiveOutlinedIcon from '@mui/icons-material/ArchiveOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import FactCheckOutlinedIcon from '@mui/icons-material/FactCheckOutlined';
import HistoryIcon from '@mui/icons-material/History';
import ManageHistoryIcon from '@mui/icons-material/ManageHistory';
import MoveToInboxOutlinedIcon from '@mui/icons-material/MoveToInboxOutlined';
import SaveOutlinedIcon from '@mui/icons-material/SaveOutlined';
import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { GridColDef, GridPaginationModel, GridRowId } from '@mui/x-data-grid';
import { createContext, type KeyboardEvent, type MouseEvent, useContext, useMemo, useState } from 'react';
import { DataTable } from '../../../components/data-table';
import { formatMoney } from '../../../lib/format';
import { PRODUCTS_TEXTS } from '../texts';

const T = PRODUCTS_TEXTS.list;
const A = PRODUCTS_TEXTS.actions;
const C = PRODUCTS_TEXTS.unitCount;

/**
 * Saves the stock typed in a row (PATCH /products/inventory/{code}, the page's mutation, which says the
 * outcome); resolves true when saved, false when refused: it never rejects.
 */
const SaveStockContext = createContext<(product: ProductListItem, stock: number) => Promise<boolean>>(
  async () => false,
);

/** Opens the count by IMEI of a serialized product (issue 17 §2). */
const CountUnitsContext = createContext<(product: ProductListItem) => void>(() => undefined);

const stop = (event: MouseEvent | KeyboardEvent) => event.stopPropagation();

/** The editable stock of one row with its own save button (section 2). */
function StockCell({ product }: { product: ProductListItem }) {
  // A serialized product's stock moves by its units (entries with IMEI), not by a typed count.
  if (product.serialized) return <SerializedStockCell product={product} />;
  return <EditableStockCell product={product} />;
}

/** A serialized product's stock, counted by scanning its units ('Contar'). */
function SerializedStockCell({ product }: { product: ProductListItem }) {
  const openCount = useContext(CountUnitsContext);
  return (
    <Box
      sx={{ display: 'flex', alignItems: 'center', gap: 1, height: '100%', px: 1 }}
      onClick={stop}
      onDoubleClick={stop}
      onKeyDown={stop}
    >
      <Tooltip title={T.serializedStock}>
        <span>{product.stock}</span>
      </Tooltip>
      <Button size="small" aria-label={C.open(product.name)} onClick={() => openCount(product)}>
        {C.button}
      </Button>
    </Box>
  );
}

function EditableStockCell({ product }: { product: ProductListItem }) {
  const save = useContext(SaveStockContext);
  const [draft, setDraft] = useState(String(product.stock));
  const [saving, setSaving] = useState(false);
  // The same rule as the forms and the server: a wrong count says what is wrong (on hover and to readers).
  const problem = stockQuantitySchema(0).safeParse(parseBrazilianNumber(draft)).error?.issues[0]?.message;
  const valid = problem === undefined;
  const changed = valid && parseBrazilianNumber(draft) !== product.stock;

  const submit = async () => {
    if (!changed || saving) return;
    setSaving(true);
    await save(product, parseBrazilianNumber(draft));
    setSaving(false);
  };

  return (
    <Box
      sx={{ display: 'flex', alignItems: 'center', gap: 0.5, height: '100%' }}
      onClick={stop}
      onDoubleClick={stop}
      onKeyDown={(event) => {
        event.stopPropagation();
        if (event.key === 'Enter') void submit();
      }}
    >
      <Tooltip title={problem ?? ''}>
        <TextField
          size="small"
          type="number"
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          error={!valid}
          slotProps={{
            htmlInput: {
              min: 0,
              step: 1,
              'aria-label': T.stockInput(product.name),
              'aria-description': problem,
              style: { padding: '6px 8px' },
            },
          }}
          sx={{ width: 96 }}
        />
      </Tooltip>
      <Tooltip title={T.saveStock(product.name)}>
        <span>
          <IconButton
            size="small"
            color="primary"
            aria-label={T.saveStock(product.name)}
            disabled={!changed || saving}
            onClick={() => void submit()}
          >
            {saving ? <CircularProgress size={18} /> : <SaveOutlinedIcon fontSize="small" />}
          </IconButton>
        </span>
      </Tooltip>
    </Box>
  );
}

const money = (value: number) => formatMoney(value);

const columns: GridColDef<ProductListItem>[] = [
  {
    field: 'name',
    headerName: T.columns.name,
    flex: 1.6,
    minWidth: 220,
    // a product that controls IMEI says so beside its name (no column of its own: the list keeps its width)
    renderCell: ({ row }) => (
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, height: '100%', minWidth: 0 }}>
        <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>
          {row.name}
        </Box>
        {row.serialized && (
          <Tooltip title={T.columns.serialized}>
            <Chip size="small" color="primary" variant="outlined" label={T.serializedChip} />
          </Tooltip>
        )}
      </Box>
    ),
  },
  { field: 'code', headerName: T.columns.code, flex: 0.5, minWidth: 100 },
  { field: 'reference', headerName: T.columns.reference, flex: 0.8, minWidth: 140 },
  { field: 'cost', headerName: T.columns.cost, flex: 0.7, minWidth: 150, type: 'number', valueFormatter: money },
  {
    field: 'sellPrice',
    headerName: T.columns.sellPrice,
    flex: 0.7,
    minWidth: 140,
    type: 'number',
    valueFormatter: money,
  },
  {
    field: 'stock',
    headerName: T.columns.stock,
    minWidth: 160,
    sortable: false,
    filterable: false,
    // the key resets the typed value when the saved stock changes
    renderCell: ({ row }) => <StockCell key={`${row.id}-${row.stock}`} product={row} />,
  },
];

export interface SelectionActions {
  history: (selected: ProductListItem[]) => void;
  changes: (selected: ProductListItem[]) => void;
  stockEntry: (selected: ProductListItem[]) => void;
  show: (selected: ProductListItem[]) => void;
  edit: (selected: ProductListItem[]) => void;
  archive: (selected: ProductListItem[]) => void;
}

interface Props {
  rows: readonly ProductListItem[];
  total: number;
  /** More products match than `total` (a search counted up to it). */
  totalIsLowerBound?: boolean;
  page: number;
  loading: boolean;
  onPageChange: (page: number) => void;
  selectedIds: readonly GridRowId[];
  onSelectionChange: (ids: GridRowId[]) => void;
  onSaveStock: (product: ProductListItem, stock: number) => Promise<boolean>;
  /** 'Contar' of a serialized product: opens its count by IMEI. */
  onCountUnits?: (product: ProductListItem) => void;
  actions: SelectionActions;
  /** 'Baixar CSV' of every product that matches the page's search. */
  exportCsv: () => Promise<void>;
  /** Every product that matches the page's search, for 'Imprimir'. */
  fetchAll: () => Promise<readonly ProductListItem[]>;
}

/** The toolbar's product actions: always there, disabled (with the hint) until a product is ticked. */
function RowActions({
  selected,
  actions,
  onCountUnits,
}: {
  selected: ProductListItem[];
  actions: SelectionActions;
  onCountUnits: (product: ProductListItem) => void;
}) {
  const none = selected.length === 0;
  return (
    <>
      <Button size="small" disabled={none} startIcon={<HistoryIcon />} onClick={() => actions.history(selected)}>
        {A.history}
      </Button>
      <Button size="small" disabled={none} startIcon={<ManageHistoryIcon />} onClick={() => actions.changes(selected)}>
        {A.changes}
      </Button>
      <Button
        size="small"
        disabled={none}
        startIcon={<MoveToInboxOutlinedIcon />}
        onClick={() => actions.stockEntry(selected)}
      >
        {A.stockEntry}
      </Button>
      {/* One serialized product selected: its count by IMEI (the row's 'Contar', also where the
                  stock column is off screen, as on a phone). */}
      {selected.length === 1 && selected[0]?.serialized && (
        <Button
          size="small"
          startIcon={<FactCheckOutlinedIcon />}
          onClick={() => selected[0] && onCountUnits(selected[0])}
        >
          {A.countUnits}
        </Button>
      )}
      <Button
        size="small"
        disabled={none}
        startIcon={<VisibilityOutlinedIcon />}
        onClick={() => actions.show(selected)}
      >
        {A.show}
      </Button>
      <Button size="small" disabled={none} startIcon={<EditOutlinedIcon />} onClick={() => actions.edit(selected)}>
        {A.edit}
      </Button>
      <Button
        size="small"
        disabled={none}
        // Amber as a caution, dark enough to read on white (WCAG AA: 5:1; the theme's warning is 3.1:1).
        sx={none ? undefined : { color: '#b45309' }}
        startIcon={<ArchiveOutlinedIcon />}
        onClick={() => actions.archive(selected)}
      >
        {A.archive}
      </Button>
      {none ? (
        <Typography variant="caption" color="text.secondary">
          {A.pickHint}
        </Typography>
      ) : null}
    </>
  );
}

/**
 * The product list: 100 rows a page from the server, several rows selectable, stock editable per row.
 * The page's own search form ('Buscar') is the only search: the table shows no quick filter of its own,
 * which would search the loaded page only.
 */
export function ProductList(props: Props) {
  const {
    rows,
    total,
    totalIsLowerBound,
    page,
    loading,
    onPageChange,
    selectedIds,
    onSelectionChange,
    onSaveStock,
    actions,
  } = props;
  const countUnits = props.onCountUnits ?? (() => undefined);
  const { exportCsv, fetchAll } = props;
  const paginationModel = useMemo<GridPaginationModel>(() => ({ page, pageSize: 100 }), [page]);
  const selected = useMemo(() => rows.filter((row) => selectedIds.includes(row.id)), [rows, selectedIds]);
  return (
    <SaveStockContext.Provider value={onSaveStock}>
      <CountUnitsContext.Provider value={countUnits}>
        <DataTable<ProductListItem>
          rows={rows}
          columns={columns}
          loading={loading}
          label={T.label}
          selection="multiple"
          pageSize={100}
          pageSizeOptions={[100]}
          // a long page scrolls inside the table; a short one takes only its rows' height
          height={rows.length > 12 ? 680 : undefined}
          selectedIds={selectedIds}
          onSelectionChange={(_rows, ids) => onSelectionChange(ids)}
          quickFilter={false}
          server={{
            rowCount: total,
            rowCountIsLowerBound: totalIsLowerBound,
            paginationModel,
            onPaginationModelChange: (model) => onPageChange(model.page),
            exportCsv,
            fetchAll,
          }}
          // Always shown, disabled until a row is ticked (issue 35 §10: hidden, nobody knew they existed).
          actions={<RowActions selected={selected} actions={actions} onCountUnits={countUnits} />}
        />
      </CountUnitsContext.Provider>
    </SaveStockContext.Provider>
  );
}
