import {
  ORDER_PAYMENT_TEXTS,
  ORDER_REFUND_TEXTS,
  type OrderRefund,
  PERMISSIONS,
  REFUND_METHOD_LABELS,
  REFUND_METHODS,
} from '@backoffice/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { api } from '../../lib/api-client';
import { formatDateTime, formatMoney } from '../../lib/format';
import { hasPermission } from '../../lib/session';
import { FormSelectField } from '../form/form-select-field';
import { FormTextField } from '../form/form-text-field';
import { useApiMutation } from '../use-api-mutation';
import { InlinePaymentForm, useInlinePayment } from './inline-payment-form';
import { ordersKeys } from './order-keys';

const T = ORDER_REFUND_TEXTS;

const schema = z.object({
  method: z.enum(REFUND_METHODS),
  note: z.string().trim().max(500, T.noteInvalid),
});
type Values = z.infer<typeof schema>;
const EMPTY: Values = { method: 'PIX', note: '' };

/**
 * The refunds of an order in its 'Pagamentos' (decision 0044's amendment): a refund to record ('Reembolso a
 * registrar: R$ …', why) with 'Registrar reembolso' (Dinheiro or Pix, an optional note) for whoever manages
 * orders, and a refund recorded ('Reembolso registrado (Pix): R$ …', who and when).
 */
export function OrderRefunds({ orderId, refunds }: { orderId: number; refunds: readonly OrderRefund[] }) {
  if (refunds.length === 0) return null;
  return (
    <Stack spacing={1} sx={{ mt: 2 }}>
      {refunds.map((refund) => (
        <RefundLine key={refund.id} orderId={orderId} refund={refund} />
      ))}
    </Stack>
  );
}

function RefundLine({ orderId, refund }: { orderId: number; refund: OrderRefund }) {
  const canRecord = hasPermission(PERMISSIONS.orders);
  const form = useForm<Values>({ resolver: zodResolver(schema), defaultValues: EMPTY });
  const {
    open: recording,
    setOpen: setRecording,
    error,
    setError,
    attempt,
    submit,
    cancel,
  } = useInlinePayment(form, EMPTY);
  const done = useApiMutation({
    mutationFn: (values: Values) =>
      api(`/orders/${orderId}/refunds/${refund.id}/done`, {
        method: 'POST',
        headers: { 'Idempotency-Key': attempt.current() },
        body: { method: values.method, ...(values.note ? { note: values.note } : {}) },
      }),
    success: T.recorded,
    failure: T.recordFailed,
    invalidate: [ordersKeys.other('payments', orderId), ordersKeys.detail(orderId), ordersKeys.lists()],
    errorInDialog: true,
    onError: (_error, message) => setError(message),
    onSuccess: () => {
      attempt.renew();
      setRecording(false);
    },
  });

  if (refund.status === 'DONE' && refund.method) {
    return (
      <Alert severity="success" variant="outlined">
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {T.done(REFUND_METHOD_LABELS[refund.method], formatMoney(refund.amount))}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {[
            refund.reason,
            refund.note,
            [refund.doneBy, refund.doneAt ? formatDateTime(refund.doneAt) : null].filter(Boolean).join(', '),
          ]
            .filter(Boolean)
            .join(' · ')}
        </Typography>
      </Alert>
    );
  }
  return (
    <Alert
      severity="warning"
      variant="outlined"
      sx={{ '& .MuiAlert-message': { width: '100%' } }}
      action={
        canRecord && !recording ? (
          <Button color="inherit" size="small" sx={{ whiteSpace: 'nowrap' }} onClick={() => setRecording(true)}>
            {T.record}
          </Button>
        ) : undefined
      }
    >
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {T.owed(formatMoney(refund.amount))}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
        {refund.reason}
      </Typography>
      {canRecord && recording ? (
        <InlinePaymentForm
          label={T.recordTitle}
          onSubmit={submit((values) => done.mutate(values))}
          onCancel={cancel}
          cancelLabel={ORDER_PAYMENT_TEXTS.cancel}
          submitLabel={T.record}
          busy={done.isPending}
          error={error}
          sx={{ mt: 1 }}
        >
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
            <FormSelectField
              control={form.control}
              name="method"
              label={T.methodLabel}
              options={REFUND_METHODS.map((value) => ({ value, label: REFUND_METHOD_LABELS[value] }))}
              fullWidth
            />
            <FormTextField control={form.control} name="note" label={T.noteLabel} fullWidth />
          </Stack>
        </InlinePaymentForm>
      ) : null}
    </Alert>
  );
}
