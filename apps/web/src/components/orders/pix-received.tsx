import { ORDER_STATUS, type OrderDetail, pixAwaitsConfirmation } from '@backoffice/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { formatDateTime, formatMoney } from '../../lib/format';
import { useOrderActor } from './order-actor';
import { ORDER_TEXTS } from './texts';
import { useOrderMove } from './use-order-move';

const T = ORDER_TEXTS.details.pixReceived;
/** The E2E id is one long word: broken where it must on a phone, or the message would scroll sideways. */
const ALERT_SX = { mb: 2, '& .MuiAlert-message': { overflowWrap: 'anywhere', minWidth: 0 } } as const;

/**
 * 'Pix recebido': the Pix the bank's webhook received for this order. While the order still waits for its
 * payment ('Pix automático' off), one click confirms it with the move its status takes (the server checks
 * the Pix again): from Aguardando comprovante 'confirmPix', from Processando 'confirmPayment', from
 * Aguardando aprovação 'approve'. A Pix the bank gave back to its payer ('devolucoes') says so instead, and
 * offers no confirmation: the payment is refunded (decision 0032).
 */
export function PixReceivedNotice({ order, onConfirmed }: { order: OrderDetail; onConfirmed?: () => void }) {
  const actor = useOrderActor();
  const confirmPix = useOrderMove('confirmPix', { onSuccess: onConfirmed });
  const confirmPayment = useOrderMove('confirmPayment', { onSuccess: onConfirmed });
  const approve = useOrderMove('approve', { onSuccess: onConfirmed });
  const pix = order.pixReceived;
  if (!pix) return null;
  if ((pix.refunded ?? 0) > 0) {
    return (
      <Alert severity="error" sx={ALERT_SX}>
        {T.refunded(
          formatMoney(pix.refunded),
          formatMoney(pix.amount),
          formatDateTime(pix.refundedAt ?? pix.paidAt),
          pix.endToEndId,
        )}
      </Alert>
    );
  }
  const waiting = pixAwaitsConfirmation(order.statusKey, pix);
  const move =
    order.statusKey === ORDER_STATUS.AGUARDANDO_COMPROVANTE
      ? confirmPix
      : order.statusKey === ORDER_STATUS.PROCESSANDO
        ? confirmPayment
        : approve;
  return (
    <Alert
      severity={waiting ? 'warning' : 'success'}
      sx={ALERT_SX}
      action={
        waiting && actor ? (
          <Button color="inherit" size="small" disabled={move.isPending} onClick={() => move.mutate({ order })}>
            {T.confirm}
          </Button>
        ) : undefined
      }
    >
      {T.text(formatMoney(pix.amount), formatDateTime(pix.paidAt), pix.endToEndId)}
      {waiting ? ` ${T.waiting}` : ''}
    </Alert>
  );
}
