import { randomUUID } from 'node:crypto';
import {
  cashRegisterSchema,
  cashSessionDetailsSchema,
  checkoutResponseSchema,
  ORDER_STATUS,
} from '@backoffice/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, DEMO, signIn, type TestApp } from '../../test/helpers';
import { createCustomer, createProduct } from '../selling/test-selling';

/**
 * What waits for who approves it (issue 54 §6): the sales on credit held for approval and the closings whose
 * difference waits, each one bell item with its count, to who holds 'Crédito e cobrança' (the manager; the
 * administrator's full access), never to the attendant; a drawer's difference never to who closed it. Counts
 * are read before and after each test's own records (the describe's database is shared by its tests).
 */
type Role = keyof typeof DEMO;
let t: TestApp;
const tokens = {} as Record<Role, string>;
let phone: { id: number };

interface Item {
  id: string;
  kind: string;
  title: string;
  body: string;
  link: string;
  readAt: string | null;
}

const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url: `/api${url}`, ...(payload ? { payload } : {}), headers: bearer(token) });

async function bell(token: string) {
  const res = await call('GET', '/notifications?limit=100', token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { data: Item[]; unread: number };
}
/** The item of `kind` in the reader's bell (undefined: none), and the count its words say (0: none). */
async function waiting(token: string, kind: 'credit_approval' | 'cash_difference') {
  const item = (await bell(token)).data.find((n) => n.kind === kind);
  return { item, count: item ? Number(/^(\d+) /.exec(item.body)?.[1]) : 0 };
}

/** A customer with a limit of R$ 300,00 buys one phone of R$ 400,00 on credit: held for approval. */
async function heldSale() {
  const customer = await createCustomer(t.db);
  const saved = await call('PUT', `/customers/${customer.id}/credit`, tokens.manager, { limit: 300, terms: ['28'] });
  expect(saved.statusCode).toBe(200);
  const added = await call('POST', `/orders/cart/add/${customer.id}`, tokens.attendant, {
    productId: phone.id,
    quantity: 1,
  });
  expect(added.statusCode).toBe(200);
  const res = await call('POST', `/orders/checkout/credit/${customer.id}`, tokens.attendant, {
    typeOfDelivery: 2,
    withWarranty: false,
    isFastDelivery: false,
    idempotencyKey: randomUUID(),
    terms: '28',
  });
  const sale = checkoutResponseSchema.parse(res.json());
  expect(sale.statusKey).toBe(ORDER_STATUS.AGUARDANDO_APROVACAO_CREDITO);
  return sale;
}

let registers = 0;
/** A register of the test's own, opened with R$ 0,00 by `token` and closed by him counting R$ 5,00: it waits. */
async function pendingClosing(token: string) {
  const created = await call('POST', '/cash-registers', tokens.admin, { name: `Caixa sino ${++registers}` });
  expect(created.statusCode).toBe(201);
  const register = cashRegisterSchema.parse((created.json() as { data: unknown }).data);
  expect((await call('POST', `/cash-registers/${register.id}/open`, token, { float: 0 })).statusCode).toBe(201);
  const closed = await call('POST', `/cash-registers/${register.id}/close`, token, { counted: 5, reason: 'Sobra' });
  expect(closed.statusCode).toBe(200);
  const session = cashSessionDetailsSchema.parse((closed.json() as { data: unknown }).data);
  expect(session.status).toBe('PENDING_APPROVAL');
  return session;
}

beforeAll(async () => {
  t = await createTestApp();
  for (const [key, email] of Object.entries(DEMO)) tokens[key as Role] = await signIn(t.app, email);
  phone = await createProduct(t.db, { name: 'Moto G 256 GB', costCents: 30_000, sellCents: 40_000, stock: 20 });
}, 120_000);
afterAll(() => t.close());

describe('the bell tells who approves what waits for him (issue 54 §6)', () => {
  it('a sale on credit held: one more in the manager’s count, none for the attendant; approved, one less', async () => {
    const before = await waiting(tokens.manager, 'credit_approval');
    const sale = await heldSale();
    const held = await waiting(tokens.manager, 'credit_approval');
    expect(held.count).toBe(before.count + 1);
    expect(held.item).toMatchObject({
      id: `credit-approval:${sale.orderId}`,
      title: 'Venda a prazo aguardando aprovação',
      link: '/admin/orders?status=17',
      readAt: null,
    });
    expect(held.item?.body).toBe(
      held.count === 1
        ? '1 venda a prazo aguarda aprovação de crédito.'
        : `${held.count} vendas a prazo aguardam aprovação de crédito.`,
    );
    expect((await waiting(tokens.attendant, 'credit_approval')).item).toBeUndefined();

    const approved = await call('PATCH', '/workflow/order/approve-credit', tokens.manager, {
      orderId: sale.orderId,
      comment: 'Cliente antigo',
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect((await waiting(tokens.manager, 'credit_approval')).count).toBe(before.count);
  });

  it('two held sales count two in one item; its read mark goes when a newer one arrives', async () => {
    const before = await waiting(tokens.manager, 'credit_approval');
    await heldSale();
    const second = await heldSale();
    const both = await waiting(tokens.manager, 'credit_approval');
    expect(both.count).toBe(before.count + 2);
    expect(both.item?.body).toBe(`${both.count} vendas a prazo aguardam aprovação de crédito.`);
    const read = await call('PATCH', '/notifications/read', tokens.manager, { ids: [both.item?.id] });
    expect(read.statusCode).toBe(200);
    expect((await waiting(tokens.manager, 'credit_approval')).item?.readAt).toEqual(expect.any(String));
    const third = await heldSale();
    const newer = await waiting(tokens.manager, 'credit_approval');
    expect(newer.item).toMatchObject({ id: `credit-approval:${third.orderId}`, readAt: null });
    expect(third.orderId).toBeGreaterThan(second.orderId);
  });

  it('a closing’s difference: to the manager when the attendant closed it, not to the attendant; approved, one less', async () => {
    const before = await waiting(tokens.manager, 'cash_difference');
    const session = await pendingClosing(tokens.attendant);
    const pending = await waiting(tokens.manager, 'cash_difference');
    expect(pending.count).toBe(before.count + 1);
    expect(pending.item).toMatchObject({
      id: `cash-difference:${session.id}`,
      title: 'Diferença de caixa aguardando aprovação',
      link: '/admin/cash',
    });
    expect(pending.item?.body).toBe(
      pending.count === 1
        ? '1 fechamento de caixa com diferença aguarda aprovação.'
        : `${pending.count} fechamentos de caixa com diferença aguardam aprovação.`,
    );
    expect((await waiting(tokens.attendant, 'cash_difference')).item).toBeUndefined();

    const approved = await call('POST', `/cash-registers/sessions/${session.id}/approve`, tokens.manager, {});
    expect(approved.statusCode, approved.body).toBe(200);
    expect((await waiting(tokens.manager, 'cash_difference')).count).toBe(before.count);
  });

  it('the manager who closed his own drawer is not invited to approve it; the administrator is', async () => {
    const manager = await waiting(tokens.manager, 'cash_difference');
    const admin = await waiting(tokens.admin, 'cash_difference');
    const session = await pendingClosing(tokens.manager);
    // His own closing is not counted for him (the server would refuse him: cashApprovalRefusal)…
    const mine = await waiting(tokens.manager, 'cash_difference');
    expect(mine.count).toBe(manager.count);
    expect(mine.item?.id).not.toBe(`cash-difference:${session.id}`);
    expect((await call('POST', `/cash-registers/sessions/${session.id}/approve`, tokens.manager, {})).statusCode).toBe(
      403,
    );
    // …while full access counts it, and approves it.
    expect((await waiting(tokens.admin, 'cash_difference')).count).toBe(admin.count + 1);
    const approved = await call('POST', `/cash-registers/sessions/${session.id}/approve`, tokens.admin, {});
    expect(approved.statusCode, approved.body).toBe(200);
    expect((await waiting(tokens.admin, 'cash_difference')).count).toBe(admin.count);
  });
});
