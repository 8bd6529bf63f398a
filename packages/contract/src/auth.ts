import { z } from 'zod';
import { AUTH_TEXTS } from './auth-texts';
import { emailSchema } from './employees';

export { AUTH_TEXTS } from './auth-texts';

/** Seconds to wait before trying an account again after many failed sign-ins (the account-wide backoff). */
export function accountBackoffText(seconds: number): string {
  return `Muitas tentativas de acesso a esta conta. Aguarde ${seconds} segundo${seconds === 1 ? '' : 's'} e tente novamente.`;
}

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 200;

/**
 * The cheap part of the password rule: at least 8 characters that are not all blanks. The whole rule
 * adds the strength estimate (`passwordStrengthProblem` in `@backoffice/contract/password-strength`,
 * kept out of this entry point: its dictionaries are large). Returns the Portuguese message of the first
 * problem, or null.
 */
export function passwordProblem(password: string): string | null {
  if (password.length < PASSWORD_MIN_LENGTH) return AUTH_TEXTS.passwordTooShort;
  if (password.trim() === '') return AUTH_TEXTS.passwordBlank;
  return null;
}

/**
 * A new password in a request body or a form: its type and size. The server judges the rest
 * (`passwordStrengthProblem`) and answers 400 WEAK_PASSWORD; the web's forms add the same judgement.
 */
export const newPasswordSchema = z
  .string({ error: AUTH_TEXTS.passwordTooShort })
  .max(PASSWORD_MAX_LENGTH, AUTH_TEXTS.passwordTooLong);

export const signinSchema = z
  .object({
    email: emailSchema,
    password: z.string({ error: AUTH_TEXTS.passwordRequired }).min(1, AUTH_TEXTS.passwordRequired).max(200),
  })
  .strict();

export const signinResponseSchema = z.object({
  data: z.object({
    accessToken: z.string(),
    expires: z.number(),
    permissions: z.array(z.string()),
    /** The business's IANA time zone (`BUSINESS_TIME_ZONE`): the web shows every date in it (`clock.ts`). */
    timeZone: z.string().optional(),
  }),
});

/** Path of PATCH /accounts/users/forgotpassword/{email} and POST /accounts/users/recovery/{email}. */
export const recoveryParamsSchema = z.object({ email: emailSchema });

/** Body of POST /accounts/users/recovery/{email}: checks the code (a wrong code counts as a try). */
export const recoveryCheckSchema = z
  .object({ code: z.string({ error: AUTH_TEXTS.codeRequired }).trim().min(1, AUTH_TEXTS.codeRequired).max(20) })
  .strict();

/** Answer of the three recovery calls: `{ data: { message } }`, the message to show the user. */
export const messageResponseSchema = z.object({ data: z.object({ message: z.string() }) });

/**
 * Body of PATCH /accounts/users/activate: sets the new password and burns the code. A wrong code answers
 * 400 INVALID_CODE; with a valid code, a password against the rule answers 400 WEAK_PASSWORD (the code stays
 * valid).
 */
export const activateSchema = z
  .object({
    email: emailSchema,
    newPassword: newPasswordSchema,
    code: z.string({ error: AUTH_TEXTS.codeRequired }).trim().min(1, AUTH_TEXTS.codeRequired).max(20),
  })
  .strict();

/** Body of PATCH /accounts/me/password. A weak new password answers 400 WEAK_PASSWORD, a wrong current one WRONG_PASSWORD. */
export const changePasswordSchema = z
  .object({
    currentPassword: z
      .string({ error: AUTH_TEXTS.currentPasswordRequired })
      .min(1, AUTH_TEXTS.currentPasswordRequired)
      .max(PASSWORD_MAX_LENGTH),
    newPassword: newPasswordSchema,
  })
  .strict();
export type ChangePasswordInput = z.input<typeof changePasswordSchema>;

/** Answer of GET /accounts/me: the signed-in employee, its role and the labels of its permissions. */
export const profileSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  document: z.string(),
  /** The function's label (Atendente, Motoboy, Estoquista). */
  type: z.string(),
  role: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  permissions: z.array(z.object({ key: z.string(), label: z.string() })),
});
export type Profile = z.infer<typeof profileSchema>;
export const profileResponseSchema = z.object({ data: profileSchema });
