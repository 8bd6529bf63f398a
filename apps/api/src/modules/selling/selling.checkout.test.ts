import { randomUUID } from 'node:crypto';
import { apiErrorSchema, checkoutResponseSchema, ORDER_STATUS } from '@backoffice/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, DEMO, expectOrderAddsUp, type TestApp } from '../../test/helpers';
import { picture } from '../orders/test-orders';
import { createCustomer, createProduct, ledgerOf, signInInternalSeller } from './test-selling';
import {
  expectError,
  type Method,
  openSellingWorld,
  PRODUCT_A,
  PRODUCT_B,
  type Role,
  sellingCalls,
} from './test-selling-api';

/**
 * Selling at the counter: the checkout, 'Troco para', a section 7 client, the order's details, permissions
 * (createTestApp through ./test-selling-api: an app and a database of this file's own; the products' prices: there).
 */
let t: TestApp;
let tokens: Record<Role, string>;
let jpeg: string;

const { call, add, cash, transfer, orderCount, cartOf, stockOf } = sellingCalls(() => ({
  t,
  tokens,
  jpeg,
}));

beforeAll(async () => {
  ({ t, tokens, jpeg } = await openSellingWorld());
}, 120_000);
afterAll(() => t.close());

describe('checkout', () => {
  it('cash: the order starts in AGUARDANDO_ESTOQUISTA with the level prices, the stock leaves through the ledger, the cart empties, the attendant and the history are recorded', async () => {
    const a = await createProduct(t.db, { name: 'Moto G84', ...PRODUCT_A, stock: 10 });
    const b = await createProduct(t.db, { name: 'Capa Moto G84', ...PRODUCT_B, stock: 10 });
    const customer = await createCustomer(t.db, { level: 1, shippingCents: 1500 });
    await add(customer.id, a.id, 2);
    await add(customer.id, b.id, 3);
    const res = await cash(customer.id);
    expect(res.statusCode).toBe(200);
    const answer = checkoutResponseSchema.parse(res.json());
    expect(answer.code).toMatch(/^[2-9A-Z]{3}-[2-9A-Z]{3}$/);
    // 2 × 120,00 + 3 × 3,80 + 15,00 = 266,40.
    expect(answer).toMatchObject({ statusKey: ORDER_STATUS.AGUARDANDO_ESTOQUISTA, total: 266.4, replayed: false });
    // How it is paid and where (issue 35 §8: the confirmation says 'A receber na entrega').
    expect(answer).toMatchObject({ paymentMethod: 'CASH', deliveryType: 1 });

    const attendant = await t.db
      .selectFrom('employees')
      .select('id')
      .where('email', '=', DEMO.attendant)
      .executeTakeFirstOrThrow();
    const order = await t.db.selectFrom('orders').selectAll().where('code', '=', answer.code).executeTakeFirstOrThrow();
    expect(order).toMatchObject({
      id: answer.orderId,
      customer_id: customer.id,
      status: ORDER_STATUS.AGUARDANDO_ESTOQUISTA,
      payment_method: 'CASH',
      attendant_id: attendant.id,
      total_cents: 26_640,
      neighborhood: 'Centro',
    });
    const items = await t.db
      .selectFrom('order_items')
      .select(['product_id', 'quantity', 'unit_price_cents', 'unit_cost_cents', 'total_cents'])
      .where('order_id', '=', order.id)
      .orderBy('product_id')
      .execute();
    expect(items).toEqual([
      { product_id: a.id, quantity: 2, unit_price_cents: 12_000, unit_cost_cents: 10_000, total_cents: 24_000 },
      { product_id: b.id, quantity: 3, unit_price_cents: 380, unit_cost_cents: 330, total_cents: 1140 },
    ]);
    const history = await t.db
      .selectFrom('order_status_history')
      .select(['status', 'employee_id', 'note'])
      .where('order_id', '=', order.id)
      .execute();
    expect(history).toEqual([
      {
        status: ORDER_STATUS.AGUARDANDO_ESTOQUISTA,
        employee_id: attendant.id,
        note: 'Venda interna (em nome do cliente)',
      },
    ]);
    expect(await stockOf(a.id)).toBe(8);
    expect(await stockOf(b.id)).toBe(7);
    const ledger = await ledgerOf(t.db, a.id);
    expect(ledger).toMatchObject({ stock: 8, sum: 8, last: 8, chained: true });
    expect(ledger.rows.at(-1)).toMatchObject({ kind: 'SALE', quantity_out: 2, order_id: order.id });
    expect(await cartOf(customer.id)).toEqual([]);
    // The orders screen reads it like any other order.
    const view = await call('GET', `/orders/${answer.code}`, undefined, tokens.admin);
    expect(view.json().data).toMatchObject({ code: answer.code, status: 'Aguardando estoquista', total: 266.4 });
  });

  it('transfer: the proof is checked, re-encoded and attached; the order waits in AGUARDANDO_APROVACAO', async () => {
    const a = await createProduct(t.db, { name: 'iPhone 15', ...PRODUCT_A, stock: 3 });
    const customer = await createCustomer(t.db, { level: 2, warrantyPercentage: 10 });
    await add(customer.id, a.id, 1);
    // Pickup with warranty: 130,00 + 13,00 = 143,00.
    const res = await transfer(customer.id, { receipt: await picture('png', 2000, 1500), withWarranty: true });
    expect(res.statusCode).toBe(200);
    const answer = checkoutResponseSchema.parse(res.json());
    expect(answer).toMatchObject({ statusKey: ORDER_STATUS.AGUARDANDO_APROVACAO, total: 143 });
    const order = await t.db
      .selectFrom('orders')
      .select(['status', 'payment_method', 'neighborhood'])
      .where('id', '=', answer.orderId)
      .executeTakeFirstOrThrow();
    expect(order).toEqual({
      status: ORDER_STATUS.AGUARDANDO_APROVACAO,
      payment_method: 'BANK_TRANSFER',
      neighborhood: null,
    });
    // One event, the sale with its proof (issue 16 §1): one history row, one audit row (two of each before).
    const history = await t.db
      .selectFrom('order_status_history')
      .select('status')
      .where('order_id', '=', answer.orderId)
      .orderBy('id')
      .execute();
    expect(history.map((h) => h.status)).toEqual([ORDER_STATUS.AGUARDANDO_APROVACAO]);
    const audit = await t.db
      .selectFrom('audit_events')
      .select(['action', 'changes'])
      .where('entity', '=', 'order')
      .where('entity_id', '=', answer.code)
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]?.action).toBe('create');
    const changes = audit[0]?.changes;
    expect(typeof changes === 'string' ? JSON.parse(changes) : changes).toMatchObject({
      status: ORDER_STATUS.AGUARDANDO_APROVACAO,
      payment: 'BANK_TRANSFER',
      total: 143,
      receiptAttached: true,
    });
    const receipt = await call('GET', `/orders/receipt/${answer.orderId}`, undefined, tokens.admin);
    expect(receipt.statusCode).toBe(200);
    const image = await t.db
      .selectFrom('order_images')
      .select(['kind', 'path'])
      .where('order_id', '=', answer.orderId)
      .executeTakeFirstOrThrow();
    expect(image.kind).toBe('RECEIPT');
    expect(image.path).toMatch(/\.jpg$/);
    expect(await stockOf(a.id)).toBe(2);
  });

  it('transfer: a missing or broken proof is refused and nothing changes', async () => {
    const a = await createProduct(t.db, { name: 'Tablet', ...PRODUCT_A, stock: 3 });
    const customer = await createCustomer(t.db);
    await add(customer.id, a.id, 1);
    const before = await orderCount();
    const missing = await transfer(customer.id, { receipt: undefined });
    expect(expectError(missing, 400, 'VALIDATION_FAILED').errors).toContain('Envie a imagem do comprovante.');
    const empty = await transfer(customer.id, { receipt: '' });
    expect(expectError(empty, 400, 'VALIDATION_FAILED').errors).toContain('Envie a imagem do comprovante.');
    const broken = await transfer(customer.id, { receipt: Buffer.from('não é imagem').toString('base64') });
    expect(expectError(broken, 400, 'INVALID_IMAGE').errors).toEqual([
      'A imagem enviada não é uma imagem válida (use JPEG ou PNG).',
    ]);
    expect(await orderCount()).toBe(before);
    expect(await stockOf(a.id)).toBe(3);
    expect(await cartOf(customer.id)).toEqual([{ product_id: a.id, quantity: 1 }]);
  });

  it('refuses a customer who cannot buy, an empty cart, impossible choices, an archived product, a changed total and missing stock — nothing changes', async () => {
    const a = await createProduct(t.db, { name: 'Relógio Smart', ...PRODUCT_A, stock: 5 });
    const customer = await createCustomer(t.db, { shippingCents: 1000 });
    const before = await orderCount();

    expect(expectError(await cash(customer.id), 409, 'CONFLICT').errors).toEqual([
      'O carrinho está vazio: adicione produtos antes de finalizar o pedido.',
    ]);
    await add(customer.id, a.id, 2);
    expect(
      expectError(await cash(customer.id, { typeOfDelivery: 2, isFastDelivery: true }), 400, 'BAD_REQUEST').errors,
    ).toEqual(['A entrega rápida só está disponível com entrega por motoboy.']);
    expect(expectError(await cash(customer.id, { isFastDelivery: true }), 400, 'BAD_REQUEST').errors).toEqual([
      'Este cliente não tem entrega rápida (taxa de entrega rápida não definida).',
    ]);
    expect(expectError(await cash(customer.id, { withWarranty: true }), 400, 'BAD_REQUEST').errors).toEqual([
      'Este cliente não tem garantia (percentual de garantia não definido).',
    ]);
    for (const body of [
      { typeOfDelivery: 3 },
      { withWarranty: 'sim' },
      { idempotencyKey: 'abc' },
      { expectedTotal: -1 },
    ]) {
      expect((await cash(customer.id, body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    // 2 × 180,00 + 10,00 = 370,00; the screen showed 360,00.
    const stale = expectError(await cash(customer.id, { expectedTotal: 360 }), 409, 'STALE_DATA');
    expect(stale.errors).toEqual([
      'Os preços mudaram desde que o carrinho foi exibido: o novo total é R$ 370,00. Confira e finalize de novo.',
    ]);

    // Someone sold units meanwhile: 1 left for a cart of 2.
    await t.db.transaction().execute(async (trx) => {
      const { moveStock } = await import('../stock/stock.service');
      await moveStock(trx, { kind: 'ADJUSTMENT', employeeId: null }, [{ productId: a.id, newStock: 1 }]);
    });
    const short = expectError(await cash(customer.id), 409, 'STOCK_INSUFFICIENT');
    expect(short.errors).toEqual(['Estoque insuficiente: Relógio Smart (disponível 1, pedido 2).']);

    await t.db.updateTable('products').set({ archived: true }).where('id', '=', a.id).execute();
    expect(expectError(await cash(customer.id), 409, 'CONFLICT').errors).toEqual([
      'O produto Relógio Smart está arquivado e não pode ser vendido.',
    ]);
    await t.db.updateTable('products').set({ archived: false }).where('id', '=', a.id).execute();

    await t.db.updateTable('customers').set({ status: 'BLOCKED' }).where('id', '=', customer.id).execute();
    expect(expectError(await cash(customer.id), 409, 'CONFLICT').errors[0]).toMatch(
      /não está aprovado ou está bloqueado/,
    );

    expect(await orderCount()).toBe(before);
    expect(await stockOf(a.id)).toBe(1);
    expect(await cartOf(customer.id)).toEqual([{ product_id: a.id, quantity: 2 }]);
    expect(expectError(await cash(2_000_000_000), 404, 'NOT_FOUND').errors).toEqual(['Cliente não encontrado.']);
  });

  it('the same idempotency key answers the same order code and makes one order; reused for another request it is refused', async () => {
    const a = await createProduct(t.db, { name: 'Caixa de Som', ...PRODUCT_A, stock: 10 });
    const customer = await createCustomer(t.db);
    await add(customer.id, a.id, 1);
    const key = randomUUID();
    const first = await cash(customer.id, { idempotencyKey: key });
    expect(first.statusCode).toBe(200);
    const before = await orderCount();
    // The attendant clicks again (the cart is empty now): the same order, not an empty-cart error.
    const second = await cash(customer.id, { idempotencyKey: key });
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual({ ...first.json(), replayed: true });
    expect(await orderCount()).toBe(before);
    expect(await stockOf(a.id)).toBe(9);

    // The same key with other choices, or for another customer, is refused.
    await add(customer.id, a.id, 1);
    const otherChoice = await cash(customer.id, { idempotencyKey: key, typeOfDelivery: 2 });
    expect(expectError(otherChoice, 409, 'CONFLICT').errors).toEqual([
      'Esta finalização já foi usada para outro pedido ou outros dados. Recarregue a página e tente novamente.',
    ]);
    const other = await createCustomer(t.db);
    expect(expectError(await cash(other.id, { idempotencyKey: key }), 409, 'CONFLICT').code).toBe('CONFLICT');
    // A refused attempt leaves its key free: the cart is still there and a new key sells it.
    expect(await cartOf(customer.id)).toEqual([{ product_id: a.id, quantity: 1 }]);
    const failedKey = randomUUID();
    expect((await cash(customer.id, { idempotencyKey: failedKey, withWarranty: true })).statusCode).toBe(400);
    expect((await cash(customer.id, { idempotencyKey: failedKey })).statusCode).toBe(200);
  });
});

describe("'Troco para' (issue 19 §4)", () => {
  it('keeps the note a cash customer pays with, at least the total; refused below it or with another payment', async () => {
    // One unit at R$ 84,90, delivered by motoboy with R$ 15,00 of freight: R$ 99,90.
    const customer = await createCustomer(t.db, { shippingCents: 1_500 });
    const product = await createProduct(t.db, { name: 'Fone Troco', costCents: 5_000, sellCents: 8_490, stock: 5 });
    expect((await add(customer.id, product.id, 1)).statusCode).toBe(200);

    const below = expectError(await cash(customer.id, { changeFor: 50 }), 400, 'BAD_REQUEST');
    expect(below.errors[0]).toBe('O valor para troco deve ser ao menos o total do pedido (R$ 99,90).');
    const pix = await call('POST', `/orders/checkout/pix/${customer.id}`, {
      typeOfDelivery: 1,
      withWarranty: false,
      isFastDelivery: false,
      changeFor: 100,
    });
    expect(apiErrorSchema.parse(pix.json()).errors[0]).toBe('Troco só existe no pagamento em dinheiro.');
    expect(await cartOf(customer.id)).toHaveLength(1);

    const sold = await cash(customer.id, { changeFor: 100 });
    expect(sold.statusCode).toBe(200);
    const { orderId } = checkoutResponseSchema.parse(sold.json());
    const order = (await call('GET', `/orders/by-id/${orderId}`, undefined, tokens.admin)).json() as {
      data: { total: number; changeFor: number | null };
    };
    expect(order.data).toMatchObject({ total: 99.9, changeFor: 100 });
  });
});

describe("a section 7 client can sell (issue 15: idempotencyKey was required, the spec's body got 400)", () => {
  const spec = (url: string, body: object, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: `/api${url}`,
      payload: body,
      headers: { ...bearer(tokens.attendant), ...headers },
    });
  const choices = { typeOfDelivery: 1, withWarranty: false, isFastDelivery: false };

  it("the spec's own body, without a key, sells: one request gives one order, a second request another", async () => {
    const a = await createProduct(t.db, { name: 'Fone Spec', ...PRODUCT_A, stock: 5 });
    const customer = await createCustomer(t.db, { level: 1, shippingCents: 1000 });
    await add(customer.id, a.id, 1);
    const before = await orderCount();
    const res = await spec(`/orders/checkout/${customer.id}`, choices);
    expect(res.statusCode, res.body).toBe(200);
    // Ouro: 120,00 + shipping 10,00 = 130,00.
    expect(checkoutResponseSchema.parse(res.json())).toMatchObject({ total: 130, replayed: false });
    expect(await orderCount()).toBe(before + 1);
    await add(customer.id, a.id, 1);
    const again = await spec(`/orders/checkout/${customer.id}`, choices);
    expect(again.statusCode).toBe(200);
    expect(again.json().code).not.toBe(res.json().code);
    expect(await orderCount()).toBe(before + 2);
    expect(await stockOf(a.id)).toBe(3);
    // By transfer too, with the receipt and nothing else.
    await add(customer.id, a.id, 1);
    const byTransfer = await spec(`/orders/checkout/bank/transfer/${customer.id}`, { ...choices, receipt: jpeg });
    expect(byTransfer.statusCode, byTransfer.body).toBe(200);
    expect(byTransfer.json()).toMatchObject({
      statusKey: ORDER_STATUS.AGUARDANDO_APROVACAO,
      total: 130,
      paymentMethod: 'BANK_TRANSFER',
      deliveryType: 1,
    });
  });

  it('the Idempotency-Key header (quoted or bare, UUID or not) replays the same order, and wins over the body field', async () => {
    const a = await createProduct(t.db, { name: 'Cabo Spec', ...PRODUCT_A, stock: 10 });
    const customer = await createCustomer(t.db);
    const headerKey = randomUUID();
    await add(customer.id, a.id, 1);
    const first = await spec(`/orders/checkout/${customer.id}`, choices, { 'idempotency-key': `"${headerKey}"` });
    expect(first.statusCode, first.body).toBe(200);
    const before = await orderCount();
    // The same key bare, upper-cased; the body's (different) key loses to the header.
    const replay = await spec(
      `/orders/checkout/${customer.id}`,
      { ...choices, idempotencyKey: randomUUID() },
      { 'idempotency-key': headerKey.toUpperCase() },
    );
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual({ ...first.json(), replayed: true });
    expect(await orderCount()).toBe(before);
    expect(await stockOf(a.id)).toBe(9);

    // A key that is not a UUID (the draft allows any string) is an attempt of its own, replayed alike.
    await add(customer.id, a.id, 2);
    const opaque = { 'idempotency-key': 'pedido-loja-2026-000123' };
    const second = await spec(`/orders/checkout/${customer.id}`, choices, opaque);
    expect(second.statusCode, second.body).toBe(200);
    const secondAgain = await spec(`/orders/checkout/${customer.id}`, choices, opaque);
    expect(secondAgain.json()).toEqual({ ...second.json(), replayed: true });
    expect(await stockOf(a.id)).toBe(7);
    // Reused with other choices: refused, nothing sold.
    await add(customer.id, a.id, 1);
    const reused = await spec(`/orders/checkout/${customer.id}`, { ...choices, typeOfDelivery: 2 }, opaque);
    expectError(reused, 409, 'CONFLICT');
    expect(await stockOf(a.id)).toBe(7);
  });

  it('a malformed Idempotency-Key header is refused with 400 and sells nothing', async () => {
    const a = await createProduct(t.db, { name: 'Capa Spec', ...PRODUCT_A, stock: 2 });
    const customer = await createCustomer(t.db);
    await add(customer.id, a.id, 1);
    for (const bad of ['', '""', 'com espaço', 'x'.repeat(256)]) {
      const res = await spec(`/orders/checkout/${customer.id}`, choices, { 'idempotency-key': bad });
      expect(expectError(res, 400, 'VALIDATION_FAILED').errors, JSON.stringify(bad)).toEqual([
        'Identificador da finalização inválido; recarregue a página e tente novamente.',
      ]);
    }
    expect(await stockOf(a.id)).toBe(2);
    expect(await cartOf(customer.id)).toEqual([{ product_id: a.id, quantity: 1 }]);
  });

  it('the OpenAPI document describes the Idempotency-Key header and an optional idempotencyKey', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    for (const path of ['/api/orders/checkout/{id}', '/api/orders/checkout/bank/transfer/{id}']) {
      const operation = doc.paths[path].post;
      const header = operation.parameters.find((p: { in: string; name: string }) => p.in === 'header');
      expect(header).toMatchObject({ name: 'idempotency-key', required: false });
      expect(header.description).toMatch(/Idempotency-Key/);
      const body = operation.requestBody.content['application/json'].schema;
      expect(body.required).not.toContain('idempotencyKey');
      expect(body.required).toEqual(expect.arrayContaining(['typeOfDelivery', 'withWarranty', 'isFastDelivery']));
    }
  });
});

describe('the order details add up (issue 15: items + freight shown, the fast-delivery tax and the warranty nowhere)', () => {
  it('GET /orders/by-id/{id} answers every part of the total, and the parts sum to it', async () => {
    const a = await createProduct(t.db, { name: 'Galaxy Soma', ...PRODUCT_A, stock: 5 });
    const b = await createProduct(t.db, { name: 'Película Soma', ...PRODUCT_B, stock: 5 });
    const customer = await createCustomer(t.db, {
      level: 2,
      shippingCents: 1500,
      fastTaxCents: 2500,
      warrantyPercentage: 10,
    });
    await add(customer.id, a.id, 1);
    await add(customer.id, b.id, 3);
    // Prata: 130,00 + 3 × 3,63 = 140,89; fast delivery 25,00 replaces the 15,00 freight; warranty 10 % of
    // 140,89 = 14,089 → 14,09; total 140,89 + 25,00 + 14,09 = 179,98.
    const sold = await cash(customer.id, { isFastDelivery: true, withWarranty: true });
    expect(sold.statusCode, sold.body).toBe(200);
    expect(sold.json().total).toBe(179.98);
    const detail = await call('GET', `/orders/by-id/${sold.json().orderId}`, undefined, tokens.admin);
    expect(detail.statusCode).toBe(200);
    const order = detail.json().data;
    expect(order).toMatchObject({
      itemsTotal: 140.89,
      shippingCost: 0,
      fastDeliveryTax: 25,
      warranty: 14.09,
      discount: 0,
      total: 179.98,
    });
    const { itemsTotal: items, shippingCost: shipping, fastDeliveryTax: fastDelivery, warranty, discount } = order;
    expectOrderAddsUp({ items, shipping, fastDelivery, warranty, discount }, order.total);
  });
});

describe('permissions', () => {
  it('every selling call needs a session (401) and internal_sales (403); full:access passes', async () => {
    const a = await createProduct(t.db, { name: 'Produto Permissões', ...PRODUCT_A, stock: 10 });
    const customer = await createCustomer(t.db);
    const calls: Array<[Method, string, object | undefined]> = [
      ['GET', `/shop/products/full/search/produto/email/${customer.email}`, undefined],
      ['GET', `/orders/pre/checkout/${customer.id}`, undefined],
      ['POST', `/orders/cart/add/${customer.id}`, { productId: a.id, quantity: 1 }],
      ['PATCH', `/orders/cart/change/${customer.id}`, { productId: a.id, newQuantity: 0 }],
      [
        'POST',
        `/orders/checkout/${customer.id}`,
        { typeOfDelivery: 1, withWarranty: false, isFastDelivery: false, idempotencyKey: randomUUID() },
      ],
      [
        'POST',
        `/orders/checkout/bank/transfer/${customer.id}`,
        { typeOfDelivery: 1, withWarranty: false, isFastDelivery: false, idempotencyKey: randomUUID(), receipt: jpeg },
      ],
    ];
    const before = await orderCount();
    for (const [method, url, payload] of calls) {
      expectError(await call(method, url, payload, null), 401, 'UNAUTHENTICATED');
      // The stocker's and the courier's roles lack internal_sales.
      expectError(await call(method, url, payload, tokens.stocker), 403, 'FORBIDDEN');
      expectError(await call(method, url, payload, tokens.courier), 403, 'FORBIDDEN');
    }
    expect(await orderCount()).toBe(before);
    expect(await cartOf(customer.id)).toEqual([]);
    // The administrator (full:access) sells.
    expect((await add(customer.id, a.id, 1, tokens.admin)).statusCode).toBe(200);
    const sold = await cash(customer.id, {}, tokens.admin);
    expect(sold.statusCode).toBe(200);
    expect(await stockOf(a.id)).toBe(9);
  });

  it('a seller whose role holds only internal_sales (a stocker by function) sells by transfer: the proof is attached on the sale', async () => {
    const { id: sellerId, token } = await signInInternalSeller(t, 'Só vendas internas', {
      name: 'Vendedora Estoquista',
      email: 'vendedora.estoquista@demo.com.br',
      phone: '11977776666',
      func: 3,
    });
    const courier = await t.db
      .selectFrom('employees')
      .select('id')
      .where('email', '=', DEMO.courier)
      .executeTakeFirstOrThrow();
    const a = await createProduct(t.db, { name: 'Produto Só Vendas', ...PRODUCT_A, stock: 2 });
    const customer = await createCustomer(t.db, { shippingCents: 800, delivererId: courier.id });
    expect((await add(customer.id, a.id, 1, token)).statusCode).toBe(200);
    const res = await call(
      'POST',
      `/orders/checkout/bank/transfer/${customer.id}`,
      { typeOfDelivery: 1, withWarranty: false, isFastDelivery: false, idempotencyKey: randomUUID(), receipt: jpeg },
      token,
    );
    expect(res.statusCode, res.body).toBe(200);
    // 180,00 + 8,00 = 188,00.
    expect(res.json()).toMatchObject({ statusKey: ORDER_STATUS.AGUARDANDO_APROVACAO, total: 188 });
    const order = await t.db
      .selectFrom('orders')
      .select(['attendant_id', 'deliverer_id', 'neighborhood'])
      .where('id', '=', res.json().orderId)
      .executeTakeFirstOrThrow();
    // The seller is recorded; delivery 1 goes to the customer's associated courier and neighbourhood.
    expect(order).toEqual({ attendant_id: sellerId, deliverer_id: courier.id, neighborhood: 'Centro' });
    const history = await t.db
      .selectFrom('order_status_history')
      .select(['status', 'employee_id'])
      .where('order_id', '=', res.json().orderId)
      .orderBy('id')
      .execute();
    // The sale with its proof is one event by the seller (no stand-in attendant): one history row.
    expect(history).toEqual([{ status: ORDER_STATUS.AGUARDANDO_APROVACAO, employee_id: sellerId }]);
  });
});
