import { randomUUID } from 'node:crypto';
import { COUNTER_TEXTS, ORDER_STATUS } from '@backoffice/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type DemoRole, expectApiError, signInAll, type TestApp, tokenCaller } from '../../test/helpers';
import { createCustomer, createProduct } from './test-selling';

/**
 * 'Balcão' on credit ('A prazo', decision 0078): a registered customer's plan, with the very checks 'Vendas' makes
 * (`decideCreditSale`: his limit and days late). Within them the sale is handed over at once and its instalments made
 * on handover; above them it waits for the manager's 'Aprovar crédito', which hands it over. Figures by hand: a
 * 'Tablet balcão' of R$ 400,00; a limit of R$ 1.000,00: two (R$ 800,00) pass, one more (R$ 1.200,00) waits.
 */
let t: TestApp;
let tokens: Record<DemoRole, string>;
const call = tokenCaller(() => t.app);
const S = ORDER_STATUS;

let tablet: { id: number };
beforeAll(async () => {
  t = await createTestApp();
  tokens = await signInAll(t.app);
  tablet = await createProduct(t.db, { name: 'Tablet balcão', costCents: 25_000, sellCents: 40_000, stock: 10 });
}, 120_000);
afterAll(async () => {
  await t?.close();
});

async function creditCustomer(limit: number, terms: string[]) {
  const customer = await createCustomer(t.db);
  const saved = await call('PUT', `/customers/${customer.id}/credit`, tokens.manager, { limit, terms });
  expect(saved.statusCode, saved.body).toBe(200);
  return customer;
}

const sellOnCredit = (customerId: number | undefined, quantity: number, terms: string, amount = quantity * 400) =>
  call('POST', '/counter/sales', tokens.attendant, {
    idempotencyKey: randomUUID(),
    ...(customerId === undefined ? {} : { customerId }),
    items: [{ productId: tablet.id, quantity }],
    payments: [{ method: 'CREDIT', amount, terms }],
  });

const instalmentsOf = async (orderId: number) =>
  (
    await t.db
      .selectFrom('receivables')
      .select(['seq', 'amount_cents'])
      .where('order_id', '=', orderId)
      .orderBy('seq')
      .execute()
  ).map((row) => [row.seq, Number(row.amount_cents)]);

describe("'Balcão': 'A prazo' as 'Vendas' takes it", () => {
  it('within the limit: handed over at once, its instalments made; above it: waits, the manager hands it over', async () => {
    const customer = await creditCustomer(1000, ['30/60']);
    // 2 × 400,00 = R$ 800,00 of R$ 1.000,00: handed over, 2 instalments of R$ 400,00.
    const first = await sellOnCredit(customer.id, 2, '30/60');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toMatchObject({ total: 800, statusKey: S.FINALIZADOS, pix: null });
    expect(await instalmentsOf(first.json().data.orderId)).toEqual([
      [1, 40_000],
      [2, 40_000],
    ]);

    // One more: R$ 800,00 owed + R$ 400,00 = R$ 1.200,00 above R$ 1.000,00 → waits for the manager, goods held.
    const second = await sellOnCredit(customer.id, 1, '30/60');
    expect(second.statusCode, second.body).toBe(200);
    const held = second.json().data;
    expect(held.statusKey).toBe(S.AGUARDANDO_APROVACAO_CREDITO);
    expect(await instalmentsOf(held.orderId)).toEqual([]);
    // The same approval as 'Vendas': the attendant may not give it; the manager does, and the sale is handed over.
    expectApiError(
      await call('PATCH', '/workflow/order/approve-credit', tokens.attendant, { orderId: held.orderId, comment: 'Ok' }),
      403,
      'FORBIDDEN',
    );
    const approved = await call('PATCH', '/workflow/order/approve-credit', tokens.manager, {
      orderId: held.orderId,
      comment: 'Cliente antigo, paga em dia',
    });
    expect(approved.statusCode, approved.body).toBe(200);
    const order = await t.db
      .selectFrom('orders')
      .select(['status', 'payment_method'])
      .where('id', '=', held.orderId)
      .executeTakeFirstOrThrow();
    expect(order).toEqual({ status: S.FINALIZADOS, payment_method: 'CREDIT' });
    // R$ 400,00 in 2: R$ 200,00 each.
    expect(await instalmentsOf(held.orderId)).toEqual([
      [1, 20_000],
      [2, 20_000],
    ]);
    const last = await t.db
      .selectFrom('order_status_history')
      .select('note')
      .where('order_id', '=', held.orderId)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(last.note).toBe(COUNTER_TEXTS.creditHandOverNote);
  });

  it('the rest after a card: its instalments split the part on credit, which alone counts against the limit', async () => {
    const customer = await creditCustomer(500, ['30/60']);
    const debit = { kind: 'DEBIT', brand: 'Visa', instalments: 1, nsu: '2', authorizationCode: 'B' };
    const mixed = (cardAmount: number, creditAmount: number, quantity: number) =>
      call('POST', '/counter/sales', tokens.attendant, {
        idempotencyKey: randomUUID(),
        customerId: customer.id,
        items: [{ productId: tablet.id, quantity }],
        payments: [
          { method: 'CARD', amount: cardAmount, card: debit },
          { method: 'CREDIT', amount: creditAmount, terms: '30/60' },
        ],
      });
    // R$ 400,00: R$ 100,00 by card, R$ 300,00 on credit in 2: R$ 150,00 each; handed over at once.
    const first = await mixed(100, 300, 1);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data.statusKey).toBe(S.FINALIZADOS);
    expect(await instalmentsOf(first.json().data.orderId)).toEqual([
      [1, 15_000],
      [2, 15_000],
    ]);
    // He owes R$ 300,00 (not R$ 400,00): R$ 300,00 + R$ 200,00 = R$ 500,00 is within R$ 500,00.
    const second = await mixed(200, 200, 1);
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().data.statusKey).toBe(S.FINALIZADOS);
    // R$ 500,00 + R$ 100,00 would pass it: with a card part the sale does not wait, refused, nothing sold.
    const above = expectApiError(await mixed(300, 100, 1), 409, 'TRANSITION_REFUSED');
    expect(above.errors[0]).toContain('Com outros pagamentos a venda não fica aguardando');
  });

  it("refused: a walk-in, a plan not the customer's, credit beside a Pix", async () => {
    const customer = await creditCustomer(1000, ['30']);
    const walkIn = expectApiError(await sellOnCredit(undefined, 1, '30'), 400, 'VALIDATION_FAILED');
    expect(walkIn.errors.join(' ')).toContain(COUNTER_TEXTS.creditNeedsCustomer);
    expectApiError(await sellOnCredit(customer.id, 1, '30/60'), 400, 'BAD_REQUEST');
    const withPix = await call('POST', '/counter/sales', tokens.attendant, {
      idempotencyKey: randomUUID(),
      customerId: customer.id,
      items: [{ productId: tablet.id, quantity: 1 }],
      payments: [
        { method: 'CREDIT', amount: 300, terms: '30' },
        { method: 'PIX', amount: 100 },
      ],
    });
    expect(expectApiError(withPix, 400, 'VALIDATION_FAILED').errors.join(' ')).toContain(COUNTER_TEXTS.creditAlone);
  });
});
