import { sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../db/database';
import { migrationProvider } from '../../db/migrations';
import { seedFoundation } from '../../db/seed/foundation';
import { emptyTestDatabase, type TestDatabase } from '../../test/database';
import { createOrder, createOrderWorld } from '../orders/test-orders';

describe('migration 0080-repair-bills-at-the-counter on a database with bills', () => {
  let t: TestDatabase;
  beforeEach(async () => {
    t = await emptyTestDatabase();
  });
  afterEach(() => t.close());

  it("moves a repair's bill left for the stocker to the counter, with its history and audit rows; other orders stay", async () => {
    const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(t.db);
    const migrator = new Migrator({ db: t.db, provider: migrationProvider, migrationTableSchema: rows[0]?.schema });
    expect((await migrator.migrateTo('0079-creation-keys')).error).toBeUndefined();
    await seedFoundation(t.db);
    const world = await createOrderWorld(t.db);
    const bill = await createOrder(t.db, world, { status: 1, deliveryType: 2 });
    const sale = await createOrder(t.db, world, { status: 1, deliveryType: 2 });
    const paidAlready = await createOrder(t.db, world, { status: 13, deliveryType: 2 });
    // Two service orders (a bill bills one): one billed by an order left for the stocker, one already finalized.
    for (const [index, order] of [bill, paidAlready].entries()) {
      const repair = await t.db
        .insertInto('repairs')
        .values({
          customer_id: world.customerId,
          imei: '356938035643809',
          model: 'iPhone 12',
          problem: 'Tela quebrada',
          estimated_date: '2026-11-30',
          late_at: new Date('2026-12-01T03:00:00Z'),
          status: 'APPROVED',
          status_token: String(index).repeat(32),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await t.db.updateTable('orders').set({ repair_id: repair.id }).where('id', '=', order.id).execute();
    }

    await migrateToLatest(t.db);

    const statuses = await t.db
      .selectFrom('orders')
      .select(['id', 'status'])
      .where('id', 'in', [bill.id, sale.id, paidAlready.id])
      .orderBy('id')
      .execute();
    expect(statuses).toEqual([
      { id: bill.id, status: 6 },
      { id: sale.id, status: 1 },
      { id: paidAlready.id, status: 13 },
    ]);
    const history = await t.db
      .selectFrom('order_status_history')
      .select(['status', 'employee_id'])
      .where('order_id', '=', bill.id)
      .orderBy('id', 'desc')
      .limit(1)
      .execute();
    expect(history).toEqual([{ status: 6, employee_id: null }]);
    const audits = await t.db
      .selectFrom('audit_events')
      .select(['entity_id', 'action', 'employee_id'])
      .where('action', '=', 'awaitPickup')
      .execute();
    expect(audits).toEqual([{ entity_id: bill.code, action: 'awaitPickup', employee_id: null }]);
  });
});
