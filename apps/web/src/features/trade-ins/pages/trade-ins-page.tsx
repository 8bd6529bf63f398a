import {
  TRADE_IN_REPORT_PERMISSIONS,
  TRADE_IN_STATUS_LABELS,
  TRADE_IN_STATUSES,
  type TradeInStatus,
  type TradeInSummary,
} from '@backoffice/contract';
import AddIcon from '@mui/icons-material/Add';
import AssessmentOutlinedIcon from '@mui/icons-material/AssessmentOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { GridColDef } from '@mui/x-data-grid';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { moneyColumn } from '../../../components/data-table-csv';
import { FilterChips } from '../../../components/filter-chips';
import { ListCard } from '../../../components/list-card';
import { ListSearchField } from '../../../components/list-search-field';
import { PageHeader } from '../../../components/page-header';
import { PagedTable } from '../../../components/paged-table';
import { useListFilter } from '../../../components/use-list-filter';
import { useServerList, useServerTable } from '../../../components/use-server-list';
import { formatDate } from '../../../lib/format';
import { hasAccess, useSession } from '../../../lib/session';
import {
  downloadTradeInsCsv,
  fetchAllTradeIns,
  type TradeInsFilter,
  useOrderById,
  useTradeIns,
} from '../api/trade-ins-api';
import { NewTradeInDialog, type TradeInPrefill } from '../components/new-trade-in-dialog';
import { ReportDialog } from '../components/report-dialog';
import { TradeInDialog } from '../components/trade-in-dialog';
import { TradeInStatusChip } from '../components/trade-in-status-chip';
import { TRADE_INS_TEXTS as T } from '../texts';

const PAGE_SIZE = 25;
/** On a phone: the code, its value and situation first, then the phone; the day, seller and IMEI under 'Colunas'. */
const PHONE_HIDDEN = ['createdAt', 'imei', 'sellerName'];
const PHONE_ORDER = ['code', 'value', 'status', 'phone'];
const CHIP_OPTIONS: ReadonlyArray<{ value: TradeInStatus | ''; label: string }> = [
  { value: '', label: T.all },
  ...TRADE_IN_STATUSES.map((value) => ({ value, label: TRADE_IN_STATUS_LABELS[value] })),
];

function columnsOf(phone: boolean): GridColDef<TradeInSummary>[] {
  const columns: GridColDef<TradeInSummary>[] = [
    { field: 'code', headerName: T.code, width: phone ? 92 : 100, sortable: false },
    {
      field: 'createdAt',
      headerName: T.createdAt,
      width: 100,
      sortable: false,
      valueFormatter: (value: string) => formatDate(value),
    },
    { field: 'sellerName', headerName: T.seller, flex: 1, minWidth: 140, sortable: false },
    { field: 'phone', headerName: T.phone, flex: 1, minWidth: phone ? 150 : 180, sortable: false },
    { field: 'imei', headerName: T.imei, width: 150, sortable: false },
    { field: 'value', headerName: T.value, width: phone ? 112 : 120, sortable: false, ...moneyColumn },
    {
      field: 'status',
      headerName: T.status,
      width: phone ? 118 : 120,
      sortable: false,
      valueFormatter: (value: TradeInStatus) => TRADE_IN_STATUS_LABELS[value],
      renderCell: ({ row }) => <TradeInStatusChip status={row.status} />,
    },
  ];
  if (!phone) return columns;
  const at = (field: string) => (PHONE_ORDER.indexOf(field) === -1 ? PHONE_ORDER.length : PHONE_ORDER.indexOf(field));
  return [...columns].sort((a, b) => at(a.field) - at(b.field));
}

const CSV_AND_PRINT = { exportCsv: downloadTradeInsCsv, fetchAll: fetchAllTradeIns };

/** What the customer's details hand over ('Avaliar aparelho usado'): the customer, who is the seller. */
interface FromCustomer {
  tradeInCustomer?: { id: number; name: string; document?: string | null };
}

/**
 * 'Aparelhos usados' (issue 42 §1): the evaluations of used phones, newest first, by situation and searched on the
 * server (code, IMEI, CPF, seller, model), paged; 'Nova avaliação' opens the form, and a row (or the one just
 * registered) its details and steps. Opened from a customer ('Avaliar aparelho usado', the customer in the
 * navigation's state) or from an order's payments (`?pedido=<id>`), the form opens at once for that customer, and
 * the order is the one the acceptance offers. 'Usados por mês' for whoever reads reports or manages trade-ins.
 */
export default function TradeInsPage() {
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const asked = Number(params.get('pedido'));
  const orderId = Number.isInteger(asked) && asked > 0 ? asked : null;
  const order = useOrderById(orderId);
  const fromCustomer = (location.state as FromCustomer | null)?.tradeInCustomer ?? null;
  const list = useServerList(PAGE_SIZE);
  const { paging, firstPage, search, onSearchChange } = list;
  useSession(); // re-render when the session changes
  const canReport = hasAccess({ permissions: TRADE_IN_REPORT_PERMISSIONS });
  const [status, setStatus] = useListFilter<TradeInStatus | ''>('', firstPage);
  const [opened, setOpened] = useState<number | null>(null);
  const [creating, setCreating] = useState<TradeInPrefill | null>(fromCustomer ? { customer: fromCustomer } : null);
  const [reporting, setReporting] = useState(false);
  const phone = useMediaQuery('(max-width:599.95px)', { noSsr: true });
  const filter: TradeInsFilter = useMemo(() => ({ status, search }), [status, search]);
  const tradeIns = useTradeIns(filter, paging.page, paging.pageSize);
  const server = useServerTable(list, tradeIns.data?.total ?? 0, filter, CSV_AND_PRINT);
  const columns = useMemo(() => columnsOf(phone), [phone]);
  const title = `${T.title}: ${CHIP_OPTIONS.find((option) => option.value === status)?.label ?? T.all}`;

  // Opened for an order: the form opens once the order (its customer) is read.
  const orderData = order.data;
  const askedOrder = useRef<number | null>(null);
  useEffect(() => {
    if (!orderData || askedOrder.current === orderData.orderId) return;
    askedOrder.current = orderData.orderId;
    setCreating({
      customer: { id: orderData.customerId, name: orderData.customer, document: orderData.customerDocument ?? null },
    });
  }, [orderData]);
  // The customer handed over is used once: a reload of the page does not open the form again.
  useEffect(() => {
    if (fromCustomer) navigate(`${location.pathname}${location.search}`, { replace: true, state: null });
  }, [fromCustomer, navigate, location.pathname, location.search]);

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
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating({})}>
              {T.newEvaluation}
            </Button>
          </>
        }
      />
      <FilterChips label={T.status} options={CHIP_OPTIONS} value={status} onChange={setStatus} />
      <ListSearchField label={T.search} value={search} onChange={onSearchChange} maxLength={80} width={420} />
      <ListCard title={title} totals={tradeIns.data ? T.count(tradeIns.data.total) : null}>
        <PagedTable<TradeInSummary>
          query={tradeIns}
          columns={columns}
          label={T.title}
          emptyText={T.empty}
          failedText={T.loadFailed}
          openedId={opened}
          onOpenedChange={setOpened}
          pageSize={PAGE_SIZE}
          printTitle={title}
          csvFileName={T.csvFile}
          server={server}
          quickFilter={false}
          initialHiddenColumns={phone ? PHONE_HIDDEN : undefined}
        />
      </ListCard>
      {creating ? (
        <NewTradeInDialog
          prefill={creating}
          onClose={() => setCreating(null)}
          onCreated={(tradeIn) => setOpened(tradeIn.id)}
        />
      ) : null}
      {opened !== null ? (
        <TradeInDialog id={opened} orderCode={orderData?.code} onClose={() => setOpened(null)} />
      ) : null}
      {reporting ? <ReportDialog onClose={() => setReporting(false)} /> : null}
    </Box>
  );
}
