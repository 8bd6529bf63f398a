import { PAYABLE_CATEGORY_LABELS, PAYABLE_PAYMENT_METHOD_LABELS, type PayablePayment } from '@backoffice/contract';
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
import { formatDate, formatDateTime, formatMoney } from '../../../lib/format';
import { usePayable } from '../api/payables-api';
import { PAYABLES_TEXTS as T } from '../texts';
import { PayDialog } from './pay-dialog';
import { PayableStatusChip } from './payable-status-chip';
import { ReasonDialog } from './reason-dialog';

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

/**
 * A bill (issue 39 §3): its figures (amount, paid, open), its payments — undone ones struck through with who,
 * when and why — and 'Pagar', 'Desfazer pagamento' on each payment, 'Cancelar conta' while nothing is paid.
 */
export function PayableDialog({ id, onClose }: { id: number; onClose: () => void }) {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const bill = usePayable(id);
  const [paying, setPaying] = useState(false);
  const [undoing, setUndoing] = useState<PayablePayment | null>(null);
  const [canceling, setCanceling] = useState(false);
  const data = bill.data;
  const open = data ? Math.abs(data.open) > 0 : false;
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" fullScreen={phone} aria-labelledby="payable-title">
      <DialogTitle id="payable-title">{T.billTitle(id)}</DialogTitle>
      <DialogContent>
        {!data ? (
          <CircularProgress aria-label={T.billTitle(id)} />
        ) : (
          <Stack spacing={2}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
              <PayableStatusChip status={data.status} />
              <Typography color="text.secondary">
                {PAYABLE_CATEGORY_LABELS[data.category]}
                {data.isCredit ? ` · ${T.credit}` : ''}
              </Typography>
            </Stack>
            <div>
              <Typography sx={{ fontWeight: 600 }}>{data.supplier?.name ?? T.noSupplier}</Typography>
              <Typography>{data.description}</Typography>
              <Typography variant="body2" color="text.secondary">
                {[
                  `${T.dueDate}: ${formatDate(data.dueDate)}`,
                  data.documentNumber ? `${T.documentNumber}: ${data.documentNumber}` : null,
                  data.purchaseId ? T.purchase(data.purchaseId) : null,
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {T.createdBy(data.createdBy.name, formatDateTime(data.createdAt))}
              </Typography>
              {data.cancelReason ? <Typography color="error">{T.canceledLine(data.cancelReason)}</Typography> : null}
            </div>
            <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(3, 1fr)', gap: 1 }}>
              <Figure label={T.amount} value={formatMoney(data.amount)} />
              <Figure label={T.paid} value={formatMoney(data.paid)} />
              <Figure label={T.open} value={formatMoney(data.open)} />
            </Box>
            <Divider />
            <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
              {T.payments}
            </Typography>
            {data.payments.length === 0 ? (
              <Typography color="text.secondary">{T.noPayments}</Typography>
            ) : (
              <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
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
                        {T.paymentLine(formatDate(p.paidOn), PAYABLE_PAYMENT_METHOD_LABELS[p.method], p.employee.name)}
                        {p.account ? ` · ${p.account}` : ''}
                        {p.note ? ` · ${p.note}` : ''}
                      </Typography>
                      {p.undoneAt ? (
                        <Typography variant="body2" color="error">
                          {T.undoneLine(p.undoneBy?.name ?? '', formatDateTime(p.undoneAt), p.undoReason ?? '')}
                        </Typography>
                      ) : null}
                    </div>
                    {p.undoneAt ? null : (
                      <Button size="small" color="error" onClick={() => setUndoing(p)}>
                        {T.undo}
                      </Button>
                    )}
                  </Box>
                ))}
              </Stack>
            )}
          </Stack>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1 }}>
        {data && data.status !== 'CANCELED' && data.paid === 0 ? (
          <Button color="error" onClick={() => setCanceling(true)}>
            {T.cancelBill}
          </Button>
        ) : null}
        <Box sx={{ flex: 1 }} />
        <Button onClick={onClose}>{T.close}</Button>
        {data && open && data.status !== 'CANCELED' ? (
          <Button variant="contained" onClick={() => setPaying(true)}>
            {T.pay}
          </Button>
        ) : null}
      </DialogActions>
      {paying && data ? <PayDialog bill={data} onClose={() => setPaying(false)} /> : null}
      {undoing ? (
        <ReasonDialog
          kind="undo"
          billId={id}
          paymentId={undoing.id}
          title={T.undoTitle}
          text={T.undoText(formatMoney(undoing.amount), formatDate(undoing.paidOn))}
          onClose={() => setUndoing(null)}
        />
      ) : null}
      {canceling ? (
        <ReasonDialog
          kind="cancel"
          billId={id}
          title={T.cancelTitle(id)}
          text={T.cancelText}
          onClose={() => setCanceling(false)}
        />
      ) : null}
    </Dialog>
  );
}
