import { type Kysely, sql } from 'kysely';

/** Runs DDL statements one by one (the extended query protocol takes one statement at a time). */
export async function runStatements(db: Kysely<unknown>, statements: string[]): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
