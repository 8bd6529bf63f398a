import {
  CASH_MAX_AMOUNT,
  CASH_TEXTS,
  type CashRegister,
  hasTwoDecimals,
  isCashOut,
  reaisToCents,
  type TypedCashEntryKind,
} from '@backoffice/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { AmountReasonFields, type AmountReasonValues } from '../../../components/form/amount-reason-fields';
import { SubmitButton } from '../../../components/form/submit-button';
import { WriteFormDialog } from '../../../components/form/write-form-dialog';
import { formatMoney } from '../../../lib/format';
import { useAddEntry } from '../api/cash-api';
import { CASH_PAGE_TEXTS as T } from '../texts';
import { DepositAccountField } from './deposit-account-field';

/**
 * The form, checked as the server checks it: an amount above zero with two decimals; a sangria needs its reason
 * and cannot take out more than the drawer should hold now (`available`).
 */
function formSchema(kind: TypedCashEntryKind, available: number | undefined) {
  return z.object({
    amount: z
      .number({ error: CASH_TEXTS.positiveInvalid })
      .gt(0, CASH_TEXTS.positiveInvalid)
      .max(CASH_MAX_AMOUNT, CASH_TEXTS.amountTooHigh)
      .refine(hasTwoDecimals, CASH_TEXTS.positiveInvalid)
      .refine(
        (amount) => !isCashOut(kind) || available === undefined || reaisToCents(amount) <= reaisToCents(available),
        CASH_TEXTS.outAboveCash(kind, formatMoney(available ?? 0)),
      ),
    reason: z
      .string()
      .trim()
      .refine((value) => kind !== 'REMOVAL' || value !== '', CASH_TEXTS.removalReasonRequired)
      .refine((value) => value === '' || (value.length >= 3 && value.length <= 300), CASH_TEXTS.reasonInvalid),
  });
}
type FormOutput = z.output<ReturnType<typeof formSchema>>;

/**
 * 'Suprimento' or 'Sangria' on the caller's open register: the amount typed 1.234,56 and the reason (a sangria's
 * is required); a sangria may name the shop's account the cash is deposited in (decision 0099). One Idempotency-Key per opening of the dialog: sent again after no answer, it lands once.
 */
export function EntryDialog({
  kind,
  register,
  onClose,
}: {
  kind: TypedCashEntryKind;
  register: CashRegister;
  onClose: () => void;
}) {
  // Unknown to the operator while his drawer is open (the blind count, decision 0078): the server checks it.
  const available = register.openSession?.totals.expected;
  const [key] = useState(() => crypto.randomUUID());
  const [problem, setProblem] = useState<string | null>(null);
  const [depositAccountId, setDepositAccountId] = useState<number | null>(null);
  const { control, handleSubmit, getValues, setValue } = useForm<AmountReasonValues, unknown, FormOutput>({
    resolver: zodResolver(formSchema(kind, available)) as never,
    mode: 'onTouched',
    defaultValues: { amount: null, reason: '' },
  });
  const add = useAddEntry(onClose, setProblem);
  const busy = add.isPending;
  const removal = kind === 'REMOVAL';
  return (
    <WriteFormDialog
      titleId="cash-entry-title"
      title={removal ? T.removalTitle(register.name) : T.topUpTitle(register.name)}
      maxWidth="xs"
      busy={busy}
      onClose={onClose}
      onSubmit={handleSubmit((values) =>
        add.mutate({
          registerId: register.id,
          key,
          body: {
            kind,
            amount: values.amount,
            reason: values.reason || null,
            ...(removal && depositAccountId !== null ? { depositAccountId } : {}),
          },
        }),
      )}
      closeText={T.cancel}
      problem={problem}
      actions={<SubmitButton busy={busy}>{T.confirmEntry}</SubmitButton>}
    >
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {removal ? (available === undefined ? T.removalTextBlind : T.removalText(formatMoney(available))) : T.topUpText}
      </Typography>
      <AmountReasonFields
        control={control}
        amountLabel={T.amount}
        reasonLabel={removal ? T.reason : T.reasonOptional}
        reasonRequired={removal}
        disabled={busy}
      />
      {removal && (
        <DepositAccountField
          value={depositAccountId}
          disabled={busy}
          onChange={(accountId) => {
            setDepositAccountId(accountId);
            // A deposit's reason, unless one was typed.
            if (accountId !== null && !getValues('reason').trim()) {
              setValue('reason', CASH_TEXTS.depositReason, { shouldValidate: true });
            }
          }}
        />
      )}
    </WriteFormDialog>
  );
}
