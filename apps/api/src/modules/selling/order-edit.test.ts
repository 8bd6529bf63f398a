import { randomUUID } from 'node:crypto';
import { orderEditResultSchema } from '@backoffice/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, DEMO, signIn, type TestApp } from '../../test/helpers';
import { picture } from '../orders/test-orders';
import { createCustomer, createProduct, ledgerOf, sellThroughApi, type TestCustomerSpec } from './test-selling';

/** PATCH /orders/{id}: an order changed before separation (issue 38 §5, decision 0044); figures worked out by hand. */
let t: TestApp;
let attendant: string;
let admin: string;
let stocker: string;
let courier: string;

const call = (method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, token: string, payload?: object, key?: string) =>
  t.app.inject({
    method,
    url: `/api${url}`,
    payload,
    headers: { ...bearer(token), ...(key ? { 'idempotency-key': key } : {}) },
  });
const edit = (orderId: number, body: object, token = attendant, key?: string) =>
  call('PATCH', `/orders/${orderId}`, token, body, key);

/**
 * An order (pickup) of its own customer, by cash or by Pix (`via`): 2 × Capa R$ 129,90 + 1 × Cabo R$ 49,90 at
 * the list price (level 0) = R$ 309,70; each product had 10 in stock, so 8 and 9 are left.
 */
async function placed(customerSpec: TestCustomerSpec = {}, via?: 'pix') {
  const customer = await createCustomer(t.db, customerSpec);
  const capa = await createProduct(t.db, { name: 'Capa edição', costCents: 6000, sellCents: 12990, stock: 10 });
  const cabo = await createProduct(t.db, { name: 'Cabo edição', costCents: 2000, sellCents: 4990, stock: 10 });
  const order = await sellThroughApi(
    t.app,
    attendant,
    customer.id,
    [
      { productId: capa.id, quantity: 2 },
      { productId: cabo.id, quantity: 1 },
    ],
    {},
    via,
  );
  return { customer, capa, cabo, order };
}

const orderRow = (id: number) =>
  t.db
    .selectFrom('orders')
    .select(['status', 'items_total_cents', 'discount_cents', 'warranty_cents', 'shipping_cost_cents', 'total_cents'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
const itemRows = (id: number) =>
  t.db
    .selectFrom('order_items')
    .select(['product_id', 'quantity', 'unit_price_cents', 'total_cents', 'discount_cents'])
    .where('order_id', '=', id)
    .orderBy('product_id')
    .execute();
const stockOf = async (productId: number) =>
  (await t.db.selectFrom('products').select('stock').where('id', '=', productId).executeTakeFirstOrThrow()).stock;

beforeAll(async () => {
  t = await createTestApp();
  attendant = await signIn(t.app, DEMO.attendant);
  admin = await signIn(t.app, DEMO.admin);
  stocker = await signIn(t.app, DEMO.stocker);
  courier = await signIn(t.app, DEMO.courier);
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

describe('PATCH /orders/{id}: the payment method (decision 0044)', () => {
  /** The shop's Pix key and merchant, and 'Pix automático' on or off (where a Pix order waits). */
  async function pixSettings(auto: boolean) {
    const key = { bankSettingsType: 'Pix', name: 'Pix CPF do sócio', pixType: 'CPF', pixKey: '529.982.247-25' };
    // Created once; a second PUT of the same key answers 409 (already there): either way the key is there.
    expect([201, 409]).toContain((await call('PUT', '/orders/bank-settings', admin, { settings: key })).statusCode);
    const company = await call('PATCH', '/companies/settings', admin, {
      companyId: 1,
      enablePixAuto: auto,
      merchantName: 'Conecta Cell',
      merchantCity: 'São Paulo',
    });
    expect(company.statusCode).toBe(200);
  }
  const paymentRow = (id: number) =>
    t.db
      .selectFrom('orders')
      .select(['status', 'payment_method', 'change_for_cents', 'card_on_delivery', 'total_cents'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  const history = (id: number) =>
    t.db
      .selectFrom('order_status_history')
      .select(['status', 'note', 'employee_id'])
      .where('order_id', '=', id)
      .orderBy('id')
      .execute();
  const audits = (code: string) =>
    t.db
      .selectFrom('audit_events')
      .select(['action', 'changes'])
      .where('entity', '=', 'order')
      .where('entity_id', '=', code)
      .orderBy('id')
      .execute();

  it('a cash order of R$ 389,70 switched to Pix: Processando (Pix automático), the BR Code for 389.70; history and audit', async () => {
    await pixSettings(true);
    const { capa, order } = await placed();
    // 3 × R$ 129,90 = R$ 389,70, the cable removed.
    const lines = await edit(order.orderId, { items: [{ productId: capa.id, quantity: 3 }] });
    expect(lines.json().data.total).toBe(389.7);

    // The preview says where it would go and writes nothing.
    const preview = await edit(order.orderId, { payment: 'PIX', dryRun: true });
    expect(preview.statusCode).toBe(200);
    expect(preview.json().data).toMatchObject({ payment: 'PIX', statusKey: 9, total: 389.7, dryRun: true });
    expect(await paymentRow(order.orderId)).toMatchObject({ status: 1, payment_method: 'CASH' });

    const res = await edit(order.orderId, { payment: 'PIX' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      payment: 'PIX',
      statusKey: 9,
      total: 389.7,
      changed: true,
      message: 'Pedido alterado com sucesso.',
    });
    expect(await paymentRow(order.orderId)).toEqual({
      status: 9,
      payment_method: 'PIX',
      change_for_cents: null,
      card_on_delivery: false,
      total_cents: 38970,
    });
    const pix = await call('GET', `/orders/pix/${order.orderId}`, attendant);
    // The amount field (ID 54): '389.70', 6 characters.
    expect(pix.json().data.payload).toContain('5406389.70');

    const rows = await history(order.orderId);
    expect(rows.at(-1)).toMatchObject({
      status: 9,
      note: 'Pedido alterado: Forma de pagamento: Dinheiro → Pix.',
    });
    const seller = await t.db
      .selectFrom('employees')
      .select('id')
      .where('email', '=', DEMO.attendant)
      .executeTakeFirstOrThrow();
    expect(rows.at(-1)?.employee_id).toBe(seller.id);
    // One event: the table's move 'changePayment' (status 1 → 9) with what the edit changed.
    expect((await audits(order.code)).at(-1)).toEqual({
      action: 'changePayment',
      changes: {
        payment: { from: 'CASH', to: 'PIX' },
        status: { from: 1, to: 9 },
        note: 'Pedido alterado: Forma de pagamento: Dinheiro → Pix.',
      },
    });
    // The same method again: nothing changes, nothing written.
    const same = await edit(order.orderId, { payment: 'PIX' });
    expect(same.json().data).toMatchObject({ changed: false, statusKey: 9 });
    expect(await history(order.orderId)).toHaveLength(rows.length);
  });

  it("a manual Pix order not paid (Aguardando comprovante) → cash with 'Troco para' R$ 400,00: to the stocker", async () => {
    await pixSettings(false);
    const { order } = await placed({}, 'pix');
    // 2 × R$ 129,90 + R$ 49,90 = R$ 309,70, waiting for its proof.
    expect([order.total, order.statusKey]).toEqual([309.7, 10]);

    // 'Troco para' below the total, or with Pix: 400, nothing changes.
    const below = await edit(order.orderId, { payment: 'CASH', changeFor: 300 });
    expect(below.statusCode).toBe(400);
    expect(below.json().errors).toEqual(['O valor para troco deve ser ao menos o total do pedido (R$ 309,70).']);
    const pixChange = await edit(order.orderId, { changeFor: 400 });
    expect(pixChange.statusCode).toBe(400);
    expect(pixChange.json().errors).toEqual(['Troco só existe no pagamento em dinheiro.']);
    expect(await paymentRow(order.orderId)).toMatchObject({ status: 10, payment_method: 'PIX' });

    const res = await edit(order.orderId, { payment: 'CASH', changeFor: 400 });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ payment: 'CASH', changeFor: 400, statusKey: 1 });
    expect(await paymentRow(order.orderId)).toEqual({
      status: 1,
      payment_method: 'CASH',
      change_for_cents: 40000,
      card_on_delivery: false,
      total_cents: 30970,
    });
    expect((await history(order.orderId)).at(-1)).toMatchObject({
      status: 1,
      note: 'Pedido alterado: Forma de pagamento: Pix → Dinheiro; troco para R$ 400,00.',
    });
    expect((await audits(order.code)).at(-1)?.changes).toMatchObject({
      payment: { from: 'PIX', to: 'CASH' },
      changeFor: { from: null, to: 400 },
      status: { from: 10, to: 1 },
    });
  });

  it("cash → card on delivery, delivered by the customer's courier: his summary says to take the machine and charge R$ 324,70", async () => {
    const courierId = (
      await t.db.selectFrom('employees').select('id').where('email', '=', DEMO.courier).executeTakeFirstOrThrow()
    ).id;
    // Freight R$ 15,00; the customer's associated courier is the demo courier.
    const { order } = await placed({ shippingCents: 1500, delivererId: courierId });
    const res = await edit(order.orderId, { payment: 'CARD', typeOfDelivery: 1 });
    expect(res.statusCode).toBe(200);
    // R$ 309,70 of goods + R$ 15,00 of freight = R$ 324,70.
    expect(res.json().data).toMatchObject({ payment: 'CARD', cardOnDelivery: true, statusKey: 1, total: 324.7 });
    expect(await paymentRow(order.orderId)).toMatchObject({
      status: 1,
      payment_method: 'CARD',
      card_on_delivery: true,
      total_cents: 32470,
    });
    // Separated and packed for the motoboy: the courier's 'Minhas tarefas' says to take the machine and what to
    // charge at the door (his order: the customer's courier).
    expect((await call('PATCH', '/workflow/order/prepare', stocker, { orderId: order.orderId })).statusCode).toBe(200);
    const packed = await call('PATCH', '/workflow/order/pack', stocker, {
      orderId: order.orderId,
      images: [await picture()],
    });
    expect(packed.statusCode).toBe(200);
    const tasks = await call('GET', '/orders/tasks?items=50', courier);
    expect(tasks.statusCode).toBe(200);
    const task = (tasks.json().orders as { orderId: number }[]).find((o) => o.orderId === order.orderId);
    expect(task).toMatchObject({ paymentMethod: 'CARD', cardOnDelivery: true, cardToCollect: 324.7 });
    // The edit's own row (no status move: cash and card both wait for the stocker), before the two moves.
    expect((await history(order.orderId)).at(-3)).toMatchObject({
      status: 1,
      note: 'Pedido alterado: entrega por motoboy; Forma de pagamento: Dinheiro → Cartão na entrega; total de R$ 309,70 para R$ 324,70.',
    });
    expect((await audits(order.code)).find((row) => row.action === 'editOrder')).toEqual({
      action: 'editOrder',
      changes: {
        typeOfDelivery: { from: 2, to: 1 },
        total: { from: 309.7, to: 324.7 },
        payment: { from: 'CASH', to: 'CARD' },
        cardOnDelivery: { from: false, to: true },
      },
    });
  });

  it("an order placed with a card on delivery ('Levar maquininha'): its lines edited, the courier charges the new total", async () => {
    const courierId = (
      await t.db.selectFrom('employees').select('id').where('email', '=', DEMO.courier).executeTakeFirstOrThrow()
    ).id;
    const customer = await createCustomer(t.db, { shippingCents: 1500, delivererId: courierId });
    const capa = await createProduct(t.db, { name: 'Capa maquininha', costCents: 6000, sellCents: 12990, stock: 10 });
    const order = await sellThroughApi(
      t.app,
      attendant,
      customer.id,
      [{ productId: capa.id, quantity: 2 }],
      { typeOfDelivery: 1 },
      'card',
    );
    // 2 × R$ 129,90 + R$ 15,00 of freight = R$ 274,80, charged at the door.
    expect(order).toMatchObject({ total: 274.8, cardOnDelivery: true, statusKey: 1 });

    // 3 units: 3 × R$ 129,90 + R$ 15,00 = R$ 404,70; stock 10 − 3 = 7.
    const res = await edit(order.orderId, { items: [{ productId: capa.id, quantity: 3 }] });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ total: 404.7, payment: 'CARD', cardOnDelivery: true, statusKey: 1 });
    expect(await stockOf(capa.id)).toBe(7);
    // The discount follows the same rule: R$ 4,70 off leaves R$ 400,00.
    const discount = await call('POST', `/orders/${order.orderId}/discount`, admin, {
      discounts: { order: { kind: 'amount', value: 4.7 } },
    });
    expect(discount.statusCode).toBe(200);
    expect(await paymentRow(order.orderId)).toMatchObject({
      status: 1,
      payment_method: 'CARD',
      card_on_delivery: true,
      total_cents: 40000,
    });

    // Separated and packed: the courier's task says to take the machine and charge the new total.
    expect((await call('PATCH', '/workflow/order/prepare', stocker, { orderId: order.orderId })).statusCode).toBe(200);
    const packed = await call('PATCH', '/workflow/order/pack', stocker, {
      orderId: order.orderId,
      images: [await picture()],
    });
    expect(packed.statusCode).toBe(200);
    const tasks = await call('GET', '/orders/tasks?items=50', courier);
    const task = (tasks.json().orders as { orderId: number }[]).find((o) => o.orderId === order.orderId);
    expect(task).toMatchObject({ paymentMethod: 'CARD', cardOnDelivery: true, cardToCollect: 400 });
  });

  it('a card paid at the counter with the sale is not editable (its receipt is for its total)', async () => {
    const customer = await createCustomer(t.db, {});
    const capa = await createProduct(t.db, { name: 'Capa balcão', costCents: 6000, sellCents: 12990, stock: 10 });
    const order = await sellThroughApi(
      t.app,
      attendant,
      customer.id,
      [{ productId: capa.id, quantity: 1 }],
      { card: { kind: 'DEBIT', brand: 'Visa', instalments: 1, nsu: '123456', authorizationCode: 'AB12' } },
      'card',
    );
    const res = await edit(order.orderId, { items: [{ productId: capa.id, quantity: 2 }] });
    expect(res.statusCode).toBe(409);
    expect(res.json().errors).toEqual([
      'Este pedido não pode ser alterado: só pedidos em dinheiro ou cartão na entrega aguardando o estoquista, ou por Pix ainda não pago, antes da separação.',
    ]);
    expect(await stockOf(capa.id)).toBe(9);
  });

  it('refused: a part paid or waiting (409), after separation (409), a transfer or an unknown method (400); nothing changes', async () => {
    const paid = await placed();
    const part = await call('POST', `/orders/${paid.order.orderId}/payments`, attendant, {
      method: 'CASH',
      amount: 100,
    });
    expect(part.statusCode).toBe(200);
    const refused = await edit(paid.order.orderId, { payment: 'PIX' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errors).toEqual([
      "Este pedido já tem pagamento registrado ou aguardando: a forma de pagamento não pode mais mudar. Estorne ou recuse a parte em 'Pagamentos', ou cancele o pedido e venda de novo.",
    ]);
    expect(await paymentRow(paid.order.orderId)).toMatchObject({ status: 1, payment_method: 'CASH' });

    const separated = await placed();
    expect(
      (await call('PATCH', '/workflow/order/prepare', stocker, { orderId: separated.order.orderId })).statusCode,
    ).toBe(200);
    const late = await edit(separated.order.orderId, { payment: 'PIX' });
    expect(late.statusCode).toBe(409);
    expect(late.json().errors).toEqual([
      'O pedido já está em separação ou adiante: não pode mais ser alterado. Resta cancelá-lo ou registrar uma troca ou devolução.',
    ]);
    expect(await paymentRow(separated.order.orderId)).toMatchObject({ status: 2, payment_method: 'CASH' });

    const { order } = await placed();
    const transfer = await edit(order.orderId, { payment: 'BANK_TRANSFER' });
    expect(transfer.statusCode).toBe(400);
    expect(transfer.json().errors).toEqual([
      'Depósito precisa do comprovante junto com a venda: não pode ser escolhido ao alterar o pedido. Cancele o pedido e venda de novo com o comprovante.',
    ]);
    const unknown = await edit(order.orderId, { payment: 'BOLETO' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual(['Forma de pagamento inválida: Dinheiro, Pix ou Cartão na entrega.']);
    // The move is the edit's only: a status reached (PUT /orders/change/status) does not find it.
    const byStatus = await call('PUT', '/orders/change/status', admin, { orderId: order.orderId, newStatus: 9 });
    expect(byStatus.statusCode).toBe(409);
    expect(await paymentRow(order.orderId)).toMatchObject({ status: 1, payment_method: 'CASH' });
  });
});
