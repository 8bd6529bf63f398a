/**
 * A Nuvem Fiscal of the tests (issue 41: no provider can be reached from these machines): an HTTP server on
 * 127.0.0.1 answering the endpoints provider-client.ts calls, as Nuvem Fiscal's published API 2.60.0 describes them
 * (the OpenAPI its SDKs are generated from: github.com/nuvem-fiscal/nuvemfiscal-sdk-php, docs/Api/NfeApi.md,
 * NfceApi.md, docs/Model/*.md; see provider-client.ts's header for the details):
 * - POST /oauth/token (its tokenUrl): OAuth 2.0 client credentials, the client's id and secret by HTTP Basic (as the
 *   official SDKs send them) or in the form; a wrong pair is 401 { error: 'invalid_client' } (RFC 6749 §5.2);
 *   tokens of `tokenTtlSeconds`, scoped ('nfe', 'nfce'); `revokeTokens()` makes the API answer 401 to them.
 * - POST /nfe and /nfce (NfePedidoEmissao): the body checked as the OpenAPI types it — the required fields of each
 *   group (NfePedidoEmissao, NfeSefazInfNFe, Ide, Dest, Endereco, Det, Prod, ICMS*, PIS*, COFINS*, IBSCBS,
 *   Total, ICMSTot, Transp, Pag, DetPag, Card, Dup), integers, numbers and strings (with their lengths), `ambiente`
 *   'homologacao' | 'producao', 1 to 990 items; a field the layout does not have is refused too (stricter than the
 *   provider may be, to catch a wrong name). A refusal is HTTP 400 `{ error: { code, message } }` naming the field
 *   ("O campo 'infNFe.ide.nNF' é obrigatório."). The issuer must be a company registered here (its certificate is
 *   the shop's test A1, TEST_SIGNER). A `referencia` already used is 409.
 * - Then, as the provider does: the key composed from ide and emit (cNF and cDV made when absent), the note
 *   written as the layout's XML from the JSON (the same names, in the order received, values with the layout's
 *   decimals), signed with the registered certificate, the NFC-e's QR code made with the CSC registered here, and
 *   "sent to the SEFAZ": validated against procNFe_v4.00.xsd (225 'Rejeição: Falha no Schema XML' when it does not).
 *   By default 'autorizado' (100, a protocol, the digest); a script may answer instead 'rejeitado' with a SEFAZ
 *   code, 'denegado', 'pendente' for a number of consultations (GET /nfe/{id}) then 'autorizado', the provider's own
 *   'erro', an HTTP 5xx (optionally keeping the note, as an HTTP 500 did for notes the provider emitted anyway:
 *   suporte.nuvemfiscal.com.br/t/962), or no answer at all (hanging: the client's timeout).
 * - GET /nfe?cpf_cnpj=&ambiente=&referencia= (DfeListagem), GET /nfe/{id} (Dfe), GET /nfe/{id}/xml (the nfeProc,
 *   only once authorised or denied), GET /nfe/{id}/pdf (the DANFE, drawn by danfe.ts).
 * - POST /nfe/{id}/cancelamento, POST /nfe/{id}/carta-correcao (NF-e only): 'registrado' with 135 'Evento registrado
 *   e vinculado a NF-e' and a protocol (the event checked by its schema, 225 otherwise), or scripted; GET
 *   /nfe/eventos/{id}[/xml] (procEventoNFe).
 * - POST /nfe/inutilizacoes and /nfce/inutilizacoes (DfePedidoInutilizacao, its required fields and ranges):
 *   'registrado' with 102 'Inutilização de número homologado'; GET …/inutilizacoes/{id}[/xml] (ProcInutNFe, as its schema names it).
 * A plain module (no test framework); every request is kept in `requests` for the tests to read.
 */
import { randomInt, randomUUID } from 'node:crypto';
import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { composeAccessKey } from '../../../lib/nfe/access-key';
import { escapeText } from '../../../lib/nfe/canonical-xml';
import { signCanonical } from '../../../lib/nfe/xml-signature';
import { renderDanfe } from '../danfe/danfe';
import { NFE_NAMESPACE, nfceQrCode } from '../nfe/nfe-builder';
import { nfceUrls, ufOfKey } from '../nfe/states';
import { TEST_SIGNER } from '../nfe/test-notes';
import { validateAgainstSchema } from '../nfe/xsd';
import { eventMessage, nfeProc, voidingMessage } from '../sefaz/sefaz-messages';
import type { NuvemFiscalDfe, NuvemFiscalEvent } from './provider-client';

export type ProviderScriptStep =
  | { kind: 'authorize' }
  | { kind: 'reject'; status: number; reason: string }
  | { kind: 'deny'; status: number; reason: string }
  /** 'pendente' now and to the next `polls` consultations, then 'autorizado'. */
  | { kind: 'pending'; polls: number }
  /** The provider's own 'erro' (not transmitted), with its message. */
  | { kind: 'error'; message: string }
  /** HTTP `status`; `keep`: the note authorised all the same (the answer lost, the note emitted). */
  | { kind: 'http'; status: number; keep?: boolean }
  | { kind: 'hang' };

export type ProviderEventScriptStep =
  | { kind: 'register' }
  | { kind: 'reject'; status: number; reason: string }
  | { kind: 'pending'; polls: number }
  | { kind: 'http'; status: number }
  | { kind: 'hang' };

export interface ProviderRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  /** The JSON body parsed (or the token request's form), null without one. */
  body: unknown;
  rawBody: string;
  authorization: string | null;
}

export interface TestProviderDocument {
  id: string;
  model: 55 | 65;
  referencia: string | null;
  status: NuvemFiscalDfe['status'];
  key: string;
  procXml: string | null;
  /** What the schema said of the note it wrote (empty when valid). */
  schemaProblems: string[];
}

export interface TestProvider {
  /** The API's base address (provider-client's baseUrl). */
  url: string;
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  requests: ProviderRequest[];
  /** The next emissions' answers, in order (then 'autorizado'). */
  script: ProviderScriptStep[];
  /** The next events' and voidings' answers, in order (then 'registrado'). */
  eventScript: ProviderEventScriptStep[];
  /** Lifetime of the tokens it gives (expires_in). */
  tokenTtlSeconds: number;
  tokensIssued(): number;
  /** Every token given so far is refused from now on (401). */
  revokeTokens(): void;
  documents(): TestProviderDocument[];
  close(): Promise<void>;
}

// ——— the body as the OpenAPI types it ———

const INTEGERS = new Set([
  'cUF',
  'mod',
  'serie',
  'nNF',
  'tpNF',
  'idDest',
  'tpImp',
  'tpEmis',
  'cDV',
  'tpAmb',
  'finNFe',
  'indFinal',
  'indPres',
  'indIntermed',
  'procEmi',
  'CRT',
  'indIEDest',
  'nItem',
  'orig',
  'modBC',
  'indTot',
  'modFrete',
  'indPag',
  'tpIntegra',
]);
const NUMBERS = new Set(
  (
    'qCom vUnCom vProd qTrib vUnTrib vFrete vSeg vDesc vOutro pCredSN vCredICMSSN vBC pICMS vICMS pPIS vPIS pCOFINS ' +
    'vCOFINS pIBSUF vIBSUF pIBSMun vIBSMun vIBS pCBS vCBS vICMSDeson vFCP vBCST vST vFCPST vFCPSTRet vII vIPI ' +
    'vIPIDevol vNF vBCIBSCBS vDif vDevTrib vCredPres vCredPresCondSus vOrig vLiq vDup vPag vTroco'
  ).split(' '),
);
/** Strings, with the lengths the OpenAPI gives (min..max; 0 where it gives none). */
const STRINGS: Record<string, [number, number]> = {
  versao: [0, 0],
  Id: [0, 0],
  cNF: [0, 0],
  natOp: [1, 60],
  dhEmi: [0, 0],
  dhSaiEnt: [0, 0],
  cMunFG: [0, 0],
  verProc: [1, 20],
  dhCont: [0, 0],
  xJust: [15, 256],
  CNPJ: [0, 14],
  CPF: [0, 11],
  xNome: [2, 60],
  xFant: [1, 60],
  xLgr: [2, 60],
  nro: [1, 60],
  xCpl: [1, 60],
  xBairro: [2, 60],
  cMun: [0, 0],
  xMun: [1, 60],
  UF: [0, 0],
  CEP: [0, 0],
  cPais: [0, 0],
  xPais: [2, 60],
  fone: [0, 0],
  IE: [0, 14],
  email: [1, 60],
  cProd: [1, 60],
  cEAN: [0, 0],
  xProd: [1, 120],
  NCM: [0, 0],
  CEST: [0, 0],
  CFOP: [0, 0],
  uCom: [1, 6],
  cEANTrib: [0, 0],
  uTrib: [1, 6],
  CSOSN: [0, 0],
  CST: [0, 0],
  cClassTrib: [0, 0],
  nFat: [1, 60],
  nDup: [1, 60],
  dVenc: [0, 0],
  tPag: [0, 0],
  xPag: [2, 60],
  CNPJPag: [0, 0],
  tBand: [0, 0],
  cAut: [1, 128],
  infCpl: [1, 5000],
  infAdProd: [1, 500],
  qrCode: [0, 0],
  urlChave: [0, 0],
};
const GROUPS = new Set(
  (
    'infNFe ide emit enderEmit dest enderDest det prod imposto ICMS ICMS00 ICMS40 ICMS60 ICMSSN101 ICMSSN102 ' +
    'ICMSSN500 PIS PISAliq PISNT PISOutr COFINS COFINSAliq COFINSNT COFINSOutr IBSCBS gIBSCBS gIBSUF gIBSMun ' +
    'gCBS total ICMSTot IBSCBSTot gIBS transp cobr fat dup pag detPag card infAdic infNFeSupl'
  ).split(' '),
);
const ARRAYS = new Set(['det', 'dup', 'detPag']);
/** The required fields of each group (the OpenAPI's `required`); `parent>name` where a name has two meanings. */
const REQUIRED: Record<string, string[]> = {
  '': ['ambiente', 'infNFe'],
  infNFe: ['versao', 'ide', 'emit', 'det', 'total', 'transp', 'pag'],
  ide: [
    'cUF',
    'natOp',
    'serie',
    'nNF',
    'dhEmi',
    'tpNF',
    'idDest',
    'cMunFG',
    'tpImp',
    'tpEmis',
    'finNFe',
    'indFinal',
    'indPres',
    'procEmi',
    'verProc',
  ],
  dest: ['indIEDest'],
  enderDest: ['xLgr', 'nro', 'xBairro', 'cMun', 'xMun', 'UF'],
  det: ['nItem', 'prod', 'imposto'],
  prod: [
    'cProd',
    'cEAN',
    'xProd',
    'NCM',
    'CFOP',
    'uCom',
    'qCom',
    'vUnCom',
    'vProd',
    'cEANTrib',
    'uTrib',
    'qTrib',
    'vUnTrib',
    'indTot',
  ],
  ICMS00: ['orig', 'CST', 'modBC', 'vBC', 'pICMS', 'vICMS'],
  ICMS40: ['orig', 'CST'],
  ICMS60: ['orig', 'CST'],
  ICMSSN101: ['orig', 'CSOSN', 'pCredSN', 'vCredICMSSN'],
  ICMSSN102: ['orig', 'CSOSN'],
  ICMSSN500: ['orig', 'CSOSN'],
  PISAliq: ['CST', 'vBC', 'pPIS', 'vPIS'],
  PISNT: ['CST'],
  PISOutr: ['CST', 'vPIS'],
  COFINSAliq: ['CST', 'vBC', 'pCOFINS', 'vCOFINS'],
  COFINSNT: ['CST'],
  COFINSOutr: ['CST', 'vCOFINS'],
  IBSCBS: ['CST'],
  gIBSCBS: ['vBC', 'gIBSUF', 'gIBSMun', 'vIBS', 'gCBS'],
  'gIBSCBS>gIBSUF': ['pIBSUF', 'vIBSUF'],
  'gIBSCBS>gIBSMun': ['pIBSMun', 'vIBSMun'],
  'gIBSCBS>gCBS': ['pCBS', 'vCBS'],
  total: ['ICMSTot'],
  ICMSTot: [
    'vBC',
    'vICMS',
    'vICMSDeson',
    'vFCP',
    'vBCST',
    'vST',
    'vFCPST',
    'vFCPSTRet',
    'vProd',
    'vFrete',
    'vSeg',
    'vDesc',
    'vII',
    'vIPI',
    'vIPIDevol',
    'vPIS',
    'vCOFINS',
    'vOutro',
    'vNF',
  ],
  IBSCBSTot: ['vBCIBSCBS'],
  'IBSCBSTot>gIBS': ['gIBSUF', 'gIBSMun', 'vIBS', 'vCredPres', 'vCredPresCondSus'],
  transp: ['modFrete'],
  pag: ['detPag'],
  detPag: ['tPag', 'vPag'],
  card: ['tpIntegra'],
  dup: ['vDup'],
};

/** The problems of `value`, the group `name` (inside `parent`) at `path`, as the provider words them. */
function problemsOf(value: unknown, name: string, parent: string, path: string, problems: string[]): void {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    problems.push(`O campo '${path}' deve ser um objeto.`);
    return;
  }
  const object = value as Record<string, unknown>;
  for (const field of REQUIRED[`${parent}>${name}`] ?? REQUIRED[name] ?? [])
    if (object[field] === undefined || object[field] === null)
      problems.push(`O campo '${path ? `${path}.` : ''}${field}' é obrigatório.`);
  for (const [key, child] of Object.entries(object)) {
    const at = path ? `${path}.${key}` : key;
    if (child === null || child === undefined) continue;
    if (name === '' && (key === 'ambiente' || key === 'referencia')) {
      if (key === 'ambiente' && child !== 'homologacao' && child !== 'producao')
        problems.push("O campo 'ambiente' deve ser 'homologacao' ou 'producao'.");
      if (key === 'referencia' && (typeof child !== 'string' || child.length > 50))
        problems.push("O campo 'referencia' deve ter no máximo 50 caractere(s).");
      continue;
    }
    if (GROUPS.has(key)) {
      if (ARRAYS.has(key)) {
        if (!Array.isArray(child)) {
          problems.push(`O campo '${at}' deve ser uma lista.`);
          continue;
        }
        if (key === 'det' && (child.length < 1 || child.length > 990))
          problems.push(`O campo '${at}' deve ter de 1 a 990 itens.`);
        child.forEach((item, i) => {
          problemsOf(item, key, name, `${at}[${i}]`, problems);
        });
      } else {
        problemsOf(child, key, name, at, problems);
      }
    } else if (INTEGERS.has(key)) {
      if (!Number.isInteger(child)) problems.push(`O campo '${at}' deve ser um número inteiro.`);
    } else if (NUMBERS.has(key)) {
      if (typeof child !== 'number' || !Number.isFinite(child)) problems.push(`O campo '${at}' deve ser um número.`);
    } else if (key in STRINGS) {
      const [min, max] = STRINGS[key] as [number, number];
      if (typeof child !== 'string') problems.push(`O campo '${at}' deve ser um texto.`);
      else if (child.length < min) problems.push(`O campo '${at}' deve ter pelo menos ${min} caractere(s).`);
      else if (max > 0 && child.length > max) problems.push(`O campo '${at}' deve ter no máximo ${max} caractere(s).`);
    } else {
      problems.push(`O campo '${at}' não existe no leiaute da NF-e.`);
    }
  }
}

// ——— the JSON written back as the layout's XML ———

const ATTRIBUTES: Record<string, string[]> = { infNFe: ['Id', 'versao'], det: ['nItem'] };

/** A number with the layout's decimals: unit values 10, rates and quantities 4, money 2. */
function layoutNumber(name: string, value: number): string {
  if (INTEGERS.has(name)) return String(value);
  if (name.startsWith('vUn')) return value.toFixed(10);
  if (name.startsWith('p') || name.startsWith('q')) return value.toFixed(4);
  return value.toFixed(2);
}

function xmlOf(name: string, value: unknown): string {
  if (Array.isArray(value)) return value.map((item) => xmlOf(name, item)).join('');
  if (value !== null && typeof value === 'object') {
    const object = value as Record<string, unknown>;
    const attributes = ATTRIBUTES[name] ?? [];
    const attrs = attributes
      .filter((a) => object[a] !== undefined)
      .map((a) => ` ${a}="${String(object[a])}"`)
      .join('');
    const inner = Object.entries(object)
      .filter(([key, child]) => !attributes.includes(key) && child !== null && child !== undefined)
      .map(([key, child]) => xmlOf(key, child))
      .join('');
    return `<${name}${attrs}>${inner}</${name}>`;
  }
  const text = typeof value === 'number' ? layoutNumber(name, value) : String(value);
  return `<${name}>${escapeText(text)}</${name}>`;
}

/** ide with what the provider fills in (cNF, mod, cDV, tpAmb), in the layout's order. */
function completeIde(
  ide: Record<string, unknown>,
  fill: { cNF: string; mod: number; cDV: number; tpAmb: number },
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(ide)) {
    out[key] = value;
    if (key === 'cUF' && ide.cNF === undefined) out.cNF = fill.cNF;
    if (key === 'natOp' && ide.mod === undefined) out.mod = fill.mod;
    if (key === 'tpEmis' && ide.cDV === undefined) out.cDV = fill.cDV;
    if ((key === 'cDV' || (key === 'tpEmis' && ide.cDV === undefined)) && ide.tpAmb === undefined)
      out.tpAmb = fill.tpAmb;
  }
  return out;
}

/** Now, in Brasília's time (-03:00): the layout's date-times carry a Brazilian offset. */
const stamp = () => new Date(Date.now() - 3 * 3_600_000).toISOString().replace(/\.\d{3}Z$/, '-03:00');

interface StoredDocument extends TestProviderDocument {
  environment: 'homologacao' | 'producao';
  cnpj: string;
  dfe: NuvemFiscalDfe;
  /** The answer once the pending consultations are over. */
  final: NuvemFiscalDfe;
  pendingPolls: number;
  protocol: string | null;
  corrections: number;
}

interface StoredEvent {
  event: NuvemFiscalEvent;
  final: NuvemFiscalEvent;
  pendingPolls: number;
  xml: string | null;
}

export async function startTestProvider(
  options: { clientId?: string; clientSecret?: string; companies?: string[] } = {},
): Promise<TestProvider> {
  const clientId = options.clientId ?? 'backoffice-test-client';
  const clientSecret = options.clientSecret ?? 'segredo-de-teste-0123456789';
  const companies = new Set(options.companies ?? ['11222333000181']);
  const csc = { id: '000001', token: 'CSC-DE-TESTE-DA-NUVEM-FISCAL' };
  const requests: ProviderRequest[] = [];
  const script: ProviderScriptStep[] = [];
  const eventScript: ProviderEventScriptStep[] = [];
  const tokens = new Map<string, string[]>();
  const documents = new Map<string, StoredDocument>();
  const events = new Map<string, StoredEvent>();
  const hanging = new Set<http.ServerResponse>();
  let issued = 0;
  let protocolSeq = 0;
  const nextProtocol = () => `1352600000${String(++protocolSeq).padStart(5, '0')}`;

  const provider: TestProvider = {
    url: '',
    tokenUrl: '',
    clientId,
    clientSecret,
    requests,
    script,
    eventScript,
    tokenTtlSeconds: 3_600,
    tokensIssued: () => issued,
    revokeTokens: () => tokens.clear(),
    documents: () =>
      [...documents.values()].map(({ id, model, referencia, status, key, procXml, schemaProblems }) => ({
        id,
        model,
        referencia,
        status,
        key,
        procXml,
        schemaProblems,
      })),
    close: async () => {
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };

  type Answer = { status: number; json?: unknown; body?: Buffer | string; type?: string } | 'hang';
  const json = (status: number, body: unknown): Answer => ({ status, json: body });
  const fail = (status: number, code: string, message: string): Answer => json(status, { error: { code, message } });
  const notFound = () => fail(404, 'NotFound', 'Documento não encontrado.');

  function token(form: URLSearchParams, authorization: string | null): Answer {
    let id = form.get('client_id');
    let secret = form.get('client_secret');
    if (authorization?.startsWith('Basic ')) {
      const decoded = Buffer.from(authorization.slice(6), 'base64').toString('utf8');
      const colon = decoded.indexOf(':');
      id = decoded.slice(0, colon);
      secret = decoded.slice(colon + 1);
    }
    if (form.get('grant_type') !== 'client_credentials')
      return json(400, { error: 'unsupported_grant_type', error_description: 'Use grant_type=client_credentials.' });
    if (id !== clientId || secret !== clientSecret)
      return json(401, { error: 'invalid_client', error_description: 'Credenciais de cliente inválidas.' });
    issued += 1;
    const accessToken = `nf-test-${issued}-${randomUUID()}`;
    const scopes = (form.get('scope') || 'nfe nfce').split(/\s+/).filter(Boolean);
    tokens.set(accessToken, scopes);
    return json(200, {
      access_token: accessToken,
      token_type: 'bearer',
      expires_in: provider.tokenTtlSeconds,
      scope: scopes.join(' '),
    });
  }

  /** The note written, signed and checked as the provider and the SEFAZ would; its answer by the script. */
  async function emit(kind: 'nfe' | 'nfce', body: Record<string, unknown>): Promise<Answer> {
    const problems: string[] = [];
    problemsOf(body, '', '', '', problems);
    if (problems.length) return fail(400, 'ValidationFailed', problems.join(' '));
    const infNFe = body.infNFe as Record<string, unknown>;
    const ide = infNFe.ide as Record<string, unknown>;
    const emit = infNFe.emit as Record<string, unknown> | undefined;
    const model = kind === 'nfe' ? 55 : 65;
    if (ide.mod !== undefined && ide.mod !== model)
      return fail(400, 'ValidationFailed', `O modelo ${String(ide.mod)} não é o deste endpoint (/${kind}).`);
    const cnpj = String(emit?.CNPJ ?? '');
    if (!companies.has(cnpj)) return fail(400, 'EmpresaNaoEncontrada', `Empresa ${cnpj} não cadastrada.`);
    const referencia = typeof body.referencia === 'string' ? body.referencia : null;
    if (referencia && [...documents.values()].some((d) => d.referencia === referencia && d.cnpj === cnpj))
      return fail(409, 'DfeAlreadyExists', `Já existe um documento com a referência ${referencia}.`);
    const step = script.shift() ?? { kind: 'authorize' };
    if (step.kind === 'hang') return 'hang';
    if (step.kind === 'http' && !step.keep) return { status: step.status, body: 'Internal server error' };

    // The key, the XML, the signature: the provider's part.
    const environment = body.ambiente as 'homologacao' | 'producao';
    const tpAmb = environment === 'producao' ? 1 : 2;
    const dhEmi = String(ide.dhEmi);
    const cNF = typeof ide.cNF === 'string' ? ide.cNF : String(randomInt(10_000_000, 100_000_000));
    const key = composeAccessKey({
      stateCode: String(ide.cUF),
      yearMonth: `${dhEmi.slice(2, 4)}${dhEmi.slice(5, 7)}`,
      issuerDocument: cnpj,
      model: String(model),
      series: String(ide.serie),
      number: String(ide.nNF),
      emissionType: String(ide.tpEmis),
      numericCode: cNF,
    });
    const id = `NFe${key}`;
    const badKey =
      (infNFe.Id !== undefined && infNFe.Id !== id) || (ide.cDV !== undefined && ide.cDV !== Number(key.slice(43)));
    const { Id: _id, versao, ...groups } = infNFe;
    const inner = Object.entries(groups)
      .filter(([name]) => name !== 'ide')
      .map(([name, value]) => xmlOf(name, value))
      .join('');
    const ideXml = xmlOf('ide', completeIde(ide, { cNF, mod: model, cDV: Number(key.slice(43)), tpAmb }));
    const canonical = `<infNFe xmlns="${NFE_NAMESPACE}" Id="${id}" versao="${String(versao)}">${ideXml}${inner}</infNFe>`;
    const signature = signCanonical(canonical, id, TEST_SIGNER);
    let supl = '';
    if (model === 65) {
      const uf = ufOfKey(key);
      const urls = nfceUrls(uf, tpAmb as 1 | 2);
      const qrCode = nfceQrCode({ url: urls.qrCode, accessKey: key, environment: tpAmb as 1 | 2, csc });
      supl = `<infNFeSupl><qrCode>${escapeText(qrCode)}</qrCode><urlChave>${urls.consultation}</urlChave></infNFeSupl>`;
    }
    const nfe = `<NFe xmlns="${NFE_NAMESPACE}">${canonical.replace(` xmlns="${NFE_NAMESPACE}"`, '')}${supl}${signature.xml}</NFe>`;
    const received = stamp();
    const protocolXml = (status: number, reason: string, protocol: string | null) =>
      `<protNFe versao="4.00"><infProt><tpAmb>${tpAmb}</tpAmb><verAplic>NUVEMFISCAL-TESTE</verAplic>` +
      `<chNFe>${key}</chNFe><dhRecbto>${received}</dhRecbto>${protocol ? `<nProt>${protocol}</nProt>` : ''}` +
      `<digVal>${signature.digest}</digVal><cStat>${status}</cStat><xMotivo>${reason}</xMotivo></infProt></protNFe>`;
    const schema = await validateAgainstSchema(
      nfeProc(nfe, protocolXml(100, 'Autorizado o uso da NF-e', '135260000000000')),
      'procNFe_v4.00.xsd',
    );

    let status: NuvemFiscalDfe['status'] = 'autorizado';
    let code: number | null = 100;
    let reason: string | null = 'Autorizado o uso da NF-e';
    let message: string | null = null;
    if (badKey) {
      [status, code, reason] = ['rejeitado', 502, 'Rejeição: Erro na Chave de Acesso - Campo Id não corresponde'];
    } else if (!schema.valid) {
      [status, code, reason] = ['rejeitado', 225, 'Rejeição: Falha no Schema XML'];
    } else if (step.kind === 'reject' || step.kind === 'deny') {
      [status, code, reason] = [step.kind === 'reject' ? 'rejeitado' : 'denegado', step.status, step.reason];
    } else if (step.kind === 'error') {
      [status, code, reason, message] = ['erro', null, null, step.message];
    }
    const protocol = status === 'autorizado' || status === 'denegado' ? nextProtocol() : null;
    const procXml =
      status === 'autorizado' || status === 'denegado'
        ? nfeProc(nfe, protocolXml(code as number, reason as string, protocol))
        : null;
    const documentId = `nfe_${randomUUID().replace(/-/g, '')}`;
    const total = ((infNFe.total as Record<string, unknown>).ICMSTot as Record<string, unknown>).vNF as number;
    const dfe: NuvemFiscalDfe = {
      id: documentId,
      ambiente: environment,
      created_at: new Date().toISOString(),
      status: 'pendente',
      referencia,
      data_emissao: dhEmi,
      modelo: model,
      serie: ide.serie as number,
      numero: ide.nNF as number,
      tipo_emissao: ide.tpEmis as number,
      valor_total: total,
      chave: key,
      autorizacao: null,
    };
    const final: NuvemFiscalDfe = {
      ...dfe,
      status,
      autorizacao: {
        id: `aut_${randomUUID().replace(/-/g, '')}`,
        ambiente: environment,
        status:
          status === 'autorizado' || status === 'denegado' ? 'registrado' : status === 'erro' ? 'erro' : 'rejeitado',
        chave_acesso: key,
        data_evento: dhEmi,
        numero_sequencial: 1,
        data_recebimento: status === 'erro' ? null : received,
        codigo_status: code,
        motivo_status: reason,
        numero_protocolo: protocol,
        mensagem: message,
        digest_value: signature.digest,
      },
    };
    documents.set(documentId, {
      id: documentId,
      model,
      referencia,
      status: step.kind === 'pending' ? 'pendente' : status,
      key,
      procXml,
      schemaProblems: schema.problems.map((p) => p.message),
      environment,
      cnpj,
      dfe,
      final,
      pendingPolls: step.kind === 'pending' ? step.polls : 0,
      protocol,
      corrections: 0,
    });
    if (step.kind === 'http') return { status: step.status, body: 'Internal server error' };
    return json(200, step.kind === 'pending' ? dfe : final);
  }

  function consult(document: StoredDocument): NuvemFiscalDfe {
    if (document.status !== 'pendente') return { ...document.final, status: document.status };
    if (document.pendingPolls > 0) {
      document.pendingPolls -= 1;
      return document.dfe;
    }
    document.status = document.final.status;
    return document.final;
  }

  function eventAnswer(stored: StoredEvent): NuvemFiscalEvent {
    if (stored.pendingPolls > 0) {
      stored.pendingPolls -= 1;
      return stored.event;
    }
    return stored.final;
  }

  /** Cancellation or correction letter of the note `document`. */
  async function event(document: StoredDocument, kind: 'cancel' | 'correction', text: string): Promise<Answer> {
    if (document.status !== 'autorizado' && !(kind === 'cancel' && document.status === 'cancelado'))
      return fail(400, 'DfeNaoAutorizado', `O documento ${document.id} não está autorizado.`);
    const step = eventScript.shift() ?? { kind: 'register' };
    if (step.kind === 'hang') return 'hang';
    if (step.kind === 'http') return { status: step.status, body: 'Internal server error' };
    const tpAmb = document.environment === 'producao' ? 1 : 2;
    const sequence = kind === 'cancel' ? 1 : document.corrections + 1;
    const message = eventMessage(
      protocolSeq,
      {
        environment: tpAmb,
        stateCode: document.key.slice(0, 2),
        cnpj: document.cnpj,
        accessKey: document.key,
        at: stamp(),
        sequence,
        kind:
          kind === 'cancel'
            ? { type: 'cancel', protocol: document.protocol ?? '', reason: text }
            : { type: 'correction', text },
      },
      TEST_SIGNER,
    );
    const schema = await validateAgainstSchema(
      message,
      kind === 'cancel' ? 'envEventoCancNFe_v1.00.xsd' : 'envCCe_v1.00.xsd',
    );
    let [status, code, reason]: [NuvemFiscalEvent['status'], number, string] = [
      'registrado',
      135,
      'Evento registrado e vinculado a NF-e',
    ];
    if (kind === 'cancel' && document.status === 'cancelado')
      [status, code, reason] = ['rejeitado', 573, 'Rejeição: Duplicidade de evento'];
    else if (!schema.valid) [status, code, reason] = ['rejeitado', 225, 'Rejeição: Falha no Schema XML'];
    else if (step.kind === 'reject') [status, code, reason] = ['rejeitado', step.status, step.reason];
    const tpEvento = kind === 'cancel' ? '110111' : '110110';
    const protocol = status === 'registrado' ? nextProtocol() : null;
    const registered = stamp();
    const id = `evt_${randomUUID().replace(/-/g, '')}`;
    const base: NuvemFiscalEvent = {
      id,
      ambiente: document.environment,
      status: 'pendente',
      chave_acesso: document.key,
      data_evento: registered,
      numero_sequencial: sequence,
      tipo_evento: tpEvento,
    };
    const final: NuvemFiscalEvent = {
      ...base,
      status,
      data_recebimento: registered,
      codigo_status: code,
      motivo_status: reason,
      numero_protocolo: protocol,
    };
    const evento = /<evento [\s\S]*<\/evento>/.exec(message)?.[0] ?? '';
    const xml =
      status === 'registrado'
        ? `<procEventoNFe xmlns="${NFE_NAMESPACE}" versao="1.00">${evento}<retEvento versao="1.00"><infEvento>` +
          `<tpAmb>${tpAmb}</tpAmb><verAplic>NUVEMFISCAL-TESTE</verAplic><cOrgao>${document.key.slice(0, 2)}</cOrgao>` +
          `<cStat>${code}</cStat><xMotivo>${reason}</xMotivo><chNFe>${document.key}</chNFe><tpEvento>${tpEvento}</tpEvento>` +
          `<nSeqEvento>${sequence}</nSeqEvento><dhRegEvento>${registered}</dhRegEvento><nProt>${protocol}</nProt>` +
          '</infEvento></retEvento></procEventoNFe>'
        : null;
    if (status === 'registrado') {
      if (kind === 'cancel') document.status = 'cancelado';
      else document.corrections = sequence;
    }
    const pendingPolls = step.kind === 'pending' ? step.polls : 0;
    events.set(id, { event: base, final, pendingPolls, xml });
    const answer = step.kind === 'pending' ? base : final;
    return json(200, kind === 'cancel' ? { ...answer, justificativa: text } : { ...answer, correcao: text });
  }

  async function voiding(kind: 'nfe' | 'nfce', body: Record<string, unknown>): Promise<Answer> {
    const problems: string[] = [];
    const fields = ['ambiente', 'cnpj', 'ano', 'serie', 'numero_inicial', 'numero_final', 'justificativa'];
    for (const field of fields)
      if (body[field] === undefined || body[field] === null) problems.push(`O campo '${field}' é obrigatório.`);
    for (const field of ['ano', 'serie', 'numero_inicial', 'numero_final'])
      if (body[field] !== undefined && !Number.isInteger(body[field]))
        problems.push(`O campo '${field}' deve ser um número inteiro.`);
    const justification = body.justificativa;
    if (typeof justification === 'string' && (justification.length < 15 || justification.length > 255))
      problems.push("O campo 'justificativa' deve ter de 15 a 255 caractere(s).");
    if (body.ambiente !== 'homologacao' && body.ambiente !== 'producao')
      problems.push("O campo 'ambiente' deve ser 'homologacao' ou 'producao'.");
    if (Number(body.serie) < 0 || Number(body.serie) > 999) problems.push("O campo 'serie' deve estar entre 0 e 999.");
    if (Number(body.numero_inicial) < 1 || Number(body.numero_final) > 999_999_999)
      problems.push('Os números devem estar entre 1 e 999999999.');
    if (problems.length) return fail(400, 'ValidationFailed', problems.join(' '));
    if (!companies.has(String(body.cnpj)))
      return fail(400, 'EmpresaNaoEncontrada', `Empresa ${body.cnpj} não cadastrada.`);
    const step = eventScript.shift() ?? { kind: 'register' };
    if (step.kind === 'hang') return 'hang';
    if (step.kind === 'http') return { status: step.status, body: 'Internal server error' };
    const model = kind === 'nfe' ? 55 : 65;
    const tpAmb = body.ambiente === 'producao' ? 1 : 2;
    const year = String(body.ano).padStart(2, '0');
    const stateCode = '35';
    const registered = step.kind === 'reject' ? null : nextProtocol();
    const [code, reason] =
      step.kind === 'reject' ? [step.status, step.reason] : [102, 'Inutilização de número homologado'];
    const id = `inu_${randomUUID().replace(/-/g, '')}`;
    const base: NuvemFiscalEvent & Record<string, unknown> = {
      id,
      ambiente: body.ambiente as 'homologacao' | 'producao',
      status: 'pendente',
      cnpj: body.cnpj,
      ano: body.ano,
      modelo: model,
      serie: body.serie,
      numero_inicial: body.numero_inicial,
      numero_final: body.numero_final,
      justificativa: body.justificativa,
    };
    const final = {
      ...base,
      status: step.kind === 'reject' ? 'rejeitado' : 'registrado',
      data_recebimento: stamp(),
      codigo_status: code,
      motivo_status: reason,
      numero_protocolo: registered,
    } as NuvemFiscalEvent;
    const inut = voidingMessage(
      {
        environment: tpAmb,
        stateCode,
        year,
        cnpj: String(body.cnpj),
        model,
        series: Number(body.serie),
        from: Number(body.numero_inicial),
        to: Number(body.numero_final),
        reason: String(body.justificativa),
      },
      TEST_SIGNER,
    );
    const xml = registered
      ? `<ProcInutNFe xmlns="${NFE_NAMESPACE}" versao="4.00">${inut.replace(` xmlns="${NFE_NAMESPACE}"`, '')}` +
        `<retInutNFe versao="4.00"><infInut><tpAmb>${tpAmb}</tpAmb><verAplic>NUVEMFISCAL-TESTE</verAplic>` +
        `<cStat>${code}</cStat><xMotivo>${reason}</xMotivo><cUF>${stateCode}</cUF><ano>${year}</ano>` +
        `<CNPJ>${String(body.cnpj)}</CNPJ><mod>${model}</mod><serie>${String(body.serie)}</serie>` +
        `<nNFIni>${String(body.numero_inicial)}</nNFIni><nNFFin>${String(body.numero_final)}</nNFFin>` +
        `<dhRecbto>${final.data_recebimento}</dhRecbto><nProt>${registered}</nProt></infInut></retInutNFe></ProcInutNFe>`
      : null;
    const pendingPolls = step.kind === 'pending' ? step.polls : 0;
    events.set(id, { event: base, final, pendingPolls, xml });
    return json(200, step.kind === 'pending' ? base : final);
  }

  async function route(
    method: string,
    url: URL,
    body: unknown,
    rawBody: string,
    authorization: string | null,
  ): Promise<Answer> {
    const segments = url.pathname.split('/').filter(Boolean);
    if (segments[0] === 'oauth' && segments[1] === 'token' && method === 'POST')
      return token(new URLSearchParams(rawBody), authorization);
    const kind = segments[0];
    if (kind !== 'nfe' && kind !== 'nfce') return notFound();
    const bearer = authorization?.startsWith('Bearer ') ? authorization.slice(7) : null;
    const scopes = bearer ? tokens.get(bearer) : undefined;
    if (!scopes) return fail(401, 'Unauthorized', 'Token de acesso ausente, inválido ou expirado.');
    if (!scopes.includes(kind)) return fail(403, 'Forbidden', `O token não tem o escopo '${kind}'.`);
    const [, first, second, third] = segments;
    const model = kind === 'nfe' ? 55 : 65;
    if (!first) {
      if (method === 'POST') {
        if (body === null || typeof body !== 'object') return fail(400, 'ValidationFailed', 'Corpo JSON inválido.');
        return emit(kind, body as Record<string, unknown>);
      }
      const cnpj = url.searchParams.get('cpf_cnpj');
      const ambiente = url.searchParams.get('ambiente');
      if (!cnpj || !ambiente)
        return fail(400, 'ValidationFailed', "Os campos 'cpf_cnpj' e 'ambiente' são obrigatórios.");
      const referencia = url.searchParams.get('referencia');
      const data = [...documents.values()]
        .filter((d) => d.model === model && d.cnpj === cnpj && d.environment === ambiente)
        .filter((d) => !referencia || d.referencia === referencia)
        .map((d) => ({ ...d.final, status: d.status }));
      return json(200, { data });
    }
    if (first === 'inutilizacoes') {
      if (!second && method === 'POST') return voiding(kind, (body ?? {}) as Record<string, unknown>);
      const stored = second ? events.get(second) : undefined;
      if (!stored) return notFound();
      if (third === 'xml') return stored.xml ? { status: 200, body: stored.xml, type: 'application/xml' } : notFound();
      return json(200, eventAnswer(stored));
    }
    if (first === 'eventos') {
      const stored = second ? events.get(second) : undefined;
      if (!stored) return notFound();
      if (third === 'xml') return stored.xml ? { status: 200, body: stored.xml, type: 'application/xml' } : notFound();
      return json(200, eventAnswer(stored));
    }
    const document = documents.get(first);
    if (!document || document.model !== model) return notFound();
    if (!second && method === 'GET') return json(200, consult(document));
    if (second === 'xml' && method === 'GET')
      return document.procXml && document.status !== 'pendente'
        ? { status: 200, body: document.procXml, type: 'application/xml' }
        : fail(404, 'NotFound', 'O XML só está disponível para notas autorizadas ou denegadas.');
    if (second === 'pdf' && method === 'GET')
      return document.procXml && document.status !== 'pendente'
        ? { status: 200, body: await renderDanfe(document.procXml), type: 'application/pdf' }
        : fail(404, 'NotFound', 'O DANFE só está disponível para notas autorizadas.');
    const payload = (body ?? {}) as Record<string, unknown>;
    if (second === 'cancelamento' && method === 'POST') {
      const reason = typeof payload.justificativa === 'string' && payload.justificativa.trim() !== '';
      return event(
        document,
        'cancel',
        reason ? String(payload.justificativa) : 'Cancelamento solicitado pelo emitente',
      );
    }
    if (second === 'carta-correcao' && method === 'POST' && kind === 'nfe') {
      const text = typeof payload.correcao === 'string' ? payload.correcao : '';
      if (text.length > 1000)
        return fail(400, 'ValidationFailed', "O campo 'correcao' deve ter no máximo 1000 caractere(s).");
      return event(document, 'correction', text);
    }
    return notFound();
  }

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      void (async () => {
        const url = new URL(request.url ?? '/', 'http://127.0.0.1');
        const rawBody = Buffer.concat(chunks).toString('utf8');
        const type = request.headers['content-type'] ?? '';
        let body: unknown = null;
        if (rawBody && type.includes('application/json')) {
          try {
            body = JSON.parse(rawBody);
          } catch {
            body = undefined;
          }
        } else if (rawBody) {
          body = Object.fromEntries(new URLSearchParams(rawBody));
        }
        const authorization = request.headers.authorization ?? null;
        requests.push({
          method: request.method ?? 'GET',
          path: url.pathname,
          query: Object.fromEntries(url.searchParams),
          body,
          rawBody,
          authorization,
        });
        const answer =
          body === undefined
            ? fail(400, 'ValidationFailed', 'Corpo JSON inválido.')
            : await route(request.method ?? 'GET', url, body, rawBody, authorization);
        if (answer === 'hang') {
          hanging.add(response);
          return;
        }
        if (answer.json !== undefined) {
          response.writeHead(answer.status, { 'Content-Type': 'application/json; charset=utf-8' });
          response.end(JSON.stringify(answer.json));
        } else {
          response.writeHead(answer.status, { 'Content-Type': answer.type ?? 'text/plain; charset=utf-8' });
          response.end(answer.body ?? '');
        }
      })();
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  provider.url = `http://127.0.0.1:${port}`;
  provider.tokenUrl = `http://127.0.0.1:${port}/oauth/token`;
  return provider;
}
