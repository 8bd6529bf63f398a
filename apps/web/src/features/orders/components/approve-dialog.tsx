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
import { useOrderMove } from '../../../components/orders/use-order-move';
import { formatMoney } from '../../../lib/format';
import { useOrderPictures } from '../api/orders-api';
import { ORDERS_PAGE_TEXTS } from '../texts';

const T = ORDERS_PAGE_TEXTS.approve;

interface Props {
  order: OrderSummary | null;
  onClose: () => void;
}

/**
 * Approve or reject the payment proof: the proof beside the order's total, 'Aprovar' and 'Reprovar' (the
 * registry's approve and refuse moves). A success closes it; a refusal leaves it open with its message.
 */
export function ApproveDialog({ order, onClose }: Props) {
  const receipt = useOrderPictures(order ? 'receipt' : null, order?.orderId ?? null);
  const approve = useOrderMove('approve', { onSuccess: onClose });
  const refuse = useOrderMove('refuse', { onSuccess: onClose });
  if (!order) return null;
  const busy = approve.isPending || refuse.isPending;
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
        <Button color="error" variant="outlined" disabled={busy} onClick={() => refuse.mutate({ order })}>
          {T.refuse}
        </Button>
        <Button color="success" variant="contained" disabled={busy} onClick={() => approve.mutate({ order })}>
          {T.approve}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
