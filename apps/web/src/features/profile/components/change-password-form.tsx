import type { PasswordOwner } from '@backoffice/contract/password-strength';
import { zodResolver } from '@hookform/resolvers/zod';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { FormTextField } from '../../../components/form/form-text-field';
import { SubmitButton } from '../../../components/form/submit-button';
import { useNotify } from '../../../components/notifier';
import { ApiError, firstError } from '../../../lib/api-client';
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
  const notify = useNotify();
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

  const onSubmit = async ({ currentPassword, newPassword }: FormValues) => {
    try {
      const { data } = await changePassword({ currentPassword, newPassword });
      saveSession(data);
      form.reset();
      notify.success(T.passwordChanged);
    } catch (error) {
      const message = firstError(error, T.fallback);
      if (error instanceof ApiError && error.code === 'WRONG_PASSWORD') {
        form.setError('currentPassword', { message }, { shouldFocus: true });
      } else if (error instanceof ApiError && error.code === 'WEAK_PASSWORD') {
        form.setError('newPassword', { message }, { shouldFocus: true });
      } else notify.error(message);
    }
  };

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
