import {
  PAYABLE_CATEGORIES,
  PAYABLE_CATEGORY_LABELS,
  PAYABLE_FILTER_LABELS,
  PAYABLE_STATUS_LABELS,
  type Payable,
  type PayableCategory,
  type PayableFilter,
  type PayableStatus,
} from '@backoffice/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { GridColDef } from '@mui/x-data-grid';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import type { Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { DataTable } from '../../../components/data-table';
import { moneyColumn } from '../../../components/data-table-csv';
import { PageHeader } from '../../../components/page-header';
import { useServerList, useServerTable } from '../../../components/use-server-list';
import { formatDate, formatMoney } from '../../../lib/format';
import { downloadPayablesCsv, fetchAllPayables, type PayablesFilter, usePayables } from '../api/payables-api';
import { NewPayableDialog } from '../components/new-payable-dialog';
import { PayableDialog } from '../components/payable-dialog';
import { PayableStatusChip } from '../components/payable-status-chip';
import { type SupplierChoice, SupplierPicker } from '../components/supplier-picker';
import { PAYABLES_TEXTS as T } from '../texts';

const PAGE_SIZE = 20;
/** The chips, in the order the work is done: what is due today first. */
const CHIPS: (PayableFilter | '')[] = ['dueToday', 'dueThisWeek', 'overdue', 'open', 'paid', ''];
/** On a desktop every column but the number and the document fits (both under 'Colunas'). */
const DESKTOP_HIDDEN = ['id', 'documentNumber'];
/** On a phone the due day, the supplier, what is open and the situation fit. */
const PHONE_HIDDEN = ['id', 'description', 'category', 'documentNumber', 'amount', 'paid'];

const COLUMNS: GridColDef<Payable>[] = [
  { field: 'id', headerName: T.number, width: 70, type: 'number', sortable: false },
  {
    field: 'dueDate',
    headerName: T.dueDate,
    width: 110,
    sortable: false,
    valueFormatter: (value: string) => formatDate(value),
  },
  {
    field: 'supplier',
    headerName: T.supplier,
    flex: 1,
    minWidth: 150,
    sortable: false,
    valueGetter: (_value, row) => row.supplier?.name ?? T.noSupplier,
  },
  { field: 'description', headerName: T.description, flex: 1, minWidth: 160, sortable: false },
  {
    field: 'category',
    headerName: T.category,
    width: 130,
    sortable: false,
    valueFormatter: (value: PayableCategory) => PAYABLE_CATEGORY_LABELS[value],
  },
  { field: 'documentNumber', headerName: T.documentNumber, width: 110, sortable: false },
  { field: 'amount', headerName: T.amount, width: 110, sortable: false, ...moneyColumn },
  { field: 'paid', headerName: T.paid, width: 110, sortable: false, ...moneyColumn },
  { field: 'open', headerName: T.open, width: 110, sortable: false, ...moneyColumn },
  {
    field: 'status',
    headerName: T.status,
    width: 110,
    sortable: false,
    valueFormatter: (value: PayableStatus) => PAYABLE_STATUS_LABELS[value],
    renderCell: ({ row }) => <PayableStatusChip status={row.status} />,
  },
];

const CSV_AND_PRINT = { exportCsv: downloadPayablesCsv, fetchAll: fetchAllPayables };
const dayOf = (value: Dayjs | null) => (value?.isValid() ? value.format('YYYY-MM-DD') : '');

/**
 * 'Contas a pagar' (issue 39 §3): chips by situation ('Vencem hoje', 'Esta semana', 'Vencidas', 'Em aberto',
 * 'Pagas', 'Todas'), filters by supplier, category and due period, the totals of every match, the table paged
 * on the server with its CSV; a row opens the bill ('Pagar', 'Desfazer pagamento'); 'Nova conta' types one.
 */
export default function PayablesPage() {
  const list = useServerList(PAGE_SIZE);
  const { paging, search, firstPage } = list;
  const [status, setStatus] = useState<PayableFilter | ''>('open');
  const [supplier, setSupplier] = useState<SupplierChoice | null>(null);
  const [category, setCategory] = useState<PayableCategory | ''>('');
  const [from, setFrom] = useState<Dayjs | null>(null);
  const [to, setTo] = useState<Dayjs | null>(null);
  const [opened, setOpened] = useState<number | null>(null);
  const [creating, setCreating] = useState(false);
  const phone = useMediaQuery('(max-width:599.95px)', { noSsr: true });
  const filter: PayablesFilter = useMemo(
    () => ({ status, supplierId: supplier?.id ?? null, category, from: dayOf(from), to: dayOf(to), search }),
    [status, supplier, category, from, to, search],
  );
  const bills = usePayables(filter, paging.page, paging.pageSize);
  const server = useServerTable(list, bills.data?.total ?? 0, filter, CSV_AND_PRINT);
  const title = status ? `${T.title}: ${PAYABLE_FILTER_LABELS[status]}` : T.title;
  const totals = bills.data?.totals;

  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'minmax(0, 1fr)' }}>
      <PageHeader
        title={T.title}
        actions={
          <Button variant="contained" onClick={() => setCreating(true)}>
            {T.newPayable}
          </Button>
        }
      />
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }} role="group" aria-label={T.status}>
        {CHIPS.map((key) => (
          <Chip
            key={key || 'all'}
            label={key ? PAYABLE_FILTER_LABELS[key] : T.all}
            color={status === key ? 'primary' : 'default'}
            variant={status === key ? 'filled' : 'outlined'}
            aria-pressed={status === key}
            onClick={() => {
              setStatus(key);
              firstPage();
            }}
          />
        ))}
      </Stack>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1.5 }}>
        <SupplierPicker
          width={260}
          value={supplier}
          onChange={(value) => {
            setSupplier(value);
            firstPage();
          }}
        />
        <TextField
          select
          size="small"
          label={T.category}
          value={category}
          onChange={(event) => {
            setCategory(event.target.value as PayableCategory | '');
            firstPage();
          }}
          sx={{ width: 220 }}
        >
          <MenuItem value="">{T.allCategories}</MenuItem>
          {PAYABLE_CATEGORIES.map((key) => (
            <MenuItem key={key} value={key}>
              {PAYABLE_CATEGORY_LABELS[key]}
            </MenuItem>
          ))}
        </TextField>
        <DatePicker
          label={T.from}
          value={from}
          onChange={(value) => {
            setFrom(value);
            firstPage();
          }}
          slotProps={{ textField: { size: 'small', sx: { width: 170 } }, field: { clearable: true } }}
        />
        <DatePicker
          label={T.to}
          value={to}
          onChange={(value) => {
            setTo(value);
            firstPage();
          }}
          slotProps={{ textField: { size: 'small', sx: { width: 170 } }, field: { clearable: true } }}
        />
      </Stack>
      <Paper variant="outlined">
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, px: 2, pt: 1.5 }}>
          {title}
        </Typography>
        {totals ? (
          <Typography variant="body2" color="text.secondary" sx={{ px: 2 }} data-testid="payables-totals">
            {T.totals(formatMoney(totals.open), formatMoney(totals.paid), bills.data?.total ?? 0)}
          </Typography>
        ) : null}
        <DataTable<Payable>
          rows={bills.data?.items ?? []}
          columns={COLUMNS}
          loading={bills.isFetching}
          label={T.title}
          emptyText={bills.isError ? T.loadFailed : T.empty}
          selection="single"
          selectedIds={opened === null ? [] : [opened]}
          onSelectionChange={(_rows, ids) => setOpened(ids[0] === undefined ? null : Number(ids[0]))}
          pageSize={PAGE_SIZE}
          pageSizeOptions={[PAGE_SIZE, 50, 100]}
          csvFileName={T.csvFile}
          printTitle={title}
          server={server}
          initialHiddenColumns={phone ? PHONE_HIDDEN : DESKTOP_HIDDEN}
        />
      </Paper>
      {opened !== null ? <PayableDialog id={opened} onClose={() => setOpened(null)} /> : null}
      {creating ? <NewPayableDialog onClose={() => setCreating(false)} /> : null}
    </Box>
  );
}
