import { sql } from 'kysely';
import type { DB } from '../database';

/**
 * Every table the application writes (reference data of the migrations, levels and sources, stays). The counter
 * tables kept by triggers (receivable_days, the orders' and customers' counts) are not here: truncating their
 * table truncates them, and naming both in one statement is refused ('being used by active queries').
 */
export const DATA_TABLES = [
  'repair_history',
  'repair_parts',
  'repair_photos',
  'repair_settings',
  'repairs',
  'trade_in_files',
  'trade_ins',
  'trade_in_prices',
  'trade_in_settings',
  'fiscal_voidings',
  'fiscal_emission_requests',
  'fiscal_note_events',
  'fiscal_notes',
  'fiscal_profiles',
  'fiscal_ibpt_rates',
  'fiscal_ibpt_tables',
  'fiscal_certificate',
  'fiscal_issuer',
  'receivable_payments',
  'receivables',
  'customer_credit',
  'credit_settings',
  'cash_entries',
  'cash_sessions',
  'cash_registers',
  'cash_settings',
  'search_terms',
  'product_views',
  'customer_signins',
  'company_settings',
  'bank_settings',
  'cart_items',
  'checkout_requests',
  'import_requests',
  'pix_received',
  'courier_run_orders',
  'courier_runs',
  'order_move_requests',
  'order_adjustments',
  'order_images',
  'order_status_history',
  'order_items',
  'stock_movement_units',
  'unit_imeis',
  'product_units',
  'stock_movements',
  'orders',
  'product_images',
  'products',
  'brand_references',
  'brands',
  'customers',
  'audit_events',
  'password_codes',
  'employees',
  'roles',
  'files',
] as const;

/** What `db:seed -- --reset` does: empties every table the application writes and restarts their ids. */
export async function resetData(db: DB): Promise<void> {
  await sql`truncate table ${sql.join(DATA_TABLES.map((t) => sql.table(t)))} restart identity cascade`.execute(db);
  await sql`alter sequence product_code_seq restart with 100001`.execute(db);
}
