import { businessTimeZone, cardPartSettlements, ORDER_STATUS } from '@backoffice/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../db/database';
import { seedFoundation } from '../db/seed/foundation';
import { createOrder, createOrderWorld, type OrderWorld } from '../modules/orders/test-orders';
import { emptyTestDatabase, type TestDatabase } from '../test/database';
import { cardSettlementsExpanded, cardSettlementsWithin } from './card-settlements-sql';

/**
 * The SQL twin of the contract's `cardPartSettlements` (decision 0093) gives, for any period, exactly the payments the
 * contract gives: 72 confirmed card parts of every shape the settings allow (1 to 12 instalments, 0 to 45 days, odd
 * cents, sold at noon and just before midnight in São Paulo, when it is already the next day in UTC), a reversed and
 * a pending part that pay nothing.
 */
let t: TestDatabase;
let world: OrderWorld;
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
  world = await createOrderWorld(t.db);
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

/** The payments kept (`card_settlements`, São Paulo's days) or, with `expanded`, the parts expanded now. */
async function fromSql(first: string, last: string, expanded = false) {
  const zone = businessTimeZone();
  const source = expanded ? cardSettlementsExpanded(first, last, zone) : cardSettlementsWithin(first, last, zone);
  const { rows } = await sql<{ line: string }>`
    select s.day || ' ' || p.seq || ' ' || s.instalment || '/' || s.instalments || ' ' || s.gross_cents || ' '
      || s.fee_cents || ' ' || s.net_cents as line
    from ${source} s join order_payments p on p.id = s.payment_id`.execute(t.db);
  return rows.map((r) => r.line).sort();
}

describe('cardSettlementsWithin', () => {
  it('gives the payments the contract gives, kept and expanded, for a year, a month, a day and a period after every sale', async () => {
    for (const [first, last] of [
      ['2026-01-01', '2026-12-31'],
      ['2026-03-01', '2026-03-31'],
      ['2026-02-05', '2026-02-05'],
      ['2027-01-01', '2027-12-31'],
      ['2025-01-01', '2025-12-31'],
    ] as const) {
      const want = expected(first, last);
      expect(await fromSql(first, last), `kept ${first} – ${last}`).toEqual(want);
      expect(await fromSql(first, last, true), `expanded ${first} – ${last}`).toEqual(want);
    }
    // Not an empty comparison: the year 2026 holds hundreds of payments.
    expect(expected('2026-01-01', '2026-12-31').length).toBeGreaterThan(300);
  });
});

describe('card_settlements (migration 0124)', () => {
  /** A part's kept payments: day, n/N, gross, fee, net, order code. */
  async function kept(paymentId: number) {
    const { rows } = await sql<{ line: string }>`
      select to_char(day, 'DD/MM/YYYY') || ' ' || instalment || '/' || instalments || ' ' || gross_cents || ' '
        || fee_cents || ' ' || net_cents || ' ' || order_code as line
      from card_settlements where payment_id = ${paymentId} order by instalment`.execute(t.db);
    return rows.map((r) => r.line);
  }
  /** The kept days of 2030 (no other test sells then): day, count, gross, fee, net. */
  async function days2030() {
    const { rows } = await sql<{ line: string }>`
      select to_char(day, 'DD/MM/YYYY') || ' ' || settlements || ' ' || gross_cents || ' ' || fee_cents || ' '
        || net_cents as line
      from card_settlement_days where day >= '2030-01-01' and settlements > 0 order by day`.execute(t.db);
    return rows.map((r) => r.line);
  }

  it('follows each change of a part in the statement that makes it, and its days with it', async () => {
    const order = await createOrder(t.db, world, { status: ORDER_STATUS.ENTREGUE });
    // R$ 1.000,00 in 3 on credit, fee R$ 3,33, paid every 30 days, sold at noon in São Paulo on 10/05/2030.
    const [part] = await t.db
      .insertInto('order_payments')
      .values({
        order_id: order.id,
        seq: 1,
        method: 'CARD',
        amount_cents: 100_000,
        status: 'CONFIRMED',
        card_kind: 'CREDIT',
        card_brand: 'Visa',
        instalments: 3,
        nsu: '1',
        authorization_code: 'A1',
        fee_cents: 333,
        net_cents: 99_667,
        settlement_days: 30,
        created_at: new Date('2030-05-10T15:00:00Z'),
        confirmed_at: new Date('2030-05-10T15:00:00Z'),
      })
      .returning('id')
      .execute();
    const id = part?.id as number;
    const code = order.code;
    // Net 99,667 in 3: 33,222 each and the 1 left on the first; fee 333: 111 each.
    expect(await kept(id)).toEqual([
      `09/06/2030 1/3 33334 111 33223 ${code}`,
      `09/07/2030 2/3 33333 111 33222 ${code}`,
      `08/08/2030 3/3 33333 111 33222 ${code}`,
    ]);
    expect(await days2030()).toEqual([
      '09/06/2030 1 33334 111 33223',
      '09/07/2030 1 33333 111 33222',
      '08/08/2030 1 33333 111 33222',
    ]);

    // The fee corrected to R$ 3,00: net 99,700 = 33,233 × 3 + 1.
    await t.db.updateTable('order_payments').set({ fee_cents: 300, net_cents: 99_700 }).where('id', '=', id).execute();
    expect(await kept(id)).toEqual([
      `09/06/2030 1/3 33334 100 33234 ${code}`,
      `09/07/2030 2/3 33333 100 33233 ${code}`,
      `08/08/2030 3/3 33333 100 33233 ${code}`,
    ]);
    // A column the payments do not read changes nothing.
    await t.db.updateTable('order_payments').set({ nsu: '77' }).where('id', '=', id).execute();
    expect(await kept(id)).toHaveLength(3);

    // Reversed: nothing is paid, the days are back to nothing.
    await t.db.updateTable('order_payments').set({ status: 'REVERSED' }).where('id', '=', id).execute();
    expect(await kept(id)).toEqual([]);
    expect(await days2030()).toEqual([]);

    // Confirmed again at 23:30 of 09/05/2030 in São Paulo (02:30 UTC of the 10th): the São Paulo day counts.
    await t.db
      .updateTable('order_payments')
      .set({ status: 'CONFIRMED', confirmed_at: new Date('2030-05-10T02:30:00Z') })
      .where('id', '=', id)
      .execute();
    await t.db.updateTable('orders').set({ code: 'RENOMEADO-1' }).where('id', '=', order.id).execute();
    expect(await kept(id)).toEqual([
      '08/06/2030 1/3 33334 100 33234 RENOMEADO-1',
      '08/07/2030 2/3 33333 100 33233 RENOMEADO-1',
      '07/08/2030 3/3 33333 100 33233 RENOMEADO-1',
    ]);

    // A second part in debit, same day as the first's first payment, in the same statement as a third that waits.
    await t.db
      .insertInto('order_payments')
      .values(
        (['CONFIRMED', 'PENDING'] as const).map((status, i) => ({
          order_id: order.id,
          seq: 2 + i,
          method: 'CARD' as const,
          amount_cents: 5_000,
          status,
          card_kind: 'DEBIT' as const,
          card_brand: 'Elo',
          instalments: 1,
          nsu: String(2 + i),
          authorization_code: `A${2 + i}`,
          fee_cents: 75,
          net_cents: 4_925,
          settlement_days: 30,
          created_at: new Date('2030-05-09T20:00:00Z'),
          confirmed_at: status === 'CONFIRMED' ? new Date('2030-05-09T20:00:00Z') : null,
        })),
      )
      .execute();
    expect(await days2030()).toEqual([
      '08/06/2030 2 38334 175 38159',
      '08/07/2030 1 33333 100 33233',
      '07/08/2030 1 33333 100 33233',
    ]);

    // The first part deleted: only the debit is left.
    await t.db.deleteFrom('order_payments').where('id', '=', id).execute();
    expect(await kept(id)).toEqual([]);
    expect(await days2030()).toEqual(['08/06/2030 1 5000 75 4925']);
  });

  it('keeps, for every day, the count and sums of the parts expanded now', async () => {
    const { rows } = await sql<{ differences: number; days: number }>`
      with recount as (
        select s.day, count(*)::int as settlements, sum(s.gross_cents)::bigint as gross_cents,
          sum(s.fee_cents)::bigint as fee_cents, sum(s.net_cents)::bigint as net_cents
        from ${cardSettlementsExpanded('2000-01-01', '2100-12-31', businessTimeZone())} s group by s.day
      ), kept as (
        select to_char(day, 'YYYY-MM-DD') as day, settlements, gross_cents, fee_cents, net_cents
        from card_settlement_days where settlements > 0
      )
      select (select count(*)::int from ((table recount except table kept) union all (table kept except table recount)) d)
        as differences, (select count(*)::int from recount) as days`.execute(t.db);
    expect(rows[0]?.differences).toBe(0);
    expect(rows[0]?.days).toBeGreaterThan(100);
  });
});
