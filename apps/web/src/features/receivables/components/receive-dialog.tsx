import {
  businessDay,
  RECEIVABLE_PAYMENT_METHOD_LABELS,
  RECEIVABLE_PAYMENT_METHODS,
  RECEIVABLE_TEXTS,
  type Receivable,
  type ReceivableDetails,
  type ReceivablePaymentMethod,
  receivablePaymentBodySchema,
} from '@backoffice/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { FormMoneyField } from '../../../components/form/form-money-field';
import { FormSelectField } from '../../../components/form/form-select-field';
import { FillAmountButton, PaidOnField, PaymentFields, PaymentHeading } from '../../../components/form/payment-fields';
import { SubmitButton } from '../../../components/form/submit-button';
import { WriteFormDialog } from '../../../components/form/write-form-dialog';
import { ApiError } from '../../../lib/api-client';
import { formatDate, formatMoney } from '../../../lib/format';
import { useLateCharges, useReceivable, useReceive } from '../api/receivables-api';
import { dueOn } from '../lib/due-on';
import { RECEIVABLES_TEXTS as T } from '../texts';

const METHODS = RECEIVABLE_PAYMENT_METHODS.map((value) => ({ value, label: RECEIVABLE_PAYMENT_METHOD_LABELS[value] }));

/** The form, checked as the server checks it: a real day up to today, a method, an amount of reais > 0. */
const formSchema = z.object({
  paidOn: z
    .custom<Dayjs | null>((value) => dayjs.isDayjs(value) && value.isValid(), T.dateInvalid)
    .refine((value) => !value || value.format('YYYY-MM-DD') <= businessDay(new Date()), RECEIVABLE_TEXTS.paidOnFuture),
  method: z.enum(RECEIVABLE_PAYMENT_METHODS, { error: RECEIVABLE_TEXTS.methodInvalid }),
  amount: receivablePaymentBodySchema.shape.amount,
});
type FormValues = { paidOn: Dayjs | null; method: ReceivablePaymentMethod | ''; amount: number | null };
type FormOutput = z.output<typeof formSchema>;

const dayOf = (value: Dayjs | null | undefined) => (value?.isValid() ? value.format('YYYY-MM-DD') : null);

/**
 * 'Receber' (issue 40 §2): the method, the day (today by default, never after it) and the amount, prefilled with
 * what the instalment asks that day (open principal, the fine and the interest when late: the contract's
 * `instalmentDue`), typed 1.234,56. One Idempotency-Key per opening: sending again after no answer receives
 * once. A refusal of the amount (409) is said inside, with what the server says it asks, to take with one click.
 * Full screen on a phone; on success it closes and hands the instalment, with its payments, to `onReceived`.
 */
export function ReceiveDialog({
  instalment,
  onClose,
  onReceived,
}: {
  instalment: Receivable;
  onClose: () => void;
  onReceived?: (instalment: ReceivableDetails) => void;
}) {
  const [today] = useState(() => businessDay(new Date()));
  const [key] = useState(() => crypto.randomUUID());
  const [problem, setProblem] = useState<string | null>(null);
  const [serverDue, setServerDue] = useState<{ day: string; total: number } | null>(null);
  const details = useReceivable(instalment.id);
  const settings = useLateCharges();
  const { control, handleSubmit, setValue } = useForm<FormValues, unknown, FormOutput>({
    resolver: zodResolver(formSchema) as never,
    mode: 'onTouched',
    defaultValues: { paidOn: dayjs(today), method: '', amount: instalment.dueToday.total },
  });
  const day = dayOf(useWatch({ control, name: 'paidOn' }));
  const due =
    day && day <= today
      ? dueOn(instalment, day, today, { payments: details.data?.payments, settings: settings.data })
      : null;
  const told = serverDue && serverDue.day === day ? serverDue.total : null;
  const dueTotal = told ?? due?.total ?? null;
  // The amount follows what the chosen day asks (another day, or the payments and rates once read); what the
  // server said after a refusal is offered, not put in place of what was typed.
  const computed = due?.total ?? null;
  const prefilled = useRef(instalment.dueToday.total);
  useEffect(() => {
    if (computed === null || computed === prefilled.current) return;
    prefilled.current = computed;
    setValue('amount', computed, { shouldValidate: true });
  }, [computed, setValue]);

  const receive = useReceive(
    onClose,
    (error, message) => {
      setProblem(message);
      const asked = error instanceof ApiError ? error.details?.due : undefined;
      if (error instanceof ApiError && error.code === 'PAYMENT_OVERPAID' && typeof asked === 'number' && day)
        setServerDue({ day, total: asked });
    },
    (received) => onReceived?.(received),
  );
  const busy = receive.isPending;
  const submit = handleSubmit((values) => {
    setProblem(null);
    receive.mutate({
      id: instalment.id,
      key,
      body: { paidOn: (values.paidOn as Dayjs).format('YYYY-MM-DD'), method: values.method, amount: values.amount },
    });
  });

  return (
    <WriteFormDialog
      titleId="receive-dialog-title"
      title={T.receiveTitle(instalment.seq, instalment.count, instalment.customer.name)}
      maxWidth="sm"
      busy={busy}
      onClose={onClose}
      onSubmit={submit}
      closeText={T.close}
      actions={<SubmitButton busy={busy}>{T.confirmReceive}</SubmitButton>}
    >
      <PaymentHeading
        about={[`${T.order} ${instalment.order.code}`, `${T.dueDate}: ${formatDate(instalment.dueDate)}`].join(' · ')}
        open={T.openNow(formatMoney(instalment.open))}
      >
        <Box sx={{ minHeight: 44 }} data-testid="receive-due">
          {day && dueTotal !== null ? (
            <Typography variant="body2" color="text.secondary">
              {T.asksOn(formatDate(day), formatMoney(dueTotal))}
            </Typography>
          ) : null}
          {due && due.daysLate > 0 && told === null ? (
            <Typography variant="body2" color="error">
              {T.charges(due.daysLate, formatMoney(due.fine), formatMoney(due.interest))}
            </Typography>
          ) : null}
        </Box>
      </PaymentHeading>
      <PaymentFields>
        <FormSelectField
          control={control}
          name="method"
          label={T.method}
          options={METHODS}
          disabled={busy}
          required
          autoFocus
        />
        <PaidOnField control={control} name="paidOn" label={T.paidOn} disabled={busy} />
        <FormMoneyField control={control} name="amount" label={T.amount} valueAs="number" required disabled={busy} />
        <FillAmountButton
          text={T.asksAll}
          onClick={dueTotal === null ? null : () => setValue('amount', dueTotal, { shouldValidate: true })}
          disabled={busy}
        />
      </PaymentFields>
      {problem ? (
        <Alert
          severity="error"
          role="alert"
          sx={{ mt: 2 }}
          action={
            told !== null ? (
              <Button
                color="inherit"
                size="small"
                onClick={() => setValue('amount', told, { shouldValidate: true })}
                disabled={busy}
              >
                {T.takeDue(formatMoney(told))}
              </Button>
            ) : undefined
          }
        >
          {problem}
        </Alert>
      ) : null}
    </WriteFormDialog>
  );
}
