import {
  CASH_MAX_AMOUNT,
  CASH_TEXTS,
  type CashRegister,
  cashClosing,
  hasTwoDecimals,
  reaisToCents,
} from '@backoffice/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import type { AmountReasonValues } from '../../../components/form/amount-reason-fields';
import { FormMoneyField } from '../../../components/form/form-money-field';
import { FormTextField } from '../../../components/form/form-text-field';
import { SubmitButton } from '../../../components/form/submit-button';
import { WriteFormDialog } from '../../../components/form/write-form-dialog';
import { formatMoney } from '../../../lib/format';
import { useCloseRegister } from '../api/cash-api';
import { formatWhen } from '../lib/cash-format';
import { CASH_PAGE_TEXTS as T } from '../texts';
import { differenceColor } from './cash-figures';

/**
 * The form, checked as the server checks it: a count (zero allowed) and, when it differs from `expected`, why.
 * `expected` unknown (the operator's blind count): the server says whether a reason is needed.
 */
function formSchema(expected: number | undefined) {
  return z
    .object({
      amount: z
        .number({ error: CASH_TEXTS.amountInvalid })
        .min(0, CASH_TEXTS.amountInvalid)
        .max(CASH_MAX_AMOUNT, CASH_TEXTS.amountTooHigh)
        .refine(hasTwoDecimals, CASH_TEXTS.amountInvalid),
      reason: z
        .string()
        .trim()
        .refine((value) => value === '' || (value.length >= 3 && value.length <= 300), CASH_TEXTS.reasonInvalid),
    })
    .refine(
      (values) =>
        expected === undefined || reaisToCents(values.amount) === reaisToCents(expected) || values.reason !== '',
      {
        error: CASH_TEXTS.differenceReasonRequired,
        path: ['reason'],
      },
    );
}
type FormOutput = z.output<ReturnType<typeof formSchema>>;

/**
 * 'Fechar caixa', a blind count (issue 54 §9): the amount counted is typed 1.234,56 first, without what the drawer
 * should hold; 'Conferir contagem' keeps the count (no longer editable) and only then shows the expected amount and
 * the difference (red when cash is missing). A difference needs a reason; above the tolerance the register closes
 * and the difference waits for a manager's approval. A manager closes a register someone left open the same way.
 * The operator of an open drawer is not told what it should hold (the server leaves `expected` out, decision 0078):
 * his count is kept and sent with an optional reason, the server saying whether a reason is needed.
 */
export function CloseDialog({
  register,
  tolerance,
  onClose,
}: {
  register: CashRegister;
  tolerance: number;
  onClose: () => void;
}) {
  const session = register.openSession;
  const expected = session?.totals.expected;
  const blind = expected === undefined;
  const [problem, setProblem] = useState<string | null>(null);
  const [revealed, setRevealed] = useState(false);
  const { control, handleSubmit, trigger } = useForm<AmountReasonValues, unknown, FormOutput>({
    resolver: zodResolver(formSchema(expected)) as never,
    mode: 'onTouched',
    defaultValues: { amount: null, reason: '' },
  });
  const counted = useWatch({ control, name: 'amount' });
  const closing =
    typeof counted === 'number' && expected !== undefined
      ? cashClosing(reaisToCents(expected), reaisToCents(counted), reaisToCents(tolerance))
      : null;
  const difference = closing ? closing.differenceCents / 100 : null;
  const close = useCloseRegister(onClose, setProblem);
  const busy = close.isPending;
  return (
    <WriteFormDialog
      titleId="cash-close-title"
      title={T.closeTitle(register.name)}
      maxWidth="xs"
      busy={busy}
      onClose={onClose}
      onSubmit={(event) => {
        if (revealed) {
          return handleSubmit((values) =>
            close.mutate({ registerId: register.id, body: { counted: values.amount, reason: values.reason || null } }),
          )(event);
        }
        event.preventDefault();
        return trigger('amount').then((counted) => setRevealed(counted));
      }}
      closeText={T.cancel}
      problem={problem}
      actions={<SubmitButton busy={busy}>{revealed ? T.confirmClose : T.checkCount}</SubmitButton>}
    >
      {session ? (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          {T.closeOf(session.operator.name, formatWhen(session.openedAt))}
        </Typography>
      ) : null}
      <FormMoneyField
        control={control}
        name="amount"
        label={T.counted}
        valueAs="number"
        required
        fullWidth
        autoFocus
        disabled={busy || revealed}
        helperText={revealed ? undefined : blind ? T.blindCountOnlyNote : T.blindCountNote}
      />
      {revealed && blind ? (
        <>
          <Typography variant="body2" color="text.secondary" sx={{ my: 1.5 }}>
            {T.blindReasonNote}
          </Typography>
          <FormTextField
            control={control}
            name="reason"
            label={T.reasonDifferenceOptional}
            fullWidth
            multiline
            minRows={2}
            disabled={busy}
          />
        </>
      ) : null}
      {revealed && expected !== undefined ? (
        <>
          <Box
            component="dl"
            sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) auto', columnGap: 2, rowGap: 0.5, m: 0, my: 2 }}
          >
            <Typography component="dt">{T.expected}</Typography>
            <Typography
              component="dd"
              sx={{ m: 0, fontWeight: 700, textAlign: 'right' }}
              data-testid="cash-close-expected"
            >
              {formatMoney(expected)}
            </Typography>
            <Typography component="dt">{T.difference}</Typography>
            <Typography
              component="dd"
              aria-live="polite"
              data-testid="cash-close-difference"
              sx={{ m: 0, fontWeight: 700, textAlign: 'right', color: differenceColor(difference) }}
            >
              {difference === null ? '—' : formatMoney(difference)}
            </Typography>
          </Box>
          <FormTextField
            control={control}
            name="reason"
            label={T.reasonDifference}
            required={closing?.needsReason ?? false}
            fullWidth
            multiline
            minRows={2}
            disabled={busy}
            autoFocus={closing?.needsReason ?? false}
          />
        </>
      ) : null}
      {revealed && closing?.needsApproval ? (
        <Alert severity="warning" sx={{ mt: 1 }}>
          {T.aboveTolerance(formatMoney(tolerance))}
        </Alert>
      ) : (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {T.toleranceNote(formatMoney(tolerance))}
        </Typography>
      )}
    </WriteFormDialog>
  );
}
