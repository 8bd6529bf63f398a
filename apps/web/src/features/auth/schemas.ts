import { AUTH_TEXTS, emailSchema, newPasswordSchema } from '@backoffice/contract';
import { z } from 'zod';

export const loginFormSchema = z.object({
  email: emailSchema,
  password: z.string().min(1, AUTH_TEXTS.passwordRequired),
});

export const recoveryEmailSchema = z.object({ email: emailSchema });

export const recoveryCodeSchema = z.object({
  code: z.string().trim().min(1, AUTH_TEXTS.codeRequired),
  /** The contract's rule (8 characters, not all blanks); the server adds its list of common passwords. */
  newPassword: newPasswordSchema,
});
