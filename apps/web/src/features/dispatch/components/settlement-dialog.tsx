import {
  CASH_ADMIN_PERMISSIONS,
  CASH_OPERATE_PERMISSIONS,
  type CourierRun,
  type RunSummary,
  type Settlement,
} from '@backoffice/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { FormDialog } from '../../../components/form/form-dialog';
import { FormMoneyField } from '../../../components/form/form-money-field';
import { FormTextField } from '../../../components/form/form-text-field';
import { SubmitButton } from '../../../components/form/submit-button';
import { useApiMutation } from '../../../components/use-api-mutation';
import { formatMoney } from '../../../lib/format';
import { hasPermission } from '../../../lib/session';
import { dispatchKeys, settleRun, useMyCashRegister } from '../api/dispatch-api';
import { DISPATCH_PAGE_TEXTS as T } from '../texts';

const schema = z.object({
  declaredCash: z.string().min(1, T.declaredCash),
  note: z.string().trim().max(500),
});
type Values = z.infer<typeof schema>;

/** Who reaches GET /cash-registers (the drawer's routes): only they are told where the cash goes. */
const CASH_READERS = [...CASH_OPERATE_PERMISSIONS, ...CASH_ADMIN_PERMISSIONS];

/**
 * 'Acerto do motoboy': the cash the courier brought, typed as a Brazilian types it; the server works out
 * the expected cash and refuses a difference without a note, or a run with an order still out (its message
 * is said here, and the dialog stays open). Once settled, the figures are shown. It says which register the cash
 * goes into (the caller's open one, sent as `cashRegisterId`) or that none is open (decision 0053).
 */
export function SettlementDialog({
  run,
  onClose,
}: {
  /** The board's run column, or a run read in full (only its id and courier are read). */
  run: RunSummary | CourierRun | null;
  onClose: () => void;
}) {
  const form = useForm<Values>({ resolver: zodResolver(schema), defaultValues: { declaredCash: '', note: '' } });
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<Settlement | null>(null);
  const register = useMyCashRegister(run !== null && hasPermission(...CASH_READERS));
  const into = register.isSuccess ? register.data : undefined;
  const settle = useApiMutation({
    mutationFn: (values: Values) =>
      settleRun(run?.id ?? 0, {
        declaredCash: Number(values.declaredCash),
        ...(values.note ? { note: values.note } : {}),
        ...(into ? { cashRegisterId: into.id } : {}),
      }),
    success: T.settledDone,
    failure: T.settleFailed,
    invalidate: [dispatchKeys.all, ['cash-registers']],
    onSuccess: (settlement) => setResult(settlement),
    errorInDialog: true,
    onError: (_error, message) => setError(message),
  });
  const close = () => {
    form.reset();
    setError(null);
    setResult(null);
    onClose();
  };
  if (!run) return null;
  return (
    <FormDialog
      open
      titleId="settlement-title"
      title={T.settleTitle(run.deliverer.name)}
      maxWidth="xs"
      onClose={close}
      onSubmit={form.handleSubmit((values) => {
        setError(null);
        settle.mutate(values);
      })}
      closeText={T.close}
      actions={
        // Once settled only 'Fechar' (the dialog's own) is left.
        result ? null : <SubmitButton busy={settle.isPending}>{T.confirmSettle}</SubmitButton>
      }
    >
      <Stack spacing={2}>
        <Typography variant="body2" color="text.secondary">
          {T.settleText}
        </Typography>
        <FormMoneyField control={form.control} name="declaredCash" label={T.declaredCash} disabled={result !== null} />
        {result?.cashRegister ? (
          <Typography variant="body2" data-testid="settlement-cash-register">
            {T.cashWentInto(result.cashRegister.name)}
          </Typography>
        ) : into !== undefined && !result ? (
          <Typography
            variant="body2"
            color={into ? 'text.primary' : 'text.secondary'}
            data-testid="settlement-cash-register"
          >
            {into ? T.cashInto(into.name) : T.noCashRegister}
          </Typography>
        ) : null}
        <FormTextField
          control={form.control}
          name="note"
          label={T.note}
          multiline
          minRows={2}
          disabled={result !== null}
        />
        {error && (
          <Alert severity="error" role="alert">
            {error}
          </Alert>
        )}
        {result && (
          <Alert severity={result.difference === 0 ? 'success' : 'warning'}>
            {T.settlementResult(
              formatMoney(result.expectedCash),
              formatMoney(result.declaredCash),
              formatMoney(result.difference),
            )}
          </Alert>
        )}
      </Stack>
    </FormDialog>
  );
}
