import { apiErrorSchema, fiscalNoteSchema, ORDER_STATUS } from '@backoffice/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, DEMO, signIn, type TestApp } from '../../../test/helpers';
import { createOrder, type OrderWorld } from '../../orders/test-orders';
import { testSefazServerIdentity } from '../sefaz/test-pki';
import { startTestSefaz, type TestSefaz } from '../sefaz/test-sefaz';
import { makeTestCertificate } from '../test-certificate';
import { createFiscalOrderWorld, saveTestIssuer, simplesProfileBody, uploadCertificate } from '../test-fiscal';

/**
 * Issue 55 §2, decision 0076, through the API against the SEFAZ of the tests: a consumer (CPF, no IE) in São Paulo,
 * the shop's state, buying at the counter (an NFC-e without freight) or having the order delivered by the courier
 * (an NF-e with the freight by default; an NFC-e of home delivery, indPres 4, when the user puts it on one). The
 * issuer has its 'responsável técnico', written in every note. The world's products: R$ 19,90 and R$ 50,00; the
 * courier's freight R$ 15,00.
 */
let t: TestApp;
let sefaz: TestSefaz;
let world: OrderWorld;
let admin: string;

const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url: `/api${url}`, headers: bearer(admin), ...(payload ? { payload } : {}) });
const note = (res: { statusCode: number; json(): unknown }, status = 201) => {
  expect(res.statusCode, JSON.stringify(apiErrorSchema.safeParse(res.json()).data ?? res.json())).toBe(status);
  return fiscalNoteSchema.parse((res.json() as { data: unknown }).data);
};
const xmlOf = async (id: number) => (await call('GET', `/fiscal/notes/${id}/xml`)).body;

beforeAll(async () => {
  const certificate = makeTestCertificate();
  const server = testSefazServerIdentity();
  sefaz = await startTestSefaz({ ...server, trusted: [certificate.certPem] });
  t = await createTestApp({ fiscalSefazUrl: sefaz.url, fiscalSefazCa: [server.certPem], fiscalSefazTimeoutMs: 10_000 });
  admin = await signIn(t.app, DEMO.admin);
  world = await createFiscalOrderWorld(t.db);
  await t.db
    .updateTable('customers')
    .set({
      document: '529.982.247-25',
      name: 'Maria da Silva',
      state_registration: null,
      street: 'Rua Augusta',
      number: '500',
      neighborhood: 'Consolação',
      city: 'São Paulo',
      state: 'SP',
      zip_code: '01305-000',
    })
    .where('id', '=', world.customerId)
    .execute();
  await saveTestIssuer(t, admin, {
    technicalContact: {
      cnpj: '99.999.999/0001-91',
      contact: 'Fulano de Tal',
      email: 'fulano@backoffice.example.com',
      phone: '(11) 5555-1122',
      csrtId: '01',
      csrt: 'G8063VRTNDMO886SFNK5LDUDEI24XJ22YIPO',
    },
  });
  expect((await uploadCertificate(t, admin, certificate.pfx, certificate.password)).statusCode).toBe(201);
  expect((await call('POST', '/fiscal/profiles', simplesProfileBody('Celulares e acessórios'))).statusCode).toBe(201);
}, 120_000);
afterAll(async () => {
  await t?.close();
  await sefaz?.close();
});

describe("a consumer's sale, at the counter or delivered (issue 55 §2, decision 0076)", () => {
  it('at the counter: an NFC-e without freight (modFrete 9, indPres 1), authorised', async () => {
    const order = await createOrder(t.db, world, {
      status: ORDER_STATUS.FINALIZADOS,
      deliveryType: 2,
      quantities: [1, 0],
    });
    const emitted = note(await call('POST', '/fiscal/notes', { orderId: order.id }));
    expect(emitted).toMatchObject({ model: 65, status: 'AUTHORIZED', total: 19.9 });
    const xml = await xmlOf(emitted.id);
    expect(xml).toContain('<indPres>1</indPres>');
    expect(xml).toContain('<transp><modFrete>9</modFrete></transp>');
  });

  it("delivered by the courier: an NF-e to the consumer with the freight, and the issuer's 'responsável técnico'", async () => {
    // Two of R$ 19,90 and R$ 15,00 of freight: R$ 54,80.
    const order = await createOrder(t.db, world, { status: ORDER_STATUS.ENTREGUE, quantities: [2, 0] });
    const emitted = note(await call('POST', '/fiscal/notes', { orderId: order.id }));
    expect(emitted).toMatchObject({ model: 55, status: 'AUTHORIZED', total: 54.8 });
    const xml = await xmlOf(emitted.id);
    for (const part of ['<CPF>52998224725</CPF>', '<indFinal>1</indFinal>', '<indPres>3</indPres>'])
      expect(xml).toContain(part);
    expect(xml).toContain('<vFrete>15.00</vFrete>');
    expect(xml).toContain('<transp><modFrete>0</modFrete></transp>');
    expect(xml).toMatch(
      /<infRespTec><CNPJ>99999999000191<\/CNPJ><xContato>Fulano de Tal<\/xContato><email>fulano@backoffice\.example\.com<\/email><fone>1155551122<\/fone><idCSRT>01<\/idCSRT><hashCSRT>[A-Za-z0-9+/]{27}=<\/hashCSRT><\/infRespTec>/,
    );
  });

  it('delivered, put on an NFC-e by the user: a home delivery (indPres 4), the shop its carrier, authorised', async () => {
    const order = await createOrder(t.db, world, { status: ORDER_STATUS.ENTREGUE, quantities: [1, 0] });
    const emitted = note(await call('POST', '/fiscal/notes', { orderId: order.id, model: 65 }));
    expect(emitted).toMatchObject({ model: 65, status: 'AUTHORIZED', total: 34.9 });
    const xml = await xmlOf(emitted.id);
    expect(xml).toContain('<indPres>4</indPres>');
    expect(xml).toContain('<modFrete>0</modFrete><transporta><CNPJ>11222333000181</CNPJ>');
    expect(xml).toContain('<enderDest><xLgr>Rua Augusta</xLgr>');
  });
});
