import { randomUUID } from 'node:crypto';
import {
  checkoutResponseSchema,
  isPlaceholderEmail,
  preCheckoutResponseSchema,
  withCpfCheckDigits,
} from '@backoffice/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, DEMO, signIn, type TestApp } from '../../test/helpers';
import { createProduct } from './test-selling';

/**
 * A counter customer (issue 54 item 7, decision 0073): registered by staff with only name, CPF and phone; no
 * e-mail, address nor freight. He buys at the counter (pickup); a delivery for him is refused with the reason
 * (409) until his address is completed, and the pre-checkout tells the screen so (`addressMissing`).
 */

let t: TestApp;
let token: string;

type Method = 'GET' | 'POST';
const call = (method: Method, url: string, payload?: object) =>
  t.app.inject({ method, url: `/api${url}`, payload, headers: bearer(token) });
const checkout = (customerId: number, typeOfDelivery: 1 | 2) =>
  call('POST', `/orders/checkout/${customerId}`, {
    typeOfDelivery,
    withWarranty: false,
    isFastDelivery: false,
    idempotencyKey: randomUUID(),
  });

/** CPF 111.444.777-35 (its check digits worked out in customers.register.test.ts). */
const COUNTER_CUSTOMER = { name: 'Marta Balcão', document: '111.444.777-35', phone: '(21) 98765-4321' };

beforeAll(async () => {
  t = await createTestApp();
  token = await signIn(t.app, DEMO.attendant);
});
afterAll(async () => {
  await t.close();
});

describe('a counter customer: name, CPF and phone only (decision 0073)', () => {
  it('is registered without e-mail, address nor freight, approved, his e-mail a placeholder never shown', async () => {
    const res = await call('POST', '/customers', COUNTER_CUSTOMER);
    expect(res.statusCode).toBe(201);
    const customer = res.json().data;
    expect(customer).toMatchObject({
      name: 'Marta Balcão',
      document: '11144477735',
      phone: '21987654321',
      status: 'Approved',
      level: 0,
      shippingCost: 0,
      warrantyPercentage: 0,
      address: { street: null, number: null, neighborhood: null, zipCode: null, city: null, state: null },
    });
    expect(isPlaceholderEmail(customer.email)).toBe(true);
    // A second one without e-mail is no duplicate of the first (another CPF).
    const other = await call('POST', '/customers', { ...COUNTER_CUSTOMER, document: '529.982.247-25' });
    expect(other.statusCode).toBe(201);
    expect(other.json().data.email).not.toBe(customer.email);
  });

  it('is refused without CPF or phone, in Portuguese, and with half an address', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ document: undefined }, 'Informe o CPF ou CNPJ'],
      [{ document: '' }, 'Informe o CPF ou CNPJ'],
      [{ phone: undefined }, 'Informe um telefone válido com DDD'],
      [{ phone: '' }, 'Informe um telefone válido com DDD'],
      [{ street: 'Rua do Ouvidor' }, 'Informe o número do endereço'],
    ];
    for (const [override, message] of cases) {
      const res = await call('POST', '/customers', { ...COUNTER_CUSTOMER, document: '390.533.447-05', ...override });
      expect(res.statusCode, message).toBe(400);
      expect(res.json().errors, message).toContain(message);
    }
  });

  it('buys for pickup; a delivery is refused (409) with the reason, and the pre-checkout says so', async () => {
    const registered = await call('POST', '/customers', {
      ...COUNTER_CUSTOMER,
      document: withCpfCheckDigits('871828570'),
    });
    expect(registered.statusCode).toBe(201);
    const customer = registered.json().data as { id: number };
    const product = await createProduct(t.db, { name: 'Película balcão', costCents: 1000, sellCents: 2500, stock: 5 });
    expect(
      (await call('POST', `/orders/cart/add/${customer.id}`, { productId: product.id, quantity: 1 })).statusCode,
    ).toBe(200);

    const pre = preCheckoutResponseSchema.parse((await call('GET', `/orders/pre/checkout/${customer.id}`)).json());
    expect(pre.customer).toMatchObject({ id: customer.id, canBuy: true, addressMissing: true });

    const refused = await checkout(customer.id, 1);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'CONFLICT',
      errors: [
        'Marta Balcão não tem endereço cadastrado: complete o endereço do cliente para entregar por motoboy, ou escolha retirada na loja.',
      ],
      details: { missing: 'address' },
    });
    expect(await t.db.selectFrom('orders').select('id').where('customer_id', '=', customer.id).execute()).toEqual([]);

    const pickup = await checkout(customer.id, 2);
    expect(pickup.statusCode).toBe(200);
    expect(checkoutResponseSchema.parse(pickup.json())).toMatchObject({ deliveryType: 2, total: 25 });
  });

  it('with an address, he may have a delivery, and the pre-checkout says nothing is missing', async () => {
    const registered = await call('POST', '/customers', {
      ...COUNTER_CUSTOMER,
      document: withCpfCheckDigits('046454286'),
      zipCode: '20010-020',
      street: 'Rua do Ouvidor',
      number: '50',
      neighborhood: 'Centro',
      city: 'Rio de Janeiro',
      state: 'RJ',
    });
    expect(registered.statusCode).toBe(201);
    const customer = registered.json().data as { id: number };
    const product = await createProduct(t.db, { name: 'Cabo balcão', costCents: 1000, sellCents: 3000, stock: 5 });
    await call('POST', `/orders/cart/add/${customer.id}`, { productId: product.id, quantity: 1 });
    const pre = preCheckoutResponseSchema.parse((await call('GET', `/orders/pre/checkout/${customer.id}`)).json());
    expect(pre.customer.addressMissing).toBeUndefined();
    const delivery = await checkout(customer.id, 1);
    expect(delivery.statusCode).toBe(200);
    expect(checkoutResponseSchema.parse(delivery.json())).toMatchObject({ deliveryType: 1 });
  });
});
