import { newPasswordSchema } from '@backoffice/contract';
import { z } from 'zod';
import { PROFILE_TEXTS } from './texts';

/** The password-change form: the contract's password rule (the server also checks the common-password list). */
export const changePasswordFormSchema = z
  .object({
    currentPassword: z.string().min(1, PROFILE_TEXTS.currentPasswordRequired),
    newPassword: newPasswordSchema,
    confirmPassword: z.string(),
  })
  .refine((values) => values.confirmPassword === values.newPassword, {
    path: ['confirmPassword'],
    message: PROFILE_TEXTS.confirmMismatch,
  });
export type ChangePasswordForm = z.input<typeof changePasswordFormSchema>;
