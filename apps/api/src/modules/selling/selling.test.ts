import { randomUUID } from 'node:crypto';
import {
  apiErrorSchema,
  cartResponseSchema,
  checkoutResponseSchema,
  ORDER_STATUS,
  preCheckoutResponseSchema,
  sellingProductSearchResponseSchema,
} from '@backoffice/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoPasswordHash } from '../../db/seed/foundation';
import { bearer, createTestApp, DEMO, signIn, type TestApp } from '../../test/helpers';
import { picture } from '../orders/test-orders';
import { createCustomer, createProduct, ledgerOf } from './test-selling';

type Role = keyof typeof DEMO;
let t: TestApp;
const tokens = {} as Record<Role, string>;
let jpeg: string;

type Method = 'GET' | 'POST' | 'PATCH';
const call = (method: Method, url: string, payload?: object, token: string | null = tokens.attendant) =>
  t.app.inject({ method, url: `/api${url}`, payload, headers: token ? bearer(token) : {} });

const add = (customerId: number, productId: number, quantity: number, token?: string) =>
  call('POST', `/orders/cart/add/${customerId}`, { productId, quantity }, token);
const change = (customerId: number, productId: number, newQuantity: number) =>
  call('PATCH', `/orders/cart/change/${customerId}`, { productId, newQuantity });
const preCheckout = (customerId: number, query = '') => call('GET', `/orders/pre/checkout/${customerId}${query}`);
const cash = (customerId: number, body: Record<string, unknown> = {}, token?: string) =>
  call(
    'POST',
    `/orders/checkout/${customerId}`,
    { typeOfDelivery: 1, withWarranty: false, isFastDelivery: false, idempotencyKey: randomUUID(), ...body },
    token,
  );
const transfer = (customerId: number, body: Record<string, unknown> = {}) =>
  call('POST', `/orders/checkout/bank/transfer/${customerId}`, {
    typeOfDelivery: 2,
    withWarranty: false,
    isFastDelivery: false,
    idempotencyKey: randomUUID(),
    receipt: jpeg,
    ...body,
  });

const orderCount = async () =>
  Number(
    (
      await t.db
        .selectFrom('orders')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const cartOf = (customerId: number) =>
  t.db
    .selectFrom('cart_items')
    .select(['product_id', 'quantity'])
    .where('customer_id', '=', customerId)
    .orderBy('product_id')
    .execute();
const stockOf = async (productId: number) =>
  (await t.db.selectFrom('products').select('stock').where('id', '=', productId).executeTakeFirstOrThrow()).stock;

function expectError(res: { statusCode: number; json(): unknown }, status: number, code: string) {
  expect(res.statusCode).toBe(status);
  const body = apiErrorSchema.parse(res.json());
  expect(body.code).toBe(code);
  return body;
}

beforeAll(async () => {
  t = await createTestApp();
  for (const [key, email] of Object.entries(DEMO)) tokens[key as Role] = await signIn(t.app, email);
  jpeg = await picture('jpeg');
}, 120_000);
afterAll(() => t.close());

/**
 * The price world of these tests, worked out by hand:
 * - Product A: cost R$ 100,00, sell R$ 180,00; gold 20 % → R$ 120,00, silver 30 % → R$ 130,00, bronze 40 % → R$ 140,00.
 * - Product B: cost R$ 3,30, sell R$ 5,99; gold 15 % → 379,5 cents → R$ 3,80 (half up), silver 10 % → R$ 3,63,
 *   bronze 25 % → 412,5 cents → R$ 4,13.
 * A cart of 2 × A + 3 × B costs: Ouro 240,00 + 11,40 = 251,40; Prata 260,00 + 10,89 = 270,89;
 * Bronze 280,00 + 12,39 = 292,39; level 0 360,00 + 17,97 = 377,97.
 */
const PRODUCT_A = { costCents: 10_000, sellCents: 18_000, gold: 20, silver: 30, bronze: 40 };
const PRODUCT_B = { costCents: 330, sellCents: 599, gold: 15, silver: 10, bronze: 25 };

describe('product search for a customer', () => {
  it('finds active products by name, tag, reference, brand or code, accent- and case-free, at the customer level price, stock shown', async () => {
    const brand = `Xiaomí ${randomUUID().slice(0, 6)}`;
    const film = await createProduct(t.db, {
      name: 'Película Câmera Traseira',
      brand,
      reference: 'Redmi Nôte 13',
      tags: ['proteção', 'vidro'],
      ...PRODUCT_B,
      stock: 7,
    });
    await createProduct(t.db, { name: 'Película Câmera Arquivada', brand, ...PRODUCT_B, stock: 3, archived: true });
    await t.db
      .insertInto('product_images')
      .values([
        { product_id: film.id, path: 'products/segunda.jpg', name: 'segunda.jpg', position: 1 },
        { product_id: film.id, path: 'products/primeira.jpg', name: 'primeira.jpg', position: 0 },
      ])
      .execute();
    const gold = await createCustomer(t.db, { level: 1 });
    const none = await createCustomer(t.db, { level: 0 });

    for (const term of ['pelicula camera', 'PELÍCULA', 'protecao', 'redmi note 13', brand.toUpperCase(), film.code]) {
      const res = await call('GET', `/shop/products/full/search/${encodeURIComponent(term)}/email/${gold.email}`);
      expect(res.statusCode, term).toBe(200);
      const { products } = sellingProductSearchResponseSchema.parse(res.json());
      expect(
        products.map((p) => p.productId),
        term,
      ).toEqual([film.id]);
      // Ouro: R$ 3,30 + 15 % = 379,5 cents → R$ 3,80.
      expect(products[0], term).toEqual({
        productId: film.id,
        code: film.code,
        name: 'Película Câmera Traseira',
        brand,
        reference: 'Redmi Nôte 13',
        imagesUrl: ['/api/files/products/primeira.jpg', '/api/files/products/segunda.jpg'],
        priceDiscounted: 3.8,
        stock: 7,
      });
    }
    // The cart shows the same pictures, first one first.
    const added = await add(gold.id, film.id, 1);
    expect(added.json().cart.items[0].imageUrls).toEqual([
      '/api/files/products/primeira.jpg',
      '/api/files/products/segunda.jpg',
    ]);
    // Level 0 pays the sell price; the e-mail is found in any case.
    const res = await call('GET', `/shop/products/full/search/pelicula/email/${none.email.toUpperCase()}`);
    expect(res.statusCode).toBe(200);
    const found = res.json().products.find((p: { productId: number }) => p.productId === film.id);
    expect(found.priceDiscounted).toBe(5.99);
  });

  it('lists products in stock first, at most 50', async () => {
    const tag = `lote${randomUUID().slice(0, 6)}`;
    const empty = await createProduct(t.db, { name: 'AAA Capa sem estoque', tags: [tag], ...PRODUCT_B, stock: 0 });
    for (let i = 0; i < 52; i++) {
      await createProduct(t.db, { name: `Capa ${String(i).padStart(2, '0')}`, tags: [tag], ...PRODUCT_B, stock: 1 });
    }
    const customer = await createCustomer(t.db);
    const res = await call('GET', `/shop/products/full/search/${tag}/email/${customer.email}`);
    const products = res.json().products as Array<{ productId: number; name: string; stock: number }>;
    expect(products).toHaveLength(50);
    expect(products[0]?.name).toBe('Capa 00');
    // The out-of-stock product sorts first by name but comes after every product in stock (beyond the 50).
    expect(products.map((p) => p.productId)).not.toContain(empty.id);
    expect(products.every((p) => p.stock === 1)).toBe(true);
  });

  it('answers 404 for an unknown customer e-mail and 400 for a bad e-mail or a too long search', async () => {
    const unknown = await call('GET', '/shop/products/full/search/capa/email/ninguem@example.com');
    expect(expectError(unknown, 404, 'NOT_FOUND').errors).toEqual(['Cliente não encontrado.']);
    const bad = await call('GET', '/shop/products/full/search/capa/email/nao-e-email');
    expect(expectError(bad, 400, 'VALIDATION_FAILED').errors).toContain('Informe um e-mail válido');
    const long = await call('GET', `/shop/products/full/search/${'a'.repeat(201)}/email/x@example.com`);
    expect(expectError(long, 400, 'VALIDATION_FAILED').errors).toContain(
      'A pesquisa pode ter no máximo 200 caracteres.',
    );
  });
});

describe('the cart', () => {
  it('adds units (summing), answers the cart at the level price, and refuses more than the stock naming the product', async () => {
    const a = await createProduct(t.db, { name: 'Galaxy A55', ...PRODUCT_A, stock: 5 });
    const b = await createProduct(t.db, { name: 'Capa A55', ...PRODUCT_B, stock: 10 });
    const customer = await createCustomer(t.db, { level: 2, warrantyPercentage: 7.5 });

    const first = await add(customer.id, a.id, 2);
    expect(first.statusCode).toBe(200);
    const body = cartResponseSchema.parse(first.json());
    expect(body.message).toBe('Produto adicionado com sucesso');
    // Prata: A at R$ 130,00; 2 × 130,00 = 260,00; with 7,5 % warranty 260,00 + 19,50 = 279,50.
    expect(body.cart).toEqual({
      customerId: customer.id,
      items: [
        {
          productId: a.id,
          code: a.code,
          name: 'Galaxy A55',
          imageUrls: [],
          quantity: 2,
          unitPrice: 130,
          totalPrice: 260,
          stock: 5,
          archived: false,
        },
      ],
      totalAmount: 260,
      totalAmountWarranty: 279.5,
    });
    expect((await add(customer.id, b.id, 3)).statusCode).toBe(200);
    const again = await add(customer.id, a.id, 3);
    expect(again.statusCode).toBe(200);
    // 5 × 130,00 + 3 × 3,63 = 650,00 + 10,89 = 660,89.
    expect(again.json().cart.items.map((i: { quantity: number }) => i.quantity)).toEqual([5, 3]);
    expect(again.json().cart.totalAmount).toBe(660.89);

    // One more A would make 6 in the cart with 5 in stock.
    const over = await add(customer.id, a.id, 1);
    const error = expectError(over, 409, 'STOCK_INSUFFICIENT');
    expect(error.errors).toEqual(['Quantidade indisponível do produto Galaxy A55: há 5 em estoque.']);
    expect(error.details).toEqual({
      products: [{ productId: a.id, code: a.code, name: 'Galaxy A55', available: 5, requested: 6 }],
    });
    expect(await cartOf(customer.id)).toEqual(
      [
        { product_id: a.id, quantity: 5 },
        { product_id: b.id, quantity: 3 },
      ].sort((x, y) => x.product_id - y.product_id),
    );
  });

  it('refuses a bad quantity or product, an archived or out-of-stock product, and a customer who cannot buy', async () => {
    const product = await createProduct(t.db, { name: 'Fone Bluetooth', ...PRODUCT_B, stock: 2 });
    const archived = await createProduct(t.db, { name: 'Fone Antigo', ...PRODUCT_B, stock: 2, archived: true });
    const soldOut = await createProduct(t.db, { name: 'Fone Esgotado', ...PRODUCT_B, stock: 0 });
    const customer = await createCustomer(t.db);

    for (const quantity of [0, -1, 1.5, '2', null]) {
      const res = await call('POST', `/orders/cart/add/${customer.id}`, { productId: product.id, quantity });
      expect(expectError(res, 400, 'VALIDATION_FAILED').errors, String(quantity)).toContain(
        'Informe uma quantidade inteira de no mínimo 1.',
      );
    }
    const noProduct = await call('POST', `/orders/cart/add/${customer.id}`, { quantity: 1 });
    expect(expectError(noProduct, 400, 'VALIDATION_FAILED').errors).toContain('Informe um produto válido.');
    expect(expectError(await add(customer.id, 2_000_000_000, 1), 404, 'NOT_FOUND').errors).toEqual([
      'Produto não encontrado.',
    ]);
    expect(expectError(await add(customer.id, archived.id, 1), 409, 'CONFLICT').errors).toEqual([
      'O produto Fone Antigo está arquivado e não pode ser vendido.',
    ]);
    expect(expectError(await add(customer.id, soldOut.id, 1), 409, 'STOCK_INSUFFICIENT').errors).toEqual([
      'O produto Fone Esgotado está sem estoque.',
    ]);
    expect(expectError(await add(2_000_000_000, product.id, 1), 404, 'NOT_FOUND').errors).toEqual([
      'Cliente não encontrado.',
    ]);
    expect(expectError(await add(0, product.id, 1), 400, 'VALIDATION_FAILED').errors).toContain(
      'Informe um cliente válido.',
    );
    for (const status of ['AWAITING', 'REPROVED', 'BLOCKED'] as const) {
      const other = await createCustomer(t.db, { status, name: `Cliente ${status}` });
      expect(expectError(await add(other.id, product.id, 1), 409, 'CONFLICT').errors).toEqual([
        `O cliente Cliente ${status} não está aprovado ou está bloqueado: não é possível vender para ele.`,
      ]);
    }
    expect(await cartOf(customer.id)).toEqual([]);
  });

  it('changes a quantity, removes with 0, and refuses more than the stock or a product not in the cart', async () => {
    const product = await createProduct(t.db, { name: 'Carregador Turbo', ...PRODUCT_A, stock: 4 });
    const other = await createProduct(t.db, { name: 'Cabo USB-C', ...PRODUCT_B, stock: 4 });
    const customer = await createCustomer(t.db, { level: 3 });
    await add(customer.id, product.id, 1);
    await add(customer.id, other.id, 1);

    const changed = await change(customer.id, product.id, 4);
    expect(changed.statusCode).toBe(200);
    expect(changed.json().message).toBe('Carrinho alterado com sucesso.');
    // Bronze: 4 × 140,00 + 1 × 4,13 = 564,13.
    expect(changed.json().cart.totalAmount).toBe(564.13);

    const over = expectError(await change(customer.id, product.id, 5), 409, 'STOCK_INSUFFICIENT');
    expect(over.errors).toEqual(['Quantidade indisponível do produto Carregador Turbo: há 4 em estoque.']);
    const negative = await change(customer.id, product.id, -1);
    expect(expectError(negative, 400, 'VALIDATION_FAILED').errors).toContain(
      'Informe uma quantidade inteira de 0 ou mais.',
    );

    const removed = await change(customer.id, product.id, 0);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().message).toBe('Produto removido do carrinho.');
    expect(removed.json().cart.items.map((i: { productId: number }) => i.productId)).toEqual([other.id]);
    expect(removed.json().cart.totalAmount).toBe(4.13);
    // Removing again changes nothing (a double click); setting a quantity of a line not in the cart is a 404.
    expect((await change(customer.id, product.id, 0)).statusCode).toBe(200);
    expect(expectError(await change(customer.id, product.id, 2), 404, 'NOT_FOUND').errors).toEqual([
      'Este produto não está no carrinho.',
    ]);
    expect(await cartOf(customer.id)).toEqual([{ product_id: other.id, quantity: 1 }]);
  });
});

/** Every valid choice (fast delivery exists only with motoboy delivery). */
const COMBINATIONS = [
  { typeOfDelivery: 1, withWarranty: false, isFastDelivery: false },
  { typeOfDelivery: 1, withWarranty: false, isFastDelivery: true },
  { typeOfDelivery: 1, withWarranty: true, isFastDelivery: false },
  { typeOfDelivery: 1, withWarranty: true, isFastDelivery: true },
  { typeOfDelivery: 2, withWarranty: false, isFastDelivery: false },
  { typeOfDelivery: 2, withWarranty: true, isFastDelivery: false },
] as const;

/**
 * Section 4 by hand. Every customer: shipping R$ 15,00, fast-delivery tax R$ 25,00, warranty 7,5 %.
 * Warranty (half up): Ouro 25 140 × 7,5 % = 1 885,5 → R$ 18,86; Prata 27 089 × 7,5 % = 2 031,675 → R$ 20,32;
 * Bronze 29 239 × 7,5 % = 2 192,925 → R$ 21,93; level 0 37 797 × 7,5 % = 2 834,775 → R$ 28,35.
 * Columns follow COMBINATIONS: motoboy +15,00 | motoboy fast +25,00 | motoboy + warranty | fast + warranty |
 * pickup | pickup + warranty.
 */
const EXPECTED = [
  { level: 1, items: 251.4, warranty: 18.86, totals: [266.4, 276.4, 285.26, 295.26, 251.4, 270.26] },
  { level: 2, items: 270.89, warranty: 20.32, totals: [285.89, 295.89, 306.21, 316.21, 270.89, 291.21] },
  { level: 3, items: 292.39, warranty: 21.93, totals: [307.39, 317.39, 329.32, 339.32, 292.39, 314.32] },
  { level: 0, items: 377.97, warranty: 28.35, totals: [392.97, 402.97, 421.32, 431.32, 377.97, 406.32] },
] as const;

describe('the price rule (section 4) at every level and every choice, pre-checkout and checkout', () => {
  for (const expected of EXPECTED) {
    it(`level ${expected.level}: items ${expected.items}, warranty ${expected.warranty}`, async () => {
      const a = await createProduct(t.db, { name: `Aparelho nível ${expected.level}`, ...PRODUCT_A, stock: 100 });
      const b = await createProduct(t.db, { name: `Película nível ${expected.level}`, ...PRODUCT_B, stock: 100 });
      const customer = await createCustomer(t.db, {
        level: expected.level,
        shippingCents: 1500,
        fastTaxCents: 2500,
        warrantyPercentage: 7.5,
      });
      for (const [i, choices] of COMBINATIONS.entries()) {
        const label = JSON.stringify(choices);
        const expectedTotal = expected.totals[i] as number;
        expect((await add(customer.id, a.id, 2)).statusCode).toBe(200);
        expect((await add(customer.id, b.id, 3)).statusCode).toBe(200);
        const query = `?typeOfDelivery=${choices.typeOfDelivery}&withWarranty=${choices.withWarranty}&isFastDelivery=${choices.isFastDelivery}`;
        const pre = await preCheckout(customer.id, query);
        expect(pre.statusCode, label).toBe(200);
        const figures = preCheckoutResponseSchema.parse(pre.json());
        const motoboy = choices.typeOfDelivery === 1;
        const deliveryCharge = motoboy ? (choices.isFastDelivery ? 25 : 15) : 0;
        expect(figures.choices, label).toEqual(choices);
        expect(figures.cart.totalAmount, label).toBe(expected.items);
        expect(figures.warrantyAmount, label).toBe(expected.warranty);
        expect(figures.deliveryCharge, label).toBe(deliveryCharge);
        expect(figures.total, label).toBe(expectedTotal);
        expect(figures).toMatchObject({
          shippingCost: 15,
          fastDeliveryTax: 25,
          fastDeliveryEnabled: true,
          hasWarranty: true,
          warrantyPercentage: 7.5,
        });

        const res = await cash(customer.id, { ...choices, expectedTotal });
        expect(res.statusCode, label).toBe(200);
        const { orderId, total } = checkoutResponseSchema.parse(res.json());
        expect(total, label).toBe(expectedTotal);
        const order = await t.db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow();
        expect(order, label).toMatchObject({
          delivery_type: choices.typeOfDelivery,
          with_warranty: choices.withWarranty,
          fast_delivery: choices.isFastDelivery,
          items_total_cents: Math.round(expected.items * 100),
          shipping_cost_cents: motoboy && !choices.isFastDelivery ? 1500 : 0,
          fast_delivery_tax_cents: motoboy && choices.isFastDelivery ? 2500 : 0,
          warranty_cents: choices.withWarranty ? Math.round(expected.warranty * 100) : 0,
          total_cents: Math.round(expectedTotal * 100),
        });
      }
    });
  }

  it('pre-checkout defaults to motoboy, no warranty, no fast delivery, and turns off what the customer cannot have', async () => {
    const a = await createProduct(t.db, { name: 'Aparelho sem extras', ...PRODUCT_A, stock: 10 });
    // No warranty percentage and no fast-delivery tax: level 0, shipping R$ 12,34.
    const customer = await createCustomer(t.db, { shippingCents: 1234 });
    await add(customer.id, a.id, 1);
    const defaults = preCheckoutResponseSchema.parse((await preCheckout(customer.id)).json());
    // 180,00 + 12,34 = 192,34.
    expect(defaults).toMatchObject({
      choices: { typeOfDelivery: 1, withWarranty: false, isFastDelivery: false },
      total: 192.34,
      totalWithWarranty: 192.34,
      hasWarranty: false,
      fastDeliveryEnabled: false,
      warrantyAmount: 0,
      customer: { id: customer.id, name: customer.name, email: customer.email, level: 0, canBuy: true },
    });
    const asked = preCheckoutResponseSchema.parse(
      (await preCheckout(customer.id, '?typeOfDelivery=1&withWarranty=true&isFastDelivery=true')).json(),
    );
    expect(asked.choices).toEqual({ typeOfDelivery: 1, withWarranty: false, isFastDelivery: false });
    expect(asked.total).toBe(192.34);
    // Pickup: no shipping, no departure.
    const pickup = preCheckoutResponseSchema.parse((await preCheckout(customer.id, '?typeOfDelivery=2')).json());
    expect(pickup.total).toBe(180);
    expect(pickup.nextDeparture).toBeNull();
    expect(defaults.nextDeparture).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:00\.000Z$/);

    for (const query of ['?typeOfDelivery=3', '?withWarranty=sim', '?isFastDelivery=1', '?typeOfDelivery=abc']) {
      expect((await preCheckout(customer.id, query)).statusCode, query).toBe(400);
    }
    expect(expectError(await preCheckout(2_000_000_000), 404, 'NOT_FOUND').errors).toEqual(['Cliente não encontrado.']);
  });

  it('pre-checkout answers the shop Pix BR Code for the exact total once a Pix key is active and the merchant is set', async () => {
    const a = await createProduct(t.db, { name: 'Aparelho Pix', ...PRODUCT_A, stock: 10 });
    const customer = await createCustomer(t.db, { shippingCents: 1500 });
    const empty = preCheckoutResponseSchema.parse((await preCheckout(customer.id)).json());
    expect(empty.cart.items).toEqual([]);
    expect(empty.pix).toBeNull();
    await add(customer.id, a.id, 1);
    expect(preCheckoutResponseSchema.parse((await preCheckout(customer.id)).json()).pix).toBeNull();

    await t.db
      .insertInto('bank_settings')
      .values({ type: 'Pix', name: 'Pix da loja', pix_type: 'EMAIL', pix_key: 'pix@loja.com.br' })
      .execute();
    await t.db
      .insertInto('company_settings')
      .values({ company_id: 1, name: 'Loja', merchant_name: 'LOJA DE CELULAR', merchant_city: 'SAO PAULO' })
      .onConflict((oc) =>
        oc.column('company_id').doUpdateSet({ merchant_name: 'LOJA DE CELULAR', merchant_city: 'SAO PAULO' }),
      )
      .execute();
    try {
      // 180,00 + 15,00 = 195,00.
      const pre = preCheckoutResponseSchema.parse((await preCheckout(customer.id)).json());
      expect(pre.pix?.amount).toBe(195);
      const payload = pre.pix?.payload ?? '';
      expect(payload).toContain('0014br.gov.bcb.pix0115pix@loja.com.br');
      expect(payload).toContain('5406195.00');
      expect(payload).toContain('5915LOJA DE CELULAR6009SAO PAULO');
      expect(payload).toContain('62070503***6304');
    } finally {
      await t.db.deleteFrom('bank_settings').where('pix_key', '=', 'pix@loja.com.br').execute();
    }
  });
});

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
    const cents = (n: number) => Math.round(n * 100);
    expect(
      cents(order.itemsTotal) +
        cents(order.shippingCost) +
        cents(order.fastDeliveryTax) +
        cents(order.warranty) -
        cents(order.discount),
    ).toBe(cents(order.total));
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
    const role = await t.db
      .insertInto('roles')
      .values({ name: 'Só vendas internas', permissions: ['bo:manage:internal_sales'] })
      .returning('id')
      .executeTakeFirstOrThrow();
    const seller = await t.db
      .insertInto('employees')
      .values({
        name: 'Vendedora Estoquista',
        email: 'vendedora.estoquista@demo.com.br',
        phone: '11977776666',
        document: '39053344705',
        func: 3,
        role_id: role.id,
        password_hash: await demoPasswordHash(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const token = await signIn(t.app, 'vendedora.estoquista@demo.com.br');
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
    expect(order).toEqual({ attendant_id: seller.id, deliverer_id: courier.id, neighborhood: 'Centro' });
    const history = await t.db
      .selectFrom('order_status_history')
      .select(['status', 'employee_id'])
      .where('order_id', '=', res.json().orderId)
      .orderBy('id')
      .execute();
    // The sale with its proof is one event by the seller (no stand-in attendant): one history row.
    expect(history).toEqual([{ status: ORDER_STATUS.AGUARDANDO_APROVACAO, employee_id: seller.id }]);
  });
});
