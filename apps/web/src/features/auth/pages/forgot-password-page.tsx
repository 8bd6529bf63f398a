import { emailSchema } from '@backoffice/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { useEffect, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import type { z } from 'zod';
import { FormTextField } from '../../../components/form/form-text-field';
import { useApiMutation } from '../../../components/use-api-mutation';
import { ApiError, firstError } from '../../../lib/api-client';
import { loadPasswordStrength } from '../../../lib/password-strength';
import { activate, requestRecoveryCode } from '../api/auth-api';
import { AuthCard } from '../components/auth-card';
import { AuthForm, EMAIL_FIELD } from '../components/auth-form';
import { recoveryCodeSchema, recoveryEmailSchema } from '../schemas';
import { RECOVERY_TEXTS } from '../texts';

type EmailInput = z.input<typeof recoveryEmailSchema>;
type EmailOutput = z.output<typeof recoveryEmailSchema>;
type CodeInput = z.input<ReturnType<typeof recoveryCodeSchema>>;
type CodeOutput = z.output<ReturnType<typeof recoveryCodeSchema>>;

/** What the invitation link of the welcome e-mail carries in its fragment: `#code=123456&email=…`. */
interface Invitation {
  email: string;
  code: string;
}

function invitationFrom(hash: string): Invitation | null {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const email = emailSchema.safeParse(params.get('email') ?? '');
  const code = (params.get('code') ?? '').trim();
  return email.success && /^\d{1,20}$/.test(code) ? { email: email.data, code } : null;
}

/** Waits for a step's mutation (its button spins meanwhile); the mutation has said the outcome. */
const settled = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    () => undefined,
  );

function EmailStep({ onSent }: { onSent: (email: string) => void }) {
  const form = useForm<EmailInput, unknown, EmailOutput>({
    resolver: zodResolver(recoveryEmailSchema),
    mode: 'onTouched',
    defaultValues: { email: '' },
  });

  const request = useApiMutation<unknown, string>({
    mutationFn: requestRecoveryCode,
    success: RECOVERY_TEXTS.codeSent,
    failure: RECOVERY_TEXTS.fallback,
    message: firstError,
    onSuccess: (_answer, email) => onSent(email),
  });
  const onSubmit = ({ email }: EmailOutput) => settled(request.mutateAsync(email));

  return (
    <AuthForm form={form} onSubmit={onSubmit} hint={RECOVERY_TEXTS.emailHint} submitText={RECOVERY_TEXTS.send}>
      <FormTextField control={form.control} name="email" label={RECOVERY_TEXTS.email} {...EMAIL_FIELD} />
    </AuthForm>
  );
}

function CodeStep({ email, code, onDone }: { email: string; code?: string; onDone: () => void }) {
  const schema = useMemo(() => recoveryCodeSchema(email), [email]);
  useEffect(() => {
    void loadPasswordStrength().catch(() => undefined);
  }, []);
  const form = useForm<CodeInput, unknown, CodeOutput>({
    resolver: zodResolver(schema),
    mode: 'onTouched',
    defaultValues: { code: code ?? '', newPassword: '' },
  });

  const change = useApiMutation<unknown, CodeOutput>({
    mutationFn: ({ code, newPassword }) => activate({ email, newPassword, code }),
    success: RECOVERY_TEXTS.passwordChanged,
    failure: RECOVERY_TEXTS.fallback,
    message: firstError,
    onSuccess: onDone,
    onError: (error, message) => {
      // A weak password (the server's verdict, e.g. given the employee's name) is the field's error too.
      if (error instanceof ApiError && error.code === 'WEAK_PASSWORD') {
        form.setError('newPassword', { message }, { shouldFocus: true });
      }
    },
  });
  const onSubmit = (values: CodeOutput) => settled(change.mutateAsync(values));

  return (
    <AuthForm
      form={form}
      onSubmit={onSubmit}
      hint={
        <>
          {code ? RECOVERY_TEXTS.invitationHint : RECOVERY_TEXTS.codeHint} ({email})
        </>
      }
      submitText={RECOVERY_TEXTS.confirm}
    >
      <FormTextField
        control={form.control}
        name="code"
        label={RECOVERY_TEXTS.code}
        autoComplete="one-time-code"
        autoFocus={!code}
        size="medium"
        slotProps={{ htmlInput: { inputMode: 'numeric' } }}
      />
      <FormTextField
        control={form.control}
        name="newPassword"
        label={RECOVERY_TEXTS.newPassword}
        type="password"
        autoComplete="new-password"
        autoFocus={Boolean(code)}
        size="medium"
        helperText={RECOVERY_TEXTS.passwordHint}
        // Why a password is weak shows as it is typed, not only once the field is left (issue 35 §10).
        onChange={() => void form.trigger('newPassword')}
      />
    </AuthForm>
  );
}

/**
 * Password recovery: the e-mail step, then the code step after a 200, then back to the login page. The
 * invitation link of a new employee's welcome e-mail opens the code step at once, with the e-mail and the
 * code from the URL fragment; the fragment is then taken off the address (and so off the history).
 */
export default function ForgotPasswordPage({ prefetch }: { prefetch?: () => void } = {}) {
  const navigate = useNavigate();
  const location = useLocation();
  const [invitation, setInvitation] = useState(() => invitationFrom(location.hash));
  const [email, setEmail] = useState<string | null>(invitation?.email ?? null);
  useEffect(() => {
    prefetch?.();
  }, [prefetch]);
  // A link opened while the page is already open changes only the fragment: read it too, then drop it.
  useEffect(() => {
    if (!location.hash) return;
    const opened = invitationFrom(location.hash);
    if (opened) {
      setInvitation(opened);
      setEmail(opened.email);
    }
    navigate({ pathname: location.pathname, search: location.search }, { replace: true });
  }, [location.hash, location.pathname, location.search, navigate]);
  return (
    <AuthCard title={invitation ? RECOVERY_TEXTS.invitationTitle : RECOVERY_TEXTS.title}>
      {email === null ? (
        <EmailStep onSent={setEmail} />
      ) : (
        <CodeStep
          key={`${email} ${invitation?.code ?? ''}`}
          email={email}
          code={email === invitation?.email ? invitation.code : undefined}
          onDone={() => navigate('/', { replace: true })}
        />
      )}
      <Stack sx={{ alignItems: 'center', mt: 2 }}>
        <Link component={RouterLink} to="/" variant="body2">
          {RECOVERY_TEXTS.toLogin}
        </Link>
      </Stack>
    </AuthCard>
  );
}
