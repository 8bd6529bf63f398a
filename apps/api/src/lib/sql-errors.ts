/** The SQLSTATE of a database error (PostgreSQL's and PGlite's), or undefined. */
const sqlState = (error: unknown) =>
  typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;

/** A unique index refused the write (two writes of the same value at the same moment). */
export const isUniqueViolation = (error: unknown) => sqlState(error) === '23505';

/** A foreign key refused the delete (a row still refers to it). */
export const isForeignKeyViolation = (error: unknown) => sqlState(error) === '23503';
