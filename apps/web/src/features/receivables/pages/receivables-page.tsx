import {
  PERMISSIONS,
  RECEIVABLE_FILTER_LABELS,
  RECEIVABLE_FILTERS,
  RECEIVABLE_STATUS_LABELS,
  type Receivable,
  type ReceivableDetails,
  type ReceivableFilter,
  type ReceivableStatus,
} from '@backoffice/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { GridColDef } from '@mui/x-data-grid';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { moneyColumn } from '../../../components/data-table-csv';
import { ANY_DAY, type DateRange, DateRangeFilter, isoDayOf } from '../../../components/date-range-filter';
import { ExportCsvButton } from '../../../components/export-csv-button';
import { FilterChips } from '../../../components/filter-chips';
import { ListCard } from '../../../components/list-card';
import { PageHeader } from '../../../components/page-header';
import { PagedTable } from '../../../components/paged-table';
import { useListFilter } from '../../../components/use-list-filter';
import { useServerList, useServerTable } from '../../../components/use-server-list';
import { formatDate, formatMoney } from '../../../lib/format';
import { hasPermission, useSession } from '../../../lib/session';
import {
  downloadReceivablesCsv,
  fetchAllReceivables,
  type ReceivablesFilter,
  useReceivables,
} from '../api/receivables-api';
import { BankFilesDialog } from '../components/bank-files-dialog';
import { type CustomerChoice, CustomerPicker } from '../components/customer-picker';
import { ReceivableDialog } from '../components/receivable-dialog';
import { ReceivableStatusChip } from '../components/receivable-status-chip';
import { ReceiveDialog } from '../components/receive-dialog';
import { RECEIVABLES_TEXTS as T } from '../texts';

const PAGE_SIZE = 25;
/**
 * What fits: on a wide screen every column; on a laptop the value and what was paid go under 'Colunas' (the totals
 * say them); on a phone the customer, what it asks today and 'Receber' first, then the due day and the situation.
 */
const NARROW_HIDDEN = ['amount', 'paid'];
const PHONE_HIDDEN = ['order', 'instalment', 'amount', 'paid', 'open'];
const PHONE_ORDER = ['customer', 'dueToday', 'actions', 'dueDate', 'status'];
/** Who may search the customers (GET /customers): the others filter by a row's customer. */
const CUSTOMER_SEARCHERS = [PERMISSIONS.customers, PERMISSIONS.internalSales];

const isFilter = (value: string | null): value is ReceivableFilter =>
  value !== null && (RECEIVABLE_FILTERS as readonly string[]).includes(value);
const CHIP_OPTIONS = RECEIVABLE_FILTERS.map((key) => ({ value: key, label: RECEIVABLE_FILTER_LABELS[key] }));
const payable = (row: Receivable) => row.open > 0 && (row.status === 'OPEN' || row.status === 'OVERDUE');

/** R$ 1.234,56 that a narrow cell does not break between the 'R$' and the figure. */
const unbroken = (value: number) => formatMoney(value).replace(/\s/g, '\u00a0');

/** 'Pede hoje': the total, and when late the days, then the fine and the interest, on two more short lines. */
function DueTodayCell({ row }: { row: Receivable }) {
  const due = row.dueToday;
  if (!payable(row)) return <span>–</span>;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', justifyContent: 'center', height: '100%' }}>
      <Typography variant="body2" sx={{ fontWeight: 600, lineHeight: 1.25 }}>
        {formatMoney(due.total)}
      </Typography>
      {due.daysLate > 0 ? (
        <Typography
          variant="caption"
          sx={{
            // The darker red: the small text stays above 4.5:1 on a selected or hovered row too (WCAG AA).
            color: 'error.dark',
            fontSize: '0.72rem',
            lineHeight: 1.15,
            whiteSpace: 'nowrap',
            overflow: 'hidden',
            textOverflow: 'ellipsis',
          }}
        >
          {`${T.lateDays(due.daysLate)} `}
          <br />
          {T.lateCharges(unbroken(due.fine), unbroken(due.interest))}
        </Typography>
      ) : null}
    </Box>
  );
}

function columnsOf(
  onReceive: (row: Receivable) => void,
  onCustomer: (customer: CustomerChoice) => void,
  phone: boolean,
): GridColDef<Receivable>[] {
  const columns: GridColDef<Receivable>[] = [
    {
      field: 'customer',
      headerName: T.customer,
      flex: 1,
      minWidth: phone ? 120 : 150,
      sortable: false,
      valueGetter: (_value, row) => row.customer.name,
      renderCell: ({ row }) => (
        <Link
          component="button"
          type="button"
          underline="hover"
          color="inherit"
          title={T.filterByCustomer(row.customer.name)}
          onClick={(event) => {
            event.stopPropagation();
            onCustomer(row.customer);
          }}
          sx={{ textAlign: 'left', overflow: 'hidden', textOverflow: 'ellipsis', maxWidth: '100%' }}
        >
          {row.customer.name}
        </Link>
      ),
    },
    {
      field: 'order',
      headerName: T.order,
      width: 95,
      sortable: false,
      valueGetter: (_value, row) => row.order.code,
    },
    {
      field: 'instalment',
      headerName: T.instalment,
      width: 95,
      sortable: false,
      valueGetter: (_value, row) => T.instalmentOf(row.seq, row.count),
    },
    {
      field: 'dueDate',
      headerName: T.dueDate,
      width: 100,
      sortable: false,
      valueFormatter: (value: string) => formatDate(value),
    },
    { field: 'amount', headerName: T.amount, width: 110, sortable: false, ...moneyColumn },
    { field: 'paid', headerName: T.paid, width: 110, sortable: false, ...moneyColumn },
    { field: 'open', headerName: T.open, width: 105, sortable: false, ...moneyColumn },
    {
      field: 'dueToday',
      headerName: T.dueToday,
      width: phone ? 190 : 200,
      sortable: false,
      valueGetter: (_value, row) => row.dueToday.total,
      renderCell: ({ row }) => <DueTodayCell row={row} />,
    },
    {
      field: 'status',
      headerName: T.status,
      width: 100,
      sortable: false,
      valueFormatter: (value: ReceivableStatus) => RECEIVABLE_STATUS_LABELS[value],
      renderCell: ({ row }) => <ReceivableStatusChip status={row.status} />,
    },
    {
      field: 'actions',
      headerName: T.actions,
      width: 100,
      sortable: false,
      disableColumnMenu: true,
      disableExport: true,
      renderCell: ({ row }) =>
        payable(row) ? (
          <Button
            size="small"
            variant="outlined"
            aria-label={T.receiveRow(row.customer.name, row.seq, row.count)}
            onClick={(event) => {
              event.stopPropagation();
              onReceive(row);
            }}
          >
            {T.receive}
          </Button>
        ) : null,
    },
  ];
  if (!phone) return columns;
  const at = (field: string) => (PHONE_ORDER.indexOf(field) === -1 ? PHONE_ORDER.length : PHONE_ORDER.indexOf(field));
  return [...columns].sort((a, b) => at(a.field) - at(b.field));
}

const PRINT = { exportCsv: downloadReceivablesCsv, fetchAll: fetchAllReceivables };

/**
 * 'Contas a receber' (issue 40 §2): the instalments of the sales on credit by situation ('Receber hoje', 'Esta
 * semana', 'Vencidas', 'Em aberto' — the default, or the address's `?status=` —, 'Recebidas'), due period and
 * customer, paged and summed on the server, with what each asks today (days late, fine and interest);
 * 'Exportar CSV' downloads every match. 'Receber' on a row takes a payment, then shows the instalment with its
 * payments and their receipts; a row opens the same.
 */
export default function ReceivablesPage() {
  const [params] = useSearchParams();
  const asked = params.get('status');
  const list = useServerList(PAGE_SIZE);
  const { paging, firstPage } = list;
  useSession(); // re-render when the session changes
  const canSearchCustomers = hasPermission(...CUSTOMER_SEARCHERS);
  const [status, setStatus] = useListFilter<ReceivableFilter>(isFilter(asked) ? asked : 'open', firstPage);
  const [customer, setCustomer] = useListFilter<CustomerChoice | null>(null, firstPage);
  const [period, setPeriod] = useListFilter<DateRange>(ANY_DAY, firstPage);
  const [opened, setOpened] = useState<number | null>(null);
  const canBankFiles = hasPermission(PERMISSIONS.credit);
  const [bankFiles, setBankFiles] = useState(false);
  const [receiving, setReceiving] = useState<Receivable | null>(null);
  const phone = useMediaQuery('(max-width:599.95px)', { noSsr: true });
  const wide = useMediaQuery('(min-width:1600px)', { noSsr: true });
  const filter: ReceivablesFilter = useMemo(
    () => ({ status, from: isoDayOf(period.from), to: isoDayOf(period.to), customerId: customer?.id ?? null }),
    [status, period, customer],
  );
  const instalments = useReceivables(filter, paging.page, paging.pageSize);
  const server = useServerTable(list, instalments.data?.total ?? 0, filter, PRINT);
  // The CSV is the page's 'Exportar CSV' (the same download): the table keeps paging and 'Imprimir'.
  const tableServer = useMemo(() => ({ ...server, exportCsv: undefined }), [server]);
  const columns = useMemo(() => columnsOf(setReceiving, setCustomer, phone), [setCustomer, phone]);
  const title = `${T.title}: ${RECEIVABLE_FILTER_LABELS[status]}`;
  const totals = instalments.data?.totals;

  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'minmax(0, 1fr)' }}>
      <PageHeader
        title={T.title}
        actions={
          <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
            {canBankFiles ? (
              <Button variant="outlined" onClick={() => setBankFiles(true)}>
                {T.bankFiles}
              </Button>
            ) : null}
            <ExportCsvButton
              text={T.exportCsv}
              failedText={T.csvFailed}
              download={() => downloadReceivablesCsv(filter)}
            />
          </Stack>
        }
      />
      <FilterChips label={T.status} options={CHIP_OPTIONS} value={status} onChange={setStatus} />
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1.5, alignItems: 'center' }}>
        {canSearchCustomers ? (
          <CustomerPicker width={{ xs: '100%', sm: 280 }} value={customer} onChange={setCustomer} />
        ) : customer ? (
          <Chip label={`${T.customer}: ${customer.name}`} onDelete={() => setCustomer(null)} />
        ) : null}
        <DateRangeFilter fromLabel={T.from} toLabel={T.to} value={period} onChange={setPeriod} />
      </Stack>
      <ListCard
        title={title}
        totals={
          totals
            ? T.totals(
                instalments.data?.total ?? 0,
                formatMoney(totals.amount),
                formatMoney(totals.paid),
                formatMoney(totals.open),
              )
            : null
        }
        totalsTestId="receivables-totals"
      >
        <PagedTable<Receivable>
          query={instalments}
          columns={columns}
          label={T.title}
          emptyText={T.empty}
          failedText={T.loadFailed}
          openedId={opened}
          onOpenedChange={setOpened}
          pageSize={PAGE_SIZE}
          printTitle={title}
          server={tableServer}
          quickFilter={false}
          initialHiddenColumns={phone ? PHONE_HIDDEN : wide ? undefined : NARROW_HIDDEN}
        />
      </ListCard>
      {opened !== null ? <ReceivableDialog id={opened} onClose={() => setOpened(null)} /> : null}
      {bankFiles ? <BankFilesDialog onClose={() => setBankFiles(false)} /> : null}
      {receiving ? (
        <ReceiveDialog
          instalment={receiving}
          onClose={() => setReceiving(null)}
          onReceived={(received: ReceivableDetails) => setOpened(received.id)}
        />
      ) : null}
    </Box>
  );
}
