import { COMPANY_ID, PSP_TEXTS, pixWebhookInfoSchema, pspTestSchema } from '@backoffice/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp, tokenCaller } from '../../../test/helpers';
import { startTestPsp, type TestPsp } from '../test-psp';
import { PspError, pspClient } from './psp-client';
import { testPsp } from './psp-settings';

/**
 * The shop's Pix webhook registered at its PSP (decision 0100) against the PSP double, as BACEN's Pix API
 * (bacen/pix-api openapi.yaml 2.9.0, tag Webhook) has it: `PUT /webhook/{chave}` with `{ webhookUrl }`, read back
 * by `GET`, removed by `DELETE`; 'Testar conexão' registers the app's public address (PUBLIC_URL, https here) and
 * the webhook's secret path for the shop's Pix key.
 */
let t: TestApp;
let psp: TestPsp;
const call = tokenCaller(() => t.app);
const PUBLIC = 'https://loja.exemplo.com.br';
const KEY = 'pix@loja.com.br';

beforeAll(async () => {
  psp = await startTestPsp({ clientId: 'loja-client', clientSecret: 'segredo-do-psp', pixKey: KEY });
  t = await createTestApp({ pixPspCa: [psp.caPem], publicUrl: PUBLIC });
  await t.db
    .insertInto('company_settings')
    .values({ company_id: COMPANY_ID, name: 'Loja', merchant_name: 'LOJA DEMO', merchant_city: 'SAO PAULO' })
    .onConflict((oc) => oc.column('company_id').doUpdateSet({ merchant_name: 'LOJA DEMO', merchant_city: 'SAO PAULO' }))
    .execute();
}, 120_000);

afterAll(async () => {
  await t.close();
  await psp.close();
});

const conn = () => ({ baseUrl: psp.url, clientId: 'loja-client', clientSecret: 'segredo-do-psp', ca: [psp.caPem] });

async function refusal(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (error instanceof PspError) return { status: error.status, problem: error.problem };
    throw error;
  }
  throw new Error('the PSP did not refuse');
}

describe("the PSP double's webhook (PUT, GET, DELETE /webhook/{chave})", () => {
  it("refuses a URL that is not https, a key not the account's, and answers 404 for none", async () => {
    const client = pspClient(conn());
    const notHttps = await refusal(
      client.call('PUT', `webhook/${KEY}`, { webhookUrl: 'http://loja.exemplo.com.br/x' }),
    );
    expect(notHttps).toMatchObject({
      status: 400,
      problem: {
        type: 'https://pix.bcb.gov.br/api/v2/error/WebhookOperacaoInvalida',
        violacoes: [{ razao: 'Campo webhook.webhookUrl não respeita o _schema_.', propriedade: 'webhook.webhookUrl' }],
      },
    });
    expect((await refusal(client.call('PUT', `webhook/${KEY}`, { webhookUrl: 'não é URL' }))).status).toBe(400);
    const otherKey = await refusal(
      client.call('PUT', `webhook/${encodeURIComponent('outra@loja.com.br')}`, { webhookUrl: `${PUBLIC}/x` }),
    );
    expect(otherKey.problem?.violacoes?.[0]?.razao).toBe(
      'o parâmetro {chave} não corresponde a uma chave DICT pertencente a este usuário recebedor.',
    );
    expect(await refusal(client.call('GET', `webhook/${KEY}`))).toMatchObject({
      status: 404,
      problem: { type: 'https://pix.bcb.gov.br/api/v2/error/WebhookNaoEncontrado' },
    });
    // Registered, read back, removed: then 404 again.
    await client.call('PUT', `webhook/${KEY}`, { webhookUrl: `${PUBLIC}/y` });
    expect(await client.call('GET', `webhook/${KEY}`)).toMatchObject({ webhookUrl: `${PUBLIC}/y`, chave: KEY });
    await client.call('DELETE', `webhook/${KEY}`);
    expect((await refusal(client.call('GET', `webhook/${KEY}`))).status).toBe(404);
  });
});

describe("'Testar conexão' registers the shop's Pix webhook", () => {
  it('says so without a Pix key; with one, registers PUBLIC_URL + the secret path and reads it back', async () => {
    const manager = await signIn(t.app, 'gerente@demo.com.br');
    const admin = await signIn(t.app, 'admin@demo.com.br');
    expect(
      (
        await call('PUT', '/credit/psp', manager, {
          baseUrl: psp.url,
          clientId: 'loja-client',
          clientSecret: 'segredo-do-psp',
        })
      ).statusCode,
    ).toBe(200);
    // No Pix key yet: connected, the webhook not registered, and why.
    let test = pspTestSchema.parse((await call('POST', '/credit/psp/test', manager)).json().data);
    expect(test).toEqual({
      ok: true,
      message: PSP_TEXTS.testOk,
      webhook: { registered: false, url: null, message: PSP_TEXTS.webhookNoKey },
    });
    expect(psp.webhooks.size).toBe(0);

    await t.db
      .insertInto('bank_settings')
      .values({ name: 'Pix da loja', type: 'Pix', pix_type: 'EMAIL', pix_key: KEY })
      .execute();
    const secret = pixWebhookInfoSchema.parse((await call('GET', '/payments/pix/webhook', admin)).json()).data.secret;
    const url = `${PUBLIC}/api/payments/pix/webhook/${secret}`;
    test = pspTestSchema.parse((await call('POST', '/credit/psp/test', manager)).json().data);
    expect(test.webhook).toEqual({ registered: true, url, message: PSP_TEXTS.webhookRegistered(url) });
    expect(psp.webhooks.get(KEY)?.webhookUrl).toBe(url);
    expect(psp.requests.slice(-2).map((r) => [r.method, r.path, r.status])).toEqual([
      ['PUT', `/webhook/${encodeURIComponent(KEY)}`, 200],
      ['GET', `/webhook/${encodeURIComponent(KEY)}`, 200],
    ]);

    // The same app at an http address: nothing sent to the PSP, and the words say why.
    const before = psp.requests.length;
    const plain = await testPsp(t.db, t.app.deps.config.jwtSecret, [psp.caPem], 'http://localhost:3103');
    expect(plain.webhook).toEqual({
      registered: false,
      url: `http://localhost:3103/api/payments/pix/webhook/${secret}`,
      message: PSP_TEXTS.webhookNotHttps('http://localhost:3103'),
    });
    expect(psp.requests.slice(before).map((r) => r.path)).toEqual(['/oauth/token']);
  });
});
