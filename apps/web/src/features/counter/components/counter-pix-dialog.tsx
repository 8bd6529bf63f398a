import {
  type CounterSaleResponse,
  centsToReais,
  formatBRL,
  ORDER_STATUS,
  orderStatusLabel,
} from '@backoffice/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { PixCode } from '../../../components/pix-code';
import { useCancelCounterSale, useConfirmCounterPix, useCounterSaleState } from '../api/counter-api';
import { COUNTER_SCREEN_TEXTS as T } from '../texts';

interface Props {
  /** The sale as 'Concluir venda' answered it, with its Pix part. */
  sale: CounterSaleResponse;
  /** What its cash and card parts took: what a cancellation gives back. */
  given: { cashCents: number; cardCents: number };
  /** 'Nova venda'. */
  onClose: () => void;
}

/**
 * A counter sale waiting for its Pix (decision 0074): the QR and 'Copia e cola' of its Pix part while the dialog asks
 * the server every few seconds; 'Venda concluída' once the bank confirmed it (the system handed the goods over), or
 * 'Venda cancelada' after 'Cancelar venda' with its reason (stock back, cash out of the drawer to the customer).
 */
export function CounterPixDialog({ sale, given, onClose }: Props) {
  const { cashCents, cardCents } = given;
  const state = useCounterSaleState(sale.orderId);
  const [asking, setAsking] = useState(false);
  const [reason, setReason] = useState('');
  const cancel = useCancelCounterSale(sale.orderId, () => setAsking(false));
  const confirm = useConfirmCounterPix(sale.orderId);
  const statusKey = state.data?.statusKey ?? sale.statusKey;
  const pix = state.data?.pix ?? sale.pix;
  if (!pix) return null;
  const amount = formatBRL(pix.amount);

  if (statusKey === ORDER_STATUS.FINALIZADOS || statusKey === ORDER_STATUS.CANCELADO) {
    const done = statusKey === ORDER_STATUS.FINALIZADOS;
    return (
      <Dialog open onClose={onClose}>
        <DialogTitle>{done ? T.doneTitle : T.cancelledTitle}</DialogTitle>
        <DialogContent>
          {done ? (
            <>
              <Typography>{T.pixDone(amount)}</Typography>
              <Typography>{T.doneCode(sale.code)}</Typography>
              {sale.change > 0 && (
                <Typography variant="h5" component="p" sx={{ mt: 1 }}>
                  {T.doneChange(formatBRL(sale.change))}
                </Typography>
              )}
            </>
          ) : (
            <Stack spacing={1}>
              <Typography>{T.cancelled(sale.code)}</Typography>
              {cashCents > 0 && <Alert severity="warning">{T.cancelledCash(formatBRL(centsToReais(cashCents)))}</Alert>}
              {cardCents > 0 && <Alert severity="warning">{T.cancelledCard}</Alert>}
            </Stack>
          )}
        </DialogContent>
        <DialogActions>
          <Button variant="contained" autoFocus onClick={onClose}>
            {T.newSale}
          </Button>
        </DialogActions>
      </Dialog>
    );
  }

  const waitsForClick = pix.status === 'CONFIRMED' && statusKey === ORDER_STATUS.AGUARDANDO_COMPROVANTE;
  const moved = statusKey !== ORDER_STATUS.PROCESSANDO && statusKey !== ORDER_STATUS.AGUARDANDO_COMPROVANTE;
  return (
    <Dialog open>
      <DialogTitle>{T.pixTitle(amount)}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ alignItems: 'center' }}>
          {sale.change > 0 && (
            <Typography variant="h6" component="p">
              {T.doneChange(formatBRL(sale.change))}
            </Typography>
          )}
          {pix.payload ? <PixCode payload={pix.payload} /> : <Alert severity="error">{T.pixNoCode}</Alert>}
          {moved ? (
            <Alert severity="info">{T.orderMoved(orderStatusLabel(statusKey))}</Alert>
          ) : waitsForClick ? (
            <Alert
              severity="success"
              action={
                <Button color="inherit" size="small" disabled={confirm.isPending} onClick={() => confirm.mutate()}>
                  {T.confirmPix}
                </Button>
              }
            >
              {T.pixToConfirm}
            </Alert>
          ) : (
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <CircularProgress size={18} />
              <Typography variant="body2">{T.pixWaiting}</Typography>
            </Stack>
          )}
          {asking && (
            <TextField
              fullWidth
              autoFocus
              required
              label={T.cancelReason}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
            />
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        {asking ? (
          <>
            <Button onClick={() => setAsking(false)}>{T.keepWaiting}</Button>
            <Button
              color="error"
              variant="contained"
              disabled={reason.trim() === '' || cancel.isPending}
              onClick={() => cancel.mutate({ comment: reason.trim() })}
            >
              {T.cancelConfirm}
            </Button>
          </>
        ) : (
          <Button color="error" onClick={() => setAsking(true)}>
            {T.cancelSale}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
