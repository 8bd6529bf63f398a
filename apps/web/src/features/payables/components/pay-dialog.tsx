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
import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';
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
import { usePayableAccounts, usePayBill } from '../api/payables-api';
import { PAYABLES_TEXTS as T } from '../texts';

const METHODS = PAYABLE_PAYMENT_METHODS.map((value) => ({ value, label: PAYABLE_PAYMENT_METHOD_LABELS[value] }));

/** What is open of a bill, in reais, always positive (a credit's too: what is still to come back). */
const openOf = (bill: PayableDetails) => Math.abs(bill.open);

/** A charge or a discount as typed: empty is none, else zero or more. */
const extra = (message: string) => z.number({ error: message }).min(0, message).nullable();

/**
 * The form, checked as the server checks it: a real day up to today, a method, 0 < principal ≤ open, the
 * charges zero or more, the discount never above what is open nor above the principal (issue 54 §8).
 */
function formSchema(open: number) {
  return z
    .object({
      paidOn: z
        .custom<Dayjs | null>((value) => dayjs.isDayjs(value) && value.isValid(), T.dateInvalid)
        .refine((value) => !value || value.format('YYYY-MM-DD') <= businessDay(new Date()), PAYABLE_TEXTS.paidOnFuture),
      method: z.enum(PAYABLE_PAYMENT_METHODS, { error: PAYABLE_TEXTS.methodInvalid }),
      accountId: z.union([z.number().int().positive(), z.literal('')]),
      amount: z
        .number({ error: PAYABLE_TEXTS.amountInvalid })
        .gt(0, PAYABLE_TEXTS.amountInvalid)
        .refine((value) => reaisToCents(value) <= reaisToCents(open), PAYABLE_TEXTS.overpaid(formatMoney(open))),
      fine: extra(PAYABLE_TEXTS.fineInvalid),
      interest: extra(PAYABLE_TEXTS.interestInvalid),
      discount: extra(PAYABLE_TEXTS.discountInvalid).refine(
        (value) => reaisToCents(value ?? 0) <= reaisToCents(open),
        PAYABLE_TEXTS.discountAboveOpen(formatMoney(open)),
      ),
      note: z.string().trim().max(500, PAYABLE_TEXTS.noteInvalid),
    })
    .refine((values) => reaisToCents(values.discount ?? 0) <= reaisToCents(values.amount), {
      path: ['discount'],
      message: PAYABLE_TEXTS.discountAbovePrincipal,
    });
}
type FormValues = {
  paidOn: Dayjs | null;
  method: PayablePaymentMethod | '';
  accountId: number | '';
  amount: number | null;
  fine: number | null;
  interest: number | null;
  discount: number | null;
  note: string;
};

/** What leaves the account, in cents: principal + fine + interest − discount (empty fields are none). */
export function totalOutCents(values: Pick<FormValues, 'amount' | 'fine' | 'interest' | 'discount'>): number {
  const cents = (value: number | null) => (typeof value === 'number' ? reaisToCents(value) : 0);
  return cents(values.amount) + cents(values.fine) + cents(values.interest) - cents(values.discount);
}
type FormOutput = z.output<ReturnType<typeof formSchema>>;

/**
 * 'Pagar' (issue 39 §3): in full (the open amount, filled in) or in part; date DD/MM/YYYY (today by default),
 * method, the shop's account it left from (a select of the active ones, issue 54 §8), amount typed 1.234,56,
 * the fine, interest and discount apart with the total that leaves the account, and a note. One Idempotency-Key per opening: sending
 * again after no answer pays once. Says what stays open before it is confirmed; full screen on a phone.
 */
export function PayDialog({ bill, onClose }: { bill: PayableDetails; onClose: () => void }) {
  const open = openOf(bill);
  const [key] = useState(() => crypto.randomUUID());
  const [problem, setProblem] = useState<string | null>(null);
  const { control, handleSubmit, setValue } = useForm<FormValues, unknown, FormOutput>({
    resolver: zodResolver(formSchema(open)) as never,
    mode: 'onTouched',
    defaultValues: {
      paidOn: dayjs(businessDay(new Date())),
      method: 'PIX',
      accountId: '',
      amount: open,
      fine: null,
      interest: null,
      discount: null,
      note: '',
    },
  });
  const [amount, fine, interest, discount] = useWatch({ control, name: ['amount', 'fine', 'interest', 'discount'] });
  const left = typeof amount === 'number' ? centsToReais(reaisToCents(open) - reaisToCents(amount)) : open;
  const total = centsToReais(totalOutCents({ amount, fine, interest, discount }));
  const late = bill.status === 'OVERDUE';
  const accounts = usePayableAccounts();
  const accountOptions = (accounts.data ?? []).map((a) => ({ value: a.id, label: T.accountOption(a.name, a.detail) }));
  const pay = usePayBill(onClose, setProblem);
  const busy = pay.isPending;
  const submit = handleSubmit((values) =>
    pay.mutate({
      id: bill.id,
      key,
      body: {
        paidOn: (values.paidOn as Dayjs).format('YYYY-MM-DD'),
        method: values.method,
        ...(values.accountId === '' ? {} : { accountId: values.accountId }),
        amount: values.amount,
        ...(values.fine ? { fine: values.fine } : {}),
        ...(values.interest ? { interest: values.interest } : {}),
        ...(values.discount ? { discount: values.discount } : {}),
        note: values.note || null,
      },
    }),
  );

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
      {late ? (
        <Alert severity="warning" variant="outlined">
          {T.lateHint}
        </Alert>
      ) : null}
      <PaymentFields>
        <FormMoneyField
          control={control}
          name="amount"
          label={T.amount}
          valueAs="number"
          required
          disabled={busy}
          autoFocus
          helperText={typeof amount === 'number' && left >= 0 ? T.leftAfter(formatMoney(left)) : T.principalHelp}
        />
        <FillAmountButton
          text={T.payAll}
          onClick={() => setValue('amount', open, { shouldValidate: true })}
          disabled={busy}
        />
        <PaidOnField control={control} name="paidOn" label={T.paidOn} disabled={busy} />
        <FormSelectField control={control} name="method" label={T.method} options={METHODS} disabled={busy} required />
        <FormMoneyField control={control} name="fine" label={T.fine} valueAs="number" disabled={busy} />
        <FormMoneyField control={control} name="interest" label={T.interest} valueAs="number" disabled={busy} />
        <FormMoneyField control={control} name="discount" label={T.discount} valueAs="number" disabled={busy} />
        <Typography variant="subtitle2" sx={{ alignSelf: 'center' }}>
          {T.totalOut(formatMoney(total))}
        </Typography>
        <FormSelectField
          control={control}
          name="accountId"
          label={T.account}
          options={accountOptions}
          emptyOption={T.accountNone}
          parse={(value) => (value === '' ? '' : Number(value))}
          helperText={T.accountHelp}
          disabled={busy}
        />
        <FormTextField control={control} name="note" label={T.note} disabled={busy} />
      </PaymentFields>
    </WriteFormDialog>
  );
}
