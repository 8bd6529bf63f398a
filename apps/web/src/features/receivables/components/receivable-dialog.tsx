import { PERMISSIONS, RECEIVABLE_PAYMENT_METHOD_LABELS, type ReceivablePayment } from '@backoffice/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { DetailsDialog, DetailsFigure } from '../../../components/details-dialog';
import { useNotify } from '../../../components/notifier';
import { PaymentItem, PaymentList } from '../../../components/payment-list';
import { refusalMessage } from '../../../lib/api-client';
import { formatDate, formatDateTime, formatMoney } from '../../../lib/format';
import { hasPermission, useSession } from '../../../lib/session';
import { downloadReceipt, useReceivable } from '../api/receivables-api';
import { RECEIVABLES_TEXTS as T } from '../texts';
import { InstalmentBoleto } from './instalment-boleto';
import { InstalmentCharge } from './instalment-charge';
import { ReceivableStatusChip } from './receivable-status-chip';
import { ReceiveDialog } from './receive-dialog';
import { UndoDialog } from './undo-dialog';

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
    <DetailsDialog
      titleId="receivable-title"
      title={title}
      record={data}
      onClose={onClose}
      closeText={T.close}
      action={payable ? { text: T.receive, onClick: () => setReceiving(true) } : null}
      nested={
        <>
          {receiving && data ? <ReceiveDialog instalment={data} onClose={() => setReceiving(false)} /> : null}
          {undoing ? <UndoDialog receivableId={id} payment={undoing} onClose={() => setUndoing(null)} /> : null}
        </>
      }
    >
      {(data) => (
        <>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <ReceivableStatusChip status={data.status} />
            <Typography sx={{ fontWeight: 600 }}>{data.customer.name}</Typography>
          </Stack>
          <Typography variant="body2" color="text.secondary">
            {`${T.dueDate}: ${formatDate(data.dueDate)}`}
          </Typography>
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(4, 1fr)' }, gap: 1 }}>
            <DetailsFigure label={T.amount} value={formatMoney(data.amount)} />
            <DetailsFigure label={T.paid} value={formatMoney(data.paid)} />
            <DetailsFigure label={T.open} value={formatMoney(data.open)} />
            <DetailsFigure label={T.dueToday} value={formatMoney(data.dueToday.total)} />
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
          <InstalmentBoleto instalment={data} open={payable} />
          <PaymentList title={T.payments} emptyText={T.noPayments} label={T.payments}>
            {data.payments.map((p) => (
              <PaymentItem
                key={p.id}
                amount={formatMoney(p.amount)}
                undoneText={p.undoneAt ? T.undoneLine(formatDateTime(p.undoneAt), p.undoReason ?? '') : null}
                actions={
                  <Stack direction="row" spacing={1}>
                    <ReceiptButton receivableId={data.id} paymentId={p.id} />
                    {canUndo && p.id === latest?.id ? (
                      <Button size="small" color="error" onClick={() => setUndoing(p)}>
                        {T.undo}
                      </Button>
                    ) : null}
                  </Stack>
                }
              >
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
              </PaymentItem>
            ))}
          </PaymentList>
        </>
      )}
    </DetailsDialog>
  );
}
