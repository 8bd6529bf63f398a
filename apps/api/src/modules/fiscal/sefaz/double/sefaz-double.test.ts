import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLE_NFE_CERTIFICATE, SAMPLE_NFE_PRIVATE_KEY } from '../../../../lib/nfe/sample-nfe-certificate';
import { signCanonical } from '../../../../lib/nfe/xml-signature';
import { buildNfe, NFE_NAMESPACE } from '../../nfe/nfe-builder';
import type { NfeInput } from '../../nfe/nfe-input';
import { manyItemsInput, RJ_ADDRESS, TEST_SIGNER as signer, workedExample } from '../../nfe/test-notes';
import { makeTestCertificate, TEST_CERTIFICATE_KEY_PEM } from '../../test-certificate';
import { createSefazClient, type SefazClient, SefazUnavailableError } from '../sefaz-client';
import type { EventSpec, VoidingSpec } from '../sefaz-messages';
import { sefazUrlsAt } from '../sefaz-urls';
import { testSefazServerIdentity } from '../test-pki';
import { startTestSefaz, type TestSefaz } from '../test-sefaz';
import { SefazLedger } from './sefaz-ledger';
import { noteRefusal } from './sefaz-notes';

/**
 * Issue 55 §1: the SEFAZ double refuses what a SEFAZ refuses, each rule with the code and text the MOC 7.0 and its
 * Notas Técnicas publish (sefaz-refusals.ts), when a note, an event or a voiding is forced to break it; and the notes
 * our builder makes break none of them. The double serves SP (cUF 35) in homologação (tpAmb 2); the notes are the
 * worked example (nfe/test-notes.ts), signed by the sample certificate of CNPJ 11.222.333/0001-81.
 */
const identity = { keyPem: SAMPLE_NFE_PRIVATE_KEY, certPem: SAMPLE_NFE_CERTIFICATE };
const homologation = (number: number, overrides: Partial<NfeInput> = {}) =>
  workedExample({ environment: 2, number, numericCode: String(20_000_000 + number), ...overrides });
const note = (number: number, overrides: Partial<NfeInput> = {}) => buildNfe(homologation(number, overrides), signer);

/** The note `xml` with its infNFe edited by `edit`, then signed again (so that only the edited rule is broken). */
function resigned(xml: string, edit: (infNFe: string) => string): string {
  const infNFe = edit(/<infNFe[\s\S]*<\/infNFe>/.exec(xml)?.[0] ?? '');
  const id = /Id="([^"]+)"/.exec(infNFe)?.[1] ?? '';
  const signature = signCanonical(infNFe.replace('<infNFe ', `<infNFe xmlns="${NFE_NAMESPACE}" `), id, signer);
  return `<NFe xmlns="${NFE_NAMESPACE}">${infNFe}${signature.xml}</NFe>`;
}

/** A signer whose certificate names the CNPJ `cnpj` (none when null; the key is the sample's). */
function signerOf(cnpj: string | null) {
  const { certPem } = makeTestCertificate(
    cnpj ? { cnpj } : { commonName: 'DISTRIBUIDORA MODELO DE CELULARES LTDA', otherNameCnpj: null },
  );
  return { keyPem: TEST_CERTIFICATE_KEY_PEM, certificateBase64: certPem.replace(/-----[^-]+-----|\s/g, '') };
}

describe('the SEFAZ double refuses what a SEFAZ refuses (MOC 7.0, Anexo I and §5)', () => {
  let sefaz: TestSefaz;
  let client: SefazClient;
  const server = testSefazServerIdentity();
  const statusOf = async (xml: string, lot = 1) => {
    const answer = await client.authorize(lot, [xml], true);
    return answer.notes.map((n) => [n.status, n.reason])[0];
  };
  const voiding = (from: number, to: number, overrides: Partial<VoidingSpec> = {}): VoidingSpec => ({
    environment: 2,
    stateCode: '35',
    year: '26',
    cnpj: '11222333000181',
    model: 55,
    series: 1,
    from,
    to,
    reason: 'Números pulados por falha do sistema',
    ...overrides,
  });
  const cancellation = (accessKey: string, protocol: string, sequence = 1): EventSpec => ({
    environment: 2,
    stateCode: '35',
    cnpj: '11222333000181',
    accessKey,
    at: '2026-11-26T11:00:00-03:00',
    sequence,
    kind: { type: 'cancel', protocol, reason: 'Pedido cancelado pelo cliente antes da entrega' },
  });

  beforeAll(async () => {
    sefaz = await startTestSefaz({ ...server, trusted: [SAMPLE_NFE_CERTIFICATE] });
    // Generous: the double's first answer compiles the schemas, and the suite shares two cores with others.
    client = createSefazClient({ identity, urls: sefazUrlsAt(sefaz.url), ca: [server.certPem], timeoutMs: 30_000 });
  });
  afterAll(async () => {
    client?.close();
    await sefaz?.close();
  });

  it('297: a note altered after it was signed (infCpl changed by one letter)', async () => {
    const tampered = note(201).xml.replace('Pedido AB1-2CD.', 'Pedido AB1-2CE.');
    expect(await statusOf(tampered)).toEqual([297, 'Rejeição: Assinatura difere do calculado']);
  });

  it("213: a note of another company's CNPJ signed with the shop's certificate", async () => {
    const other = note(202, { issuer: { ...workedExample().issuer, cnpj: '44555666000181' } });
    expect(await statusOf(other.xml)).toEqual([
      213,
      'Rejeição: CNPJ-Base do Emitente difere do CNPJ-Base do Certificado Digital',
    ]);
  });

  it('502: the key of the Id is not made of the fields (cNF changed); 253: the key so made has a wrong cDV', async () => {
    const built = note(203);
    const otherCode = resigned(built.xml, (infNFe) => infNFe.replace('<cNF>20000203</cNF>', '<cNF>20000204</cNF>'));
    expect(await statusOf(otherCode)).toEqual([
      502,
      'Rejeição: Erro na Chave de Acesso - Campo Id não corresponde à concatenação dos campos correspondentes',
    ]);
    const digit = Number(built.accessKey.slice(43));
    const wrong = String((digit + 1) % 10);
    const wrongDigit = resigned(built.xml, (infNFe) =>
      infNFe
        .replace(`Id="NFe${built.accessKey}"`, `Id="NFe${built.accessKey.slice(0, 43)}${wrong}"`)
        .replace(`<cDV>${digit}</cDV>`, `<cDV>${wrong}</cDV>`),
    );
    expect(await statusOf(wrongDigit)).toEqual([
      253,
      'Rejeição: Digito Verificador da chave de acesso composta inválida',
    ]);
  });

  it('252: tpAmb 1 (produção) sent to the homologação endpoint; 226: an issuer of another state', async () => {
    const production = buildNfe(workedExample({ environment: 1, number: 204, numericCode: '20000204' }), signer);
    expect(await statusOf(production.xml)).toEqual([
      252,
      'Rejeição: Ambiente informado diverge do Ambiente de recebimento',
    ]);
    const carioca = note(205, {
      issuer: { ...workedExample().issuer, address: { ...RJ_ADDRESS, phone: '2133334444' } },
    });
    expect(await statusOf(carioca.xml)).toEqual([226, 'Rejeição: Código da UF do Emitente diverge da UF autorizadora']);
  });

  it('539: a second key for a number authorised; 204: the very note again; our next number is authorised', async () => {
    const first = note(206);
    expect((await statusOf(first.xml))?.[0]).toBe(100);
    const lot = (await client.authorize(9, [first.xml], true)).notes[0];
    const receipt = /\[nRec:(\d{15})\]$/.exec(lot?.reason ?? '')?.[1];
    expect([lot?.status, lot?.reason]).toEqual([204, `Rejeição: Duplicidade de NF-e [nRec:${receipt}]`]);
    const again = note(206, { numericCode: '30000206' });
    expect(await statusOf(again.xml)).toEqual([
      539,
      `Rejeição: Duplicidade de NF-e com diferença na Chave de Acesso [chNFe:${first.accessKey}][nRec:${receipt}]`,
    ]);
    expect((await statusOf(note(207).xml))?.[0]).toBe(100);
  });

  it('206: a number voided; 563: the same range voided again; 256: a range overlapping it; 241: a range with a note', async () => {
    const voided = await client.voidNumbers(voiding(300, 302), signer);
    expect([voided.status, voided.reason]).toEqual([102, 'Inutilização de número homologado']);
    expect(await statusOf(note(301).xml)).toEqual([
      206,
      'Rejeição: NF-e já está inutilizada na Base de Dados da SEFAZ',
    ]);
    const twice = await client.voidNumbers(voiding(300, 302), signer);
    expect([twice.status, twice.reason, twice.protocol]).toEqual([
      563,
      'Rejeição: Já existe pedido de Inutilização com a mesma faixa de inutilização',
      voided.protocol,
    ]);
    const overlapping = await client.voidNumbers(voiding(302, 305), signer);
    expect([overlapping.status, overlapping.reason]).toEqual([
      256,
      'Rejeição: Uma NF-e da faixa já está inutilizada na Base de dados da SEFAZ',
    ]);
    // 206 was authorised above.
    const used = await client.voidNumbers(voiding(205, 206), signer);
    expect([used.status, used.reason]).toEqual([241, 'Rejeição: Um número da faixa já foi utilizado']);
    expect((await client.voidNumbers(voiding(305, 303), signer)).status).toBe(224);
    const production = await client.voidNumbers(voiding(310, 311, { environment: 1 }), signer);
    expect(production.status).toBe(252);
    const stranger = await client.voidNumbers(voiding(312, 313), signerOf('44555666000181'));
    expect(stranger.status).toBe(213);
    const anonymous = await client.voidNumbers(voiding(312, 313), signerOf(null));
    expect([anonymous.status, anonymous.reason]).toEqual([292, 'Rejeição: Certificado Assinatura sem CNPJ']);
  });

  it('494: an event for a key it never authorised; 297, 213, 574, 236: its signature, signer, author, key', async () => {
    const unknown = note(220);
    const answer = await client.event(1, cancellation(unknown.accessKey, '135260000000001'), signer);
    expect([answer.status, answer.eventStatus, answer.eventReason, answer.protocol]).toEqual([
      128,
      494,
      'Rejeição: Chave de Acesso inexistente',
      null,
    ]);
    const known = note(221);
    const protocol = (await client.authorize(2, [known.xml], true)).notes[0]?.protocol as string;
    // Signed with another key than the certificate's: the SignatureValue does not verify.
    const broken = { ...signerOf('11222333000181'), keyPem: testSefazServerIdentity().keyPem };
    const badSignature = await client.event(3, cancellation(known.accessKey, protocol), broken);
    expect([badSignature.eventStatus, badSignature.eventReason]).toEqual([
      297,
      'Rejeição: Assinatura difere do calculado',
    ]);
    const stranger = await client.event(4, cancellation(known.accessKey, protocol), signerOf('44555666000181'));
    expect(stranger.eventStatus).toBe(213);
    // Another company, signing as itself, for the shop's note: 574; a key with a wrong check digit: 236.
    const author = { ...cancellation(known.accessKey, protocol), cnpj: '44555666000181' };
    const notTheIssuer = await client.event(5, author, signerOf('44555666000181'));
    expect([notTheIssuer.eventStatus, notTheIssuer.eventReason]).toEqual([
      574,
      'Rejeição: O autor do evento diverge do emissor da NF-e',
    ]);
    const digit = Number(known.accessKey.slice(43));
    const badKey = `${known.accessKey.slice(0, 43)}${(digit + 1) % 10}`;
    const wrongDigit = await client.event(6, cancellation(badKey, protocol), signer);
    expect([wrongDigit.eventStatus, wrongDigit.eventReason]).toEqual([
      236,
      'Rejeição: Chave de Acesso com dígito verificador inválido',
    ]);
  });

  it('222: a cancellation naming another protocol; 573: a note cancelled twice; 580: a correction of a cancelled note', async () => {
    const built = note(222);
    const protocol = (await client.authorize(5, [built.xml], true)).notes[0]?.protocol as string;
    const wrong = await client.event(6, cancellation(built.accessKey, '135260000099999'), signer);
    expect([wrong.eventStatus, wrong.eventReason]).toEqual([
      222,
      'Rejeição: Protocolo de Autorização de Uso difere do cadastrado',
    ]);
    expect((await client.event(7, cancellation(built.accessKey, protocol), signer)).eventStatus).toBe(135);
    const twice = await client.event(8, cancellation(built.accessKey, protocol), signer);
    expect([twice.eventStatus, twice.eventReason]).toEqual([573, 'Rejeição: Duplicidade de Evento']);
    const correction: EventSpec = {
      ...cancellation(built.accessKey, protocol),
      kind: { type: 'correction', text: 'Endereço de entrega: Rua Uruguaiana, 50, loja 3.' },
    };
    const late = await client.event(9, correction, signer);
    expect([late.eventStatus, late.eventReason]).toEqual([580, 'Rejeição: Evento exige uma NF-e autorizada']);
    // Sent again, the cancelled note is 218.
    expect((await statusOf(built.xml))?.[0]).toBe(218);
  });

  it('110112: a cancellation by substitution names an NFC-e in contingency (tpEmis 9) of the issuer; else 920; 215 its schema', async () => {
    // NT 2018.004 / Ajuste SINIEF 19/16 cl. 15ª-A: NFC-e nº 110 authorised unseen, nº 111 issued in contingency instead.
    const nfce = (number: number, offline: boolean) =>
      buildNfe(
        homologation(number, {
          model: 65,
          recipient: null,
          freightCents: 0,
          freightMode: 9,
          payments: [{ type: '17', amountCents: 200_000 }],
          csc: { id: '000001', token: 'CSC-DE-TESTE-0123456789' },
          emission: offline
            ? { type: 'offline', since: '2026-11-26T10:14:00-03:00', reason: 'SEFAZ sem resposta no envio da nota' }
            : { type: 'normal' },
        }),
        signer,
      );
    const first = nfce(110, false);
    const protocol = (await client.authorize(11, [first.xml], true)).notes[0]?.protocol as string;
    const substitute = nfce(111, true);
    expect((await statusOf(substitute.xml, 12))?.[0]).toBe(100);
    const substitution = (
      substituteKey: string,
      reason = 'NFC-e substituida pela emitida em contingencia',
    ): EventSpec => ({
      ...cancellation(first.accessKey, protocol),
      kind: { type: 'substitution', protocol, reason, substituteKey },
    });
    // NT 2018.004 P12-48: a substitute not issued in contingency (an NF-e of tpEmis 1, or the note itself).
    for (const key of [note(112).accessKey, first.accessKey]) {
      const normal = await client.event(13, substitution(key), signer);
      expect([normal.eventStatus, normal.eventReason]).toEqual([
        920,
        'Rejeição: Tipo de Emissão inválido no Cancelamento por Substituição',
      ]);
    }
    // xJust of 10 characters: the schema's TJust asks 15 or more.
    const short = await client.event(14, substitution(substitute.accessKey, 'Duplicada.'), signer);
    expect([short.status, short.eventStatus]).toEqual([215, null]);
    const registered = await client.event(15, substitution(substitute.accessKey), signer);
    expect(registered.eventStatus).toBe(135);
    expect(sefaz.ledger.note(first.accessKey)?.cancelled).toBe(true);
    expect(sefaz.ledger.note(substitute.accessKey)?.cancelled).toBe(false);
    // Sent again, the note cancelled by substitution is 218, as a cancelled one.
    expect((await statusOf(first.xml, 16))?.[0]).toBe(218);
    const refused = sefaz.refusals.splice(-4).map((r) => r.code);
    expect(refused).toEqual([920, 920, 215, 218]);
  });

  it('108 and 109 (service stopped) are an outage for the client, as a timeout is, not a rejection', async () => {
    sefaz.script.push({ kind: 'paused', status: 108 }, { kind: 'paused', status: 109 });
    await expect(client.authorize(10, [note(230).xml], true)).rejects.toThrow(
      new SefazUnavailableError('SEFAZ respondeu 108: Serviço Paralisado Momentaneamente (curto prazo)'),
    );
    await expect(client.authorize(11, [note(230).xml], true)).rejects.toThrow(
      new SefazUnavailableError('SEFAZ respondeu 109: Serviço Paralisado sem Previsão'),
    );
    // Back in operation, the same note is authorised: nothing of it was kept.
    expect((await statusOf(note(230).xml))?.[0]).toBe(100);
  });

  it('a double in produção refuses a homologação note (252) and authorises a production one', async () => {
    const production = await startTestSefaz({ ...server, trusted: [SAMPLE_NFE_CERTIFICATE], environment: 1 });
    const prodClient = createSefazClient({ identity, urls: sefazUrlsAt(production.url), ca: [server.certPem] });
    try {
      const homologated = (await prodClient.authorize(1, [note(240).xml], true)).notes[0];
      expect(homologated?.status).toBe(252);
      const real = buildNfe(workedExample({ number: 240, numericCode: '20000240' }), signer);
      expect((await prodClient.authorize(2, [real.xml], true)).notes[0]?.status).toBe(100);
    } finally {
      prodClient.close();
      await production.close();
    }
  });
});

describe("our builder's notes break none of the double's rules", () => {
  const place = { stateCode: '35', environment: 2 as const };
  const consumer = (number: number, offline: boolean) =>
    homologation(number, {
      model: 65,
      recipient: null,
      freightCents: 0,
      freightMode: 9,
      payments: [{ type: '17', amountCents: 200_000 }],
      csc: { id: '000001', token: 'CSC-DE-TESTE-0123456789' },
      emission: offline
        ? { type: 'offline', since: '2026-11-26T10:14:00-03:00', reason: 'SEFAZ sem resposta no envio da nota' }
        : { type: 'normal' },
    });

  it('an NF-e, an NFC-e, an NFC-e in offline contingency, a note of 60 items of the Regime Normal', () => {
    const ledger = new SefazLedger();
    const notes = [
      homologation(1),
      consumer(2, false),
      consumer(3, true),
      manyItemsInput(60, { environment: 2, number: 4, numericCode: '20000004' }),
    ].map((input) => buildNfe(input, signer).xml);
    expect(notes.map((xml) => noteRefusal(xml, place, ledger))).toEqual([null, null, null, null]);
  });
});
