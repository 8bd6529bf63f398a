import forge from 'node-forge';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { XmlSigner } from '../../../lib/nfe/xml-signature';
import { testSefazServerIdentity } from '../sefaz/test-pki';
import { makeTestCertificate, TEST_CERTIFICATE_KEY_PEM } from '../test-certificate';
import { buildSignedCancellation } from './cancellation-event';
import { SEFIN_REFUSALS } from './double/sefin-refusals';
import { buildSignedDps, type DpsInput } from './dps';
import { validateNfseSchema } from './nfse-xsd';
import { createSefinClient, type SefinClient } from './sefin-client';
import { labourDps } from './test-nfse';
import { startTestSefin, type TestSefin } from './test-sefin';

/**
 * The Sefin Nacional of the tests (issue 56 §4, decision 0085) through the client, over mutual TLS: what it
 * generates and what it refuses, each refusal with its code and text (double/sefin-refusals.ts names their sources).
 */
let sefin: TestSefin;
let client: SefinClient;
let signer: XmlSigner;
const certificate = makeTestCertificate();
const other = makeTestCertificate({ cnpj: '44555666000181', holder: 'OUTRA EMPRESA LTDA' });
const pemToBase64 = (pem: string) =>
  forge.util.encode64(forge.asn1.toDer(forge.pki.certificateToAsn1(forge.pki.certificateFromPem(pem))).getBytes());
let number = 100;
const dps = (overrides: Partial<DpsInput> = {}, by: XmlSigner = signer) =>
  buildSignedDps(labourDps({ number: number++, ...overrides }), by);

beforeAll(async () => {
  const server = testSefazServerIdentity();
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
  });
  signer = { keyPem: TEST_CERTIFICATE_KEY_PEM, certificateBase64: pemToBase64(certificate.certPem) };
  client = createSefinClient({
    identity: { keyPem: TEST_CERTIFICATE_KEY_PEM, certPem: certificate.certPem },
    baseUrl: sefin.url,
    ca: [server.certPem],
    timeoutMs: 5_000,
  });
}, 60_000);
afterAll(async () => {
  client?.close();
  await sefin?.close();
});

const rejected = (refusal: { code: string; text: string }) => ({
  kind: 'rejected',
  errors: [{ code: refusal.code, text: refusal.text }],
});

describe('the Sefin Nacional double (issue 56 §4)', () => {
  it('generates the NFS-e of a valid DPS: a key of 50 digits, nNFSe, the DPS inside; valid against NFSe_v1.00.xsd', async () => {
    const sent = dps();
    const answer = await client.emit(sent.xml);
    if (answer.kind !== 'authorized') throw new Error(JSON.stringify(answer));
    expect(answer.accessKey).toMatch(/^3550308221122233300018100000000000\d{2}\d{4}\d{10}$/);
    expect(answer.accessKey).toHaveLength(50);
    expect(answer.nfseXml).toContain(`<infNFSe Id="NFS${answer.accessKey}">`);
    expect(answer.nfseXml).toContain('<cStat>100</cStat>');
    expect(answer.nfseXml).toContain(`<infDPS Id="${sent.id}">`);
    expect(answer.nfseXml).toContain('<vLiq>120.00</vLiq>');
    expect(validateNfseSchema(answer.nfseXml, 'NFSe_v1.00.xsd')).toEqual({ valid: true, problems: [] });
    // Kept: read by its key.
    expect(await client.nfse(answer.accessKey)).toBe(answer.nfseXml);
  });

  it('refuses the same DPS (the same Id: city, CNPJ, series, number) sent again', async () => {
    const sent = dps();
    expect((await client.emit(sent.xml)).kind).toBe('authorized');
    expect(await client.emit(sent.xml)).toEqual(rejected(SEFIN_REFUSALS.duplicate));
  });

  it('refuses a DPS out of the schema, a tampered one, one signed by another CNPJ, another environment, an unknown cTribNac', async () => {
    const broken = dps().xml.replace('<tpEmit>1</tpEmit>', '<tpEmit>7</tpEmit>');
    expect(await client.emit(broken)).toEqual(rejected(SEFIN_REFUSALS.schema));
    const tampered = dps().xml.replace('<vServ>120.00</vServ>', '<vServ>12.00</vServ>');
    expect(await client.emit(tampered)).toEqual(rejected(SEFIN_REFUSALS.signature));
    const byOther = dps({}, { keyPem: TEST_CERTIFICATE_KEY_PEM, certificateBase64: pemToBase64(other.certPem) });
    expect(await client.emit(byOther.xml)).toEqual(rejected(SEFIN_REFUSALS.certificateCnpj));
    expect(await client.emit(dps({ environment: 1 }).xml)).toEqual(rejected(SEFIN_REFUSALS.environment));
    expect(await client.emit(dps({ nationalTaxCode: '990401' }).xml)).toEqual(rejected(SEFIN_REFUSALS.taxCode));
    expect(await client.emit('<DPS')).toEqual(rejected(SEFIN_REFUSALS.malformed));
  });

  it('cancels once (event 101101): the second request is refused; an unknown key is 404', async () => {
    const answer = await client.emit(dps().xml);
    if (answer.kind !== 'authorized') throw new Error(JSON.stringify(answer));
    const request = buildSignedCancellation(
      {
        environment: 2,
        at: new Date(),
        authorCnpj: '11222333000181',
        accessKey: answer.accessKey,
        reasonCode: 1,
        reason: 'Erro na emissão: valor da mão de obra',
      },
      signer,
    );
    expect(validateNfseSchema(request.xml, 'pedRegEvento_v1.00.xsd')).toEqual({ valid: true, problems: [] });
    const registered = await client.event(answer.accessKey, request.xml);
    if (registered.kind !== 'registered') throw new Error(JSON.stringify(registered));
    expect(registered.eventXml).toContain(`<infEvento Id="EVT${answer.accessKey}101101001">`);
    expect(validateNfseSchema(registered.eventXml, 'evento_v1.00.xsd')).toEqual({ valid: true, problems: [] });
    expect(await client.event(answer.accessKey, request.xml)).toEqual(rejected(SEFIN_REFUSALS.alreadyCancelled));
    const unknown = `${'3550308'}${'0'.repeat(43)}`;
    expect(await client.event(unknown, request.xml)).toEqual(rejected(SEFIN_REFUSALS.eventKey));
    expect(await client.nfse(unknown)).toBeNull();
    expect(sefin.refusals.at(-1)).toBe(SEFIN_REFUSALS.notFound);
  });

  it('refuses a key that is not 50 digits (E2406) and only a trusted client certificate connects', async () => {
    expect(await client.event('123', '<x/>')).toEqual(rejected(SEFIN_REFUSALS.keyShape));
    const stranger = createSefinClient({
      identity: { keyPem: TEST_CERTIFICATE_KEY_PEM, certPem: other.certPem },
      baseUrl: sefin.url,
      ca: [testSefazServerIdentity().certPem],
      timeoutMs: 5_000,
    });
    await expect(stranger.emit(dps().xml)).rejects.toThrow();
    stranger.close();
  });
});
