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
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { GridColDef } from '@mui/x-data-grid';
import { useMemo, useState } from 'react';
import { moneyColumn } from '../../../components/data-table-csv';
import { ANY_DAY, type DateRange, DateRangeFilter, isoDayOf } from '../../../components/date-range-filter';
import { FilterChips } from '../../../components/filter-chips';
import { ListCard } from '../../../components/list-card';
import { PageHeader } from '../../../components/page-header';
import { PagedTable } from '../../../components/paged-table';
import { useListFilter } from '../../../components/use-list-filter';
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
const CHIP_OPTIONS = CHIPS.map((key) => ({ value: key, label: key ? PAYABLE_FILTER_LABELS[key] : T.all }));
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

/**
 * 'Contas a pagar' (issue 39 §3): chips by situation ('Vencem hoje', 'Esta semana', 'Vencidas', 'Em aberto',
 * 'Pagas', 'Todas'), filters by supplier, category and due period, the totals of every match, the table paged
 * on the server with its CSV; a row opens the bill ('Pagar', 'Desfazer pagamento'); 'Nova conta' types one.
 */
export default function PayablesPage() {
  const list = useServerList(PAGE_SIZE);
  const { paging, search, firstPage } = list;
  const [status, setStatus] = useListFilter<PayableFilter | ''>('open', firstPage);
  const [supplier, setSupplier] = useListFilter<SupplierChoice | null>(null, firstPage);
  const [category, setCategory] = useListFilter<PayableCategory | ''>('', firstPage);
  const [period, setPeriod] = useListFilter<DateRange>(ANY_DAY, firstPage);
  const [opened, setOpened] = useState<number | null>(null);
  const [creating, setCreating] = useState(false);
  const phone = useMediaQuery('(max-width:599.95px)', { noSsr: true });
  const filter: PayablesFilter = useMemo(
    () => ({
      status,
      supplierId: supplier?.id ?? null,
      category,
      from: isoDayOf(period.from),
      to: isoDayOf(period.to),
      search,
    }),
    [status, supplier, category, period, search],
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
      <FilterChips label={T.status} options={CHIP_OPTIONS} value={status} onChange={setStatus} />
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1.5 }}>
        <SupplierPicker width={260} value={supplier} onChange={setSupplier} />
        <TextField
          select
          size="small"
          label={T.category}
          value={category}
          onChange={(event) => setCategory(event.target.value as PayableCategory | '')}
          sx={{ width: 220 }}
        >
          <MenuItem value="">{T.allCategories}</MenuItem>
          {PAYABLE_CATEGORIES.map((key) => (
            <MenuItem key={key} value={key}>
              {PAYABLE_CATEGORY_LABELS[key]}
            </MenuItem>
          ))}
        </TextField>
        <DateRangeFilter fromLabel={T.from} toLabel={T.to} value={period} onChange={setPeriod} />
      </Stack>
      <ListCard
        title={title}
        totals={totals ? T.totals(formatMoney(totals.open), formatMoney(totals.paid), bills.data?.total ?? 0) : null}
        totalsTestId="payables-totals"
      >
        <PagedTable<Payable>
          query={bills}
          columns={COLUMNS}
          label={T.title}
          emptyText={T.empty}
          failedText={T.loadFailed}
          openedId={opened}
          onOpenedChange={setOpened}
          pageSize={PAGE_SIZE}
          csvFileName={T.csvFile}
          printTitle={title}
          server={server}
          initialHiddenColumns={phone ? PHONE_HIDDEN : DESKTOP_HIDDEN}
        />
      </ListCard>
      {opened !== null ? <PayableDialog id={opened} onClose={() => setOpened(null)} /> : null}
      {creating ? <NewPayableDialog onClose={() => setCreating(false)} /> : null}
    </Box>
  );
}
