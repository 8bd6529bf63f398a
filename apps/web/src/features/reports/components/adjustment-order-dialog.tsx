import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useTheme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useEffect, useState } from 'react';
import { ImageViewerDialog } from '../../../components/orders/image-viewer-dialog';
import { orderAmountLines } from '../../../components/orders/order-format';
import { firstError } from '../../../lib/api-client';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { useAdjustmentOrder, useOrderDetail, useOrderImages } from '../api/reports-api';
import { REPORTS_TEXTS } from '../texts';
import { ReportOrderDetails } from './order-view';

const T = REPORTS_TEXTS.orderDialog;
/** Report order-detail tables: 30 rows per page (spec section 9). */
export const ORDER_DETAIL_PAGE_SIZE = 30;

const head = { fontWeight: 600 };
/** Narrow cells on a phone, so the product names keep their room. */
const cells = { '& td, & th': { px: { xs: 0.75, sm: 2 } } };

/**
 * The order of an exchange or a return (GET /reports/order/{exchange|return}/{orderId}): its items (30 per
 * page), the exchanged or returned goods and the totals; 'Ver pedido', 'Embalagem' and 'Comprovante'.
 */
export function AdjustmentOrderDialog({
  kind,
  orderId,
  onClose,
}: {
  kind: 'exchange' | 'return';
  orderId: number | null;
  onClose: () => void;
}) {
  const detail = useAdjustmentOrder(kind, orderId);
  const [page, setPage] = useState(0);
  const [pictures, setPictures] = useState<'packaging' | 'receipt' | null>(null);
  const [showOrder, setShowOrder] = useState(false);
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const images = useOrderImages(pictures, orderId ?? 0);
  // the same query as the order dialog's: the list stays open until the order or the pictures arrive
  const orderView = useOrderDetail(showOrder ? orderId : null);
  const picturesShown = pictures !== null && !images.isPending;
  const orderShown = showOrder && orderView.data !== undefined;
  useEffect(() => {
    if (orderId !== null) {
      setPage(0);
      setPictures(null);
      setShowOrder(false);
    }
  }, [orderId]);
  if (orderId === null) return null;

  const order = detail.data;
  const titleId = 'adjustment-order-title';
  const title = order ? (kind === 'exchange' ? T.exchangeTitle : T.returnTitle)(order.code) : '…';
  const shownItems = (order?.items ?? [])
    .map((item, position) => ({ item, key: `${position}:${item.productName}` }))
    .slice(page * ORDER_DETAIL_PAGE_SIZE, (page + 1) * ORDER_DETAIL_PAGE_SIZE);
  const adjusted = (kind === 'exchange' ? order?.totalExchange : order?.totalReturn) ?? 0;
  // Every part of the order's total on its own line (as the order details show them), then what the
  // exchange or return did: an exchange gives the same goods again, a return gives money back.
  const totals: [string, number][] = order
    ? [
        ...orderAmountLines({
          itemsTotal: order.totalItems,
          shippingCost: order.shippingCost,
          fastDeliveryTax: order.fastDeliveryTax,
          warranty: order.warranty,
          discount: order.discount,
          total: order.orderTotal,
        }).map((line): [string, number] => [line.label, line.amount]),
        ...(kind === 'return'
          ? ([
              [T.totalReturn, -adjusted],
              [T.totalAfterReturn, order.total],
            ] as [string, number][])
          : ([[T.totalExchange, adjusted]] as [string, number][])),
      ]
    : [];

  return (
    <>
      <Dialog
        open={!picturesShown && !orderShown}
        onClose={onClose}
        fullWidth
        maxWidth="md"
        fullScreen={phone}
        aria-labelledby={titleId}
      >
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent dividers>
          {detail.isPending ? (
            <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
              <CircularProgress aria-label={REPORTS_TEXTS.loading} />
            </Box>
          ) : detail.isError ? (
            <Alert severity="error">{firstError(detail.error, T.failed)}</Alert>
          ) : order ? (
            <>
              {showOrder && orderView.isError ? (
                <Alert severity="error" sx={{ mb: 2 }}>
                  {firstError(orderView.error, T.failed)}
                </Alert>
              ) : null}
              <Typography sx={{ mb: 2 }}>
                <Box component="span" sx={{ color: 'text.secondary', mr: 1 }}>
                  {T.customer}:
                </Box>
                {order.customerName}
              </Typography>
              <Typography variant="subtitle1" component="h3" id="adjustment-items" sx={{ fontWeight: 600 }}>
                {T.items}
              </Typography>
              <Table size="small" aria-labelledby="adjustment-items" sx={cells}>
                <TableHead>
                  <TableRow>
                    <TableCell sx={head}>{T.product}</TableCell>
                    <TableCell sx={head} align="right">
                      {T.quantity}
                    </TableCell>
                    <TableCell sx={head} align="right">
                      {T.unitPrice}
                    </TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {shownItems.map(({ item, key }) => (
                    <TableRow key={key}>
                      <TableCell>{item.productName}</TableCell>
                      <TableCell align="right">{item.quantity}</TableCell>
                      <TableCell align="right">{formatMoney(item.unitPrice)}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
              {order.items.length > ORDER_DETAIL_PAGE_SIZE ? (
                <TablePagination
                  component="div"
                  count={order.items.length}
                  page={page}
                  onPageChange={(_, next) => setPage(next)}
                  rowsPerPage={ORDER_DETAIL_PAGE_SIZE}
                  rowsPerPageOptions={[ORDER_DETAIL_PAGE_SIZE]}
                  labelDisplayedRows={({ from, to, count }) => `${from}–${to} de ${count}`}
                />
              ) : null}
              <Typography variant="subtitle1" component="h3" id="adjustment-goods" sx={{ fontWeight: 600, mt: 3 }}>
                {kind === 'exchange' ? T.exchanged : T.returned}
              </Typography>
              <Table size="small" aria-labelledby="adjustment-goods" sx={cells}>
                <TableHead>
                  <TableRow>
                    <TableCell sx={head}>{T.product}</TableCell>
                    <TableCell sx={head} align="right">
                      {T.quantity}
                    </TableCell>
                    <TableCell sx={head} align="right">
                      {T.unitPrice}
                    </TableCell>
                    <TableCell sx={head}>{T.registeredAt}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {order.adjustments.map((item) => (
                    <TableRow key={`${item.createdAt}:${item.productName}:${item.quantity}`}>
                      <TableCell>{item.productName}</TableCell>
                      <TableCell align="right">{item.quantity}</TableCell>
                      <TableCell align="right">{formatMoney(item.unitPrice)}</TableCell>
                      <TableCell>{formatDateTime(item.createdAt)}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
              <Box
                component="dl"
                sx={{
                  display: 'grid',
                  gridTemplateColumns: 'auto auto',
                  justifyContent: 'end',
                  columnGap: 3,
                  mt: 2,
                  mb: 0,
                }}
              >
                {totals.map(([label, value]) => (
                  <Box key={label} sx={{ display: 'contents' }}>
                    <Typography component="dt" color="text.secondary">
                      {label}
                    </Typography>
                    <Typography component="dd" sx={{ m: 0, textAlign: 'right', fontWeight: 600 }}>
                      {formatMoney(value)}
                    </Typography>
                  </Box>
                ))}
              </Box>
            </>
          ) : null}
        </DialogContent>
        <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
          <Button onClick={() => setShowOrder(true)} disabled={!order || (showOrder && orderView.isFetching)}>
            {T.order}
          </Button>
          <Button onClick={() => setPictures('packaging')} disabled={!order}>
            {T.packaging}
          </Button>
          <Button onClick={() => setPictures('receipt')} disabled={!order}>
            {T.receipt}
          </Button>
          <Button variant="outlined" onClick={onClose}>
            {T.close}
          </Button>
        </DialogActions>
      </Dialog>
      <ReportOrderDetails orderId={orderShown ? orderId : null} onClose={() => setShowOrder(false)} />
      <ImageViewerDialog
        open={picturesShown}
        title={pictures === 'receipt' ? T.receiptTitle : T.packagingTitle}
        images={(images.data ?? []).map((image) => ({ url: image.url }))}
        emptyText={
          images.isError ? firstError(images.error, T.failed) : pictures === 'receipt' ? T.noReceipt : T.noPackaging
        }
        onClose={() => setPictures(null)}
      />
    </>
  );
}
