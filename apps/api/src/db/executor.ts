import type { Kysely, Transaction } from 'kysely';
import type { Database } from './schema';

/** What a repository or service runs its queries on: the database itself, or a transaction open on it. */
export type Executor = Kysely<Database> | Transaction<Database>;
