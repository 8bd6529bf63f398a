import { PERMISSIONS, RECEIVABLE_PAYMENT_METHOD_LABELS, type ReceivablePayment } from '@backoffice/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import type { Theme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useState } from 'react';
import { useNotify } from '../../../components/notifier';
import { refusalMessage } from '../../../lib/api-client';
import { formatDate, formatDateTime, formatMoney } from '../../../lib/format';
import { hasPermission, useSession } from '../../../lib/session';
import { downloadReceipt, useReceivable } from '../api/receivables-api';
import { RECEIVABLES_TEXTS as T } from '../texts';
import { InstalmentCharge } from './instalment-charge';
import { ReceivableStatusChip } from './receivable-status-chip';
import { ReceiveDialog } from './receive-dialog';
import { UndoDialog } from './undo-dialog';

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="h6" component="p">
        {value}
      </Typography>
    </div>
  );
}

/** 'Recibo': the payment's receipt (PDF) downloaded with the token; a failure said in the snackbar. */
function ReceiptButton({ receivableId, paymentId }: { receivableId: number; paymentId: number }) {
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      await downloadReceipt(receivableId, paymentId);
    } catch (error) {
      notify.error(refusalMessage(error, T.receiptFailed));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button size="small" onClick={() => void download()} disabled={busy}>
      {T.receipt}
    </Button>
  );
}

/**
 * An instalment (issue 40 §2): its figures (value, paid, open, what it asks today with the days late, the fine
 * and the interest), its payments — undone ones struck through with when and why — each with its 'Recibo', and
 * 'Desfazer' on the latest one that counts for 'Crédito e cobrança'; 'Receber' while something is open.
 */
export function ReceivableDialog({ id, onClose }: { id: number; onClose: () => void }) {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  useSession(); // re-render when the session changes
  const canUndo = hasPermission(PERMISSIONS.credit);
  const instalment = useReceivable(id);
  const [receiving, setReceiving] = useState(false);
  const [undoing, setUndoing] = useState<ReceivablePayment | null>(null);
  const data = instalment.data;
  const latest = data?.payments.filter((p) => p.undoneAt === null).at(-1);
  const payable = data !== undefined && data.open > 0 && (data.status === 'OPEN' || data.status === 'OVERDUE');
  const title = data ? T.detailsTitle(data.seq, data.count, data.order.code) : T.instalment;
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" fullScreen={phone} aria-labelledby="receivable-title">
      <DialogTitle id="receivable-title">{title}</DialogTitle>
      <DialogContent>
        {!data ? (
          <CircularProgress aria-label={title} />
        ) : (
          <Stack spacing={2}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
              <ReceivableStatusChip status={data.status} />
              <Typography sx={{ fontWeight: 600 }}>{data.customer.name}</Typography>
            </Stack>
            <Typography variant="body2" color="text.secondary">
              {`${T.dueDate}: ${formatDate(data.dueDate)}`}
            </Typography>
            <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(4, 1fr)' }, gap: 1 }}>
              <Figure label={T.amount} value={formatMoney(data.amount)} />
              <Figure label={T.paid} value={formatMoney(data.paid)} />
              <Figure label={T.open} value={formatMoney(data.open)} />
              <Figure label={T.dueToday} value={formatMoney(data.dueToday.total)} />
            </Box>
            {data.dueToday.daysLate > 0 && data.open > 0 ? (
              <Typography color="error" variant="body2">
                {T.late(data.dueToday.daysLate, formatMoney(data.dueToday.fine), formatMoney(data.dueToday.interest))}
              </Typography>
            ) : null}
            {payable ? (
              <>
                <Divider />
                <InstalmentCharge instalment={data} />
              </>
            ) : null}
            <Divider />
            <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
              {T.payments}
            </Typography>
            {data.payments.length === 0 ? (
              <Typography color="text.secondary">{T.noPayments}</Typography>
            ) : (
              <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label={T.payments}>
                {data.payments.map((p) => (
                  <Box
                    component="li"
                    key={p.id}
                    sx={{
                      display: 'flex',
                      gap: 1,
                      alignItems: 'center',
                      justifyContent: 'space-between',
                      flexWrap: 'wrap',
                    }}
                  >
                    <div>
                      <Typography sx={{ fontWeight: 600, textDecoration: p.undoneAt ? 'line-through' : 'none' }}>
                        {formatMoney(p.amount)}
                      </Typography>
                      <Typography variant="body2" color="text.secondary">
                        {T.paymentLine(
                          formatDate(p.paidOn),
                          RECEIVABLE_PAYMENT_METHOD_LABELS[p.method],
                          p.employee?.name ?? T.bank,
                        )}
                      </Typography>
                      {p.fine > 0 || p.interest > 0 ? (
                        <Typography variant="body2" color="text.secondary">
                          {T.paymentSplit(formatMoney(p.principal), formatMoney(p.fine), formatMoney(p.interest))}
                        </Typography>
                      ) : null}
                      {p.undoneAt ? (
                        <Typography variant="body2" color="error">
                          {T.undoneLine(formatDateTime(p.undoneAt), p.undoReason ?? '')}
                        </Typography>
                      ) : null}
                    </div>
                    <Stack direction="row" spacing={1}>
                      <ReceiptButton receivableId={data.id} paymentId={p.id} />
                      {canUndo && p.id === latest?.id ? (
                        <Button size="small" color="error" onClick={() => setUndoing(p)}>
                          {T.undo}
                        </Button>
                      ) : null}
                    </Stack>
                  </Box>
                ))}
              </Stack>
            )}
          </Stack>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose}>{T.close}</Button>
        {payable ? (
          <Button variant="contained" onClick={() => setReceiving(true)}>
            {T.receive}
          </Button>
        ) : null}
      </DialogActions>
      {receiving && data ? <ReceiveDialog instalment={data} onClose={() => setReceiving(false)} /> : null}
      {undoing ? <UndoDialog receivableId={id} payment={undoing} onClose={() => setUndoing(null)} /> : null}
    </Dialog>
  );
}
