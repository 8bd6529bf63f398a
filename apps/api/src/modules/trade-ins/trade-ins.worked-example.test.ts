import { randomUUID } from 'node:crypto';
import { businessDay, ORDER_STATUS, orderPaymentsSchema } from '@backoffice/contract';
import { describe, expect, it } from 'vitest';
import { pdfText } from '../../test/pdf-text';
import { createCustomer, createProduct, ledgerOf } from '../selling/test-selling';
import { CHECKLIST, expectError, useTradeInsWorld } from './test-trade-ins';

/**
 * Used phones taken in: the worked example, a used phone as part of the payment (createTestApp through ./test-trade-
 * ins: an app and a database of this file's own).
 */

const { w, call, webhook, seminovo, tradeIn } = useTradeInsWorld();

describe('a used phone as part of the payment (the worked example)', () => {
  it('R$ 1.500,00 − 150,00 − 150,00 = R$ 1.200,00 offered; the customer pays R$ 1.800,00 by Pix; the phone waits in preparation, then sells with 90 days of warranty', async () => {
    // The evaluation alone: nothing saved.
    const evaluated = await call(w.attendant, 'POST', '/trade-ins/evaluate', {
      brand: 'apple',
      model: 'IPHONE 12',
      storage: 128,
      checklist: CHECKLIST,
    });
    expect(evaluated.statusCode, evaluated.body).toBe(200);
    expect(evaluated.json().data).toEqual({
      tablePrice: 1500,
      deductions: [
        { defect: 'SCREEN_SCRATCHED', label: 'Tela riscada', amount: 150 },
        { defect: 'BATTERY_LOW', label: 'Bateria abaixo de 80 %', amount: 150 },
      ],
      offer: 1200,
    });

    // The new phone: R$ 3.000,00, sold by the order's own Pix, picked up.
    const customer = await createCustomer(w.t.db);
    const phone = await createProduct(w.t.db, {
      name: `iPhone 15 ${randomUUID()}`,
      costCents: 250_000,
      sellCents: 300_000,
      stock: 3,
    });
    expect(
      (await call(w.attendant, 'POST', `/orders/cart/add/${customer.id}`, { productId: phone.id, quantity: 1 }))
        .statusCode,
    ).toBe(200);
    const checkout = await call(w.attendant, 'POST', `/orders/checkout/pix/${customer.id}`, {
      typeOfDelivery: 2,
      withWarranty: false,
      isFastDelivery: false,
    });
    expect(checkout.statusCode, checkout.body).toBe(200);
    const order = checkout.json() as { orderId: number; code: string; total: number };
    expect(order.total).toBe(3000);

    const created = await tradeIn('356938035643809', { customerId: customer.id });
    expect(created).toMatchObject({ status: 'OPEN', offer: 1200, value: 1200, phone: 'Apple iPhone 12 128 GB' });
    expect(created.code).toBe(`AV-${String(created.id).padStart(5, '0')}`);
    const details = (await call(w.attendant, 'GET', `/trade-ins/${created.id}`)).json().data;
    expect(details.photos).toHaveLength(1);
    expect(details.missing).toEqual([
      'Consulte o IMEI na lista de aparelhos impedidos antes de continuar: sem consulta, sem compra.',
      'Colha a assinatura do vendedor no termo de compra antes de aceitar o aparelho.',
    ]);

    // The attendant may lower the value, not raise it above the offer; the manager may.
    const raised = expectError(
      await call(w.attendant, 'PUT', `/trade-ins/${created.id}/value`, { value: 1300 }),
      403,
      'FORBIDDEN',
    );
    expect(raised.errors[0]).toBe(
      'Valor acima da oferta (R$ 1.200,00): só quem gerencia a avaliação de usados pode aumentá-lo.',
    );

    // No check, no trade-in.
    const early = await call(w.attendant, 'POST', `/trade-ins/${created.id}/accept`, {
      productId: 1,
      settlement: 'ORDER',
      orderId: order.orderId,
    });
    expectError(early, 409, 'TRANSITION_REFUSED');
    const checked = await call(w.attendant, 'POST', `/trade-ins/${created.id}/check`, {
      result: 'REGULAR',
      screenshot: w.photo,
    });
    expect(checked.statusCode, checked.body).toBe(200);
    expect(checked.json().data.check).toMatchObject({ result: 'REGULAR', by: 'Beatriz Atendente' });
    const signed = await call(w.attendant, 'POST', `/trade-ins/${created.id}/sign`, { signature: w.signature });
    expect(signed.statusCode, signed.body).toBe(200);
    expect(signed.json().data.missing).toEqual([]);

    // The term names both parties, the phone, its IMEI, the check and the price.
    const term = await call(w.attendant, 'GET', `/trade-ins/${created.id}/term.pdf`);
    expect(term.statusCode).toBe(200);
    expect(term.headers['content-type']).toBe('application/pdf');
    const text = pdfText(term.rawPayload).replace(/\s+/g, ' ');
    expect(text).toContain('Termo de compra de aparelho usado');
    expect(text).toContain('Loja Usados');
    expect(text).toContain('João Vendedor');
    expect(text).toContain('529.982.247-25');
    expect(text).toContain('356938035643809');
    expect(text).toContain('Regular');
    expect(text).toContain('R$ 1.200,00');
    expect(text).toContain('declaro ser o legítimo proprietário do aparelho Apple iPhone 12 128 GB');

    // Accepted as part of the order's payment: R$ 1.200,00 paid, R$ 1.800,00 due.
    const product = await seminovo(`iPhone 12 128 GB seminovo ${randomUUID()}`);
    const accepted = await call(w.attendant, 'POST', `/trade-ins/${created.id}/accept`, {
      productId: product.id,
      settlement: 'ORDER',
      orderId: order.orderId,
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().data).toMatchObject({
      status: 'ACCEPTED',
      settlement: 'ORDER',
      order: { id: order.orderId, code: order.code },
      unitStatus: 'PREPARING',
    });
    const parts = orderPaymentsSchema.parse(
      (await call(w.attendant, 'GET', `/orders/${order.orderId}/payments`)).json(),
    ).data;
    expect(parts).toMatchObject({ total: 3000, paid: 1200, due: 1800, paidInFull: false });
    expect(parts.parts.map((p) => [p.method, p.amount, p.status])).toEqual([['TRADE_IN', 1200, 'CONFIRMED']]);

    // The rest by Pix: R$ 1.800,00, paid by the bank; the order is paid in full and goes to the stocker.
    const pix = await call(w.attendant, 'POST', `/orders/${order.orderId}/payments`, { method: 'PIX', amount: 1800 });
    expect(pix.statusCode, pix.body).toBe(200);
    const txid = pix.json().data.pix.txid as string;
    const paid = await webhook([
      {
        endToEndId: `E0000000020261126${randomUUID().replace(/-/g, '').slice(0, 15)}`,
        txid,
        valor: '1800.00',
        horario: new Date().toISOString(),
      },
    ]);
    expect(paid.statusCode, paid.body).toBe(200);
    const after = orderPaymentsSchema.parse(
      (await call(w.attendant, 'GET', `/orders/${order.orderId}/payments`)).json(),
    ).data;
    expect(after).toMatchObject({ paid: 3000, due: 0, paidInFull: true });
    const status = await w.t.db
      .selectFrom('orders')
      .select('status')
      .where('id', '=', order.orderId)
      .executeTakeFirstOrThrow();
    expect(status.status).toBe(ORDER_STATUS.AGUARDANDO_ESTOQUISTA);

    // The used phone: a unit of the seminovo at cost R$ 1.200,00, in preparation, not in stock.
    const unit = await w.t.db
      .selectFrom('product_units')
      .select(['status', 'cost_cents', 'warranty_days', 'product_id'])
      .where('imei', '=', '356938035643809')
      .executeTakeFirstOrThrow();
    expect(unit).toEqual({ status: 'PREPARING', cost_cents: 120_000, warranty_days: 90, product_id: product.id });
    expect((await ledgerOf(w.t.db, product.id)).stock).toBe(0);
    const preparing = (await call(w.stocker, 'GET', '/units/356938035643809')).json().data;
    expect(preparing.status).toBe('PREPARING');
    expect(preparing.history.map((h: { event: string }) => h.event)).toEqual(['Recebido como usado (em preparação)']);

    // Checked and released: one unit in stock at R$ 1.200,00, by a TRADE_IN ledger row.
    const released = await call(w.stocker, 'POST', `/trade-ins/${created.id}/release`);
    expect(released.statusCode, released.body).toBe(200);
    const ledger = await ledgerOf(w.t.db, product.id);
    expect(ledger).toMatchObject({ stock: 1, sum: 1, last: 1, chained: true });
    expect(ledger.rows.map((r) => [r.kind, r.quantity_in])).toEqual([
      ['TRADE_IN', 0],
      ['TRADE_IN', 1],
    ]);
    const cost = await w.t.db
      .selectFrom('products')
      .select('cost_cents')
      .where('id', '=', product.id)
      .executeTakeFirstOrThrow();
    expect(cost.cost_cents).toBe(120_000);
    expectError(await call(w.stocker, 'POST', `/trade-ins/${created.id}/release`), 409, 'TRANSITION_REFUSED');

    // Resold at the counter and picked up on 01/12/2026 15:00 UTC: 90 days of warranty end on 01/03/2027
    // (30 days of December after the 1st, 31 of January, 28 of February, 1 of March).
    const buyer = await createCustomer(w.t.db);
    expect(
      (await call(w.attendant, 'POST', `/orders/cart/add/${buyer.id}`, { productId: product.id, quantity: 1 }))
        .statusCode,
    ).toBe(200);
    const resale = await call(w.attendant, 'POST', `/orders/checkout/${buyer.id}`, {
      typeOfDelivery: 2,
      withWarranty: false,
      isFastDelivery: false,
      idempotencyKey: randomUUID(),
    });
    expect(resale.statusCode, resale.body).toBe(200);
    const resold = resale.json() as { orderId: number };
    expect((await call(w.stocker, 'PATCH', '/workflow/order/prepare', { orderId: resold.orderId })).statusCode).toBe(
      200,
    );
    const packed = await call(w.stocker, 'PATCH', '/workflow/order/pack', {
      orderId: resold.orderId,
      images: [w.photo],
      units: [{ productId: product.id, imei: '356938035643809' }],
    });
    expect(packed.statusCode, packed.body).toBe(200);
    expect((await call(w.attendant, 'POST', '/workflow/order/finalize', { orderId: resold.orderId })).statusCode).toBe(
      200,
    );
    await w.t.db
      .updateTable('orders')
      .set({ finished_at: new Date('2026-12-01T15:00:00.000Z') })
      .where('id', '=', resold.orderId)
      .execute();
    const sold = (await call(w.attendant, 'GET', '/units/356938035643809')).json().data;
    expect(sold).toMatchObject({
      status: 'SOLD',
      deliveredAt: '2026-12-01T15:00:00.000Z',
      warrantyEndsAt: '2027-03-01T15:00:00.000Z',
    });

    // The report: one trade-in this month, R$ 1.200,00 paid, resold for R$ 1.900,00: R$ 700,00 of margin.
    const day = new Date().toISOString().slice(0, 10);
    const report = await call(w.manager, 'GET', `/trade-ins/report?from=${day.slice(0, 8)}01&to=${day}`);
    expect(report.statusCode, report.body).toBe(200);
    expect(report.json().data).toEqual([
      { month: day.slice(0, 7), count: 1, paid: 1200, resold: 1, resoldRevenue: 1900, resoldMargin: 700 },
    ]);

    // One cost basis (issue 54 §4): had the line recorded another average (R$ 1.245,83, as when the product holds
    // other units), 'Margem' still costs the resold unit at its own R$ 1.200,00: the same R$ 700,00 of margin.
    await w.t.db
      .updateTable('order_items')
      .set({ unit_cost_cents: 124_583 })
      .where('order_id', '=', resold.orderId)
      .execute();
    const business = businessDay(new Date());
    const margin = await call(w.manager, 'GET', `/reports/margin/start/${business}T00:00:00/end/${business}T23:59:59`);
    expect(margin.statusCode, margin.body).toBe(200);
    const resoldRow = margin
      .json()
      .data.products.find((row: { productId: number | null }) => row.productId === product.id);
    expect(resoldRow).toMatchObject({ quantity: 1, net: 1900, cost: 1200, margin: 700 });
    const again = await call(w.manager, 'GET', `/trade-ins/report?from=${day.slice(0, 8)}01&to=${day}`);
    expect(again.json().data[0]).toMatchObject({ resoldRevenue: 1900, resoldMargin: 700 });
  });
});
