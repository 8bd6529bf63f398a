import { describe, expect, it } from 'vitest';
import { AUTH_TEXTS, newPasswordSchema, passwordProblem } from './auth';

describe('password rule', () => {
  it('wants at least 8 characters that are not all blanks', () => {
    expect(passwordProblem('1234567')).toBe(AUTH_TEXTS.passwordTooShort);
    expect(passwordProblem('        ')).toBe(AUTH_TEXTS.passwordBlank);
    expect(passwordProblem(' \t  \n   ')).toBe(AUTH_TEXTS.passwordBlank);
    expect(passwordProblem('cavalo azul')).toBeNull();
    expect(passwordProblem(' x      ')).toBeNull();
  });

  it('refuses a password of the list case-insensitively, given the list', () => {
    const list = new Set(['password1']);
    const isCommon = (lower: string) => list.has(lower);
    expect(passwordProblem('PassWord1', isCommon)).toBe(AUTH_TEXTS.passwordCommon);
    expect(passwordProblem('PassWord1')).toBeNull();
    expect(passwordProblem('password12', isCommon)).toBeNull();
  });

  it('the form schema gives the same messages', () => {
    expect(newPasswordSchema.safeParse('abc').error?.issues[0]?.message).toBe(AUTH_TEXTS.passwordTooShort);
    expect(newPasswordSchema.safeParse('         ').error?.issues[0]?.message).toBe(AUTH_TEXTS.passwordBlank);
    expect(newPasswordSchema.safeParse(undefined).error?.issues[0]?.message).toBe(AUTH_TEXTS.passwordTooShort);
    expect(newPasswordSchema.safeParse('uma senha boa').success).toBe(true);
  });
});
