import {
  BANK_STATEMENT_TEXTS,
  type BankReconciliation,
  bankReconciliationSchema,
  bankStatementImportSchema,
  COMPANY_ID,
  pixWebhookInfoSchema,
  receivablePixSchema,
} from '@backoffice/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bearer, createTestApp, expectApiError, signIn, type TestApp, tokenCaller } from '../../test/helpers';
import { instalmentOf1000 } from '../credit/test-credit';
import { startTestPsp, type TestPsp } from '../credit/test-psp';
import { makeTestCertificate } from '../fiscal/test-certificate';
import { createOrderWorld, type OrderWorld } from '../orders/test-orders';

/**
 * 'Importar Pix do PSP' (issue 58 §3, decision 0099) against the PSP double built from BACEN's Pix API (bacen/pix-api
 * openapi.yaml 2.9.0, `GET /pix`), over OAuth2 and mutual TLS. March 2026 of the shop's Pix account, by hand:
 * - 05/03 10:00 a Pix of R$ 150,00 to the key without a charge;
 * - 25/03 11:30 the cobv of an instalment of R$ 1.000,00 due 10/03, paid 15 days late: 1.000,00 + 2 % (20,00) +
 *   1 % × 15/30 (5,00) = R$ 1.025,00, received by the webhook (its receipt keeps the endToEndId); the same day another
 *   such instalment received by hand, R$ 1.025,00 too, not through the PSP;
 * - 31/03 22:00 in São Paulo (01/04 01:00 UTC) a Pix of R$ 89,90: a March line;
 * - and a Pix of R$ 60,00 of 20/02, R$ 40,00 of it given back on 06/03: a money-out line of March.
 * Three Pix in, one out: 150,00 + 1.025,00 + 89,90 − 40,00 = R$ 1.224,90, the month's net.
 */
let t: TestApp;
let world: OrderWorld;
let psp: TestPsp;
let pixAccountId: number;
const client = makeTestCertificate({ password: 'senha do mTLS' });
const call = tokenCaller(() => t.app);
let manager = '';
let attendant = '';

async function at(iso: string) {
  vi.setSystemTime(new Date(iso));
  manager = await signIn(t.app, 'gerente@demo.com.br');
  attendant = await signIn(t.app, 'atendente@demo.com.br');
}

const reconciliation = async (): Promise<BankReconciliation> => {
  const res = await call('GET', `/bank-statements/reconciliation?accountId=${pixAccountId}&month=2026-03`, manager);
  expect(res.statusCode, res.body).toBe(200);
  return bankReconciliationSchema.parse(res.json().data);
};
const lineCount = async () =>
  Number(
    (
      await t.db
        .selectFrom('bank_statement_lines')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('account_id', '=', pixAccountId)
        .executeTakeFirstOrThrow()
    ).n,
  );

beforeAll(async () => {
  psp = await startTestPsp({
    clientId: 'loja-client',
    clientSecret: 'segredo-do-psp',
    pixKey: 'pix@loja.com.br',
    mtlsClientCertPem: client.certPem,
    post: async (url, body) =>
      (await t.app.inject({ method: 'POST', url: new URL(url).pathname, payload: body as object })).statusCode,
  });
  t = await createTestApp({ pixPspCa: [psp.caPem] });
  world = await createOrderWorld(t.db);
  pixAccountId = (
    await t.db
      .insertInto('bank_settings')
      .values({ name: 'Pix da loja', type: 'Pix', pix_type: 'EMAIL', pix_key: 'pix@loja.com.br' })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  await t.db
    .insertInto('company_settings')
    .values({ company_id: COMPANY_ID, name: 'Loja', merchant_name: 'LOJA DEMO', merchant_city: 'SAO PAULO' })
    .onConflict((oc) => oc.column('company_id').doUpdateSet({ merchant_name: 'LOJA DEMO', merchant_city: 'SAO PAULO' }))
    .execute();
  await t.db.updateTable('customers').set({ document: '52998224725' }).where('id', '=', world.customerId).execute();
  vi.useFakeTimers({ toFake: ['Date'] });
  await at('2026-03-01T15:00:00Z');
  const saved = await call('PUT', '/credit/psp', manager, {
    baseUrl: psp.url,
    clientId: 'loja-client',
    clientSecret: 'segredo-do-psp',
    certificate: client.pfx.toString('base64'),
    certificatePassword: client.password,
  });
  expect(saved.statusCode, saved.body).toBe(200);
  const secret = pixWebhookInfoSchema.parse(
    (await call('GET', '/payments/pix/webhook', await signIn(t.app, 'admin@demo.com.br'))).json(),
  ).data.secret;
  psp.webhookUrl = `http://app.test/api/payments/pix/webhook/${secret}`;
}, 120_000);

afterAll(async () => {
  vi.useRealTimers();
  await t.close();
  await psp.close();
});

describe("'Importar Pix do PSP'", () => {
  it('stores the month’s 3 Pix and 1 devolução once, and the cobv of R$ 1.025,00 matches its receipt', async () => {
    const february = psp.receive('60.00', new Date('2026-02-20T12:00:00Z'), 'Pedido antigo');
    psp.refund(february.endToEndId, 'D1', '40.00', new Date('2026-03-06T13:00:00Z'));
    psp.receive('150.00', new Date('2026-03-05T13:00:00Z'), 'Pedido 12');
    const id = await instalmentOf1000(t.db, world, '2026-02-08');
    const charge = receivablePixSchema.parse((await call('GET', `/receivables/${id}/pix`, attendant)).json().data);
    expect(charge).toMatchObject({ kind: 'COBV', amount: 1000, dueDate: '2026-03-10' });
    await at('2026-03-25T15:00:00Z');
    // Another instalment of the same terms received by hand as a Pix the same day, first: R$ 1.025,00 too. Only the
    // endToEndId tells the PSP's line which receipt it is.
    const other = await instalmentOf1000(t.db, world, '2026-02-08');
    const byHand = await call(
      'POST',
      `/receivables/${other}/payments`,
      manager,
      { method: 'PIX', amount: 1025 },
      'pix-a-mao',
    );
    expect(byHand.statusCode, byHand.body).toBeLessThan(300);
    const paid = await psp.pay(charge.txid as string, new Date('2026-03-25T14:30:00Z'));
    expect(paid.valor).toBe('1025.00');
    const receipt = await t.db
      .selectFrom('receivable_payments')
      .select(['id', 'amount_cents', 'end_to_end_id'])
      .where('receivable_id', '=', id)
      .executeTakeFirstOrThrow();
    expect({ ...receipt, amount_cents: Number(receipt.amount_cents) }).toMatchObject({
      amount_cents: 102_500,
      end_to_end_id: paid.endToEndId,
    });
    psp.receive('89.90', new Date('2026-04-01T01:00:00Z'));

    // The attendant may not import; a month not begun is refused, nothing stored.
    await at('2026-04-02T12:00:00Z');
    const body = { accountId: pixAccountId, month: '2026-03' };
    expect((await call('POST', '/bank-statements/psp', attendant, body)).statusCode).toBe(403);
    const future = await call('POST', '/bank-statements/psp', manager, { ...body, month: '2026-05' });
    expectApiError(future, 400, 'BAD_REQUEST');
    expect(future.json().errors).toEqual([BANK_STATEMENT_TEXTS.pspMonthFuture]);
    expect(await lineCount()).toBe(0);

    const first = await call('POST', '/bank-statements/psp', manager, body);
    expect(first.statusCode, first.body).toBe(201);
    expect(bankStatementImportSchema.parse(first.json().data)).toMatchObject({
      applied: true,
      lines: 4,
      newLines: 4,
      from: '2026-03-01',
      to: '2026-03-31',
      closingBalance: 1224.9,
      balanceOn: '2026-03-31',
    });
    // The double was asked over mTLS, from 90 days before March (a devolução of an earlier Pix) to 31/03 23:59:59.
    const asked = psp.requests.filter((request) => request.path === '/pix');
    expect(asked).toHaveLength(1);
    expect(asked[0]).toMatchObject({ method: 'GET', status: 200 });
    expect(asked[0]?.client).toBeTruthy();

    let month = await reconciliation();
    expect(month.lines.map((line) => [line.postedOn, line.amount, line.fitId, line.match?.kind ?? null])).toEqual([
      ['2026-03-05', 150, expect.any(String), null],
      ['2026-03-06', -40, expect.stringMatching(/^D/), null],
      ['2026-03-25', 1025, paid.endToEndId, 'RECEIVABLE_PAYMENT'],
      ['2026-03-31', 89.9, expect.any(String), null],
    ]);
    expect(month.lines[0]?.memo).toBe('Pix recebido · Pedido 12');
    expect(month.lines[2]?.memo).toBe(`Pix recebido · txid ${charge.txid}`);
    expect(month.lines[2]?.match).toMatchObject({ ref: String(receipt.id), amount: 1025, day: '2026-03-25' });
    // No balance in the Pix API: the month's net is the PSP's side; all open, the difference is all of it.
    expect(month).toMatchObject({ closingBalance: 1224.9, booksBalance: 0, difference: 1224.9 });

    // Imported again: the same answer, nothing stored twice.
    const again = await call('POST', '/bank-statements/psp', manager, body);
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toMatchObject({ applied: false, newLines: 0, lines: 4, closingBalance: 1224.9 });
    expect(await lineCount()).toBe(4);

    // Confirmed: R$ 1.025,00 reconciled, 150,00 − 40,00 + 89,90 = 199,90 still open.
    const confirmed = await call('POST', '/bank-statements/reconciliation/confirm', manager, body);
    expect(confirmed.json().data).toEqual({ confirmed: 1 });
    month = await reconciliation();
    expect(month).toMatchObject({ closingBalance: 1224.9, booksBalance: 1025, difference: 199.9 });
  });

  it('a PSP that refuses is 502 in Portuguese, none configured 404, and nothing is stored', async () => {
    await at('2026-04-02T12:00:00Z');
    const before = await lineCount();
    const body = { accountId: pixAccountId, month: '2026-04' };
    await call('PUT', '/credit/psp', manager, { baseUrl: psp.url, clientId: 'loja-client', clientSecret: 'errado' });
    const refused = await call('POST', '/bank-statements/psp', manager, body);
    expectApiError(refused, 502, 'PSP_FAILED');
    expect(refused.json().errors[0]).toContain('o PSP recusou as credenciais (HTTP 401)');
    const admin = await signIn(t.app, 'admin@demo.com.br');
    const removed = await t.app.inject({ method: 'DELETE', url: '/api/credit/psp', headers: bearer(admin) });
    expect(removed.statusCode).toBeLessThan(300);
    expectApiError(await call('POST', '/bank-statements/psp', manager, body), 404, 'NOT_FOUND');
    expectApiError(
      await call('POST', '/bank-statements/psp', manager, { accountId: 99_999, month: '2026-03' }),
      404,
      'NOT_FOUND',
    );
    expect(await lineCount()).toBe(before);
  });
});
