import { COMPANY_ID } from '@backoffice/contract';
import { type Insertable, sql } from 'kysely';
import type { Executor } from '../../db/executor';
import type { Database } from '../../db/schema';

/** The boletos module's tables: its settings, boletos, remessas, retornos and their applied occurrences. */

export interface BoletoSettingsRow {
  bank_code: string;
  agency: string;
  agency_dv: string;
  account: string;
  account_dv: string;
  convenio: string;
  carteira: string;
  variacao: string;
  next_sequence: number;
  next_remessa: number;
  pix_hybrid: boolean;
  updated_at: Date;
}

export interface BoletoRow {
  id: number;
  receivable_id: number;
  bank_code: string;
  nosso_numero: string;
  due_date: string;
  amount_cents: number;
  barcode: string;
  digitable_line: string;
  status: 'ISSUED' | 'PAID' | 'WRITTEN_OFF';
  remessa_nsa: number | null;
  paid_on: string | null;
  paid_cents: number | null;
  fee_cents: number;
  api_registered_at: Date | null;
  pix_txid: string | null;
  pix_emv: string | null;
  created_at: Date;
}

const boletoColumns = (db: Executor) =>
  db
    .selectFrom('boletos as b')
    .leftJoin('boleto_remessas as m', 'm.id', 'b.remessa_id')
    .select([
      'b.id',
      'b.receivable_id',
      'b.bank_code',
      'b.nosso_numero',
      'b.amount_cents',
      'b.barcode',
      'b.digitable_line',
      'b.status',
      'm.nsa as remessa_nsa',
      'b.paid_cents',
      'b.fee_cents',
      'b.api_registered_at',
      'b.pix_txid',
      'b.pix_emv',
      'b.created_at',
    ])
    .select(sql<string>`to_char(b.due_date, 'YYYY-MM-DD')`.as('due_date'))
    .select(sql<string | null>`to_char(b.paid_on, 'YYYY-MM-DD')`.as('paid_on'));

const toBoletoRow = (row: Record<string, unknown>): BoletoRow => ({
  ...(row as unknown as BoletoRow),
  amount_cents: Number(row.amount_cents),
  paid_cents: row.paid_cents === null ? null : Number(row.paid_cents),
  fee_cents: Number(row.fee_cents),
});

export const boletosRepository = {
  async settings(db: Executor, lock = false): Promise<BoletoSettingsRow | undefined> {
    let query = db.selectFrom('boleto_settings').selectAll().where('company_id', '=', COMPANY_ID);
    if (lock) query = query.forUpdate();
    const row = await query.executeTakeFirst();
    return row
      ? { ...row, next_sequence: Number(row.next_sequence), next_remessa: Number(row.next_remessa) }
      : undefined;
  },

  async saveSettings(
    db: Executor,
    values: Omit<BoletoSettingsRow, 'updated_at'> & { updated_by: number },
  ): Promise<void> {
    const row = { ...values, company_id: COMPANY_ID, updated_at: new Date() };
    await db
      .insertInto('boleto_settings')
      .values(row)
      .onConflict((oc) => oc.column('company_id').doUpdateSet(row))
      .execute();
  },

  async bumpSequence(db: Executor, next: number): Promise<void> {
    await db.updateTable('boleto_settings').set({ next_sequence: next }).where('company_id', '=', COMPANY_ID).execute();
  },

  async bumpRemessa(db: Executor, next: number): Promise<void> {
    await db.updateTable('boleto_settings').set({ next_remessa: next }).where('company_id', '=', COMPANY_ID).execute();
  },

  /** The highest sequence issued under `convenio` (its nosso números' last 10 digits), 0 with none. */
  async lastSequence(db: Executor, convenio: string): Promise<number> {
    const row = await db
      .selectFrom('boletos')
      .select(sql<string | null>`max(substr(nosso_numero, 8)::bigint)`.as('last'))
      .where('nosso_numero', 'like', `${convenio}%`)
      .executeTakeFirstOrThrow();
    return Number(row.last ?? 0);
  },

  async lastRemessa(db: Executor): Promise<number> {
    const row = await db
      .selectFrom('boleto_remessas')
      .select(sql<string | null>`max(nsa)`.as('last'))
      .executeTakeFirstOrThrow();
    return Number(row.last ?? 0);
  },

  async insertBoleto(db: Executor, row: Insertable<Database['boletos']>): Promise<number> {
    const { id } = await db.insertInto('boletos').values(row).returning('id').executeTakeFirstOrThrow();
    return id;
  },

  async find(db: Executor, id: number): Promise<BoletoRow | undefined> {
    const row = await boletoColumns(db).where('b.id', '=', id).executeTakeFirst();
    return row ? toBoletoRow(row) : undefined;
  },

  async ofReceivable(db: Executor, receivableId: number): Promise<BoletoRow[]> {
    const rows = await boletoColumns(db).where('b.receivable_id', '=', receivableId).orderBy('b.id', 'desc').execute();
    return rows.map(toBoletoRow);
  },

  async byNossoNumero(db: Executor, nossoNumero: string): Promise<BoletoRow | undefined> {
    const row = await boletoColumns(db).where('b.nosso_numero', '=', nossoNumero).forUpdate('b').executeTakeFirst();
    return row ? toBoletoRow(row) : undefined;
  },

  /** A boleto híbrido by its Pix txid, locked (the bank's Pix webhook pays it). */
  async byPixTxid(db: Executor, txid: string): Promise<BoletoRow | undefined> {
    const row = await boletoColumns(db).where('b.pix_txid', '=', txid).forUpdate('b').executeTakeFirst();
    return row ? toBoletoRow(row) : undefined;
  },

  /** Registered by BB's API now, with the Pix QR code it answered (or none). */
  async markApiRegistered(db: Executor, id: number, pix: { txid: string; emv: string } | null): Promise<void> {
    await db
      .updateTable('boletos')
      .set({ api_registered_at: new Date(), pix_txid: pix?.txid ?? null, pix_emv: pix?.emv ?? null })
      .where('id', '=', id)
      .execute();
  },

  /** The boletos registered by BB's API still open (ISSUED: not paid, not written off), oldest first. */
  async openApiRegistered(db: Executor): Promise<BoletoRow[]> {
    const rows = await boletoColumns(db)
      .where('b.api_registered_at', 'is not', null)
      .where('b.status', '=', 'ISSUED')
      .orderBy('b.id')
      .execute();
    return rows.map(toBoletoRow);
  },

  /** The boletos issued, not registered by BB's API and not yet in a remessa, oldest first, locked for the remessa being written. */
  async unsent(db: Executor): Promise<BoletoRow[]> {
    const rows = await boletoColumns(db)
      .where('b.remessa_id', 'is', null)
      .where('b.api_registered_at', 'is', null)
      .where('b.status', '=', 'ISSUED')
      .orderBy('b.id')
      .forUpdate('b')
      .execute();
    return rows.map(toBoletoRow);
  },

  async insertRemessa(
    db: Executor,
    row: { nsa: number; content: string; boleto_count: number; created_by: number },
    boletoIds: number[],
  ): Promise<number> {
    const { id } = await db.insertInto('boleto_remessas').values(row).returning('id').executeTakeFirstOrThrow();
    if (boletoIds.length > 0)
      await db.updateTable('boletos').set({ remessa_id: id }).where('id', 'in', boletoIds).execute();
    return id;
  },

  async remessas(db: Executor, limit: number) {
    return db
      .selectFrom('boleto_remessas as m')
      .innerJoin('employees as e', 'e.id', 'm.created_by')
      .select(['m.id', 'm.nsa', 'm.boleto_count', 'm.created_at', 'e.name as created_by'])
      .orderBy('m.id', 'desc')
      .limit(limit)
      .execute();
  },

  async remessaFile(db: Executor, id: number) {
    return db.selectFrom('boleto_remessas').select(['nsa', 'content']).where('id', '=', id).executeTakeFirst();
  },

  /** The retorno recorded by its SHA-256; undefined when that file was read before (nothing is recorded). */
  async insertRetorno(
    db: Executor,
    row: { sha256: string; file_name: string; nsa: number | null; created_by: number },
  ): Promise<number | undefined> {
    const inserted = await db
      .insertInto('boleto_retornos')
      .values({ ...row, summary: JSON.stringify({}) })
      .onConflict((oc) => oc.column('sha256').doNothing())
      .returning('id')
      .executeTakeFirst();
    return inserted?.id;
  },

  async retornoSummary(db: Executor, sha256: string) {
    return db.selectFrom('boleto_retornos').select(['summary']).where('sha256', '=', sha256).executeTakeFirst();
  },

  async saveRetornoSummary(db: Executor, id: number, summary: object): Promise<void> {
    await db
      .updateTable('boleto_retornos')
      .set({ summary: JSON.stringify(summary) })
      .where('id', '=', id)
      .execute();
  },

  /** An occurrence applied once: false when the same boleto, movement and day were applied before. */
  async insertEvent(db: Executor, row: Insertable<Database['boleto_retorno_events']>): Promise<boolean> {
    const inserted = await db
      .insertInto('boleto_retorno_events')
      .values(row)
      .onConflict((oc) => oc.columns(['boleto_id', 'movement', 'occurred_on']).doNothing())
      .returning('id')
      .executeTakeFirst();
    return inserted !== undefined;
  },

  async markPaid(db: Executor, id: number, paidOn: string, paidCents: number): Promise<void> {
    await db
      .updateTable('boletos')
      .set({ status: 'PAID', paid_on: paidOn, paid_cents: paidCents })
      .where('id', '=', id)
      .execute();
  },

  async markWrittenOff(db: Executor, id: number): Promise<void> {
    await db.updateTable('boletos').set({ status: 'WRITTEN_OFF' }).where('id', '=', id).execute();
  },

  async addFee(db: Executor, id: number, feeCents: number): Promise<void> {
    await db
      .updateTable('boletos')
      .set({ fee_cents: sql<number>`fee_cents + ${feeCents}` })
      .where('id', '=', id)
      .execute();
  },
};
