import { randomUUID } from 'node:crypto';
import { apiErrorSchema, checkoutResponseSchema, ORDER_STATUS } from '@backoffice/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, DEMO, signIn, type TestApp } from '../../test/helpers';
import { createCustomer, createProduct, ledgerOf } from '../selling/test-selling';

/**
 * A sale on credit (issue 40 §1) through the checkout and the workflow: the customer's plan, his limit, the hold
 * for approval and the manager's decision. Figures by hand: a phone of R$ 400,00, a limit of R$ 1.000,00.
 */
type Role = keyof typeof DEMO;
let t: TestApp;
const tokens = {} as Record<Role, string>;
const S = ORDER_STATUS;

const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url: `/api${url}`, ...(payload ? { payload } : {}), headers: bearer(token) });

function expectError(res: { statusCode: number; json(): unknown }, status: number, code: string) {
  expect(res.statusCode).toBe(status);
  const body = apiErrorSchema.parse(res.json());
  expect(body.code).toBe(code);
  return body;
}

/** The customer's cart filled with `quantity` of the product, then the credit checkout on `terms`. */
async function sellOnCredit(customerId: number, productId: number, quantity: number, terms: string) {
  const added = await call('POST', `/orders/cart/add/${customerId}`, tokens.attendant, { productId, quantity });
  expect(added.statusCode).toBe(200);
  return call('POST', `/orders/checkout/credit/${customerId}`, tokens.attendant, {
    typeOfDelivery: 2,
    withWarranty: false,
    isFastDelivery: false,
    idempotencyKey: randomUUID(),
    terms,
  });
}

const orderRow = (id: number) =>
  t.db
    .selectFrom('orders')
    .select(['status', 'payment_method', 'credit_terms', 'total_cents'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
const lastNote = async (id: number) =>
  await t.db
    .selectFrom('order_status_history')
    .select(['status', 'note', 'employee_id'])
    .where('order_id', '=', id)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();

let phone: { id: number };

beforeAll(async () => {
  t = await createTestApp();
  for (const [key, email] of Object.entries(DEMO)) tokens[key as Role] = await signIn(t.app, email);
  phone = await createProduct(t.db, { name: 'Galaxy A16 128 GB', costCents: 30_000, sellCents: 40_000, stock: 20 });
}, 120_000);
afterAll(() => t.close());

async function creditCustomer(limit: number | null, terms: string[]) {
  const customer = await createCustomer(t.db);
  const saved = await call('PUT', `/customers/${customer.id}/credit`, tokens.manager, { limit, terms });
  expect(saved.statusCode).toBe(200);
  return customer;
}

describe('a sale on credit', () => {
  it('within the limit goes to the stocker; above it waits for the manager, who approves it with a reason', async () => {
    const customer = await creditCustomer(1000, ['28', '30/60/90']);
    // 2 × 400,00 = R$ 800,00 of R$ 1.000,00.
    const first = checkoutResponseSchema.parse((await sellOnCredit(customer.id, phone.id, 2, '30/60/90')).json());
    expect(first).toMatchObject({ statusKey: S.AGUARDANDO_ESTOQUISTA, total: 800, paymentMethod: 'CREDIT' });
    expect(await orderRow(first.orderId)).toEqual({
      status: S.AGUARDANDO_ESTOQUISTA,
      payment_method: 'CREDIT',
      credit_terms: [30, 60, 90],
      total_cents: 80_000,
    });
    expect((await lastNote(first.orderId)).note).toContain('Venda a prazo em 30/60/90 dias.');

    // One more at R$ 400,00: he would owe R$ 1.200,00 of R$ 1.000,00 → held.
    const second = checkoutResponseSchema.parse((await sellOnCredit(customer.id, phone.id, 1, '28 dias')).json());
    expect(second.statusKey).toBe(S.AGUARDANDO_APROVACAO_CREDITO);
    expect((await lastNote(second.orderId)).note).toContain(
      'Venda a prazo acima do limite: com ela o cliente deve R$ 1.200,00, o limite é R$ 1.000,00. Aguardando aprovação de crédito.',
    );

    // The attendant may not decide; the manager must give a reason.
    expectError(
      await call('PATCH', '/workflow/order/approve-credit', tokens.attendant, {
        orderId: second.orderId,
        comment: 'Ok',
      }),
      403,
      'FORBIDDEN',
    );
    expectError(
      await call('PATCH', '/workflow/order/approve-credit', tokens.manager, { orderId: second.orderId }),
      400,
      'VALIDATION_FAILED',
    );
    const approved = await call('PATCH', '/workflow/order/approve-credit', tokens.manager, {
      orderId: second.orderId,
      comment: 'Cliente antigo, paga em dia',
    });
    expect(approved.statusCode).toBe(200);
    expect((await orderRow(second.orderId)).status).toBe(S.AGUARDANDO_ESTOQUISTA);
    const history = await lastNote(second.orderId);
    expect(history).toMatchObject({ status: S.AGUARDANDO_ESTOQUISTA, note: 'Cliente antigo, paga em dia' });
  });

  it('refused by the manager goes to Reprovados and its goods back to stock', async () => {
    const customer = await creditCustomer(300, ['28']);
    const before = (await ledgerOf(t.db, phone.id)).stock;
    // R$ 400,00 above a limit of R$ 300,00: held.
    const held = checkoutResponseSchema.parse((await sellOnCredit(customer.id, phone.id, 1, '28')).json());
    expect(held.statusKey).toBe(S.AGUARDANDO_APROVACAO_CREDITO);
    expect((await ledgerOf(t.db, phone.id)).stock).toBe(before - 1);
    const refused = await call('PATCH', '/workflow/order/refuse-credit', tokens.manager, {
      orderId: held.orderId,
      comment: 'Limite baixo para este valor',
    });
    expect(refused.statusCode).toBe(200);
    expect((await orderRow(held.orderId)).status).toBe(S.REPROVADOS);
    const ledger = await ledgerOf(t.db, phone.id);
    expect(ledger.stock).toBe(before);
    expect(ledger.chained).toBe(true);
    // A refused sale no longer counts against the limit: R$ 250,00 fits R$ 300,00 (had the refused R$ 400,00
    // counted, R$ 650,00 would not).
    const charger = await createProduct(t.db, {
      name: 'Carregador 25 W',
      costCents: 15_000,
      sellCents: 25_000,
      stock: 10,
    });
    const fits = checkoutResponseSchema.parse((await sellOnCredit(customer.id, charger.id, 1, '28')).json());
    expect(fits).toMatchObject({ statusKey: S.AGUARDANDO_ESTOQUISTA, total: 250 });
  });

  it("refuses a plan that is not the customer's and a customer without credit, placing nothing", async () => {
    const customer = await creditCustomer(5000, ['28', '30/60/90']);
    const notHis = expectError(await sellOnCredit(customer.id, phone.id, 1, '60'), 400, 'BAD_REQUEST');
    expect(notHis.errors[0]).toBe(
      'Este prazo não está liberado para o cliente. Prazos do cliente: 28 dias, 30/60/90 dias.',
    );
    expectError(await sellOnCredit(customer.id, phone.id, 1, '90/60'), 400, 'VALIDATION_FAILED');
    const without = await createCustomer(t.db);
    const none = expectError(await sellOnCredit(without.id, phone.id, 1, '28'), 409, 'CONFLICT');
    expect(none.errors[0]).toContain('Este cliente não tem crédito');
    for (const id of [customer.id, without.id]) {
      const orders = await t.db.selectFrom('orders').select('id').where('customer_id', '=', id).execute();
      expect(orders).toHaveLength(0);
    }
  });
});
