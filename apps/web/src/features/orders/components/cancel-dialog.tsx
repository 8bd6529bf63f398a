import { ORDER_LIMITS, ORDER_TEXTS, type OrderSummary } from '@backoffice/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { FormDialog } from '../../../components/form/form-dialog';
import { FormTextField } from '../../../components/form/form-text-field';
import { SubmitButton } from '../../../components/form/submit-button';
import { useOrderMove } from '../../../components/orders/use-order-move';
import { ORDERS_PAGE_TEXTS } from '../texts';

const T = ORDERS_PAGE_TEXTS.cancel;

/** 'Motivo' is required (spec section 5: 'Preencha o campo'). */
export const cancelFormSchema = z.object({
  comment: z
    .string()
    .trim()
    .min(1, ORDER_TEXTS.commentRequired)
    .max(ORDER_LIMITS.maxComment, ORDER_TEXTS.commentTooLong),
});
type CancelForm = z.input<typeof cancelFormSchema>;

interface Props {
  order: OrderSummary | null;
  /** After the order was cancelled (the dialog closes itself through `onClose`). */
  onCancelled?: () => void;
  onClose: () => void;
}

/**
 * Cancel an order: the required multiline 'Motivo', 'Voltar' and 'Cancelar pedido' (the registry's cancel
 * move). A refusal or a lost connection leaves it open with the reason typed.
 */
export function CancelDialog({ order, onCancelled, onClose }: Props) {
  const cancel = useOrderMove('cancel', { closeDialog: onClose, onSuccess: () => onCancelled?.() });
  const {
    control,
    handleSubmit,
    reset,
    formState: { isSubmitting },
  } = useForm<CancelForm, unknown, z.output<typeof cancelFormSchema>>({
    resolver: zodResolver(cancelFormSchema),
    mode: 'onTouched',
    defaultValues: { comment: '' },
  });
  useEffect(() => {
    if (order) reset({ comment: '' });
  }, [order, reset]);
  if (!order) return null;
  return (
    <FormDialog
      open
      titleId="order-cancel-title"
      title={T.title(order.code)}
      maxWidth="sm"
      onClose={onClose}
      onSubmit={handleSubmit((values) => cancel.mutateAsync({ order, comment: values.comment }).catch(() => undefined))}
      closeText={T.back}
      actions={
        <SubmitButton color="error" busy={isSubmitting}>
          {T.confirm}
        </SubmitButton>
      }
    >
      <FormTextField
        control={control}
        name="comment"
        label={T.reason}
        multiline
        minRows={4}
        maxRows={8}
        required
        autoFocus
        fullWidth
        sx={{ mt: 1 }}
      />
    </FormDialog>
  );
}
