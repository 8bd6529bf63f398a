import { customerSearchText } from '@backoffice/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, DEMO, signIn, type TestApp } from '../../test/helpers';

/**
 * LGPD (decision 0016, issue 53 finding 6): a Pix that paid nothing keeps no trace of the person once he is
 * anonymised: the not-identified Pix naming his order's, his Pix part's or his instalment's txid, or whose payer's
 * text holds his CPF, lose the payer's text; their amount, dates, txid and E2E id stay. Another person's stay whole.
 */
let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t.app, DEMO.admin);
});
afterAll(() => t.close());

/** 32 letters and digits: 'E', an ISPB, yyyyMMddHHmm and 11 more, `n` making it unique. */
const e2e = (n: number) => `E1234567820260210150000${String(n).padStart(9, '0')}`;

describe('anonymising a customer (issue 53, finding 6)', () => {
  it("empties the payer of the Pix that paid nothing but named his txids or his CPF, and keeps another person's", async () => {
    const identity = {
      name: 'Joana Pix Perdida',
      email: 'joana.pix.perdida@example.com',
      phone: '11987654321',
      document: '52998224725',
    };
    const customer = await t.db
      .insertInto('customers')
      .values({ ...identity, status: 'APPROVED', search_text: customerSearchText(identity) })
      .returning('id')
      .executeTakeFirstOrThrow();
    // A finished order (status 13: Finalizado), R$ 63,50: its txid is its code without the dash.
    const order = await t.db
      .insertInto('orders')
      .values({
        code: 'PXJ-4QP',
        customer_id: customer.id,
        status: 13,
        delivery_type: 1,
        payment_method: 'PIX',
        items_total_cents: 6350,
        total_cents: 6350,
        created_at: new Date('2026-02-10T15:00:00Z'),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('order_payments')
      .values({
        order_id: order.id,
        seq: 1,
        method: 'PIX',
        amount_cents: 6350,
        status: 'REFUSED',
        pix_txid: 'PXJ4QPP1',
      })
      .execute();
    await t.db
      .insertInto('receivables')
      .values({
        order_id: order.id,
        customer_id: customer.id,
        seq: 1,
        count: 1,
        due_date: '2026-03-12',
        amount_cents: 6350,
        pix_txid: 'PXJ4QPR1',
      })
      .execute();
    const pix = (
      n: number,
      txid: string | null,
      payer: string,
      reason: 'NO_TXID' | 'NOT_WAITING' | 'UNKNOWN_TXID',
    ) => ({
      end_to_end_id: e2e(n),
      txid,
      amount_cents: 1000 + n,
      paid_at: new Date('2026-02-10T15:05:00Z'),
      payer,
      order_id: null,
      unmatched_reason: reason,
    });
    await t.db
      .insertInto('pix_received')
      .values([
        // His order's txid, refused (the order no longer waits).
        pix(1, 'PXJ4QP', 'Joana P. Perdida', 'NOT_WAITING'),
        // His Pix part's txid and his instalment's, refused.
        pix(2, 'PXJ4QPP1', 'Joana, tel. 11 98765-4321', 'NOT_WAITING'),
        pix(3, 'PXJ4QPR1', 'J. Perdida', 'NOT_WAITING'),
        // No txid, his CPF written with its punctuation in the payer's text.
        pix(4, null, 'Pagamento Joana CPF 529.982.247-25', 'NO_TXID'),
        // Another person's: no txid and another CPF, another order's txid, his CPF's digits inside a longer number.
        pix(5, null, 'Carlos CPF 111.444.777-35', 'NO_TXID'),
        pix(6, 'OUTRO123', 'Maria', 'UNKNOWN_TXID'),
        pix(7, null, 'Boleto 5299822472599 pago', 'NO_TXID'),
      ])
      .execute();

    const res = await t.app.inject({
      method: 'POST',
      url: `/api/customers/${customer.id}/anonymise`,
      headers: bearer(admin),
    });
    expect(res.statusCode).toBe(200);

    const rows = await t.db
      .selectFrom('pix_received')
      .select(['end_to_end_id', 'txid', 'amount_cents', 'payer', 'unmatched_reason'])
      .where(
        'end_to_end_id',
        'in',
        [1, 2, 3, 4, 5, 6, 7].map((n) => e2e(n)),
      )
      .orderBy('end_to_end_id')
      .execute();
    expect(rows.map((r) => [r.txid, r.amount_cents, r.payer, r.unmatched_reason])).toEqual([
      ['PXJ4QP', 1001, null, 'NOT_WAITING'],
      ['PXJ4QPP1', 1002, null, 'NOT_WAITING'],
      ['PXJ4QPR1', 1003, null, 'NOT_WAITING'],
      [null, 1004, null, 'NO_TXID'],
      [null, 1005, 'Carlos CPF 111.444.777-35', 'NO_TXID'],
      ['OUTRO123', 1006, 'Maria', 'UNKNOWN_TXID'],
      [null, 1007, 'Boleto 5299822472599 pago', 'NO_TXID'],
    ]);
  });
});
