import { randomUUID } from 'node:crypto';
import {
  cartResponseSchema,
  checkoutResponseSchema,
  preCheckoutResponseSchema,
  sellingProductSearchResponseSchema,
} from '@backoffice/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/helpers';
import { createCustomer, createProduct } from './test-selling';
import { expectError, openSellingWorld, PRODUCT_A, PRODUCT_B, type Role, sellingCalls } from './test-selling-api';

/**
 * Selling at the counter: the product search, the cart, the price rule (createTestApp through ./test-selling-api: an
 * app and a database of this file's own; the products' prices: there).
 */
let t: TestApp;
let tokens: Record<Role, string>;
let jpeg: string;

const { call, add, change, preCheckout, cash, cartOf } = sellingCalls(() => ({
  t,
  tokens,
  jpeg,
}));

beforeAll(async () => {
  ({ t, tokens, jpeg } = await openSellingWorld());
}, 120_000);
afterAll(() => t.close());

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
        // A film is sold by count, not by units with IMEIs ('Balcão' asks a phone's IMEIs).
        serialized: false,
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
