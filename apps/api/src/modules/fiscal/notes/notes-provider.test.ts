import { apiErrorSchema, FISCAL_NOTE_TEXTS, fiscalNoteSchema, ORDER_STATUS } from '@backoffice/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, DEMO, signIn, type TestApp } from '../../../test/helpers';
import { createOrder, type OrderWorld } from '../../orders/test-orders';
import { startTestProvider, type TestProvider } from '../provider/test-provider';
import { makeTestCertificate } from '../test-certificate';
import { createFiscalOrderWorld, issuerBody, putIssuer, simplesProfileBody, uploadCertificate } from '../test-fiscal';

/**
 * Issue 41 §2, the provider's route (decision 0057): the shop chose Nuvem Fiscal in 'Fiscal', so an order's note goes
 * through its REST API (a provider of the tests following the published API, provider/test-provider.ts). The world's
 * order: 2 × R$ 19,90 + R$ 50,00 + freight R$ 15,00 = R$ 104,80, to a company in Rio de Janeiro.
 */
let t: TestApp;
let provider: TestProvider;
let world: OrderWorld;
let admin: string;

const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url: `/api${url}`, headers: bearer(admin), ...(payload ? { payload } : {}) });
const note = (res: { statusCode: number; json(): unknown }, status = 200) => {
  expect(res.statusCode, JSON.stringify(res.json())).toBe(status);
  return fiscalNoteSchema.parse((res.json() as { data: unknown }).data);
};
const delivered = () => createOrder(t.db, world, { status: ORDER_STATUS.ENTREGUE, quantities: [2, 1] });

beforeAll(async () => {
  provider = await startTestProvider();
  t = await createTestApp({
    fiscalProviderUrl: provider.url,
    fiscalProviderTokenUrl: provider.tokenUrl,
    fiscalSefazTimeoutMs: 10_000,
  });
  admin = await signIn(t.app, DEMO.admin);
  world = await createFiscalOrderWorld(t.db);
  // Through the provider without its credentials: refused; with them, saved (the secret sealed, never answered).
  const without = await putIssuer(t, admin, issuerBody({ cnpj: '11222333000181', transport: 'NUVEM_FISCAL' }));
  expect(without.statusCode).toBe(400);
  expect(apiErrorSchema.parse(without.json()).errors[0]).toBe(
    'Para enviar pela Nuvem Fiscal, informe o client ID e o client secret.',
  );
  const saved = await putIssuer(
    t,
    admin,
    issuerBody({
      cnpj: '11222333000181',
      transport: 'NUVEM_FISCAL',
      provider: { sandbox: true, clientId: provider.clientId, clientSecret: provider.clientSecret },
    }),
  );
  expect(saved.statusCode).toBe(200);
  expect(saved.json().data).toMatchObject({
    transport: 'NUVEM_FISCAL',
    provider: { sandbox: true, clientId: provider.clientId, secretConfigured: true },
  });
  expect(saved.body).not.toContain(provider.clientSecret);
  const certificate = makeTestCertificate();
  expect((await uploadCertificate(t, admin, certificate.pfx, certificate.password)).statusCode).toBe(201);
  const profile = await call('POST', '/fiscal/profiles', simplesProfileBody('Celulares'));
  expect(profile.statusCode).toBe(201);
}, 120_000);
afterAll(async () => {
  await t?.close();
  await provider?.close();
});

describe("an order's note through Nuvem Fiscal", () => {
  it("is emitted through the provider's API, authorised, its nfeProc the provider's; cancelled through it too", async () => {
    const order = await delivered();
    const emitted = note(await call('POST', '/fiscal/notes', { orderId: order.id }), 201);
    expect(emitted).toMatchObject({ status: 'AUTHORIZED', statusCode: 100, total: 104.8, model: 55 });
    expect(emitted.protocol).toMatch(/^\d{15}$/);
    // The provider got the note's figures, the order's key as its reference, with the shop's credentials.
    const sent = provider.requests.find((r) => r.method === 'POST' && r.path === '/nfe');
    expect(sent?.body).toMatchObject({
      ambiente: 'homologacao',
      referencia: emitted.accessKey,
      infNFe: { total: { ICMSTot: { vNF: 104.8, vProd: 89.8, vFrete: 15 } } },
    });
    const xml = await call('GET', `/fiscal/notes/${emitted.id}/xml`);
    expect(xml.body).toContain('<nfeProc');
    expect(xml.body).toContain(`<chNFe>${emitted.accessKey}</chNFe>`);

    const cancelled = note(
      await call('POST', `/fiscal/notes/${emitted.id}/cancel`, { reason: 'Cliente desistiu antes da entrega' }),
    );
    expect(cancelled.status).toBe('CANCELLED');
    expect(provider.requests.some((r) => r.method === 'POST' && r.path.endsWith('/cancelamento'))).toBe(true);
  });

  it("a provider's rejection keeps the number (REJECTED with the SEFAZ's code); a provider away leaves it waiting", async () => {
    const order = await delivered();
    provider.script.push({ kind: 'reject', status: 539, reason: 'Rejeição: Duplicidade de NF-e' });
    const rejected = note(await call('POST', '/fiscal/notes', { orderId: order.id }), 201);
    expect(rejected).toMatchObject({ status: 'REJECTED', statusCode: 539 });

    const other = await delivered();
    provider.script.push({ kind: 'http', status: 503 });
    const waiting = note(await call('POST', '/fiscal/notes', { orderId: other.id }), 201);
    expect(waiting).toMatchObject({ status: 'SIGNED', statusReason: FISCAL_NOTE_TEXTS.unavailable });
    expect(note(await call('POST', `/fiscal/notes/${waiting.id}/retry`)).status).toBe('AUTHORIZED');
  });

  it('the SEFAZ stopped (108) relayed by the provider is an outage, as a timeout is: the note waits, not rejected', async () => {
    const order = await delivered();
    provider.script.push({ kind: 'reject', status: 108, reason: 'Serviço Paralisado Momentaneamente (curto prazo)' });
    const waiting = note(await call('POST', '/fiscal/notes', { orderId: order.id }), 201);
    expect(waiting).toMatchObject({ status: 'SIGNED', statusCode: null, statusReason: FISCAL_NOTE_TEXTS.unavailable });

    // The SEFAZ back: sent again, the provider keeps its stopped document under the key, so the note goes under
    // the next reference and is authorised — one note, one authorisation.
    expect(note(await call('POST', `/fiscal/notes/${waiting.id}/retry`))).toMatchObject({ status: 'AUTHORIZED' });
    const documents = provider.documents().filter((d) => d.key === waiting.accessKey);
    expect(documents.map((d) => [d.referencia, d.status])).toEqual([
      [waiting.accessKey, 'rejeitado'],
      [`${waiting.accessKey}-2`, 'autorizado'],
    ]);
  });
});
