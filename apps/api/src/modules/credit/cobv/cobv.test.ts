import {
  COMPANY_ID,
  pixWebhookInfoSchema,
  pspSettingsSchema,
  pspTestSchema,
  receivableDetailsSchema,
  receivablePixSchema,
} from '@backoffice/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, signIn, type TestApp, tokenCaller } from '../../../test/helpers';
import { pdfText } from '../../../test/pdf-text';
import { makeTestCertificate } from '../../fiscal/test-certificate';
import { createOrderWorld, type OrderWorld } from '../../orders/test-orders';
import { instalmentOf1000 } from '../test-credit';
import { startTestPsp, type TestPsp } from '../test-psp';
import { pspClient } from './psp-client';

/**
 * Pix Cobrança com vencimento (issue 58 §1, decision 0094) against the PSP double built from BACEN's Pix API
 * (bacen/pix-api openapi.yaml 2.9.0), over OAuth2 and mutual TLS. The world's second product costs R$ 50,00; the
 * shop's credit settings are the defaults: a fine of 2 % once and interest of 1 % a month (30 days) pro rata die.
 */
let t: TestApp;
let world: OrderWorld;
let psp: TestPsp;
const client = makeTestCertificate({ password: 'senha do mTLS' });
const call = tokenCaller(() => t.app);
let manager = '';
let attendant = '';
/** The webhook's answer the next delivery gets instead of the app's (a PSP retries what was not answered 2xx). */
let failNextDelivery = false;

/** The app's clock (Date only: the timers stay real) at `iso`, and the sign-ins of that moment. */
async function at(iso: string) {
  vi.setSystemTime(new Date(iso));
  manager = await signIn(t.app, 'gerente@demo.com.br');
  attendant = await signIn(t.app, 'atendente@demo.com.br');
}

beforeAll(async () => {
  psp = await startTestPsp({
    clientId: 'loja-client',
    clientSecret: 'segredo-do-psp',
    pixKey: 'pix@loja.com.br',
    mtlsClientCertPem: client.certPem,
    post: async (url, body) => {
      if (failNextDelivery) {
        failNextDelivery = false;
        return 503;
      }
      return (await t.app.inject({ method: 'POST', url: new URL(url).pathname, payload: body as object })).statusCode;
    },
  });
  t = await createTestApp({ pixPspCa: [psp.caPem] });
  world = await createOrderWorld(t.db);
  // The shop's Pix key, merchant name and city; the customer's CPF (a cobv names its debtor).
  await t.db
    .insertInto('bank_settings')
    .values({ name: 'Pix da loja', type: 'Pix', pix_type: 'EMAIL', pix_key: 'pix@loja.com.br' })
    .execute();
  await t.db
    .insertInto('company_settings')
    .values({ company_id: COMPANY_ID, name: 'Loja', merchant_name: 'LOJA DEMO', merchant_city: 'SAO PAULO' })
    .onConflict((oc) => oc.column('company_id').doUpdateSet({ merchant_name: 'LOJA DEMO', merchant_city: 'SAO PAULO' }))
    .execute();
  await t.db.updateTable('customers').set({ document: '52998224725' }).where('id', '=', world.customerId).execute();
  vi.useFakeTimers({ toFake: ['Date'] });
  await at('2026-03-01T15:00:00Z');
  const secret = pixWebhookInfoSchema.parse(
    (await call('GET', '/payments/pix/webhook', await signIn(t.app, 'admin@demo.com.br'))).json(),
  ).data.secret;
  // The webhook registered at the PSP as the shop does ('Webhook do Pix' card): the PSP posts to `{url}/pix`.
  psp.webhookUrl = `http://app.test/api/payments/pix/webhook/${secret}`;
}, 120_000);

afterAll(async () => {
  vi.useRealTimers();
  await t.close();
  await psp.close();
});

describe("the shop's PSP ('Pix Cobrança' card)", () => {
  it('keeps the secrets sealed, never answers them, and tests the connection with OAuth2 over mTLS', async () => {
    const base = { baseUrl: psp.url, clientId: 'loja-client' };
    // A wrong secret: saved, and 'Testar conexão' says the PSP refused it.
    expect((await call('PUT', '/credit/psp', manager, { ...base, clientSecret: 'errado' })).statusCode).toBe(200);
    let test = pspTestSchema.parse((await call('POST', '/credit/psp/test', manager)).json().data);
    // Without the client certificate the double closes the TLS handshake: no token either.
    expect(test.ok).toBe(false);
    // The certificate but the wrong secret: RFC 6749 §5.2 invalid_client, HTTP 401.
    await call('PUT', '/credit/psp', manager, {
      ...base,
      certificate: client.pfx.toString('base64'),
      certificatePassword: client.password,
    });
    test = pspTestSchema.parse((await call('POST', '/credit/psp/test', manager)).json().data);
    expect(test).toEqual({
      ok: false,
      message: 'Falha na conexão com o PSP: o PSP recusou as credenciais (HTTP 401).',
      webhook: null,
    });
    // The right secret, the certificate kept: connected.
    const saved = await call('PUT', '/credit/psp', manager, { ...base, clientSecret: 'segredo-do-psp' });
    expect(pspSettingsSchema.parse(saved.json().data)).toMatchObject({
      configured: true,
      baseUrl: psp.url,
      clientId: 'loja-client',
      hasClientSecret: true,
      hasCertificate: true,
    });
    expect(saved.body).not.toContain('segredo-do-psp');
    test = pspTestSchema.parse((await call('POST', '/credit/psp/test', manager)).json().data);
    expect(test).toMatchObject({ ok: true, message: 'Conexão com o PSP funcionando: token OAuth2 obtido.' });
    // The app's address here is http (PUBLIC_URL unset): the webhook is not sent to the PSP, and it says why.
    expect(test.webhook?.registered).toBe(false);
    expect(psp.requests.at(-1)).toMatchObject({ method: 'POST', path: '/oauth/token', status: 200 });
    // At rest: sealed, neither the secret nor the password in clear.
    const row = await t.db.selectFrom('pix_psp_settings').selectAll().executeTakeFirstOrThrow();
    expect(row.client_secret.toString('latin1')).not.toContain('segredo-do-psp');
    expect(row.certificate_password?.toString('latin1')).not.toContain('senha do mTLS');
    // The attendant may not see nor change it.
    expect((await call('GET', '/credit/psp', attendant)).statusCode).toBe(403);
  });
});

describe("an instalment's cobv", () => {
  it('R$ 1.000,00 due 10/03 paid on 25/03 arrives as R$ 1.025,00 (20,00 + 5,00) and pays it in full, once', async () => {
    await at('2026-03-01T15:00:00Z');
    // Sold on 08/02 at 30 days: due on 10/03.
    const id = await instalmentOf1000(t.db, world, '2026-02-08');
    const pix = receivablePixSchema.parse((await call('GET', `/receivables/${id}/pix`, attendant)).json().data);
    expect(pix).toMatchObject({ kind: 'COBV', amount: 1000, dueDate: '2026-03-10', notice: null });
    expect(pix.txid).toMatch(/^[a-zA-Z0-9]{26,35}$/);
    // The PSP holds it as the spec asks: due day, the original, fine 2 % (modalidade 2), interest 1 % a month
    // (modalidade 3), the debtor's CPF and name, the shop's key.
    const held = psp.cobv.get(pix.txid);
    expect(held).toMatchObject({
      status: 'ATIVA',
      revisao: 0,
      calendario: { dataDeVencimento: '2026-03-10' },
      valor: {
        original: '1000.00',
        multa: { modalidade: 2, valorPerc: '2.00' },
        juros: { modalidade: 3, valorPerc: '1.00' },
      },
      devedor: { cpf: '52998224725' },
      chave: 'pix@loja.com.br',
    });
    // The dynamic BR Code: field 26 with the GUI and 25 the location (no static key), no amount, txid '***'.
    const location = held?.location as string;
    expect(pix.location).toBe(location);
    expect(pix.payload).toContain(`0014br.gov.bcb.pix25${String(location.length).padStart(2, '0')}${location}`);
    expect(pix.payload).not.toContain('pix@loja.com.br');
    expect(pix.payload).not.toMatch(/54\d\d\d+\.\d\d5802BR/);
    expect(pix.payload).toContain('62070503***');
    // Asked again, unchanged: the same cobv, not revised.
    const again = receivablePixSchema.parse((await call('GET', `/receivables/${id}/pix`, attendant)).json().data);
    expect(again.txid).toBe(pix.txid);
    expect(psp.cobv.get(pix.txid)?.revisao).toBe(0);

    // Paid on 25/03, 15 days late: 1.000,00 + 2 % (20,00) + 1 % × 15/30 (5,00) = 1.025,00. The first delivery is
    // answered 503: the PSP keeps it and sends it again.
    await at('2026-03-25T15:00:00Z');
    failNextDelivery = true;
    const paid = await psp.pay(pix.txid, new Date('2026-03-25T14:30:00Z'));
    expect(paid).toMatchObject({
      valor: '1025.00',
      componentesValor: { multa: { valor: '20.00' }, juros: { valor: '5.00' } },
    });
    expect(psp.pending()).toBe(1);
    expect(await psp.deliver()).toBe(1);
    // The same endToEndId delivered once more: paid once.
    const replay = await t.app.inject({
      method: 'POST',
      url: `${new URL(psp.webhookUrl as string).pathname}/pix`,
      payload: { pix: [paid] },
    });
    expect(replay.statusCode).toBe(200);
    const details = receivableDetailsSchema.parse((await call('GET', `/receivables/${id}`, attendant)).json().data);
    expect(details).toMatchObject({ status: 'PAID', paid: 1000, open: 0 });
    expect(
      details.payments.map((p) => [p.paidOn, p.method, p.amount, p.principal, p.fine, p.interest, p.endToEndId]),
    ).toEqual([['2026-03-25', 'PIX', 1025, 1000, 20, 5, paid.endToEndId]]);
    // The receipt shows the split.
    const receipt = await call('GET', `/receivables/${id}/payments/${details.payments[0]?.id}/receipt.pdf`, attendant);
    const text = pdfText(receipt.rawPayload);
    for (const part of ['R$ 1.000,00', 'R$ 20,00', 'R$ 5,00', 'R$ 1.025,00', 'Banco (Pix)'])
      expect(text).toContain(part);
  });

  it('is revised after a part payment by hand and removed when paid otherwise; overdue without one, static', async () => {
    await at('2026-04-01T15:00:00Z');
    const id = await instalmentOf1000(t.db, world, '2026-03-20'); // due 19/04
    const { txid } = receivablePixSchema.parse((await call('GET', `/receivables/${id}/pix`, attendant)).json().data);
    // R$ 400,00 in cash before the due day: the cobv now charges the R$ 600,00 open (revision 1).
    await call('POST', '/cash/open', attendant, { openingBalance: 0 });
    const part = await call('POST', `/receivables/${id}/payments`, attendant, { method: 'DEPOSIT', amount: 400 });
    expect(part.statusCode).toBe(200);
    expect(psp.cobv.get(txid)).toMatchObject({ revisao: 1, status: 'ATIVA', valor: { original: '600.00' } });
    // The rest by deposit: the cobv removed at the PSP, no longer payable.
    await call('POST', `/receivables/${id}/payments`, attendant, { method: 'DEPOSIT', amount: 600 });
    expect(psp.cobv.get(txid)).toMatchObject({ revisao: 2, status: 'REMOVIDA_PELO_USUARIO_RECEBEDOR' });
    await expect(psp.pay(txid, new Date())).rejects.toThrow(/não está ATIVA/);

    // An instalment already overdue with no cobv: the PSP refuses a due day before the creation, so the static code.
    const late = await instalmentOf1000(t.db, world, '2026-02-01'); // due 03/03
    const fallback = receivablePixSchema.parse((await call('GET', `/receivables/${late}/pix`, attendant)).json().data);
    expect(fallback.kind).toBe('STATIC');
    expect(fallback.notice).toMatch(/vencida/);
    expect(fallback.payload).toContain('pix@loja.com.br');
  });
});

describe('the PSP double refuses what the Pix API refuses', () => {
  it('answers each violation with its published problem type and title', async () => {
    await at('2026-04-01T15:00:00Z');
    const api = pspClient({
      baseUrl: psp.url,
      clientId: 'loja-client',
      clientSecret: 'segredo-do-psp',
      ca: [psp.caPem],
      pfx: client.pfx,
      passphrase: client.password,
    });
    const body = {
      calendario: { dataDeVencimento: '2026-03-31', validadeAposVencimento: 30 },
      devedor: { cpf: '52998224725', nome: 'Cliente' },
      valor: { original: '10.00' },
      chave: 'pix@loja.com.br',
    };
    const txid = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ1';
    const refusal = (promise: Promise<unknown>) =>
      promise.then(
        () => undefined,
        (error: { status: number; problem: unknown }) => ({ status: error.status, problem: error.problem }),
      );
    // "Tag CobV", CobVOperacaoInvalida: a due day before the creation (today 01/04).
    expect(await refusal(api.call('PUT', `cobv/${txid}`, body))).toMatchObject({
      status: 400,
      problem: {
        type: 'https://pix.bcb.gov.br/api/v2/error/CobVOperacaoInvalida',
        title: 'Cobrança inválida.',
        violacoes: [{ propriedade: 'cobv.calendario.dataDeVencimento' }],
      },
    });
    // A key of another account; a zero original; a debtor without CPF nor CNPJ.
    const wrong = await refusal(
      api.call('PUT', `cobv/${txid}`, {
        ...body,
        calendario: { dataDeVencimento: '2026-04-30' },
        chave: 'outra@loja.com.br',
        valor: { original: '0.00' },
        devedor: { nome: 'X' },
      }),
    );
    expect((wrong as { problem: { violacoes: { razao: string }[] } }).problem.violacoes.map((v) => v.razao)).toEqual([
      'O objeto cobv.devedor não respeita o _schema_.',
      'O campo cobv.chave corresponde a uma conta que não pertence a este usuário recebedor.',
      'O campo cobv.valor.original apresenta o valor zero.',
    ]);
    // A txid of 25 characters: TxId is [a-zA-Z0-9]{26,35}.
    expect(await refusal(api.call('PUT', `cobv/${txid.slice(0, 25)}`, body))).toMatchObject({ status: 400 });
    // CobVNaoEncontrada on PATCH of an unknown txid.
    expect(await refusal(api.call('PATCH', `cobv/${txid}`, { valor: { original: '5.00' } }))).toMatchObject({
      status: 404,
      problem: { type: 'https://pix.bcb.gov.br/api/v2/error/CobVNaoEncontrada' },
    });
    // Removing while changing something else; then changing a removed one.
    await api.call('PUT', `cobv/${txid}`, { ...body, calendario: { dataDeVencimento: '2026-04-30' } });
    expect(
      await refusal(
        api.call('PATCH', `cobv/${txid}`, { status: 'REMOVIDA_PELO_USUARIO_RECEBEDOR', valor: { original: '5.00' } }),
      ),
    ).toMatchObject({ status: 400 });
    await api.call('PATCH', `cobv/${txid}`, { status: 'REMOVIDA_PELO_USUARIO_RECEBEDOR' });
    expect(await refusal(api.call('PATCH', `cobv/${txid}`, { valor: { original: '5.00' } }))).toMatchObject({
      status: 400,
      problem: { title: 'Operação inválida.' },
    });
    // No bearer token it gave: RFC 6750 invalid_token.
    const stranger = pspClient({
      baseUrl: psp.url,
      clientId: 'x',
      clientSecret: 'y',
      ca: [psp.caPem],
      pfx: client.pfx,
      passphrase: client.password,
    });
    expect(await refusal(stranger.accessToken())).toMatchObject({ status: 401 });
  });
});
