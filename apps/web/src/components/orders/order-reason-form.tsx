import { ORDER_LIMITS, ORDER_TEXTS, type OrderSummary } from '@backoffice/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import type { FormEventHandler } from 'react';
import { type Control, type UseFormReturn, useForm } from 'react-hook-form';
import { z } from 'zod';
import { FormTextField } from '../form/form-text-field';

/** 'Motivo' is required on the screen (spec section 5: 'Preencha o campo'), for every final move. */
export const orderReasonSchema = z.object({
  comment: z
    .string()
    .trim()
    .min(1, ORDER_TEXTS.commentRequired)
    .max(ORDER_LIMITS.maxComment, ORDER_TEXTS.commentTooLong),
});
type OrderReasonInput = z.input<typeof orderReasonSchema>;
type OrderReasonOutput = z.output<typeof orderReasonSchema>;

/** A move sent with its reason (useOrderMove's mutation). */
interface ReasonMove {
  mutateAsync(vars: { order: OrderSummary; comment: string }): Promise<unknown>;
}

/**
 * The form of an order move's reason: 'Motivo', empty at first, checked once it is left; `submitMove(move,
 * order)` is the form's submit that makes the move with the reason (a failure leaves the dialog open: the move
 * says it).
 */
export function useOrderReasonForm(): UseFormReturn<OrderReasonInput, unknown, OrderReasonOutput> & {
  submitMove: (move: ReasonMove, order: OrderSummary) => FormEventHandler<HTMLFormElement>;
} {
  const form = useForm<OrderReasonInput, unknown, OrderReasonOutput>({
    resolver: zodResolver(orderReasonSchema),
    mode: 'onTouched',
    defaultValues: { comment: '' },
  });
  const submitMove = (move: ReasonMove, order: OrderSummary) =>
    form.handleSubmit((values) => move.mutateAsync({ order, comment: values.comment }).catch(() => undefined));
  return { ...form, submitMove };
}

/**
 * An order move's required 'Motivo' (kept in the order's history): multiline, 3 to 8 lines, the dialog's whole
 * width, focused when the dialog opens; `helperText` says what it is for.
 */
export function OrderReasonField({
  control,
  label,
  helperText,
}: {
  control: Control<OrderReasonInput, unknown, OrderReasonOutput>;
  label: string;
  helperText: string;
}) {
  return (
    <FormTextField
      control={control}
      name="comment"
      label={label}
      helperText={helperText}
      multiline
      minRows={3}
      maxRows={8}
      required
      autoFocus
      fullWidth
    />
  );
}
