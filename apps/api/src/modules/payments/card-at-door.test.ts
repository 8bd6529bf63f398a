import { randomUUID } from 'node:crypto';
import {
  apiErrorSchema,
  DEFAULT_CARD_SETTINGS,
  ORDER_PAYMENT_TEXTS,
  ORDER_STATUS,
  orderPaymentsSchema,
  pixWebhookInfoSchema,
} from '@backoffice/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, DEMO, type DemoRole, injectApi, signInAll, type TestApp } from '../../test/helpers';
import { picture } from '../orders/test-orders';
import { createCustomer, createProduct } from '../selling/test-selling';
import { setUpPixStore } from './test-payments';

/**
 * A sale split at checkout — a Pix part now, the rest by card at the door — and the courier typing the card
 * machine's receipt when he delivers (decision 0042's amendment). Every figure is worked out by hand below.
 */

type Role = DemoRole;
let t: TestApp;
const tokens = {} as Record<Role, string>;
let secret: string;
let png: string;
let jpeg: string;
let courierId: number;

const call = (method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, payload?: unknown, token = tokens.attendant) =>
  injectApi(t.app, method, url, token, payload);
const statusOf = async (orderId: number) =>
  (await t.db.selectFrom('orders').select('status').where('id', '=', orderId).executeTakeFirstOrThrow()).status;
const partsOf = async (orderId: number) =>
  orderPaymentsSchema.parse((await call('GET', `/orders/${orderId}/payments`, undefined, tokens.admin)).json()).data;

let e2eCounter = 0;
const e2e = () =>
  `E00000000202611252200${String(++e2eCounter).padStart(3, '0')}${randomUUID().replace(/-/g, '').slice(0, 8).toUpperCase()}`;

/** The receipt of a credit in 3× on the courier's machine for `amount` reais. */
const receipt = (amount: number) => ({
  kind: 'CREDIT',
  brand: 'Mastercard',
  instalments: 3,
  nsu: '778812',
  authorizationCode: 'x9y8z7',
  amount,
});

beforeAll(async () => {
  t = await createTestApp({ publicUrl: 'https://loja.example.com.br' });
  Object.assign(tokens, await signInAll(t.app));
  secret = pixWebhookInfoSchema.parse((await call('GET', '/payments/pix/webhook', undefined, tokens.admin)).json()).data
    .secret;
  await setUpPixStore(t.db, 'LOJA DEMO');
  // The acquirer's credit in 3×: 3,49 %.
  const fees = { ...DEFAULT_CARD_SETTINGS, creditFees: Array.from({ length: 12 }, () => 3.49) };
  expect((await call('PUT', '/settings/card-fees', fees, tokens.admin)).statusCode).toBe(200);
  courierId = (
    await t.db.selectFrom('employees').select('id').where('email', '=', DEMO.courier).executeTakeFirstOrThrow()
  ).id;
  png = await picture('png');
  jpeg = await picture('jpeg');
}, 120_000);
afterAll(() => t.close());

/**
 * A registered customer's R$ 10.147,41 phone, delivered by the courier, no shipping nor warranty, sold by Pix
 * split: `cardOnDeliveryAmount` by card at the door, the rest by a Pix part.
 */
async function splitSale(cardOnDeliveryAmount: number) {
  const customer = await createCustomer(t.db, { delivererId: courierId });
  const product = await createProduct(t.db, {
    name: `Celular ${randomUUID()}`,
    costCents: 700_000,
    sellCents: 1_014_741,
    stock: 3,
  });
  expect(
    (await call('POST', `/orders/cart/add/${customer.id}`, { productId: product.id, quantity: 1 })).statusCode,
  ).toBe(200);
  return call('POST', `/orders/checkout/pix/${customer.id}`, {
    typeOfDelivery: 1,
    withWarranty: false,
    isFastDelivery: false,
    cardOnDeliveryAmount,
  });
}

/** Prepared and packed by the stocker, taken out by the courier: Em entrega. */
async function outForDelivery(orderId: number) {
  expect((await call('PATCH', '/workflow/order/prepare', { orderId }, tokens.stocker)).statusCode).toBe(200);
  expect((await call('PATCH', '/workflow/order/pack', { orderId, images: [jpeg] }, tokens.stocker)).statusCode).toBe(
    200,
  );
  expect((await call('PATCH', '/workflow/order/withdraw', { orderId }, tokens.courier)).statusCode).toBe(200);
  expect(await statusOf(orderId)).toBe(ORDER_STATUS.EM_ENTREGA);
}

const deliver = (orderId: number, body: Record<string, unknown>, token = tokens.courier, key?: string) =>
  t.app.inject({
    method: 'PATCH',
    url: '/api/workflow/order/deliver',
    headers: { ...bearer(token), ...(key ? { 'idempotency-key': key } : {}) },
    payload: { orderId, signature: png, receiverName: 'Ana Souza', ...body },
  });

/** A paid split order on the road: the Pix part of R$ 5.000,00 paid by the bank. */
async function paidSplitOnTheRoad() {
  const res = await splitSale(5147.41);
  expect(res.statusCode).toBe(200);
  const sale = res.json() as { orderId: number; code: string };
  const txid = `${sale.code.replace('-', '')}P1`;
  await call('POST', `/payments/pix/webhook/${secret}/pix`, {
    pix: [{ endToEndId: e2e(), txid, valor: '5000.00', horario: new Date().toISOString() }],
  });
  expect(await statusOf(sale.orderId)).toBe(ORDER_STATUS.AGUARDANDO_ESTOQUISTA);
  await outForDelivery(sale.orderId);
  return sale;
}

describe('a sale split at checkout: Pix R$ 5.000,00 now + R$ 5.147,41 by card at the door', () => {
  it('waits for its Pix part, then goes to the stocker and tells the courier the card part', async () => {
    const res = await splitSale(5147.41);
    expect(res.statusCode).toBe(200);
    const sale = res.json() as {
      orderId: number;
      code: string;
      total: number;
      statusKey: number;
      paymentMethod: string;
      cardOnDelivery?: boolean;
      pixPart?: { amount: number; txid: string; payload: string | null };
    };
    // 10.147,41 − 5.147,41 = 5.000,00 by Pix, its own txid (the code without the dash, 'P1').
    expect(sale).toMatchObject({ total: 10147.41, paymentMethod: 'PIX', cardOnDelivery: true });
    expect(sale.statusKey).toBe(ORDER_STATUS.PROCESSANDO);
    const txid = `${sale.code.replace('-', '')}P1`;
    expect(sale.pixPart).toMatchObject({ amount: 5000, txid });
    expect(sale.pixPart?.payload).toContain('54075000.00');
    expect(await partsOf(sale.orderId)).toMatchObject({ total: 10147.41, paid: 0, pending: 5000, due: 5147.41 });
    // Section 7's 'Pix copia e cola' of the order is its Pix part's (R$ 5.000,00, txid …P1), not the whole total's,
    // which the webhook would refuse: a client written from the spec shows what pays.
    const orderPix = await call('GET', `/orders/pix/${sale.orderId}`, undefined, tokens.admin);
    expect(orderPix.statusCode).toBe(200);
    expect(orderPix.json().data.payload).toContain('54075000.00');
    expect(orderPix.json().data.payload).toContain(txid);
    expect(orderPix.json().data.payload).not.toContain('10147.41');

    // The bank pays the Pix part: the non-door parts are paid, the order goes to the stocker.
    const paid = await call('POST', `/payments/pix/webhook/${secret}/pix`, {
      pix: [{ endToEndId: e2e(), txid, valor: '5000.00', horario: new Date().toISOString() }],
    });
    expect(paid.statusCode).toBe(200);
    expect(await statusOf(sale.orderId)).toBe(ORDER_STATUS.AGUARDANDO_ESTOQUISTA);
    // The courier's card and the run sheet: the card part only (10.147,41 − 5.000,00).
    const summary = (await call('GET', `/orders/by-id/${sale.orderId}`, undefined, tokens.admin)).json().data;
    expect(summary).toMatchObject({ paymentMethod: 'PIX', cardOnDelivery: true, cardToCollect: 5147.41 });
  });

  it("refuses a card part that is not less than the total; the cash checkout is section 7's", async () => {
    const whole = await splitSale(10147.41);
    expect(whole.statusCode).toBe(400);
    expect(apiErrorSchema.parse(whole.json()).errors).toContain(ORDER_PAYMENT_TEXTS.splitAmountInvalid);
    const odd = await splitSale(10.001);
    expect(odd.statusCode).toBe(400);
    expect(apiErrorSchema.parse(odd.json()).errors).toContain(ORDER_PAYMENT_TEXTS.splitAmountInvalid);
    // The cash checkout's body is section 7's (unknown fields are dropped, as always): a cash order, no card part.
    const customer = await createCustomer(t.db);
    const product = await createProduct(t.db, {
      name: `Capa ${randomUUID()}`,
      costCents: 1000,
      sellCents: 5000,
      stock: 2,
    });
    await call('POST', `/orders/cart/add/${customer.id}`, { productId: product.id, quantity: 1 });
    const cash = await call('POST', `/orders/checkout/${customer.id}`, {
      typeOfDelivery: 2,
      withWarranty: false,
      isFastDelivery: false,
      cardOnDeliveryAmount: 10,
    });
    expect(cash.statusCode).toBe(200);
    expect(cash.json()).toMatchObject({ paymentMethod: 'CASH', statusKey: ORDER_STATUS.AGUARDANDO_ESTOQUISTA });
    expect(cash.json().cardOnDelivery).toBeUndefined();
  });
});

describe('the courier records the card at the door when he delivers', () => {
  it('R$ 5.147,41 in 3× at 3,49 %: fee R$ 179,64, net R$ 4.967,77; the order is paid and delivered', async () => {
    const sale = await paidSplitOnTheRoad();
    const key = randomUUID();
    const res = await deliver(sale.orderId, { cardReceipt: receipt(5147.41) }, tokens.courier, key);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ statusKey: ORDER_STATUS.ENTREGUE, cardToCollect: 0 });
    const parts = await partsOf(sale.orderId);
    expect(parts).toMatchObject({ total: 10147.41, paid: 10147.41, pending: 0, due: 0, paidInFull: true });
    // 514,741 cents × 3,49 % = 17,964.46 → 17,964 (R$ 179,64); net 514,741 − 17,964 = 496,777 (R$ 4.967,77).
    expect(parts.parts[1]).toMatchObject({ method: 'CARD', amount: 5147.41, status: 'CONFIRMED' });
    expect(parts.parts[1]?.card).toMatchObject({
      kind: 'CREDIT',
      brand: 'Mastercard',
      instalments: 3,
      nsu: '778812',
      authorizationCode: 'X9Y8Z7',
      feePercent: 3.49,
      fee: 179.64,
      net: 4967.77,
    });
    expect(parts.parts[1]?.createdBy).toBeTruthy();
    // The phone's queue sends it again with its key: delivered once, the card part once.
    const again = await deliver(sale.orderId, { cardReceipt: receipt(5147.41) }, tokens.courier, key);
    expect(again.statusCode).toBe(200);
    expect((await partsOf(sale.orderId)).parts).toHaveLength(2);
  });

  it("another courier's order is not found (404), and nothing changes", async () => {
    const sale = await paidSplitOnTheRoad();
    const res = await deliver(sale.orderId, { cardReceipt: receipt(5147.41) }, tokens.courier2);
    expect(res.statusCode).toBe(404);
    expect(await statusOf(sale.orderId)).toBe(ORDER_STATUS.EM_ENTREGA);
    expect((await partsOf(sale.orderId)).parts).toHaveLength(1);
  });

  it('an amount other than what is due is refused with the due, the delivery with it', async () => {
    const sale = await paidSplitOnTheRoad();
    const res = await deliver(sale.orderId, { cardReceipt: receipt(10147.41) });
    expect(res.statusCode).toBe(409);
    const body = apiErrorSchema.parse(res.json());
    expect(body.code).toBe('CARD_AT_DOOR_REFUSED');
    expect(body.errors).toEqual([ORDER_PAYMENT_TEXTS.cardAtDoorAmount('R$ 10.147,41', 'R$ 5.147,41')]);
    expect(await statusOf(sale.orderId)).toBe(ORDER_STATUS.EM_ENTREGA);
    expect((await partsOf(sale.orderId)).parts).toHaveLength(1);
    // Without the receipt the delivery goes as before: the card part is the shop's to type ('Pagamentos').
    const plain = await deliver(sale.orderId, {});
    expect(plain.statusCode).toBe(200);
    expect(await partsOf(sale.orderId)).toMatchObject({ paid: 5000, due: 5147.41 });
  });

  it('a card number in the receipt, or bad card fields, are refused before anything changes', async () => {
    const sale = await paidSplitOnTheRoad();
    const pan = await deliver(sale.orderId, { cardReceipt: { ...receipt(5147.41), nsu: '4111 1111 1111 1111' } });
    expect(pan.statusCode).toBe(400);
    expect(apiErrorSchema.parse(pan.json()).errors).toContain(ORDER_PAYMENT_TEXTS.cardNumberRefused);
    const debit3 = await deliver(sale.orderId, { cardReceipt: { ...receipt(5147.41), kind: 'DEBIT' } });
    expect(debit3.statusCode).toBe(400);
    expect(apiErrorSchema.parse(debit3.json()).errors).toContain(ORDER_PAYMENT_TEXTS.debitInstalments);
    const noNsu = await deliver(sale.orderId, { cardReceipt: { ...receipt(5147.41), nsu: '' } });
    expect(noNsu.statusCode).toBe(400);
    expect(await statusOf(sale.orderId)).toBe(ORDER_STATUS.EM_ENTREGA);
    expect((await partsOf(sale.orderId)).parts).toHaveLength(1);
  });

  it("an order not charged by card at the door takes no receipt (its courier's own, a cash order)", async () => {
    const customer = await createCustomer(t.db, { delivererId: courierId });
    const product = await createProduct(t.db, {
      name: `Capa ${randomUUID()}`,
      costCents: 1000,
      sellCents: 5000,
      stock: 2,
    });
    await call('POST', `/orders/cart/add/${customer.id}`, { productId: product.id, quantity: 1 });
    const sale = (
      await call('POST', `/orders/checkout/${customer.id}`, {
        typeOfDelivery: 1,
        withWarranty: false,
        isFastDelivery: false,
      })
    ).json() as { orderId: number; code: string };
    await outForDelivery(sale.orderId);
    const res = await deliver(sale.orderId, { cardReceipt: receipt(50) });
    expect(res.statusCode).toBe(409);
    expect(apiErrorSchema.parse(res.json()).errors).toEqual([ORDER_PAYMENT_TEXTS.cardAtDoorNotDue(sale.code)]);
    expect(await statusOf(sale.orderId)).toBe(ORDER_STATUS.EM_ENTREGA);
  });
});
