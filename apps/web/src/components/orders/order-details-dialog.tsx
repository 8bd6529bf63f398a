import {
  ADJUSTABLE_STATUSES,
  ADJUSTMENT_TEXTS,
  type AdjustmentKind,
  awaitsPixPayment,
  ORDER_STATUS,
  type OrderDetail,
  PERMISSIONS,
} from '@backoffice/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { firstError } from '../../lib/api-client';
import { formatDateTime, formatMoney } from '../../lib/format';
import { hasPermission } from '../../lib/session';
import { OrderNotesSection } from '../fiscal/order-notes-section';
import { PixCode } from '../pix-code';
import { OrderAdjustmentDialog } from './order-adjustment-dialog';
import { OrderAmountsTable } from './order-amounts';
import { orderAmountLines, orNotAvailable, receivedByText } from './order-format';
import { OrderPaymentsSection, orderPaymentsQuery } from './order-payments';
import { orderDetailQuery, orderPixQuery } from './order-queries';
import { OrderStatusChip } from './order-status-chip';
import { PixReceivedNotice } from './pix-received';
import { ORDER_TEXTS } from './texts';
import { OrderWhatsAppButton } from './whatsapp-button';

const T = ORDER_TEXTS.details;
const ITEMS_PER_PAGE = 5;
/** Narrower cells on a phone, so the three item columns fit the dialog. */
const COMPACT = { '& td, & th': { px: { xs: 1, sm: 2 } } } as const;

interface Props {
  /** The order to show; when left out, `orderId`'s order is fetched (GET /orders/by-id/{id}). */
  order?: OrderDetail | null;
  orderId?: number | null;
  open: boolean;
  onClose: () => void;
  /** Opens the exchange or return over the details at once, when the order allows it (a link's `&adjust=`). */
  startWith?: AdjustmentKind | null;
}

/**
 * A transfer or Pix order still waiting for its proof, or a Pix order waiting for the bank (Processando): the
 * customer may still need the order's Pix code.
 */
const waitsForPix = awaitsPixPayment;

/**
 * 'Detalhes do pedido' (spec section 2, Orders: Order details): the order's rows, N/A where a value is
 * missing, then its items (name, quantity, unit price in BRL), 5 per page, every component of the total
 * on its own line (items, freight, fast-delivery tax, warranty, discount, total), and 'Fechar'. A transfer/Pix
 * order waiting for its proof also shows the shop's Pix code (hidden when no Pix key is configured).
 */
/**
 * 'Possui Garantia?': Sim for the paid warranty or a seminovo sold with its own (with its days: 'Sim (90 dias)',
 * issue 54), Não otherwise.
 */
function warrantyText(order: OrderDetail): string {
  if (order.usedWarrantyDays) return T.usedWarranty(order.usedWarrantyDays);
  return order.hasWarranty ? ORDER_TEXTS.yes : ORDER_TEXTS.no;
}

export function OrderDetailsDialog({ order: given, orderId, open, onClose, startWith = null }: Props) {
  const id = given?.orderId ?? orderId ?? null;
  // Read again on every opening (staleTime 0): a payment the bank just confirmed, a move made elsewhere.
  const fetched = useQuery({ ...orderDetailQuery(id ?? 0), staleTime: 0, enabled: open && !given && id !== null });
  const order = given ?? fetched.data ?? null;
  const pix = useQuery({ ...orderPixQuery(id ?? 0), enabled: open && order !== null && waitsForPix(order) });
  // Paid in parts (decision 0042): each Pix part has its own code, the whole order's would pay it twice.
  const parts = useQuery({
    ...orderPaymentsQuery(id ?? 0),
    staleTime: 0,
    enabled: open && id !== null && hasPermission(PERMISSIONS.orders),
  });
  const paidInParts = parts.data?.parts.some((part) => part.status === 'PENDING' || part.status === 'CONFIRMED');
  const [page, setPage] = useState(0);
  const [adjusting, setAdjusting] = useState<AdjustmentKind | null>(null);
  useEffect(() => {
    if (open) setPage(0);
  }, [open]);
  const adjustableNow = order !== null && adjustable(order);
  useEffect(() => {
    if (open && startWith && adjustableNow) setAdjusting(startWith);
  }, [open, startWith, adjustableNow]);
  if (!open) return null;
  if (!order)
    return (
      <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="order-details-title">
        <DialogTitle id="order-details-title">{T.loadingTitle}</DialogTitle>
        <DialogContent dividers tabIndex={0}>
          {fetched.isError ? (
            <Typography role="alert">{firstError(fetched.error, T.failed)}</Typography>
          ) : (
            <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
              <CircularProgress aria-label={T.loading} />
            </Box>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{ORDER_TEXTS.close}</Button>
        </DialogActions>
      </Dialog>
    );

  const rows: [string, ReactNode][] = [
    [T.rows.customer, orNotAvailable(order.customer)],
    [T.rows.status, <OrderStatusChip key="status" status={order.statusKey} />],
    [T.rows.total, formatMoney(order.total)],
    [T.rows.shippingCost, formatMoney(order.shippingCost)],
    [T.rows.neighborhood, orNotAvailable(order.neighborhood)],
    [T.rows.payment, orNotAvailable(order.payment)],
    [T.rows.typeOfDelivery, orNotAvailable(order.typeOfDelivery)],
    [T.rows.deliverer, orNotAvailable(order.deliverer)],
    [T.rows.stocker, orNotAvailable(order.stocker)],
    [T.rows.comments, orNotAvailable(order.comments)],
    [T.rows.hasWarranty, warrantyText(order)],
  ];
  // Delivered: when the customer signed and who received it (decision 0039), after the spec's rows.
  if (order.deliveredAt) rows.push([T.rows.deliveredAt, formatDateTime(order.deliveredAt)]);
  const receivedBy = receivedByText(order);
  if (receivedBy) rows.push([T.rows.receivedBy, receivedBy]);
  // Items have no id of their own: their place in the order names them.
  const shown = order.items
    .map((item, position) => ({ item, key: `${position}:${item.name}` }))
    .slice(page * ITEMS_PER_PAGE, (page + 1) * ITEMS_PER_PAGE);

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="order-details-title">
      <DialogTitle id="order-details-title">{T.title(order.code)}</DialogTitle>
      <DialogContent dividers tabIndex={0}>
        {/* First: a Pix received that waits for a click is what the attendant opened the order for. */}
        <PixReceivedNotice order={order} onConfirmed={onClose} />
        <Table size="small" aria-labelledby="order-details-title" sx={COMPACT}>
          <TableBody>
            {rows.map(([label, value]) => (
              <TableRow key={label}>
                <TableCell component="th" scope="row" sx={{ fontWeight: 600, width: '42%', color: 'text.secondary' }}>
                  {label}
                </TableCell>
                <TableCell sx={{ overflowWrap: 'anywhere' }}>{value}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        <Typography variant="subtitle1" component="h3" id="order-items-title" sx={{ mt: 3, mb: 1, fontWeight: 600 }}>
          {T.items}
        </Typography>
        <Table size="small" aria-labelledby="order-items-title" sx={COMPACT}>
          <TableHead>
            <TableRow>
              <TableCell>{T.columns.name}</TableCell>
              <TableCell align="right">{T.columns.quantity}</TableCell>
              <TableCell align="right">{T.columns.unitPrice}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {shown.map(({ item, key }) => (
              <TableRow key={key}>
                <TableCell>
                  {item.name}
                  {item.imeis?.length ? (
                    <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                      {T.imeis(item.imeis)}
                    </Typography>
                  ) : null}
                  {item.discount ? (
                    <Typography variant="body2" color="text.secondary">
                      {T.itemDiscount(formatMoney(item.discount))}
                    </Typography>
                  ) : null}
                </TableCell>
                <TableCell align="right">{item.quantity}</TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {formatMoney(item.unitPrice)}
                </TableCell>
              </TableRow>
            ))}
            {order.items.length === 0 ? (
              <TableRow>
                <TableCell colSpan={3}>{T.noItems}</TableCell>
              </TableRow>
            ) : null}
          </TableBody>
        </Table>
        {order.items.length > ITEMS_PER_PAGE ? (
          <TablePagination
            component="div"
            count={order.items.length}
            page={page}
            onPageChange={(_event, next) => setPage(next)}
            rowsPerPage={ITEMS_PER_PAGE}
            rowsPerPageOptions={[]}
            labelDisplayedRows={({ from, to, count }) => T.pageRange(from, to, count)}
            getItemAriaLabel={(type) => T.pageButton[type]}
          />
        ) : null}
        <OrderAmountsTable id="order-amounts-title" title={T.amounts.title} lines={orderAmountLines(order)} />
        {/* Its parts (card, Pix, cash) and the balance: read by whoever manages orders (decision 0042). */}
        {hasPermission(PERMISSIONS.orders) ? <OrderPaymentsSection orderId={order.orderId} /> : null}
        {/* Its NF-e or NFC-e (issue 41 §2): shown, or emitted by who holds 'Notas fiscais'. */}
        <OrderNotesSection order={order} />
        {pix.data && !paidInParts ? (
          <Box component="section" aria-labelledby="order-pix-title" sx={{ mt: 3 }}>
            <Typography variant="subtitle1" component="h3" id="order-pix-title" sx={{ mb: 1, fontWeight: 600 }}>
              {order.statusKey === ORDER_STATUS.PROCESSANDO ? T.pixFromBank : T.pix}
            </Typography>
            <PixCode payload={pix.data} size={176} />
          </Box>
        ) : null}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        {adjustable(order) ? (
          <>
            <Button onClick={() => setAdjusting('EXCHANGE')}>{ADJUSTMENT_TEXTS.registerExchange}</Button>
            <Button onClick={() => setAdjusting('RETURN')}>{ADJUSTMENT_TEXTS.registerReturn}</Button>
          </>
        ) : null}
        <OrderWhatsAppButton order={order} />
        <Button onClick={onClose}>{ORDER_TEXTS.close}</Button>
      </DialogActions>
      {adjusting ? (
        <OrderAdjustmentDialog order={order} kind={adjusting} open onClose={() => setAdjusting(null)} />
      ) : null}
    </Dialog>
  );
}

/** 'Registrar troca' and 'Registrar devolução': a delivered or finished order, for whoever manages orders. */
function adjustable(order: OrderDetail): boolean {
  return (
    (ADJUSTABLE_STATUSES as readonly number[]).includes(order.statusKey) &&
    order.items.some((item) => item.productId !== undefined) &&
    hasPermission(PERMISSIONS.orders)
  );
}
