import {
  apiErrorSchema,
  businessDay,
  payableAccountSchema,
  payableDetailsSchema,
  shiftDay,
} from '@backoffice/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, DEMO, expectApiError, signIn, type TestApp } from '../../test/helpers';
import { payablesFlow } from './payables.service';

/**
 * A late supplier bill paid with its fine, interest or a discount, from one of the shop's accounts (issue 54 §8).
 * The principal (`amount`) settles what is open; the fine, interest and discount are kept beside it, and what
 * left the account is principal + fine + interest − discount. Every figure by hand.
 */
let t: TestApp;
let stocker: string;
let itau: number;
let pix: number;
let closed: number;

const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url: `/api${url}`, payload, headers: bearer(stocker) });
const today = () => businessDay(new Date());

/** A bill of its own for each test, typed by hand (no supplier), due `days` from today. */
async function bill(amount: number, days: number) {
  const res = await call('POST', '/payables', {
    category: 'ALUGUEL',
    description: 'Aluguel do depósito',
    dueDate: shiftDay(today(), days),
    amount,
  });
  expect(res.statusCode, res.body).toBe(201);
  return payableDetailsSchema.parse(res.json().data);
}
const pay = (id: number, body: object) =>
  call('POST', `/payables/${id}/payments`, { paidOn: today(), method: 'BOLETO', ...body });

async function account(values: { type: 'Pix' | 'Transfer'; name: string; disabled?: boolean; pixKey?: string }) {
  const row = await t.db
    .insertInto('bank_settings')
    .values({
      type: values.type,
      name: values.name,
      bank: values.type === 'Transfer' ? 'Itaú' : null,
      agency: values.type === 'Transfer' ? '1234' : null,
      account: values.type === 'Transfer' ? '56789-0' : null,
      pix_type: values.type === 'Pix' ? 'EMAIL' : null,
      pix_key: values.pixKey ?? null,
      disabled: values.disabled ?? false,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

beforeAll(async () => {
  t = await createTestApp();
  stocker = await signIn(t.app, DEMO.stocker);
  itau = await account({ type: 'Transfer', name: 'Itaú PJ' });
  pix = await account({ type: 'Pix', name: 'Pix da loja', pixKey: 'financeiro@loja.com.br' });
  closed = await account({ type: 'Transfer', name: 'Conta antiga', disabled: true });
}, 120_000);
afterAll(() => t.close());

describe("'Conta de saída': the shop's accounts", () => {
  it('lists the active accounts, with how each is reached; a disabled one is left out', async () => {
    const res = await call('GET', '/payables/accounts');
    expect(res.statusCode, res.body).toBe(200);
    const accounts = res.json().data.map((a: unknown) => payableAccountSchema.parse(a));
    expect(accounts).toEqual(
      expect.arrayContaining([
        { id: itau, name: 'Itaú PJ', detail: 'Itaú · ag. 1234 · c/c 56789-0' },
        { id: pix, name: 'Pix da loja', detail: 'Pix financeiro@loja.com.br' },
      ]),
    );
    expect(accounts.map((a: { id: number }) => a.id)).not.toContain(closed);
  });
});

describe('a late bill paid with its charges', () => {
  it('R$ 1.000,00 ten days late: principal R$ 1.000,00 + multa R$ 20,00 + juros R$ 3,30 = R$ 1.023,30 out of Itaú PJ', async () => {
    const late = await bill(1000, -10);
    expect(late.status).toBe('OVERDUE');
    const res = await pay(late.id, { amount: 1000, fine: 20, interest: 3.3, accountId: itau });
    expect(res.statusCode, res.body).toBe(200);
    const paid = payableDetailsSchema.parse(res.json().data);
    // The bill is settled by the principal alone: paid R$ 1.000,00, nothing open.
    expect(paid).toMatchObject({ amount: 1000, paid: 1000, open: 0, status: 'PAID' });
    expect(paid.payments).toEqual([
      expect.objectContaining({
        amount: 1000,
        fine: 20,
        interest: 3.3,
        discount: 0,
        total: 1023.3,
        accountId: itau,
        account: 'Itaú PJ',
      }),
    ]);
    const stored = await t.db
      .selectFrom('payable_payments')
      .select(['amount_cents', 'fine_cents', 'interest_cents', 'discount_cents', 'account_id'])
      .where('payable_id', '=', late.id)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({
      amount_cents: '100000',
      fine_cents: '2000',
      interest_cents: '330',
      discount_cents: '0',
      account_id: itau,
    });
  });

  it('R$ 500,00 with a discount of R$ 25,00: the bill settled, R$ 475,00 out by Pix', async () => {
    const early = await bill(500, 5);
    const res = await pay(early.id, { amount: 500, discount: 25, accountId: pix });
    expect(res.statusCode, res.body).toBe(200);
    const paid = payableDetailsSchema.parse(res.json().data);
    expect(paid).toMatchObject({ paid: 500, open: 0, status: 'PAID' });
    expect(paid.payments[0]).toMatchObject({ amount: 500, fine: 0, interest: 0, discount: 25, total: 475 });
  });

  it("the cash flow's paid day counts what left the account: R$ 200,00 + multa R$ 4,00 + juros R$ 0,60 = R$ 204,60", async () => {
    const yesterday = shiftDay(today(), -1);
    const late = await bill(200, -6);
    const res = await pay(late.id, { paidOn: yesterday, amount: 200, fine: 4, interest: 0.6, accountId: itau });
    expect(res.statusCode, res.body).toBe(200);
    const flow = await payablesFlow(t.db, yesterday, today(), today());
    // Only this test pays on a day before today (the flow also answers today's, the other tests' payments).
    expect(flow.paid.filter((day) => day.day === yesterday)).toEqual([{ day: yesterday, cents: 20460 }]);
  });

  it('a payment of the calls before: no charges, the account as free text', async () => {
    const old = await bill(300, 0);
    const res = await pay(old.id, { amount: 120, account: 'Caixa da loja' });
    expect(res.statusCode, res.body).toBe(200);
    const paid = payableDetailsSchema.parse(res.json().data);
    expect(paid).toMatchObject({ paid: 120, open: 180 });
    expect(paid.payments[0]).toMatchObject({
      account: 'Caixa da loja',
      accountId: null,
      amount: 120,
      fine: 0,
      interest: 0,
      discount: 0,
      total: 120,
    });
  });

  it('refuses a negative charge, a discount above what is open or above the principal, an unknown or disabled account; writes nothing', async () => {
    const open = await bill(500, -3);
    const refusals: Array<[object, number, string, string]> = [
      [
        { amount: 500, fine: -1 },
        400,
        'VALIDATION_FAILED',
        'Informe a multa em reais, zero ou mais, com até 2 casas decimais.',
      ],
      [
        { amount: 500, interest: 1.005 },
        400,
        'VALIDATION_FAILED',
        'Informe os juros em reais, zero ou mais, com até 2 casas decimais.',
      ],
      [
        { amount: 500, discount: -0.01 },
        400,
        'VALIDATION_FAILED',
        'Informe o desconto em reais, zero ou mais, com até 2 casas decimais.',
      ],
      [
        { amount: 500, discount: 500.01 },
        400,
        'BAD_REQUEST',
        'O desconto passa do que está em aberto nesta conta (R$ 500,00).',
      ],
      [
        { amount: 40, discount: 50 },
        400,
        'BAD_REQUEST',
        'O desconto não pode passar do valor pago da conta (principal).',
      ],
      [
        { amount: 500, accountId: 999999 },
        400,
        'BAD_REQUEST',
        'Conta de saída não encontrada ou desativada: escolha uma das contas da empresa.',
      ],
      [
        { amount: 500, accountId: closed },
        400,
        'BAD_REQUEST',
        'Conta de saída não encontrada ou desativada: escolha uma das contas da empresa.',
      ],
      // The principal still never passes what is open: the fine goes in its own field.
      [
        { amount: 520, fine: 0 },
        409,
        'PAYMENT_OVERPAID',
        'O valor passa do que está em aberto nesta conta (R$ 500,00).',
      ],
    ];
    for (const [body, status, code, message] of refusals) {
      const res = await pay(open.id, body);
      expectApiError(res, status, code);
      expect(apiErrorSchema.parse(res.json()).errors, JSON.stringify(body)).toEqual([message]);
    }
    const after = payableDetailsSchema.parse((await call('GET', `/payables/${open.id}`)).json().data);
    expect(after).toMatchObject({ paid: 0, open: 500, status: 'OVERDUE', payments: [] });
  });
});
