import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLE_NFE_CERTIFICATE, SAMPLE_NFE_PRIVATE_KEY } from '../../../lib/nfe/sample-nfe-certificate';
import { buildNfe } from '../nfe/nfe-builder';
import { TEST_SIGNER as signer, workedExample } from '../nfe/test-notes';
import { validateAgainstSchema } from '../nfe/xsd';
import { createSefazClient, type SefazClient, SefazUnavailableError } from './sefaz-client';
import { eventMessage, nfeProc, voidingMessage } from './sefaz-messages';
import { sefazUrls, sefazUrlsAt } from './sefaz-urls';
import { testSefazServerIdentity } from './test-pki';
import { startTestSefaz, type TestSefaz } from './test-sefaz';

const identity = { keyPem: SAMPLE_NFE_PRIVATE_KEY, certPem: SAMPLE_NFE_CERTIFICATE };

/** The worked example in homologação, numbered `number`. */
const note = (number: number) =>
  buildNfe(workedExample({ environment: 2, number, numericCode: String(10_000_000 + number) }), signer);

// The double's own rules (signature, key, environment, duplicates, voided numbers, events) are proven in
// double/sefaz-double.test.ts; here the client reads every kind of answer, forced by the double's script.
describe("the SEFAZ's web services over mutual TLS (a SEFAZ of the tests, as the manual documents it)", () => {
  let sefaz: TestSefaz;
  let client: SefazClient;
  const server = testSefazServerIdentity();

  beforeAll(async () => {
    sefaz = await startTestSefaz({ ...server, trusted: [SAMPLE_NFE_CERTIFICATE] });
    // Generous: the double's first answer compiles the schemas, and the suite shares two cores with others.
    client = createSefazClient({ identity, urls: sefazUrlsAt(sefaz.url), ca: [server.certPem], timeoutMs: 30_000 });
  });
  afterAll(async () => {
    client?.close();
    await sefaz?.close();
  });

  it('asks the service status with the shop certificate: 107, and the SEFAZ saw the A1 holder', async () => {
    expect(await client.status(2, '35')).toEqual({ status: 107, reason: 'Serviço em Operação' });
    expect(sefaz.requests.at(-1)?.client).toBe('DISTRIBUIDORA MODELO DE CELULARES LTDA:11222333000181');
  });

  it('is refused by the SEFAZ without a certificate, and refuses a SEFAZ whose certificate it does not trust', async () => {
    const anonymous = createSefazClient({
      identity: { keyPem: server.keyPem, certPem: server.certPem },
      urls: sefazUrlsAt(sefaz.url),
      ca: [server.certPem],
    });
    await expect(anonymous.status(2, '35')).rejects.toBeInstanceOf(SefazUnavailableError);
    anonymous.close();
    const trusting = createSefazClient({ identity, urls: sefazUrlsAt(sefaz.url), ca: [SAMPLE_NFE_CERTIFICATE] });
    await expect(trusting.status(2, '35')).rejects.toThrow(/self.signed|certificate/i);
    trusting.close();
  });

  it('authorises a note at once (100): its protocol, the digest it signed, an nfeProc valid by its schema', async () => {
    const signed = note(101);
    const answer = await client.authorize(1, [signed.xml], true);
    expect(answer.status).toBe(104);
    expect(answer.notes).toHaveLength(1);
    const [prot] = answer.notes;
    expect(prot).toMatchObject({ accessKey: signed.accessKey, status: 100, reason: 'Autorizado o uso da NF-e' });
    expect(prot?.protocol).toMatch(/^\d{15}$/);
    expect(prot?.digest).toBe(signed.digest);
    const proc = nfeProc(signed.xml, prot?.xml as string);
    expect(await validateAgainstSchema(proc, 'procNFe_v4.00.xsd')).toEqual({ valid: true, problems: [] });
  });

  it('reads a rejection with its code and text (539: a duplicate with another key)', async () => {
    sefaz.script.push({
      kind: 'reject',
      status: 539,
      reason: 'Rejeição: Duplicidade de NF-e com diferença na Chave de Acesso',
    });
    const answer = await client.authorize(2, [note(102).xml], true);
    expect(answer.notes.map((n) => [n.status, n.reason, n.protocol])).toEqual([
      [539, 'Rejeição: Duplicidade de NF-e com diferença na Chave de Acesso', null],
    ]);
  });

  it('reads the duplicate (204) with its text', async () => {
    sefaz.script.push({ kind: 'reject', status: 204, reason: 'Rejeição: Duplicidade de NF-e [nRec:351000000000001]' });
    const answer = await client.authorize(21, [note(121).xml], true);
    expect(answer.notes.map((n) => [n.status, n.reason])).toEqual([
      [204, 'Rejeição: Duplicidade de NF-e [nRec:351000000000001]'],
    ]);
  });

  it('an asynchronous lot: 103 with its receipt, 105 while it is processed, then 104 with the 100', async () => {
    sefaz.script.push({ kind: 'async', processing: 2 });
    const signed = note(103);
    const sent = await client.authorize(3, [signed.xml], false);
    expect([sent.status, sent.reason]).toEqual([103, 'Lote recebido com sucesso']);
    expect(sent.receipt).toMatch(/^\d{15}$/);
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) statuses.push((await client.receipt(2, sent.receipt as string)).status);
    expect(statuses).toEqual([105, 105, 104]);
    // Asked again once processed, it answers the note's protocol, the same: the note was authorised once.
    const done = await client.receipt(2, sent.receipt as string);
    expect(done.notes.map((n) => [n.accessKey, n.status])).toEqual([[signed.accessKey, 100]]);
    expect(done.notes[0]?.protocol).toMatch(/^\d{15}$/);
    expect((await client.receipt(2, sent.receipt as string)).notes[0]?.protocol).toBe(done.notes[0]?.protocol);
  });

  it('a SEFAZ away (HTTP 503) or silent (no answer in time) is SefazUnavailableError: retry, or contingency', async () => {
    sefaz.script.push({ kind: 'http', status: 503 });
    await expect(client.authorize(4, [note(104).xml], true)).rejects.toBeInstanceOf(SefazUnavailableError);
    sefaz.script.push({ kind: 'hang' });
    // A client of its own that waits one second: the double holds the answer for good.
    const impatient = createSefazClient({
      identity,
      urls: sefazUrlsAt(sefaz.url),
      ca: [server.certPem],
      timeoutMs: 1_000,
    });
    await expect(impatient.authorize(5, [note(105).xml], true).finally(() => impatient.close())).rejects.toThrow(
      new SefazUnavailableError('SEFAZ não respondeu a tempo'),
    );
  });

  it('a lot that breaks the schema is refused as the SEFAZ does (225)', async () => {
    const answer = await client.authorize(6, [note(106).xml.replace('<mod>55</mod>', '<mod>56</mod>')], true);
    expect([answer.status, answer.reason]).toEqual([225, 'Rejeição: Falha no Schema XML do lote de NFe']);
  });

  it('cancels a note (110111) and sends a correction letter (110110): 135, the messages valid by their schemas', async () => {
    const signed = note(107);
    const authorised = (await client.authorize(7, [signed.xml], true)).notes[0];
    const base = {
      environment: 2 as const,
      stateCode: '35',
      cnpj: '11222333000181',
      accessKey: signed.accessKey,
      at: '2026-11-26T11:00:00-03:00',
      sequence: 1,
    };
    const cancel = {
      ...base,
      kind: {
        type: 'cancel' as const,
        protocol: authorised?.protocol as string,
        reason: 'Pedido cancelado pelo cliente antes da entrega',
      },
    };
    const correction = {
      ...base,
      kind: { type: 'correction' as const, text: 'Endereço de entrega: Rua Uruguaiana, 50, loja 3.' },
    };
    expect((await validateAgainstSchema(eventMessage(1, cancel, signer), 'envEventoCancNFe_v1.00.xsd')).valid).toBe(
      true,
    );
    expect((await validateAgainstSchema(eventMessage(1, correction, signer), 'envCCe_v1.00.xsd')).valid).toBe(true);
    const corrected = await client.event(8, correction, signer);
    expect([corrected.status, corrected.eventStatus, corrected.eventReason]).toEqual([
      128,
      135,
      'Evento registrado e vinculado a NF-e',
    ]);
    const cancelled = await client.event(9, cancel, signer);
    expect(cancelled.eventStatus).toBe(135);
    expect(cancelled.protocol).toMatch(/^\d{15}$/);
  });

  it('voids skipped numbers (102), the message valid by its schema', async () => {
    const spec = {
      environment: 2 as const,
      stateCode: '35',
      year: '26',
      cnpj: '11222333000181',
      model: 55 as const,
      series: 1,
      from: 120,
      to: 122,
      reason: 'Números pulados por falha do sistema',
    };
    expect((await validateAgainstSchema(voidingMessage(spec, signer), 'inutNFe_v4.00.xsd')).valid).toBe(true);
    const answer = await client.voidNumbers(spec, signer);
    expect([answer.status, answer.reason]).toEqual([102, 'Inutilização de número homologado']);
  });
});

describe("the states' web services", () => {
  it("SP's NF-e in homologação, RJ's on SVRS, MA's on SVAN, the NFC-e of SP", () => {
    expect(sefazUrls('SP', 55, 2).authorize).toBe('https://homologacao.nfe.fazenda.sp.gov.br/ws/nfeautorizacao4.asmx');
    expect(sefazUrls('RJ', 55, 1).authorize).toBe('https://nfe.svrs.rs.gov.br/ws/NfeAutorizacao/NFeAutorizacao4.asmx');
    expect(sefazUrls('MA', 55, 1).authorize).toBe(
      'https://www.sefazvirtual.fazenda.gov.br/NFeAutorizacao4/NFeAutorizacao4.asmx',
    );
    expect(sefazUrls('SP', 65, 1).authorize).toBe('https://nfce.fazenda.sp.gov.br/ws/NFeAutorizacao4.asmx');
    expect(() => sefazUrls('XX', 55, 1)).toThrow('UF sem autorizador da NF-e: XX');
  });
});
