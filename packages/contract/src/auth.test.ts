import { describe, expect, it } from 'vitest';
import { AUTH_TEXTS, newPasswordSchema, passwordProblem } from './auth';

describe('password rule (the cheap part)', () => {
  it('wants at least 8 characters that are not all blanks', () => {
    expect(passwordProblem('1234567')).toBe(AUTH_TEXTS.passwordTooShort);
    expect(passwordProblem('        ')).toBe(AUTH_TEXTS.passwordBlank);
    expect(passwordProblem(' \t  \n   ')).toBe(AUTH_TEXTS.passwordBlank);
    expect(passwordProblem('cavalo azul')).toBeNull();
  });

  it('a password longer than 200 characters is told the limit, not "at least 8 characters"', () => {
    expect(newPasswordSchema.safeParse('a'.repeat(201)).error?.issues[0]?.message).toBe(
      'A nova senha deve ter no máximo 200 caracteres.',
    );
    expect(newPasswordSchema.safeParse('a'.repeat(200)).success).toBe(true);
    expect(newPasswordSchema.safeParse(undefined).error?.issues[0]?.message).toBe(AUTH_TEXTS.passwordTooShort);
  });
});
