import {
  BOARD_PAGE_SIZE,
  type DepartureSummary,
  type DispatchOrder,
  formatBusinessTime,
  nextDeliveryDeparture,
  type RunSummary,
  saoPauloDay,
} from '@backoffice/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useNotify } from '../../../components/notifier';
import { PageHeader } from '../../../components/page-header';
import { PageLoader } from '../../../components/page-loader';
import { RefreshButton } from '../../../components/refresh-button';
import { useApiMutation } from '../../../components/use-api-mutation';
import { refusalMessage } from '../../../lib/api-client';
import { downloadFile } from '../../../lib/download';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { departureWeekQuery, useDeliverers } from '../../../lib/shared-queries';
import { boardOrdersQuery, boardSummaryQuery, createRun, dispatchKeys, placeKey } from '../api/dispatch-api';
import { SettlementDialog } from '../components/settlement-dialog';
import { SettlementsReport } from '../components/settlements-report';
import { DISPATCH_PAGE_TEXTS as T } from '../texts';

/** The drag-and-drop payload type of orders dragged onto a courier's column (desktop). */
const DRAG_TYPE = 'application/x-backoffice-orders';

const time = (at: string) => formatBusinessTime(new Date(at));

/**
 * 'Expedição' (issue 19): for a São Paulo day, the immediate deliveries, then each departure with how many
 * packed orders wait for it (late ones counted) and its runs; the selected one (in the address,
 * `?departure=`; else the first with orders) lists its orders a page at a time (issue 36: a shop's day is
 * a thousand orders). Orders are put in a courier's run by marking them and choosing the courier, or by
 * dragging them onto his column; each run is settled ('Acertar') when the courier is back.
 */
export default function DispatchPage() {
  // The day is in the address (?date=YYYY-MM-DD), so a board can be reloaded or shared as it is.
  const [params, setParams] = useSearchParams();
  const asked = params.get('date');
  // Without a day asked, the day of the next departure: at night today's have all left (issue 35 §10), so the
  // board opens on the next day with one (today while one is still to come; today too if the week is unknown).
  const week = useQuery(departureWeekQuery);
  const today = saoPauloDay(new Date());
  const nextDay = week.data ? saoPauloDay(nextDeliveryDeparture(new Date(), week.data)) : week.isError ? today : null;
  const day = asked && /^\d{4}-\d{2}-\d{2}$/.test(asked) ? asked : nextDay;
  const setDay = (next: string) => setParams({ date: next }, { replace: true });
  const board = useQuery({ ...boardSummaryQuery(day ?? today), enabled: day !== null });
  const queryClient = useQueryClient();
  const [settling, setSettling] = useState<RunSummary | null>(null);
  const places = board.data ?? [];
  const askedPlace = params.get('departure');
  const open =
    places.find((place) => placeKey(place.departureAt) === askedPlace) ?? places.find((place) => place.ordersCount > 0);
  const select = (place: DepartureSummary) => {
    const next = new URLSearchParams(params);
    next.set('departure', placeKey(place.departureAt));
    setParams(next, { replace: true });
  };
  return (
    <>
      <PageHeader
        title={T.title}
        actions={
          <>
            <DatePicker
              label={T.date}
              value={day === null ? null : dayjs(day)}
              onChange={(value) => {
                if (value?.isValid()) setDay(value.format('YYYY-MM-DD'));
              }}
              slotProps={{ textField: { size: 'small', sx: { width: 180 } } }}
            />
            <RefreshButton
              label={T.refresh}
              onClick={() => void queryClient.invalidateQueries({ queryKey: dispatchKeys.lists() })}
            />
          </>
        }
      />
      {!asked && day !== null && day > today ? (
        <Alert severity="info" sx={{ mb: 2 }}>
          {T.nextDay(day.split('-').reverse().join('/'))}
        </Alert>
      ) : null}
      {board.isPending ? (
        <PageLoader />
      ) : board.isError ? (
        <Alert severity="error">{T.assignFailed}</Alert>
      ) : (
        <Stack spacing={3}>
          {places.length <= 1 && <Alert severity="info">{T.noDepartures}</Alert>}
          {places.map((place) => (
            <DepartureSection
              key={placeKey(place.departureAt)}
              departure={place}
              open={place === open}
              onOpen={() => select(place)}
              onSettle={setSettling}
            />
          ))}
          <SettlementsReport />
        </Stack>
      )}
      <SettlementDialog run={settling} onClose={() => setSettling(null)} />
    </>
  );
}

function DepartureSection({
  departure,
  open,
  onOpen,
  onSettle,
}: {
  departure: DepartureSummary;
  open: boolean;
  onOpen: () => void;
  onSettle: (run: RunSummary) => void;
}) {
  const couriers = useDeliverers();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const [selected, setSelected] = useState<number[]>([]);
  const [courierId, setCourierId] = useState<number | ''>('');
  const [page, setPage] = useState(0);
  const orders = useQuery({ ...boardOrdersQuery(placeKey(departure.departureAt), page), enabled: open });
  // A page emptied by assignments (its orders went into runs): back to the last page there is.
  const last = Math.max(0, Math.ceil((orders.data?.total ?? 0) / BOARD_PAGE_SIZE) - 1);
  useEffect(() => {
    if (orders.data && page > last) setPage(last);
  }, [orders.data, page, last]);
  const title = departure.departureAt ? T.departure(time(departure.departureAt)) : T.immediate;
  const headingId = `departure-${placeKey(departure.departureAt)}`;
  const assign = useApiMutation({
    mutationFn: async (vars: { delivererId: number; orderIds: number[] }) =>
      createRun({
        // Immediate deliveries leave now: their run is the next departure's slot (of the shop's week).
        departureAt:
          departure.departureAt ??
          nextDeliveryDeparture(new Date(), await queryClient.fetchQuery(departureWeekQuery)).toISOString(),
        ...vars,
      }),
    success: (run, vars) => T.assigned(vars.orderIds.length, run.deliverer.name),
    failure: T.assignFailed,
    invalidate: [dispatchKeys.all],
    onSuccess: () => setSelected([]),
  });
  const toggle = (order: DispatchOrder) =>
    setSelected((old) =>
      old.includes(order.orderId) ? old.filter((id) => id !== order.orderId) : [...old, order.orderId],
    );
  if (departure.ordersCount === 0 && departure.runs.length === 0 && departure.departureAt === null) return null;
  // One column per active courier (his run of this departure, or none yet), plus runs of couriers no longer
  // listed (blocked since): each column takes the orders dropped on it.
  const listed = couriers.data ?? [];
  const columns = [
    ...listed.map((courier) => ({ courier, run: departure.runs.find((run) => run.deliverer.id === courier.id) })),
    ...departure.runs
      .filter((run) => !listed.some((courier) => courier.id === run.deliverer.id))
      .map((run) => ({ courier: run.deliverer, run })),
  ];
  /** What a dragged row carries: the marked orders when it is one of them, else itself. */
  const dragged = (order: DispatchOrder) => (selected.includes(order.orderId) ? selected : [order.orderId]);
  const rows = orders.data?.items ?? [];
  return (
    <Paper component="section" aria-labelledby={headingId} sx={{ p: { xs: 1.5, sm: 2 } }}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ mb: 1, alignItems: { sm: 'baseline' }, justifyContent: 'space-between' }}
      >
        <Box>
          <Typography id={headingId} variant="h6" component="h2">
            {title}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {departure.ordersCount === 0
              ? T.noOrders
              : T.waiting(departure.ordersCount, departure.lateCount, formatMoney(departure.cashToCollect))}
          </Typography>
        </Box>
        {!open && departure.ordersCount > 0 ? (
          <Button
            variant="outlined"
            size="small"
            onClick={onOpen}
            sx={{ alignSelf: { xs: 'flex-start', sm: 'center' } }}
          >
            {T.showOrders}
          </Button>
        ) : null}
      </Stack>
      {open && departure.ordersCount > 0 ? (
        <>
          {orders.isPending ? (
            <PageLoader />
          ) : orders.isError ? (
            <Alert severity="error">{T.ordersFailed}</Alert>
          ) : (
            <Box sx={{ overflowX: 'auto' }} tabIndex={0} role="group" aria-label={title}>
              <Table size="small" aria-labelledby={headingId}>
                <TableHead>
                  <TableRow>
                    <TableCell padding="checkbox" />
                    <TableCell>{T.columns.code}</TableCell>
                    <TableCell>{T.columns.customer}</TableCell>
                    <TableCell>{T.columns.neighborhood}</TableCell>
                    <TableCell align="right">{T.columns.items}</TableCell>
                    <TableCell align="right">{T.columns.cash}</TableCell>
                    <TableCell>{T.columns.packedAt}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {rows.map((order) => (
                    <TableRow
                      key={order.orderId}
                      hover
                      selected={selected.includes(order.orderId)}
                      draggable
                      onDragStart={(event) => {
                        event.dataTransfer.setData(DRAG_TYPE, JSON.stringify(dragged(order)));
                        event.dataTransfer.effectAllowed = 'move';
                      }}
                      sx={{ cursor: 'grab' }}
                    >
                      <TableCell padding="checkbox">
                        <Checkbox
                          checked={selected.includes(order.orderId)}
                          onChange={() => toggle(order)}
                          slotProps={{ input: { 'aria-label': T.select(order.code) } }}
                        />
                      </TableCell>
                      <TableCell>
                        {order.code} {order.late && <Chip size="small" color="error" label={T.late} />}
                      </TableCell>
                      <TableCell>{order.customer}</TableCell>
                      <TableCell>{order.neighborhood ?? '—'}</TableCell>
                      <TableCell align="right">{order.itemsCount}</TableCell>
                      <TableCell align="right">{formatMoney(order.cashToCollect)}</TableCell>
                      <TableCell>{formatDateTime(order.packedAt)}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </Box>
          )}
          {(orders.data?.total ?? 0) > BOARD_PAGE_SIZE ? (
            <TablePagination
              component="div"
              count={orders.data?.total ?? 0}
              page={Math.min(page, last)}
              onPageChange={(_event, next) => setPage(next)}
              rowsPerPage={BOARD_PAGE_SIZE}
              rowsPerPageOptions={[]}
            />
          ) : null}
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mt: 2, alignItems: { sm: 'center' } }}>
            <TextField
              select
              size="small"
              label={T.courier}
              value={courierId}
              onChange={(event) => setCourierId(Number(event.target.value))}
              sx={{ minWidth: 220, flex: { sm: '0 0 280px' } }}
            >
              {(couriers.data ?? []).map((courier) => (
                <MenuItem key={courier.id} value={courier.id}>
                  {courier.name}
                </MenuItem>
              ))}
            </TextField>
            <Button
              variant="contained"
              sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
              disabled={selected.length === 0 || courierId === '' || assign.isPending}
              onClick={() => assign.mutate({ delivererId: Number(courierId), orderIds: selected })}
            >
              {T.assign}
            </Button>
            <Typography variant="body2" color="text.secondary">
              {selected.length > 0 ? T.marked(selected.length) : T.assignHelp}
            </Typography>
          </Stack>
        </>
      ) : null}
      {departure.ordersCount > 0 || departure.runs.length > 0 ? (
        <Box sx={{ mt: 2 }}>
          <Typography variant="subtitle1" component="h3" sx={{ mb: 1, fontWeight: 600 }}>
            {T.runs}
          </Typography>
          <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' } }}>
            {columns.map(({ courier, run }) => (
              <Card
                key={courier.id}
                component="section"
                variant="outlined"
                aria-label={T.column(courier.name)}
                onDragOver={(event) => {
                  if (event.dataTransfer.types.includes(DRAG_TYPE)) event.preventDefault();
                }}
                onDrop={(event) => {
                  event.preventDefault();
                  const ids = JSON.parse(event.dataTransfer.getData(DRAG_TYPE) || '[]') as number[];
                  if (ids.length > 0) assign.mutate({ delivererId: courier.id, orderIds: ids });
                }}
                sx={{ borderStyle: run ? 'solid' : 'dashed' }}
              >
                <CardContent>
                  <Typography variant="subtitle1" component="h4" sx={{ fontWeight: 600 }}>
                    {courier.name}
                  </Typography>
                  {run ? (
                    <>
                      <Typography variant="body2" color="text.secondary">
                        {T.runSummary(run.ordersCount, formatMoney(run.cashToCollect))}
                      </Typography>
                      <Typography variant="body2" sx={{ mt: 1 }}>
                        {run.codes.join(', ')}
                      </Typography>
                      <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 1.5, flexWrap: 'wrap' }}>
                        <Button
                          size="small"
                          onClick={() =>
                            void downloadFile(`/dispatch/runs/${run.id}/sheet.pdf`, {
                              fileName: `romaneio-${run.id}.pdf`,
                            }).catch((error: unknown) => notify.error(refusalMessage(error, T.sheetFailed)))
                          }
                        >
                          {T.sheet}
                        </Button>
                        {run.settledAt ? (
                          <Chip size="small" color="success" label={T.settled} />
                        ) : (
                          <Button size="small" variant="outlined" onClick={() => onSettle(run)}>
                            {T.settle}
                          </Button>
                        )}
                      </Stack>
                    </>
                  ) : (
                    <Typography variant="body2" color="text.secondary">
                      {T.noRun}
                    </Typography>
                  )}
                </CardContent>
              </Card>
            ))}
          </Box>
        </Box>
      ) : null}
    </Paper>
  );
}
