import { sql } from 'kysely';
import { NO_MIGRATIONS } from 'kysely/migration';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { hashBands } from '../../modules/orders/orders.service';
import { createOrder, createOrderWorld } from '../../modules/orders/test-orders';
import { emptyTestDatabase, type TestDatabase } from '../../test/database';
import { migrateToLatest, schemaMigrator } from '../database';
import { migrations } from '../migrations';

const TABLES = [
  'audit_events',
  'backup_runs',
  'backup_settings',
  'bank_settings',
  'bank_statement_lines',
  'bank_statements',
  'bell_items',
  'boleto_remessas',
  'boleto_retorno_events',
  'boleto_retornos',
  'boleto_settings',
  'boletos',
  'bootstrap_steps',
  'brand_references',
  'brands',
  'card_settlement_days',
  'card_settlements',
  'cart_items',
  'cash_entries',
  'cash_registers',
  'cash_sessions',
  'cash_settings',
  'checkout_requests',
  'company_settings',
  'courier_run_orders',
  'courier_runs',
  'credit_settings',
  'customer_credit',
  'customer_levels',
  'customer_signins',
  'customer_status_counts',
  'customers',
  'discount_approvals',
  'employees',
  'files',
  'fiscal_certificate',
  'fiscal_emission_requests',
  'fiscal_ibpt_rates',
  'fiscal_ibpt_tables',
  'fiscal_issuer',
  'fiscal_nfe_contingencies',
  'fiscal_nfe_outages',
  'fiscal_note_events',
  'fiscal_notes',
  'fiscal_profiles',
  'fiscal_voidings',
  'import_requests',
  'nfse_settings',
  'notification_reads',
  'order_adjustments',
  'order_images',
  'order_items',
  'order_late_limits',
  'order_move_requests',
  'order_payments',
  'order_refunds',
  'order_status_counts',
  'order_status_days',
  'order_status_history',
  'orders',
  'password_codes',
  'payable_payments',
  'payables',
  'pix_psp_settings',
  'pix_received',
  'product_counts',
  'product_images',
  'product_sources',
  'product_units',
  'product_views',
  'products',
  'purchase_billing',
  'purchase_items',
  'purchase_settings',
  'purchases',
  'quote_items',
  'quotes',
  'receivable_cobv',
  'receivable_days',
  'receivable_payments',
  'receivables',
  'repair_history',
  'repair_parts',
  'repair_photos',
  'repair_settings',
  'repairs',
  'report_brand_state',
  'report_customer_sales',
  'report_customer_signins',
  'report_margin',
  'report_margin_dirty',
  'report_margin_state',
  'report_product_sales',
  'report_product_views',
  'report_rank_customer_sales',
  'report_rank_customer_signins',
  'report_rank_product_sales',
  'report_rank_product_views',
  'report_search_terms',
  'roles',
  'search_terms',
  'service_invoices',
  'stock_movement_units',
  'stock_movements',
  'supplier_product_codes',
  'suppliers',
  'system_tasks',
  'throttle_events',
  'trade_in_files',
  'trade_in_prices',
  'trade_in_settings',
  'trade_ins',
  'trusted_sign_in_addresses',
  'unit_imeis',
  'whatsapp_templates',
];

async function tablesOf(t: TestDatabase): Promise<string[]> {
  const result = await sql<{ name: string }>`
    select table_name as name from information_schema.tables
    where table_schema = current_schema() and table_type = 'BASE TABLE' and table_name not like 'kysely_%'
    order by table_name`.execute(t.db);
  return result.rows.map((r) => r.name);
}

describe('migrations on an empty database', () => {
  let t: TestDatabase;
  beforeEach(async () => {
    t = await emptyTestDatabase();
  });
  afterEach(async () => {
    await t.close();
  });

  it('apply every migration in order and create the whole schema', async () => {
    expect(await tablesOf(t)).toEqual([]);
    const applied = await migrateToLatest(t.db);
    expect(applied).toEqual(Object.keys(migrations));
    expect(await tablesOf(t)).toEqual(TABLES);
    // Reference data the migrations bring.
    const levels = await t.db.selectFrom('customer_levels').select(['id', 'name']).orderBy('id').execute();
    expect(levels).toEqual([
      { id: 1, name: 'Ouro' },
      { id: 2, name: 'Prata' },
      { id: 3, name: 'Bronze' },
    ]);
    const sources = await t.db.selectFrom('product_sources').select('key').orderBy('id').execute();
    expect(sources.map((s) => s.key)).toContain('SUPPLIER_PURCHASE');
    const code = await sql<{ code: string }>`select 'P' || nextval('product_code_seq') as code`.execute(t.db);
    expect(code.rows[0]?.code).toBe('P100001');
    // Running again changes nothing.
    expect(await migrateToLatest(t.db)).toEqual([]);
  });

  it('go all the way down and up again', async () => {
    await migrateToLatest(t.db);
    const migrator = await schemaMigrator(t.db);
    const down = await migrator.migrateTo(NO_MIGRATIONS);
    expect(down.error).toBeUndefined();
    expect(await tablesOf(t)).toEqual([]);
    expect(await migrateToLatest(t.db)).toEqual(Object.keys(migrations));
    expect(await tablesOf(t)).toEqual(TABLES);
  });

  it('0055 down keeps a walk-in who bought as an approved customer with his order, and drops one who did not', async () => {
    await migrateToLatest(t.db);
    const world = await createOrderWorld(t.db);
    const order = await createOrder(t.db, world, { status: 1, deliveryType: 2 });
    await sql`update customers set status = 'WALK_IN' where id = ${world.customerId}`.execute(t.db);
    const idle = await createOrderWorld(t.db);
    await sql`update customers set status = 'WALK_IN' where id = ${idle.customerId}`.execute(t.db);

    const migrator = await schemaMigrator(t.db);
    expect((await migrator.migrateTo('0054-dispatch-board')).error).toBeUndefined();
    const customers = await t.db
      .selectFrom('customers')
      .select(['id', 'status'])
      .where('id', 'in', [world.customerId, idle.customerId])
      .execute();
    expect(customers).toEqual([{ id: world.customerId, status: 'APPROVED' }]);
    const kept = await t.db.selectFrom('orders').select('customer_id').where('id', '=', order.id).executeTakeFirst();
    expect(kept).toEqual({ customer_id: world.customerId });
    expect(await migrateToLatest(t.db)).toEqual(Object.keys(migrations).filter((name) => name > '0055'));
  });

  it('refuse negative stock, negative amounts and totals that do not add up', async () => {
    await migrateToLatest(t.db);
    const brand = await t.db.insertInto('brands').values({ name: 'Samsung' }).returning('id').executeTakeFirstOrThrow();
    const product = {
      code: 'P1',
      name: 'Galaxy A55',
      brand_id: brand.id,
      cost_cents: 100,
      sell_price_cents: 200,
      tags: [],
      search_text: '',
    };
    await expect(
      t.db
        .insertInto('products')
        .values({ ...product, stock: -1 })
        .execute(),
    ).rejects.toThrow();
    await expect(
      t.db
        .insertInto('products')
        .values({ ...product, cost_cents: -1 })
        .execute(),
    ).rejects.toThrow();
    const p = await t.db.insertInto('products').values(product).returning('id').executeTakeFirstOrThrow();
    const move = { product_id: p.id, kind: 'SALE' as const, cost_before_cents: 100, cost_after_cents: 100 };
    await expect(
      t.db
        .insertInto('stock_movements')
        .values({ ...move, stock_before: 0, quantity_out: 1, stock_after: -1 })
        .execute(),
    ).rejects.toThrow();
    await expect(
      t.db
        .insertInto('stock_movements')
        .values({ ...move, stock_before: 5, quantity_out: 1, stock_after: 3 })
        .execute(),
    ).rejects.toThrow();
    const customer = await t.db
      .insertInto('customers')
      .values({ name: 'Ana', email: 'ana@example.com', phone: '11987654321', document: '52998224725', search_text: '' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const order = {
      code: 'ABC-234',
      customer_id: customer.id,
      status: 1,
      delivery_type: 1,
      payment_method: 'CASH' as const,
      items_total_cents: 1000,
      shipping_cost_cents: 500,
    };
    await expect(
      t.db
        .insertInto('orders')
        .values({ ...order, total_cents: 1400 })
        .execute(),
    ).rejects.toThrow();
    await expect(
      t.db
        .insertInto('orders')
        .values({ ...order, status: 14, total_cents: 1500 })
        .execute(),
    ).rejects.toThrow();
    await t.db
      .insertInto('orders')
      .values({ ...order, total_cents: 1500 })
      .execute();
  });

  it('0035 counts a database already holding products as set up, and leaves a fresh one to its first run', async () => {
    const migrator = await schemaMigrator(t.db);
    expect((await migrator.migrateTo('0034-product-fiscal-fields')).error).toBeUndefined();
    const brand = await t.db.insertInto('brands').values({ name: 'Xiaomi' }).returning('id').executeTakeFirstOrThrow();
    await t.db
      .insertInto('products')
      .values({
        code: 'P1',
        name: 'Redmi',
        brand_id: brand.id,
        cost_cents: 100,
        sell_price_cents: 200,
        search_text: '',
      })
      .execute();
    await migrateToLatest(t.db);
    const rows = await t.db.selectFrom('company_settings').select(['company_id', 'setup_completed_at']).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.company_id).toBe(1);
    expect(rows[0]?.setup_completed_at).not.toBeNull();

    const fresh = await emptyTestDatabase();
    try {
      await migrateToLatest(fresh.db);
      expect(await fresh.db.selectFrom('company_settings').select('company_id').execute()).toEqual([]);
    } finally {
      await fresh.close();
    }
  });

  it('refuse a malformed NCM, CEST, unit or origin (0034)', async () => {
    await migrateToLatest(t.db);
    const brand = await t.db.insertInto('brands').values({ name: 'Apple' }).returning('id').executeTakeFirstOrThrow();
    const product = (code: string, fiscal: Record<string, unknown>) =>
      t.db
        .insertInto('products')
        .values({
          code,
          name: code,
          brand_id: brand.id,
          cost_cents: 100,
          sell_price_cents: 200,
          search_text: '',
          ...fiscal,
        })
        .execute();
    await product('OK', { ncm: '85171300', cest: '2105300', unit: 'UN', origin: 0 });
    for (const [i, bad] of [{ ncm: '1234' }, { cest: '21.053.00' }, { unit: 'un' }, { origin: 9 }].entries()) {
      await expect(product(`BAD${i}`, bad)).rejects.toThrow();
    }
  });

  it('cut the proofs stored before 0026 into their bands, as the live code cuts new ones', async () => {
    const migrator = await schemaMigrator(t.db);
    expect((await migrator.migrateTo('0025-serialized-units')).error).toBeUndefined();
    const customer = await t.db
      .insertInto('customers')
      .values({ name: 'Ana', email: 'ana@example.com', phone: '11987654321', document: '52998224725', search_text: '' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const order = await t.db
      .insertInto('orders')
      .values({
        code: 'ABC-234',
        customer_id: customer.id,
        status: 1,
        delivery_type: 1,
        payment_method: 'CASH',
        items_total_cents: 1000,
        shipping_cost_cents: 500,
        total_cents: 1500,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const proof = { order_id: order.id, kind: 'RECEIPT' as const, created_at: new Date() };
    // ffc0000000000001: ten 1s, fifty-three 0s, a final 1. A flat picture (all 0) gets no bands.
    await t.db
      .insertInto('order_images')
      .values([
        { ...proof, path: 'a.jpg', phash: 'ffc0000000000001' },
        { ...proof, path: 'b.jpg', phash: '0000000000000000' },
      ])
      .execute();
    expect((await migrator.migrateTo('0026-receipt-hash-bands')).results?.map((r) => r.migrationName)).toEqual([
      '0026-receipt-hash-bands',
    ]);
    const rows = await t.db.selectFrom('order_images').select(['path', 'phash_bands']).orderBy('path').execute();
    expect(rows).toEqual([
      {
        path: 'a.jpg',
        phash_bands: [
          '0:1111111111',
          '1:000000000',
          '2:000000000',
          '3:000000000',
          '4:000000000',
          '5:000000000',
          '6:000000001',
        ],
      },
      { path: 'b.jpg', phash_bands: null },
    ]);
    expect(hashBands('ffc0000000000001')).toEqual(rows[0]?.phash_bands);
    expect(hashBands('0000000000000000')).toBeNull();
  });
});
