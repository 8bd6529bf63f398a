import { businessDay, dayStart, shiftDay } from '@backoffice/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers';
import { insertSmallBusiness } from '../reports/test-business';
import { cashFlowRepository } from './cash-flow.repository';

/**
 * A whole order's transfer approved by hand is money in on the day the order FIRST reached 'Aguardando estoquista'
 * (issue 54 §3), kept on the order as `stocker_arrived_at` (migration 0121) whatever moves its history: a second
 * arrival, a row moved in time, a row deleted. On PGlite and on PostgreSQL.
 */
describe("'Fluxo de caixa': a transfer approved by hand, on its first arrival at the stocker", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  }, 120_000);
  afterAll(() => t.close());

  it('counts R$ 60,00 once, on the first arrival; follows the history when it is moved or deleted', async () => {
    const { db } = t;
    const { customers } = await insertSmallBusiness(db, { tag: 'SA', products: 1, customers: 1, stock: 5 });
    const today = businessDay(new Date());
    const noon = (day: string) => new Date(dayStart(day).getTime() + 12 * 3_600_000);
    const [five, three, one] = [shiftDay(today, -5), shiftDay(today, -3), shiftDay(today, -1)];
    const order = await db
      .insertInto('orders')
      .values({
        code: 'SA-1',
        customer_id: customers[0] as number,
        status: 9,
        delivery_type: 2,
        payment_method: 'BANK_TRANSFER',
        items_total_cents: 6000,
        total_cents: 6000,
        created_at: noon(shiftDay(today, -6)),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    // Approved five days ago, sent back to the customer, approved again three days ago.
    const arrivals = await db
      .insertInto('order_status_history')
      .values([
        { order_id: order.id, status: 1, created_at: noon(five) },
        { order_id: order.id, status: 10, created_at: noon(shiftDay(today, -4)) },
        { order_id: order.id, status: 1, created_at: noon(three) },
      ])
      .returning('id')
      .execute();
    const week = async () => {
      const days = await cashFlowRepository.sales(
        db,
        dayStart(shiftDay(today, -7)),
        dayStart(today),
        'America/Sao_Paulo',
      );
      return days.filter((d) => d.in_cents !== '0').map((d) => [d.day, d.in_cents]);
    };
    expect(await week()).toEqual([[five, '6000']]);
    // The first arrival moved to yesterday: the second, three days ago, is now the first.
    await db
      .updateTable('order_status_history')
      .set({ created_at: noon(one) })
      .where('id', '=', arrivals[0]?.id as number)
      .execute();
    expect(await week()).toEqual([[three, '6000']]);
    // The arrival of three days ago deleted: yesterday's is the only one.
    await db
      .deleteFrom('order_status_history')
      .where('id', '=', arrivals[2]?.id as number)
      .execute();
    expect(await week()).toEqual([[one, '6000']]);
  });
});
