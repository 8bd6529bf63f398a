import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { SxProps, Theme } from '@mui/material/styles';
import type { FormEventHandler, ReactNode } from 'react';
import { SubmitButton } from '../form/submit-button';

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
