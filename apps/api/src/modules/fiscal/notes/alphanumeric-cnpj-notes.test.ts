import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fiscalNoteSchema, ORDER_STATUS } from '@backoffice/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessKeyParts, isValidAccessKey } from '../../../lib/nfe/access-key';
import { bearer, createTestApp, DEMO, signIn, type TestApp } from '../../../test/helpers';
import { createOrder, type OrderWorld } from '../../orders/test-orders';
import { SCHEMA_PACKAGE, validateAgainstSchema } from '../nfe/xsd';
import { testSefazServerIdentity } from '../sefaz/test-pki';
import { startTestSefaz, type TestSefaz } from '../sefaz/test-sefaz';
import { makeTestCertificate, TEST_CERTIFICATE_CNPJ } from '../test-certificate';
import { createFiscalOrderWorld, saveTestIssuer, simplesProfileBody, uploadCertificate } from '../test-fiscal';

/**
 * The alphanumeric CNPJ (IN RFB 2.229/2024; NT 2025.001: [0-9A-Z]{12}[0-9]{2}) through the API, against the strict
 * SEFAZ double (issue 55 §2, decision 0081): a company customer with one, and an issuer with one (its A1 names it; the
 * access key then holds letters in its CNPJ's 12 characters, its check digit by the characters' codes − 48). Each note
 * authorised, its nfeProc valid by the schemas of PL_010c_V1.30, its DANFE showing the CNPJ with its letters.
 * The world's order: two of R$ 19,90 and one of R$ 50,00 to a company in Rio de Janeiro (test-fiscal.ts).
 */
let t: TestApp;
let sefaz: TestSefaz;
let world: OrderWorld;
let admin: string;
const folder = mkdtempSync(join(tmpdir(), 'alphanumeric-cnpj-'));
/** RFB's own example of an alphanumeric CNPJ (Receita Federal, 'CNPJ alfanumérico', perguntas e respostas). */
const ISSUER_CNPJ = '12ABC34501DE35';
/** A demo-like company (alphanumeric-cnpj.test.ts works its check digits by hand). */
const CUSTOMER_CNPJ = 'RKXEZ842000103';
const numericCertificate = makeTestCertificate();
const alphanumericCertificate = makeTestCertificate({ cnpj: ISSUER_CNPJ });

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url: `/api${url}`, headers: bearer(token), ...(payload ? { payload } : {}) });

function pdfText(pdf: Buffer): string {
  const file = join(folder, `${Math.random().toString(36).slice(2)}.pdf`);
  writeFileSync(file, pdf);
  const text = execFileSync(process.env.PDFTOTEXT_PATH || '/usr/bin/pdftotext', ['-raw', file, '-'], {
    encoding: 'utf8',
  });
  return text.replace(/\s+/g, ' ');
}

/** The world's order, delivered, as an NF-e: authorised, its nfeProc schema-valid; its XML and DANFE's text. */
async function emitted() {
  const order = await createOrder(t.db, world, { status: ORDER_STATUS.ENTREGUE, quantities: [2, 1] });
  const res = await call('POST', '/fiscal/notes', admin, { orderId: order.id });
  expect(res.statusCode, res.body).toBe(201);
  const note = fiscalNoteSchema.parse(res.json().data);
  expect({ status: note.status, code: note.statusCode, reason: note.statusReason }).toMatchObject({
    status: 'AUTHORIZED',
  });
  const xml = (await call('GET', `/fiscal/notes/${note.id}/xml`, admin)).body;
  expect(await validateAgainstSchema(xml, 'procNFe_v4.00.xsd')).toEqual({ valid: true, problems: [] });
  const danfe = await call('GET', `/fiscal/notes/${note.id}/danfe.pdf`, admin);
  expect(danfe.statusCode).toBe(200);
  return { note, xml, danfe: pdfText(danfe.rawPayload) };
}

beforeAll(async () => {
  const server = testSefazServerIdentity();
  sefaz = await startTestSefaz({
    ...server,
    trusted: [numericCertificate.certPem, alphanumericCertificate.certPem],
  });
  t = await createTestApp({ fiscalSefazUrl: sefaz.url, fiscalSefazCa: [server.certPem], fiscalSefazTimeoutMs: 10_000 });
  admin = await signIn(t.app, DEMO.admin);
  world = await createFiscalOrderWorld(t.db);
  await t.db.updateTable('customers').set({ document: CUSTOMER_CNPJ }).where('id', '=', world.customerId).execute();
  expect((await call('POST', '/fiscal/profiles', admin, simplesProfileBody('Acessórios'))).statusCode).toBe(201);
}, 120_000);
afterAll(async () => {
  await t?.close();
  await sefaz?.close();
  rmSync(folder, { recursive: true, force: true });
});

describe(`the alphanumeric CNPJ on notes authorised by the strict double (schemas ${SCHEMA_PACKAGE})`, () => {
  it("a company customer's: dest/CNPJ with its letters, on the DANFE as RK.XEZ.842/0001-03", async () => {
    await saveTestIssuer(t, admin);
    expect((await uploadCertificate(t, admin, numericCertificate.pfx, numericCertificate.password)).statusCode).toBe(
      201,
    );
    const { note, xml, danfe } = await emitted();
    expect(xml).toContain(`<dest><CNPJ>${CUSTOMER_CNPJ}</CNPJ>`);
    expect(accessKeyParts(note.accessKey as string).issuerDocument).toBe(TEST_CERTIFICATE_CNPJ);
    expect(danfe).toContain('RK.XEZ.842/0001-03');
    expect(sefaz.refusals).toEqual([]);
  });

  it("an issuer's: emit/CNPJ and the access key with letters (its digit by codes − 48), the DANFE's barcode A/C", async () => {
    // The issuer's CNPJ changes once the other company's certificate is gone (the form refuses it before).
    expect((await call('DELETE', '/fiscal/certificate', admin)).statusCode).toBe(200);
    // The shop's numbering goes on (its note 1 is the first test's).
    await saveTestIssuer(t, admin, {
      cnpj: '12.ABC.345/01DE-35',
      nfe: { series: 1, nextNumber: 2 },
      nfce: { series: 1, nextNumber: 1 },
    });
    expect(
      (await uploadCertificate(t, admin, alphanumericCertificate.pfx, alphanumericCertificate.password)).statusCode,
    ).toBe(201);
    const { note, xml, danfe } = await emitted();
    const key = note.accessKey as string;
    // cUF 35, AAMM, then the CNPJ as it is: 12ABC34501DE35.
    expect(key.slice(6, 20)).toBe(ISSUER_CNPJ);
    expect(isValidAccessKey(key)).toBe(true);
    expect(xml).toContain(`<emit><CNPJ>${ISSUER_CNPJ}</CNPJ>`);
    expect(xml).toContain(`<chNFe>${key}</chNFe>`);
    expect(danfe).toContain('12.ABC.345/01DE-35');
    // The key in groups of four, letters included.
    expect(danfe).toContain(key.replace(/(.{4})(?=.)/g, '$1 '));
    expect(sefaz.refusals).toEqual([]);
  });
});
