import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessKeyCheckDigit } from '../../../../lib/nfe/access-key';
import { SAMPLE_NFE_CERTIFICATE, SAMPLE_NFE_PRIVATE_KEY } from '../../../../lib/nfe/sample-nfe-certificate';
import { signCanonical } from '../../../../lib/nfe/xml-signature';
import { buildNfe, NFE_NAMESPACE } from '../../nfe/nfe-builder';
import type { NfeInput } from '../../nfe/nfe-input';
import { TEST_SIGNER as signer, workedExample } from '../../nfe/test-notes';
import { createSefazClient, type SefazClient, SefazUnavailableError } from '../sefaz-client';
import type { EventSpec } from '../sefaz-messages';
import { sefazUrlsAt } from '../sefaz-urls';
import { SVC_OF_STATE, svcOf, svcUrls } from '../svc';
import { testSefazServerIdentity } from '../test-pki';
import { startTestSefaz, type TestSefaz } from '../test-sefaz';

/**
 * Issue 56 §2: the SEFAZ double as the SEFAZ Virtual de Contingência (started with `serves`), sharing the state's
 * double's database. It refuses what an SVC refuses (MOC 7.0 Anexo I, B22-60 713, B22-70 783; the SVC registers only
 * cancellations, 491), and the state's authoriser refuses the SVC's notes (B22-30 570); the contingency's fields are
 * checked on both (B28-10 556, B28-20 557, B28-30 558). The notes are the worked example (SP, cUF 35), homologação.
 */
const identity = { keyPem: SAMPLE_NFE_PRIVATE_KEY, certPem: SAMPLE_NFE_CERTIFICATE };
const SINCE = '2026-11-26T10:05:00-03:00';
const REASON = 'SEFAZ-SP fora do ar desde as 10h, sem previsão';
const svcNote = (number: number, code: 6 | 7 = 6, overrides: Partial<NfeInput> = {}) =>
  buildNfe(
    workedExample({
      environment: 2,
      number,
      numericCode: String(30_000_000 + number),
      emission: { type: 'svc', code, since: SINCE, reason: REASON },
      ...overrides,
    }),
    signer,
  );
const normalNote = (number: number) =>
  buildNfe(workedExample({ environment: 2, number, numericCode: String(30_000_000 + number) }), signer);

/** The note `xml` with its infNFe edited by `edit`, then signed again (so that only the edited rule is broken). */
function resigned(xml: string, edit: (infNFe: string) => string): string {
  const infNFe = edit(/<infNFe[\s\S]*<\/infNFe>/.exec(xml)?.[0] ?? '');
  const id = /Id="([^"]+)"/.exec(infNFe)?.[1] ?? '';
  const signature = signCanonical(infNFe.replace('<infNFe ', `<infNFe xmlns="${NFE_NAMESPACE}" `), id, signer);
  return `<NFe xmlns="${NFE_NAMESPACE}">${infNFe}${signature.xml}</NFe>`;
}

describe('the state table of the SVC (sped-nfe Contingency.php; the Portal NF-e)', () => {
  it('sends 19 states to SVC-AN and 8 to SVC-RS, SP and MG to SVC-AN, BA and PR to SVC-RS', () => {
    const states = Object.entries(SVC_OF_STATE);
    expect(states).toHaveLength(27);
    expect(states.filter(([, svc]) => svc === 'SVC-AN').map(([uf]) => uf)).toEqual(
      'AC AL AP CE DF ES MG PA PB PI RJ RN RO RR RS SC SE SP TO'.split(' '),
    );
    expect(states.filter(([, svc]) => svc === 'SVC-RS').map(([uf]) => uf)).toEqual([
      'AM',
      'BA',
      'GO',
      'MA',
      'MS',
      'MT',
      'PE',
      'PR',
    ]);
    expect([svcOf('SP'), svcOf('MG'), svcOf('BA'), svcOf('PR')]).toEqual(['SVC-AN', 'SVC-AN', 'SVC-RS', 'SVC-RS']);
    expect(() => svcOf('XX')).toThrow('UF sem SEFAZ Virtual de Contingência: XX');
  });

  it('builds no NFC-e in the SVC (B22-70): the builder refuses tpEmis 6 on a model 65', () => {
    expect(() => svcNote(300, 6, { model: 65 })).toThrow('A contingência SVC (tpEmis 6 ou 7) é só da NF-e.');
  });

  it("addresses each SVC's services by environment; the voiding stays the state's", () => {
    const normal = sefazUrlsAt('https://sefaz.example/ws');
    expect(svcUrls('SVC-AN', 1, normal)).toMatchObject({
      authorize: 'https://www.sefazvirtual.fazenda.gov.br/NFeAutorizacao4/NFeAutorizacao4.asmx',
      status: 'https://www.sefazvirtual.fazenda.gov.br/NFeStatusServico4/NFeStatusServico4.asmx',
      voidNumbers: 'https://sefaz.example/ws/NFeInutilizacao4',
    });
    expect(svcUrls('SVC-RS', 2, normal)).toMatchObject({
      authorize: 'https://nfe-homologacao.svrs.rs.gov.br/ws/NfeAutorizacao/NFeAutorizacao4.asmx',
      protocol: 'https://nfe-homologacao.svrs.rs.gov.br/ws/NfeConsulta/NfeConsulta4.asmx',
    });
  });
});

describe('the SEFAZ double as the SVC (MOC 7.0 Anexo I, B22 and B28)', () => {
  let state: TestSefaz;
  let svc: TestSefaz;
  let svcRs: TestSefaz;
  const clients: SefazClient[] = [];
  const server = testSefazServerIdentity();
  const clientOf = (sefaz: TestSefaz) => {
    const client = createSefazClient({
      identity,
      urls: sefazUrlsAt(sefaz.url),
      ca: [server.certPem],
      timeoutMs: 20_000,
    });
    clients.push(client);
    return client;
  };
  const statusOf = async (sefaz: TestSefaz, xml: string) =>
    (await clientOf(sefaz).authorize(1, [xml], true)).notes.map((n) => [n.status, n.reason])[0];
  const event = (accessKey: string, kind: EventSpec['kind']): EventSpec => ({
    environment: 2,
    stateCode: '35',
    cnpj: '11222333000181',
    accessKey,
    at: '2026-11-26T11:00:00-03:00',
    sequence: 1,
    kind,
  });

  beforeAll(async () => {
    state = await startTestSefaz({ ...server, trusted: [SAMPLE_NFE_CERTIFICATE] });
    svc = await startTestSefaz({
      ...server,
      trusted: [SAMPLE_NFE_CERTIFICATE],
      serves: 'SVC-AN',
      ledger: state.ledger,
    });
    svcRs = await startTestSefaz({ ...server, trusted: [SAMPLE_NFE_CERTIFICATE], serves: 'SVC-RS' });
  });
  afterAll(async () => {
    for (const client of clients) client.close();
    await Promise.all([state?.close(), svc?.close(), svcRs?.close()]);
  });

  it('authorises a note of tpEmis 6 with dhCont and xJust at SVC-AN; the state, sharing its database, knows it', async () => {
    const built = svcNote(301);
    expect(built.accessKey[34]).toBe('6');
    expect(built.xml).toContain(`<tpEmis>6</tpEmis>`);
    expect(built.xml).toContain(`<dhCont>${SINCE}</dhCont><xJust>${REASON}</xJust>`);
    expect(await statusOf(svc, built.xml)).toEqual([100, 'Autorizado o uso da NF-e']);
    const known = await clientOf(state).protocol(2, built.accessKey);
    expect(known.status).toBe(100);
  });

  it('713: the SVC refuses a normal note (tpEmis 1), and SVC-RS a note of SVC-AN (6); 570: the state refuses tpEmis 6', async () => {
    expect(await statusOf(svc, normalNote(302).xml)).toEqual([
      713,
      'Rejeição: Tipo de Emissão diferente de 6 ou 7 para contingência da SVC acessada',
    ]);
    expect(await statusOf(svcRs, svcNote(303, 6).xml)).toEqual([
      713,
      'Rejeição: Tipo de Emissão diferente de 6 ou 7 para contingência da SVC acessada',
    ]);
    expect(await statusOf(svcRs, svcNote(304, 7).xml)).toEqual([100, 'Autorizado o uso da NF-e']);
    expect(await statusOf(state, svcNote(305).xml)).toEqual([
      570,
      'Rejeição: Tipo de Emissão 3, 6 ou 7 só é válido nas contingências SCAN/SVC',
    ]);
  });

  it('783: the SVC authorises no NFC-e (mod 65 with tpEmis 6, its key made again)', async () => {
    const built = svcNote(306);
    const body = `${built.accessKey.slice(0, 20)}65${built.accessKey.slice(22, 43)}`;
    const digit = String(accessKeyCheckDigit(body));
    const nfce = resigned(built.xml, (infNFe) =>
      infNFe
        .replace('<mod>55</mod>', '<mod>65</mod>')
        .replace(`Id="NFe${built.accessKey}"`, `Id="NFe${body}${digit}"`)
        .replace(`<cDV>${built.accessKey[43]}</cDV>`, `<cDV>${digit}</cDV>`),
    );
    expect(await statusOf(svc, nfce)).toEqual([783, 'Rejeição: NFC-e não é autorizada pela SVC']);
  });

  it('556, 557, 558: the contingency fields on a normal note, missing on an SVC note, or after the reception', async () => {
    const normal = normalNote(307);
    const withReason = resigned(normal.xml, (infNFe) =>
      infNFe.replace('</verProc>', `</verProc><dhCont>${SINCE}</dhCont><xJust>${REASON}</xJust>`),
    );
    expect(await statusOf(state, withReason)).toEqual([
      556,
      'Rejeição: Justificativa de entrada em contingência não deve ser informada para tipo de emissão normal',
    ]);
    const withoutReason = resigned(svcNote(308).xml, (infNFe) =>
      infNFe.replace(/<dhCont>[^<]*<\/dhCont><xJust>[^<]*<\/xJust>/, ''),
    );
    expect(await statusOf(svc, withoutReason)).toEqual([
      557,
      'Rejeição: A Justificativa de entrada em contingência deve ser informada',
    ]);
    const later = svcNote(309, 6, {});
    const tomorrow = resigned(later.xml, (infNFe) =>
      infNFe.replace(`<dhCont>${SINCE}</dhCont>`, '<dhCont>2099-01-01T10:00:00-03:00</dhCont>'),
    );
    expect(await statusOf(svc, tomorrow)).toEqual([
      558,
      'Rejeição: Data de entrada em contingência posterior a data de recebimento',
    ]);
  });

  it('registers the cancellation of its note (135) and refuses a correction letter (491)', async () => {
    const built = svcNote(310);
    const client = clientOf(svc);
    const answer = await client.authorize(2, [built.xml], true);
    const protocol = answer.notes[0]?.protocol ?? '';
    const correction = await client.event(
      3,
      event(built.accessKey, { type: 'correction', text: 'Corrige o complemento do endereço do destinatário' }),
      signer,
    );
    expect([correction.eventStatus, correction.eventReason]).toEqual([491, 'Rejeição: O tpEvento informado inválido']);
    const cancel = await client.event(
      4,
      event(built.accessKey, { type: 'cancel', protocol, reason: 'Pedido cancelado pelo cliente antes da entrega' }),
      signer,
    );
    expect(cancel.eventStatus).toBe(135);
  });

  it('away: every service of the state answers 503 (an outage), or its status 108 while stopped', async () => {
    const client = clientOf(state);
    state.setAway(503);
    await expect(client.status(2, '35')).rejects.toBeInstanceOf(SefazUnavailableError);
    await expect(client.protocol(2, svcNote(311).accessKey)).rejects.toBeInstanceOf(SefazUnavailableError);
    state.setAway(108);
    expect(await client.status(2, '35')).toEqual({
      status: 108,
      reason: 'Serviço Paralisado Momentaneamente (curto prazo)',
    });
    state.setAway(null);
    expect((await client.status(2, '35')).status).toBe(107);
  });

  it('113: the SVC being switched off says so in its status and still authorises; 114: switched off, it refuses the lot', async () => {
    const client = clientOf(svc);
    svc.setSvcOff(113);
    // MOC 7.0's text with its placeholders filled: the state it serves (SP) and when, 'dd/mm/aa às hh:mm'.
    const closing = await client.status(2, '35');
    expect(closing.status).toBe(113);
    expect(closing.reason).toMatch(
      /^SVC em processo de desativação SVC será desabilitada para a SEFAZ-SP em \d{2}\/\d{2}\/\d{2} às \d{2}:\d{2} horas$/,
    );
    expect(await statusOf(svc, svcNote(312).xml)).toEqual([100, 'Autorizado o uso da NF-e']);
    svc.setSvcOff(114);
    expect(await client.status(2, '35')).toEqual({ status: 114, reason: 'SVC-AN desabilitada pela SEFAZ de Origem' });
    const refused = await client.authorize(5, [svcNote(313).xml], true);
    expect([refused.status, refused.reason, refused.notes]).toEqual([
      114,
      'SVC-AN desabilitada pela SEFAZ de Origem',
      [],
    ]);
    svc.setSvcOff(null);
    expect((await client.status(2, '35')).status).toBe(107);
  });
});
