import type { OrderSummary } from '@backoffice/contract';
import { ORDER_TEXTS } from '@backoffice/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { OrderStatusChip } from '../../../components/orders/order-status-chip';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { useOrderHistory } from '../api/orders-api';
import { ORDERS_PAGE_TEXTS } from '../texts';

const T = ORDERS_PAGE_TEXTS.history;

/** The order's status changes, oldest first, as a vertical timeline (DD/MM/YYYY HH:mm:ss). */
export function HistoryDialog({ order, onClose }: { order: OrderSummary | null; onClose: () => void }) {
  const history = useOrderHistory(order?.orderId ?? null);
  if (!order) return null;
  const entries = history.data ?? [];
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="order-history-title">
      <DialogTitle id="order-history-title">{T.title(order.code, formatMoney(order.total))}</DialogTitle>
      <DialogContent dividers tabIndex={0}>
        {history.isPending ? (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
            <CircularProgress aria-label={T.loading} />
          </Box>
        ) : history.isError || entries.length === 0 ? (
          <Typography role="alert" sx={{ py: 2 }}>
            {ORDER_TEXTS.noHistory}
          </Typography>
        ) : (
          <Box component="ol" aria-label={T.list} sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {entries.map((entry, i) => (
              <Box
                component="li"
                key={`${entry.when}:${entry.statusKey}`}
                sx={{ position: 'relative', pl: 4, pb: i === entries.length - 1 ? 0 : 2.5 }}
              >
                {/* the timeline's dot and line */}
                <Box
                  aria-hidden
                  sx={{
                    position: 'absolute',
                    left: 6,
                    top: 6,
                    width: 12,
                    height: 12,
                    borderRadius: '50%',
                    bgcolor: i === entries.length - 1 ? 'primary.main' : 'grey.500',
                  }}
                />
                {i < entries.length - 1 ? (
                  <Box
                    aria-hidden
                    sx={{ position: 'absolute', left: 11, top: 20, bottom: 0, width: 2, bgcolor: 'divider' }}
                  />
                ) : null}
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {T.entry(entry.user, entry.status)}
                </Typography>
                <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mt: 0.5 }}>
                  <OrderStatusChip status={entry.statusKey} />
                  <Typography variant="body2" color="text.secondary" component="span">
                    {formatDateTime(entry.when)}
                  </Typography>
                </Box>
                {entry.note ? (
                  <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
                    {entry.note}
                  </Typography>
                ) : null}
              </Box>
            ))}
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Fechar</Button>
      </DialogActions>
    </Dialog>
  );
}
