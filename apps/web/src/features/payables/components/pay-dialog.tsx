import {
  businessDay,
  centsToReais,
  PAYABLE_PAYMENT_METHOD_LABELS,
  PAYABLE_PAYMENT_METHODS,
  PAYABLE_TEXTS,
  type PayableDetails,
  type PayablePaymentMethod,
  reaisToCents,
} from '@backoffice/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { FormMoneyField } from '../../../components/form/form-money-field';
import { FormSelectField } from '../../../components/form/form-select-field';
import { FormTextField } from '../../../components/form/form-text-field';
import { FillAmountButton, PaidOnField, PaymentFields, PaymentHeading } from '../../../components/form/payment-fields';
import { SubmitButton } from '../../../components/form/submit-button';
import { WriteFormDialog } from '../../../components/form/write-form-dialog';
import { formatMoney } from '../../../lib/format';
import { usePayBill } from '../api/payables-api';
import { PAYABLES_TEXTS as T } from '../texts';

const METHODS = PAYABLE_PAYMENT_METHODS.map((value) => ({ value, label: PAYABLE_PAYMENT_METHOD_LABELS[value] }));

/** What is open of a bill, in reais, always positive (a credit's too: what is still to come back). */
const openOf = (bill: PayableDetails) => Math.abs(bill.open);

/** The form, checked as the server checks it: a real day up to today, a method, 0 < amount ≤ open. */
function formSchema(open: number) {
  return z.object({
    paidOn: z
      .custom<Dayjs | null>((value) => dayjs.isDayjs(value) && value.isValid(), T.dateInvalid)
      .refine((value) => !value || value.format('YYYY-MM-DD') <= businessDay(new Date()), PAYABLE_TEXTS.paidOnFuture),
    method: z.enum(PAYABLE_PAYMENT_METHODS, { error: PAYABLE_TEXTS.methodInvalid }),
    account: z.string().trim().max(100, PAYABLE_TEXTS.accountInvalid),
    amount: z
      .number({ error: PAYABLE_TEXTS.amountInvalid })
      .gt(0, PAYABLE_TEXTS.amountInvalid)
      .refine((value) => reaisToCents(value) <= reaisToCents(open), PAYABLE_TEXTS.overpaid(formatMoney(open))),
    note: z.string().trim().max(500, PAYABLE_TEXTS.noteInvalid),
  });
}
type FormValues = {
  paidOn: Dayjs | null;
  method: PayablePaymentMethod | '';
  account: string;
  amount: number | null;
  note: string;
};
type FormOutput = z.output<ReturnType<typeof formSchema>>;

/**
 * 'Pagar' (issue 39 §3): in full (the open amount, filled in) or in part; date DD/MM/YYYY (today by default),
 * method, the account it left from, amount typed 1.234,56 and a note. One Idempotency-Key per opening: sending
 * again after no answer pays once. Says what stays open before it is confirmed; full screen on a phone.
 */
export function PayDialog({ bill, onClose }: { bill: PayableDetails; onClose: () => void }) {
  const open = openOf(bill);
  const [key] = useState(() => crypto.randomUUID());
  const [problem, setProblem] = useState<string | null>(null);
  const { control, handleSubmit, setValue } = useForm<FormValues, unknown, FormOutput>({
    resolver: zodResolver(formSchema(open)) as never,
    mode: 'onTouched',
    defaultValues: { paidOn: dayjs(businessDay(new Date())), method: 'PIX', account: '', amount: open, note: '' },
  });
  const amount = useWatch({ control, name: 'amount' });
  const left = typeof amount === 'number' ? centsToReais(reaisToCents(open) - reaisToCents(amount)) : open;
  const pay = usePayBill(onClose, setProblem);
  const busy = pay.isPending;
  const submit = handleSubmit((values) => {
    setProblem(null);
    pay.mutate({
      id: bill.id,
      key,
      body: {
        paidOn: (values.paidOn as Dayjs).format('YYYY-MM-DD'),
        method: values.method,
        account: values.account || null,
        amount: values.amount,
        note: values.note || null,
      },
    });
  });

  return (
    <WriteFormDialog
      titleId="pay-dialog-title"
      title={bill.isCredit ? T.receiveTitle(bill.id) : T.payTitle(bill.id)}
      maxWidth="sm"
      busy={busy}
      onClose={onClose}
      onSubmit={submit}
      closeText={T.close}
      actions={<SubmitButton busy={busy}>{T.confirmPay}</SubmitButton>}
      problem={problem}
    >
      <PaymentHeading
        about={[bill.supplier?.name, bill.description].filter(Boolean).join(' · ')}
        open={T.openNow(formatMoney(open))}
      />
      <PaymentFields>
        <FormMoneyField
          control={control}
          name="amount"
          label={T.amount}
          valueAs="number"
          required
          disabled={busy}
          autoFocus
          helperText={typeof amount === 'number' && left >= 0 ? T.leftAfter(formatMoney(left)) : ' '}
        />
        <FillAmountButton
          text={T.payAll}
          onClick={() => setValue('amount', open, { shouldValidate: true })}
          disabled={busy}
        />
        <PaidOnField control={control} name="paidOn" label={T.paidOn} disabled={busy} />
        <FormSelectField control={control} name="method" label={T.method} options={METHODS} disabled={busy} required />
        <FormTextField control={control} name="account" label={T.account} helperText={T.accountHelp} disabled={busy} />
        <FormTextField control={control} name="note" label={T.note} disabled={busy} />
      </PaymentFields>
    </WriteFormDialog>
  );
}
