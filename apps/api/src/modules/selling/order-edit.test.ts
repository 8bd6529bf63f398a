import { randomUUID } from 'node:crypto';
import { orderEditResultSchema } from '@backoffice/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, type TestApp } from '../../test/helpers';
import { openOrderEditWorld, orderEditCalls } from './test-order-edit';
import { createCustomer, createProduct, ledgerOf, sellThroughApi } from './test-selling';

/**
 * PATCH /orders/{id}: an order changed before separation (issue 38 §5, decision 0044); figures worked out by hand.
 * Its lines, its own Pix not yet paid, refusals, races (createTestApp through ./test-order-edit: an app and a database of this file's own).
 */
let t: TestApp;
let attendant: string;
let admin: string;
let stocker: string;
let courier: string;

const { call, edit, placed, orderRow, itemRows, stockOf } = orderEditCalls(() => ({
  t,
  attendant,
  admin,
  stocker,
  courier,
}));

beforeAll(async () => {
  ({ t, attendant, admin, stocker, courier } = await openOrderEditWorld());
}, 120_000);
afterAll(() => t.close());

describe('PATCH /orders/{id}: lines changed before separation', () => {
  it('2 × R$ 129,90 + 1 × R$ 49,90 → 3 × R$ 129,90, the cable removed: R$ 389,70; stock through the ledger; history and audit', async () => {
    const { capa, cabo, order } = await placed();
    expect(order.total).toBe(309.7);
    expect([await stockOf(capa.id), await stockOf(cabo.id)]).toEqual([8, 9]);
    // The list price rises after the sale: the line kept keeps the price it was sold at.
    await sql`update products set sell_price_cents = 13990 where id = ${capa.id}`.execute(t.db);

    const key = randomUUID();
    const res = await edit(order.orderId, { items: [{ productId: capa.id, quantity: 3 }] }, attendant, key);
    expect(res.statusCode).toBe(200);
    const data = orderEditResultSchema.parse(res.json().data);
    expect(data).toMatchObject({ itemsTotal: 389.7, discount: 0, total: 389.7, previousTotal: 309.7, changed: true });
    expect(data.items).toEqual([
      {
        productId: capa.id,
        code: capa.code,
        name: 'Capa edição',
        quantity: 3,
        unitPrice: 129.9,
        total: 389.7,
        discount: 0,
        added: false,
      },
    ]);
    expect(await orderRow(order.orderId)).toMatchObject({ items_total_cents: 38970, total_cents: 38970, status: 1 });
    expect(await itemRows(order.orderId)).toEqual([
      { product_id: capa.id, quantity: 3, unit_price_cents: 12990, total_cents: 38970, discount_cents: 0 },
    ]);

    // Capa: 10 − 2 − 1 = 7 (one more SALE row); Cabo: 10 − 1 + 1 = 10 (a CANCELLATION row); both chained.
    const capaLedger = await ledgerOf(t.db, capa.id);
    const caboLedger = await ledgerOf(t.db, cabo.id);
    expect(capaLedger).toMatchObject({ stock: 7, sum: 7, last: 7, chained: true });
    expect(caboLedger).toMatchObject({ stock: 10, sum: 10, last: 10, chained: true });
    expect(capaLedger.rows.map((row) => [row.kind, row.quantity_in, row.quantity_out, row.order_id])).toEqual([
      ['PURCHASE', 10, 0, null],
      ['SALE', 0, 2, order.orderId],
      ['SALE', 0, 1, order.orderId],
    ]);
    expect(caboLedger.rows.map((row) => [row.kind, row.quantity_in, row.quantity_out, row.order_id])).toEqual([
      ['PURCHASE', 10, 0, null],
      ['SALE', 0, 1, order.orderId],
      ['CANCELLATION', 1, 0, order.orderId],
    ]);

    const history = await t.db
      .selectFrom('order_status_history')
      .select(['status', 'note', 'employee_id'])
      .where('order_id', '=', order.orderId)
      .orderBy('id')
      .execute();
    expect(history.at(-1)?.note).toBe(
      'Pedido alterado: itens Capa edição 2 → 3, Cabo edição removido; total de R$ 309,70 para R$ 389,70.',
    );
    expect(history.at(-1)?.status).toBe(1);
    const audit = await t.db
      .selectFrom('audit_events as a')
      .innerJoin('employees as e', 'e.id', 'a.employee_id')
      .select(['a.changes', 'e.email'])
      .where('a.entity', '=', 'order')
      .where('a.entity_id', '=', order.code)
      .where('a.action', '=', 'editOrder')
      .execute();
    expect(audit).toEqual([
      {
        email: DEMO.attendant,
        changes: {
          items: {
            from: [
              { productId: capa.id, quantity: 2, unitPrice: 129.9 },
              { productId: cabo.id, quantity: 1, unitPrice: 49.9 },
            ],
            to: [{ productId: capa.id, quantity: 3, unitPrice: 129.9 }],
          },
          total: { from: 309.7, to: 389.7 },
        },
      },
    ]);

    // The same request sent again (its Idempotency-Key): nothing moves twice.
    const again = await edit(order.orderId, { items: [{ productId: capa.id, quantity: 3 }] }, attendant, key);
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toMatchObject({ replayed: true, total: 389.7 });
    expect([await stockOf(capa.id), await stockOf(cabo.id)]).toEqual([7, 10]);
    // The key with another body: refused.
    const reused = await edit(order.orderId, { items: [{ productId: capa.id, quantity: 4 }] }, attendant, key);
    expect(reused.statusCode).toBe(409);
    expect(await stockOf(capa.id)).toBe(7);
  });

  it("adds a product at the customer's level price now; delivery by motoboy and warranty priced as the checkout does", async () => {
    // Ouro (level 1): a product of cost R$ 100,00 with 20 % gold is R$ 120,00 (its list price R$ 150,00 does not apply).
    const { capa, cabo, order } = await placed({ level: 1, shippingCents: 1500, warrantyPercentage: 10 });
    // The order's lines were priced at gold too (gold 0 %: the cost): 2 × R$ 60,00 + R$ 20,00 = R$ 140,00.
    expect(order.total).toBe(140);
    const fone = await createProduct(t.db, {
      name: 'Fone edição',
      costCents: 10000,
      sellCents: 15000,
      gold: 20,
      stock: 5,
    });
    const preview = await edit(order.orderId, {
      items: [
        { productId: capa.id, quantity: 2 },
        { productId: cabo.id, quantity: 1 },
        { productId: fone.id, quantity: 1 },
      ],
      typeOfDelivery: 1,
      withWarranty: true,
      dryRun: true,
    });
    expect(preview.statusCode).toBe(200);
    // Goods R$ 140,00 + R$ 120,00 = R$ 260,00; freight R$ 15,00; warranty 10 % of the goods R$ 26,00: R$ 301,00.
    expect(preview.json().data).toMatchObject({
      itemsTotal: 260,
      shippingCost: 15,
      warranty: 26,
      total: 301,
      dryRun: true,
      changed: true,
    });
    // A preview writes nothing: stock, lines and total as they were.
    expect(await stockOf(fone.id)).toBe(5);
    expect((await orderRow(order.orderId)).total_cents).toBe(14000);
    expect(await itemRows(order.orderId)).toHaveLength(2);

    const saved = await edit(order.orderId, {
      items: [
        { productId: capa.id, quantity: 2 },
        { productId: cabo.id, quantity: 1 },
        { productId: fone.id, quantity: 1 },
      ],
      typeOfDelivery: 1,
      withWarranty: true,
      expectedTotal: 301,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data.items.find((item: { productId: number }) => item.productId === fone.id)).toMatchObject({
      unitPrice: 120,
      added: true,
    });
    expect(await orderRow(order.orderId)).toMatchObject({
      items_total_cents: 26000,
      shipping_cost_cents: 1500,
      warranty_cents: 2600,
      total_cents: 30100,
    });
    expect(await stockOf(fone.id)).toBe(4);
    const ledger = await ledgerOf(t.db, fone.id);
    expect(ledger.rows.at(-1)).toMatchObject({ kind: 'SALE', quantity_out: 1, order_id: order.orderId });
  });

  it('keeps a 7 % line discount per unit: 3 × R$ 129,90 − R$ 27,28 → 2 units, R$ 259,80 − R$ 18,19 = R$ 241,61', async () => {
    const customer = await createCustomer(t.db);
    const capa = await createProduct(t.db, { name: 'Capa desconto', costCents: 6000, sellCents: 12990, stock: 10 });
    const order = await sellThroughApi(t.app, admin, customer.id, [{ productId: capa.id, quantity: 3 }], {
      discounts: { lines: [{ productId: capa.id, kind: 'percent', value: 7 }] },
    });
    expect(order.total).toBe(362.42);
    // R$ 27,28 × 2 / 3 = 18,1866… → R$ 18,19 (7 % of R$ 259,80 is 18,186 → R$ 18,19 as well).
    const changed = await edit(order.orderId, { items: [{ productId: capa.id, quantity: 2 }] });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().data).toMatchObject({ itemsTotal: 259.8, discount: 18.19, total: 241.61 });
    expect(await itemRows(order.orderId)).toEqual([
      { product_id: capa.id, quantity: 2, unit_price_cents: 12990, total_cents: 25980, discount_cents: 1819 },
    ]);
    expect(await stockOf(capa.id)).toBe(8);
  });
});

describe("PATCH /orders/{id}: the order's own Pix not yet paid", () => {
  it('the BR Code asked after the edit is for the new total (R$ 309,70 → R$ 439,60)', async () => {
    const { capa, cabo, order } = await placed({}, 'pix');
    expect(order.total).toBe(309.7);
    // 3 × R$ 129,90 + R$ 49,90 = R$ 439,60.
    const edited = await edit(order.orderId, {
      items: [
        { productId: capa.id, quantity: 3 },
        { productId: cabo.id, quantity: 1 },
      ],
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data.total).toBe(439.6);
    const key = { bankSettingsType: 'Pix', name: 'Pix CPF do sócio', pixType: 'CPF', pixKey: '529.982.247-25' };
    expect((await call('PUT', '/orders/bank-settings', admin, { settings: key })).statusCode).toBe(201);
    const merchant = await call('PATCH', '/companies/settings', admin, {
      companyId: 1,
      enablePixAuto: false,
      merchantName: 'Conecta Cell',
      merchantCity: 'São Paulo',
    });
    expect(merchant.statusCode).toBe(200);
    const pix = await call('GET', `/orders/pix/${order.orderId}`, attendant);
    expect(pix.statusCode).toBe(200);
    // The amount field (ID 54): '439.60', 6 characters.
    expect(pix.json().data.payload).toContain('5406439.60');
    expect(pix.json().data.payload).not.toContain('5406309.70');
  });
});

describe('PATCH /orders/{id}: refusals', () => {
  it('after separation: 409 saying only cancel or an exchange remain; nothing changes', async () => {
    const { capa, order } = await placed();
    const prepared = await call('PATCH', '/workflow/order/prepare', stocker, { orderId: order.orderId });
    expect(prepared.statusCode).toBe(200);
    const res = await edit(order.orderId, { items: [{ productId: capa.id, quantity: 3 }] });
    expect(res.statusCode).toBe(409);
    expect(res.json().errors).toEqual([
      'O pedido já está em separação ou adiante: não pode mais ser alterado. Resta cancelá-lo ou registrar uma troca ou devolução.',
    ]);
    expect(await stockOf(capa.id)).toBe(8);
    expect((await orderRow(order.orderId)).total_cents).toBe(30970);
    expect((await edit(2_000_000_000, { withWarranty: false })).statusCode).toBe(404);
  });

  it('a role without internal sales (stocker, courier) is refused 403; an empty order is refused 400', async () => {
    const { capa, order } = await placed();
    for (const token of [stocker, courier]) {
      const res = await edit(order.orderId, { items: [{ productId: capa.id, quantity: 3 }] }, token);
      expect(res.statusCode).toBe(403);
    }
    const empty = await edit(order.orderId, { items: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual([
      'O pedido precisa de ao menos um produto. Para desistir da venda, cancele o pedido.',
    ]);
    expect(await stockOf(capa.id)).toBe(8);
  });

  it('below what a pending part holds: 409 asking to refuse it first; nothing changes', async () => {
    const { capa, cabo, order } = await placed();
    const part = await call('POST', `/orders/${order.orderId}/payments`, attendant, { method: 'PIX', amount: 300 });
    expect(part.statusCode).toBe(200);
    // Without the cable the total would be R$ 259,80, below the R$ 300,00 waiting for the bank.
    const res = await edit(order.orderId, { items: [{ productId: capa.id, quantity: 2 }] });
    expect(res.statusCode).toBe(409);
    expect(res.json().errors).toEqual([
      "O novo total (R$ 259,80) fica abaixo do que já foi pago ou aguarda pagamento (R$ 300,00). Recuse o pagamento aguardando em 'Pagamentos' antes de alterar o pedido.",
    ]);
    expect([await stockOf(capa.id), await stockOf(cabo.id)]).toEqual([8, 9]);
    expect(await itemRows(order.orderId)).toHaveLength(2);
    // The discount's call keeps the same floor: 20 % off R$ 309,70 (R$ 61,94) would leave R$ 247,76.
    const discount = await call('POST', `/orders/${order.orderId}/discount`, admin, {
      discounts: { order: { kind: 'percent', value: 20 } },
    });
    expect(discount.statusCode).toBe(409);
    expect(discount.json().code).toBe('PAYMENT_OVERPAID');
    expect((await orderRow(order.orderId)).total_cents).toBe(30970);
    // Above it: allowed (R$ 439,60 with one more Capa; the balance due grows). Nothing is confirmed yet.
    const more = await edit(order.orderId, {
      items: [
        { productId: capa.id, quantity: 3 },
        { productId: cabo.id, quantity: 1 },
      ],
    });
    expect(more.statusCode).toBe(200);
    expect(more.json().data).toMatchObject({ total: 439.6, paid: 0 });
    expect(more.json().data.refund).toBeUndefined();
  });
});

describe('PATCH /orders/{id}: races', () => {
  it("an edit and the stocker's 'Iniciar separação' at once: one order of events, never both half-done", async () => {
    const { capa, order } = await placed();
    const [edited, prepared] = await Promise.all([
      edit(order.orderId, { items: [{ productId: capa.id, quantity: 3 }] }),
      call('PATCH', '/workflow/order/prepare', stocker, { orderId: order.orderId }),
    ]);
    expect(prepared.statusCode).toBe(200);
    const row = await orderRow(order.orderId);
    expect(row.status).toBe(2);
    if (edited.statusCode === 200) {
      // The edit first: its lines and stock, then the separation.
      expect(row.total_cents).toBe(38970);
      expect(await stockOf(capa.id)).toBe(7);
    } else {
      expect(edited.statusCode).toBe(409);
      expect(row.total_cents).toBe(30970);
      expect(await stockOf(capa.id)).toBe(8);
    }
  });

  it('two edits wanting the last units of a product: one wins, the other is 409 STOCK_INSUFFICIENT, no negative stock', async () => {
    const first = await placed();
    const second = await placed();
    // A product with 3 units, wanted whole by both orders.
    const last = await createProduct(t.db, { name: 'Película última', costCents: 1000, sellCents: 3000, stock: 3 });
    const add = (o: typeof first) =>
      edit(o.order.orderId, {
        items: [
          { productId: o.capa.id, quantity: 2 },
          { productId: o.cabo.id, quantity: 1 },
          { productId: last.id, quantity: 3 },
        ],
      });
    const answers = await Promise.all([add(first), add(second)]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((res) => res.statusCode === 409)?.json().code).toBe('STOCK_INSUFFICIENT');
    expect(await ledgerOf(t.db, last.id)).toMatchObject({ stock: 0, sum: 0, last: 0, chained: true });
  });
});
