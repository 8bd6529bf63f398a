import { randomUUID } from 'node:crypto';
import {
  businessDay,
  COMPANY_ID,
  checkoutResponseSchema,
  customerCreditSchema,
  ORDER_STATUS,
  pixWebhookInfoSchema,
  receivableDetailsSchema,
  receivablePageSchema,
  receivablePixSchema,
  receivablesSummarySchema,
  shiftDay,
} from '@backoffice/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type DemoRole, expectApiError, signInAll, type TestApp, tokenCaller } from '../../test/helpers';
import { pdfText } from '../../test/pdf-text';
import { createOrder, createOrderWorld, type OrderWorld } from '../orders/test-orders';
import { createCustomer } from '../selling/test-selling';
import { createInstalments, createReceivablesService } from './receivables.service';

/**
 * The receivables (issue 40 §2) through the API and the service, every figure by hand. The world's products cost
 * R$ 19,90 and R$ 50,00; a pickup has no freight.
 */
let t: TestApp;
let world: OrderWorld;
const tokens = {} as Record<DemoRole, string>;
const S = ORDER_STATUS;
const today = () => businessDay(new Date());

const call = tokenCaller(() => t.app);

const expectError = expectApiError;

/** A pickup on credit of the world's products, waiting for the customer ('Aguardando cliente'), on `terms`. */
async function creditPickup(quantities: number[], terms: number[], customerId?: number) {
  const order = await createOrder(t.db, world, { status: S.AGUARDANDO_CLIENTE, quantities, deliveryType: 2 });
  await t.db
    .updateTable('orders')
    .set({
      payment_method: 'CREDIT',
      credit_terms: JSON.stringify(terms),
      ...(customerId ? { customer_id: customerId } : {}),
    })
    .where('id', '=', order.id)
    .execute();
  return order;
}

const instalmentsOf = (orderId: number) =>
  t.db
    .selectFrom('receivables')
    .select(['id', 'seq', 'count', 'amount_cents'])
    .select((eb) => eb.fn('to_char', [eb.ref('due_date'), eb.val('YYYY-MM-DD')]).as('due'))
    .where('order_id', '=', orderId)
    .orderBy('seq')
    .execute();

/** One of the world's first product sold at the counter to `customerId` on credit at 28 days, picked up. */
async function sellOneOnCredit(customerId: number) {
  const product = world.products[0] as number;
  expect(
    (await call('POST', `/orders/cart/add/${customerId}`, tokens.attendant, { productId: product, quantity: 1 }))
      .statusCode,
  ).toBe(200);
  const sold = await call('POST', `/orders/checkout/credit/${customerId}`, tokens.attendant, {
    typeOfDelivery: 2,
    withWarranty: false,
    isFastDelivery: false,
    idempotencyKey: randomUUID(),
    terms: '28',
  });
  return checkoutResponseSchema.parse(sold.json());
}

/** The note of the order's first status change. */
const firstHistoryNote = (orderId: number) =>
  t.db.selectFrom('order_status_history').select('note').where('order_id', '=', orderId).executeTakeFirstOrThrow();

beforeAll(async () => {
  t = await createTestApp();
  world = await createOrderWorld(t.db);
  Object.assign(tokens, await signInAll(t.app));
}, 120_000);
afterAll(() => t.close());

describe('the instalments of a sale on credit', () => {
  it('are made when it is handed over: R$ 100,00 in 30/60/90 is 33,33 + 33,33 + 33,34 from today', async () => {
    const order = await creditPickup([0, 2], [30, 60, 90]);
    expect(await instalmentsOf(order.id)).toEqual([]);
    const finalized = await call('POST', '/workflow/order/finalize', tokens.attendant, { orderId: order.id });
    expect(finalized.statusCode).toBe(200);
    const day = today();
    const rows = await instalmentsOf(order.id);
    expect(rows.map((r) => [r.seq, r.count, Number(r.amount_cents), r.due])).toEqual([
      [1, 3, 3_333, shiftDay(day, 30)],
      [2, 3, 3_333, shiftDay(day, 60)],
      [3, 3, 3_334, shiftDay(day, 90)],
    ]);
    // Listed for the customer, open, asking their value (not yet due).
    const page = receivablePageSchema.parse(
      (await call('GET', `/receivables?customerId=${world.customerId}&status=open`, tokens.attendant)).json().data,
    );
    const mine = page.items.filter((r) => r.order.id === order.id);
    expect(mine.map((r) => [r.amount, r.status, r.dueToday.total])).toEqual([
      [33.33, 'OPEN', 33.33],
      [33.33, 'OPEN', 33.33],
      [33.34, 'OPEN', 33.34],
    ]);
    // Paid on time by Pix: 33,33, nothing more.
    const first = rows[0] as { id: number };
    const paid = receivableDetailsSchema.parse(
      (
        await call('POST', `/receivables/${first.id}/payments`, tokens.attendant, { method: 'PIX', amount: 33.33 })
      ).json().data,
    );
    expect(paid).toMatchObject({ status: 'PAID', paid: 33.33, open: 0 });
    expect(paid.payments.map((p) => [p.principal, p.fine, p.interest])).toEqual([[33.33, 0, 0]]);
    // The stocker may not reach them; the attendant may not undo.
    expectError(await call('GET', '/receivables', tokens.stocker), 403, 'FORBIDDEN');
    expectError(
      await call('POST', `/receivables/${first.id}/payments/${paid.payments[0]?.id}/undo`, tokens.attendant, {
        reason: 'Engano',
      }),
      403,
      'FORBIDDEN',
    );
  });
});

describe('an instalment paid late', () => {
  it('R$ 2.000,00 due 10/12 asks 2.046,67 on 20/12; in part: charges first, then interest from the last payment', async () => {
    // 40 × R$ 50,00 = R$ 2.000,00 at 30 days from 10/11/2026: due 10/12/2026.
    const order = await creditPickup([0, 40], [30]);
    await t.db.transaction().execute((trx) => createInstalments(trx, order.id, '2026-11-10'));
    // Sold that day too: no payment of it is dated before (issue 53).
    await t.db
      .updateTable('orders')
      .set({ created_at: new Date('2026-11-10T15:00:00Z') })
      .where('id', '=', order.id)
      .execute();
    const [row] = await instalmentsOf(order.id);
    expect(row?.due).toBe('2026-12-10');
    const id = row?.id as number;
    const service = createReceivablesService(t.db);
    const on = (day: string) => new Date(`${day}T15:00:00Z`);
    expect((await service.details(id, on('2026-12-20'))).dueToday).toEqual({
      daysLate: 10,
      principal: 2000,
      fine: 40,
      interest: 6.67,
      total: 2046.67,
    });
    // R$ 40,00 does not cover the fine and the interest (R$ 46,67); R$ 2.046,68 is more than it asks.
    await expect(
      service.pay(
        { employeeId: world.staff.attendant, permissions: [] },
        id,
        { method: 'DEPOSIT', amount: 40, paidOn: '2026-12-20' },
        undefined,
        on('2026-12-20'),
      ),
    ).rejects.toMatchObject({
      statusCode: 409,
      message: 'O valor precisa cobrir ao menos a multa e os juros de hoje (R$ 46,67).',
    });
    await expect(
      service.pay(
        { employeeId: world.staff.attendant, permissions: [] },
        id,
        { method: 'DEPOSIT', amount: 2046.68, paidOn: '2026-12-20' },
        undefined,
        on('2026-12-20'),
      ),
    ).rejects.toMatchObject({
      statusCode: 409,
      message: 'O valor passa do que a parcela pede hoje (R$ 2.046,67).',
    });
    // R$ 1.000,00 on 20/12: 40,00 + 6,67 of charges, 953,33 off the principal; 1.046,67 open.
    const part = await service.pay(
      { employeeId: world.staff.attendant, permissions: [] },
      id,
      { method: 'DEPOSIT', amount: 1000, paidOn: '2026-12-20' },
      undefined,
      on('2026-12-20'),
    );
    expect(part).toMatchObject({ status: 'OVERDUE', paid: 953.33, open: 1046.67 });
    // On 30/12: no second fine; interest on 1.046,67 for 10 days = 3,4889 → 3,49: R$ 1.050,16.
    expect((await service.details(id, on('2026-12-30'))).dueToday).toEqual({
      daysLate: 20,
      principal: 1046.67,
      fine: 0,
      interest: 3.49,
      total: 1050.16,
    });
    const done = await service.pay(
      { employeeId: world.staff.manager, permissions: [] },
      id,
      { method: 'CASH', amount: 1050.16, paidOn: '2026-12-30' },
      undefined,
      on('2026-12-30'),
    );
    expect(done).toMatchObject({ status: 'PAID', paid: 2000, open: 0 });
    expect(done.payments.map((p) => [p.paidOn, p.amount, p.principal, p.fine, p.interest])).toEqual([
      ['2026-12-20', 1000, 953.33, 40, 6.67],
      ['2026-12-30', 1050.16, 1046.67, 0, 3.49],
    ]);
    // Undone, the latest first: the instalment asks again what it asked on 30/12.
    const first = done.payments[0]?.id as number;
    const second = done.payments[1]?.id as number;
    await expect(
      service.undo(world.staff.manager, id, first, 'Depósito estornado', on('2026-12-30')),
    ).rejects.toMatchObject({
      statusCode: 409,
      message: 'Desfaça primeiro o recebimento mais recente desta parcela.',
    });
    const undone = await service.undo(world.staff.manager, id, second, 'Dinheiro contado errado', on('2026-12-30'));
    expect(undone).toMatchObject({ status: 'OVERDUE', open: 1046.67 });
    expect(undone.dueToday.total).toBe(1050.16);
    const audits = await t.db
      .selectFrom('audit_events')
      .select('action')
      .where('entity', '=', 'receivable')
      .where('entity_id', '=', String(id))
      .orderBy('id')
      .execute();
    expect(audits.map((a) => a.action)).toEqual(['paid', 'paid', 'payment_undone']);
  });

  it('two payments of the last R$ 10,00 at once: one wins', async () => {
    // R$ 19,90 in one instalment at 28 days; R$ 9,90 paid, R$ 10,00 left.
    const order = await creditPickup([1, 0], [28]);
    await t.db.transaction().execute((trx) => createInstalments(trx, order.id, today()));
    const id = (await instalmentsOf(order.id))[0]?.id as number;
    expect(
      (await call('POST', `/receivables/${id}/payments`, tokens.attendant, { method: 'PIX', amount: 9.9 })).statusCode,
    ).toBe(200);
    const [a, b] = await Promise.all([
      call('POST', `/receivables/${id}/payments`, tokens.attendant, { method: 'PIX', amount: 10 }, randomUUID()),
      call('POST', `/receivables/${id}/payments`, tokens.manager, { method: 'CASH', amount: 10 }, randomUUID()),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const payments = await t.db
      .selectFrom('receivable_payments')
      .select('amount_cents')
      .where('receivable_id', '=', id)
      .execute();
    expect(payments.map((p) => Number(p.amount_cents)).sort((x, y) => x - y)).toEqual([990, 1000]);
    // The same key again: no second payment.
    const key = randomUUID();
    const other = await creditPickup([1, 0], [28]);
    await t.db.transaction().execute((trx) => createInstalments(trx, other.id, today()));
    const otherId = (await instalmentsOf(other.id))[0]?.id as number;
    for (let i = 0; i < 2; i++) {
      expect(
        (await call('POST', `/receivables/${otherId}/payments`, tokens.attendant, { method: 'PIX', amount: 5 }, key))
          .statusCode,
      ).toBe(200);
    }
    expect(
      await t.db.selectFrom('receivable_payments').select('id').where('receivable_id', '=', otherId).execute(),
    ).toHaveLength(1);
  });

  it('an instalment paid in cash lands in the open register of who receives it', async () => {
    const register = await call('POST', '/cash-registers', tokens.admin, {
      name: `Caixa parcelas ${randomUUID().slice(0, 6)}`,
    });
    const registerId = (register.json() as { data: { id: number } }).data.id;
    expect((await call('POST', `/cash-registers/${registerId}/open`, tokens.attendant, { float: 0 })).statusCode).toBe(
      201,
    );
    const order = await creditPickup([1, 0], [28]);
    await t.db.transaction().execute((trx) => createInstalments(trx, order.id, today()));
    const id = (await instalmentsOf(order.id))[0]?.id as number;
    expect(
      (await call('POST', `/receivables/${id}/payments`, tokens.attendant, { method: 'CASH', amount: 19.9 }))
        .statusCode,
    ).toBe(200);
    const entries = await t.db
      .selectFrom('cash_entries')
      .select(['kind', 'amount_cents', 'reason'])
      .where('order_id', '=', order.id)
      .execute();
    expect(entries.map((e) => [e.kind, Number(e.amount_cents), e.reason])).toEqual([
      ['INSTALMENT', 1990, 'Parcela 1/1'],
    ]);
    expect(
      (await call('POST', `/cash-registers/${registerId}/close`, tokens.attendant, { counted: 19.9 })).statusCode,
    ).toBe(200);
  });
});

describe('a cash payment undone', () => {
  it('takes the cash back out of the open register of who undoes it', async () => {
    const register = await call('POST', '/cash-registers', tokens.admin, {
      name: `Caixa desfazer ${randomUUID().slice(0, 6)}`,
    });
    const registerId = (register.json() as { data: { id: number } }).data.id;
    expect((await call('POST', `/cash-registers/${registerId}/open`, tokens.manager, { float: 0 })).statusCode).toBe(
      201,
    );
    // R$ 19,90 in one instalment, paid in cash to the manager, then undone by him: R$ 19,90 in, R$ 19,90 out.
    const order = await creditPickup([1, 0], [28]);
    await t.db.transaction().execute((trx) => createInstalments(trx, order.id, today()));
    const id = (await instalmentsOf(order.id))[0]?.id as number;
    const paid = receivableDetailsSchema.parse(
      (await call('POST', `/receivables/${id}/payments`, tokens.manager, { method: 'CASH', amount: 19.9 })).json().data,
    );
    const undone = await call('POST', `/receivables/${id}/payments/${paid.payments[0]?.id}/undo`, tokens.manager, {
      reason: 'Cliente levou o dinheiro de volta',
    });
    expect(undone.statusCode).toBe(200);
    const entries = await t.db
      .selectFrom('cash_entries')
      .select(['kind', 'amount_cents'])
      .where('order_id', '=', order.id)
      .orderBy('id')
      .execute();
    expect(entries.map((e) => [e.kind, Number(e.amount_cents)])).toEqual([
      ['INSTALMENT', 1990],
      ['REFUND', 1990],
    ]);
    const closed = await call('POST', `/cash-registers/${registerId}/close`, tokens.manager, { counted: 0 });
    expect(closed.json().data).toMatchObject({ status: 'CLOSED', difference: 0 });
  });
});

describe('credit reads the instalments', () => {
  it('holds a sale of a customer with an instalment late beyond the setting (5 days)', async () => {
    const customer = await createCustomer(t.db);
    expect(
      (await call('PUT', `/customers/${customer.id}/credit`, tokens.manager, { limit: 100_000, terms: ['28'] }))
        .statusCode,
    ).toBe(200);
    // Handed over 40 days ago at 28 days: due 12 days ago.
    const old = await creditPickup([1, 0], [28], customer.id);
    await t.db.transaction().execute((trx) => createInstalments(trx, old.id, shiftDay(today(), -40)));
    const answer = await sellOneOnCredit(customer.id);
    expect(answer.statusKey).toBe(S.AGUARDANDO_APROVACAO_CREDITO);
    const note = await firstHistoryNote(answer.orderId);
    expect(note.note).toContain('Venda a prazo de cliente com parcela em atraso de 12 dias (bloqueio acima de 5).');
  });

  it('names both reasons when the late customer goes above his limit too (issue 54 §6)', async () => {
    const customer = await createCustomer(t.db);
    expect(
      (await call('PUT', `/customers/${customer.id}/credit`, tokens.manager, { limit: 30, terms: ['28'] })).statusCode,
    ).toBe(200);
    // Handed over 40 days ago at 28 days: R$ 19,90 due 12 days ago, still open.
    const old = await creditPickup([1, 0], [28], customer.id);
    await t.db.transaction().execute((trx) => createInstalments(trx, old.id, shiftDay(today(), -40)));
    const answer = await sellOneOnCredit(customer.id);
    expect(answer).toMatchObject({ statusKey: S.AGUARDANDO_APROVACAO_CREDITO, total: 19.9 });
    const note = await firstHistoryNote(answer.orderId);
    // 19,90 open + 19,90 of this sale = R$ 39,80 above R$ 30,00, and 12 days late above 5.
    expect(note.note).toContain(
      'Venda a prazo de cliente com parcela em atraso de 12 dias (bloqueio acima de 5) e acima do limite: com ela o cliente deve R$ 39,80, o limite é R$ 30,00. Aguardando aprovação de crédito.',
    );
    // What the manager's dialog reads: both figures, the days late and the setting they are held above.
    const credit = customerCreditSchema.parse(
      (await call('GET', `/customers/${customer.id}/credit`, tokens.manager)).json().data,
    );
    expect(credit).toMatchObject({
      limit: 30,
      exposure: { undelivered: 19.9, openInstalments: 19.9, total: 39.8, available: -9.8 },
      overdue: { count: 1, amount: 19.9, maxDaysLate: 12, blockOverdueDays: 5 },
    });
  });
});

describe("the customer's exposure, the dashboard's summary, the CSV and the receipt", () => {
  it('adds what he bought not yet handed over to his open instalments; counts and exports them; prints a receipt', async () => {
    const customer = await createCustomer(t.db);
    expect(
      (await call('PUT', `/customers/${customer.id}/credit`, tokens.manager, { limit: 500, terms: ['28', '30/60'] }))
        .statusCode,
    ).toBe(200);
    // Handed over 40 days ago at 30/60: R$ 100,00 in 50,00 + 50,00, the first due 10 days ago (overdue), the
    // second in 20 days. Not handed over: R$ 19,90 + R$ 50,00 = R$ 69,90 on 28 days.
    const old = await creditPickup([0, 2], [30, 60], customer.id);
    await t.db.transaction().execute((trx) => createInstalments(trx, old.id, shiftDay(today(), -40)));
    await creditPickup([1, 1], [28], customer.id);
    const credit = customerCreditSchema.parse(
      (await call('GET', `/customers/${customer.id}/credit`, tokens.attendant)).json().data,
    );
    expect(credit.exposure).toEqual({ undelivered: 69.9, openInstalments: 100, total: 169.9, available: 330.1 });
    expect(credit.overdue).toEqual({ count: 1, amount: 50, maxDaysLate: 10, blockOverdueDays: 5 });

    // Listed as overdue for him, with the day's fine (1,00) and interest (50,00 × 1 % × 10 ÷ 30 = 0,17).
    const overdue = receivablePageSchema.parse(
      (await call('GET', `/receivables?customerId=${customer.id}&status=overdue`, tokens.attendant)).json().data,
    );
    expect(overdue.items.map((r) => [r.seq, r.status, r.dueToday])).toEqual([
      [1, 'OVERDUE', { daysLate: 10, principal: 50, fine: 1, interest: 0.17, total: 51.17 }],
    ]);
    expect(overdue.totals).toEqual({ amount: 50, paid: 0, open: 50 });
    // Without a customer the count and totals come from the days the triggers keep: the same as every row summed.
    for (const status of ['open', 'overdue', 'dueThisWeek', 'paid', undefined] as const) {
      const list = receivablePageSchema.parse(
        (await call('GET', `/receivables?pageSize=1${status ? `&status=${status}` : ''}`, tokens.attendant)).json()
          .data,
      );
      const [sums] = (
        await sql<{ n: number; amount: number; paid: number; open: number }>`
          select count(*)::int as n,
            coalesce(sum(case when canceled_at is null then amount_cents else 0 end), 0)::int as amount,
            coalesce(sum(principal_paid_cents), 0)::int as paid,
            coalesce(sum(case when canceled_at is null then amount_cents - principal_paid_cents else 0 end), 0)::int as open
          from receivables
          where case ${status ?? 'all'}
            when 'open' then canceled_at is null and principal_paid_cents < amount_cents
            when 'overdue' then canceled_at is null and principal_paid_cents < amount_cents and due_date < ${today()}::date
            when 'dueThisWeek' then canceled_at is null and principal_paid_cents < amount_cents
              and due_date between ${today()}::date and ${shiftDay(today(), 6)}::date
            when 'paid' then canceled_at is null and principal_paid_cents = amount_cents
            else true end`.execute(t.db)
      ).rows;
      expect([list.total, list.totals], status).toEqual([
        sums?.n,
        { amount: (sums?.amount ?? 0) / 100, paid: (sums?.paid ?? 0) / 100, open: (sums?.open ?? 0) / 100 },
      ]);
    }
    const summary = receivablesSummarySchema.parse(
      (await call('GET', '/receivables/summary', tokens.attendant)).json().data,
    );
    expect(summary.overdue.count).toBeGreaterThanOrEqual(1);
    expect(summary.overdue.amount).toBeGreaterThanOrEqual(50);

    const csv = await call('GET', `/receivables/export.csv?customerId=${customer.id}`, tokens.attendant);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Nº;Cliente;Pedido;Parcela;Vencimento;Valor;Pago;Em aberto;Dias de atraso;Pede hoje;Situação',
    );
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(`;${old.code};1/2;`);
    expect(lines[1]).toMatch(/;50,00;0,00;50,00;10;51,17;Vencida$/);

    // Paid late by deposit: its receipt says so.
    const first = overdue.items[0]?.id as number;
    const paid = receivableDetailsSchema.parse(
      (
        await call('POST', `/receivables/${first}/payments`, tokens.attendant, { method: 'DEPOSIT', amount: 51.17 })
      ).json().data,
    );
    const payment = paid.payments[0]?.id as number;
    const pdf = await call('GET', `/receivables/${first}/payments/${payment}/receipt.pdf`, tokens.attendant);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = pdfText(pdf.rawPayload);
    // The sentence wraps (and may hyphenate a word) where the customer's name, of its own length each run, puts
    // it: compared without spaces and hyphens.
    const flat = (value: string) => value.replace(/[\s\u00ad-]+/g, '');
    expect(flat(text)).toContain(flat(`referente à parcela 1/2 do pedido ${old.code}.`));
    for (const part of ['R$ 50,00', 'R$ 1,00', 'R$ 0,17', 'R$ 51,17', 'Depósito', 'Beatriz Atendente']) {
      expect(text).toContain(part);
    }
  });
});

describe("an instalment's own Pix", () => {
  it('asks what the instalment asks today, and the bank paying it three times records one payment', async () => {
    // The shop's Pix receiver, so the instalment has its BR Code.
    await t.db
      .insertInto('bank_settings')
      .values({ name: 'Pix da loja', type: 'Pix', pix_type: 'EMAIL', pix_key: 'pix@loja.com.br' })
      .execute();
    await t.db
      .insertInto('company_settings')
      .values({ company_id: COMPANY_ID, name: 'Loja', merchant_name: 'LOJA DEMO', merchant_city: 'SAO PAULO' })
      .onConflict((oc) =>
        oc.column('company_id').doUpdateSet({ merchant_name: 'LOJA DEMO', merchant_city: 'SAO PAULO' }),
      )
      .execute();
    const secret = pixWebhookInfoSchema.parse((await call('GET', '/payments/pix/webhook', tokens.admin)).json()).data
      .secret;
    // 40 × R$ 50,00 = R$ 2.000,00 at 30 days, handed over 40 days ago: 10 days late, 2.000,00 + 40,00 + 6,67.
    const order = await creditPickup([0, 40], [30]);
    await t.db.transaction().execute((trx) => createInstalments(trx, order.id, shiftDay(today(), -40)));
    const id = (await instalmentsOf(order.id))[0]?.id as number;
    const pix = receivablePixSchema.parse((await call('GET', `/receivables/${id}/pix`, tokens.attendant)).json().data);
    const txid = `${order.code.replace(/[^0-9A-Za-z]/g, '')}R1`;
    expect(pix.txid).toBe(txid);
    expect(pix.amount).toBe(2046.67);
    expect(pix.payload).toContain('54072046.67');
    expect(pix.payload).toContain(txid);

    const endToEndId = `E00000000202611261030${randomUUID().replace(/-/g, '').slice(0, 11).toUpperCase()}`;
    const entry = { endToEndId, txid, valor: '2046.67', horario: new Date().toISOString() };
    for (let i = 0; i < 3; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/payments/pix/webhook/${secret}/pix`,
        payload: { pix: [entry] },
      });
      expect(res.statusCode).toBe(200);
    }
    const paid = receivableDetailsSchema.parse((await call('GET', `/receivables/${id}`, tokens.attendant)).json().data);
    expect(paid).toMatchObject({ status: 'PAID', paid: 2000, open: 0 });
    expect(
      paid.payments.map((p) => [p.method, p.amount, p.principal, p.fine, p.interest, p.employee, p.endToEndId]),
    ).toEqual([['PIX', 2046.67, 2000, 40, 6.67, null, endToEndId]]);
    const received = await t.db
      .selectFrom('pix_received')
      .select(['order_id', 'unmatched_reason'])
      .where('end_to_end_id', '=', endToEndId)
      .executeTakeFirstOrThrow();
    expect(received).toEqual({ order_id: order.id, unmatched_reason: null });
    // Another Pix naming the paid instalment pays nothing: kept as not identified.
    const again = `E00000000202611261031${randomUUID().replace(/-/g, '').slice(0, 11).toUpperCase()}`;
    await t.app.inject({
      method: 'POST',
      url: `/api/payments/pix/webhook/${secret}/pix`,
      payload: { pix: [{ ...entry, endToEndId: again }] },
    });
    const second = await t.db
      .selectFrom('pix_received')
      .select(['order_id', 'unmatched_reason'])
      .where('end_to_end_id', '=', again)
      .executeTakeFirstOrThrow();
    expect(second).toEqual({ order_id: null, unmatched_reason: 'ALREADY_PAID' });
    expect(
      await t.db.selectFrom('receivable_payments').select('id').where('receivable_id', '=', id).execute(),
    ).toHaveLength(1);
  });
});
