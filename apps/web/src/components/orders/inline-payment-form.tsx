import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { SxProps, Theme } from '@mui/material/styles';
import { type FormEventHandler, type ReactNode, useRef } from 'react';
import { SubmitButton } from '../form/submit-button';

/**
 * The Idempotency-Key of one attempt at a payment write (a part added, a refund recorded): a retry of the same
 * attempt (no answer) sends it again; once the write is done, or the form given up, the next attempt gets a new one.
 */
export function useAttemptKey(): { current(): string; renew(): void } {
  const handle = useRef<{ current(): string; renew(): void } | null>(null);
  if (!handle.current) {
    let key = crypto.randomUUID();
    handle.current = {
      current: () => key,
      renew: () => {
        key = crypto.randomUUID();
      },
    };
  }
  return handle.current;
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
