import type { OrderView } from '@backoffice/contract';
import Button from '@mui/material/Button';
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
import { type ReactNode, useEffect, useState } from 'react';
import { formatMoney } from '../../lib/format';
import { deliveryTypeLabel, orNotAvailable, paymentLabel } from './order-format';
import { OrderStatusChip } from './order-status-chip';
import { ORDER_TEXTS } from './texts';

const T = ORDER_TEXTS.details;
const ITEMS_PER_PAGE = 5;

interface Props {
  /** The order shown; null keeps the dialog closed. */
  order: OrderView | null;
  onClose: () => void;
}

/**
 * 'Detalhes do pedido' (spec section 2, Orders: Order details): the order's rows, N/A where a value is
 * missing, then its items (name, quantity, unit price in BRL), 5 per page, and 'Fechar'.
 */
export function OrderDetailsDialog({ order, onClose }: Props) {
  const [page, setPage] = useState(0);
  useEffect(() => {
    if (order) setPage(0);
  }, [order]);
  if (!order) return null;

  const rows: [string, ReactNode][] = [
    [T.rows.customer, orNotAvailable(order.customer)],
    [T.rows.status, <OrderStatusChip key="status" status={order.status} />],
    [T.rows.total, formatMoney(order.total)],
    [T.rows.shippingCost, formatMoney(order.shippingCost)],
    [T.rows.neighborhood, orNotAvailable(order.neighborhood)],
    [T.rows.payment, paymentLabel(order.payment)],
    [T.rows.typeOfDelivery, deliveryTypeLabel(order.typeOfDelivery)],
    [T.rows.deliverer, orNotAvailable(order.deliverer)],
    [T.rows.stocker, orNotAvailable(order.stocker)],
    [T.rows.comments, orNotAvailable(order.comments)],
    [T.rows.hasWarranty, order.hasWarranty ? ORDER_TEXTS.yes : ORDER_TEXTS.no],
  ];
  // Items have no id of their own: their place in the order names them.
  const shown = order.items
    .map((item, position) => ({ item, key: `${position}:${item.name}` }))
    .slice(page * ITEMS_PER_PAGE, (page + 1) * ITEMS_PER_PAGE);

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="order-details-title">
      <DialogTitle id="order-details-title">{T.title(order.code)}</DialogTitle>
      <DialogContent dividers>
        <Table size="small" aria-labelledby="order-details-title">
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
        <Table size="small" aria-labelledby="order-items-title">
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
                <TableCell>{item.name}</TableCell>
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
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{ORDER_TEXTS.close}</Button>
      </DialogActions>
    </Dialog>
  );
}
