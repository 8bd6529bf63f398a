import {
  isFinalOrderCommand,
  isOrderStatusKey,
  ORDER_STATUS,
  ORDER_TEXTS,
  type OrderSummary,
  orderStatusLabel,
} from '@backoffice/contract';
import AssignmentTurnedInOutlinedIcon from '@mui/icons-material/AssignmentTurnedInOutlined';
import CancelOutlinedIcon from '@mui/icons-material/CancelOutlined';
import CloseIcon from '@mui/icons-material/Close';
import CreditScoreOutlinedIcon from '@mui/icons-material/CreditScoreOutlined';
import DescriptionOutlinedIcon from '@mui/icons-material/DescriptionOutlined';
import DirectionsBikeOutlinedIcon from '@mui/icons-material/DirectionsBikeOutlined';
import DrawOutlinedIcon from '@mui/icons-material/DrawOutlined';
import EditNoteOutlinedIcon from '@mui/icons-material/EditNoteOutlined';
import FactCheckOutlinedIcon from '@mui/icons-material/FactCheckOutlined';
import FilterAltOutlinedIcon from '@mui/icons-material/FilterAltOutlined';
import HistoryIcon from '@mui/icons-material/History';
import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import LocalOfferOutlinedIcon from '@mui/icons-material/LocalOfferOutlined';
import ManageHistoryIcon from '@mui/icons-material/ManageHistory';
import PhotoLibraryOutlinedIcon from '@mui/icons-material/PhotoLibraryOutlined';
import PictureAsPdfOutlinedIcon from '@mui/icons-material/PictureAsPdfOutlined';
import ReceiptLongOutlinedIcon from '@mui/icons-material/ReceiptLongOutlined';
import SearchIcon from '@mui/icons-material/Search';
import TwoWheelerIcon from '@mui/icons-material/TwoWheeler';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { GridColDef, GridPaginationModel } from '@mui/x-data-grid';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import { AuditHistoryDialog } from '../../../components/audit-history-dialog';
import { useConfirm } from '../../../components/confirm-dialog';
import { DataTable } from '../../../components/data-table';
import { EmitNoteDialog } from '../../../components/fiscal/emit-note-dialog';
import { useNotify } from '../../../components/notifier';
import { useOrderActor } from '../../../components/orders/order-actor';
import { OrderDetailsDialog } from '../../../components/orders/order-details-dialog';
import { orNotAvailable } from '../../../components/orders/order-format';
import { OrderStatusChip } from '../../../components/orders/order-status-chip';
import { useOrderMove } from '../../../components/orders/use-order-move';
import { OrderWhatsAppButton } from '../../../components/orders/whatsapp-button';
import { PageHeader } from '../../../components/page-header';
import { RefreshButton } from '../../../components/refresh-button';
import { CONNECTION_LOST_TEXT, isNoAnswer } from '../../../lib/api-client';
import { saveCsvText } from '../../../lib/download';
import { formatDate } from '../../../lib/format';
import { useLinkedRecord } from '../../../lib/linked-record';
import {
  fetchAllOrders,
  type OrderFilter,
  type OrderPictureKind,
  orderByCodeQuery,
  ordersKeys,
  useOrderByCode,
  useOrderPage,
  useStatusCounts,
} from '../api/orders-api';
import { ApproveDialog } from '../components/approve-dialog';
import { CreditApprovalDialog } from '../components/credit-approval-dialog';
import { DelivererDialog } from '../components/deliverer-dialog';
import { DiscountDialog } from '../components/discount-dialog';
import { EditOrderDialog } from '../components/edit-order-dialog';
import { FinalMoveDialog } from '../components/final-move-dialog';
import { HistoryDialog } from '../components/history-dialog';
import { PdfDialog } from '../components/pdf-dialog';
import { PicturesDialog } from '../components/pictures-dialog';
import { PixWaitingChip } from '../components/pix-waiting-chip';
import { StatusCards } from '../components/status-cards';
import { openingOrderStatus } from '../lib/opening-status';
import { ordersCsv } from '../lib/orders-csv';
import { enabledActions, TOOLBAR_ACTIONS, type ToolbarAction } from '../lib/toolbar-actions';
import { ORDERS_PAGE_TEXTS as T } from '../texts';

/**
 * Spec section 2/9: page 0, 10 rows; a card asks for 100; actions reload 10. The screen opens on the work to do
 * (openingOrderStatus), not on FINALIZADOS (decision 0036).
 */
export const PAGE_SIZE = 10;
export const CARD_PAGE_SIZE = 100;

type DialogKind =
  | 'details'
  | 'history'
  | 'changes'
  | 'pdf'
  | 'approve'
  | 'credit'
  | 'cancel'
  | 'finalize'
  | 'deliverer'
  | 'discount'
  | 'edit'
  | 'invoice'
  | OrderPictureKind;
interface OpenDialog {
  kind: DialogKind;
  order: OrderSummary;
}

const ACTION_ICONS: Record<ToolbarAction, ReactNode> = {
  details: <InfoOutlinedIcon fontSize="small" />,
  history: <HistoryIcon fontSize="small" />,
  changes: <ManageHistoryIcon fontSize="small" />,
  pdf: <PictureAsPdfOutlinedIcon fontSize="small" />,
  receipt: <ReceiptLongOutlinedIcon fontSize="small" />,
  packaging: <PhotoLibraryOutlinedIcon fontSize="small" />,
  signature: <DrawOutlinedIcon fontSize="small" />,
  approve: <FactCheckOutlinedIcon fontSize="small" />,
  credit: <CreditScoreOutlinedIcon fontSize="small" />,
  deliverer: <TwoWheelerIcon fontSize="small" />,
  edit: <EditNoteOutlinedIcon fontSize="small" />,
  discount: <LocalOfferOutlinedIcon fontSize="small" />,
  invoice: <DescriptionOutlinedIcon fontSize="small" />,
  withdraw: <DirectionsBikeOutlinedIcon fontSize="small" />,
  finalize: <AssignmentTurnedInOutlinedIcon fontSize="small" />,
  cancel: <CancelOutlinedIcon fontSize="small" />,
};

const COLUMNS: GridColDef<OrderSummary>[] = [
  {
    field: 'customer',
    headerName: T.table.columns.customer,
    flex: 1.4,
    minWidth: 180,
    // 'Pix recebido' where every screen shows it, a phone's too (issue 35 §4): beside the first column's name.
    renderCell: ({ row }) =>
      row.pixWaiting ? (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.75, height: '100%', minWidth: 0 }}>
          <Box
            component="span"
            sx={{ minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
          >
            {row.customer}
          </Box>
          <PixWaitingChip compact />
        </Box>
      ) : (
        row.customer
      ),
  },
  {
    field: 'updatedAt',
    headerName: T.table.columns.updatedAt,
    width: 130,
    valueFormatter: (value: string) => formatDate(value),
  },
  { field: 'code', headerName: T.table.columns.code, width: 110 },
  {
    field: 'status',
    headerName: T.table.columns.status,
    minWidth: 210,
    flex: 1,
    renderCell: ({ row }) => <OrderStatusChip status={row.statusKey} />,
  },
  { field: 'typeOfDelivery', headerName: T.table.columns.typeOfDelivery, minWidth: 140, flex: 0.8 },
  {
    field: 'deliverer',
    headerName: T.table.columns.deliverer,
    minWidth: 150,
    flex: 1,
    valueFormatter: (value: string | null) => orNotAvailable(value),
  },
  { field: 'payment', headerName: T.table.columns.payment, width: 200 },
];

/** /admin/orders: status cards, the search by code, the orders of one status and their actions and modals. */
export default function OrdersPage() {
  const queryClient = useQueryClient();
  const notify = useNotify();
  const confirm = useConfirm();
  /** A status a link names (`?status=3`, the dashboard's orders waiting): the page opens on it. */
  const [linkedStatus] = useLinkedRecord('status');
  const [chosen, setStatus] = useState<number | null>(() =>
    linkedStatus && isOrderStatusKey(Number(linkedStatus)) ? Number(linkedStatus) : null,
  );
  const [paging, setPaging] = useState<GridPaginationModel>({ page: 0, pageSize: PAGE_SIZE });
  const [codeText, setCodeText] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const [searchCode, setSearchCode] = useState<string | null>(null);
  const [searching, setSearching] = useState(false);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [dialog, setDialog] = useState<OpenDialog | null>(null);
  /** An order a link names (the command palette's results): its details open over the page. */
  const [linkedOrder, clearLinkedOrder] = useLinkedRecord('order', ['adjust']);
  /** `&adjust=exchange` (the palette's 'Registrar troca' of a phone found by IMEI): the exchange opens over it. */
  const [linkedAdjust] = useLinkedRecord('adjust');
  const linkedOrderId = linkedOrder && /^\d+$/.test(linkedOrder) ? Number(linkedOrder) : null;

  /** The filter typed and the one applied (issue 20 §5): the counts and the list follow the applied one. */
  const [draft, setDraft] = useState<OrderFilter>({});
  const [filter, setFilter] = useState<OrderFilter>({});
  const [filterError, setFilterError] = useState<string | null>(null);
  const filtering = Boolean(filter.q || filter.from || filter.to);

  const counts = useStatusCounts(filter);
  const actor = useOrderActor();
  // Until a card is chosen, the status to work on once the counts are known (then kept: a reload does not move it).
  const status = chosen ?? (counts.data ? openingOrderStatus(counts.data, actor) : null);
  useEffect(() => {
    if (chosen === null && status !== null) setStatus(status);
  }, [chosen, status]);
  const list = useOrderPage(
    { status: status ?? ORDER_STATUS.FINALIZADOS, page: paging.page, items: paging.pageSize, ...filter },
    searchCode === null && status !== null,
  );
  const found = useOrderByCode(searchCode);

  const rows: OrderSummary[] = searchCode !== null ? (found.data ? [found.data] : []) : (list.data?.orders ?? []);
  const close = () => setDialog(null);

  /** Every orders query (cards, pages, search, details, pictures): live updates use the same key. */
  const reloadAll = () => queryClient.invalidateQueries({ queryKey: ordersKeys.all });

  const selectStatus = (key: number) => {
    setStatus(key);
    setPaging({ page: 0, pageSize: CARD_PAGE_SIZE });
    setSearchCode(null);
    setSelectedId(null);
    // the same card again asks the server again
    if (key === status) void queryClient.invalidateQueries({ queryKey: ordersKeys.lists() });
  };

  const search = async (event: FormEvent) => {
    event.preventDefault();
    const code = codeText.trim();
    if (!code) {
      setCodeError(T.search.required);
      return;
    }
    setCodeError(null);
    setSearching(true);
    try {
      const order = await queryClient.fetchQuery({ ...orderByCodeQuery(code), staleTime: 0 });
      setSearchCode(code);
      setSelectedId(order.orderId);
    } catch (error) {
      notify.error(isNoAnswer(error) ? CONNECTION_LOST_TEXT : ORDER_TEXTS.notFoundByCode);
    } finally {
      setSearching(false);
    }
  };
  const applyFilter = (event: FormEvent) => {
    event.preventDefault();
    if (draft.from && draft.to && draft.from > draft.to) {
      setFilterError(T.filter.reversed);
      return;
    }
    setFilterError(null);
    setFilter({ q: draft.q?.trim() || undefined, from: draft.from || undefined, to: draft.to || undefined });
    setPaging({ page: 0, pageSize: PAGE_SIZE });
    setSearchCode(null);
    setSelectedId(null);
  };
  const clearFilter = () => {
    setDraft({});
    setFilter({});
    setFilterError(null);
    setPaging({ page: 0, pageSize: PAGE_SIZE });
    setSelectedId(null);
  };

  const clearSearch = () => {
    setSearchCode(null);
    setCodeText('');
    setSelectedId(null);
  };

  /** Cancel, courier change and 'retirando' reload the counts and the status's list from page 0, 10 rows (spec section 2). */
  const fromStart = () => setPaging({ page: 0, pageSize: PAGE_SIZE });
  // The moves of the registry (useOrderMove): the spec's texts, the server's answer in the cache, exact invalidation.
  const withdraw = useOrderMove('withdraw', { onSuccess: fromStart });

  const act = async (action: ToolbarAction, order: OrderSummary) => {
    // A final move (finalize, cancel; refuse is in the approve dialog, refuseCredit in the credit's) opens
    // FinalMoveDialog: confirmation and reason.
    switch (action) {
      case 'withdraw':
        if (
          await confirm(T.withdraw.text(order.code), {
            title: T.withdraw.title,
            confirmText: T.withdraw.confirm,
            cancelText: T.withdraw.cancel,
          })
        )
          withdraw.mutate({ order });
        return;
      default:
        setDialog({ kind: action, order });
    }
  };

  const toolbar = (chosen: OrderSummary[]) => {
    const order = chosen[0];
    if (!order) return null;
    const enabled = enabledActions(order, actor);
    const buttons = TOOLBAR_ACTIONS.map((action) => (
      <Button
        key={action}
        size="small"
        color={action === 'cancel' ? 'error' : 'primary'}
        startIcon={ACTION_ICONS[action]}
        disabled={!enabled.has(action)}
        onClick={() => void act(action, order)}
      >
        {T.actions[action]}
      </Button>
    ));
    return [...buttons, <OrderWhatsAppButton key="whatsapp" orderId={order.orderId} size="small" />];
  };

  const statusLabel = status === null ? '…' : orderStatusLabel(status);
  const exportRows = async () => (searchCode !== null || status === null ? rows : fetchAllOrders(status, filter));
  const open = (kind: DialogKind) => (dialog?.kind === kind ? dialog.order : null);
  const finalMove = dialog && isFinalOrderCommand(dialog.kind) ? dialog.kind : null;

  return (
    <Box>
      <PageHeader title={T.title} actions={<RefreshButton label={T.refresh} onClick={() => void reloadAll()} />} />

      <Box
        component="form"
        role="search"
        aria-label={T.filter.label}
        noValidate
        onSubmit={applyFilter}
        sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', gap: 1, mb: 2 }}
      >
        <TextField
          size="small"
          label={T.filter.customer}
          value={draft.q ?? ''}
          onChange={(event) => setDraft({ ...draft, q: event.target.value })}
          slotProps={{ htmlInput: { maxLength: 80 } }}
          sx={{ width: { xs: '100%', sm: 380 } }}
        />
        <TextField
          size="small"
          type="date"
          label={T.filter.from}
          value={draft.from ?? ''}
          onChange={(event) => setDraft({ ...draft, from: event.target.value })}
          slotProps={{ inputLabel: { shrink: true } }}
          sx={{ width: { xs: 'calc(50% - 4px)', sm: 170 } }}
        />
        <TextField
          size="small"
          type="date"
          label={T.filter.to}
          value={draft.to ?? ''}
          onChange={(event) => setDraft({ ...draft, to: event.target.value })}
          error={filterError !== null}
          helperText={filterError}
          slotProps={{ inputLabel: { shrink: true } }}
          sx={{ width: { xs: 'calc(50% - 4px)', sm: 170 } }}
        />
        <Button type="submit" variant="contained" startIcon={<FilterAltOutlinedIcon />} sx={{ height: 40 }}>
          {T.filter.apply}
        </Button>
        {filtering ? (
          <Button onClick={clearFilter} sx={{ height: 40 }}>
            {T.filter.clear}
          </Button>
        ) : null}
        {filtering ? (
          <Typography variant="body2" color="text.secondary" sx={{ width: '100%' }}>
            {T.filter.active}
          </Typography>
        ) : null}
      </Box>

      {counts.data?.every((count) => count.quantity === 0) ? (
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {filtering ? T.filter.none : T.noOrders}
        </Typography>
      ) : (
        <Box sx={{ mb: 2 }}>
          <StatusCards counts={counts.data ?? []} selected={status ?? 0} onSelect={selectStatus} />
        </Box>
      )}

      <Box
        component="form"
        role="search"
        noValidate
        onSubmit={(event) => void search(event)}
        sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', gap: 1, mb: 2 }}
      >
        <TextField
          size="small"
          label={T.search.label}
          value={codeText}
          onChange={(event) => setCodeText(event.target.value)}
          error={codeError !== null}
          helperText={codeError}
          slotProps={{ htmlInput: { maxLength: 40, autoCapitalize: 'characters' } }}
          sx={{ width: { xs: '100%', sm: 260 } }}
        />
        <Button type="submit" variant="contained" startIcon={<SearchIcon />} disabled={searching} sx={{ height: 40 }}>
          {T.search.button}
        </Button>
        {searchCode !== null ? (
          <Chip
            label={T.search.result(found.data?.code ?? searchCode)}
            onDelete={clearSearch}
            deleteIcon={<CloseIcon aria-label={T.search.clear} />}
            sx={{ alignSelf: 'center' }}
          />
        ) : null}
      </Box>

      <Paper variant="outlined">
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, px: 2, pt: 1.5 }}>
          {searchCode !== null ? T.search.result(found.data?.code ?? searchCode) : T.table.title(statusLabel)}
        </Typography>
        <DataTable<OrderSummary>
          rows={rows}
          columns={COLUMNS}
          getRowId={(row) => row.orderId}
          loading={searchCode !== null ? found.isFetching : list.isFetching}
          label={T.table.label}
          emptyText={T.table.empty}
          selection="single"
          selectedIds={selectedId === null ? [] : [selectedId]}
          onSelectionChange={(_rows, ids) => setSelectedId(ids[0] === undefined ? null : Number(ids[0]))}
          selectionActions={toolbar}
          quickFilter={false}
          csvFileName="relatorio"
          printTitle={T.table.title(statusLabel)}
          server={{
            rowCount: searchCode !== null ? rows.length : (list.data?.total ?? 0),
            paginationModel: paging,
            onPaginationModelChange: (model) => {
              setPaging(model);
              setSelectedId(null);
            },
            exportCsv: async () => saveCsvText('relatorio.csv', ordersCsv(await exportRows())),
            fetchAll: exportRows,
          }}
        />
      </Paper>

      <OrderDetailsDialog
        orderId={open('details')?.orderId ?? null}
        open={dialog?.kind === 'details'}
        onClose={close}
      />
      <OrderDetailsDialog
        orderId={linkedOrderId}
        open={linkedOrderId !== null}
        onClose={clearLinkedOrder}
        startWith={linkedAdjust === 'exchange' ? 'EXCHANGE' : linkedAdjust === 'return' ? 'RETURN' : null}
      />
      <HistoryDialog order={open('history')} onClose={close} />
      <AuditHistoryDialog
        target={dialog?.kind === 'changes' ? { entity: 'order', id: dialog.order.code, name: dialog.order.code } : null}
        onClose={close}
      />
      <PdfDialog order={open('pdf')} onClose={close} />
      {(['receipt', 'signature', 'packaging'] as const).map((kind) => (
        <PicturesDialog key={kind} kind={dialog?.kind === kind ? kind : null} order={open(kind)} onClose={close} />
      ))}
      <ApproveDialog order={open('approve')} onClose={close} />
      <CreditApprovalDialog order={open('credit')} onClose={close} />
      <FinalMoveDialog
        move={finalMove}
        order={finalMove ? (dialog?.order ?? null) : null}
        onDone={finalMove === 'cancel' ? fromStart : undefined}
        onClose={close}
      />
      <DelivererDialog order={open('deliverer')} onChanged={fromStart} onClose={close} />
      <DiscountDialog order={open('discount')} onClose={close} />
      <EditOrderDialog order={open('edit')} onClose={close} />
      {dialog?.kind === 'invoice' ? (
        <EmitNoteDialog orderId={dialog.order.orderId} code={dialog.order.code} onClose={close} />
      ) : null}
    </Box>
  );
}
