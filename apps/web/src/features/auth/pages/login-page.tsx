import { zodResolver } from '@hookform/resolvers/zod';
import Link from '@mui/material/Link';
import { useForm } from 'react-hook-form';
import { Navigate, Link as RouterLink, useNavigate } from 'react-router';
import type { z } from 'zod';
import { landingPath } from '../../../app/landing';
import { FormInputField } from '../../../components/form/form-input-field';
import { useApiMutation } from '../../../components/use-api-mutation';
import { firstError } from '../../../lib/api-client';
import { saveSession, useSession } from '../../../lib/session';
import { type SigninAnswer, signIn } from '../api/auth-api';
import { AuthCard } from '../components/auth-card';
import { AuthForm, EMAIL_FIELD } from '../components/auth-form';
import { loginFormSchema } from '../schemas';
import { LOGIN_TEXTS } from '../texts';

type LoginInput = z.input<typeof loginFormSchema>;
type LoginOutput = z.output<typeof loginFormSchema>;

/**
 * Sign-in. At `/` and `/login` it leads to the first page the permissions allow; shown in place of a
 * protected page (`stayOnPage`), it stays there once signed in.
 */
export default function LoginPage({
  stayOnPage = false,
  prefetch,
}: {
  stayOnPage?: boolean;
  /**
   * Fetches the screens that come next (the router's; pages never import the shell), once the form is sent:
   * while the sign-in travels, not on the page's first load (a phone's data, decision 0021).
   */
  prefetch?: () => void;
}) {
  const session = useSession();
  const navigate = useNavigate();
  const form = useForm<LoginInput, unknown, LoginOutput>({
    resolver: zodResolver(loginFormSchema),
    mode: 'onTouched',
    defaultValues: { email: '', password: '' },
  });

  /** A sign-in is a write too (issue 16 §2): the server's first message, else the instability text. */
  const signInWith = useApiMutation<SigninAnswer, LoginOutput>({
    mutationFn: ({ email, password }) => signIn(email, password),
    failure: LOGIN_TEXTS.instability,
    message: firstError,
    onSuccess: (answer) => {
      const saved = saveSession(answer.data);
      if (!stayOnPage) navigate(landingPath(saved.permissions, saved.func), { replace: true });
    },
  });

  if (session && !stayOnPage) return <Navigate to={landingPath(session.permissions, session.func)} replace />;

  // The button spins until the answer; the mutation has said a refusal, the fields keep what was typed.
  const onSubmit = (values: LoginOutput) => {
    prefetch?.();
    return signInWith.mutateAsync(values).then(
      () => undefined,
      () => undefined,
    );
  };

  return (
    <AuthCard title={LOGIN_TEXTS.title}>
      <AuthForm
        form={form}
        onSubmit={onSubmit}
        submitText={LOGIN_TEXTS.submit}
        footer={
          <Link component={RouterLink} to="/forgot-password" variant="body2" sx={{ alignSelf: 'center' }}>
            {LOGIN_TEXTS.forgot}
          </Link>
        }
      >
        <FormInputField control={form.control} name="email" label={LOGIN_TEXTS.email} {...EMAIL_FIELD} />
        <FormInputField
          control={form.control}
          name="password"
          label={LOGIN_TEXTS.password}
          type="password"
          autoComplete="current-password"
          size="medium"
        />
      </AuthForm>
    </AuthCard>
  );
}
