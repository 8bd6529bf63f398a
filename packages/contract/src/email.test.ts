import { describe, expect, it } from 'vitest';
import { EMAIL_TEXTS, emailProblem, normalizeEmail } from './email';
import { emailSchema } from './employees';

describe('the e-mail rule (one rule: the sign-in page without zod, every schema with it)', () => {
  const cases: Array<[string, string | null]> = [
    ['ana@demo.com.br', null],
    ['  Bia.Souza+loja@Demo.COM.br ', null],
    ["o'neil_1@mail-x.io", null],
    ['', EMAIL_TEXTS.required],
    ['   ', EMAIL_TEXTS.required],
    ['ana@', EMAIL_TEXTS.invalid],
    ['ana@demo', EMAIL_TEXTS.invalid],
    ['ana@@demo.com', EMAIL_TEXTS.invalid],
    ['.ana@demo.com', EMAIL_TEXTS.invalid],
    ['ana..b@demo.com', EMAIL_TEXTS.invalid],
    ['ana @demo.com', EMAIL_TEXTS.invalid],
    ['ana@demo.c', EMAIL_TEXTS.invalid],
  ];

  it.each(cases)('%j: %s', (typed, problem) => {
    expect(emailProblem(typed)).toBe(problem);
    const parsed = emailSchema.safeParse(typed);
    expect(parsed.success ? null : parsed.error.issues[0]?.message).toBe(problem);
  });

  it('stores an address trimmed and in lower case, as the schema does', () => {
    expect(normalizeEmail('  Bia.Souza@Demo.COM.br ')).toBe('bia.souza@demo.com.br');
    expect(emailSchema.parse('  Bia.Souza@Demo.COM.br ')).toBe('bia.souza@demo.com.br');
  });
});
