import { newPasswordSchema, passwordProblem } from '@backoffice/contract';
import type { PasswordOwner } from '@backoffice/contract/password-strength';

type StrengthModule = typeof import('@backoffice/contract/password-strength');

let loading: Promise<StrengthModule> | undefined;

/**
 * Loads the password-strength estimator (zxcvbn-ts and its ~3 MB of dictionaries, the chunk
 * 'password-strength') on first use: only the screens that set a password ask for it, never sign-in.
 */
export function loadPasswordStrength(): Promise<StrengthModule> {
  loading ??= import('@backoffice/contract/password-strength').catch((error: unknown) => {
    loading = undefined; // a failed download is tried again on the next check
    throw error;
  });
  return loading;
}

/**
 * A new password in a form: the contract's size rule, then the whole password rule of the contract
 * (8 characters, not blank, zxcvbn score 3+ given the owner), the same one the server applies, with the
 * same Portuguese feedback. If the estimator cannot be loaded, the server still judges (WEAK_PASSWORD).
 */
export function strongPasswordSchema(owner: PasswordOwner) {
  return newPasswordSchema.superRefine(async (password, ctx) => {
    const strength = await loadPasswordStrength().catch(() => null);
    const problem = strength ? strength.passwordStrengthProblem(password, owner) : passwordProblem(password);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });
}
