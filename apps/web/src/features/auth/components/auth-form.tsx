import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import type { FieldValues, SubmitHandler, UseFormReturn } from 'react-hook-form';
import { SubmitButton } from '../../../components/form/submit-button';

/** The e-mail field of sign-in and recovery (spread into a FormTextField). */
export const EMAIL_FIELD = { type: 'email', autoComplete: 'username', autoFocus: true, size: 'medium' } as const;

interface Props<TIn extends FieldValues, TOut> {
  form: UseFormReturn<TIn, unknown, TOut>;
  onSubmit: SubmitHandler<TOut>;
  /** A line of help above the fields. */
  hint?: ReactNode;
  submitText: string;
  /** Below the button (e.g. the recovery link). */
  footer?: ReactNode;
  children: ReactNode;
}

/** A sign-in or recovery step: the fields, then a large button disabled while invalid, spinning while sent. */
export function AuthForm<TIn extends FieldValues, TOut>({
  form,
  onSubmit,
  hint,
  submitText,
  footer,
  children,
}: Props<TIn, TOut>) {
  const { isValid, isSubmitting } = form.formState;
  return (
    <Stack component="form" noValidate spacing={1} onSubmit={form.handleSubmit(onSubmit)}>
      {hint ? (
        <Typography variant="body2" color="text.secondary">
          {hint}
        </Typography>
      ) : null}
      {children}
      <SubmitButton size="large" disabled={!isValid} busy={isSubmitting}>
        {submitText}
      </SubmitButton>
      {footer}
    </Stack>
  );
}
