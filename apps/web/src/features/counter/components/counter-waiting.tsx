import {
  type CounterSaleResponse,
  type CounterWaitingSale,
  formatBRL,
  formatBusinessTime,
  reaisToCents,
} from '@backoffice/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useWaitingCounterSales, WAITING_PAGE_SIZE } from '../api/counter-api';
import { COUNTER_SCREEN_TEXTS as T } from '../texts';
import { CounterPixDialog } from './counter-pix-dialog';

/** A waiting sale as the Pix dialog takes it: its Pix part, no change to hand (it was handed at the sale). */
function reopened(sale: CounterWaitingSale): CounterSaleResponse {
  return {
    orderId: sale.orderId,
    code: sale.code,
    statusKey: sale.statusKey,
    total: sale.total,
    change: 0,
    registerName: null,
    pix: sale.pix,
    replayed: true,
  };
}

/**
 * 'Vendas aguardando Pix' (decision 0078): today's counter sales whose Pix has not come, listed by the server a page
 * at a time; one chosen reopens its Pix dialog (the QR again, asked every few seconds until the bank confirms it, or
 * cancelled with its reason) after the clerk left the screen or started another sale.
 */
export function CounterWaiting() {
  const [open, setOpen] = useState(false);
  const [page, setPage] = useState(0);
  const [chosen, setChosen] = useState<CounterWaitingSale | null>(null);
  const waiting = useWaitingCounterSales(page, open);
  const total = waiting.data?.total ?? null;
  const items = waiting.data?.items ?? [];
  const pages = Math.max(1, Math.ceil((total ?? 0) / WAITING_PAGE_SIZE));
  return (
    <>
      <Button
        variant="outlined"
        color={total ? 'warning' : 'inherit'}
        onClick={() => {
          setPage(0);
          setOpen(true);
        }}
      >
        {T.waitingButton(total)}
      </Button>
      {open && !chosen && (
        <Dialog open fullWidth maxWidth="sm" onClose={() => setOpen(false)} aria-labelledby="counter-waiting-title">
          <DialogTitle id="counter-waiting-title">{T.waitingTitle}</DialogTitle>
          <DialogContent>
            <Typography variant="body2" color="text.secondary">
              {T.waitingHelp}
            </Typography>
            {waiting.isError && <Alert severity="error">{T.waitingFailed}</Alert>}
            {waiting.isSuccess && items.length === 0 && <Typography sx={{ mt: 2 }}>{T.waitingNone}</Typography>}
            <List aria-label={T.waitingTitle}>
              {items.map((sale) => (
                <ListItemButton key={sale.orderId} divider onClick={() => setChosen(sale)}>
                  <ListItemText
                    primary={T.waitingLine(sale.code, sale.customer, formatBusinessTime(new Date(sale.createdAt)))}
                    secondary={[
                      T.waitingPix(formatBRL(sale.pix.amount), formatBRL(sale.total)),
                      sale.seller ? T.waitingSeller(sale.seller) : null,
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  />
                </ListItemButton>
              ))}
            </List>
          </DialogContent>
          <DialogActions>
            {pages > 1 && (
              <>
                <Button disabled={page === 0} onClick={() => setPage(page - 1)}>
                  {T.previous}
                </Button>
                <Typography variant="body2">
                  {page + 1}/{pages}
                </Typography>
                <Button disabled={page + 1 >= pages} onClick={() => setPage(page + 1)}>
                  {T.next}
                </Button>
              </>
            )}
            <Button onClick={() => setOpen(false)}>{T.close}</Button>
          </DialogActions>
        </Dialog>
      )}
      {chosen && (
        <CounterPixDialog
          sale={reopened(chosen)}
          given={{ cashCents: reaisToCents(chosen.cash), cardCents: reaisToCents(chosen.card) }}
          onClose={() => {
            setChosen(null);
            void waiting.refetch();
          }}
        />
      )}
    </>
  );
}
