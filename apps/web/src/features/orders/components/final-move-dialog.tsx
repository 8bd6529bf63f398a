import { type FinalOrderCommand, ORDER_STATUS, type OrderSummary } from '@backoffice/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { FormDialog } from '../../../components/form/form-dialog';
import { SubmitButton } from '../../../components/form/submit-button';
import { OrderReasonField, useOrderReasonForm } from '../../../components/orders/order-reason-form';
import { useOrderMove } from '../../../components/orders/use-order-move';
import { ApiError } from '../../../lib/api-client';
import { formatMoney } from '../../../lib/format';
import { ORDERS_PAGE_TEXTS } from '../texts';

const T = ORDERS_PAGE_TEXTS.finalMove;

interface Props {
  /** The final move to confirm (the contract's FINAL_ORDER_COMMANDS); null: closed. */
  move: FinalOrderCommand | null;
  order: OrderSummary | null;
  /** The reason already typed where the move was asked for (the credit's decision): shown to be confirmed or changed. */
  comment?: string;
  /** After the move was made (the dialog closes itself through `onClose`). */
  onDone?: () => void;
  onClose: () => void;
}

/**
 * THE confirmation of a final move (Reprovar, Finalizar, Cancelar: the moves to a status nothing undoes,
 * decision 0036): what happens to which order and that it cannot be undone, the required multiline 'Motivo'
 * (kept in the order's history), 'Voltar' and the move's own button. A refusal or a lost connection leaves it
 * open with the reason typed.
 */
export function FinalMoveDialog({ move, order, comment = '', onDone, onClose }: Props) {
  /** 'Finalizar' refused (a cash order, the clerk's drawer closed: decision 0075): the server's words and 'Abrir caixa'. */
  const [refusal, setRefusal] = useState<{ message: string; drawerClosed: boolean } | null>(null);
  const moveCall = useOrderMove(move ?? 'cancel', {
    closeDialog: onClose,
    onSuccess: () => onDone?.(),
    ...(move === 'finalize'
      ? {
          onError: (message: string, error: unknown) =>
            setRefusal({ message, drawerClosed: error instanceof ApiError && error.code === 'CASH_DRAWER_CLOSED' }),
        }
      : {}),
  });
  const {
    control,
    reset,
    submitMove,
    formState: { isSubmitting },
  } = useOrderReasonForm();
  useEffect(() => {
    if (order && move) reset({ comment });
    setRefusal(null);
  }, [order, move, comment, reset]);
  if (!order || !move) return null;
  const texts = T[move];
  const cashDue =
    move === 'finalize' && order.paymentMethod === 'CASH' && order.statusKey === ORDER_STATUS.AGUARDANDO_CLIENTE
      ? (order.cashToCollect ?? order.total)
      : 0;
  return (
    <FormDialog
      open
      titleId="order-final-move-title"
      title={texts.title(order.code)}
      maxWidth="sm"
      onClose={onClose}
      onSubmit={submitMove(moveCall, order)}
      closeText={T.back}
      actions={
        <SubmitButton color={texts.danger ? 'error' : 'primary'} busy={isSubmitting}>
          {texts.confirm}
        </SubmitButton>
      }
    >
      <Alert severity={texts.danger ? 'warning' : 'info'} sx={{ mb: 2 }}>
        {texts.text(order.customer, formatMoney(order.total), order.code)} {T.final}
      </Alert>
      {cashDue > 0 ? (
        <Alert severity="info" sx={{ mb: 2 }}>
          {T.receiveCash(formatMoney(cashDue))}
        </Alert>
      ) : null}
      {refusal ? (
        <Alert
          severity="error"
          sx={{ mb: 2 }}
          action={
            refusal.drawerClosed ? (
              <Button color="inherit" size="small" component={RouterLink} to="/admin/cash">
                {T.openCash}
              </Button>
            ) : undefined
          }
        >
          {refusal.message}
          {refusal.drawerClosed ? ` ${T.openCashHint}` : ''}
        </Alert>
      ) : null}
      <OrderReasonField control={control} label={T.reason} helperText={texts.reasonHelp} />
    </FormDialog>
  );
}
