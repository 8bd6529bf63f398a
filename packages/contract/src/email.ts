/**
 * The e-mail rule of every form and body (`emailSchema` in employees.ts builds on it). A module of its own,
 * free of schemas: the sign-in page checks the address without loading zod (decision 0025).
 */

/** zod's own e-mail pattern (the default of `z.email()`), named here so that one rule serves both. */
export const EMAIL_PATTERN =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

export const EMAIL_TEXTS = {
  required: 'Informe o endereço de e-mail',
  invalid: 'Informe um e-mail válido',
} as const;

/** An address as it is stored and compared: without the blanks around it, in lower case. */
export function normalizeEmail(typed: string): string {
  return typed.trim().toLowerCase();
}

/** What is wrong with a typed address (the message `emailSchema` gives), or null. */
export function emailProblem(typed: string): string | null {
  const email = typed.trim();
  if (email === '') return EMAIL_TEXTS.required;
  return EMAIL_PATTERN.test(email) ? null : EMAIL_TEXTS.invalid;
}
