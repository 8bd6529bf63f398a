import {
  BANK_STATEMENT_MAX_BYTES,
  BANK_STATEMENT_TEXTS,
  type BankReconciliation,
  bankReconciliationSchema,
  businessTimeOn,
  ORDER_STATUS,
} from '@backoffice/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type DemoRole, expectApiError, signInAll, type TestApp } from '../../test/helpers';
import { createInstalments } from '../credit/receivables.service';
import { createOrder, createOrderWorld, type OrderWorld } from '../orders/test-orders';
import { sgmlOfx, type TestOfxLine, uploadOfx, xmlOfx } from './test-ofx';

/**
 * The bank statement through the API (issue 58 §3, decision 0097): March 2026 of the shop's Banco do Brasil account,
 * 20 lines of which 17 match what the books expect, by hand.
 */
let t: TestApp;
let world: OrderWorld;
let tokens: Record<DemoRole, string>;
let accountId: number;
let otherAccountId: number;

/**
 * The statement: the day, the amount as the bank writes it, the memo, what the books hold for it and the entry's day
 * when it is not the line's.
 */
const LINES: (TestOfxLine & { book: 'receipt' | 'card' | 'bill' | null; bookDay?: string })[] = [
  { day: '2026-03-02', amount: '150.00', memo: 'PIX RECEBIDO CLIENTE A', fitId: 'BB01', book: 'receipt' },
  { day: '2026-03-03', amount: '490.00', memo: 'REDE CARTAO CREDITO', fitId: 'BB02', book: 'card' },
  { day: '2026-03-04', amount: '275.40', memo: 'PIX RECEBIDO CLIENTE B', fitId: 'BB03', book: 'receipt' },
  { day: '2026-03-05', amount: '-1200.00', memo: 'PAGTO ALUGUEL', fitId: 'BB04', book: 'bill' },
  { day: '2026-03-06', amount: '-350.75', memo: 'CONTA DE ENERGIA', fitId: 'BB05', book: 'bill' },
  { day: '2026-03-09', amount: '1025.00', memo: 'LIQUIDACAO BOLETO', fitId: 'BB06', book: 'receipt' },
  { day: '2026-03-10', amount: '-89.99', memo: 'INTERNET', fitId: 'BB07', book: 'bill' },
  { day: '2026-03-11', amount: '-2450.00', memo: 'TED FORNECEDOR', fitId: 'BB08', book: 'bill' },
  { day: '2026-03-12', amount: '485.50', memo: 'CIELO CREDITO', fitId: 'BB09', book: 'card' },
  { day: '2026-03-13', amount: '-120.00', memo: 'FRETE', fitId: 'BB10', book: 'bill' },
  { day: '2026-03-16', amount: '89.90', memo: 'PIX RECEBIDO CLIENTE C', fitId: 'BB11', book: 'receipt' },
  { day: '2026-03-17', amount: '-600.00', memo: 'HONORARIOS CONTADOR', fitId: 'BB12', book: 'bill' },
  { day: '2026-03-18', amount: '-45.30', memo: 'MATERIAL DE ESCRITORIO', fitId: 'BB13', book: 'bill' },
  // The receipt of R$ 75,00 was recorded on the 18th: a day before the credit, within the window (decision 0098).
  {
    day: '2026-03-19',
    amount: '75.00',
    memo: 'PIX RECEBIDO CLIENTE D',
    fitId: 'BB14',
    book: 'receipt',
    bookDay: '2026-03-18',
  },
  { day: '2026-03-20', amount: '-980.00', memo: 'BOLETO DISTRIBUIDORA', fitId: 'BB15', book: 'bill' },
  { day: '2026-03-23', amount: '310.00', memo: 'PIX RECEBIDO CLIENTE E', fitId: 'BB16', book: 'receipt' },
  // A parking fee the books do not hold yet: made a bill from its line at the end.
  { day: '2026-03-24', amount: '-15.00', memo: 'ESTACIONAMENTO', fitId: 'BB17', book: null },
  { day: '2026-03-25', amount: '200.00', memo: 'DEPOSITO EM DINHEIRO', fitId: 'BB18', book: null },
  { day: '2026-03-27', amount: '-3000.00', memo: 'FOLHA SALARIOS', fitId: 'BB19', book: 'bill' },
  // No FITID (some banks leave it out of their own fees): the line is keyed by its hash.
  { day: '2026-03-31', amount: '-12.90', memo: 'TARIFA PACOTE DE SERVIÇOS', book: null },
];
/**
 * Opening R$ 10.000,00; in 150,00 + 490,00 + 275,40 + 1.025,00 + 485,50 + 89,90 + 75,00 + 310,00 + 200,00 =
 * 3.100,80; out 1.200,00 + 350,75 + 89,99 + 2.450,00 + 120,00 + 600,00 + 45,30 + 980,00 + 15,00 + 3.000,00 + 12,90
 * = 8.863,94; closing 10.000,00 + 3.100,80 − 8.863,94 = 4.236,86.
 */
const BALANCE = { amount: '4236.86', day: '2026-03-31' };
const MARCH = sgmlOfx(LINES, BALANCE, '2026-03-01', '2026-03-31');

const get = async (id = accountId, month = '2026-03'): Promise<BankReconciliation> => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/bank-statements/reconciliation?accountId=${id}&month=${month}`,
    headers: bearer(tokens.manager),
  });
  expect(res.statusCode, res.body).toBe(200);
  return bankReconciliationSchema.parse(res.json().data);
};
const post = (url: string, payload: object, token = tokens.manager) =>
  t.app.inject({ method: 'POST', url: `/api${url}`, payload, headers: bearer(token) });
const statementRows = async () =>
  Number(
    (
      await t.db
        .selectFrom('bank_statement_lines')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

async function bookTheMonth() {
  // The instalments' receipts (credit module's table): one receivable of a sale on credit, paid six times.
  const order = await createOrder(t.db, world, { status: ORDER_STATUS.AGUARDANDO_CLIENTE, quantities: [0, 2] });
  await t.db
    .updateTable('orders')
    .set({ payment_method: 'CREDIT', credit_terms: JSON.stringify([28]) })
    .where('id', '=', order.id)
    .execute();
  await t.db.transaction().execute((trx) => createInstalments(trx, order.id, '2026-02-01'));
  const receivable = await t.db
    .selectFrom('receivables')
    .select('id')
    .where('order_id', '=', order.id)
    .executeTakeFirstOrThrow();
  const receipts: [string, number, string][] = [
    ['2026-03-02', 15_000, 'PIX'],
    ['2026-03-04', 27_540, 'PIX'],
    ['2026-03-09', 102_500, 'BOLETO'],
    ['2026-03-16', 8_990, 'PIX'],
    ['2026-03-18', 7_500, 'PIX'],
    ['2026-03-23', 31_000, 'PIX'],
  ];
  for (const [day, cents, method] of receipts) {
    await t.db
      .insertInto('receivable_payments')
      .values({
        receivable_id: receivable.id,
        paid_on: day,
        method,
        amount_cents: cents,
        principal_cents: cents,
        fine_cents: 0,
        interest_cents: 0,
        employee_id: 1,
      })
      .execute();
  }
  // Two card sales (the payments module's table): R$ 500,00 1× at D+30 sold 10/02, fee R$ 14,50, net R$ 485,50
  // on 12/03; R$ 1.000,00 2× at D+2 sold 01/03, fee R$ 20,00, net R$ 980,00: R$ 490,00 on 03/03 and on 05/03.
  const cards: [string, number, number, number, number, number][] = [
    ['2026-02-10', 50_000, 1, 30, 1_450, 48_550],
    ['2026-03-01', 100_000, 2, 2, 2_000, 98_000],
  ];
  for (const [index, [day, gross, instalments, days, fee, net]] of cards.entries()) {
    const sold = businessTimeOn(day, '10:00');
    await t.db
      .insertInto('order_payments')
      .values({
        order_id: order.id,
        seq: 90 + index,
        method: 'CARD',
        amount_cents: gross,
        status: 'CONFIRMED',
        card_kind: 'CREDIT',
        card_brand: 'Visa',
        instalments,
        nsu: `88800${index}`,
        authorization_code: `AU${index}`,
        fee_cents: fee,
        net_cents: net,
        settlement_days: days,
        created_at: sold,
        confirmed_at: sold,
      })
      .execute();
  }
  // The bills paid (payables module), through its API, each on the statement's day.
  for (const line of LINES.filter((l) => l.book === 'bill')) {
    const amount = -Number(line.amount);
    const bill = await post(
      '/payables',
      { category: 'OUTROS', description: line.memo, dueDate: line.day, amount },
      tokens.stocker,
    );
    expect(bill.statusCode, bill.body).toBe(201);
    const paid = await post(
      `/payables/${bill.json().data.id}/payments`,
      {
        paidOn: line.day,
        method: 'TRANSFERENCIA',
        amount,
        accountId,
      },
      tokens.stocker,
    );
    expect(paid.statusCode, paid.body).toBe(200);
  }
}

beforeAll(async () => {
  t = await createTestApp();
  world = await createOrderWorld(t.db);
  tokens = await signInAll(t.app);
  const account = (name: string, bank: string) =>
    t.db
      .insertInto('bank_settings')
      .values({ type: 'Transfer', name, bank, agency: '1234-5', account: '12345-6' })
      .returning('id')
      .executeTakeFirstOrThrow();
  accountId = (await account('Banco do Brasil', '001')).id;
  otherAccountId = (await account('Itaú', '341')).id;
  await bookTheMonth();
}, 120_000);
afterAll(() => t.close());

describe('POST /bank-statements and the reconciliation', () => {
  it('imports an OFX of 20 lines of which 17 match, confirms them and closes the month at a zero difference', async () => {
    const accounts = await t.app.inject({
      method: 'GET',
      url: '/api/bank-statements/accounts',
      headers: bearer(tokens.manager),
    });
    expect(accounts.json().data.map((a: { name: string }) => a.name)).toEqual(['Banco do Brasil', 'Itaú']);
    const imported = await uploadOfx(t.app, tokens.manager, accountId, MARCH);
    expect(imported.statusCode, imported.body).toBe(201);
    expect(imported.json().data).toMatchObject({
      applied: true,
      lines: 20,
      newLines: 20,
      from: '2026-03-01',
      to: '2026-03-31',
      closingBalance: 4236.86,
      balanceOn: '2026-03-31',
    });

    const before = await get();
    expect(before.lines).toHaveLength(20);
    expect(before.lines.map((line) => line.amount)).toEqual(LINES.map((line) => Number(line.amount)));
    // The Latin-1 file's Ç read as such.
    expect(before.lines[19]).toMatchObject({ memo: 'TARIFA PACOTE DE SERVIÇOS', fitId: null, match: null });
    const proposed = before.lines.filter((line) => line.match !== null);
    expect(proposed).toHaveLength(17);
    const kinds = { receipt: 'RECEIVABLE_PAYMENT', card: 'CARD_SETTLEMENT', bill: 'PAYABLE_PAYMENT' } as const;
    for (const [index, line] of LINES.entries()) {
      const shown = before.lines[index];
      if (line.book === null) expect(shown?.match).toBeNull();
      else {
        const day = line.bookDay ?? line.day;
        expect(shown?.match).toMatchObject({ kind: kinds[line.book], day, amount: Number(line.amount) });
      }
    }
    // Nothing reconciled yet: the books are the opening R$ 10.000,00; the difference is the month's net, −5.763,14.
    expect(before).toMatchObject({ closingBalance: 4236.86, booksBalance: 10000, difference: -5763.14 });

    // Two confirmed one by one, the other 15 by 'Confirmar todas as propostas'.
    for (const line of proposed.slice(0, 2)) {
      const res = await post(`/bank-statements/lines/${line.id}/confirm`, {
        kind: line.match?.kind,
        ref: line.match?.ref,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toEqual(line.match);
    }
    const all = await post('/bank-statements/reconciliation/confirm', { accountId, month: '2026-03' });
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json().data).toEqual({ confirmed: 15 });
    // Reconciled: in 150,00 + 490,00 + 275,40 + 1.025,00 + 485,50 + 89,90 + 75,00 + 310,00 = 2.900,80; out 8.836,04
    // (the bills, not the parking): books 10.000,00 + 2.900,80 − 8.836,04 = 4.064,76; difference 4.236,86 − 4.064,76
    // = 172,10, the three open lines (200,00 − 15,00 − 12,90).
    const confirmed = await get();
    expect(confirmed.lines.filter((line) => line.status === 'CONFIRMED')).toHaveLength(17);
    // Each with the entry it was proposed.
    expect(confirmed.lines.filter((line) => line.status === 'CONFIRMED').map((line) => line.match)).toEqual(
      proposed.map((line) => line.match),
    );
    // Nothing left to confirm at once.
    expect(
      (await post('/bank-statements/reconciliation/confirm', { accountId, month: '2026-03' })).json().data,
    ).toEqual({
      confirmed: 0,
    });
    expect(confirmed).toMatchObject({ booksBalance: 4064.76, difference: 172.1 });

    // A confirmed line again: 409, nothing changes.
    const again = await post(`/bank-statements/lines/${proposed[0]?.id}/confirm`, {
      kind: proposed[0]?.match?.kind,
      ref: proposed[0]?.match?.ref,
    });
    expectApiError(again, 409, 'CONFLICT');

    // The three left: the fee and the parking become bills paid that day from the account; the deposit ignored.
    const [parking, deposit, fee] = [16, 17, 19].map((index) => confirmed.lines[index]?.id as number);
    const feeBill = { category: 'TARIFAS', description: 'Tarifa pacote de serviços' };
    // A bill needs 'Compras' (as POST /payables): the manager ('Crédito e cobrança') reconciles but makes none.
    expectApiError(await post(`/bank-statements/lines/${fee}/payable`, feeBill), 403, 'FORBIDDEN');
    const bill = await post(`/bank-statements/lines/${fee}/payable`, feeBill, tokens.stocker);
    expect(bill.statusCode, bill.body).toBe(201);
    expect(bill.json().data).toMatchObject({ kind: 'PAYABLE_PAYMENT', amount: -12.9, day: '2026-03-31' });
    const payment = await t.db
      .selectFrom('payable_payments')
      .select(['amount_cents', 'account_id'])
      .select((eb) => eb.fn<string>('to_char', [eb.ref('paid_on'), eb.val('YYYY-MM-DD')]).as('day'))
      .where('id', '=', Number(bill.json().data.ref))
      .executeTakeFirstOrThrow();
    expect({ ...payment, amount_cents: Number(payment.amount_cents) }).toEqual({
      amount_cents: 1290,
      account_id: accountId,
      day: '2026-03-31',
    });
    const parkingBill = { category: 'OUTROS', description: 'Estacionamento' };
    const parked = await post(`/bank-statements/lines/${parking}/payable`, parkingBill, tokens.stocker);
    expect(parked.statusCode, parked.body).toBe(201);
    expect(parked.json().data).toMatchObject({ kind: 'PAYABLE_PAYMENT', amount: -15, day: '2026-03-24' });
    expectApiError(await post(`/bank-statements/lines/${deposit}/ignore`, { reason: 'x' }), 400, 'VALIDATION_FAILED');
    expect((await post(`/bank-statements/lines/${deposit}/ignore`, { reason: 'Aporte do sócio' })).statusCode).toBe(
      200,
    );
    const audit = await t.db
      .selectFrom('audit_events')
      .select(['action', 'changes'])
      .where('entity', '=', 'bank_statement_line')
      .where('entity_id', '=', String(deposit))
      .executeTakeFirstOrThrow();
    expect(audit.action).toBe('ignored');
    expect(JSON.stringify(audit.changes)).toContain('Aporte do sócio');

    // Closed: books 4.064,76 − 15,00 − 12,90 + 200,00 = 4.236,86, the bank's balance.
    expect(await get()).toMatchObject({ closingBalance: 4236.86, booksBalance: 4236.86, difference: 0 });
  });

  it('imports the same statement twice without storing or reconciling anything twice', async () => {
    const rows = await statementRows();
    const before = await get();
    const again = await uploadOfx(t.app, tokens.manager, accountId, MARCH);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data).toMatchObject({ applied: false, lines: 20, newLines: 0 });
    // The same lines in another file (re-exported with one more day): only the new line is stored.
    const april = sgmlOfx(
      [...LINES, { day: '2026-04-01', amount: '-5.00', memo: 'TARIFA TED', fitId: 'BB21' }],
      { amount: '4231.86', day: '2026-04-01' },
      '2026-03-01',
      '2026-04-01',
    );
    const overlap = await uploadOfx(t.app, tokens.manager, accountId, april);
    expect(overlap.statusCode, overlap.body).toBe(201);
    expect(overlap.json().data).toMatchObject({ applied: true, lines: 21, newLines: 1 });
    expect(await statementRows()).toBe(rows + 1);
    expect(await get()).toEqual(before);
  });

  it('reads an OFX 2.x XML file in UTF-8', async () => {
    const file = xmlOfx(
      [
        { day: '2026-03-10', amount: '-99.90', memo: 'DÉBITO AUTOMÁTICO', fitId: 'IT1' },
        { day: '2026-03-12', amount: '1500,00', memo: 'TRANSFERÊNCIA RECEBIDA', fitId: 'IT2' },
      ],
      { amount: '1400.10', day: '2026-03-31' },
    );
    const res = await uploadOfx(t.app, tokens.stocker, otherAccountId, file);
    expect(res.statusCode, res.body).toBe(201);
    const month = await get(otherAccountId);
    expect(month.lines.map((line) => [line.memo, line.amount])).toEqual([
      ['DÉBITO AUTOMÁTICO', -99.9],
      ['TRANSFERÊNCIA RECEBIDA', 1500],
    ]);
    // Opening 1.400,10 − 1.400,10 = 0,00; nothing reconciled: difference 1.400,10.
    expect(month).toMatchObject({ closingBalance: 1400.1, booksBalance: 0, difference: 1400.1 });
  });

  it('refuses a bad or oversized file with its Portuguese message and changes nothing', async () => {
    const rows = await statementRows();
    const statements = await t.db.selectFrom('bank_statements').select('id').execute();
    const notOfx = await uploadOfx(t.app, tokens.manager, accountId, Buffer.from('Data;Valor\n01/03/2026;10,00\n'));
    expect(expectApiError(notOfx, 400, 'BAD_REQUEST').errors).toEqual([BANK_STATEMENT_TEXTS.notOfx]);
    const noBalance = Buffer.from(MARCH.toString('latin1').replace(/<LEDGERBAL>.*<\/LEDGERBAL>/, ''), 'latin1');
    expect(
      expectApiError(await uploadOfx(t.app, tokens.manager, accountId, noBalance), 400, 'BAD_REQUEST').errors,
    ).toEqual([BANK_STATEMENT_TEXTS.noBalance]);
    const badAmount = Buffer.from(MARCH.toString('latin1').replace('<TRNAMT>275.40', '<TRNAMT>R$ 275,40'), 'latin1');
    expect(
      expectApiError(await uploadOfx(t.app, tokens.manager, accountId, badAmount), 400, 'BAD_REQUEST').errors,
    ).toEqual([BANK_STATEMENT_TEXTS.lineInvalid(3, 'valor (TRNAMT)')]);
    // A tag name built to stall the parser's SGML step (30 letters took it 39 s): refused before it runs.
    const stall = Buffer.from(MARCH.toString('latin1').replace('<CURDEF>BRL', `<${'A'.repeat(30)}>BRL`), 'latin1');
    expect(expectApiError(await uploadOfx(t.app, tokens.manager, accountId, stall), 400, 'BAD_REQUEST').errors).toEqual(
      [BANK_STATEMENT_TEXTS.unreadable('tag com nome longo demais')],
    );
    const big = Buffer.concat([MARCH, Buffer.alloc(BANK_STATEMENT_MAX_BYTES, 0x20)]);
    expect(
      expectApiError(await uploadOfx(t.app, tokens.manager, accountId, big), 413, 'PAYLOAD_TOO_LARGE').errors,
    ).toEqual([BANK_STATEMENT_TEXTS.tooLarge(5)]);
    expect(await statementRows()).toBe(rows);
    expect(await t.db.selectFrom('bank_statements').select('id').execute()).toEqual(statements);
  });

  it('refuses a role without the financial permissions', async () => {
    const res = await uploadOfx(t.app, tokens.technician, accountId, MARCH);
    expectApiError(res, 403, 'FORBIDDEN');
    const read = await t.app.inject({
      method: 'GET',
      url: `/api/bank-statements/reconciliation?accountId=${accountId}&month=2026-03`,
      headers: bearer(tokens.attendant),
    });
    expectApiError(read, 403, 'FORBIDDEN');
  });
});
