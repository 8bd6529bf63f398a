import {
  BANK_STATEMENT_TEXTS,
  type BankReconciliation,
  bankReconciliationSchema,
  ORDER_STATUS,
  RECEIVABLE_TEXTS,
} from '@backoffice/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type DemoRole, expectApiError, signInAll, type TestApp } from '../../test/helpers';
import { createInstalments } from '../credit/receivables.service';
import { createOrder, createOrderWorld, type OrderWorld } from '../orders/test-orders';
import { sgmlOfx, uploadOfx } from './test-ofx';

/**
 * Matches a day or more apart, a confirmed line whose receipt is undone open again, and 'Criar recebimento'
 * (decision 0098), on March 2026 of an account of its own, by hand.
 */
let t: TestApp;
let world: OrderWorld;
let tokens: Record<DemoRole, string>;
let accountId: number;
/** Instalments of sales on credit made on 20/02 (one each, due 28 days on): R$ 1.023,33 and R$ 300,00. */
let boletoInstalment: number;
let openInstalment: number;
const bills: Record<string, number> = {};

/**
 * Opening R$ 5.000,00; +1.023,33 − 45,00 − 80,00 − 80,00 + 120,00 + 200,00 = +1.138,33; closing R$ 6.138,33.
 */
const LINES = [
  { day: '2026-03-09', amount: '-45.00', memo: 'PAGTO LIMPEZA', fitId: 'M1' },
  { day: '2026-03-11', amount: '1023.33', memo: 'LIQUIDACAO BOLETO', fitId: 'M2' },
  { day: '2026-03-13', amount: '-80.00', memo: 'PAGTO MOTOBOY A', fitId: 'M3' },
  { day: '2026-03-16', amount: '-80.00', memo: 'PAGTO MOTOBOY B', fitId: 'M4' },
  { day: '2026-03-17', amount: '120.00', memo: 'PIX RECEBIDO CLIENTE', fitId: 'M5' },
  { day: '2026-03-18', amount: '200.00', memo: 'TED RECEBIDA CLIENTE', fitId: 'M6' },
];

const get = async (): Promise<BankReconciliation> => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/bank-statements/reconciliation?accountId=${accountId}&month=2026-03`,
    headers: bearer(tokens.manager),
  });
  expect(res.statusCode, res.body).toBe(200);
  return bankReconciliationSchema.parse(res.json().data);
};
const post = (url: string, payload: object, token = tokens.manager) =>
  t.app.inject({ method: 'POST', url: `/api${url}`, payload, headers: bearer(token) });
const lineOf = async (memo: string) => (await get()).lines.find((line) => line.memo === memo);

async function instalmentOf(totalCents: number): Promise<number> {
  const order = await createOrder(t.db, world, { status: ORDER_STATUS.AGUARDANDO_CLIENTE, quantities: [0, 2] });
  await t.db
    .updateTable('orders')
    .set({
      payment_method: 'CREDIT',
      credit_terms: JSON.stringify([28]),
      // The freight of R$ 15,00 of a courier's order kept: the items make up the rest.
      items_total_cents: totalCents - 1_500,
      total_cents: totalCents,
      created_at: new Date('2026-02-20T13:00:00Z'),
    })
    .where('id', '=', order.id)
    .execute();
  await t.db.transaction().execute((trx) => createInstalments(trx, order.id, '2026-02-20'));
  return (await t.db.selectFrom('receivables').select('id').where('order_id', '=', order.id).executeTakeFirstOrThrow())
    .id;
}

async function paidBill(memo: string, day: string, amount: number) {
  const bill = await post('/payables', { category: 'OUTROS', description: memo, dueDate: day, amount }, tokens.stocker);
  expect(bill.statusCode, bill.body).toBe(201);
  const paid = await post(
    `/payables/${bill.json().data.id}/payments`,
    { paidOn: day, method: 'TRANSFERENCIA', amount, accountId },
    tokens.stocker,
  );
  expect(paid.statusCode, paid.body).toBe(200);
  const latest = await t.db
    .selectFrom('payable_payments')
    .select('id')
    .where('payable_id', '=', bill.json().data.id)
    .executeTakeFirstOrThrow();
  bills[day] = latest.id;
}

beforeAll(async () => {
  t = await createTestApp();
  world = await createOrderWorld(t.db);
  tokens = await signInAll(t.app);
  accountId = (
    await t.db
      .insertInto('bank_settings')
      .values({ type: 'Transfer', name: 'Sicoob', bank: '756', agency: '3001', account: '55555-1' })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  boletoInstalment = await instalmentOf(102_333);
  openInstalment = await instalmentOf(30_000);
  // The boleto paid on 10/03 (the retorno's liquidation), credited by the bank on 11/03.
  await t.db
    .insertInto('receivable_payments')
    .values({
      receivable_id: boletoInstalment,
      paid_on: '2026-03-10',
      method: 'BOLETO',
      bank_reference: '00000000000000123',
      amount_cents: 102_333,
      principal_cents: 102_333,
      fine_cents: 0,
      interest_cents: 0,
      employee_id: null,
    })
    .execute();
  // R$ 45,00 paid 6 days before its line; two of R$ 80,00 paid 12/03 and 13/03.
  await paidBill('Limpeza', '2026-03-03', 45);
  await paidBill('Motoboy A', '2026-03-12', 80);
  await paidBill('Motoboy B', '2026-03-13', 80);
  const imported = await uploadOfx(
    t.app,
    tokens.manager,
    accountId,
    sgmlOfx(LINES, { amount: '6138.33', day: '2026-03-31' }, '2026-03-01', '2026-03-31'),
  );
  expect(imported.statusCode, imported.body).toBe(201);
}, 120_000);
afterAll(() => t.close());

describe('matches a day or more apart (decision 0098)', () => {
  it('proposes the boleto paid 10/03 for the credit of 11/03, not the bill 6 days before, the 80,00 nearest first', async () => {
    const month = await get();
    const byMemo = Object.fromEntries(month.lines.map((line) => [line.memo, line.match]));
    expect(byMemo['LIQUIDACAO BOLETO']).toMatchObject({
      kind: 'RECEIVABLE_PAYMENT',
      day: '2026-03-10',
      amount: 1023.33,
    });
    // 09/03 − 03/03 = 6 days: outside the window of 5.
    expect(byMemo['PAGTO LIMPEZA']).toBeNull();
    // 13/03 takes the bill of its own day; 16/03 the one of 12/03 (4 days before).
    expect(byMemo['PAGTO MOTOBOY A']).toMatchObject({ ref: String(bills['2026-03-13']), day: '2026-03-13' });
    expect(byMemo['PAGTO MOTOBOY B']).toMatchObject({ ref: String(bills['2026-03-12']), day: '2026-03-12' });
    // Nothing reconciled: books the opening R$ 5.000,00, the difference the month's net R$ 1.138,33.
    expect(month).toMatchObject({ closingBalance: 6138.33, booksBalance: 5000, difference: 1138.33 });

    // Confirming checks the same window: the bill of 03/03 for the line of 09/03 is refused.
    const limpeza = month.lines[0];
    const far = await post(`/bank-statements/lines/${limpeza?.id}/confirm`, {
      kind: 'PAYABLE_PAYMENT',
      ref: String(bills['2026-03-03']),
    });
    expect(expectApiError(far, 409, 'CONFLICT').errors).toEqual([BANK_STATEMENT_TEXTS.matchNotValid]);
    const boleto = month.lines[1];
    const ok = await post(`/bank-statements/lines/${boleto?.id}/confirm`, {
      kind: boleto?.match?.kind,
      ref: boleto?.match?.ref,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    // Books 5.000,00 + 1.023,33 = 6.023,33; difference 6.138,33 − 6.023,33 = 115,00.
    expect(await get()).toMatchObject({ booksBalance: 6023.33, difference: 115 });
  });
});

describe('a confirmed line whose receipt is undone (decision 0098)', () => {
  it('opens again with the difference back, and a new receipt confirms it', async () => {
    const confirmed = await lineOf('LIQUIDACAO BOLETO');
    expect(confirmed).toMatchObject({ status: 'CONFIRMED', reopened: false });
    const paymentId = Number(confirmed?.match?.ref);
    const undo = await post(`/receivables/${boletoInstalment}/payments/${paymentId}/undo`, {
      reason: 'Boleto estornado pelo banco',
    });
    expect(undo.statusCode, undo.body).toBe(200);

    const reopened = await get();
    expect(reopened.lines[1]).toMatchObject({ status: 'OPEN', reopened: true, match: null });
    expect(reopened).toMatchObject({ booksBalance: 5000, difference: 1138.33 });
    // Nothing written by the GET: the row is still CONFIRMED until the next write on it.
    const row = await t.db
      .selectFrom('bank_statement_lines')
      .select(['status', 'match_ref'])
      .where('id', '=', reopened.lines[1]?.id as number)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'CONFIRMED', match_ref: String(paymentId) });

    // The instalment received again on 10/03 by deposit (before its due day: 'Crédito e cobrança' may).
    const again = await post(`/receivables/${boletoInstalment}/payments`, {
      paidOn: '2026-03-10',
      method: 'DEPOSIT',
      amount: 1023.33,
    });
    expect(again.statusCode, again.body).toBe(200);
    const proposed = (await get()).lines[1];
    expect(proposed).toMatchObject({ status: 'OPEN', reopened: true, match: { day: '2026-03-10', amount: 1023.33 } });
    const confirm = await post(`/bank-statements/lines/${proposed?.id}/confirm`, {
      kind: proposed?.match?.kind,
      ref: proposed?.match?.ref,
    });
    expect(confirm.statusCode, confirm.body).toBe(200);
    const closed = await get();
    expect(closed.lines[1]).toMatchObject({ status: 'CONFIRMED', reopened: false, match: proposed?.match });
    expect(closed).toMatchObject({ booksBalance: 6023.33, difference: 115 });

    // Undone once more and received again: 'Confirmar todas' reopens and confirms it, with the two 80,00 lines.
    const second = Number(closed.lines[1]?.match?.ref);
    const undoAgain = await post(`/receivables/${boletoInstalment}/payments/${second}/undo`, { reason: 'Duplicado' });
    expect(undoAgain.statusCode, undoAgain.body).toBe(200);
    const third = await post(`/receivables/${boletoInstalment}/payments`, {
      paidOn: '2026-03-10',
      method: 'PIX',
      amount: 1023.33,
    });
    expect(third.statusCode, third.body).toBe(200);
    const all = await post('/bank-statements/reconciliation/confirm', { accountId, month: '2026-03' });
    expect(all.json().data).toEqual({ confirmed: 3 });
    // Books 5.000,00 + 1.023,33 − 80,00 − 80,00 = 5.863,33; difference 275,00 (−45,00 + 120,00 + 200,00 open).
    const after = await get();
    expect(after.lines[1]).toMatchObject({ status: 'CONFIRMED', reopened: false, match: { day: '2026-03-10' } });
    expect(after).toMatchObject({ booksBalance: 5863.33, difference: 275 });
    const actions = await t.db
      .selectFrom('audit_events')
      .select('action')
      .where('entity', '=', 'bank_statement_line')
      .where('entity_id', '=', String(proposed?.id))
      .orderBy('id')
      .execute();
    expect(actions.map((a) => a.action)).toEqual(['confirmed', 'reopened', 'confirmed', 'reopened', 'confirmed']);
  });
});

describe("'Criar recebimento' (POST /bank-statements/lines/:id/receivable)", () => {
  it('pays the chosen instalment with the line in one transaction, and refuses in words', async () => {
    const pix = (await lineOf('PIX RECEBIDO CLIENTE'))?.id as number;
    const ted = (await lineOf('TED RECEBIDA CLIENTE'))?.id as number;
    const limpeza = (await lineOf('PAGTO LIMPEZA'))?.id as number;
    // Who collects ('Crédito e cobrança'): 'Compras' alone may not.
    const body = { receivableId: openInstalment };
    expectApiError(await post(`/bank-statements/lines/${pix}/receivable`, body, tokens.stocker), 403, 'FORBIDDEN');
    expectApiError(
      await post(`/bank-statements/lines/${pix}/receivable`, { receivableId: 0 }),
      400,
      'VALIDATION_FAILED',
    );
    // A money-out line: 400 in words.
    const out = await post(`/bank-statements/lines/${limpeza}/receivable`, body);
    expect(expectApiError(out, 400, 'BAD_REQUEST').errors).toEqual([BANK_STATEMENT_TEXTS.receivableOnlyCredit]);

    // R$ 120,00 of the R$ 300,00 instalment on 17/03 (before its due day: no charges): a part payment.
    const made = await post(`/bank-statements/lines/${pix}/receivable`, body);
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json().data).toMatchObject({ kind: 'RECEIVABLE_PAYMENT', amount: 120, day: '2026-03-17' });
    const instalment = await t.app.inject({
      method: 'GET',
      url: `/api/receivables/${openInstalment}`,
      headers: bearer(tokens.manager),
    });
    expect(instalment.json().data).toMatchObject({ amount: 300, paid: 120, open: 180 });
    expect(instalment.json().data.payments).toMatchObject([
      { id: Number(made.json().data.ref), paidOn: '2026-03-17', method: 'DEPOSIT', amount: 120, principal: 120 },
    ]);
    // Open lines 09/03 −45,00 and 18/03 +200,00 = 155,00: books 5.863,33 + 120,00 = 5.983,33.
    expect(await get()).toMatchObject({ booksBalance: 5983.33, difference: 155 });

    // R$ 200,00 where the instalment asks R$ 180,00 on 18/03: the credit module's 409, nothing changes.
    const over = await post(`/bank-statements/lines/${ted}/receivable`, body);
    expect(expectApiError(over, 409, 'PAYMENT_OVERPAID').errors).toEqual([RECEIVABLE_TEXTS.overpaid('R$ 180,00')]);
    expect((await lineOf('TED RECEBIDA CLIENTE'))?.status).toBe('OPEN');
    expect(
      await t.db.selectFrom('receivable_payments').select('id').where('receivable_id', '=', openInstalment).execute(),
    ).toHaveLength(1);
    // The line made a receipt is no longer open: 409.
    expectApiError(await post(`/bank-statements/lines/${pix}/receivable`, body), 409, 'CONFLICT');
  });
});
