import { inspect } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildNfe } from '../nfe/nfe-builder';
import type { NfeInput } from '../nfe/nfe-input';
import { TEST_SIGNER, workedExample } from '../nfe/test-notes';
import { validateAgainstSchema } from '../nfe/xsd';
import { SefazUnavailableError } from '../sefaz/sefaz-client';
import {
  createProviderClient,
  type JsonObject,
  nuvemFiscalNoteBody,
  nuvemFiscalNoteBodyOf,
  ProviderAuthError,
  type ProviderClient,
  type ProviderClientOptions,
  ProviderRequestError,
} from './provider-client';
import { type ProviderRequest, startTestProvider, type TestProvider } from './test-provider';

/** The worked example numbered `number` (its own key), in produção unless told. */
const note = (number: number, overrides: Partial<NfeInput> = {}) =>
  workedExample({ number, numericCode: String(10_000_000 + number), ...overrides });

const emissions = (provider: TestProvider) =>
  provider.requests.filter((r) => r.method === 'POST' && (r.path === '/nfe' || r.path === '/nfce'));
const bodyOf = (request: ProviderRequest | undefined) =>
  request?.body as { ambiente: string; referencia: string; infNFe: JsonObject };
// biome-ignore lint/suspicious/noExplicitAny: the JSON as the provider reads it
const infNFeOf = (request: ProviderRequest | undefined) => bodyOf(request).infNFe as any;

describe("Nuvem Fiscal's REST API (a provider of the tests, as its published API 2.60.0 documents it)", () => {
  let provider: TestProvider;
  let client: ProviderClient;
  const clientFor = (options: Partial<ProviderClientOptions> = {}) =>
    createProviderClient({
      baseUrl: provider.url,
      tokenUrl: provider.tokenUrl,
      clientId: provider.clientId,
      clientSecret: provider.clientSecret,
      // The provider of the tests draws the DANFE in this process: on two cores busy with the other suites that once
      // took more than 2 s. The test of a provider that does not answer sets its own 300 ms.
      timeoutMs: 15_000,
      pollIntervalMs: 5,
      pendingPolls: 0,
      ...options,
    });

  beforeAll(async () => {
    provider = await startTestProvider();
    client = clientFor();
  });
  afterAll(async () => {
    client?.close();
    await provider?.close();
  });

  it("sends the issue's worked example as the provider's JSON: vNF 2030.00, CFOP 6102, both IMEIs in infAdProd; authorised", async () => {
    const input = note(4512);
    const ours = buildNfe(input, TEST_SIGNER);
    const answer = await client.emit(input);

    const sent = emissions(provider).at(-1);
    expect(sent?.path).toBe('/nfe');
    expect(bodyOf(sent)).toMatchObject({ ambiente: 'producao', referencia: ours.accessKey });
    const infNFe = infNFeOf(sent);
    expect(infNFe.versao).toBe('4.00');
    expect(infNFe.ide).toMatchObject({ cUF: 35, mod: 55, serie: 1, nNF: 4512, idDest: 2, tpAmb: 1, cNF: '10004512' });
    expect(infNFe.emit).toMatchObject({ CNPJ: '11222333000181', CRT: 1 });
    expect(infNFe.dest).toMatchObject({ CNPJ: '44555666000181', indIEDest: 1, IE: '86123456' });
    expect(infNFe.dest.enderDest).toMatchObject({ UF: 'RJ', cMun: '3304557' });
    expect(infNFe.det).toHaveLength(1);
    const [item] = infNFe.det;
    expect(item.nItem).toBe(1);
    expect(item.prod).toMatchObject({ CFOP: '6102', NCM: '85171300', qCom: 2, vUnCom: 1000, vProd: 2000, vFrete: 30 });
    expect(item.imposto.ICMS).toEqual({ ICMSSN102: { orig: 0, CSOSN: '102' } });
    const imeis = /IMEI: (\d{15}); (\d{15})/.exec(item.infAdProd);
    expect(imeis).not.toBeNull();
    expect(ours.xml).toContain(`<infAdProd>${item.infAdProd}</infAdProd>`);
    expect(infNFe.total.ICMSTot).toMatchObject({ vProd: 2000, vFrete: 30, vDesc: 0, vNF: 2030 });
    expect(sent?.rawBody).toContain('"vNF":2030');
    expect(infNFe.transp).toEqual({ modFrete: 0 });
    expect(infNFe.pag).toEqual({ detPag: [{ indPag: 0, tPag: '17', vPag: 2030 }] });
    // A Simples Nacional issuer: the statements of Resolução CGSN 140/2018 first (issue 55 §2).
    expect(infNFe.infAdic).toEqual({
      infCpl:
        'DOCUMENTO EMITIDO POR ME OU EPP OPTANTE PELO SIMPLES NACIONAL. NÃO GERA DIREITO A CRÉDITO FISCAL DE IPI. Pedido AB1-2CD.',
    });
    expect(JSON.stringify(infNFe)).not.toContain('Signature');

    // Authorised: the SEFAZ's 100 with its protocol, the key BackOffice would have built, the provider's nfeProc.
    expect([answer.status, answer.providerStatus, answer.accessKey]).toEqual([104, 'autorizado', ours.accessKey]);
    const [prot] = answer.notes;
    expect(prot).toMatchObject({ accessKey: ours.accessKey, status: 100, reason: 'Autorizado o uso da NF-e' });
    expect(prot?.protocol).toMatch(/^\d{15}$/);
    expect(prot?.xml).toMatch(/^<protNFe versao="4\.00">[\s\S]*<cStat>100<\/cStat>[\s\S]*<\/protNFe>$/);
    expect(answer.noteXml).toContain(`Id="NFe${ours.accessKey}"`);
    expect(answer.procXml).toContain('<vNF>2030.00</vNF>');
    expect(await validateAgainstSchema(answer.procXml as string, 'procNFe_v4.00.xsd')).toEqual({
      valid: true,
      problems: [],
    });
    // The note the provider wrote from the JSON carries the same figures as the one BackOffice signs itself.
    const figures = (xml: string) => /<det nItem="1">[\s\S]*<\/total>/.exec(xml)?.[0];
    expect(figures(answer.procXml as string)).toBe(figures(ours.xml));
  });

  it('sends a note already written (the signed NFe BackOffice stores) as the same JSON: what a resend has at hand', async () => {
    const input = note(4530);
    const signed = buildNfe(input, TEST_SIGNER);
    expect(nuvemFiscalNoteBodyOf(signed.xml)).toEqual(nuvemFiscalNoteBody(input));
    const answer = await client.emitXml(signed.xml);
    expect(bodyOf(emissions(provider).at(-1))).toEqual(nuvemFiscalNoteBody(input).body);
    expect([answer.accessKey, answer.notes[0]?.status]).toEqual([signed.accessKey, 100]);
  });

  it('downloads the XML and the DANFE the provider keeps', async () => {
    const emitted = await client.emit(note(4513));
    const xml = await client.xml(55, emitted.id);
    expect(xml).toBe(emitted.procXml);
    const pdf = await client.danfe(55, emitted.id);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(provider.requests.at(-1)?.path).toBe(`/nfe/${emitted.id}/pdf`);
  });

  it("reads a rejection with the SEFAZ's code and text, no protocol, no XML", async () => {
    provider.script.push({
      kind: 'reject',
      status: 539,
      reason: 'Rejeição: Duplicidade de NF-e, com diferença na Chave de Acesso',
    });
    const answer = await client.emit(note(4514));
    expect([answer.status, answer.providerStatus, answer.procXml]).toEqual([104, 'rejeitado', null]);
    expect(answer.notes.map((n) => [n.status, n.reason, n.protocol])).toEqual([
      [539, 'Rejeição: Duplicidade de NF-e, com diferença na Chave de Acesso', null],
    ]);
  });

  it("reads a denial (the number spent) and the provider's own 'erro' (not transmitted)", async () => {
    provider.script.push({ kind: 'deny', status: 302, reason: 'Uso Denegado: Irregularidade fiscal do destinatário' });
    const denied = await client.emit(note(4515));
    expect([denied.providerStatus, denied.notes[0]?.status, denied.notes[0]?.protocol]).toEqual([
      'denegado',
      302,
      expect.stringMatching(/^\d{15}$/),
    ]);
    expect(denied.procXml).toContain('<cStat>302</cStat>');
    provider.script.push({ kind: 'error', message: 'Certificado digital da empresa vencido.' });
    const failed = await client.emit(note(4516));
    expect([failed.status, failed.providerStatus]).toEqual([104, 'erro']);
    expect(failed.notes.map((n) => [n.status, n.reason])).toEqual([[0, 'Certificado digital da empresa vencido.']]);
  });

  it("a pending note: 103 with the provider's id as receipt, 105 while it is pending, then 104 with the 100", async () => {
    provider.script.push({ kind: 'pending', polls: 2 });
    const sent = await client.emit(note(4517));
    expect([sent.status, sent.providerStatus, sent.receipt]).toEqual([103, 'pendente', sent.id]);
    expect(sent.notes).toEqual([]);
    const statuses: number[] = [];
    let last = sent;
    for (let i = 0; i < 3; i++) {
      last = await client.status(55, sent.receipt as string);
      statuses.push(last.status);
    }
    expect(statuses).toEqual([105, 105, 104]);
    expect(last.notes.map((n) => [n.accessKey, n.status])).toEqual([[sent.accessKey, 100]]);
    expect(last.procXml).toContain('<cStat>100</cStat>');
  });

  it('asked to wait, the client polls a pending note itself (GET /nfe/{id}) and answers it authorised', async () => {
    const patient = clientFor({ pendingPolls: 5 });
    provider.script.push({ kind: 'pending', polls: 2 });
    const before = provider.requests.length;
    const answer = await patient.emit(note(4518));
    expect([answer.status, answer.providerStatus, answer.notes[0]?.status]).toEqual([104, 'autorizado', 100]);
    const polls = provider.requests.slice(before).filter((r) => r.method === 'GET' && r.path === `/nfe/${answer.id}`);
    expect(polls).toHaveLength(3);
    patient.close();
  });

  it('a provider away (HTTP 503, 429 past its quota, no connection) or silent (no answer in time) is SefazUnavailableError', async () => {
    provider.script.push({ kind: 'http', status: 503 });
    await expect(client.emit(note(4519))).rejects.toThrow(
      new SefazUnavailableError('A Nuvem Fiscal respondeu HTTP 503.'),
    );
    provider.script.push({ kind: 'http', status: 429 });
    await expect(client.emit(note(4519))).rejects.toBeInstanceOf(SefazUnavailableError);
    const hasty = clientFor({ timeoutMs: 300 });
    provider.script.push({ kind: 'hang' });
    await expect(hasty.emit(note(4520))).rejects.toThrow(
      new SefazUnavailableError('A Nuvem Fiscal não respondeu a tempo.'),
    );
    hasty.close();
    const nowhere = clientFor({ baseUrl: 'http://127.0.0.1:9', tokenUrl: 'http://127.0.0.1:9/oauth/token' });
    await expect(nowhere.status(55, 'x')).rejects.toBeInstanceOf(SefazUnavailableError);
  });

  it('sent again after an HTTP 500 for a note the provider kept, finds it by its reference instead of emitting twice', async () => {
    const input = note(4521);
    provider.script.push({ kind: 'http', status: 500, keep: true });
    await expect(client.emit(input)).rejects.toBeInstanceOf(SefazUnavailableError);
    const again = await client.emit(input);
    expect([again.providerStatus, again.notes[0]?.status]).toEqual(['autorizado', 100]);
    const key = again.accessKey as string;
    expect(provider.documents().filter((d) => d.referencia === key)).toHaveLength(1);
    const lookup = provider.requests.filter((r) => r.method === 'GET' && r.path === '/nfe').at(-1);
    expect(lookup?.query).toEqual({ cpf_cnpj: '11222333000181', ambiente: 'producao', referencia: key });
  });

  it("the provider's refusal of the request (HTTP 400) is a ProviderRequestError with its message, never a retry", async () => {
    const stranger = note(4522, { issuer: { ...workedExample().issuer, cnpj: '99888777000166' } });
    const refused = client.emit(stranger);
    await expect(refused).rejects.toBeInstanceOf(ProviderRequestError);
    await expect(refused).rejects.toThrow(
      'A Nuvem Fiscal recusou o pedido (HTTP 400): Empresa 99888777000166 não cadastrada.',
    );
    await expect(refused).rejects.toMatchObject({ httpStatus: 400, code: 'EmpresaNaoEncontrada' });
  });

  it('the test provider checks the body as the API types it: a missing field or a wrong type is refused, naming it', async () => {
    const { body } = nuvemFiscalNoteBody(note(4523));
    const { nNF: _nNF, ...ide } = body.infNFe.ide as JsonObject;
    const token = (await await fetch(provider.tokenUrl, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: provider.clientId,
        client_secret: provider.clientSecret,
      }),
    }).then((r) => r.json())) as { access_token: string };
    const post = (infNFe: JsonObject) =>
      fetch(`${provider.url}/nfe`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token.access_token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ ...body, referencia: `x-${Math.random()}`, infNFe }),
      }).then(async (r) => [r.status, await r.json()]);
    expect(await post({ ...body.infNFe, ide })).toEqual([
      400,
      { error: { code: 'ValidationFailed', message: "O campo 'infNFe.ide.nNF' é obrigatório." } },
    ]);
    const total = body.infNFe.total as { ICMSTot: JsonObject };
    expect(await post({ ...body.infNFe, total: { ICMSTot: { ...total.ICMSTot, vNF: '2030.00' } } })).toEqual([
      400,
      { error: { code: 'ValidationFailed', message: "O campo 'infNFe.total.ICMSTot.vNF' deve ser um número." } },
    ]);
  });

  it('keeps the token until it expires (an injected clock), one request for concurrent calls; a revoked one is renewed', async () => {
    let clock = Date.parse('2026-11-26T13:00:00Z');
    const timed = clientFor({ now: () => clock });
    const first = provider.tokensIssued();
    const emitted = await timed.emit(note(4524));
    await Promise.all([timed.status(55, emitted.id), timed.status(55, emitted.id), timed.xml(55, emitted.id)]);
    expect(provider.tokensIssued()).toBe(first + 1);
    const tokenOf = () => provider.requests.at(-1)?.authorization;
    const used = tokenOf();

    clock += (provider.tokenTtlSeconds - 61) * 1_000;
    await timed.status(55, emitted.id);
    expect([provider.tokensIssued(), tokenOf()]).toEqual([first + 1, used]);
    clock += 2_000; // within a minute of its expiry: a new one
    await timed.status(55, emitted.id);
    expect(provider.tokensIssued()).toBe(first + 2);
    expect(tokenOf()).not.toBe(used);

    provider.revokeTokens();
    const status = await timed.status(55, emitted.id);
    expect(status.providerStatus).toBe('autorizado');
    expect(provider.tokensIssued()).toBe(first + 3);
    const renewal = provider.requests.slice(-4).map((r) => [r.path, r.authorization?.split(' ')[0]]);
    expect(renewal).toEqual([
      [`/nfe/${emitted.id}`, 'Bearer'], // 401
      ['/oauth/token', 'Basic'],
      [`/nfe/${emitted.id}`, 'Bearer'],
      [`/nfe/${emitted.id}/xml`, 'Bearer'],
    ]);
    timed.close();
  });

  it('asks for the token as the official SDKs do: client credentials by HTTP Basic, the scopes nfe and nfce', async () => {
    const fresh = clientFor();
    await fresh.status(55, (await client.emit(note(4525))).id);
    const request = provider.requests.filter((r) => r.path === '/oauth/token').at(-1);
    expect(request?.body).toEqual({ grant_type: 'client_credentials', scope: 'nfe nfce' });
    expect(request?.authorization).toBe(
      `Basic ${Buffer.from(`${provider.clientId}:${provider.clientSecret}`).toString('base64')}`,
    );
    fresh.close();
  });

  it('wrong credentials: a clear error in Portuguese, the secret in no message nor in the client', async () => {
    const secret = 'segredo-errado-que-nao-pode-vazar';
    const wrong = clientFor({ clientSecret: secret });
    const before = provider.requests.length;
    const attempt = wrong.emit(note(4526));
    await expect(attempt).rejects.toBeInstanceOf(ProviderAuthError);
    await expect(attempt).rejects.toThrow(
      'A Nuvem Fiscal recusou as credenciais de acesso (invalid_client): confira o client ID e o client secret nas configurações fiscais.',
    );
    const error = (await attempt.catch((e: unknown) => e)) as Error;
    expect(`${error.message} ${error.stack} ${inspect(error)}`).not.toContain(secret);
    expect(inspect(wrong, { depth: 5, showHidden: true })).not.toContain(secret);
    expect(provider.requests.slice(before).map((r) => r.path)).toEqual(['/oauth/token']);
  });

  it('cancels a note (110111) and sends correction letters (110110): 135, the protocol, the procEventoNFe', async () => {
    const emitted = await client.emit(note(4527));
    const correction = 'Endereço de entrega: Rua Uruguaiana, 50, loja 3.';
    const corrected = await client.correct(emitted.id, correction);
    expect(provider.requests.at(-2)).toMatchObject({
      method: 'POST',
      path: `/nfe/${emitted.id}/carta-correcao`,
      body: { correcao: correction },
    });
    expect([corrected.providerStatus, corrected.eventStatus, corrected.eventReason]).toEqual([
      'registrado',
      135,
      'Evento registrado e vinculado a NF-e',
    ]);
    expect(corrected.protocol).toMatch(/^\d{15}$/);
    expect(corrected.xml).toContain('<tpEvento>110110</tpEvento>');
    expect((await validateAgainstSchema(corrected.xml as string, 'procCCeNFe_v1.00.xsd')).valid).toBe(true);
    const second = await client.correct(emitted.id, 'Volumes: duas caixas lacradas, peso 1,2 kg.');
    expect(second.xml).toContain('<nSeqEvento>2</nSeqEvento>');

    const reason = 'Pedido cancelado pelo cliente antes da entrega';
    const cancelled = await client.cancel(55, emitted.id, reason);
    expect(provider.requests.at(-2)).toMatchObject({
      path: `/nfe/${emitted.id}/cancelamento`,
      body: { justificativa: reason },
    });
    expect([cancelled.status, cancelled.eventStatus, cancelled.providerStatus]).toEqual([135, 135, 'registrado']);
    expect(cancelled.registeredAt).toBeTruthy();
    expect((await validateAgainstSchema(cancelled.xml as string, 'procEventoCancNFe_v1.00.xsd')).valid).toBe(true);
    expect((await client.status(55, emitted.id)).providerStatus).toBe('cancelado');

    // Cancelled again: the SEFAZ's refusal, relayed.
    const again = await client.cancel(55, emitted.id, reason);
    expect([again.providerStatus, again.eventStatus, again.eventReason, again.xml]).toEqual([
      'rejeitado',
      573,
      'Rejeição: Duplicidade de evento',
      null,
    ]);
  });

  it('an event pending at the provider is asked for again; a provider away during an event is SefazUnavailableError', async () => {
    const patient = clientFor({ pendingPolls: 3 });
    const emitted = await patient.emit(note(4528));
    provider.eventScript.push({ kind: 'pending', polls: 1 });
    const corrected = await patient.correct(emitted.id, 'Transportadora: entrega própria do emitente.');
    expect([corrected.providerStatus, corrected.eventStatus]).toEqual(['registrado', 135]);
    expect(provider.requests.filter((r) => r.path === `/nfe/eventos/${corrected.id}`)).toHaveLength(2);
    provider.eventScript.push({ kind: 'http', status: 502 });
    await expect(
      patient.cancel(55, emitted.id, 'Pedido cancelado pelo cliente antes da entrega'),
    ).rejects.toBeInstanceOf(SefazUnavailableError);
    patient.close();
  });

  it('voids skipped numbers (102): the protocol and the ProcInutNFe', async () => {
    const answer = await client.voidNumbers({
      environment: 2,
      stateCode: '35',
      year: '26',
      cnpj: '11222333000181',
      model: 55,
      series: 1,
      from: 120,
      to: 122,
      reason: 'Números pulados por falha do sistema',
    });
    expect(provider.requests.at(-2)).toMatchObject({
      method: 'POST',
      path: '/nfe/inutilizacoes',
      body: {
        ambiente: 'homologacao',
        cnpj: '11222333000181',
        ano: 26,
        serie: 1,
        numero_inicial: 120,
        numero_final: 122,
        justificativa: 'Números pulados por falha do sistema',
      },
    });
    expect([answer.status, answer.reason, answer.providerStatus]).toEqual([
      102,
      'Inutilização de número homologado',
      'registrado',
    ]);
    expect(answer.protocol).toMatch(/^\d{15}$/);
    expect((await validateAgainstSchema(answer.xml, 'procInutNFe_v4.00.xsd')).valid).toBe(true);
    provider.eventScript.push({ kind: 'reject', status: 241, reason: 'Rejeição: Um número da faixa já foi utilizado' });
    const refused = await client.voidNumbers({
      environment: 2,
      stateCode: '35',
      year: '26',
      cnpj: '11222333000181',
      model: 65,
      series: 1,
      from: 7,
      to: 7,
      reason: 'Número pulado por falha do sistema',
    });
    expect(provider.requests.at(-1)?.path).toBe('/nfce/inutilizacoes');
    expect([refused.status, refused.reason, refused.protocol, refused.xml]).toEqual([
      241,
      'Rejeição: Um número da faixa já foi utilizado',
      null,
      '',
    ]);
  });

  it('an NFC-e goes to /nfce, in homologação, without infNFeSupl: the provider writes the QR code with its CSC', async () => {
    const nfce = note(4529, {
      model: 65,
      environment: 2,
      recipient: null,
      freightCents: 0,
      freightMode: 9,
      payments: [{ type: '01', amountCents: 200_000 }],
      csc: null,
    });
    const answer = await client.emit(nfce);
    const sent = emissions(provider).at(-1);
    expect(sent?.path).toBe('/nfce');
    expect(bodyOf(sent)).not.toHaveProperty('infNFeSupl');
    expect(bodyOf(sent).ambiente).toBe('homologacao');
    expect(infNFeOf(sent).det[0].prod.xProd).toBe('NOTA FISCAL EMITIDA EM AMBIENTE DE HOMOLOGACAO - SEM VALOR FISCAL');
    expect([answer.providerStatus, answer.notes[0]?.status]).toEqual(['autorizado', 100]);
    expect(answer.procXml).toContain('<qrCode>');
    expect(provider.documents().find((d) => d.id === answer.id)?.schemaProblems).toEqual([]);
    const pdf = await client.danfe(65, answer.id);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });
});
