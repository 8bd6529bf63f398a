import { randomUUID } from 'node:crypto';
import { DISCOUNT_APPROVAL_TEXTS, ORDER_STATUS } from '@backoffice/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type DemoRole, expectApiError, signInAll, type TestApp, tokenCaller } from '../../test/helpers';
import { createProduct } from './test-selling';

/**
 * 'Balcão' above the seller's maximum (decision 0078): the same manager's approval 'Vendas' uses (decision 0045), asked
 * for the counter's own lines (no cart). The sale: 2 × 'Carregador aprovação' of R$ 100,00 = R$ 200,00 with 8 % off
 * the order (R$ 16,00) = R$ 184,00 by card. The attendant's maximum is 5 %, the manager's 10 %: he may approve it;
 * the attendant never her own request.
 */
let t: TestApp;
let tokens: Record<DemoRole, string>;
const call = tokenCaller(() => t.app);
const card = { kind: 'DEBIT', brand: 'Visa', instalments: 1, nsu: '909090', authorizationCode: 'AP1' };
const discounts = { order: { kind: 'percent', value: 8 } };

beforeAll(async () => {
  t = await createTestApp();
  tokens = await signInAll(t.app);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe("'Balcão': a discount above the seller's maximum waits for a manager's approval", () => {
  it('is refused without it, asked for the sale’s lines, approved by another, spent once', async () => {
    const product = await createProduct(t.db, {
      name: 'Carregador aprovação',
      costCents: 5_000,
      sellCents: 10_000,
      stock: 5,
    });
    const items = [{ productId: product.id, quantity: 2 }];
    const sale = (extra: Record<string, unknown> = {}) =>
      call('POST', '/counter/sales', tokens.attendant, {
        idempotencyKey: randomUUID(),
        items,
        discounts,
        payments: [{ method: 'CARD', amount: 184, card }],
        expectedTotal: 184,
        ...extra,
      });
    // 8 % is above her 5 %: refused in the server's words.
    expectApiError(await sale(), 403, 'FORBIDDEN');

    const walkIn = (await call('POST', '/customers/walk-in', tokens.attendant)).json().data as { id: number };
    const asked = await call('POST', '/discount-approvals', tokens.attendant, {
      customerId: walkIn.id,
      discounts,
      items,
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const request = asked.json().data;
    expect(request).toMatchObject({
      status: 'PENDING',
      customer: { id: walkIn.id, name: 'Consumidor final' },
      lines: [{ productId: product.id, quantity: 2, unitPrice: 100 }],
      goods: 200,
      discount: 16,
      percentage: 8,
    });
    // Nobody approves his own exception.
    const own = expectApiError(
      await call('POST', `/discount-approvals/${request.id}/approve`, tokens.attendant),
      403,
      'FORBIDDEN',
    );
    expect(own.errors[0]).toBe(DISCOUNT_APPROVAL_TEXTS.ownRequest);
    const pending = await call('GET', `/discount-approvals/${request.id}`, tokens.attendant);
    expect(pending.json().data.status).toBe('PENDING');
    // Not yet approved: the sale with its id is still refused.
    expectApiError(await sale({ discountApprovalId: request.id }), 403, 'FORBIDDEN');

    const approved = await call('POST', `/discount-approvals/${request.id}/approve`, tokens.manager);
    expect(approved.statusCode, approved.body).toBe(200);
    expect((await call('GET', `/discount-approvals/${request.id}`, tokens.attendant)).json().data.status).toBe(
      'APPROVED',
    );

    // Another quantity is another sale: the approval does not cover it.
    expectApiError(
      await sale({
        items: [{ productId: product.id, quantity: 1 }],
        discountApprovalId: request.id,
        expectedTotal: 92,
        payments: [{ method: 'CARD', amount: 92, card }],
      }),
      403,
      'FORBIDDEN',
    );
    const sold = await sale({ discountApprovalId: request.id });
    expect(sold.statusCode, sold.body).toBe(200);
    expect(sold.json().data).toMatchObject({ total: 184, statusKey: ORDER_STATUS.FINALIZADOS });
    const order = await t.db
      .selectFrom('orders')
      .select(['total_cents', 'discount_cents'])
      .where('id', '=', sold.json().data.orderId)
      .executeTakeFirstOrThrow();
    expect(order).toEqual({ total_cents: 18_400, discount_cents: 1_600 });
    // Spent: a second sale with it is refused.
    expectApiError(await sale({ discountApprovalId: request.id }), 403, 'FORBIDDEN');
  });
});
