import type { PasswordOwner } from '@backoffice/contract/password-strength';
import { z } from 'zod';
import { strongPasswordSchema } from '../../lib/password-strength';
import { PROFILE_TEXTS } from './texts';

/** The password-change form: the contract's whole password rule for this owner, as the server applies it. */
export function changePasswordFormSchema(owner: PasswordOwner) {
  return z
    .object({
      currentPassword: z.string().min(1, PROFILE_TEXTS.currentPasswordRequired),
      newPassword: strongPasswordSchema(owner),
      confirmPassword: z.string(),
    })
    .refine((values) => values.confirmPassword === values.newPassword, {
      path: ['confirmPassword'],
      message: PROFILE_TEXTS.confirmMismatch,
    });
}
export type ChangePasswordForm = z.input<ReturnType<typeof changePasswordFormSchema>>;
