import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { apiErrorSchema, fiscalNoteSchema, ORDER_STATUS } from '@backoffice/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, DEMO, signIn, type TestApp } from '../../../test/helpers';
import { createOrder, type OrderWorld } from '../../orders/test-orders';
import { testSefazServerIdentity } from '../sefaz/test-pki';
import { startTestSefaz, type TestSefaz } from '../sefaz/test-sefaz';
import { makeTestCertificate } from '../test-certificate';
import { createFiscalOrderWorld, saveTestIssuer, simplesProfileBody, uploadCertificate } from '../test-fiscal';

/**
 * Issue 55 §2 through the API, against the SEFAZ of the tests: the published rules our pre-send check runs (806
 * named on the product) and the walk-in's 'CPF na nota' on his NFC-e and its DANFE. The world's order: two of
 * R$ 19,90 and one of R$ 50,00 to a company in Rio de Janeiro (notes.test.ts).
 */
let t: TestApp;
let sefaz: TestSefaz;
let world: OrderWorld;
let admin: string;
const folder = mkdtempSync(join(tmpdir(), 'notes-rules-'));

const call = (method: 'GET' | 'POST', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url: `/api${url}`, headers: bearer(token), ...(payload ? { payload } : {}) });
const note = (res: { statusCode: number; json(): unknown }, status = 200) => {
  expect(res.statusCode, JSON.stringify(res.json())).toBe(status);
  return fiscalNoteSchema.parse((res.json() as { data: unknown }).data);
};
const nextNumber = async () =>
  Number((await t.db.selectFrom('fiscal_issuer').select('nfe_next_number').executeTakeFirstOrThrow()).nfe_next_number);

/** The PDF's text as poppler's pdftotext reads it, its runs of spaces as one (as danfe.test.ts reads it). */
function pdfText(pdf: Buffer): string {
  const file = join(folder, `${Math.random().toString(36).slice(2)}.pdf`);
  writeFileSync(file, pdf);
  const text = execFileSync(process.env.PDFTOTEXT_PATH || '/usr/bin/pdftotext', ['-raw', file, '-'], {
    encoding: 'utf8',
  });
  return text.replace(/\s+/g, ' ');
}

/**
 * A Simples Nacional profile under ICMS-ST (CSOSN 500) named `name`, given to every product of the world (as an import
 * or an older version left them: no CEST); answers the first product's code and name, as rule 806 names it.
 */
async function icmsStWithoutCest(name: string) {
  const st = await call('POST', '/fiscal/profiles', admin, {
    ...simplesProfileBody(name),
    isDefault: false,
    cfopInState: '5405',
    cfopOutOfState: '6404',
    icmsCsosn: '500',
  });
  expect(st.statusCode, st.body).toBe(201);
  const stId = (st.json() as { data: { id: number } }).data.id;
  await t.db.updateTable('products').set({ fiscal_profile_id: stId }).where('id', 'in', world.products).execute();
  return t.db
    .selectFrom('products')
    .select(['code', 'name'])
    .where('id', '=', world.products[0] as number)
    .executeTakeFirstOrThrow();
}

/** A counter sale (one R$ 19,90 product) to the walk-in who gave his CPF, as the counter keeps it (decision 0040). */
async function walkInSaleWithCpf() {
  const walkIn = (await call('POST', '/customers/walk-in', admin)).json().data as { id: number };
  const sale = await createOrder(t.db, world, {
    status: ORDER_STATUS.FINALIZADOS,
    deliveryType: 2,
    quantities: [1, 0],
  });
  await t.db
    .updateTable('orders')
    .set({ customer_id: walkIn.id, note_document: '52998224725' })
    .where('id', '=', sale.id)
    .execute();
  return sale;
}

beforeAll(async () => {
  const certificate = makeTestCertificate();
  const server = testSefazServerIdentity();
  sefaz = await startTestSefaz({ ...server, trusted: [certificate.certPem] });
  t = await createTestApp({ fiscalSefazUrl: sefaz.url, fiscalSefazCa: [server.certPem], fiscalSefazTimeoutMs: 10_000 });
  admin = await signIn(t.app, DEMO.admin);
  world = await createFiscalOrderWorld(t.db);
  await saveTestIssuer(t, admin);
  expect((await uploadCertificate(t, admin, certificate.pfx, certificate.password)).statusCode).toBe(201);
  expect((await call('POST', '/fiscal/profiles', admin, simplesProfileBody('Acessórios'))).statusCode).toBe(201);
}, 120_000);
afterAll(async () => {
  await t?.close();
  await sefaz?.close();
  rmSync(folder, { recursive: true, force: true });
});

describe('the published rules before sending (issue 55 §2)', () => {
  it('a product sold under ICMS-ST without its CEST is refused (806), naming it, taking no number; with it, authorised', async () => {
    // Products given the profile before the CEST was asked for (an import, an older version): the note says it.
    const first = await icmsStWithoutCest('Celulares ICMS-ST');
    const order = () => createOrder(t.db, world, { status: ORDER_STATUS.ENTREGUE, quantities: [2, 1] });
    try {
      const before = await nextNumber();
      const refused = await call('POST', '/fiscal/notes', admin, { orderId: (await order()).id });
      expect(refused.statusCode).toBe(400);
      expect(apiErrorSchema.parse(refused.json()).errors).toEqual([
        `A SEFAZ recusaria esta nota (regra 806): o produto ${first.code} (${first.name}) é vendido com ICMS-ST (CSOSN 500) e não tem CEST: informe o CEST no cadastro do produto.`,
      ]);
      expect(await nextNumber()).toBe(before);
      await t.db.updateTable('products').set({ cest: '2105300' }).where('id', 'in', world.products).execute();
      const emitted = note(await call('POST', '/fiscal/notes', admin, { orderId: (await order()).id }), 201);
      expect(emitted.status).toBe('AUTHORIZED');
      const xml = (await call('GET', `/fiscal/notes/${emitted.id}/xml`, admin)).body;
      expect(xml).toContain('<NCM>85171300</NCM><CEST>2105300</CEST><CFOP>6404</CFOP>');
    } finally {
      await t.db
        .updateTable('products')
        .set({ fiscal_profile_id: null, cest: null })
        .where('id', 'in', world.products)
        .execute();
    }
  });
  it("names the product by its own name on an NFC-e in homologação (its first item's xProd is the layout's text)", async () => {
    const first = await icmsStWithoutCest('Celulares ICMS-ST (NFC-e)');
    try {
      const sale = await walkInSaleWithCpf();
      const refused = await call('POST', '/fiscal/notes', admin, { orderId: sale.id });
      expect(refused.statusCode).toBe(400);
      expect(apiErrorSchema.parse(refused.json()).errors).toEqual([
        `A SEFAZ recusaria esta nota (regra 806): o produto ${first.code} (${first.name}) é vendido com ICMS-ST (CSOSN 500) e não tem CEST: informe o CEST no cadastro do produto.`,
      ]);
    } finally {
      await t.db.updateTable('products').set({ fiscal_profile_id: null }).where('id', 'in', world.products).execute();
    }
  });
});

describe("'CPF na nota' (issue 55 §2)", () => {
  it("a counter sale to the walk-in who gave his CPF: the NFC-e's dest is that CPF, its DANFE shows it", async () => {
    const sale = await walkInSaleWithCpf();
    const emitted = note(await call('POST', '/fiscal/notes', admin, { orderId: sale.id }), 201);
    expect(emitted).toMatchObject({ model: 65, status: 'AUTHORIZED', total: 19.9 });
    const xml = (await call('GET', `/fiscal/notes/${emitted.id}/xml`, admin)).body;
    expect(/<dest>[\s\S]*?<\/dest>/.exec(xml)?.[0]).toBe('<dest><CPF>52998224725</CPF><indIEDest>9</indIEDest></dest>');
    const danfe = await call('GET', `/fiscal/notes/${emitted.id}/danfe.pdf`, admin);
    expect(danfe.statusCode).toBe(200);
    const text = pdfText(danfe.rawPayload);
    expect(text).toContain('CONSUMIDOR - CPF 529.982.247-25');
    expect(text).not.toContain('CONSUMIDOR NÃO IDENTIFICADO');
  });
});
