import {
  businessDay,
  type InstalmentPaidState,
  instalmentPaidState,
  ORDER_STATUS,
  receivableDetailsSchema,
  shiftDay,
} from '@backoffice/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers';
import { createOrder, createOrderWorld, type OrderWorld } from '../orders/test-orders';
import { receivablesRepository } from './receivables.repository';
import { createReceivablesService } from './receivables.service';

/**
 * What an instalment's payments leave for its late charges, written twice on purpose: the contract's
 * `instalmentPaidState` (the demo's paid instalments) and its SQL, `receivablesRepository.refresh`, which keeps them on
 * the instalment after each payment or undo (the page's sums and the exposure read them). Both give the same figures
 * over the same payments, worked out by hand; the API answers them as the instalment's `lateCharges`.
 */
let t: TestApp;
let world: OrderWorld;
let made = 0;

beforeAll(async () => {
  t = await createTestApp();
  world = await createOrderWorld(t.db);
}, 120_000);
afterAll(() => t.close());

interface PaymentSpec {
  principalCents: number;
  fineCents: number;
  interestCents: number;
  paidOn: string;
  undone?: boolean;
}

/** An instalment of R$ 1.000,00 (1/1) of a pickup of the world's customer, due 30 days ago. */
async function instalment(): Promise<{ id: number; dueDay: string }> {
  const dueDay = shiftDay(businessDay(new Date()), -30);
  const order = await createOrder(t.db, world, {
    status: ORDER_STATUS.AGUARDANDO_CLIENTE,
    quantities: [0, 20],
    deliveryType: 2,
  });
  const txid = `PAIDSTATE${++made}`;
  await receivablesRepository.insertMany(t.db, [
    {
      order_id: order.id,
      customer_id: world.customerId,
      seq: 1,
      count: 1,
      due_date: dueDay,
      amount_cents: 100_000,
      pix_txid: txid,
    },
  ]);
  const { id } = (await receivablesRepository.byTxid(t.db, txid)) as { id: number };
  return { id, dueDay };
}

/** Records `payments` as rows of the instalment, then lets the SQL write its figures again. */
async function record(id: number, payments: PaymentSpec[]): Promise<InstalmentPaidState> {
  for (const p of payments) {
    await t.db
      .insertInto('receivable_payments')
      .values({
        receivable_id: id,
        paid_on: p.paidOn,
        method: 'PIX',
        amount_cents: p.principalCents + p.fineCents + p.interestCents,
        principal_cents: p.principalCents,
        fine_cents: p.fineCents,
        interest_cents: p.interestCents,
        employee_id: world.staff.attendant,
        ...(p.undone ? { undone_at: new Date(), undone_by: world.staff.manager, undo_reason: 'Pix devolvido' } : {}),
      })
      .execute();
  }
  await receivablesRepository.refresh(t.db, id);
  const row = (await receivablesRepository.find(t.db, id)) as NonNullable<
    Awaited<ReturnType<typeof receivablesRepository.find>>
  >;
  return { principalPaidCents: row.principal_paid_cents, fineCharged: row.fine_charged, lastPaidOn: row.last_paid_on };
}

const facts = (payments: PaymentSpec[]) => payments.map((p) => ({ ...p, undone: p.undone ?? false }));

describe("an instalment's payments, in SQL and in the contract (instalmentPaidState)", () => {
  it('R$ 500,00 + fine 20,00 + interest 3,33 ten days late, R$ 300,00 + 1,67 ten days later, R$ 200,00 undone: 800,00 paid, the fine charged, interest from the second', async () => {
    const { id, dueDay } = await instalment();
    const day1 = shiftDay(dueDay, 10);
    const day2 = shiftDay(dueDay, 20);
    // 1.000,00 × 1 % × 10 ÷ 30 = 3,33; then 500,00 × 1 % × 10 ÷ 30 = 1,67.
    const payments: PaymentSpec[] = [
      { principalCents: 50_000, fineCents: 2_000, interestCents: 333, paidOn: day1 },
      { principalCents: 30_000, fineCents: 0, interestCents: 167, paidOn: day2 },
      { principalCents: 20_000, fineCents: 0, interestCents: 0, paidOn: shiftDay(dueDay, 25), undone: true },
    ];
    const byHand = { principalPaidCents: 80_000, fineCharged: true, lastPaidOn: day2 };
    expect(await record(id, payments)).toEqual(byHand);
    expect(instalmentPaidState(facts(payments))).toEqual(byHand);

    // The instalment's answer says them as what its late charges count from.
    const details = await createReceivablesService(t.db).details(id);
    expect(receivableDetailsSchema.parse(details).lateCharges).toEqual({
      fineCharged: true,
      interestFrom: day2,
    });
  });

  it('the payment of the fine undone: nothing paid charges it again; no payment that counts: nothing paid, no day', async () => {
    const { id, dueDay } = await instalment();
    const later = shiftDay(dueDay, 12);
    const payments: PaymentSpec[] = [
      { principalCents: 40_000, fineCents: 2_000, interestCents: 333, paidOn: shiftDay(dueDay, 10), undone: true },
      { principalCents: 10_000, fineCents: 0, interestCents: 0, paidOn: later },
    ];
    const byHand = { principalPaidCents: 10_000, fineCharged: false, lastPaidOn: later };
    expect(await record(id, payments)).toEqual(byHand);
    expect(instalmentPaidState(facts(payments))).toEqual(byHand);

    const other = await instalment();
    const none: PaymentSpec[] = [
      { principalCents: 5_000, fineCents: 2_000, interestCents: 0, paidOn: shiftDay(other.dueDay, 3), undone: true },
    ];
    const nothing = { principalPaidCents: 0, fineCharged: false, lastPaidOn: null };
    expect(await record(other.id, none)).toEqual(nothing);
    expect(instalmentPaidState(facts(none))).toEqual(nothing);
  });
});
