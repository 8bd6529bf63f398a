import { AUTH_TEXTS, emailSchema } from '@backoffice/contract';
import { z } from 'zod';
import { strongPasswordSchema } from '../../lib/password-strength';

export const recoveryEmailSchema = z.object({ email: emailSchema });

/** The code step for `email`: the code, and a new password judged as the server judges it (given the e-mail). */
export function recoveryCodeSchema(email: string) {
  return z.object({
    code: z.string().trim().min(1, AUTH_TEXTS.codeRequired),
    newPassword: strongPasswordSchema({ email }),
  });
}
