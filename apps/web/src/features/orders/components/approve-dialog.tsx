import type { OrderSummary } from '@backoffice/contract';
import { ORDER_TEXTS } from '@backoffice/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { formatMoney } from '../../../lib/format';
import { useOrderPictures } from '../api/orders-api';
import { ORDERS_PAGE_TEXTS } from '../texts';

const T = ORDERS_PAGE_TEXTS.approve;

interface Props {
  order: OrderSummary | null;
  onApprove: (order: OrderSummary) => Promise<void>;
  onRefuse: (order: OrderSummary) => Promise<void>;
  onClose: () => void;
}

/** Approve or reject the payment proof: the proof beside the order's total, 'Aprovar' and 'Reprovar'. */
export function ApproveDialog({ order, onApprove, onRefuse, onClose }: Props) {
  const receipt = useOrderPictures(order ? 'receipt' : null, order?.orderId ?? null);
  const [busy, setBusy] = useState(false);
  if (!order) return null;
  const run = async (action: (order: OrderSummary) => Promise<void>) => {
    setBusy(true);
    try {
      await action(order);
    } finally {
      setBusy(false);
    }
  };
  const picture = receipt.data?.[0];
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="order-approve-title">
      <DialogTitle id="order-approve-title">{T.title(order.code)}</DialogTitle>
      <DialogContent dividers tabIndex={0}>
        <DialogContentText sx={{ mb: 2 }}>
          {order.customer} · {order.payment} · {formatMoney(order.total)}
        </DialogContentText>
        <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
          {T.receipt}
        </Typography>
        {picture ? (
          <Box
            component="img"
            src={picture.url}
            alt={ORDERS_PAGE_TEXTS.images.receiptName(order.code)}
            sx={{ display: 'block', maxWidth: '100%', maxHeight: '45vh', mx: 'auto', objectFit: 'contain' }}
          />
        ) : (
          <Typography color="text.secondary">{receipt.isPending ? T.loading : ORDER_TEXTS.noReceipt}</Typography>
        )}
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
          {T.text}
        </Typography>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={onClose} disabled={busy}>
          {T.close}
        </Button>
        <Button color="error" variant="outlined" disabled={busy} onClick={() => void run(onRefuse)}>
          {T.refuse}
        </Button>
        <Button color="success" variant="contained" disabled={busy} onClick={() => void run(onApprove)}>
          {T.approve}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
