import { zodResolver } from '@hookform/resolvers/zod';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, useNavigate } from 'react-router';
import type { z } from 'zod';
import { FormTextField } from '../../../components/form/form-text-field';
import { useNotify } from '../../../components/notifier';
import { ApiError, firstError } from '../../../lib/api-client';
import { activate, requestRecoveryCode } from '../api/auth-api';
import { AuthCard } from '../components/auth-card';
import { AuthForm, EMAIL_FIELD } from '../components/auth-form';
import { recoveryCodeSchema, recoveryEmailSchema } from '../schemas';
import { RECOVERY_TEXTS } from '../texts';

type EmailInput = z.input<typeof recoveryEmailSchema>;
type EmailOutput = z.output<typeof recoveryEmailSchema>;
type CodeInput = z.input<typeof recoveryCodeSchema>;
type CodeOutput = z.output<typeof recoveryCodeSchema>;

function EmailStep({ onSent }: { onSent: (email: string) => void }) {
  const notify = useNotify();
  const form = useForm<EmailInput, unknown, EmailOutput>({
    resolver: zodResolver(recoveryEmailSchema),
    mode: 'onTouched',
    defaultValues: { email: '' },
  });

  const onSubmit = async ({ email }: EmailOutput) => {
    try {
      await requestRecoveryCode(email);
      notify.success(RECOVERY_TEXTS.codeSent);
      onSent(email);
    } catch (error) {
      notify.error(firstError(error, RECOVERY_TEXTS.fallback));
    }
  };

  return (
    <AuthForm form={form} onSubmit={onSubmit} hint={RECOVERY_TEXTS.emailHint} submitText={RECOVERY_TEXTS.send}>
      <FormTextField control={form.control} name="email" label={RECOVERY_TEXTS.email} {...EMAIL_FIELD} />
    </AuthForm>
  );
}

function CodeStep({ email, onDone }: { email: string; onDone: () => void }) {
  const notify = useNotify();
  const form = useForm<CodeInput, unknown, CodeOutput>({
    resolver: zodResolver(recoveryCodeSchema),
    mode: 'onTouched',
    defaultValues: { code: '', newPassword: '' },
  });

  const onSubmit = async ({ code, newPassword }: CodeOutput) => {
    try {
      await activate({ email, newPassword, code });
      notify.success(RECOVERY_TEXTS.passwordChanged);
      onDone();
    } catch (error) {
      const message = firstError(error, RECOVERY_TEXTS.fallback);
      // A weak password (too short, blank or too common: only the server knows the list) is the field's error.
      if (error instanceof ApiError && error.code === 'WEAK_PASSWORD') {
        form.setError('newPassword', { message }, { shouldFocus: true });
      }
      notify.error(message);
    }
  };

  return (
    <AuthForm
      form={form}
      onSubmit={onSubmit}
      hint={
        <>
          {RECOVERY_TEXTS.codeHint} ({email})
        </>
      }
      submitText={RECOVERY_TEXTS.confirm}
    >
      <FormTextField
        control={form.control}
        name="code"
        label={RECOVERY_TEXTS.code}
        autoComplete="one-time-code"
        autoFocus
        size="medium"
        slotProps={{ htmlInput: { inputMode: 'numeric' } }}
      />
      <FormTextField
        control={form.control}
        name="newPassword"
        label={RECOVERY_TEXTS.newPassword}
        type="password"
        autoComplete="new-password"
        size="medium"
      />
    </AuthForm>
  );
}

/** Password recovery: the e-mail step, then the code step after a 200, then back to the login page. */
export default function ForgotPasswordPage() {
  const navigate = useNavigate();
  const [email, setEmail] = useState<string | null>(null);
  useEffect(() => {
    void import('./login-page');
  }, []);
  return (
    <AuthCard title={RECOVERY_TEXTS.title}>
      {email === null ? (
        <EmailStep onSent={setEmail} />
      ) : (
        <CodeStep email={email} onDone={() => navigate('/', { replace: true })} />
      )}
      <Stack sx={{ alignItems: 'center', mt: 2 }}>
        <Link component={RouterLink} to="/" variant="body2">
          {RECOVERY_TEXTS.toLogin}
        </Link>
      </Stack>
    </AuthCard>
  );
}
