import { PAYABLE_CATEGORY_LABELS, PAYABLE_PAYMENT_METHOD_LABELS, type PayablePayment } from '@backoffice/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { DetailsDialog, DetailsFigure } from '../../../components/details-dialog';
import { PaymentItem, PaymentList } from '../../../components/payment-list';
import { formatDate, formatDateTime, formatMoney } from '../../../lib/format';
import { usePayable } from '../api/payables-api';
import { PAYABLES_TEXTS as T } from '../texts';
import { PayDialog } from './pay-dialog';
import { PayableStatusChip } from './payable-status-chip';
import { ReasonDialog } from './reason-dialog';

/**
 * A bill (issue 39 §3): its figures (amount, paid, open), its payments — undone ones struck through with who,
 * when and why — and 'Pagar', 'Desfazer pagamento' on each payment, 'Cancelar conta' while nothing is paid.
 */
export function PayableDialog({ id, onClose }: { id: number; onClose: () => void }) {
  const bill = usePayable(id);
  const [paying, setPaying] = useState(false);
  const [undoing, setUndoing] = useState<PayablePayment | null>(null);
  const [canceling, setCanceling] = useState(false);
  const data = bill.data;
  const open = data ? Math.abs(data.open) > 0 : false;
  return (
    <DetailsDialog
      titleId="payable-title"
      title={T.billTitle(id)}
      record={data}
      onClose={onClose}
      closeText={T.close}
      action={data && open && data.status !== 'CANCELED' ? { text: T.pay, onClick: () => setPaying(true) } : null}
      sideActions={
        data && data.status !== 'CANCELED' && data.paid === 0 ? (
          <Button color="error" onClick={() => setCanceling(true)}>
            {T.cancelBill}
          </Button>
        ) : null
      }
      nested={
        <>
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
        </>
      }
    >
      {(data) => (
        <>
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
            <DetailsFigure label={T.amount} value={formatMoney(data.amount)} />
            <DetailsFigure label={T.paid} value={formatMoney(data.paid)} />
            <DetailsFigure label={T.open} value={formatMoney(data.open)} />
          </Box>
          <PaymentList title={T.payments} emptyText={T.noPayments}>
            {data.payments.map((p) => (
              <PaymentItem
                key={p.id}
                amount={formatMoney(p.amount)}
                undoneText={
                  p.undoneAt
                    ? T.undoneLine(p.undoneBy?.name ?? '', formatDateTime(p.undoneAt), p.undoReason ?? '')
                    : null
                }
                actions={
                  p.undoneAt ? null : (
                    <Button size="small" color="error" onClick={() => setUndoing(p)}>
                      {T.undo}
                    </Button>
                  )
                }
              >
                <Typography variant="body2" color="text.secondary">
                  {T.paymentLine(formatDate(p.paidOn), PAYABLE_PAYMENT_METHOD_LABELS[p.method], p.employee.name)}
                  {p.account ? ` · ${p.account}` : ''}
                  {p.note ? ` · ${p.note}` : ''}
                </Typography>
                {chargesOf(p) ? (
                  <Typography variant="body2" color="text.secondary">
                    {chargesOf(p)}
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

/** A payment's fine, interest and discount and what left the account, when it had any (issue 54 §8). */
function chargesOf(p: PayablePayment): string | null {
  if (!p.fine && !p.interest && !p.discount) return null;
  return T.charges(
    [
      p.fine ? T.fineLine(formatMoney(p.fine)) : null,
      p.interest ? T.interestLine(formatMoney(p.interest)) : null,
      p.discount ? T.discountLine(formatMoney(p.discount)) : null,
      T.totalLine(formatMoney(p.total)),
    ].filter((part): part is string => part !== null),
  );
}
