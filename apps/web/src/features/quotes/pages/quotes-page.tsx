import {
  formatPhone,
  QUOTE_STATUS_LABELS,
  QUOTE_STATUSES,
  type QuoteRow,
  type QuoteStatus,
} from '@backoffice/contract';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { GridColDef, GridPaginationModel } from '@mui/x-data-grid';
import { useCallback, useMemo, useState } from 'react';
import { moneyColumn } from '../../../components/data-table-csv';
import { ListCard } from '../../../components/list-card';
import { PageHeader } from '../../../components/page-header';
import { PagedTable } from '../../../components/paged-table';
import { formatDate } from '../../../lib/format';
import { downloadQuotesCsv, fetchAllQuotes, useQuotes } from '../api/quotes-api';
import { QuoteDialog } from '../components/quote-dialog';
import { QuoteStatusChip } from '../components/quote-status-chip';
import { QUOTES_TEXTS as T } from '../texts';

const PAGE_SIZE = 20;
/** On a phone the customer, the total and the status fit (narrower); the others stay under 'Colunas'. */
const PHONE_HIDDEN = ['id', 'phone', 'sellerName', 'createdAt', 'validUntil'];
const PHONE_WIDTHS: Record<string, Partial<GridColDef<QuoteRow>>> = {
  customerName: { minWidth: 90 },
  total: { width: 100 },
  status: { width: 118 },
};

const COLUMNS: GridColDef<QuoteRow>[] = [
  { field: 'id', headerName: T.number, width: 80, type: 'number', sortable: false },
  {
    field: 'customerName',
    headerName: T.customer,
    flex: 1,
    minWidth: 170,
    sortable: false,
    valueGetter: (value: string, row) => (row.walkIn ? `${value} (${T.walkIn})` : value),
  },
  {
    field: 'phone',
    headerName: T.phone,
    width: 150,
    sortable: false,
    valueFormatter: (value: string | null) => formatPhone(value),
  },
  { field: 'sellerName', headerName: T.seller, width: 150, sortable: false },
  {
    field: 'createdAt',
    headerName: T.createdAt,
    width: 110,
    sortable: false,
    valueFormatter: (value: string) => formatDate(value),
  },
  {
    field: 'validUntil',
    headerName: T.validUntil,
    width: 110,
    sortable: false,
    valueFormatter: (value: string) => formatDate(value),
  },
  { field: 'total', headerName: T.total, width: 120, sortable: false, ...moneyColumn },
  {
    field: 'status',
    headerName: T.status,
    width: 130,
    sortable: false,
    valueFormatter: (value: QuoteStatus) => QUOTE_STATUS_LABELS[value],
    renderCell: ({ row }) => <QuoteStatusChip status={row.status} />,
  },
];

const PHONE_COLUMNS = COLUMNS.map((column) => ({ ...column, ...PHONE_WIDTHS[column.field] }));

/**
 * 'Orçamentos' (issue 38 §4): the shared table paged and searched on the server, by 'Situação' (Aberto by
 * default); 'Baixar CSV' and 'Imprimir' cover every quote that matches. Selecting a quote opens it in a dialog.
 */
export default function QuotesPage() {
  const [paging, setPaging] = useState<GridPaginationModel>({ page: 0, pageSize: PAGE_SIZE });
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<QuoteStatus | 'ALL'>('OPEN');
  const [opened, setOpened] = useState<number | null>(null);
  const phone = useMediaQuery('(max-width:599.95px)', { noSsr: true });
  const filter = useMemo(() => ({ search, status: status === 'ALL' ? ('' as const) : status }), [search, status]);
  const quotes = useQuotes({ ...filter, page: paging.page, size: paging.pageSize });
  const title = status === 'ALL' ? T.title : `${T.title}: ${QUOTE_STATUS_LABELS[status]}`;

  const onSearchChange = useCallback((text: string) => {
    setSearch(text);
    setPaging((current) => ({ ...current, page: 0 }));
  }, []);
  const server = useMemo(
    () => ({
      rowCount: quotes.data?.total ?? 0,
      paginationModel: paging,
      onPaginationModelChange: setPaging,
      search,
      onSearchChange,
      exportCsv: () => downloadQuotesCsv(filter),
      fetchAll: () => fetchAllQuotes(filter),
    }),
    [quotes.data?.total, paging, search, onSearchChange, filter],
  );

  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'minmax(0, 1fr)' }}>
      <PageHeader
        title={T.title}
        actions={
          <TextField
            select
            size="small"
            label={T.status}
            value={status}
            onChange={(event) => {
              setStatus(event.target.value as QuoteStatus | 'ALL');
              setPaging((current) => ({ ...current, page: 0 }));
            }}
            sx={{ minWidth: 180 }}
          >
            <MenuItem value="ALL">{T.all}</MenuItem>
            {QUOTE_STATUSES.map((key) => (
              <MenuItem key={key} value={key}>
                {QUOTE_STATUS_LABELS[key]}
              </MenuItem>
            ))}
          </TextField>
        }
      />
      <ListCard title={title}>
        <PagedTable<QuoteRow>
          query={quotes}
          columns={phone ? PHONE_COLUMNS : COLUMNS}
          label={T.title}
          emptyText={T.empty}
          failedText={T.loadFailed}
          openedId={opened}
          onOpenedChange={setOpened}
          pageSize={PAGE_SIZE}
          csvFileName={T.csvFile}
          printTitle={title}
          server={server}
          initialHiddenColumns={phone ? PHONE_HIDDEN : []}
        />
      </ListCard>
      <QuoteDialog id={opened} onClose={() => setOpened(null)} />
    </Box>
  );
}
