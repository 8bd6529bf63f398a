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

/** A row id in a path or query string (text turned into a number), same rules as `idSchema`. */
export const idParamSchema = (message?: string) =>
  z.coerce
    .number(message ? { error: message } : undefined)
    .int(message)
    .positive(message)
    .max(MAX_DATABASE_INTEGER, message);
