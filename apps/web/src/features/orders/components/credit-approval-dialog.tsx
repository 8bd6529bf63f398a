import { type CustomerCredit, ORDER_STATUS, type OrderSummary } from '@backoffice/contract';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { FormDialog } from '../../../components/form/form-dialog';
import { SubmitButton } from '../../../components/form/submit-button';
import { OrderReasonField, useOrderReasonForm } from '../../../components/orders/order-reason-form';
import { useOrderMove } from '../../../components/orders/use-order-move';
import { formatMoney } from '../../../lib/format';
import { useCustomerCredit, useOrderHistory } from '../api/orders-api';
import { ORDERS_PAGE_TEXTS } from '../texts';
import { FinalMoveDialog } from './final-move-dialog';

const T = ORDERS_PAGE_TEXTS.credit;

interface Props {
  /** An order in 'Aguardando aprovação de crédito' (17); null: closed. */
  order: OrderSummary | null;
  onClose: () => void;
}

/**
 * The checkout's note joins its parts with spaces ('Venda interna (em nome do cliente) Venda a prazo acima do
 * limite: …'): the credit's part, last, starts with these words (the contract's CREDIT_SALE_TEXTS.held*).
 */
const CREDIT_NOTE_START = 'Venda a prazo';

/** Why the sale waits: the credit's part of the note of its latest move into 'Aguardando aprovação de crédito'. */
function useHeldReason(orderId: number | null) {
  const history = useOrderHistory(orderId);
  const note = (history.data ?? [])
    .filter((entry) => entry.statusKey === ORDER_STATUS.AGUARDANDO_APROVACAO_CREDITO && entry.note)
    .at(-1)?.note;
  const at = note?.indexOf(CREDIT_NOTE_START) ?? -1;
  return { note: note ? note.slice(Math.max(at, 0)) : null, loading: history.isPending && orderId !== null };
}

/**
 * Every reason the sale waits now (issue 54 §6), from the customer's credit as the server answers it: late beyond
 * the shop's setting, and what he owes (this sale included: it is not handed over yet) above his limit. Empty when
 * not read or none holds any more (the history's note then says why it was held).
 */
export function heldReasons(credit: CustomerCredit | undefined): string[] {
  if (!credit) return [];
  const reasons: string[] = [];
  const { overdue, exposure, limit } = credit;
  if (overdue?.blockOverdueDays !== undefined && overdue.maxDaysLate > overdue.blockOverdueDays) {
    reasons.push(T.overdueReason(overdue.maxDaysLate, overdue.blockOverdueDays));
  }
  if (exposure && limit !== null && exposure.total > limit) {
    reasons.push(T.overLimitReason(formatMoney(exposure.total), formatMoney(limit)));
  }
  return reasons;
}

function Line({ label, value }: { label: string; value: string }) {
  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
      <Typography component="dt" variant="body2" color="text.secondary" sx={{ minWidth: 88 }}>
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, fontWeight: 600, overflowWrap: 'anywhere' }}>
        {value}
      </Typography>
    </Box>
  );
}

/**
 * A sale on credit held for approval (issue 40 §1): the order's customer and total, why it waits (its history's
 * note: above the limit, or a customer late), the required 'Motivo', then 'Aprovar crédito' (to the stocker) or
 * 'Reprovar crédito', which is final: it asks confirmation in FinalMoveDialog, with the reason typed here. Both are
 * the registry's moves (useOrderMove): the spec's snackbars, the lists read again; a failure keeps the dialog open.
 */
export function CreditApprovalDialog({ order, onClose }: Props) {
  const approve = useOrderMove('approveCredit', { closeDialog: onClose });
  const held = useHeldReason(order?.orderId ?? null);
  const credit = useCustomerCredit(order?.customerId ?? null).data;
  const reasons = heldReasons(credit);
  /** The reason of a refusal being confirmed (FinalMoveDialog, over this one); null: none. */
  const [refusing, setRefusing] = useState<string | null>(null);
  const {
    control,
    handleSubmit,
    reset,
    submitMove,
    formState: { isSubmitting },
  } = useOrderReasonForm();
  const orderId = order?.orderId;
  useEffect(() => {
    if (orderId !== undefined) {
      reset({ comment: '' });
      setRefusing(null);
    }
  }, [orderId, reset]);
  if (!order) return null;
  const busy = isSubmitting || refusing !== null;
  return (
    <>
      <FormDialog
        open
        titleId="order-credit-title"
        title={T.title(order.code)}
        maxWidth="sm"
        onClose={onClose}
        onSubmit={submitMove(approve, order)}
        closeText={T.close}
        actions={
          <>
            <Button
              color="error"
              variant="outlined"
              disabled={busy}
              onClick={() => void handleSubmit((values) => setRefusing(values.comment))()}
            >
              {T.refuse}
            </Button>
            <SubmitButton color="success" busy={isSubmitting}>
              {T.approve}
            </SubmitButton>
          </>
        }
      >
        <Box component="dl" sx={{ m: 0, mb: 2, display: 'grid', gap: 0.5 }}>
          <Line label={T.customer} value={order.customer} />
          <Line label={T.total} value={formatMoney(order.total)} />
          <Line label={T.payment} value={order.payment} />
          {credit?.exposure ? <Line label={T.owed} value={formatMoney(credit.exposure.total)} /> : null}
          {credit && credit.limit !== null ? <Line label={T.limit} value={formatMoney(credit.limit)} /> : null}
        </Box>
        {reasons.length > 0 ? (
          <Alert severity="warning" sx={{ mb: 2 }}>
            <AlertTitle>{T.why}</AlertTitle>
            <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
              {reasons.map((reason) => (
                <li key={reason}>{reason}</li>
              ))}
            </Box>
          </Alert>
        ) : held.note ? (
          <Alert severity="warning" sx={{ mb: 2 }}>
            <AlertTitle>{T.why}</AlertTitle>
            {held.note}
          </Alert>
        ) : held.loading ? (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {T.loadingWhy}
          </Typography>
        ) : null}
        <OrderReasonField control={control} label={ORDERS_PAGE_TEXTS.finalMove.reason} helperText={T.reasonHelp} />
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {T.text}
        </Typography>
      </FormDialog>
      {/* Beside the form, not in it: a submit in the confirmation must not reach this form's submit too. */}
      <FinalMoveDialog
        move={refusing !== null ? 'refuseCredit' : null}
        order={refusing !== null ? order : null}
        comment={refusing ?? ''}
        onDone={onClose}
        onClose={() => setRefusing(null)}
      />
    </>
  );
}
