import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import FilterListIcon from '@mui/icons-material/FilterList';
import PrintOutlinedIcon from '@mui/icons-material/PrintOutlined';
import SearchIcon from '@mui/icons-material/Search';
import ViewColumnOutlinedIcon from '@mui/icons-material/ViewColumnOutlined';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import {
  ColumnsPanelTrigger,
  DataGrid,
  ExportCsv,
  ExportPrint,
  FilterPanelTrigger,
  type GridColDef,
  type GridLocaleText,
  type GridPaginationModel,
  type GridRowId,
  type GridRowSelectionModel,
  type GridValidRowModel,
  QuickFilter,
  QuickFilterControl,
  Toolbar,
  ToolbarButton,
} from '@mui/x-data-grid';
import { ptBR } from '@mui/x-data-grid/locales';
import { createContext, type ReactNode, useContext, useMemo, useState } from 'react';

export const DATA_TABLE_TEXTS = {
  empty: 'Não existem dados a serem exibidos.',
  search: 'Pesquisar',
  csv: 'Baixar CSV',
  print: 'Imprimir',
  columns: 'Colunas',
  filters: 'Filtros',
  selected: (count: number) => `${count.toLocaleString('pt-BR')} selecionado(s)`,
} as const;

export interface DataTableServerPaging {
  /** Total rows on the server. */
  rowCount: number;
  paginationModel: GridPaginationModel;
  onPaginationModelChange: (model: GridPaginationModel) => void;
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
  /** Server-side paging: the table shows `rows` as the current page. */
  server?: DataTableServerPaging;
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
}

const ToolbarContext = createContext<ToolbarContextValue>({ csvFileName: 'relatorio', hideExport: false });

function DataTableToolbar() {
  const { title, actions, selectionActions, csvFileName, hideExport } = useContext(ToolbarContext);
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
        <QuickFilter>
          <QuickFilterControl
            render={({ ref, ...other }) => (
              <TextField
                {...other}
                inputRef={ref}
                size="small"
                placeholder={DATA_TABLE_TEXTS.search}
                aria-label={DATA_TABLE_TEXTS.search}
                slotProps={{
                  input: {
                    startAdornment: (
                      <InputAdornment position="start">
                        <SearchIcon fontSize="small" />
                      </InputAdornment>
                    ),
                    ...other.slotProps?.input,
                  },
                  ...other.slotProps,
                }}
                sx={{ width: { xs: 128, sm: 220 } }}
              />
            )}
          />
        </QuickFilter>
        <Tooltip title={DATA_TABLE_TEXTS.columns}>
          <ColumnsPanelTrigger render={<ToolbarButton aria-label={DATA_TABLE_TEXTS.columns} />}>
            <ViewColumnOutlinedIcon fontSize="small" />
          </ColumnsPanelTrigger>
        </Tooltip>
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
        {hideExport ? null : (
          <>
            <Tooltip title={DATA_TABLE_TEXTS.csv}>
              <ExportCsv
                render={<ToolbarButton aria-label={DATA_TABLE_TEXTS.csv} />}
                options={{ fileName: csvFileName, delimiter: ';', utf8WithBom: true }}
              >
                <FileDownloadOutlinedIcon fontSize="small" />
              </ExportCsv>
            </Tooltip>
            <Tooltip title={DATA_TABLE_TEXTS.print}>
              <ExportPrint render={<ToolbarButton aria-label={DATA_TABLE_TEXTS.print} />}>
                <PrintOutlinedIcon fontSize="small" />
              </ExportPrint>
            </Tooltip>
          </>
        )}
      </Box>
    </Toolbar>
  );
}

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
  };

  const sizes = pageSizeOptions ?? [...new Set([pageSize, 10, 25, 50, 100])].sort((a, b) => a - b);

  return (
    <ToolbarContext.Provider value={toolbar}>
      <Box sx={{ width: '100%', height, display: 'flex', flexDirection: 'column' }}>
        <DataGrid<R>
          rows={rows}
          columns={columns}
          getRowId={getRowId}
          loading={loading}
          autoHeight={height === undefined}
          showToolbar
          slots={{ toolbar: DataTableToolbar }}
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
          rowCount={server?.rowCount}
          paginationModel={server?.paginationModel ?? ownPagination}
          onPaginationModelChange={server?.onPaginationModelChange ?? setOwnPagination}
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
            ...localeText,
          }}
          sx={{
            border: 0,
            '& .MuiDataGrid-columnHeaderTitle': { fontWeight: 600 },
            '@media print': { '.MuiDataGrid-main': { color: 'rgba(0, 0, 0, 0.87)' } },
          }}
        />
      </Box>
    </ToolbarContext.Provider>
  );
}
