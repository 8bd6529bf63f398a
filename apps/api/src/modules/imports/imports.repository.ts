import type { ImportResult } from '@backoffice/contract';
import type { Transaction } from 'kysely';
import type { Executor } from '../../db/executor';
import type { Database } from '../../db/schema';

/** An import confirmed with an `Idempotency-Key` (migration 0041), as `order_move_requests` keeps a move's. */
export interface ImportRequest {
  idempotency_key: string;
  employee_id: number;
  kind: string;
  request_hash: string;
}

export const importsRepository = {
  /**
   * Claims an import's key in the import's transaction: false when it is claimed already (a concurrent
   * claim waits here for the other transaction's end; then `requestByKey` tells by whom, and its answer).
   */
  async claimKey(trx: Transaction<Database>, request: ImportRequest): Promise<boolean> {
    const claimed = await trx
      .insertInto('import_requests')
      .values(request)
      .onConflict((oc) => oc.column('idempotency_key').doNothing())
      .returning('idempotency_key')
      .executeTakeFirst();
    return claimed !== undefined;
  },

  async requestByKey(db: Executor, key: string) {
    const row = await db
      .selectFrom('import_requests')
      .select(['idempotency_key', 'employee_id', 'kind', 'request_hash', 'answer'])
      .where('idempotency_key', '=', key)
      .executeTakeFirst();
    return row && { ...row, answer: row.answer as ImportResult | null };
  },

  /** The claimed import's answer, for its retries. */
  async keepAnswer(trx: Transaction<Database>, key: string, answer: ImportResult): Promise<void> {
    await trx
      .updateTable('import_requests')
      .set({ answer: JSON.stringify(answer) })
      .where('idempotency_key', '=', key)
      .execute();
  },

  /** Gives the key back (an import that wrote nothing keeps no claim: a retry checks the file anew). */
  async releaseKey(trx: Transaction<Database>, key: string): Promise<void> {
    await trx.deleteFrom('import_requests').where('idempotency_key', '=', key).execute();
  },
};
