import {
  formatBRL,
  ORDER_STATUS_LABELS,
  type OrderStatusKey,
  type OrderSummary,
  PAYMENT_TEXTS,
  type PixReceived,
  type PixReceivedState,
} from '@backoffice/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import type { GridColDef, GridPaginationModel } from '@mui/x-data-grid';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { DataTable } from '../../../components/data-table';
import { ordersKeys } from '../../../components/orders/order-keys';
import { useApiMutation } from '../../../components/use-api-mutation';
import { refusalMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { matchPix, orderByCode, paymentKeys, pixReceivedQuery } from '../api/settings-api';
import { PIX_RECEIVED_TEXTS as T } from '../texts';

type Filter = PixReceivedState | 'all';

function stateLabel(pix: PixReceived): string {
  if ((pix.refunded ?? 0) > 0) return T.refunded(formatBRL(pix.refunded ?? 0));
  if (pix.state === 'unmatched') return pix.reason ? PAYMENT_TEXTS.unmatched[pix.reason] : T.filters.unmatched;
  return pix.confirmedAt ? T.confirmed : T.waiting;
}

/**
 * 'Pix recebidos': what the bank's webhook told us, newest first, a page at a time from the server; a Pix
 * that paid no order can be matched by hand ('Identificar': the order's code, then the same checks as the
 * webhook's on the server, which confirms the payment).
 */
export function PixReceivedCard() {
  const [filter, setFilter] = useState<Filter>('all');
  const [paging, setPaging] = useState<GridPaginationModel>({ page: 0, pageSize: 10 });
  const [matching, setMatching] = useState<PixReceived | null>(null);
  const list = useQuery({
    ...pixReceivedQuery(filter === 'all' ? undefined : filter, paging.page, paging.pageSize),
    placeholderData: keepPreviousData,
  });
  const columns = useMemo<GridColDef<PixReceived>[]>(
    () => [
      {
        field: 'paidAt',
        headerName: T.columns.paidAt,
        width: 150,
        valueFormatter: (value: string) => formatDateTime(value),
      },
      {
        field: 'amount',
        headerName: T.columns.amount,
        width: 120,
        valueFormatter: (value: number) => formatBRL(value),
      },
      { field: 'payer', headerName: T.columns.payer, flex: 1, minWidth: 140 },
      { field: 'txid', headerName: T.columns.txid, width: 130 },
      {
        field: 'state',
        headerName: T.columns.state,
        width: 230,
        renderCell: ({ row }) => (
          <Chip
            size="small"
            color={(row.refunded ?? 0) > 0 ? 'error' : row.state === 'matched' ? 'success' : 'warning'}
            label={stateLabel(row)}
          />
        ),
      },
      {
        field: 'order',
        headerName: T.columns.order,
        width: 140,
        valueGetter: (_value, row) => row.order?.code ?? '',
        // A Pix given back to its payer pays no order: nothing to match it to.
        renderCell: ({ row }) =>
          row.order ? (
            row.order.code
          ) : (row.refunded ?? 0) > 0 ? null : (
            <Button size="small" onClick={() => setMatching(row)}>
              {T.match}
            </Button>
          ),
      },
    ],
    [],
  );
  return (
    <Card component="section" aria-label={T.title}>
      <DataTable<PixReceived>
        title={
          <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography variant="h6" component="h2">
              {T.title}
            </Typography>
            <ToggleButtonGroup
              size="small"
              exclusive
              value={filter}
              onChange={(_event, value: Filter | null) => {
                if (!value) return;
                setFilter(value);
                setPaging((old) => ({ ...old, page: 0 }));
              }}
              aria-label={T.columns.state}
            >
              {(['all', 'unmatched', 'matched'] as const).map((value) => (
                <ToggleButton key={value} value={value}>
                  {T.filters[value]}
                </ToggleButton>
              ))}
            </ToggleButtonGroup>
          </Stack>
        }
        label={T.title}
        rows={list.data?.data ?? []}
        columns={columns}
        getRowId={(row) => row.endToEndId}
        loading={list.isFetching}
        emptyText={T.empty}
        selection="none"
        hideExport
        server={{ rowCount: list.data?.total ?? 0, paginationModel: paging, onPaginationModelChange: setPaging }}
      />
      <MatchDialog pix={matching} onClose={() => setMatching(null)} />
    </Card>
  );
}

/** Matching one Pix by hand: the order's code, the order found, then the server's checks. */
function MatchDialog({ pix, onClose }: { pix: PixReceived | null; onClose: () => void }) {
  const [code, setCode] = useState('');
  const [order, setOrder] = useState<OrderSummary | null>(null);
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setCode('');
    setOrder(null);
    setError(null);
    onClose();
  };
  const match = useApiMutation<null, { endToEndId: string; orderId: number }>({
    mutationFn: ({ endToEndId, orderId }) => matchPix(endToEndId, orderId),
    success: T.matchedDone,
    failure: T.matchFailed,
    invalidate: (_data, vars) => [paymentKeys.all, ordersKeys.all, ordersKeys.detail(vars.orderId)],
    closeDialog: close,
    errorInDialog: true,
    onError: (_error, message) => setError(message),
  });
  if (!pix) return null;
  const find = async () => {
    setError(null);
    setOrder(null);
    try {
      setOrder((await orderByCode(code)).data);
    } catch (failure) {
      setError(refusalMessage(failure, T.notFound));
    }
  };
  return (
    <Dialog open onClose={close} fullWidth maxWidth="sm" aria-labelledby="pix-match-title">
      <DialogTitle id="pix-match-title">{T.matchTitle(formatBRL(pix.amount))}</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2}>
          <Typography variant="body2" color="text.secondary">
            {formatDateTime(pix.paidAt)} · {pix.payer ?? '—'} · {pix.endToEndId}
          </Typography>
          <Stack
            component="form"
            direction="row"
            spacing={1}
            onSubmit={(event) => {
              event.preventDefault();
              void find();
            }}
          >
            <TextField
              label={T.orderCode}
              value={code}
              onChange={(event) => setCode(event.target.value)}
              size="small"
              autoFocus
              fullWidth
            />
            <Button type="submit" variant="outlined" disabled={!code.trim()}>
              {T.find}
            </Button>
          </Stack>
          {order && (
            <Alert severity="info">
              {T.orderFound(
                order.code,
                order.customer,
                formatBRL(order.total),
                ORDER_STATUS_LABELS[order.statusKey as OrderStatusKey] ?? order.status,
              )}
            </Alert>
          )}
          {error && (
            <Alert severity="error" role="alert">
              {error}
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>{T.cancel}</Button>
        <Button
          variant="contained"
          disabled={!order || match.isPending}
          onClick={() => order && match.mutate({ endToEndId: pix.endToEndId, orderId: order.orderId })}
        >
          {T.confirm}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
