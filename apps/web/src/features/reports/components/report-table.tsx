import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { GridColDef, GridPaginationModel, GridValidRowModel } from '@mui/x-data-grid';
import { useMemo } from 'react';
import { DataTable } from '../../../components/data-table';
import { saveCsvText } from '../../../lib/download';
import { type ReportColumn, toCsv, toGridColumns } from '../lib/columns';
import type { FooterItem, FooterTable, Keyed, ReportFooter } from '../lib/report-definitions';
import { REPORTS_TEXTS } from '../texts';

const F = REPORTS_TEXTS.footer;
export const CSV_FILE = 'relatorio.csv';

function FooterLine({ title, items }: { title: string; items: FooterItem[] }) {
  if (items.length === 0) return null;
  return (
    <Box
      role="group"
      aria-label={title}
      sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2.5, rowGap: 0.5, width: '100%', alignItems: 'baseline' }}
    >
      <Typography component="span" variant="body2" sx={{ fontWeight: 700, minWidth: { sm: 130 } }}>
        {title}:
      </Typography>
      <Box
        component="dl"
        sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2.5, rowGap: 0.5, m: 0, flex: 1, alignItems: 'baseline' }}
      >
        {items.map((item) => (
          <Box key={item.label} sx={{ display: 'flex', gap: 0.75 }}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {item.label}
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0, fontWeight: 600 }}>
              {item.value}
            </Typography>
          </Box>
        ))}
      </Box>
    </Box>
  );
}

/**
 * Totals broken down (each day's), as a small table: its own scroll (at most about ten rows high, wider than a
 * phone scrolls sideways inside it), the page never wider than the screen.
 */
function FooterTableView({ table }: { table: FooterTable }) {
  if (table.rows.length === 0) return null;
  return (
    <Box sx={{ width: '100%' }}>
      <Typography component="span" variant="body2" sx={{ fontWeight: 700 }}>
        {table.title}:
      </Typography>
      {/* Its own scroll: reachable by the keyboard (Tab, then the arrows). */}
      <Box
        role="region"
        aria-label={table.title}
        tabIndex={0}
        sx={{ maxHeight: 360, overflow: 'auto', mt: 0.5, maxWidth: 640 }}
      >
        <Table size="small" stickyHeader aria-label={table.title}>
          <TableHead>
            <TableRow>
              {table.headers.map((header, index) => (
                <TableCell key={header} align={index === 0 ? 'left' : 'right'} sx={{ whiteSpace: 'nowrap' }}>
                  {header}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {table.rows.map((row) => (
              <TableRow key={row[0]}>
                {row.map((cell, index) => (
                  <TableCell
                    // biome-ignore lint/suspicious/noArrayIndexKey: a row's cells never move
                    key={index}
                    align={index === 0 ? 'left' : 'right'}
                    sx={{ whiteSpace: 'nowrap' }}
                  >
                    {cell}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
    </Box>
  );
}

/** The sums over the page and the report's counts and totals, under the rows. */
export function ReportFooterView({ footer }: { footer: ReportFooter }) {
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 0.75, width: '100%' }}>
      <FooterLine title={F.pageSum} items={footer.page} />
      <FooterLine title={F.total} items={footer.totals} />
      {footer.table ? <FooterTableView table={footer.table} /> : null}
    </Box>
  );
}

export interface ReportTableProps<R extends GridValidRowModel> {
  title: string;
  columns: ReportColumn<R>[];
  /** The rows on screen: the page. */
  rows: readonly Keyed<R>[];
  rowCount: number;
  paginationModel: GridPaginationModel;
  onPaginationModelChange: (model: GridPaginationModel) => void;
  loading?: boolean;
  footer?: ReportFooter;
  /** Every row of the report, for 'Baixar CSV'. */
  allRows: () => Promise<readonly R[]>;
  /** Adds a 'Ver pedido' button to each row (exchanges and returns). */
  onOpenRow?: (row: R) => void;
  /** Names the row for that button's label (e.g. its order code). */
  rowName?: (row: R) => string;
}

/**
 * A report's result in the app's table: the rows of one page (paged by the API or on screen), the footer,
 * and 'Baixar CSV' of every row as relatorio.csv with ';'. Printing is the page's (title, filters, rows).
 */
export function ReportTable<R extends GridValidRowModel>(props: ReportTableProps<R>) {
  const { title, columns, rows, rowCount, paginationModel, onPaginationModelChange, loading, footer } = props;
  const { onOpenRow, rowName } = props;
  const gridColumns = useMemo(() => {
    const shown: GridColDef<Keyed<R>>[] = toGridColumns(columns as ReportColumn<Keyed<R>>[]);
    if (!onOpenRow) return shown;
    const open: GridColDef<Keyed<R>> = {
      field: 'open',
      headerName: '',
      width: 130,
      sortable: false,
      filterable: false,
      disableColumnMenu: true,
      disableExport: true,
      renderCell: ({ row }) => (
        <Button
          size="small"
          startIcon={<VisibilityOutlinedIcon fontSize="small" />}
          aria-label={`${REPORTS_TEXTS.rowAction} ${rowName?.(row) ?? ''}`.trim()}
          onClick={() => onOpenRow(row)}
        >
          {REPORTS_TEXTS.rowAction}
        </Button>
      ),
    };
    return [open, ...shown];
  }, [columns, onOpenRow, rowName]);
  return (
    <Box>
      <DataTable<Keyed<R>>
        rows={rows}
        columns={gridColumns}
        getRowId={(row) => row.rowKey}
        loading={loading}
        title={title}
        label={title}
        selection="none"
        emptyText={REPORTS_TEXTS.empty}
        quickFilter={false}
        pageSize={paginationModel.pageSize}
        server={{
          rowCount,
          paginationModel,
          onPaginationModelChange,
          exportCsv: async () => saveCsvText(CSV_FILE, toCsv(columns, await props.allRows())),
        }}
        footer={footer && rows.length > 0 ? <ReportFooterView footer={footer} /> : undefined}
      />
    </Box>
  );
}
