import { ORDER_STATUS } from '@backoffice/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers';
import { DAY_SKIP_FROM, ordersRepository } from './orders.repository';
import { createOrderWorld, type OrderWorld } from './test-orders';

/**
 * Deep status pages start their index scan at their day (migration 0012): the page must be exactly the
 * one a plain `offset` over the whole status gives, from either end of the index, and the per-day
 * counters must equal a recount after orders are inserted, moved, touched and deleted.
 */
const S = ORDER_STATUS;
const STATUS = S.FINALIZADOS;
const ORDERS = 1_300;
let t: TestApp;
let world: OrderWorld;

beforeAll(async () => {
  t = await createTestApp();
  world = await createOrderWorld(t.db);
  // 1,300 finished orders over 40 days, several at the very same instant and some at midnight UTC.
  await sql`insert into orders (code, customer_id, status, delivery_type, payment_method, items_total_cents,
      total_cents, created_at, updated_at)
    select 'DAY-' || g, ${world.customerId}, ${STATUS}, 2, 'CASH', 1000, 1000,
      timestamptz '2026-09-01 00:00:00+00' + ((g * 7919) % 40) * interval '1 day',
      timestamptz '2026-09-01 00:00:00+00' + ((g * 7919) % 40) * interval '1 day'
        + case when g % 13 = 0 then interval '0' else ((g * 104729) % 86400) * interval '1 second' end
    from generate_series(1, ${ORDERS}) as g`.execute(t.db);
}, 120_000);
afterAll(() => t.close());

/** The ids of a page as a plain offset over the whole status gives them (newest change first). */
async function plainPage(offset: number, limit: number): Promise<number[]> {
  const rows = await t.db
    .selectFrom('orders')
    .select('id')
    .where('status', '=', STATUS)
    .orderBy('updated_at', 'desc')
    .orderBy('id', 'desc')
    .offset(offset)
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

async function dayCounters(): Promise<string[]> {
  const { rows } = await sql<{ line: string }>`select status || ' ' || day::text || ' ' || orders as line
    from order_status_days where orders <> 0 order by status, day`.execute(t.db);
  return rows.map((row) => row.line);
}

async function dayRecount(): Promise<string[]> {
  const { rows } = await sql<{ line: string }>`select status || ' ' || (updated_at at time zone 'UTC')::date::text
      || ' ' || count(*) as line
    from orders group by status, (updated_at at time zone 'UTC')::date
    order by status, (updated_at at time zone 'UTC')::date`.execute(t.db);
  return rows.map((row) => row.line);
}

describe('deep status pages (migration 0012)', () => {
  it('are exactly the pages of a plain offset, newest first and from the oldest end', async () => {
    expect(DAY_SKIP_FROM).toBeLessThan(ORDERS);
    const total = ORDERS;
    for (const offset of [0, 10, DAY_SKIP_FROM - 1, DAY_SKIP_FROM, DAY_SKIP_FROM + 7, 777, 1_000, 1_290]) {
      const expected = await plainPage(offset, 10);
      const newest = await ordersRepository.pageByStatus(t.db, STATUS, offset, 10);
      expect(newest.map((row) => row.id)).toEqual(expected);
      // The same page read from the other end: skip what lies after it, then turned around.
      const count = Math.min(10, total - offset);
      const oldest = await ordersRepository.pageByStatus(t.db, STATUS, total - offset - count, count, true);
      expect(oldest.map((row) => row.id)).toEqual(expected);
    }
  });

  it('per-day counters equal a recount after inserts, moves, touches and deletes', async () => {
    expect(await dayCounters()).toEqual(await dayRecount());
    // a status move that keeps the day, a touch that moves the day only, both at once, and a delete
    await sql`update orders set status = ${S.CANCELADO} where code in ('DAY-1', 'DAY-2')`.execute(t.db);
    await sql`update orders set updated_at = updated_at + interval '3 days' where code in ('DAY-3', 'DAY-4')`.execute(
      t.db,
    );
    await sql`update orders set status = ${S.ENTREGUE}, updated_at = now() where code = 'DAY-5'`.execute(t.db);
    await sql`update orders set comments = 'sem mudança de status nem de dia' where code = 'DAY-6'`.execute(t.db);
    await sql`delete from orders where code = 'DAY-7'`.execute(t.db);
    expect(await dayCounters()).toEqual(await dayRecount());
    // a move rolled back leaves the counters as they were
    const before = await dayCounters();
    await expect(
      t.db.transaction().execute(async (trx) => {
        await sql`update orders set status = ${S.REPROVADOS} where code = 'DAY-8'`.execute(trx);
        throw new Error('desfeito');
      }),
    ).rejects.toThrow('desfeito');
    expect(await dayCounters()).toEqual(before);
    // and the deep pages still agree after the changes
    const remaining = Number(
      (
        await t.db
          .selectFrom('orders')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('status', '=', STATUS)
          .executeTakeFirstOrThrow()
      ).n,
    );
    for (const offset of [DAY_SKIP_FROM + 1, remaining - 10]) {
      const got = await ordersRepository.pageByStatus(t.db, STATUS, offset, 10);
      expect(got.map((row) => row.id)).toEqual(await plainPage(offset, 10));
    }
  });
});
