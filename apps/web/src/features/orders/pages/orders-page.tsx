import { isOrderStatusKey, ORDER_STATUS, type OrderSummary, orderStatusLabel } from '@backoffice/contract';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { GridPaginationModel } from '@mui/x-data-grid';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { useConfirm } from '../../../components/confirm-dialog';
import { DataTable } from '../../../components/data-table';
import { useOrderActor } from '../../../components/orders/order-actor';
import { useOrderMove } from '../../../components/orders/use-order-move';
import { PageHeader } from '../../../components/page-header';
import { RefreshButton } from '../../../components/refresh-button';
import { saveCsvText } from '../../../lib/download';
import { useLinkedRecord } from '../../../lib/linked-record';
import {
  fetchAllOrders,
  type OrderFilter,
  ordersKeys,
  useOrderByCode,
  useOrderPage,
  useStatusCounts,
} from '../api/orders-api';
import { ORDER_COLUMNS } from '../components/order-columns';
import { type OpenDialog, OrderDialogs } from '../components/order-dialogs';
import { orderToolbar } from '../components/order-toolbar';
import { CodeSearchForm, OrdersFilterForm } from '../components/orders-search-forms';
import { StatusCards } from '../components/status-cards';
import { useCodeSearch } from '../components/use-code-search';
import { openingOrderStatus } from '../lib/opening-status';
import { ordersCsv } from '../lib/orders-csv';
import type { ToolbarAction } from '../lib/toolbar-actions';
import { ORDERS_PAGE_TEXTS as T } from '../texts';

/**
 * Spec section 2/9: page 0, 10 rows; a card asks for 100; actions reload 10. The screen opens on the work to do
 * (openingOrderStatus), not on FINALIZADOS (decision 0036).
 */
export const PAGE_SIZE = 10;
export const CARD_PAGE_SIZE = 100;

/** /admin/orders: status cards, the search by code, the orders of one status and their actions and modals. */
export default function OrdersPage() {
  const queryClient = useQueryClient();
  const confirm = useConfirm();
  /** A status a link names (`?status=3`, the dashboard's orders waiting): the page opens on it. */
  const [linkedStatus] = useLinkedRecord('status');
  const [chosen, setStatus] = useState<number | null>(() =>
    linkedStatus && isOrderStatusKey(Number(linkedStatus)) ? Number(linkedStatus) : null,
  );
  const [paging, setPaging] = useState<GridPaginationModel>({ page: 0, pageSize: PAGE_SIZE });
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [dialog, setDialog] = useState<OpenDialog | null>(null);
  const { searchCode, setSearchCode, ...codeSearch } = useCodeSearch(setSelectedId);
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
    codeSearch.setCodeText('');
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

  const toolbar = (selected: OrderSummary[]) => {
    const order = selected[0];
    return order ? orderToolbar(order, actor, act) : null;
  };

  const statusLabel = status === null ? '…' : orderStatusLabel(status);
  const exportRows = async () => (searchCode !== null || status === null ? rows : fetchAllOrders(status, filter));

  return (
    <Box>
      <PageHeader title={T.title} actions={<RefreshButton label={T.refresh} onClick={() => void reloadAll()} />} />

      <OrdersFilterForm
        draft={draft}
        setDraft={setDraft}
        filterError={filterError}
        filtering={filtering}
        applyFilter={applyFilter}
        clearFilter={clearFilter}
      />

      {counts.data?.every((count) => count.quantity === 0) ? (
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {filtering ? T.filter.none : T.noOrders}
        </Typography>
      ) : (
        <Box sx={{ mb: 2 }}>
          <StatusCards counts={counts.data ?? []} selected={status ?? 0} onSelect={selectStatus} />
        </Box>
      )}

      <CodeSearchForm {...codeSearch} searchCode={searchCode} foundCode={found.data?.code} clearSearch={clearSearch} />

      <Paper variant="outlined">
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, px: 2, pt: 1.5 }}>
          {searchCode !== null ? T.search.result(found.data?.code ?? searchCode) : T.table.title(statusLabel)}
        </Typography>
        <DataTable<OrderSummary>
          rows={rows}
          columns={ORDER_COLUMNS}
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

      <OrderDialogs
        dialog={dialog}
        close={close}
        fromStart={fromStart}
        linkedOrderId={linkedOrderId}
        clearLinkedOrder={clearLinkedOrder}
        linkedAdjust={linkedAdjust}
      />
    </Box>
  );
}
