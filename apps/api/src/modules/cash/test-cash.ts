import { DEFAULT_DELIVERY_DEPARTURES, nextDeliveryDeparture } from '@backoffice/contract';
import { sql } from 'kysely';
import type { DB } from '../../db/database';
import { createTestApp, type DemoRole, signInAll, type TestApp } from '../../test/helpers';
import { createOrderWorld, type OrderWorld, picture } from '../orders/test-orders';

/** What the cash drawer's test files (cash.test.ts, payments/cash-lands.test.ts) share. */

/** The world of a cash drawer test: an app on a fresh database, the orders' world, every demo role's token, a signature. */
export interface CashWorld {
  t: TestApp;
  world: OrderWorld;
  tokens: Record<DemoRole, string>;
  signature: string;
}

/** Opens a cash drawer test's world (give `beforeAll` 120 s for it). */
export async function openCashWorld(): Promise<CashWorld> {
  const t = await createTestApp();
  return { t, world: await createOrderWorld(t.db), tokens: await signInAll(t.app), signature: await picture('png') };
}

/** Closes every register left open (counted 0, nothing to approve), so that each test starts with all of them closed. */
export async function closeOpenDrawers(db: DB) {
  await db
    .updateTable('cash_sessions')
    .set({
      closed_at: new Date(),
      closed_by: sql<number>`operator_id`,
      expected_cents: 0,
      counted_cents: 0,
      approval: 'NOT_NEEDED',
    })
    .where('closed_at', 'is', null)
    .execute();
}

/** A source of courier-run departures: each call answers the next scheduled departure after the last one it gave. */
export function departuresFromNow(): () => string {
  let departures = 0;
  return () => {
    let at = new Date();
    departures += 1;
    for (let i = 0; i < departures; i++) at = nextDeliveryDeparture(at, DEFAULT_DELIVERY_DEPARTURES);
    return at.toISOString();
  };
}
