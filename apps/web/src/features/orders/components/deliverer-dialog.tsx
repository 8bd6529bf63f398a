import { ORDER_TEXTS, type OrderSummary } from '@backoffice/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import DialogContentText from '@mui/material/DialogContentText';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { FormDialog } from '../../../components/form/form-dialog';
import { FormSelectField } from '../../../components/form/form-select-field';
import { SubmitButton } from '../../../components/form/submit-button';
import { ordersKeys } from '../../../components/orders/order-keys';
import { putMovedOrder } from '../../../components/orders/use-order-move';
import { useApiMutation } from '../../../components/use-api-mutation';
import { useDeliverers } from '../../../lib/shared-queries';
import { changeDeliverer } from '../api/orders-api';
import { ORDERS_PAGE_TEXTS } from '../texts';

const T = ORDERS_PAGE_TEXTS.deliverer;

/** A courier is required (spec section 5: 'Informe o motoboy'). */
const delivererFormSchema = z.object({
  delivererId: z.string().min(1, ORDER_TEXTS.delivererRequired).transform(Number),
});
type DelivererForm = z.input<typeof delivererFormSchema>;

interface Props {
  order: OrderSummary | null;
  /** After the courier was changed (the dialog closes itself through `onClose`). */
  onChanged?: () => void;
  onClose: () => void;
}

/**
 * 'Alterar Motoboy': the couriers (shared `useDeliverers`) in a select, 'Cancelar' and 'Confirmar'. Not a
 * move (the status stays): the order's lists, task lists and details change, its history does not.
 */
export function DelivererDialog({ order, onChanged, onClose }: Props) {
  const deliverers = useDeliverers(order !== null);
  const change = useApiMutation<OrderSummary, { order: OrderSummary; delivererId: number }>({
    mutationFn: ({ order, delivererId }) => changeDeliverer(order, delivererId),
    success: ORDER_TEXTS.delivererChanged,
    failure: ORDER_TEXTS.delivererChangeFailed,
    update: (client, changed) => putMovedOrder(client, changed, undefined),
    invalidate: (changed) => [ordersKeys.lists(), ordersKeys.other('tasks'), ordersKeys.detail(changed.orderId)],
    closeDialog: onClose,
    onSuccess: () => onChanged?.(),
  });
  const {
    control,
    handleSubmit,
    reset,
    formState: { isSubmitting },
  } = useForm<DelivererForm, unknown, z.output<typeof delivererFormSchema>>({
    resolver: zodResolver(delivererFormSchema),
    mode: 'onTouched',
    defaultValues: { delivererId: '' },
  });
  useEffect(() => {
    if (order) reset({ delivererId: '' });
  }, [order, reset]);
  if (!order) return null;
  const options = [...(deliverers.data ?? [])]
    .filter((deliverer) => deliverer.id !== order.delivererId)
    .sort((a, b) => a.name.localeCompare(b.name, 'pt-BR'))
    .map((deliverer) => ({ value: String(deliverer.id), label: deliverer.name }));
  return (
    <FormDialog
      open
      titleId="order-deliverer-title"
      title={T.title}
      maxWidth="xs"
      onClose={onClose}
      onSubmit={handleSubmit((values) =>
        change.mutateAsync({ order, delivererId: values.delivererId }).catch(() => undefined),
      )}
      closeText={T.cancel}
      actions={<SubmitButton busy={isSubmitting}>{T.confirm}</SubmitButton>}
    >
      <DialogContentText sx={{ mb: 2 }}>
        {order.code} · {T.current(order.deliverer)}
      </DialogContentText>
      <FormSelectField
        control={control}
        name="delivererId"
        label={T.field}
        required
        fullWidth
        options={options}
        helperText={deliverers.isPending ? T.loading : ' '}
      />
    </FormDialog>
  );
}
