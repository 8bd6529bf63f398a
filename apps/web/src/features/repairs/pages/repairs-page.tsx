import {
  REPAIR_STATUS_LABELS,
  REPAIR_STATUSES,
  REPAIRS_REPORT_ACCESS,
  type Repair,
  type RepairSummary,
} from '@backoffice/contract';
import AddIcon from '@mui/icons-material/Add';
import AssessmentOutlinedIcon from '@mui/icons-material/AssessmentOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { GridColDef } from '@mui/x-data-grid';
import { useEffect, useMemo, useState } from 'react';
import { moneyColumn } from '../../../components/data-table-csv';
import { FilterChips } from '../../../components/filter-chips';
import { ListCard } from '../../../components/list-card';
import { ListSearchField } from '../../../components/list-search-field';
import { PageHeader } from '../../../components/page-header';
import { PagedTable } from '../../../components/paged-table';
import { useListFilter } from '../../../components/use-list-filter';
import { useServerList, useServerTable } from '../../../components/use-server-list';
import { formatDate } from '../../../lib/format';
import { useLinkedRecord } from '../../../lib/linked-record';
import { hasAccess, useSession } from '../../../lib/session';
import {
  downloadRepairsCsv,
  fetchAllRepairs,
  type RepairListView,
  type RepairsFilter,
  useRepairs,
} from '../api/repairs-api';
import { NewRepairDialog } from '../components/new-repair-dialog';
import { RepairDialog } from '../components/repair-dialog';
import { RepairStatusChip } from '../components/repair-status-chip';
import { ReportDialog } from '../components/report-dialog';
import { REPAIRS_TEXTS as T } from '../texts';

const PAGE_SIZE = 25;
/** On a phone: the number, the customer, the status and the day first; the rest under 'Colunas'. */
const PHONE_HIDDEN = ['imei', 'technician', 'total'];
const NARROW_HIDDEN = ['imei'];

type Chosen = 'open' | 'late' | 'all';
const CHIPS: { value: Chosen; label: string }[] = [
  { value: 'open', label: T.open },
  { value: 'late', label: T.late },
  { value: 'all', label: T.all },
];
const viewLabel = (view: RepairListView) =>
  view === 'open' ? T.open : view === 'late' ? T.late : view === 'all' ? T.all : REPAIR_STATUS_LABELS[view];

/** On a phone the customer comes right after the number, then the status and the day. */
const PHONE_ORDER = ['number', 'customer', 'status', 'estimatedDate', 'model'];

function columnsOf(phone: boolean): GridColDef<RepairSummary>[] {
  const columns: GridColDef<RepairSummary>[] = [
    {
      field: 'number',
      headerName: T.number,
      width: phone ? 70 : 80,
      sortable: false,
      valueFormatter: (value: number) => T.osNumber(value),
    },
    {
      field: 'status',
      headerName: T.status,
      width: phone ? 170 : 190,
      sortable: false,
      valueFormatter: (value: RepairSummary['status']) => REPAIR_STATUS_LABELS[value],
      renderCell: ({ row }) => (
        <Stack direction="row" sx={{ gap: 0.5, alignItems: 'center', height: '100%' }}>
          <RepairStatusChip status={row.status} />
          {row.late ? <Chip size="small" color="error" label={T.lateChip} /> : null}
        </Stack>
      ),
    },
    {
      field: 'customer',
      headerName: T.customer,
      flex: 1,
      minWidth: phone ? 130 : 140,
      sortable: false,
      valueGetter: (_value, row) => row.customer.name,
    },
    {
      field: 'model',
      headerName: T.device,
      flex: 1,
      minWidth: 130,
      sortable: false,
    },
    { field: 'imei', headerName: T.imei, width: 150, sortable: false },
    {
      field: 'technician',
      headerName: T.technician,
      width: 140,
      sortable: false,
      valueGetter: (_value, row) => row.technician?.name ?? T.noTechnician,
    },
    {
      field: 'estimatedDate',
      headerName: T.estimatedDate,
      width: 105,
      sortable: false,
      valueFormatter: (value: string) => formatDate(value),
      renderCell: ({ row }) => (
        <Typography
          variant="body2"
          component="span"
          color={row.late ? 'error' : 'inherit'}
          sx={{ fontWeight: row.late ? 700 : 400 }}
        >
          {formatDate(row.estimatedDate)}
        </Typography>
      ),
    },
    { field: 'total', headerName: T.total, width: 115, sortable: false, ...moneyColumn },
  ];
  if (!phone) return columns;
  const at = (field: string) => (PHONE_ORDER.indexOf(field) === -1 ? PHONE_ORDER.length : PHONE_ORDER.indexOf(field));
  return [...columns].sort((a, b) => at(a.field) - at(b.field));
}

const CSV_AND_PRINT = { exportCsv: downloadRepairsCsv, fetchAll: fetchAllRepairs };

/**
 * 'Assistência técnica' (issue 42 §2): the service orders paged on the server — the open ones by default, the late
 * ones (past their estimated day, marked; the bell's link opens them, `?late=true`), every one, or one status — by
 * IMEI; the table's CSV is the server's of what matches; 'Assistência por mês' for whoever reads reports; 'Nova ordem de serviço' opens one at the counter,
 * then shows it with its receipt. A row opens its details (`?os=<id>` opens one from a link).
 */
export default function RepairsPage() {
  const [linkedLate] = useLinkedRecord('late');
  const [linkedOs, clearLinkedOs] = useLinkedRecord('os');
  const list = useServerList(PAGE_SIZE);
  const { paging, firstPage, search, onSearchChange } = list;
  const [view, setView] = useListFilter<RepairListView>(linkedLate === 'true' ? 'late' : 'open', firstPage);
  // The bell's link ('?late=true') while the page is already open: the late ones.
  useEffect(() => {
    if (linkedLate === 'true') setView('late');
  }, [linkedLate, setView]);
  const [opened, setOpened] = useState<number | null>(linkedOs && /^\d+$/.test(linkedOs) ? Number(linkedOs) : null);
  const [creating, setCreating] = useState(false);
  const [reporting, setReporting] = useState(false);
  useSession(); // re-render when the session changes
  const canReport = hasAccess(REPAIRS_REPORT_ACCESS);
  const phone = useMediaQuery('(max-width:599.95px)', { noSsr: true });
  const wide = useMediaQuery('(min-width:1400px)', { noSsr: true });
  const filter: RepairsFilter = useMemo(() => ({ view, search }), [view, search]);
  const repairs = useRepairs(filter, paging.page, paging.pageSize);
  const server = useServerTable(list, repairs.data?.total ?? 0, filter, CSV_AND_PRINT);
  const columns = useMemo(() => columnsOf(phone), [phone]);
  const title = T.listTitle(viewLabel(view));
  const chip: Chosen = view === 'late' || view === 'all' ? view : 'open';
  const status = view === 'open' || view === 'late' || view === 'all' ? '' : view;
  const closeDetails = () => {
    setOpened(null);
    if (linkedOs) clearLinkedOs();
  };

  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'minmax(0, 1fr)' }}>
      <PageHeader
        title={T.title}
        actions={
          <>
            {canReport ? (
              <Button variant="outlined" startIcon={<AssessmentOutlinedIcon />} onClick={() => setReporting(true)}>
                {T.report}
              </Button>
            ) : null}
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
              {T.newOrder}
            </Button>
          </>
        }
      />
      <FilterChips label={T.status} options={CHIPS} value={status ? ('' as Chosen) : chip} onChange={setView} />
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1.5, alignItems: 'flex-start' }}>
        <TextField
          select
          size="small"
          label={T.oneStatus}
          value={status}
          onChange={(event) => setView((event.target.value || 'open') as RepairListView)}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          sx={{ width: { xs: '100%', sm: 240 } }}
        >
          <MenuItem value="">{T.anyStatus}</MenuItem>
          {REPAIR_STATUSES.map((key) => (
            <MenuItem key={key} value={key}>
              {REPAIR_STATUS_LABELS[key]}
            </MenuItem>
          ))}
        </TextField>
        <ListSearchField label={T.search} value={search} onChange={onSearchChange} maxLength={80} />
      </Stack>
      <ListCard title={title} totals={repairs.data ? T.count(repairs.data.total) : null} totalsTestId="repairs-count">
        <PagedTable<RepairSummary>
          query={repairs}
          columns={columns}
          label={T.title}
          emptyText={T.empty}
          failedText={T.loadFailed}
          openedId={opened}
          onOpenedChange={(id) => (id === null ? closeDetails() : setOpened(id))}
          pageSize={PAGE_SIZE}
          printTitle={title}
          server={server}
          quickFilter={false}
          initialHiddenColumns={phone ? PHONE_HIDDEN : wide ? undefined : NARROW_HIDDEN}
        />
      </ListCard>
      {opened !== null ? <RepairDialog id={opened} onClose={closeDetails} /> : null}
      {reporting ? <ReportDialog onClose={() => setReporting(false)} /> : null}
      {creating ? (
        <NewRepairDialog onClose={() => setCreating(false)} onCreated={(repair: Repair) => setOpened(repair.id)} />
      ) : null}
    </Box>
  );
}
