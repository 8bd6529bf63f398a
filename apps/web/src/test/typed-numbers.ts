import type { z } from 'zod';

/** The first message a form field shows for what was typed in it (react-hook-form shows the first), or 'ok'. */
export function shownFor(field: z.ZodType, typed: string): string | undefined {
  const result = field.safeParse(typed);
  return result.success ? 'ok' : result.error.issues[0]?.message;
}

/** Money as a Brazilian types it (issue 37, item 3): thousands dot, decimal comma, 'R$', spaces. A money field takes each. */
export const TYPED_MONEY = ['1.234,56', '1234,56', '1.299', '1,5', 'R$ 10', ' 10 '];
