import { type FinalOrderCommand, ORDER_LIMITS, ORDER_TEXTS, type OrderSummary } from '@backoffice/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { FormDialog } from '../../../components/form/form-dialog';
import { FormTextField } from '../../../components/form/form-text-field';
import { SubmitButton } from '../../../components/form/submit-button';
import { useOrderMove } from '../../../components/orders/use-order-move';
import { formatMoney } from '../../../lib/format';
import { ORDERS_PAGE_TEXTS } from '../texts';

const T = ORDERS_PAGE_TEXTS.finalMove;

/** 'Motivo' is required on the screen (spec section 5: 'Preencha o campo'), for every final move. */
export const reasonFormSchema = z.object({
  comment: z
    .string()
    .trim()
    .min(1, ORDER_TEXTS.commentRequired)
    .max(ORDER_LIMITS.maxComment, ORDER_TEXTS.commentTooLong),
});
type ReasonForm = z.input<typeof reasonFormSchema>;

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
    handleSubmit,
    reset,
    formState: { isSubmitting },
  } = useForm<ReasonForm, unknown, z.output<typeof reasonFormSchema>>({
    resolver: zodResolver(reasonFormSchema),
    mode: 'onTouched',
    defaultValues: { comment: '' },
  });
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
      onSubmit={handleSubmit((values) =>
        moveCall.mutateAsync({ order, comment: values.comment }).catch(() => undefined),
      )}
      closeText={T.back}
      actions={
        <SubmitButton color={texts.danger ? 'error' : 'primary'} busy={isSubmitting}>
          {texts.confirm}
        </SubmitButton>
      }
    >
      <Alert severity={texts.danger ? 'warning' : 'info'} sx={{ mb: 2 }}>
        {texts.text(order.customer, formatMoney(order.total))} {T.final}
      </Alert>
      <FormTextField
        control={control}
        name="comment"
        label={T.reason}
        helperText={texts.reasonHelp}
        multiline
        minRows={3}
        maxRows={8}
        required
        autoFocus
        fullWidth
      />
    </FormDialog>
  );
}
