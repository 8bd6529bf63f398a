import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';
import { runStatements } from './run-statements';

/**
 * The money reports read only what they show (issue 59, decision 0093). Indexes only:
 * - 'Fluxo de caixa' by the days of its period: `receivable_payments_paid_on` (instalments received, those the bank's
 *   Pix paid apart), `payable_payments_paid_on` (bills paid), `pix_received_paid` (the Pix received),
 *   `order_payments_confirmed` (the cash and Pix parts confirmed), `order_status_history_stocker` (a whole order's
 *   transfer or Pix approved: its first 'Aguardando estoquista'), `cash_entries_counter_sale` (cash at the counter
 *   without parts), `order_refunds_done_at` (refunds done). The bills open read 0070's `payables_open_due`.
 * - The card payouts (the cash flow's and report 20 'Recebimentos de cartão'): `order_payments_card_settling`, the
 *   confirmed card parts by their span (settlement days × instalments) and when sold (confirmed, else recorded), so a
 *   period reads, for each span, the parts that can be paid in it (lib/card-settlements-sql.ts).
 * - The notes ('Notas fiscais'): `fiscal_notes_order` (an order's notes, newest first), and the list's search —
 *   `fiscal_notes_number`, `fiscal_notes_recipient_document`, and `fiscal_notes_recipient_trgm` (any part of the
 *   recipient's name, `ilike`; pg_trgm, 0004, on both engines). The key has its unique index, the order's code 0006's.
 */
async function trigramOps(db: Kysely<unknown>): Promise<string> {
  const { rows } = await sql<{ schema: string }>`
    select n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace
    where e.extname = 'pg_trgm'`.execute(db);
  const schema = rows[0]?.schema ?? 'public';
  return `"${schema.replace(/"/g, '""')}".gin_trgm_ops`;
}

export const moneyReportIndexes: Migration = {
  async up(db) {
    const ops = await trigramOps(db);
    await runStatements(db, [
      `create index receivable_payments_paid_on on receivable_payments (paid_on) include (amount_cents)
        where undone_at is null and end_to_end_id is null`,
      `create index payable_payments_paid_on on payable_payments (paid_on) include (payable_id)
        where undone_at is null and method <> 'COMPENSACAO'`,
      'create index pix_received_paid on pix_received (paid_at)',
      `create index order_payments_confirmed on order_payments (confirmed_at) where status = 'CONFIRMED'`,
      'create index order_status_history_stocker on order_status_history (created_at) where status = 1',
      `create index cash_entries_counter_sale on cash_entries (created_at) where kind = 'SALE' and payment_id is null`,
      `create index order_refunds_done_at on order_refunds (done_at) where status = 'DONE'`,
      `create index order_payments_card_settling on order_payments
        ((coalesce(settlement_days, 0) * instalments), (coalesce(confirmed_at, created_at)))
        where method = 'CARD' and status = 'CONFIRMED'`,
      'create index fiscal_notes_order on fiscal_notes (order_id, issued_at desc, id desc) where order_id is not null',
      'create index fiscal_notes_number on fiscal_notes (number)',
      'create index fiscal_notes_recipient_document on fiscal_notes (recipient_document)',
      `create index fiscal_notes_recipient_trgm on fiscal_notes using gin (recipient_name ${ops})`,
    ]);
  },
  async down(db) {
    await runStatements(db, [
      'drop index fiscal_notes_recipient_trgm',
      'drop index fiscal_notes_recipient_document',
      'drop index fiscal_notes_number',
      'drop index fiscal_notes_order',
      'drop index order_payments_card_settling',
      'drop index order_refunds_done_at',
      'drop index cash_entries_counter_sale',
      'drop index order_status_history_stocker',
      'drop index order_payments_confirmed',
      'drop index pix_received_paid',
      'drop index payable_payments_paid_on',
      'drop index receivable_payments_paid_on',
    ]);
  },
};
