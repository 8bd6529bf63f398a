import { randomUUID } from 'node:crypto';
import { COUNTER_TEXTS, ORDER_STATUS, orderPaymentsSchema } from '@backoffice/contract';
import { describe, expect, it } from 'vitest';
import { expectError, useTradeInsWorld } from '../trade-ins/test-trade-ins';
import { createCustomer, createProduct, signInInternalSeller } from './test-selling';

/**
 * 'Balcão' with a used phone as payment (decision 0078): an open trade-in ready to accept (value agreed, IMEI checked,
 * signed) given as a TRADE_IN payment is accepted in the sale's transaction as 'Vendas' accepts one for an order
 * (settlement ORDER: a unit of its seminovo, a TRADE_IN part). The sale: a 'Celular novo' of R$ 2.000,00 paid with the
 * iPhone 12 valued R$ 1.200,00 (the offer: R$ 1.500,00 − 150,00 − 150,00) and R$ 800,00 by debit card.
 */
const { w, call, seminovo, tradeIn } = useTradeInsWorld();
const card = { kind: 'DEBIT', brand: 'Visa', instalments: 1, nsu: '313131', authorizationCode: 'TI1' };

/** A trade-in ready to accept: checked regular and signed. */
async function readyTradeIn(imei: string) {
  const created = await tradeIn(imei);
  await call(w.attendant, 'POST', `/trade-ins/${created.id}/check`, { result: 'REGULAR', screenshot: w.photo });
  await call(w.attendant, 'POST', `/trade-ins/${created.id}/sign`, { signature: w.signature });
  return created;
}

const stockOf = async (id: number) =>
  (await w.t.db.selectFrom('products').select('stock').where('id', '=', id).executeTakeFirstOrThrow()).stock;

describe("'Balcão': a used phone as part of the payment", () => {
  it('R$ 1.200,00 in trade-in + R$ 800,00 by card: the phone accepted into the stock, the sale handed over', async () => {
    const created = await readyTradeIn('350000000000006');
    expect(created.value).toBe(1200);
    const used = await seminovo(`Seminovo balcão ${randomUUID()}`);
    const phone = await createProduct(w.t.db, {
      name: 'Celular novo',
      costCents: 150_000,
      sellCents: 200_000,
      stock: 2,
    });
    const body = (amount: number, extra: object = {}) => ({
      idempotencyKey: randomUUID(),
      items: [{ productId: phone.id, quantity: 1 }],
      payments: [
        { method: 'TRADE_IN', amount, tradeInId: created.id, productId: used.id },
        { method: 'CARD', amount: 2000 - amount, card },
      ],
      ...extra,
    });
    // The clerk saw R$ 1.100,00: the value is R$ 1.200,00, refused, nothing sold.
    const stale = expectError(await call(w.attendant, 'POST', '/counter/sales', body(1100)), 409, 'STALE_DATA');
    expect(stale.errors[0]).toBe(
      `O valor da avaliação ${created.code} mudou para R$ 1.200,00: atualize o pagamento antes de concluir.`,
    );
    expect(await stockOf(phone.id)).toBe(2);

    const res = await call(w.attendant, 'POST', '/counter/sales', body(1200));
    expect(res.statusCode, res.body).toBe(200);
    const sale = res.json().data;
    expect(sale).toMatchObject({ total: 2000, change: 0, statusKey: ORDER_STATUS.FINALIZADOS });
    expect(await stockOf(phone.id)).toBe(1);
    // The trade-in accepted for this very order; its phone a unit of the seminovo at its value.
    const accepted = await w.t.db
      .selectFrom('trade_ins')
      .select(['status', 'settlement', 'order_id', 'product_id'])
      .where('id', '=', created.id)
      .executeTakeFirstOrThrow();
    expect(accepted).toEqual({ status: 'ACCEPTED', settlement: 'ORDER', order_id: sale.orderId, product_id: used.id });
    const unit = await w.t.db
      .selectFrom('product_units')
      .select(['product_id', 'cost_cents'])
      .where('trade_in_id', '=', created.id)
      .executeTakeFirstOrThrow();
    expect([unit.product_id, Number(unit.cost_cents)]).toEqual([used.id, 120_000]);
    // Paid in full by its two parts: R$ 800,00 by card and R$ 1.200,00 by the phone.
    const payments = orderPaymentsSchema.parse(
      (await call(w.attendant, 'GET', `/orders/${sale.orderId}/payments`)).json(),
    ).data;
    expect([payments.paid, payments.due, payments.paidInFull]).toEqual([2000, 0, true]);
    expect(payments.parts.map((part) => [part.method, part.amount, part.status])).toEqual([
      ['CARD', 800, 'CONFIRMED'],
      ['TRADE_IN', 1200, 'CONFIRMED'],
    ]);
    // Given once: a second sale with it is refused (no longer open).
    expectError(await call(w.attendant, 'POST', '/counter/sales', body(1200)), 409, 'TRANSITION_REFUSED');
  });

  it("another customer's trade-in is refused, nothing sold", async () => {
    const created = await readyTradeIn('360000000000004');
    const other = await createCustomer(w.t.db);
    await w.t.db.updateTable('trade_ins').set({ customer_id: other.id }).where('id', '=', created.id).execute();
    const used = await seminovo(`Seminovo outro ${randomUUID()}`);
    const phone = await createProduct(w.t.db, {
      name: 'Celular outro',
      costCents: 150_000,
      sellCents: 200_000,
      stock: 2,
    });
    const refused = expectError(
      await call(w.attendant, 'POST', '/counter/sales', {
        idempotencyKey: randomUUID(),
        items: [{ productId: phone.id, quantity: 1 }],
        payments: [
          { method: 'TRADE_IN', amount: 1200, tradeInId: created.id, productId: used.id },
          { method: 'CARD', amount: 800, card },
        ],
      }),
      409,
      'CONFLICT',
    );
    expect(refused.errors[0]).toBe(
      `A avaliação ${created.code} é de outro cliente: escolha uma avaliação deste cliente.`,
    );
    expect(await stockOf(phone.id)).toBe(2);
  });

  it('a seller who may not take trade-ins (only internal_sales) is refused a used phone, nothing sold', async () => {
    const { token: seller } = await signInInternalSeller(w.t, 'Só balcão usado', {
      name: 'Vendedor Usado',
      email: 'vendedor.usado@demo.com.br',
      phone: '11977774444',
    });
    const created = await readyTradeIn('370000000000002');
    const used = await seminovo(`Seminovo sem permissão ${randomUUID()}`);
    const phone = await createProduct(w.t.db, {
      name: 'Celular perm',
      costCents: 150_000,
      sellCents: 200_000,
      stock: 2,
    });
    const refused = expectError(
      await call(seller, 'POST', '/counter/sales', {
        idempotencyKey: randomUUID(),
        items: [{ productId: phone.id, quantity: 1 }],
        payments: [
          { method: 'TRADE_IN', amount: 1200, tradeInId: created.id, productId: used.id },
          { method: 'CARD', amount: 800, card },
        ],
      }),
      403,
      'FORBIDDEN',
    );
    expect(refused.errors[0]).toBe(COUNTER_TEXTS.tradeInNotAllowed);
    expect(await stockOf(phone.id)).toBe(2);
  });
});
