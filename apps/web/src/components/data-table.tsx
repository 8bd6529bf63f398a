import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import FilterListIcon from '@mui/icons-material/FilterList';
import PrintOutlinedIcon from '@mui/icons-material/PrintOutlined';
import SearchIcon from '@mui/icons-material/Search';
import ViewColumnOutlinedIcon from '@mui/icons-material/ViewColumnOutlined';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import {
  ColumnsPanelTrigger,
  DataGrid,
  ExportPrint,
  FilterPanelTrigger,
  GRID_CHECKBOX_SELECTION_COL_DEF,
  type GridColDef,
  type GridFilterModel,
  GridFooter,
  type GridGetRowsToExportParams,
  type GridLocaleText,
  type GridPaginationModel,
  type GridRowId,
  type GridRowSelectionModel,
  type GridSortModel,
  type GridValidRowModel,
  gridFilteredSortedRowIdsSelector,
  gridRowTreeSelector,
  QuickFilter,
  QuickFilterControl,
  Toolbar,
  ToolbarButton,
  useGridApiContext,
} from '@mui/x-data-grid';
import { ptBR } from '@mui/x-data-grid/locales';
import { createContext, type ReactNode, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { firstError } from '../lib/api-client';
import { saveCsvText } from '../lib/download';
import { gridCsv } from './data-table-csv';
import { useDownload } from './download-button';
import { useNotify } from './notifier';

export const DATA_TABLE_TEXTS = {
  empty: 'Não existem dados a serem exibidos.',
  search: 'Pesquisar',
  csv: 'Baixar CSV',
  print: 'Imprimir',
  columns: 'Colunas',
  filters: 'Filtros',
  selected: (count: number) => `${count.toLocaleString('pt-BR')} selecionado(s)`,
  failed: 'Ocorreu um erro. Tente novamente mais tarde.',
  /** The pager's rows when the server counted only up to `bound`: "1–100 de mais de 1.000". */
  rowsOfMoreThan: (from: number, to: number, bound: number) =>
    `${from.toLocaleString('pt-BR')}–${to.toLocaleString('pt-BR')} de mais de ${Math.max(bound, to).toLocaleString('pt-BR')}`,
} as const;

/**
 * A list paged on the server: `rows` are the current page. Each optional part moves one more job to the
 * server, and the table then stops doing it on the page alone:
 * - `onSortModelChange`: sorting (`sortingMode='server'`); the table shows `sortModel`.
 * - `onFilterModelChange`: the filter panel (`filterMode='server'`); without it the filter button is hidden
 *   (filtering one page would hide rows that exist).
 * - `onSearchChange`: the 'Pesquisar' box is controlled by `search` and reports what is typed after a pause
 *   of `searchDebounceMs`; without it the box is hidden (searching one page would miss the others).
 * - `exportCsv`: 'Baixar CSV' calls it (a server download of every matching row); without it, hidden.
 * - `fetchAll`: 'Imprimir' prints the rows it resolves (every matching row); without it, hidden.
 */
export interface DataTableServerPaging<R extends GridValidRowModel = GridValidRowModel> {
  /** Total rows on the server that match. */
  rowCount: number;
  /** More rows match than `rowCount` (the server stopped counting there): "1–100 de mais de 1.000". */
  rowCountIsLowerBound?: boolean;
  paginationModel: GridPaginationModel;
  onPaginationModelChange: (model: GridPaginationModel) => void;
  sortModel?: GridSortModel;
  onSortModelChange?: (model: GridSortModel) => void;
  filterModel?: GridFilterModel;
  onFilterModelChange?: (model: GridFilterModel) => void;
  /** The search the page shows (controlled). */
  search?: string;
  onSearchChange?: (search: string) => void;
  /** Pause after typing before `onSearchChange` (default 400 ms). */
  searchDebounceMs?: number;
  /** Downloads the CSV of every matching row (e.g. from `GET …/export.csv`). */
  exportCsv?: () => Promise<void>;
  /** Every matching row in the list's order, for 'Imprimir'. */
  fetchAll?: () => Promise<readonly R[]>;
}

export interface DataTableProps<R extends GridValidRowModel> {
  rows: readonly R[];
  columns: GridColDef<R>[];
  /** Defaults to `row.id`. */
  getRowId?: (row: R) => GridRowId;
  loading?: boolean;
  /** Shown at the left of the toolbar. */
  title?: ReactNode;
  /** Text of an empty table; defaults to 'Não existem dados a serem exibidos.' */
  emptyText?: string;
  /** 'single' (default): one row at a time; 'multiple': several; 'none': no selection column. */
  selection?: 'single' | 'multiple' | 'none';
  /** Controlled selection (ids); leave out to let the table keep it. */
  selectedIds?: readonly GridRowId[];
  onSelectionChange?: (rows: R[], ids: GridRowId[]) => void;
  /** Toolbar buttons always shown (left side). */
  actions?: ReactNode;
  /** Toolbar buttons shown while rows are selected; receives the selected rows. */
  selectionActions?: (selected: R[]) => ReactNode;
  /** Rows per page (default 10). */
  pageSize?: number;
  pageSizeOptions?: number[];
  /** CSV file name without extension (default 'relatorio'). Separator ';', UTF-8 with BOM. */
  csvFileName?: string;
  /** Server-side paging (and optionally sorting, filtering, search, CSV and print): see `DataTableServerPaging`. */
  server?: DataTableServerPaging<R>;
  /**
   * The toolbar's 'Pesquisar' box (default true). Client lists filter their rows; server lists need
   * `server.onSearchChange`. False hides it, e.g. when the page has a search form of its own.
   */
  quickFilter?: boolean;
  /** Shown under the rows, above the pagination: totals of the list (e.g. a report's sums). */
  footer?: ReactNode;
  /** Title of the printed page (default: `label`). */
  printTitle?: string;
  /** Fixed height in px; by default the table grows with its rows. */
  height?: number;
  /** Hide toolbar parts not wanted on a small table. */
  hideExport?: boolean;
  /** Extra DataGrid locale overrides. */
  localeText?: Partial<GridLocaleText>;
  /** Accessible label of the grid. */
  label?: string;
  /** Column visibility at start, e.g. `{ id: false }`. */
  initialHiddenColumns?: string[];
}

interface ToolbarContextValue {
  title?: ReactNode;
  actions?: ReactNode;
  selectionActions?: ReactNode;
  csvFileName: string;
  hideExport: boolean;
  /** 'client': MUI's quick filter; 'server': a controlled box; 'none': hidden. */
  search: 'client' | 'server' | 'none';
  server?: DataTableServerPaging;
  printTitle: string;
  showFilters: boolean;
}

const ToolbarContext = createContext<ToolbarContextValue>({
  csvFileName: 'relatorio',
  hideExport: false,
  search: 'client',
  printTitle: '',
  showFilters: true,
});

/** Every row the filters let through, in the table's order, whatever is selected (MUI's default exports the selection). */
function allFilteredRows({ apiRef }: GridGetRowsToExportParams): GridRowId[] {
  const tree = gridRowTreeSelector(apiRef);
  return gridFilteredSortedRowIdsSelector(apiRef).filter((id) => tree[id]?.type !== 'footer');
}

const searchAdornment = {
  startAdornment: (
    <InputAdornment position="start">
      <SearchIcon fontSize="small" />
    </InputAdornment>
  ),
};
const searchWidth = { width: { xs: 128, sm: 220 } };

/** The controlled search box of a server list: reports the text after a pause, and follows `search`. */
function ServerSearch({ server }: { server: DataTableServerPaging }) {
  const { search = '', onSearchChange, searchDebounceMs = 400 } = server;
  const [text, setText] = useState(search);
  const reported = useRef(search);
  useEffect(() => {
    // a search changed by the page (e.g. cleared) shows in the box
    if (search !== reported.current) {
      reported.current = search;
      setText(search);
    }
  }, [search]);
  useEffect(() => {
    if (text === reported.current) return;
    const timer = setTimeout(() => {
      reported.current = text;
      onSearchChange?.(text);
    }, searchDebounceMs);
    return () => clearTimeout(timer);
  }, [text, onSearchChange, searchDebounceMs]);
  return (
    <TextField
      size="small"
      type="search"
      value={text}
      onChange={(event) => setText(event.target.value)}
      placeholder={DATA_TABLE_TEXTS.search}
      slotProps={{ input: searchAdornment, htmlInput: { 'aria-label': DATA_TABLE_TEXTS.search } }}
      sx={searchWidth}
    />
  );
}

const escapeHtml = (value: unknown) =>
  String(value ?? '').replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/**
 * 'Imprimir' of a server list: asks the server for every matching row, then prints them in a window of
 * their own as a plain table of the visible columns, each cell formatted as the grid formats it.
 */
function ServerPrintButton({
  fetchAll,
  title,
}: {
  fetchAll: () => Promise<readonly GridValidRowModel[]>;
  title: string;
}) {
  const apiRef = useGridApiContext();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const print = async () => {
    // opened at once: a window opened after an await is blocked as a pop-up
    const win = window.open('', '_blank');
    setBusy(true);
    try {
      const rows = await fetchAll();
      const columns = apiRef.current
        .getVisibleColumns()
        .filter((column) => column.field !== GRID_CHECKBOX_SELECTION_COL_DEF.field && !column.disableExport);
      const head = columns.map((column) => `<th>${escapeHtml(column.headerName ?? column.field)}</th>`).join('');
      const body = rows
        .map(
          (row) =>
            `<tr>${columns.map((column) => `<td>${escapeHtml(apiRef.current.getRowFormattedValue(row, column))}</td>`).join('')}</tr>`,
        )
        .join('');
      if (!win) return;
      win.document.write(
        `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title><style>` +
          'body{font-family:Roboto,Arial,sans-serif;font-size:12px}table{border-collapse:collapse;width:100%}' +
          'th,td{border:1px solid #ccc;padding:4px 6px;text-align:left}th{background:#f5f5f5}' +
          `</style></head><body><h3>${escapeHtml(title)}</h3><table><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table></body></html>`,
      );
      win.document.close();
      win.focus();
      win.print();
    } catch (error) {
      win?.close();
      notify.error(firstError(error, DATA_TABLE_TEXTS.failed));
    } finally {
      setBusy(false);
    }
  };
  return (
    <ToolbarButton aria-label={DATA_TABLE_TEXTS.print} onClick={() => void print()} disabled={busy}>
      {busy ? <CircularProgress size={18} /> : <PrintOutlinedIcon fontSize="small" />}
    </ToolbarButton>
  );
}

function ServerCsvButton({ exportCsv }: { exportCsv: () => Promise<void> }) {
  const csv = useDownload(exportCsv, (error) => firstError(error, DATA_TABLE_TEXTS.failed));
  return (
    <ToolbarButton aria-label={DATA_TABLE_TEXTS.csv} onClick={csv.run} disabled={csv.busy}>
      {csv.busy ? <CircularProgress size={18} /> : <FileDownloadOutlinedIcon fontSize="small" />}
    </ToolbarButton>
  );
}

/** 'Baixar CSV' of a client list: every row the filters let through, written by `gridCsv`. */
function ClientCsvButton({ fileName }: { fileName: string }) {
  const apiRef = useGridApiContext();
  const download = () => saveCsvText(`${fileName}.csv`, gridCsv(apiRef, allFilteredRows({ apiRef })));
  return (
    <ToolbarButton aria-label={DATA_TABLE_TEXTS.csv} onClick={download}>
      <FileDownloadOutlinedIcon fontSize="small" />
    </ToolbarButton>
  );
}

function DataTableToolbar() {
  const { title, actions, selectionActions, csvFileName, hideExport, search, server, printTitle, showFilters } =
    useContext(ToolbarContext);
  const exportOptions = { getRowsToExport: allFilteredRows };
  return (
    // MUI X gives the toolbar flex-basis 1px: 'auto' lets it grow when its buttons wrap to a second line.
    <Toolbar style={{ flex: '0 0 auto', flexWrap: 'wrap', gap: 4, minHeight: 56, padding: '6px 8px' }}>
      {title ? (
        <Typography variant="subtitle1" component="div" sx={{ fontWeight: 600, mr: 1 }}>
          {title}
        </Typography>
      ) : null}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        {actions}
        {selectionActions}
      </Box>
      <Box sx={{ flex: 1 }} />
      {/* Search and tools move together to a second line when the actions fill the first. */}
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, ml: 'auto' }}>
        {search === 'server' && server ? <ServerSearch server={server} /> : null}
        {search === 'client' ? (
          <QuickFilter>
            <QuickFilterControl
              render={({ ref, ...other }) => (
                <TextField
                  {...other}
                  inputRef={ref}
                  size="small"
                  placeholder={DATA_TABLE_TEXTS.search}
                  aria-label={DATA_TABLE_TEXTS.search}
                  slotProps={{ input: { ...searchAdornment, ...other.slotProps?.input }, ...other.slotProps }}
                  sx={searchWidth}
                />
              )}
            />
          </QuickFilter>
        ) : null}
        <Tooltip title={DATA_TABLE_TEXTS.columns}>
          <ColumnsPanelTrigger render={<ToolbarButton aria-label={DATA_TABLE_TEXTS.columns} />}>
            <ViewColumnOutlinedIcon fontSize="small" />
          </ColumnsPanelTrigger>
        </Tooltip>
        {showFilters ? (
          <Tooltip title={DATA_TABLE_TEXTS.filters}>
            <FilterPanelTrigger
              render={(props, state) => (
                <ToolbarButton {...props} aria-label={DATA_TABLE_TEXTS.filters} color="default">
                  <Badge badgeContent={state.filterCount} color="primary" variant="dot">
                    <FilterListIcon fontSize="small" />
                  </Badge>
                </ToolbarButton>
              )}
            />
          </Tooltip>
        ) : null}
        {hideExport ? null : server ? (
          <>
            {server.exportCsv ? (
              <Tooltip title={DATA_TABLE_TEXTS.csv}>
                <span>
                  <ServerCsvButton exportCsv={server.exportCsv} />
                </span>
              </Tooltip>
            ) : null}
            {server.fetchAll ? (
              <Tooltip title={DATA_TABLE_TEXTS.print}>
                <span>
                  <ServerPrintButton fetchAll={server.fetchAll} title={printTitle} />
                </span>
              </Tooltip>
            ) : null}
          </>
        ) : (
          <>
            <Tooltip title={DATA_TABLE_TEXTS.csv}>
              <span>
                <ClientCsvButton fileName={csvFileName} />
              </span>
            </Tooltip>
            <Tooltip title={DATA_TABLE_TEXTS.print}>
              <ExportPrint render={<ToolbarButton aria-label={DATA_TABLE_TEXTS.print} />} options={exportOptions}>
                <PrintOutlinedIcon fontSize="small" />
              </ExportPrint>
            </Tooltip>
          </>
        )}
      </Box>
    </Toolbar>
  );
}

const FooterContext = createContext<ReactNode>(null);

/** The grid's footer (selection count, pagination) with the table's `footer` above it. */
function DataTableFooter() {
  const footer = useContext(FooterContext);
  return (
    <>
      {footer ? (
        <Box sx={{ px: 2, py: 1, borderTop: 1, borderColor: 'divider', display: 'flex', flexWrap: 'wrap', gap: 2 }}>
          {footer}
        </Box>
      ) : null}
      <GridFooter />
    </>
  );
}

/** The selection column of a single-selection table: no header checkbox, since one cannot select all. */
const SINGLE_SELECTION_COLUMN: GridColDef = {
  ...GRID_CHECKBOX_SELECTION_COL_DEF,
  renderHeader: () => null,
};

function selectedIdsOf<R extends GridValidRowModel>(
  model: GridRowSelectionModel,
  rows: readonly R[],
  idOf: (row: R) => GridRowId,
): GridRowId[] {
  if (model.type === 'include') return [...model.ids];
  return rows.map(idOf).filter((id) => !model.ids.has(id));
}

const defaultGetRowId = (row: GridValidRowModel): GridRowId => row.id as GridRowId;

/**
 * The app's table: MUI X DataGrid with the spec's toolbar (Pesquisar, columns, filter, 'Baixar CSV' as
 * relatorio.csv with ';', Imprimir), pt-BR texts, 10 rows per page and single-row selection by default.
 *
 * Client lists (`rows` is the whole list): search, sort, filter, CSV and print work on every row in the
 * browser; CSV and print take every row the filters let through, not only the selected ones.
 * Server lists (`server`, `rows` is one page): paging, and whichever of sorting, filters, search, CSV and
 * print `server` provides, go to the server (see `DataTableServerPaging`); `footer` shows totals.
 *
 * @example
 * <DataTable rows={page.rows} columns={columns} server={{
 *   rowCount: page.total, paginationModel, onPaginationModelChange,
 *   sortModel, onSortModelChange, search, onSearchChange,
 *   exportCsv: () => downloadCsv(params), fetchAll: () => fetchEveryRow(params),
 * }} footer={<b>Total: R$ 1.234,56</b>} />
 */
export function DataTable<R extends GridValidRowModel>(props: DataTableProps<R>) {
  const {
    rows,
    columns,
    getRowId,
    loading,
    title,
    emptyText = DATA_TABLE_TEXTS.empty,
    selection = 'single',
    selectedIds,
    onSelectionChange,
    actions,
    selectionActions,
    pageSize = 10,
    pageSizeOptions,
    csvFileName = 'relatorio',
    server,
    height,
    hideExport = false,
    localeText,
    label,
    initialHiddenColumns,
    quickFilter = true,
    footer,
    printTitle,
  } = props;
  const idOf = (getRowId ?? defaultGetRowId) as (row: R) => GridRowId;
  const [ownSelection, setOwnSelection] = useState<GridRowId[]>([]);
  const [ownPagination, setOwnPagination] = useState<GridPaginationModel>({ page: 0, pageSize });

  const currentIds = selectedIds ?? ownSelection;
  const rowsById = useMemo(() => new Map(rows.map((row) => [idOf(row), row])), [rows, idOf]);
  const selectedRows = useMemo(
    () => currentIds.map((id) => rowsById.get(id)).filter((row): row is R => row !== undefined),
    [currentIds, rowsById],
  );
  const selectionModel = useMemo<GridRowSelectionModel>(
    () => ({ type: 'include', ids: new Set(selectedRows.map(idOf)) }),
    [selectedRows, idOf],
  );

  const toolbar: ToolbarContextValue = {
    title,
    actions,
    selectionActions: selectedRows.length > 0 && selectionActions ? selectionActions(selectedRows) : null,
    csvFileName: csvFileName.replace(/\.csv$/i, ''),
    hideExport,
    search: !quickFilter ? 'none' : !server ? 'client' : server.onSearchChange ? 'server' : 'none',
    server: server as DataTableServerPaging | undefined,
    printTitle: printTitle ?? label ?? (typeof title === 'string' ? title : ''),
    showFilters: !server || server.onFilterModelChange !== undefined,
  };
  const gridColumns = useMemo<GridColDef<R>[]>(
    () => (selection === 'single' ? [SINGLE_SELECTION_COLUMN as GridColDef<R>, ...columns] : columns),
    [selection, columns],
  );

  const sizes = pageSizeOptions ?? [...new Set([pageSize, 10, 25, 50, 100])].sort((a, b) => a - b);

  return (
    <ToolbarContext.Provider value={toolbar}>
      <FooterContext.Provider value={footer ?? null}>
        <Box sx={{ width: '100%', height, display: 'flex', flexDirection: 'column' }}>
          <DataGrid<R>
            rows={rows}
            columns={gridColumns}
            getRowId={getRowId}
            loading={loading}
            autoHeight={height === undefined}
            showToolbar
            slots={{ toolbar: DataTableToolbar, footer: DataTableFooter }}
            label={label}
            checkboxSelection={selection !== 'none'}
            disableMultipleRowSelection={selection === 'single'}
            disableRowSelectionOnClick={selection === 'none'}
            rowSelection={selection !== 'none'}
            rowSelectionModel={selectionModel}
            onRowSelectionModelChange={(model) => {
              const ids = selectedIdsOf(model, rows, idOf);
              if (selectedIds === undefined) setOwnSelection(ids);
              onSelectionChange?.(
                ids.map((id) => rowsById.get(id)).filter((row): row is R => row !== undefined),
                ids,
              );
            }}
            pageSizeOptions={sizes}
            paginationMode={server ? 'server' : 'client'}
            rowCount={server?.rowCountIsLowerBound ? -1 : server?.rowCount}
            {...(server?.rowCountIsLowerBound ? { paginationMeta: { hasNextPage: true } } : {})}
            paginationModel={server?.paginationModel ?? ownPagination}
            onPaginationModelChange={server?.onPaginationModelChange ?? setOwnPagination}
            sortingMode={server?.onSortModelChange ? 'server' : 'client'}
            {...(server?.onSortModelChange
              ? { sortModel: server.sortModel ?? [], onSortModelChange: server.onSortModelChange }
              : {})}
            filterMode={server?.onFilterModelChange ? 'server' : 'client'}
            {...(server?.onFilterModelChange
              ? { filterModel: server.filterModel, onFilterModelChange: server.onFilterModelChange }
              : {})}
            initialState={
              initialHiddenColumns
                ? {
                    columns: {
                      columnVisibilityModel: Object.fromEntries(initialHiddenColumns.map((field) => [field, false])),
                    },
                  }
                : undefined
            }
            localeText={{
              ...ptBR.components.MuiDataGrid.defaultProps.localeText,
              noRowsLabel: emptyText,
              footerRowSelected: DATA_TABLE_TEXTS.selected,
              toolbarQuickFilterPlaceholder: DATA_TABLE_TEXTS.search,
              toolbarExportCSV: DATA_TABLE_TEXTS.csv,
              toolbarExportPrint: DATA_TABLE_TEXTS.print,
              ...(server?.rowCountIsLowerBound
                ? {
                    paginationDisplayedRows: ({ from, to }) =>
                      DATA_TABLE_TEXTS.rowsOfMoreThan(from, to, server.rowCount),
                  }
                : {}),
              ...localeText,
            }}
            sx={{
              border: 0,
              '& .MuiDataGrid-columnHeaderTitle': { fontWeight: 600 },
              '@media print': { '.MuiDataGrid-main': { color: 'rgba(0, 0, 0, 0.87)' } },
            }}
          />
        </Box>
      </FooterContext.Provider>
    </ToolbarContext.Provider>
  );
}
