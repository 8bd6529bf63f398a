import { ORDER_STATUS } from '@backoffice/contract';
import { sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../db/database';
import { migrationProvider } from '../../db/migrations';
import { seedFoundation } from '../../db/seed/foundation';
import { emptyTestDatabase, type TestDatabase } from '../../test/database';
import { createOrder, createOrderWorld } from '../orders/test-orders';

/**
 * Migration 0092 (issue 54 §2, decision 0075): the finished and delivered cash orders get the cash part they were
 * missing. The world's products cost R$ 19,90 and R$ 50,00; a motoboy order adds R$ 15,00 of freight.
 */
describe('migration 0092-cash-always-lands on a database with finished orders', () => {
  let t: TestDatabase;
  beforeEach(async () => {
    t = await emptyTestDatabase();
  });
  afterEach(() => t.close());

  it('adds one confirmed cash part for what each finished or delivered cash order lacked; the others stay', async () => {
    const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(t.db);
    const migrator = new Migrator({ db: t.db, provider: migrationProvider, migrationTableSchema: rows[0]?.schema });
    expect((await migrator.migrateTo('0091-certificate-icp-brasil')).error).toBeUndefined();
    await seedFoundation(t.db);
    const world = await createOrderWorld(t.db);
    const S = ORDER_STATUS;
    // A pickup finalized: 2 × 50,00 = 100,00, no part.
    const pickup = await createOrder(t.db, world, { status: S.FINALIZADOS, quantities: [0, 2], deliveryType: 2 });
    const finishedAt = new Date('2026-10-05T15:00:00Z');
    await t.db.updateTable('orders').set({ finished_at: finishedAt }).where('id', '=', pickup.id).execute();
    // Delivered by motoboy: 19,90 + 50,00 + 15,00 = 84,90, of which a card part of 19,90: 65,00 lacking.
    const delivered = await createOrder(t.db, world, { status: S.ENTREGUE, quantities: [1, 1] });
    await t.db
      .insertInto('order_payments')
      .values({
        order_id: delivered.id,
        seq: 1,
        method: 'CARD',
        amount_cents: 1990,
        status: 'CONFIRMED',
        card_kind: 'DEBIT',
        card_brand: 'Visa',
        instalments: 1,
        nsu: '123456',
        authorization_code: 'AB12',
        fee_basis_points: 0,
        fee_cents: 0,
        net_cents: 1990,
        settlement_days: 1,
        confirmed_at: new Date(),
      })
      .execute();
    // Paid in full already (a cash part of 50,00), a card order, a card at the door, and one not handed over yet.
    const paid = await createOrder(t.db, world, { status: S.FINALIZADOS, quantities: [0, 1], deliveryType: 2 });
    await t.db
      .insertInto('order_payments')
      .values({ order_id: paid.id, seq: 1, method: 'CASH', amount_cents: 5000, status: 'CONFIRMED' })
      .execute();
    const card = await createOrder(t.db, world, { status: S.FINALIZADOS, quantities: [0, 1], deliveryType: 2 });
    await t.db.updateTable('orders').set({ payment_method: 'CARD' }).where('id', '=', card.id).execute();
    const door = await createOrder(t.db, world, { status: S.ENTREGUE, quantities: [0, 1] });
    await t.db.updateTable('orders').set({ card_on_delivery: true }).where('id', '=', door.id).execute();
    const waiting = await createOrder(t.db, world, {
      status: S.AGUARDANDO_CLIENTE,
      quantities: [0, 1],
      deliveryType: 2,
    });

    // The pickup's R$ 100,00 taken by an open drawer at the counter (a SALE entry naming no part, as before 0092).
    const drawer = await t.db
      .insertInto('cash_registers')
      .values({ name: 'Caixa 0092' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const session = await t.db
      .insertInto('cash_sessions')
      .values({ register_id: drawer.id, operator_id: world.staff.attendant, float_cents: 0 })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('cash_entries')
      .values({
        session_id: session.id,
        kind: 'SALE',
        amount_cents: 10_000,
        order_id: pickup.id,
        employee_id: world.staff.attendant,
      })
      .execute();

    await migrateToLatest(t.db);

    const parts = await sql<{ order_id: number; seq: number; method: string; cents: number; door: boolean; at: Date }>`
      select order_id, seq, method, amount_cents as cents, at_door as door, confirmed_at as at
      from order_payments where status = 'CONFIRMED' order by order_id, seq`.execute(t.db);
    expect(parts.rows.map((p) => [p.order_id, p.seq, p.method, Number(p.cents), p.door])).toEqual([
      [pickup.id, 1, 'CASH', 10_000, false],
      [delivered.id, 1, 'CARD', 1990, false],
      [delivered.id, 2, 'CASH', 6500, true],
      [paid.id, 1, 'CASH', 5000, false],
    ]);
    expect(new Date(parts.rows[0]?.at as Date).toISOString()).toBe(finishedAt.toISOString());
    expect([card.id, door.id, waiting.id].some((id) => parts.rows.some((p) => p.order_id === id))).toBe(false);
    // The drawer's entry now names the pickup's part: the cash flow counts that money once.
    const entry = await t.db
      .selectFrom('cash_entries')
      .select('payment_id')
      .where('order_id', '=', pickup.id)
      .executeTakeFirstOrThrow();
    const pickupPart = await t.db
      .selectFrom('order_payments')
      .select('id')
      .where('order_id', '=', pickup.id)
      .executeTakeFirstOrThrow();
    expect(entry.payment_id).toBe(pickupPart.id);
  });
});
