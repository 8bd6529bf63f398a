import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { SxProps, Theme } from '@mui/material/styles';
import { type FormEventHandler, type ReactNode, useState } from 'react';
import type { DefaultValues, FieldValues, UseFormReturn } from 'react-hook-form';
import { SubmitButton } from '../form/submit-button';
import { useAttemptKey } from '../use-attempt-key';

/**
 * What an inline payment form (a part to add, a refund to record) keeps beside its `form`: open or not, the
 * server's refusal said in it (`setError` for the write's failure), the write's Idempotency-Key (`attempt`).
 * `submit(send)` sends valid values, the last refusal cleared; `cancel` gives it up: the next one typed is another
 * attempt, with a key of its own, and the form starts again from `empty`.
 */
export function useInlinePayment<V extends FieldValues>(form: UseFormReturn<V>, empty: DefaultValues<V>) {
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const attempt = useAttemptKey();
  const submit = (send: (values: V) => void) =>
    form.handleSubmit((values) => {
      setError(null);
      send(values);
    });
  const cancel = () => {
    attempt.renew();
    setOpen(false);
    setError(null);
    form.reset(empty);
  };
  return { open, setOpen, error, setError, attempt, submit, cancel };
}

/**
 * The inline form of an order's 'Pagamentos' (a part to add, a refund to record): its fields, the server's
 * refusal, then 'Cancelar' and the submit button at the end of the row.
 */
export function InlinePaymentForm({
  label,
  onSubmit,
  onCancel,
  cancelLabel,
  submitLabel,
  busy,
  error,
  sx,
  children,
}: {
  label: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  onCancel: () => void;
  cancelLabel: string;
  submitLabel: string;
  busy: boolean;
  error: string | null;
  sx?: SxProps<Theme>;
  children: ReactNode;
}) {
  return (
    <Box component="form" aria-label={label} noValidate onSubmit={onSubmit} sx={sx}>
      <Stack spacing={1}>
        {children}
        {error ? (
          <Alert severity="error" role="alert">
            {error}
          </Alert>
        ) : null}
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
          <Button color="inherit" onClick={onCancel}>
            {cancelLabel}
          </Button>
          <SubmitButton busy={busy}>{submitLabel}</SubmitButton>
        </Stack>
      </Stack>
    </Box>
  );
}
