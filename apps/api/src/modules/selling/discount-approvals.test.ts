import { randomUUID } from 'node:crypto';
import {
  checkoutResponseSchema,
  discountApprovalSchema,
  notificationsSchema,
  preCheckoutResponseSchema,
} from '@backoffice/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bearer, createTestApp, DEMO, signIn, type TestApp } from '../../test/helpers';
import { createCustomer, createProduct } from './test-selling';

/**
 * A manager's approval of a discount above the seller's maximum (issue 38 §3, decision 0045), figures by hand:
 * the attendant ('Atendimento', 5 %) asks 12 % of R$ 1.000,00 of goods (2 × R$ 500,00): R$ 120,00 off, R$ 880,00
 * to pay (store pickup, no freight, no warranty). The manager ('Gerência', 10 %) cannot approve it; the
 * administrator (full access) can.
 */
let t: TestApp;
let attendant: string;
let manager: string;
let admin: string;

const call = (method: 'GET' | 'POST' | 'PATCH', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url: `/api${url}`, payload, headers: bearer(token) });

const TWELVE = { order: { kind: 'percent', value: 12 } } as const;

async function cart() {
  const customer = await createCustomer(t.db);
  const product = await createProduct(t.db, {
    name: 'Aparelho aprovação',
    costCents: 30000,
    sellCents: 50000,
    stock: 10,
  });
  expect(
    (await call('POST', `/orders/cart/add/${customer.id}`, attendant, { productId: product.id, quantity: 2 }))
      .statusCode,
  ).toBe(200);
  return { customer, product };
}

const checkout = (customerId: number, body: Record<string, unknown>) =>
  call('POST', `/orders/checkout/${customerId}`, attendant, {
    typeOfDelivery: 2,
    withWarranty: false,
    isFastDelivery: false,
    idempotencyKey: randomUUID(),
    discounts: TWELVE,
    ...body,
  });

const ask = async (customerId: number, discounts: object = TWELVE) => {
  const res = await call('POST', '/discount-approvals', attendant, { customerId, discounts });
  expect(res.statusCode).toBe(200);
  return discountApprovalSchema.parse(res.json().data);
};

const preCheckout = async (customerId: number, discounts: object = TWELVE) =>
  preCheckoutResponseSchema.parse(
    (
      await call(
        'GET',
        `/orders/pre/checkout/${customerId}?typeOfDelivery=2&discounts=${encodeURIComponent(JSON.stringify(discounts))}`,
        attendant,
      )
    ).json(),
  );

const bell = async (token: string) => notificationsSchema.parse((await call('GET', '/notifications', token)).json());

const ABOVE_FIVE =
  'O desconto passa do máximo da sua regra (5 %). Peça a um funcionário com permissão de desconto maior.';
const NOT_VALID =
  'A aprovação de desconto não vale para esta venda (outro vendedor, cliente, carrinho ou desconto, já usada, recusada ou vencida). Peça uma nova aprovação.';

beforeAll(async () => {
  t = await createTestApp();
  attendant = await signIn(t.app, DEMO.attendant);
  manager = await signIn(t.app, DEMO.manager);
  admin = await signIn(t.app, DEMO.admin);
}, 120_000);
afterAll(() => t.close());
beforeEach(async () => {
  await sql`update roles set max_discount_hundredths = 500 where name = 'Atendimento'`.execute(t.db);
  await sql`update roles set max_discount_hundredths = 1000 where name = 'Gerência'`.execute(t.db);
});

describe('discount approval', () => {
  it('12 % above a 5 % maximum: refused, asked, not for the 10 % manager nor the seller, approved by the admin, sold at R$ 880,00 once', async () => {
    const { customer, product } = await cart();

    // Without an approval: the existing refusal.
    const refused = await checkout(customer.id, {});
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errors).toEqual([ABOVE_FIVE]);
    const before = await preCheckout(customer.id);
    expect(before.discounts?.refusal).toBe(ABOVE_FIVE);
    expect(before.discounts?.aboveMaximum).toBe(true);
    expect(before.discounts?.approval).toBeUndefined();
    expect(before.total).toBe(1000);

    const asked = await ask(customer.id);
    expect(asked).toMatchObject({
      status: 'PENDING',
      seller: { name: 'Beatriz Atendente' },
      goods: 1000,
      discount: 120,
      percentage: 12,
      requiredPercentage: 12,
      lines: [{ productId: product.id, quantity: 2, unitPrice: 500 }],
    });

    // The admin's bell says it; the manager's (10 %) and the seller's do not; the manager's list is empty of it.
    const adminBell = await bell(admin);
    expect(
      adminBell.data.filter((n) => n.kind === 'discount_approval' && n.id === `discount-approval:${asked.id}`),
    ).toEqual([
      expect.objectContaining({
        title: 'Aprovação de desconto',
        body: `Beatriz Atendente pede 12 % para ${customer.name}.`,
        link: '#aprovacoes-desconto',
      }),
    ]);
    expect((await bell(manager)).data.some((n) => n.id === `discount-approval:${asked.id}`)).toBe(false);
    expect((await bell(attendant)).data.some((n) => n.id === `discount-approval:${asked.id}`)).toBe(false);
    const managerList = (await call('GET', '/discount-approvals', manager)).json().data as { id: number }[];
    expect(managerList.some((a) => a.id === asked.id)).toBe(false);
    const adminList = (await call('GET', '/discount-approvals', admin)).json().data as { id: number }[];
    expect(adminList.some((a) => a.id === asked.id)).toBe(true);

    const byManager = await call('POST', `/discount-approvals/${asked.id}/approve`, manager);
    expect(byManager.statusCode).toBe(403);
    expect(byManager.json().errors).toEqual([
      'O desconto pedido passa do máximo da sua regra (10 %): peça a quem tenha permissão maior.',
    ]);
    const own = await call('POST', `/discount-approvals/${asked.id}/approve`, attendant);
    expect(own.statusCode).toBe(403);
    expect(own.json().errors).toEqual(['Você não pode aprovar o seu próprio pedido de desconto.']);

    const approved = await call('POST', `/discount-approvals/${asked.id}/approve`, admin);
    expect(approved.statusCode).toBe(200);
    expect(approved.json().data).toMatchObject({ status: 'APPROVED', approver: { name: 'Ana Administradora' } });
    // Decided: gone from the admin's bell; a second decision is refused.
    expect((await bell(admin)).data.some((n) => n.id === `discount-approval:${asked.id}`)).toBe(false);
    expect((await call('POST', `/discount-approvals/${asked.id}/refuse`, admin, { reason: 'Não' })).statusCode).toBe(
      409,
    );

    // The pre-checkout: covered, no refusal, R$ 1.000,00 − R$ 120,00.
    const after = await preCheckout(customer.id);
    expect(after.discounts?.refusal).toBeNull();
    expect(after.discounts?.approval).toEqual({
      id: asked.id,
      status: 'APPROVED',
      matches: true,
      covers: true,
      approver: 'Ana Administradora',
      reason: null,
    });
    expect(after.total).toBe(880);

    const placed = await checkout(customer.id, { discountApprovalId: asked.id, expectedTotal: 880 });
    expect(placed.statusCode).toBe(200);
    const order = checkoutResponseSchema.parse(placed.json());
    expect(order.total).toBe(880);
    expect(
      await t.db
        .selectFrom('orders')
        .select(['items_total_cents', 'discount_cents', 'total_cents'])
        .where('id', '=', order.orderId)
        .executeTakeFirstOrThrow(),
    ).toEqual({ items_total_cents: 100000, discount_cents: 12000, total_cents: 88000 });
    // The order's history and audit say who approved it.
    const notes = await t.db
      .selectFrom('order_status_history')
      .select('note')
      .where('order_id', '=', order.orderId)
      .execute();
    expect(notes.map((row) => row.note)).toContain(
      'Venda interna (em nome do cliente) Desconto acima do máximo aprovado por Ana Administradora.',
    );
    const audit = await t.db
      .selectFrom('audit_events')
      .select('changes')
      .where('entity', '=', 'order')
      .where('entity_id', '=', order.code)
      .where('action', '=', 'create')
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(audit.changes)).toContain(
      `"discountApproval":{"id":${asked.id},"approvedBy":"Ana Administradora"}`,
    );

    // The same approval again, on the same cart filled again: refused.
    expect(
      (await call('POST', `/orders/cart/add/${customer.id}`, attendant, { productId: product.id, quantity: 2 }))
        .statusCode,
    ).toBe(200);
    const twice = await checkout(customer.id, { discountApprovalId: asked.id });
    expect(twice.statusCode).toBe(403);
    expect(twice.json().errors).toEqual([NOT_VALID]);
  });

  it('a cart changed after the approval, another discount, an approval past 2 hours: refused', async () => {
    const { customer, product } = await cart();
    const asked = await ask(customer.id);
    expect((await call('POST', `/discount-approvals/${asked.id}/approve`, admin)).statusCode).toBe(200);

    // 11 % instead of the 12 % approved.
    const other = await checkout(customer.id, {
      discountApprovalId: asked.id,
      discounts: { order: { kind: 'percent', value: 11 } },
    });
    expect(other.statusCode).toBe(403);
    expect(other.json().errors).toEqual([NOT_VALID]);

    // Three units instead of two.
    expect(
      (await call('PATCH', `/orders/cart/change/${customer.id}`, attendant, { productId: product.id, newQuantity: 3 }))
        .statusCode,
    ).toBe(200);
    expect((await preCheckout(customer.id)).discounts?.approval?.covers).toBe(false);
    const changed = await checkout(customer.id, { discountApprovalId: asked.id });
    expect(changed.statusCode).toBe(403);
    expect(changed.json().errors).toEqual([NOT_VALID]);

    // Back to two, but approved 2 hours and 1 minute ago.
    expect(
      (await call('PATCH', `/orders/cart/change/${customer.id}`, attendant, { productId: product.id, newQuantity: 2 }))
        .statusCode,
    ).toBe(200);
    expect((await preCheckout(customer.id)).discounts?.approval?.covers).toBe(true);
    await sql`update discount_approvals set decided_at = now() - interval '121 minutes' where id = ${asked.id}`.execute(
      t.db,
    );
    const late = await checkout(customer.id, { discountApprovalId: asked.id });
    expect(late.statusCode).toBe(403);
    expect(late.json().errors).toEqual([NOT_VALID]);
    // Nothing was placed: the cart is still there.
    expect((await preCheckout(customer.id)).cart.items).toHaveLength(1);
  });

  it('refused with a reason (required); a new request replaces the pending one; within the maximum none is needed', async () => {
    const { customer } = await cart();
    const first = await ask(customer.id);
    const second = await ask(customer.id, { order: { kind: 'percent', value: 8 } });
    expect(second.percentage).toBe(8);
    // The first is gone: deciding it is 404.
    expect((await call('POST', `/discount-approvals/${first.id}/approve`, admin)).statusCode).toBe(404);
    // 8 % is within the manager's 10 %: he sees it and may decide it.
    expect((await bell(manager)).data.some((n) => n.id === `discount-approval:${second.id}`)).toBe(true);

    const blank = await call('POST', `/discount-approvals/${second.id}/refuse`, manager, { reason: '  ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().errors).toEqual(['Informe o motivo da recusa.']);
    const refused = await call('POST', `/discount-approvals/${second.id}/refuse`, manager, { reason: 'Margem baixa' });
    expect(refused.statusCode).toBe(200);
    const pre = await preCheckout(customer.id, { order: { kind: 'percent', value: 8 } });
    expect(pre.discounts?.approval).toEqual({
      id: second.id,
      status: 'REFUSED',
      matches: true,
      covers: false,
      approver: 'Fernanda Gerente',
      reason: 'Margem baixa',
    });
    expect(pre.discounts?.refusal).toBe(ABOVE_FIVE);
    const audit = await t.db
      .selectFrom('audit_events')
      .select(['action', 'employee_id'])
      .where('entity', '=', 'discount_approval')
      .where('entity_id', '=', String(second.id))
      .orderBy('id')
      .execute();
    expect(audit.map((row) => row.action)).toEqual(['create', 'refuse']);

    const within = await call('POST', '/discount-approvals', attendant, {
      customerId: customer.id,
      discounts: { order: { kind: 'percent', value: 5 } },
    });
    expect(within.statusCode).toBe(400);
    expect(within.json().errors).toEqual(['O desconto está dentro do máximo da sua regra: não precisa de aprovação.']);
  });
});
