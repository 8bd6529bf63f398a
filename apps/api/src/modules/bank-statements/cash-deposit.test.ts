import {
  BANK_STATEMENT_TEXTS,
  bankReconciliationSchema,
  businessDay,
  CASH_TEXTS,
  cashRegisterSchema,
  cashSessionDetailsSchema,
  courierRunSchema,
  DEFAULT_DELIVERY_DEPARTURES,
  nextDeliveryDeparture,
  ORDER_STATUS,
} from '@backoffice/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestApp,
  type DemoRole,
  expectApiError,
  signInAll,
  type TestApp,
  tokenCaller,
} from '../../test/helpers';
import { createOrder, createOrderWorld, type OrderWorld, picture } from '../orders/test-orders';
import { sgmlOfx, uploadOfx } from './test-ofx';

/**
 * The courier's cash deposited in the bank (issue 58 §3, decision 0099), by hand: a run of two cash orders, 4 × R$
 * 50,00 + 15,00 = 215,00 and 3 × 50,00 + 15,00 = 165,00, R$ 380,00 settled into the drawer (float R$ 400,00); a
 * sangria of R$ 380,00 paid out with no account, then a sangria of R$ 380,00 deposited in Banco do Brasil; that day's
 * statement line 'DEP DINHEIRO' of R$ 380,00 is proposed the deposit (not the other sangria) and reconciled with it.
 */
let t: TestApp;
let world: OrderWorld;
let tokens: Record<DemoRole, string>;
let signature: string;
let bbId: number;
const call = tokenCaller(() => t.app);

beforeAll(async () => {
  t = await createTestApp();
  world = await createOrderWorld(t.db);
  tokens = await signInAll(t.app);
  signature = await picture('png');
  bbId = (
    await t.db
      .insertInto('bank_settings')
      .values({ type: 'Transfer', name: 'Banco do Brasil', bank: '001', agency: '1234-5', account: '12345-6' })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
}, 120_000);
afterAll(() => t.close());

async function cashOrder(quantities: number[]) {
  const order = await createOrder(t.db, world, {
    status: ORDER_STATUS.AGUARDANDO_MOTOBOY as never,
    quantities,
    deliveryType: 1,
  });
  await t.db.updateTable('orders').set({ payment_method: 'CASH' }).where('id', '=', order.id).execute();
  return order;
}

/** A courier run of `orders`, every one delivered. */
async function deliveredRun(orders: { id: number }[]) {
  const created = await call('POST', '/dispatch/runs', tokens.attendant, {
    departureAt: nextDeliveryDeparture(new Date(), DEFAULT_DELIVERY_DEPARTURES).toISOString(),
    delivererId: world.staff.courier,
    orderIds: orders.map((order) => order.id),
  });
  expect(created.statusCode, created.body).toBe(200);
  const run = courierRunSchema.parse(created.json().data);
  for (const order of orders) {
    for (const step of ['withdraw', 'deliver']) {
      const res = await t.app.inject({
        method: 'PATCH',
        url: `/api/workflow/order/${step}`,
        payload: step === 'deliver' ? { orderId: order.id, signature } : { orderId: order.id },
        headers: bearer(tokens.courier),
      });
      expect(res.statusCode, res.body).toBe(200);
    }
  }
  return run;
}

describe("a sangria deposited in the bank ('Depósito do caixa')", () => {
  it("the courier's R$ 380,00 settled, deposited in Banco do Brasil and reconciled with 'DEP DINHEIRO'", async () => {
    const created = await call('POST', '/cash-registers', tokens.admin, { name: 'Caixa balcão' });
    const register = cashRegisterSchema.parse(created.json().data);
    expect(
      (await call('POST', `/cash-registers/${register.id}/open`, tokens.attendant, { float: 400 })).statusCode,
    ).toBe(201);
    const run = await deliveredRun([await cashOrder([0, 4]), await cashOrder([0, 3])]);
    const settled = await call('POST', `/dispatch/runs/${run.id}/settlement`, tokens.attendant, {
      declaredCash: 380,
      cashRegisterId: register.id,
    });
    expect(settled.statusCode, settled.body).toBe(200);

    // The accounts a sangria may go to, for the drawer's operator.
    const accounts = await call('GET', '/cash-registers/deposit-accounts', tokens.attendant);
    expect(accounts.json().data).toEqual([
      { id: bbId, name: 'Banco do Brasil', detail: '001 · ag. 1234-5 · c/c 12345-6' },
    ]);
    const entries = `/cash-registers/${register.id}/entries`;
    // Refused, nothing written: a top-up is no deposit; an account that is not the shop's.
    const topUp = await call('POST', entries, tokens.attendant, { kind: 'TOP_UP', amount: 10, depositAccountId: bbId });
    expectApiError(topUp, 400, 'VALIDATION_FAILED');
    expect(topUp.body).toContain(CASH_TEXTS.depositOnlyRemoval);
    const unknown = await call('POST', entries, tokens.attendant, {
      kind: 'REMOVAL',
      amount: 380,
      reason: 'Depósito bancário',
      depositAccountId: 99_999,
    });
    expectApiError(unknown, 400, 'BAD_REQUEST');
    expect(unknown.json().errors).toEqual([CASH_TEXTS.depositAccountNotFound]);
    const count = async () =>
      (await t.db.selectFrom('cash_entries').select('id').where('kind', '=', 'REMOVAL').execute()).length;
    expect(await count()).toBe(0);

    // A sangria of the same amount that is no deposit, then the deposit: 400,00 + 380,00 − 380,00 − 380,00 = 20,00.
    await call('POST', entries, tokens.attendant, { kind: 'REMOVAL', amount: 380, reason: 'Pagamento ao fornecedor' });
    const deposited = await call('POST', entries, tokens.attendant, {
      kind: 'REMOVAL',
      amount: 380,
      reason: 'Depósito bancário',
      depositAccountId: bbId,
    });
    expect(deposited.statusCode, deposited.body).toBe(201);
    const drawer = cashSessionDetailsSchema.parse(deposited.json().data);
    const deposit = drawer.entries.at(-1);
    expect(deposit).toMatchObject({
      kind: 'REMOVAL',
      amount: 380,
      reason: 'Depósito bancário',
      depositAccount: { id: bbId, name: 'Banco do Brasil' },
    });
    expect(drawer.entries.at(-2)?.depositAccount).toBeNull();
    expect(
      (await call('GET', `/cash-registers/sessions/${drawer.id}`, tokens.manager)).json().data.totals,
    ).toMatchObject({ expected: 20 });

    // The bank's statement of that day: opening R$ 1.000,00 + 380,00 = 1.380,00.
    const day = businessDay(new Date(deposit?.createdAt as string));
    const ofx = sgmlOfx(
      [{ day, amount: '380.00', memo: 'DEP DINHEIRO', fitId: 'DEP1' }],
      { amount: '1380.00', day },
      day,
      day,
    );
    expect((await uploadOfx(t.app, tokens.manager, bbId, ofx)).statusCode).toBe(201);
    const month = day.slice(0, 7);
    const read = async () =>
      bankReconciliationSchema.parse(
        (await call('GET', `/bank-statements/reconciliation?accountId=${bbId}&month=${month}`, tokens.manager)).json()
          .data,
      );
    const before = await read();
    const line = before.lines[0];
    expect(line?.match).toEqual({
      kind: 'CASH_DEPOSIT',
      ref: String(deposit?.id),
      amount: 380,
      day,
      label: BANK_STATEMENT_TEXTS.matchLabel.CASH_DEPOSIT('Caixa balcão · Depósito bancário'),
    });
    expect(line?.match?.label).toBe('Depósito do caixa · Caixa balcão · Depósito bancário');
    expect(before).toMatchObject({ closingBalance: 1380, booksBalance: 1000, difference: 380 });

    const confirmed = await call('POST', `/bank-statements/lines/${line?.id}/confirm`, tokens.manager, {
      kind: 'CASH_DEPOSIT',
      ref: String(deposit?.id),
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const after = await read();
    expect(after.lines[0]).toMatchObject({ status: 'CONFIRMED', match: { kind: 'CASH_DEPOSIT' } });
    expect(after).toMatchObject({ booksBalance: 1380, difference: 0 });
  });
});
