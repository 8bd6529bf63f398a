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
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { Theme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { ProblemAlert } from '../../../components/form/dialog-problem';
import { FormDateField } from '../../../components/form/form-date-field';
import { FormDialog } from '../../../components/form/form-dialog';
import { FormMoneyField } from '../../../components/form/form-money-field';
import { FormSelectField } from '../../../components/form/form-select-field';
import { FormTextField } from '../../../components/form/form-text-field';
import { SubmitButton } from '../../../components/form/submit-button';
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
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
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
    <FormDialog
      open
      titleId="pay-dialog-title"
      title={bill.isCredit ? T.receiveTitle(bill.id) : T.payTitle(bill.id)}
      maxWidth="sm"
      fullScreen={phone}
      onClose={busy ? () => undefined : onClose}
      onSubmit={submit}
      closeText={T.close}
      actions={<SubmitButton busy={busy}>{T.confirmPay}</SubmitButton>}
    >
      <Typography sx={{ mb: 0.5 }}>{[bill.supplier?.name, bill.description].filter(Boolean).join(' · ')}</Typography>
      <Typography variant="h6" component="p" sx={{ mb: 2 }}>
        {T.openNow(formatMoney(open))}
      </Typography>
      <Box sx={{ display: 'grid', columnGap: 2, rowGap: 1, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
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
        <Box sx={{ display: 'flex', alignItems: 'flex-start', pt: 1 }}>
          <Button size="small" onClick={() => setValue('amount', open, { shouldValidate: true })} disabled={busy}>
            {T.payAll}
          </Button>
        </Box>
        <FormDateField
          control={control}
          name="paidOn"
          label={T.paidOn}
          disableFuture
          disabled={busy}
          textField={{ required: true, size: 'small' }}
        />
        <FormSelectField control={control} name="method" label={T.method} options={METHODS} disabled={busy} required />
        <FormTextField control={control} name="account" label={T.account} helperText={T.accountHelp} disabled={busy} />
        <FormTextField control={control} name="note" label={T.note} disabled={busy} />
      </Box>
      <ProblemAlert problem={problem} />
    </FormDialog>
  );
}
