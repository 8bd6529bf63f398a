import { z } from 'zod';

/**
 * The largest value of the database's `integer` columns (ids, cents, stock): 2^31 − 1. No number the
 * API accepts is larger: money in reais stays far below (it is stored ×100 in the same columns), so the
 * API refuses any number beyond it with INVALID_INPUT before a query could overflow.
 */
export const MAX_DATABASE_INTEGER = 2_147_483_647;

/** A row id in a body: a positive integer that fits the column (`message` for every failure). */
export const idSchema = (message?: string) =>
  z
    .number(message ? { error: message } : undefined)
    .int(message)
    .positive(message)
    .max(MAX_DATABASE_INTEGER, message);

/**
 * A whole number written in a path: decimal digits only (`16`, `007`). `z.coerce.number()` would also read
 * `0x10` as 16, `1e1` as 10 and ` 1` (`%201`) as 1, so a client's typo would reach another row: every
 * numeric path value goes through this one schema instead (`message` for every failure). The text is
 * turned into a number, then `number` (a zod number schema) checks its range.
 */
export const digitsParamSchema = <T extends z.ZodType<unknown, number>>(number: T, message?: string) =>
  z
    .string(message ? { error: message } : undefined)
    .regex(/^[0-9]+$/, message)
    .transform(Number)
    .pipe(number);

/** A row id in a path (decimal digits only), same rules as `idSchema`. */
export const idParamSchema = (message?: string) => digitsParamSchema(idSchema(message), message);
