import { COMPANY_ID } from '@backoffice/contract';
import { sql } from 'kysely';
import type { Executor } from '../../../db/executor';

/** The credit module's Pix Cobrança tables (migration 0113): the shop's PSP and each instalment's cobv. */

export interface PspRow {
  base_url: string;
  client_id: string;
  client_secret: Buffer;
  certificate: Buffer | null;
  certificate_password: Buffer | null;
  updated_at: Date;
}

export interface CobvRow {
  txid: string;
  receivable_id: number;
  generation: number;
  location: string;
  revision: number;
  status: string;
  principal_cents: number;
  due_date: string;
  fine_charged: boolean;
}

const cobvColumns = [
  'txid',
  'receivable_id',
  'generation',
  'location',
  'revision',
  'status',
  'principal_cents',
  'fine_charged',
] as const;

export const cobvRepository = {
  async psp(db: Executor): Promise<PspRow | undefined> {
    const row = await db
      .selectFrom('pix_psp_settings')
      .select(['base_url', 'client_id', 'client_secret', 'certificate', 'certificate_password', 'updated_at'])
      .where('company_id', '=', COMPANY_ID)
      .executeTakeFirst();
    return row ? { ...row, updated_at: new Date(row.updated_at as unknown as string) } : undefined;
  },

  async savePsp(db: Executor, row: Omit<PspRow, 'updated_at'> & { updated_by: number }): Promise<void> {
    await db
      .insertInto('pix_psp_settings')
      .values({ company_id: COMPANY_ID, ...row })
      .onConflict((oc) => oc.column('company_id').doUpdateSet({ ...row, updated_at: sql`now()` }))
      .execute();
  },

  async deletePsp(db: Executor): Promise<boolean> {
    const result = await db.deleteFrom('pix_psp_settings').where('company_id', '=', COMPANY_ID).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  },

  /** The instalment's cobv still ATIVA, if any. */
  async active(db: Executor, receivableId: number): Promise<CobvRow | undefined> {
    return db
      .selectFrom('receivable_cobv')
      .select(cobvColumns)
      .select(sql<string>`to_char(due_date, 'YYYY-MM-DD')`.as('due_date'))
      .where('receivable_id', '=', receivableId)
      .where('status', '=', 'ATIVA')
      .executeTakeFirst();
  },

  async byTxid(db: Executor, txid: string): Promise<CobvRow | undefined> {
    return db
      .selectFrom('receivable_cobv')
      .select(cobvColumns)
      .select(sql<string>`to_char(due_date, 'YYYY-MM-DD')`.as('due_date'))
      .where('txid', '=', txid)
      .executeTakeFirst();
  },

  async lastGeneration(db: Executor, receivableId: number): Promise<number> {
    const row = await db
      .selectFrom('receivable_cobv')
      .select((eb) => eb.fn.max('generation').as('generation'))
      .where('receivable_id', '=', receivableId)
      .executeTakeFirst();
    return Number(row?.generation ?? 0);
  },

  async insert(db: Executor, row: Omit<CobvRow, 'status'>): Promise<void> {
    await db.insertInto('receivable_cobv').values(row).execute();
  },

  async revise(
    db: Executor,
    txid: string,
    change: Partial<Pick<CobvRow, 'revision' | 'status' | 'principal_cents' | 'due_date' | 'fine_charged'>>,
  ): Promise<void> {
    await db
      .updateTable('receivable_cobv')
      .set({ ...change, updated_at: sql`now()` })
      .where('txid', '=', txid)
      .execute();
  },
};

/** The debtor of an instalment's cobv: its customer's name and CPF or CNPJ (digits), read from the customers. */
export async function debtorOf(db: Executor, receivableId: number) {
  return db
    .selectFrom('receivables as r')
    .innerJoin('customers as c', 'c.id', 'r.customer_id')
    .select(['c.name', 'c.document'])
    .where('r.id', '=', receivableId)
    .executeTakeFirst();
}
