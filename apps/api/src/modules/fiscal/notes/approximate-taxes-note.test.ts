import { randomUUID } from 'node:crypto';
import { fiscalNoteSchema, ORDER_STATUS } from '@backoffice/contract';
import { DOMParser } from '@xmldom/xmldom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, DEMO, signIn, type TestApp } from '../../../test/helpers';
import { createOrder, type OrderWorld } from '../../orders/test-orders';
import { testSefazServerIdentity } from '../sefaz/test-pki';
import { startTestSefaz, type TestSefaz } from '../sefaz/test-sefaz';
import { makeTestCertificate } from '../test-certificate';
import { createFiscalOrderWorld, saveTestIssuer, simplesProfileBody, uploadCertificate } from '../test-fiscal';

/**
 * Issue 55 §2 through the API, on a fresh database of each engine, against the SEFAZ of the tests: an order's note
 * to a consumer (the world's company in RJ, without IE: indFinal 1) states its approximate taxes once São Paulo's
 * IBPT table (the issuer's state) has its NCM, and the Simples' statements; without the table, only the statements.
 * The world's order: two of R$ 19,90 and one of R$ 50,00, freight R$ 15,00, NCM 8517.13.00, origem 0.
 */
let t: TestApp;
let sefaz: TestSefaz;
let world: OrderWorld;
let admin: string;

const texts = (xml: string, tag: string) =>
  Array.from(new DOMParser().parseFromString(xml, 'text/xml').getElementsByTagName(tag)).map((n) => n.textContent);

function importTable(csv: string) {
  const boundary = `----ibpt${randomUUID()}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="uf"\r\n\r\nSP\r\n`),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="ibpt.csv"\r\n\r\n`),
    Buffer.from(csv, 'latin1'),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return t.app.inject({
    method: 'POST',
    url: '/api/fiscal/ibpt',
    headers: { ...bearer(admin), 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
}

async function emitted(): Promise<string> {
  const order = await createOrder(t.db, world, { status: ORDER_STATUS.ENTREGUE, quantities: [2, 1] });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/fiscal/notes',
    headers: bearer(admin),
    payload: { orderId: order.id },
  });
  expect(res.statusCode, res.body).toBe(201);
  const note = fiscalNoteSchema.parse(res.json().data);
  expect(note.status).toBe('AUTHORIZED');
  const row = await t.db.selectFrom('fiscal_notes').select('xml').where('id', '=', note.id).executeTakeFirstOrThrow();
  return row.xml;
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
  const profile = await t.app.inject({
    method: 'POST',
    url: '/api/fiscal/profiles',
    headers: bearer(admin),
    payload: simplesProfileBody('Celulares e acessórios'),
  });
  expect(profile.statusCode).toBe(201);
}, 120_000);
afterAll(async () => {
  await t?.close();
  await sefaz?.close();
});

const STATEMENTS =
  'DOCUMENTO EMITIDO POR ME OU EPP OPTANTE PELO SIMPLES NACIONAL. NÃO GERA DIREITO A CRÉDITO FISCAL DE IPI.';

describe("an order's note states the texts the law asks for (issue 55 §2)", () => {
  it('without an IBPT table: the statements, no vTotTrib', async () => {
    const xml = await emitted();
    expect(texts(xml, 'indFinal')).toEqual(['1']);
    expect(texts(xml, 'vTotTrib')).toEqual([]);
    expect(texts(xml, 'infCpl')[0]).toMatch(new RegExp(`^${STATEMENTS} Pedido [A-Z0-9-]+\\.$`));
  });

  it("with São Paulo's table: each item's vTotTrib, the total's and the sentence, by hand", async () => {
    const header =
      'codigo;ex;tipo;descricao;nacionalfederal;importadosfederal;estadual;municipal;vigenciainicio;vigenciafim;chave;versao;fonte';
    const res = await importTable(
      `${header}\n85171300;;0;Telefones inteligentes;13.45;15.45;18.00;0.00;01/01/2026;31/12/2099;9oi7eW;26.1.G;IBPT\n`,
    );
    expect(res.statusCode, res.body).toBe(201);
    const xml = await emitted();
    // Freight R$ 15,00 by value (39,80 and 50,00 of 89,80), rounded down, the rest on the last: 6,64 and 8,36.
    // First line 39,80 + 6,64 = 46,44: federal 13,45 % = 6,24618 → 6,25; state 18 % = 8,3592 → 8,36; 14,61.
    // Second 50,00 + 8,36 = 58,36: federal 7,84942 → 7,85; state 10,5048 → 10,50; 18,35. Total 32,96.
    expect(texts(xml, 'vFrete')).toEqual(['6.64', '8.36', '15.00']);
    expect(texts(xml, 'vTotTrib')).toEqual(['14.61', '18.35', '32.96']);
    expect(texts(xml, 'infCpl')[0]).toMatch(
      new RegExp(
        `^${STATEMENTS} Pedido [A-Z0-9-]+\\. Valor aproximado dos tributos: R\\$ 32,96 \\(Federal R\\$ 14,10, Estadual R\\$ 18,86, Municipal R\\$ 0,00\\) Fonte: IBPT chave 9oi7eW \\(Lei Federal 12\\.741/2012\\)\\.$`,
      ),
    );
  });
});
