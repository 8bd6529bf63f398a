import { randomUUID } from 'node:crypto';
import { apiErrorSchema, businessDay, formatDay, quotePageSchema, quoteSchema, shiftDay } from '@backoffice/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, DEMO, signIn, type TestApp } from '../../test/helpers';
import { createCustomer, createProduct } from '../selling/test-selling';
import { moveStock } from '../stock/stock.service';

/** Quotes (issue 38 §4, decision 0043), every figure worked out by hand. */
let t: TestApp;
let attendant: string;
let admin: string;
let stocker: string;

const call = (
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  token: string,
  payload?: object,
  key?: string,
) =>
  t.app.inject({
    method,
    url: `/api${url}`,
    payload,
    headers: { ...bearer(token), ...(key ? { 'idempotency-key': key } : {}) },
  });

function expectError(res: { statusCode: number; json(): unknown }, status: number, code: string) {
  expect(res.statusCode).toBe(status);
  const body = apiErrorSchema.parse(res.json());
  expect(body.code).toBe(code);
  return body;
}

const stockOf = async (productId: number) =>
  (await t.db.selectFrom('products').select('stock').where('id', '=', productId).executeTakeFirstOrThrow()).stock;
const ordersOf = async (customerId: number) =>
  t.db.selectFrom('orders').select(['id', 'code']).where('customer_id', '=', customerId).execute();
const today = () => businessDay(new Date());

beforeAll(async () => {
  t = await createTestApp();
  attendant = await signIn(t.app, DEMO.attendant);
  admin = await signIn(t.app, DEMO.admin);
  stocker = await signIn(t.app, DEMO.stocker);
  // The attendant's role ('Atendimento') may give up to 7 %.
  await sql`update roles set max_discount_hundredths = 700 where name = 'Atendimento'`.execute(t.db);
}, 120_000);
afterAll(() => t.close());

describe('quotes', () => {
  it('freezes 2 × R$ 129,90 with 7 % on the line (R$ 241,61) and its freight; converted at that after the price rose', async () => {
    const customer = await createCustomer(t.db, { shippingCents: 1500 });
    const product = await createProduct(t.db, { name: 'Capa Orçamento', costCents: 8000, sellCents: 12990, stock: 5 });
    expect(
      (await call('POST', `/orders/cart/add/${customer.id}`, attendant, { productId: product.id, quantity: 2 }))
        .statusCode,
    ).toBe(200);

    const saved = await call('POST', '/quotes', attendant, {
      customerId: customer.id,
      typeOfDelivery: 1,
      withWarranty: false,
      isFastDelivery: false,
      discounts: { lines: [{ productId: product.id, kind: 'percent', value: 7 }] },
    });
    expect(saved.statusCode).toBe(200);
    const quote = quoteSchema.parse(saved.json().data);
    // 2 × 129,90 = 259,80; 7 % = 18,186 → 18,19 (half up); goods 241,61; + freight 15,00 = 256,61.
    expect(quote).toMatchObject({
      status: 'OPEN',
      customerName: customer.name,
      itemsTotal: 259.8,
      discount: 18.19,
      shipping: 15,
      total: 256.61,
      validUntil: shiftDay(today(), 7),
      order: null,
    });
    expect(quote.items).toEqual([
      {
        productId: product.id,
        code: product.code,
        name: 'Capa Orçamento',
        quantity: 2,
        unitPrice: 129.9,
        totalPrice: 259.8,
        discount: 18.19,
      },
    ]);
    // The cart became the quote; the quote reserves nothing.
    expect(await t.db.selectFrom('cart_items').where('customer_id', '=', customer.id).selectAll().execute()).toEqual(
      [],
    );
    expect(await stockOf(product.id)).toBe(5);

    // The list price rises to R$ 149,90 and the customer's freight to R$ 20,00.
    await t.db.updateTable('products').set({ sell_price_cents: 14990 }).where('id', '=', product.id).execute();
    await t.db.updateTable('customers').set({ shipping_cost_cents: 2000 }).where('id', '=', customer.id).execute();

    const key = randomUUID();
    const converted = await call('POST', `/quotes/${quote.id}/convert`, attendant, { payment: 'CASH' }, key);
    expect(converted.statusCode).toBe(200);
    const answer = converted.json().data;
    expect(answer).toMatchObject({ total: 256.61, replayed: false, paymentMethod: 'CASH', deliveryType: 1 });
    const order = await t.db
      .selectFrom('orders')
      .select(['items_total_cents', 'discount_cents', 'shipping_cost_cents', 'total_cents', 'customer_id'])
      .where('id', '=', answer.orderId)
      .executeTakeFirstOrThrow();
    expect(order).toEqual({
      items_total_cents: 25980,
      discount_cents: 1819,
      shipping_cost_cents: 1500,
      total_cents: 25661,
      customer_id: customer.id,
    });
    const items = await t.db
      .selectFrom('order_items')
      .select(['product_id', 'quantity', 'unit_price_cents', 'discount_cents'])
      .where('order_id', '=', answer.orderId)
      .execute();
    expect(items).toEqual([{ product_id: product.id, quantity: 2, unit_price_cents: 12990, discount_cents: 1819 }]);
    expect(await stockOf(product.id)).toBe(3);

    const after = quoteSchema.parse((await call('GET', `/quotes/${quote.id}`, attendant)).json().data);
    expect(after.status).toBe('CONVERTED');
    expect(after.order).toEqual({ id: answer.orderId, code: answer.code });

    // The same key answers the same order; another key is refused with the order's code; one order in all.
    const again = await call('POST', `/quotes/${quote.id}/convert`, attendant, { payment: 'CASH' }, key);
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toMatchObject({ orderId: answer.orderId, code: answer.code, replayed: true });
    const twice = expectError(
      await call('POST', `/quotes/${quote.id}/convert`, attendant, { payment: 'CASH' }, randomUUID()),
      409,
      'CONFLICT',
    );
    expect(twice.errors).toEqual([`Este orçamento já foi convertido no pedido ${answer.code}.`]);
    expect(await ordersOf(customer.id)).toHaveLength(1);
    expect(await stockOf(product.id)).toBe(3);

    const converted_ = quotePageSchema.parse(
      (await call('GET', `/quotes?status=CONVERTED&search=${quote.id}`, attendant)).json().data,
    );
    expect(converted_.items.map((row) => row.id)).toEqual([quote.id]);
  });

  it('refuses an expired quote and places nothing', async () => {
    const customer = await createCustomer(t.db);
    const product = await createProduct(t.db, { name: 'Cabo Vencido', costCents: 1000, sellCents: 2990, stock: 4 });
    const saved = await call('POST', '/quotes', attendant, {
      customerId: customer.id,
      typeOfDelivery: 2,
      withWarranty: false,
      isFastDelivery: false,
      lines: [{ productId: product.id, quantity: 1 }],
    });
    expect(saved.statusCode).toBe(200);
    const { id } = saved.json().data;
    // Its last valid day was yesterday.
    const yesterday = shiftDay(today(), -1);
    await t.db.updateTable('quotes').set({ valid_until: yesterday }).where('id', '=', id).execute();

    expect((await call('GET', `/quotes/${id}`, attendant)).json().data.status).toBe('EXPIRED');
    const expired = quotePageSchema.parse(
      (await call('GET', `/quotes?status=EXPIRED&search=${id}`, attendant)).json().data,
    );
    // The number finds it (another quote whose customer's name or phone holds those digits may come too).
    expect(expired.items.filter((row) => row.id === id).map((row) => row.status)).toEqual(['EXPIRED']);
    expect(new Set(expired.items.map((row) => row.status))).toEqual(new Set(['EXPIRED']));
    const open = quotePageSchema.parse((await call('GET', `/quotes?status=OPEN&search=${id}`, attendant)).json().data);
    expect(open.items).toEqual([]);

    const [y, m, d] = yesterday.split('-');
    const refused = expectError(
      await call('POST', `/quotes/${id}/convert`, attendant, { payment: 'CASH' }, randomUUID()),
      409,
      'CONFLICT',
    );
    expect(refused.errors).toEqual([
      `Este orçamento venceu em ${d}/${m}/${y}: faça um novo orçamento com os preços de hoje.`,
    ]);
    expect(await ordersOf(customer.id)).toEqual([]);
    expect(await stockOf(product.id)).toBe(4);
  });

  it('checks the stock again: not enough, refused and nothing placed; the same key works once it is back', async () => {
    const customer = await createCustomer(t.db);
    const product = await createProduct(t.db, { name: 'Fone Curto', costCents: 3000, sellCents: 9990, stock: 3 });
    const saved = await call('POST', '/quotes', attendant, {
      customerId: customer.id,
      typeOfDelivery: 2,
      withWarranty: false,
      isFastDelivery: false,
      lines: [{ productId: product.id, quantity: 3 }],
    });
    const { id, total } = saved.json().data;
    expect(total).toBe(299.7); // 3 × 99,90
    await t.db
      .transaction()
      .execute((trx) =>
        moveStock(trx, { kind: 'ADJUSTMENT', employeeId: null }, [{ productId: product.id, newStock: 2 }]),
      );

    const key = randomUUID();
    const short = expectError(
      await call('POST', `/quotes/${id}/convert`, attendant, { payment: 'PIX' }, key),
      409,
      'STOCK_INSUFFICIENT',
    );
    expect(short.errors).toEqual(['Estoque insuficiente: Fone Curto (disponível 2, pedido 3).']);
    expect(await ordersOf(customer.id)).toEqual([]);
    expect(await stockOf(product.id)).toBe(2);
    expect((await call('GET', `/quotes/${id}`, attendant)).json().data.status).toBe('OPEN');

    await t.db
      .transaction()
      .execute((trx) =>
        moveStock(trx, { kind: 'ADJUSTMENT', employeeId: null }, [{ productId: product.id, newStock: 3 }]),
      );
    const placed = await call('POST', `/quotes/${id}/convert`, attendant, { payment: 'PIX' }, key);
    expect(placed.statusCode).toBe(200);
    expect(placed.json().data).toMatchObject({ total: 299.7, paymentMethod: 'PIX', replayed: false });
    expect(await stockOf(product.id)).toBe(0);
  });

  it("a walk-in's quote carries a name and phone; a registered customer's does not", async () => {
    const walkIn = (await call('POST', '/customers/walk-in', attendant)).json().data as { id: number };
    const product = await createProduct(t.db, { name: 'Película Avulsa', costCents: 500, sellCents: 1990, stock: 9 });
    const body = {
      customerId: walkIn.id,
      typeOfDelivery: 2,
      withWarranty: false,
      isFastDelivery: false,
      lines: [{ productId: product.id, quantity: 2 }],
    };
    const nameless = expectError(await call('POST', '/quotes', attendant, body), 400, 'BAD_REQUEST');
    expect(nameless.errors).toEqual(['Informe o nome de quem pediu o orçamento (consumidor final).']);
    // 11 digits whose number does not start with 9 are no mobile; a DDD of 0 is none: refused as every phone is.
    for (const phone of ['(11) 88765-4321', '(01) 98765-4321']) {
      const wrong = expectError(
        await call('POST', '/quotes', attendant, { ...body, walkIn: { name: 'Joana Prado', phone } }),
        400,
        'VALIDATION_FAILED',
      );
      expect(wrong.errors).toEqual(['Informe o telefone com DDD (10 ou 11 dígitos).']);
    }
    const saved = await call('POST', '/quotes', attendant, {
      ...body,
      // Typed with Brazil's code: kept as the 11 digits.
      walkIn: { name: 'Joana Prado', phone: '+55 (11) 98765-4321' },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toMatchObject({
      walkIn: true,
      customerName: 'Joana Prado',
      phone: '11987654321',
      total: 39.8, // 2 × 19,90
    });
    const search = quotePageSchema.parse((await call('GET', '/quotes?search=joana%20prado', attendant)).json().data);
    expect(search.items.map((row) => row.id)).toEqual([saved.json().data.id]);

    const customer = await createCustomer(t.db);
    const mixed = expectError(
      await call('POST', '/quotes', attendant, { ...body, customerId: customer.id, walkIn: { name: 'Outro Nome' } }),
      400,
      'BAD_REQUEST',
    );
    expect(mixed.errors).toEqual([
      'Nome e telefone avulsos são só para o consumidor final; o cliente cadastrado já tem os seus.',
    ]);
  });

  it('refuses an empty cart and a discount above the role maximum, saving nothing', async () => {
    const customer = await createCustomer(t.db);
    const base = { customerId: customer.id, typeOfDelivery: 2, withWarranty: false, isFastDelivery: false };
    const before = await t.db.selectFrom('quotes').select('id').execute();
    expectError(await call('POST', '/quotes', attendant, base), 409, 'CONFLICT');
    const product = await createProduct(t.db, { name: 'Carregador', costCents: 1000, sellCents: 10000, stock: 2 });
    const above = await call('POST', '/quotes', attendant, {
      ...base,
      lines: [{ productId: product.id, quantity: 1 }],
      discounts: { lines: [{ productId: product.id, kind: 'percent', value: 8 }] },
    });
    expect(above.statusCode).toBe(403);
    expect(await t.db.selectFrom('quotes').select('id').execute()).toEqual(before);
  });

  it('validity is a setting of bo:manage:settings (7 days by default)', async () => {
    expect((await call('GET', '/settings/quotes', attendant)).json().data).toEqual({ days: 7 });
    expect((await call('PUT', '/settings/quotes', attendant, { days: 10 })).statusCode).toBe(403);
    expect((await call('PUT', '/settings/quotes', admin, { days: 0 })).statusCode).toBe(400);
    expect((await call('PUT', '/settings/quotes', admin, { days: 10 })).json().data).toEqual({ days: 10 });
    const customer = await createCustomer(t.db);
    const product = await createProduct(t.db, { name: 'Suporte', costCents: 1000, sellCents: 2000, stock: 1 });
    const saved = await call('POST', '/quotes', attendant, {
      customerId: customer.id,
      typeOfDelivery: 2,
      withWarranty: false,
      isFastDelivery: false,
      lines: [{ productId: product.id, quantity: 1 }],
    });
    expect(saved.json().data.validUntil).toBe(shiftDay(today(), 10));
    expect((await call('PUT', '/settings/quotes', admin, { days: 7 })).statusCode).toBe(200);
    // The stocker does not sell: no quotes.
    expect((await call('GET', '/quotes', stocker)).statusCode).toBe(403);
  });

  it('saved again with the same Idempotency-Key (an answer lost) answers the quote it saved, once; the cart stays emptied', async () => {
    const customer = await createCustomer(t.db, { shippingCents: 0 });
    const product = await createProduct(t.db, { name: 'Cabo Chave', costCents: 500, sellCents: 2990, stock: 5 });
    await call('POST', `/orders/cart/add/${customer.id}`, attendant, { productId: product.id, quantity: 1 });
    const body = { customerId: customer.id, typeOfDelivery: 2, withWarranty: false, isFastDelivery: false };
    const key = randomUUID();
    const first = await call('POST', '/quotes', attendant, body, key);
    expect(first.statusCode, first.body).toBe(200);
    const again = await call('POST', '/quotes', attendant, body, key);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data.id).toBe(first.json().data.id);
    expect(again.json().data.total).toBe(29.9);
    const saved = await t.db.selectFrom('quotes').select('id').where('customer_id', '=', customer.id).execute();
    expect(saved).toHaveLength(1);
    // The same key for another customer's quote: refused, nothing saved.
    const other = await createCustomer(t.db, { shippingCents: 0 });
    const reused = await call(
      'POST',
      '/quotes',
      attendant,
      { ...body, customerId: other.id, lines: [{ productId: product.id, quantity: 1 }] },
      key,
    );
    expectError(reused, 409, 'CONFLICT');
    expect(await t.db.selectFrom('quotes').select('id').where('customer_id', '=', other.id).execute()).toEqual([]);
  });

  it('a customer without orders is deleted with his quotes (section 7 DELETE /customers/{id}), not a 500', async () => {
    const customer = await createCustomer(t.db, { shippingCents: 0 });
    const product = await createProduct(t.db, { name: 'Película Apagada', costCents: 300, sellCents: 1990, stock: 5 });
    const saved = await call('POST', '/quotes', attendant, {
      customerId: customer.id,
      typeOfDelivery: 2,
      withWarranty: false,
      isFastDelivery: false,
      lines: [{ productId: product.id, quantity: 1 }],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const removed = await call('DELETE', `/customers/${customer.id}`, admin);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await t.db.selectFrom('quotes').select('id').where('customer_id', '=', customer.id).execute()).toEqual([]);
    expect(await t.db.selectFrom('customers').select('id').where('id', '=', customer.id).execute()).toEqual([]);
  });
});

/** A quote of `quantity` × a new product at `sellCents`, picked up at the shop (no freight), by the attendant. */
async function savedQuote(name: string, sellCents: number, quantity = 1) {
  const customer = await createCustomer(t.db, { shippingCents: 0 });
  const product = await createProduct(t.db, { name, costCents: 100, sellCents, stock: 5 });
  const saved = await call('POST', '/quotes', attendant, {
    customerId: customer.id,
    typeOfDelivery: 2,
    withWarranty: false,
    isFastDelivery: false,
    lines: [{ productId: product.id, quantity }],
  });
  expect(saved.statusCode, saved.body).toBe(200);
  return { customer, product, quote: quoteSchema.parse(saved.json().data) };
}

describe('cancelling a quote', () => {
  it('an open quote is cancelled with its reason, audited; the same key answers it again; converting it then is refused', async () => {
    const { customer, product, quote } = await savedQuote('Fone Cancelado', 4990);
    const key = randomUUID();
    const cancelled = await call(
      'POST',
      `/quotes/${quote.id}/cancel`,
      attendant,
      { reason: ' Cliente desistiu ' },
      key,
    );
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(quoteSchema.parse(cancelled.json().data)).toMatchObject({
      id: quote.id,
      status: 'CANCELLED',
      cancelReason: 'Cliente desistiu',
      total: 49.9,
    });
    const audit = await t.db
      .selectFrom('audit_events')
      .select(['action', 'changes'])
      .where('entity', '=', 'quote')
      .where('entity_id', '=', String(quote.id))
      .where('action', '=', 'cancel')
      .execute();
    expect(audit).toHaveLength(1);

    // A retry after a lost answer (same key): the same quote, not a second audit row.
    const replay = await call('POST', `/quotes/${quote.id}/cancel`, attendant, { reason: 'Cliente desistiu' }, key);
    expect(replay.statusCode, replay.body).toBe(200);
    expect(replay.json().data).toMatchObject({ id: quote.id, status: 'CANCELLED', cancelReason: 'Cliente desistiu' });
    // Another call (no key, or another key): already cancelled.
    const again = expectError(
      await call('POST', `/quotes/${quote.id}/cancel`, attendant, { reason: 'De novo' }),
      409,
      'CONFLICT',
    );
    expect(again.errors).toContain('Este orçamento já foi cancelado.');
    expect(
      await t.db
        .selectFrom('audit_events')
        .select('id')
        .where('entity', '=', 'quote')
        .where('entity_id', '=', String(quote.id))
        .where('action', '=', 'cancel')
        .execute(),
    ).toHaveLength(1);

    // Converting it: refused, nothing placed, the stock untouched.
    const convert = expectError(
      await call('POST', `/quotes/${quote.id}/convert`, attendant, { payment: 'CASH' }, randomUUID()),
      409,
      'CONFLICT',
    );
    expect(convert.errors).toContain('Este orçamento foi cancelado.');
    expect(await ordersOf(customer.id)).toEqual([]);
    expect(await stockOf(product.id)).toBe(5);

    // The list's 'Cancelado' shows it.
    const listed = quotePageSchema.parse(
      (await call('GET', `/quotes?status=CANCELLED&search=${quote.id}`, attendant)).json().data,
    );
    expect(listed.items.map((row) => [row.id, row.status])).toEqual([[quote.id, 'CANCELLED']]);
  });

  it('a converted quote is not cancelled (409 naming its order); the reason is required; the stocker may not', async () => {
    const { quote } = await savedQuote('Cabo Convertido', 1990);
    const before = await t.db
      .selectFrom('quotes')
      .select(['status', 'cancel_reason'])
      .where('id', '=', quote.id)
      .executeTakeFirstOrThrow();

    // No reason, or two letters: 400, nothing changed.
    expect((await call('POST', `/quotes/${quote.id}/cancel`, attendant, {})).statusCode).toBe(400);
    const short = expectError(
      await call('POST', `/quotes/${quote.id}/cancel`, attendant, { reason: 'ab' }),
      400,
      'VALIDATION_FAILED',
    );
    expect(short.errors.join(' ')).toContain('Informe o motivo do cancelamento (3 a 300 caracteres).');
    // The stocker does not sell.
    expect((await call('POST', `/quotes/${quote.id}/cancel`, stocker, { reason: 'Não quero' })).statusCode).toBe(403);
    expect(
      await t.db
        .selectFrom('quotes')
        .select(['status', 'cancel_reason'])
        .where('id', '=', quote.id)
        .executeTakeFirstOrThrow(),
    ).toEqual(before);
    // A quote that does not exist.
    expectError(await call('POST', '/quotes/999999/cancel', attendant, { reason: 'Não existe' }), 404, 'NOT_FOUND');

    const converted = await call('POST', `/quotes/${quote.id}/convert`, attendant, { payment: 'CASH' }, randomUUID());
    expect(converted.statusCode, converted.body).toBe(200);
    const refused = expectError(
      await call('POST', `/quotes/${quote.id}/cancel`, attendant, { reason: 'Tarde demais' }),
      409,
      'CONFLICT',
    );
    expect(refused.errors).toContain(
      `Este orçamento já foi convertido no pedido ${converted.json().data.code}: cancele o pedido, não o orçamento.`,
    );
    expect((await call('GET', `/quotes/${quote.id}`, attendant)).json().data.status).toBe('CONVERTED');
  });

  it('an expired quote may be cancelled (it leaves the list of expired ones)', async () => {
    const { quote } = await savedQuote('Película Vencida', 2500);
    await t.db
      .updateTable('quotes')
      .set({ valid_until: shiftDay(today(), -1) })
      .where('id', '=', quote.id)
      .execute();
    expect((await call('GET', `/quotes/${quote.id}`, attendant)).json().data.status).toBe('EXPIRED');
    // The expired quotes found by its number (others whose customer's name or phone holds the digits may come too).
    const expiredIds = async () =>
      quotePageSchema
        .parse((await call('GET', `/quotes?status=EXPIRED&search=${quote.id}`, attendant)).json().data)
        .items.map((row) => row.id);
    expect(await expiredIds()).toContain(quote.id);
    const cancelled = await call('POST', `/quotes/${quote.id}/cancel`, attendant, { reason: 'Venceu sem resposta' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().data.status).toBe('CANCELLED');
    expect(await expiredIds()).not.toContain(quote.id);
  });
});

describe("the quotes' WhatsApp message (Configurações)", () => {
  it('is the default text until edited; the edited one, with the shop name, is the message; restored, the default again', async () => {
    // 2 × R$ 25,00 = R$ 50,00, picked up: no delivery nor warranty lines.
    const { customer, quote } = await savedQuote('Capinha Azul', 2500, 2);
    const day = formatDay(quote.validUntil);
    expect(quote.whatsAppMessage).toBe(
      `Olá, ${customer.name}! Segue o orçamento nº ${quote.id}:\n• 2 × Capinha Azul: R$ 50,00\nTotal: R$ 50,00\nPreços válidos até ${day}.`,
    );

    // The shop's name, CNPJ and address (Configurações da Empresa) come with the quote, for the PDF and {loja}.
    const company = await call('PATCH', '/companies/settings', admin, {
      companyId: 1,
      enablePixAuto: false,
      name: 'Loja do Teste',
      cnpj: '11.222.333/0001-81',
      address: 'Rua das Flores, 10\nSão Paulo - SP',
    });
    expect(company.statusCode, company.body).toBe(200);

    const template =
      'Oi {cliente}, orçamento {numero} da {loja}\n{itens}\nFrete: {entrega}\nTotal {total} até {validade}';
    // The attendant may not edit it; an order's placeholder is not a quote's.
    expect((await call('PUT', '/settings/whatsapp-templates/quote', attendant, { template })).statusCode).toBe(403);
    const unknown = expectError(
      await call('PUT', '/settings/whatsapp-templates/quote', admin, { template: 'Pedido {codigo}' }),
      400,
      'VALIDATION_FAILED',
    );
    expect(unknown.errors.join(' ')).toContain(
      'Marcador desconhecido: {codigo}. Use apenas {cliente}, {numero}, {loja}, {itens}, {entrega}, {garantia}, {total}, {validade}.',
    );
    const saved = await call('PUT', '/settings/whatsapp-templates/quote', admin, { template });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.quote).toMatchObject({ template, isDefault: false });
    // The order statuses' messages did not change.
    expect(saved.json().data.templates.every((row: { isDefault: boolean }) => row.isDefault)).toBe(true);

    const read = quoteSchema.parse((await call('GET', `/quotes/${quote.id}`, attendant)).json().data);
    // No delivery: the 'Frete' line is left out.
    expect(read.whatsAppMessage).toBe(
      `Oi ${customer.name}, orçamento ${quote.id} da Loja do Teste\n• 2 × Capinha Azul: R$ 50,00\nTotal R$ 50,00 até ${day}`,
    );
    expect(read.shop).toEqual({
      name: 'Loja do Teste',
      cnpj: '11.222.333/0001-81',
      address: 'Rua das Flores, 10\nSão Paulo - SP',
    });

    const restored = await call('DELETE', '/settings/whatsapp-templates/quote', admin);
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json().data.quote.isDefault).toBe(true);
    expect((await call('GET', `/quotes/${quote.id}`, attendant)).json().data.whatsAppMessage).toBe(
      quote.whatsAppMessage,
    );
  });
});
