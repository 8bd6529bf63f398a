import { apiErrorSchema, NFSE_TEXTS, serviceInvoiceSchema } from '@backoffice/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, DEMO, expectApiError, signIn, type TestApp } from '../../../test/helpers';
import { pdfText } from '../../../test/pdf-text';
import { picture } from '../../orders/test-orders';
import { imeiOf, type RepairsWorld, repairCalls } from '../../repairs/test-repairs';
import { createCustomer, createProduct } from '../../selling/test-selling';
import { testSefazServerIdentity } from '../sefaz/test-pki';
import { startTestSefaz, type TestSefaz } from '../sefaz/test-sefaz';
import { makeTestCertificate, TEST_CERTIFICATE_CNPJ } from '../test-certificate';
import { saveTestIssuer, simplesProfileBody, uploadCertificate } from '../test-fiscal';
import { emitDelivered } from './emit-nfse';
import { validateNfseSchema } from './nfse-xsd';
import { startTestSefin, type TestSefin } from './test-sefin';

/**
 * Issue 56 §4 through the API, against the SEFAZ and the Sefin Nacional of the tests: the R$ 470,00 repair of the
 * issue (a screen of R$ 350,00 and R$ 120,00 of labour, paid in cash) gets an NFC-e of R$ 350,00 and an NFS-e of
 * R$ 120,00 whose DPS validates against DPS_v1.00.xsd; the DANFSe; the cancellation; a city not national lists the
 * labour in 'Serviços a faturar'.
 */
let t: TestApp;
let sefaz: TestSefaz;
let sefin: TestSefin;
let w: RepairsWorld;
let serial = 700_000 + (Date.now() % 100_000);

const { call, openRepair } = repairCalls(() => w);
const invoice = (res: { statusCode: number; json(): unknown }, status = 201) => {
  expect(res.statusCode, JSON.stringify(apiErrorSchema.safeParse(res.json()).data ?? res.json())).toBe(status);
  return serviceInvoiceSchema.parse((res.json() as { data: unknown }).data);
};

beforeAll(async () => {
  const certificate = makeTestCertificate();
  const server = testSefazServerIdentity();
  sefaz = await startTestSefaz({ ...server, trusted: [certificate.certPem] });
  sefin = await startTestSefin({
    ...server,
    trusted: [certificate.certPem],
    provider: {
      name: 'DISTRIBUIDORA MODELO DE CELULARES LTDA',
      street: 'Rua Augusta',
      number: '100',
      district: 'Consolação',
      cityCode: '3550308',
      uf: 'SP',
      cep: '01305000',
    },
    // The shop in the registries: its CNPJ in São Paulo, an ME/EPP in the Simples Nacional (as its settings say).
    taxpayers: [{ cnpj: TEST_CERTIFICATE_CNPJ, cityCode: '3550308', simplesOption: 3 }],
  });
  t = await createTestApp({
    fiscalSefazUrl: sefaz.url,
    fiscalSefazCa: [server.certPem],
    fiscalSefinUrl: sefin.url,
    fiscalSefinCa: [server.certPem],
    fiscalSefazTimeoutMs: 10_000,
  });
  const admin = await signIn(t.app, DEMO.admin);
  const technician = await signIn(t.app, DEMO.technician);
  const technicianId = (
    await t.db.selectFrom('employees').select('id').where('email', '=', DEMO.technician).executeTakeFirstOrThrow()
  ).id;
  w = { t, admin, stocker: await signIn(t.app, DEMO.stocker), technician, technicianId };
  await saveTestIssuer(t, admin);
  expect((await uploadCertificate(t, admin, certificate.pfx, certificate.password)).statusCode).toBe(201);
  const profile = await call(admin, 'POST', '/fiscal/profiles', simplesProfileBody('Peças e acessórios'));
  expect(profile.statusCode).toBe(201);
  // The shop, an ME/EPP, says its Simples Nacional approximate rate: 6,00 % (the DPS's pTotTribSN).
  expect((await putSettings({ simplesTaxRate: 6 })).statusCode).toBe(200);
}, 120_000);
afterAll(async () => {
  await t?.close();
  await sefaz?.close();
  await sefin?.close();
});

/** PUT /fiscal/nfse/settings: the saved settings with `changes`. */
async function putSettings(changes: Record<string, unknown>) {
  const before = (await call(w.admin, 'GET', '/fiscal/nfse/settings')).json().data as Record<string, unknown>;
  const body = Object.fromEntries(
    Object.entries(before).filter(([key]) => !['nextDpsNumber', 'cityCode', 'cityName'].includes(key)),
  );
  return call(w.admin, 'PUT', '/fiscal/nfse/settings', { ...body, ...changes });
}

/** SP's IBPT table (as IBPT publishes it, tipo 2: LC 116's items) with item 14.01: 13,45 % federal, 2,90 % municipal. */
function uploadIbpt() {
  const boundary = '----ibptnfse';
  const csv = [
    'codigo;ex;tipo;descricao;nacionalfederal;importadosfederal;estadual;municipal;vigenciainicio;vigenciafim;chave;versao;fonte',
    '1401;;2;Manutenção e conservação de máquinas e aparelhos;13.45;13.45;0.00;2.90;01/01/2026;31/12/2099;9oi7eW;26.1.G;IBPT',
  ].join('\r\n');
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="uf"\r\n\r\nSP\r\n`),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="TabelaIBPTaxSP26.1.G.csv"\r\nContent-Type: text/csv\r\n\r\n`,
    ),
    Buffer.from(csv, 'latin1'),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return t.app.inject({
    method: 'POST',
    url: '/api/fiscal/ibpt',
    headers: { ...bearer(w.admin), 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
}

/** A repair of a R$ 350,00 screen and R$ 120,00 of labour, approved (paid in cash) and delivered: its id and order. */
async function deliveredRepair(labour = 120): Promise<{ id: number; orderId: number }> {
  const customer = await createCustomer(t.db, { name: 'Rita Reparo' });
  const screen = await createProduct(t.db, { name: 'Tela iPhone 12', costCents: 20_000, sellCents: 35_000, stock: 5 });
  await t.db.updateTable('products').set({ ncm: '85177990' }).where('id', '=', screen.id).execute();
  const opened = await openRepair(customer.id, imeiOf(serial++));
  expect((await call(w.technician, 'POST', `/repairs/${opened.id}/start-diagnosis`, {})).statusCode).toBe(200);
  const estimate = await call(w.technician, 'POST', `/repairs/${opened.id}/send-estimate`, {
    diagnosis: 'Display trincado',
    parts: [{ productId: screen.id, quantity: 1 }],
    labour,
  });
  expect(estimate.statusCode).toBe(200);
  const approved = await call(w.admin, 'POST', `/repairs/${opened.id}/approve`, { payment: 'CASH' });
  expect(approved.statusCode).toBe(200);
  for (const move of ['start-repair', 'finish-repair'])
    expect((await call(w.technician, 'POST', `/repairs/${opened.id}/${move}`, {})).statusCode).toBe(200);
  const delivered = await call(w.admin, 'POST', `/repairs/${opened.id}/deliver`, { signature: await picture('png') });
  expect(delivered.statusCode).toBe(200);
  return { id: opened.id, orderId: (approved.json().data.order as { id: number }).id };
}

describe("a repair's labour on the national NFS-e (issue 56 §4, decision 0085)", () => {
  it('R$ 470,00 = an NFC-e of R$ 350,00 (the screen, no vOutro) + an NFS-e of R$ 120,00 authorised by the Sefin Nacional', async () => {
    const repair = await deliveredRepair();
    const note = await call(w.admin, 'POST', '/fiscal/notes', { orderId: repair.orderId, model: 65 });
    expect(note.statusCode, note.body).toBe(201);
    expect(note.json().data).toMatchObject({ model: 65, status: 'AUTHORIZED', total: 350 });
    const goods = (await call(w.admin, 'GET', `/fiscal/notes/${note.json().data.id}/xml`)).body;
    expect(goods).toContain('<vNF>350.00</vNF>');
    expect(goods).toContain('<vOutro>0.00</vOutro>');
    expect(goods).toContain('<tPag>01</tPag><vPag>350.00</vPag>');

    const emitted = invoice(await call(w.admin, 'POST', `/fiscal/nfse/repairs/${repair.id}`, {}));
    expect(emitted).toMatchObject({
      status: 'AUTHORIZED',
      repairId: repair.id,
      orderId: repair.orderId,
      amount: 120,
      // ISS 2,00 % of R$ 120,00 = R$ 2,40.
      issRate: 2,
      iss: 2.4,
      takerDocument: '52998224725',
      environment: 2,
      dpsSeries: '1',
      dpsNumber: 1,
      nfseNumber: '1',
    });
    expect(emitted.accessKey).toMatch(/^\d{50}$/);
    const kept = sefin.notes.get(emitted.accessKey as string);
    expect(kept?.xml).toContain('<vServ>120.00</vServ>');
    expect(kept?.xml).toContain('<cTribNac>140101</cTribNac>');
    const dps = /<DPS[\s\S]*<\/DPS>/.exec(kept?.xml ?? '')?.[0] ?? '';
    const standalone = dps.replace('<DPS ', '<DPS xmlns="http://www.sped.fazenda.gov.br/nfse" ');
    expect(validateNfseSchema(standalone, 'DPS_v1.00.xsd')).toEqual({ valid: true, problems: [] });
    // An ME/EPP: its Simples Nacional approximate rate, never indTotTrib (Anexo I E0712).
    expect(dps).toContain('<totTrib><pTotTribSN>6.00</pTotTribSN></totTrib>');

    const xml = await call(w.admin, 'GET', `/fiscal/nfse/${emitted.id}/xml`);
    expect(xml.body).toBe(kept?.xml);
    const pdf = await call(w.admin, 'GET', `/fiscal/nfse/${emitted.id}/danfse.pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    // Once: the repair's labour has its NFS-e.
    expectApiError(await call(w.admin, 'POST', `/fiscal/nfse/repairs/${repair.id}`, {}), 409, 'CONFLICT');
  });

  it('cancels by event 101101 with a reason; a second cancellation is refused in words', async () => {
    const repair = await deliveredRepair(80);
    const emitted = invoice(await call(w.admin, 'POST', `/fiscal/nfse/repairs/${repair.id}`, {}));
    expect(emitted).toMatchObject({ status: 'AUTHORIZED', amount: 80 });
    const technicianTry = await call(w.technician, 'POST', `/fiscal/nfse/${emitted.id}/cancel`, {
      reasonCode: 1,
      reason: 'Valor da mão de obra errado',
    });
    expectApiError(technicianTry, 403, 'FORBIDDEN');
    expectApiError(
      await call(w.admin, 'POST', `/fiscal/nfse/${emitted.id}/cancel`, { reasonCode: 1, reason: 'curto' }),
      400,
      'VALIDATION_FAILED',
    );
    const cancelled = invoice(
      await call(w.admin, 'POST', `/fiscal/nfse/${emitted.id}/cancel`, {
        reasonCode: 1,
        reason: 'Valor da mão de obra errado',
      }),
      200,
    );
    expect(cancelled).toMatchObject({ status: 'CANCELLED', cancelReason: 'Valor da mão de obra errado' });
    expect(sefin.notes.get(emitted.accessKey as string)?.cancelled).toBe(true);
    expectApiError(
      await call(w.admin, 'POST', `/fiscal/nfse/${emitted.id}/cancel`, {
        reasonCode: 1,
        reason: 'Valor da mão de obra errado',
      }),
      409,
      'CONFLICT',
    );
  });

  it('the lost answer: the Sefin generated the NFS-e but hung up; sent again, the DPS is looked up (GET /dps/{id}), one NFS-e', async () => {
    const repair = await deliveredRepair(60);
    const before = sefin.notes.size;
    const refusals = sefin.refusals.length;
    sefin.loseNextAnswer();
    const pending = invoice(await call(w.admin, 'POST', `/fiscal/nfse/repairs/${repair.id}`, {}));
    expect(pending).toMatchObject({ status: 'PENDING', accessKey: null, amount: 60 });
    // The API kept the NFS-e it generated, though nobody heard of it.
    expect(sefin.notes.size).toBe(before + 1);
    const generated = [...sefin.notes.values()].at(-1);

    const sent = invoice(await call(w.admin, 'POST', `/fiscal/nfse/${pending.id}/send`, {}), 200);
    expect(sent).toMatchObject({ status: 'AUTHORIZED', accessKey: generated?.accessKey, dpsNumber: pending.dpsNumber });
    // No second NFS-e, and no E0014 refusal: the DPS was not posted again.
    expect(sefin.notes.size).toBe(before + 1);
    expect(sefin.refusals.slice(refusals).map((r) => r.code)).toEqual([]);
    expect((await call(w.admin, 'GET', `/fiscal/nfse/${sent.id}/xml`)).body).toBe(generated?.xml);
  });

  it("a city not on the national NFS-e: the labour goes to 'Serviços a faturar' and its CSV for the accountant", async () => {
    const before = (await call(w.admin, 'GET', '/fiscal/nfse/settings')).json().data;
    expect(before).toMatchObject({
      national: true,
      nationalTaxCode: '140101',
      serviceItem: '14.01',
      cityCode: '3550308',
    });
    const saved = await call(w.admin, 'PUT', '/fiscal/nfse/settings', {
      ...Object.fromEntries(
        Object.entries(before).filter(([key]) => !['nextDpsNumber', 'cityCode', 'cityName'].includes(key)),
      ),
      national: false,
      issRate: 5,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    try {
      const repair = await deliveredRepair(150);
      const listed = invoice(await call(w.admin, 'POST', `/fiscal/nfse/repairs/${repair.id}`, {}));
      // R$ 150,00 at 5,00 %: R$ 7,50 of ISS.
      expect(listed).toMatchObject({ status: 'TO_INVOICE', amount: 150, iss: 7.5, accessKey: null, dpsNumber: null });
      const csv = await call(w.admin, 'GET', '/fiscal/nfse/to-invoice.csv');
      expect(csv.statusCode).toBe(200);
      expect(csv.body).toContain('Ordem de serviço;Data;Cliente;CPF/CNPJ;Serviço;Valor;Alíquota ISS (%);ISS');
      expect(csv.body).toContain(`${repair.id};`);
      expect(csv.body).toContain(';150,00;5,00;7,50');
      expectApiError(await call(w.admin, 'GET', `/fiscal/nfse/${listed.id}/danfse.pdf`), 409, 'CONFLICT');
    } finally {
      await call(w.admin, 'PUT', '/fiscal/nfse/settings', {
        ...Object.fromEntries(
          Object.entries(before).filter(([key]) => !['nextDpsNumber', 'cityCode', 'cityName'].includes(key)),
        ),
      });
    }
  });

  it("the worker's round: a delivered repair without NFS-e gets one; a second round finds nothing to do", async () => {
    const repair = await deliveredRepair(95);
    const context = {
      db: t.db,
      serverSecret: t.config.jwtSecret,
      sefinUrl: sefin.url,
      sefinCa: [testSefazServerIdentity().certPem],
      timeoutMs: 2_000,
    };
    expect(await emitDelivered(context)).toBeGreaterThanOrEqual(1);
    const [made] = (await call(w.admin, 'GET', `/fiscal/nfse?repairId=${repair.id}`)).json().data;
    expect(made).toMatchObject({ repairId: repair.id, status: 'AUTHORIZED', amount: 95 });
    expect(await emitDelivered(context)).toBe(0);
  });

  it('refuses what has no labour to invoice, and the settings are the settings permission', async () => {
    expectApiError(await call(w.admin, 'POST', '/fiscal/nfse/repairs/999999', {}), 404, 'NOT_FOUND');
    const customer = await createCustomer(t.db, { name: 'Sem Orçamento' });
    const opened = await openRepair(customer.id, imeiOf(serial++));
    expectApiError(await call(w.admin, 'POST', `/fiscal/nfse/repairs/${opened.id}`, {}), 409, 'CONFLICT');
    expectApiError(await call(w.technician, 'GET', '/fiscal/nfse/settings'), 403, 'FORBIDDEN');
    const bad = await t.app.inject({
      method: 'PUT',
      url: '/api/fiscal/nfse/settings',
      headers: bearer(w.admin),
      payload: {
        national: true,
        serviceItem: '14.01',
        nationalTaxCode: '1401',
        issRate: 2,
        simplesOption: 3,
        specialRegime: 0,
        dpsSeries: '1',
        productionUrl: '',
        homologationUrl: '',
      },
    });
    expectApiError(bad, 400, 'VALIDATION_FAILED');
  });

  it('the approximate taxes the Sefin Nacional requires: the Simples rate of an ME/EPP, IBPT for a non-optante', async () => {
    const repair = await deliveredRepair(80);
    const numberBefore = (await call(w.admin, 'GET', '/fiscal/nfse/settings')).json().data.nextDpsNumber;
    try {
      for (const rate of [100, 12.345, -1])
        expectApiError(await putSettings({ simplesTaxRate: rate }), 400, 'VALIDATION_FAILED');
      expect((await putSettings({ simplesTaxRate: null })).statusCode).toBe(200);
      const missing = await call(w.admin, 'POST', `/fiscal/nfse/repairs/${repair.id}`, {});
      expect(expectApiError(missing, 409, 'CONFLICT').errors).toEqual([NFSE_TEXTS.simplesTaxRateMissing]);
      expect((await putSettings({ simplesOption: 1, specialRegime: 0 })).statusCode).toBe(200);
      // The shop left the Simples: so says the cadastre the Sefin Nacional consults (E0160 otherwise).
      sefin.register({ cnpj: TEST_CERTIFICATE_CNPJ, cityCode: '3550308', simplesOption: 1 });
      const noTable = await call(w.admin, 'POST', `/fiscal/nfse/repairs/${repair.id}`, {});
      expect(expectApiError(noTable, 409, 'CONFLICT').errors).toEqual([NFSE_TEXTS.serviceTaxRatesMissing('14.01')]);
      // Refused before signing: no DPS number was taken.
      expect((await call(w.admin, 'GET', '/fiscal/nfse/settings')).json().data.nextDpsNumber).toBe(numberBefore);
      const ibpt = await uploadIbpt();
      expect(ibpt.statusCode, ibpt.body).toBe(201);
      const emitted = invoice(await call(w.admin, 'POST', `/fiscal/nfse/repairs/${repair.id}`, {}));
      expect(emitted).toMatchObject({ status: 'AUTHORIZED', amount: 80 });
      const kept = sefin.notes.get(emitted.accessKey as string)?.xml ?? '';
      // IBPT's 13,45 % federal, 0,00 % state, 2,90 % municipal of item 14.01; no regApTribSN (E0162).
      expect(kept).toContain(
        '<totTrib><pTotTrib><pTotTribFed>13.45</pTotTribFed><pTotTribEst>0.00</pTotTribEst><pTotTribMun>2.90</pTotTribMun></pTotTrib></totTrib>',
      );
      expect(kept).toContain('<opSimpNac>1</opSimpNac><regEspTrib>0</regEspTrib>');
    } finally {
      sefin.register({ cnpj: TEST_CERTIFICATE_CNPJ, cityCode: '3550308', simplesOption: 3 });
      expect((await putSettings({ simplesOption: 3, specialRegime: 0, simplesTaxRate: 6 })).statusCode).toBe(200);
    }
  });
  it("a shop in its city's CNC: refused E0116 without its 'Inscrição municipal', authorised with it on the DPS and DANFSe", async () => {
    const repair = await deliveredRepair(90);
    // São Paulo's CNC NFS-e holds the shop with the municipal registration 1234567-8.
    sefin.register({
      cnpj: TEST_CERTIFICATE_CNPJ,
      cityCode: '3550308',
      simplesOption: 3,
      cnc: [{ cityCode: '3550308', im: '1234567-8' }],
    });
    try {
      expectApiError(await putSettings({ municipalRegistration: '1234567-8901234X' }), 400, 'VALIDATION_FAILED');
      expectApiError(await putSettings({ municipalRegistration: '12 34' }), 400, 'VALIDATION_FAILED');
      const refused = invoice(await call(w.admin, 'POST', `/fiscal/nfse/repairs/${repair.id}`, {}));
      expect(refused.status).toBe('REJECTED');
      expect(refused.rejection).toContain('E0116: A IM deve ser informada para o emitente prestador do serviço na DPS');

      const saved = await putSettings({ municipalRegistration: ' 1234567-8 ' });
      expect(saved.json().data.municipalRegistration).toBe('1234567-8');
      const other = await deliveredRepair(90);
      const emitted = invoice(await call(w.admin, 'POST', `/fiscal/nfse/repairs/${other.id}`, {}));
      expect(emitted).toMatchObject({ status: 'AUTHORIZED', amount: 90 });
      const kept = sefin.notes.get(emitted.accessKey as string)?.xml ?? '';
      // The IM right after the CNPJ in prest, as DPS_v1.00.xsd orders them.
      expect(kept).toContain(`<prest><CNPJ>${TEST_CERTIFICATE_CNPJ}</CNPJ><IM>1234567-8</IM><regTrib>`);
      const pdf = await call(w.admin, 'GET', `/fiscal/nfse/${emitted.id}/danfse.pdf`);
      expect(pdfText(pdf.rawPayload)).toContain('1234567-8');
    } finally {
      sefin.register({ cnpj: TEST_CERTIFICATE_CNPJ, cityCode: '3550308', simplesOption: 3 });
      expect((await putSettings({ municipalRegistration: null })).json().data.municipalRegistration).toBeNull();
    }
  });
});
