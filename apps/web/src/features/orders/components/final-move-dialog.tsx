import type { FinalOrderCommand, OrderSummary } from '@backoffice/contract';
import Alert from '@mui/material/Alert';
import { useEffect } from 'react';
import { FormDialog } from '../../../components/form/form-dialog';
import { SubmitButton } from '../../../components/form/submit-button';
import { OrderReasonField, useOrderReasonForm } from '../../../components/orders/order-reason-form';
import { useOrderMove } from '../../../components/orders/use-order-move';
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
  const moveCall = useOrderMove(move ?? 'cancel', { closeDialog: onClose, onSuccess: () => onDone?.() });
  const {
    control,
    reset,
    submitMove,
    formState: { isSubmitting },
  } = useOrderReasonForm();
  useEffect(() => {
    if (order && move) reset({ comment });
  }, [order, move, comment, reset]);
  if (!order || !move) return null;
  const texts = T[move];
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
      <OrderReasonField control={control} label={T.reason} helperText={texts.reasonHelp} />
    </FormDialog>
  );
}
