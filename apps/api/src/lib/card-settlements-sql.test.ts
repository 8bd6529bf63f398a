import { businessTimeZone, cardPartSettlements, ORDER_STATUS } from '@backoffice/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../db/database';
import { seedFoundation } from '../db/seed/foundation';
import { createOrder, createOrderWorld } from '../modules/orders/test-orders';
import { emptyTestDatabase, type TestDatabase } from '../test/database';
import { cardSettlementsWithin } from './card-settlements-sql';

/**
 * The SQL twin of the contract's `cardPartSettlements` (decision 0093) gives, for any period, exactly the payments the
 * contract gives: 72 confirmed card parts of every shape the settings allow (1 to 12 instalments, 0 to 45 days, odd
 * cents, sold at noon and just before midnight in São Paulo, when it is already the next day in UTC), a reversed and
 * a pending part that pay nothing.
 */
let t: TestDatabase;
type Part = {
  amount: number;
  fee: number;
  instalments: number;
  days: number;
  at: Date;
};
const parts: Part[] = [];

beforeAll(async () => {
  t = await emptyTestDatabase('cardsql', { migrated: true });
  await migrateToLatest(t.db);
  await seedFoundation(t.db);
  const world = await createOrderWorld(t.db);
  const order = await createOrder(t.db, world, { status: ORDER_STATUS.ENTREGUE });
  const days = [0, 1, 2, 15, 30, 45];
  for (let i = 0; i < 72; i++) {
    const instalments = (i % 12) + 1;
    const amount = 1_001 + i * 7_919;
    // 23:59 in São Paulo (02:59 UTC the next day) for every third part.
    const at = new Date(Date.UTC(2026, 0, 1, i % 3 === 0 ? 26 : 15, 59) + i * 5 * 86_400_000);
    parts.push({ amount, fee: Math.round((amount * (i % 5)) / 100), instalments, days: days[i % 6] as number, at });
  }
  const row = (p: Part, seq: number, status: 'CONFIRMED' | 'REVERSED' | 'PENDING') => ({
    order_id: order.id,
    seq,
    method: 'CARD' as const,
    amount_cents: p.amount,
    status,
    card_kind: p.instalments === 1 ? ('DEBIT' as const) : ('CREDIT' as const),
    card_brand: 'Visa',
    instalments: p.instalments,
    nsu: String(seq),
    authorization_code: `A${seq}`,
    fee_cents: p.fee,
    net_cents: p.amount - p.fee,
    settlement_days: p.days,
    created_at: p.at,
    confirmed_at: status === 'CONFIRMED' ? p.at : null,
  });
  await t.db
    .insertInto('order_payments')
    .values([
      ...parts.map((p, i) => row(p, 100 + i, 'CONFIRMED')),
      row(
        { amount: 50_000, fee: 1_000, instalments: 2, days: 30, at: new Date('2026-06-01T15:00:00Z') },
        300,
        'REVERSED',
      ),
      row(
        { amount: 50_000, fee: 1_000, instalments: 2, days: 30, at: new Date('2026-06-01T15:00:00Z') },
        301,
        'PENDING',
      ),
    ])
    .execute();
}, 120_000);
afterAll(() => t?.close());

/** What the contract says is paid from `first` to `last`, in the SQL's shape, in one order. */
function expected(first: string, last: string) {
  return parts
    .flatMap((p, i) =>
      cardPartSettlements({
        amountCents: p.amount,
        feeCents: p.fee,
        netCents: p.amount - p.fee,
        instalments: p.instalments,
        settlementDays: p.days,
        confirmedAt: p.at,
        createdAt: p.at,
      }).map((s) => ({ seq: 100 + i, ...s })),
    )
    .filter((s) => s.date >= first && s.date <= last)
    .map((s) => `${s.date} ${s.seq} ${s.instalment}/${s.instalments} ${s.grossCents} ${s.feeCents} ${s.netCents}`)
    .sort();
}

async function fromSql(first: string, last: string) {
  const { rows } = await sql<{ line: string }>`
    select s.day || ' ' || p.seq || ' ' || s.instalment || '/' || s.instalments || ' ' || s.gross_cents || ' '
      || s.fee_cents || ' ' || s.net_cents as line
    from ${cardSettlementsWithin(first, last, businessTimeZone())} s join order_payments p on p.id = s.payment_id`.execute(
    t.db,
  );
  return rows.map((r) => r.line).sort();
}

describe('cardSettlementsWithin', () => {
  it('gives the payments the contract gives, for a year, a month, a day and a period after every sale', async () => {
    for (const [first, last] of [
      ['2026-01-01', '2026-12-31'],
      ['2026-03-01', '2026-03-31'],
      ['2026-02-05', '2026-02-05'],
      ['2027-01-01', '2027-12-31'],
      ['2025-01-01', '2025-12-31'],
    ] as const) {
      const want = expected(first, last);
      expect(await fromSql(first, last), `${first} – ${last}`).toEqual(want);
    }
    // Not an empty comparison: the year 2026 holds hundreds of payments.
    expect(expected('2026-01-01', '2026-12-31').length).toBeGreaterThan(300);
  });
});
