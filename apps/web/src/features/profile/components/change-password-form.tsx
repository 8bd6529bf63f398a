import type { PasswordOwner } from '@backoffice/contract/password-strength';
import { zodResolver } from '@hookform/resolvers/zod';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { FormTextField } from '../../../components/form/form-text-field';
import { SubmitButton } from '../../../components/form/submit-button';
import { useApiMutation } from '../../../components/use-api-mutation';
import { ApiError } from '../../../lib/api-client';
import { loadPasswordStrength } from '../../../lib/password-strength';
import { saveSession } from '../../../lib/session';
import { changePassword } from '../api/profile-api';
import { changePasswordFormSchema, type ChangePasswordForm as FormValues } from '../schemas';
import { PROFILE_TEXTS as T } from '../texts';

/**
 * Changes the own password. The form judges the new one as the server does (the contract's rule, given the
 * owner's name and e-mail); the server checks the current one (WRONG_PASSWORD) and the rule again
 * (WEAK_PASSWORD): both messages appear under their field. On success the fresh token is stored, so this
 * browser stays signed in while every other session ends.
 */
export function ChangePasswordForm({ owner }: { owner: PasswordOwner }) {
  const { name, email } = owner;
  const schema = useMemo(() => changePasswordFormSchema({ name, email }), [name, email]);
  useEffect(() => {
    void loadPasswordStrength().catch(() => undefined);
  }, []);
  const form = useForm<FormValues>({
    resolver: zodResolver(schema),
    mode: 'onTouched',
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });

  /** A wrong current password or a weak new one is said on its field; anything else in the snackbar. */
  const fieldOf = (error: unknown) =>
    error instanceof ApiError && error.code === 'WRONG_PASSWORD'
      ? ('currentPassword' as const)
      : error instanceof ApiError && error.code === 'WEAK_PASSWORD'
        ? ('newPassword' as const)
        : null;
  const change = useApiMutation({
    mutationFn: (values: { currentPassword: string; newPassword: string }) => changePassword(values),
    success: T.passwordChanged,
    failure: T.fallback,
    // The new token (the other sessions were ended) replaces the old one.
    onSuccess: ({ data }) => {
      saveSession(data);
      form.reset();
    },
    errorInDialog: (error) => fieldOf(error) !== null,
    onError: (error, message) => {
      const field = fieldOf(error);
      if (field) form.setError(field, { message }, { shouldFocus: true });
    },
  });
  const onSubmit = ({ currentPassword, newPassword }: FormValues) =>
    change.mutateAsync({ currentPassword, newPassword }).catch(() => undefined);

  return (
    <Stack
      component="form"
      noValidate
      spacing={1}
      onSubmit={form.handleSubmit(onSubmit)}
      aria-label={T.passwordTitle}
      sx={{ maxWidth: 420 }}
    >
      <Typography variant="body2" color="text.secondary" sx={{ pb: 1 }}>
        {T.passwordHint}
      </Typography>
      <FormTextField
        control={form.control}
        name="currentPassword"
        label={T.currentPassword}
        type="password"
        autoComplete="current-password"
      />
      <FormTextField
        control={form.control}
        name="newPassword"
        label={T.newPassword}
        type="password"
        autoComplete="new-password"
        // Why a password is weak shows as it is typed, not only once the field is left (issue 35 §10).
        onChange={() => void form.trigger('newPassword')}
      />
      <FormTextField
        control={form.control}
        name="confirmPassword"
        label={T.confirmPassword}
        type="password"
        autoComplete="new-password"
      />
      <Stack direction="row">
        <SubmitButton busy={form.formState.isSubmitting}>{T.submit}</SubmitButton>
      </Stack>
    </Stack>
  );
}
