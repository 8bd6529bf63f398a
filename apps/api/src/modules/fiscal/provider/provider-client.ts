/**
 * The provider route of issue 41 §2 ("or, when configured, through a provider's REST API"): the note sent to
 * Nuvem Fiscal's REST API instead of the SEFAZ's web services. The provider signs it with the certificate the shop
 * registered there and talks to the SEFAZ itself; BackOffice sends the note's fields as JSON and reads back the
 * SEFAZ's answer. The answers are given in the SEFAZ client's terms (sefaz-messages.ts: LotAnswer, EventAnswer,
 * VoidingAnswer, with the cStat/xMotivo the provider relays), and a provider that does not answer (refused, reset,
 * timeout, HTTP 5xx, or 429 past its quotas) throws `SefazUnavailableError`, so the caller's retry and contingency
 * apply unchanged.
 *
 * What it is based on (Nuvem Fiscal's published API, version 2.60.0):
 * - The OpenAPI (Swagger 2.0) specification the official SDKs are generated from (github.com/nuvem-fiscal/
 *   nuvemfiscal-sdk-php, commit c082be4 "Compatibilidade com a versão 2.60 da API": docs/Api/NfeApi.md, NfceApi.md,
 *   docs/Model/*.md and lib/Model/*.php's attribute maps; the same spec as src/openapi/swagger.json of
 *   alijuniorbr/nuvemfiscal-sdk-node, info.version 2.60.0):
 *   - POST /nfe and POST /nfce, body NfePedidoEmissao { ambiente: 'homologacao' | 'producao', referencia?, infNFe,
 *     infNFeSupl? }; infNFe mirrors the layout's XML (NfeSefazInfNFe: versao, Id, ide, emit, dest, det[], total,
 *     transp, cobr, pag, infAdic…, the XML's own names: cUF, nNF, ICMSTot, vNF, infAdProd…; integers for the codes,
 *     numbers for values, rates and quantities, strings for the rest); the answer is a Dfe { id, status, chave,
 *     autorizacao: { codigo_status, motivo_status, numero_protocolo, data_recebimento, digest_value, mensagem } },
 *     status 'pendente' | 'autorizado' | 'rejeitado' | 'denegado' | 'cancelado' | 'encerrado' | 'erro'. 'pendente'
 *     is asynchronous: "requisitar periodicamente o endpoint Consultar NF-e" (GET /nfe/{id}) until it ends.
 *   - GET /nfe?cpf_cnpj=&ambiente=&referencia= (DfeListagem { data: Dfe[] }): the note found by our reference.
 *   - GET /nfe/{id}/xml: the nfeProc ("só estará disponível … caso a nota tenha sido autorizada ou denegada");
 *     GET /nfe/{id}/pdf and /nfce/{id}/pdf: the DANFE.
 *   - POST /nfe/{id}/cancelamento { justificativa } and /nfce/{id}/cancelamento → DfeCancelamento; POST
 *     /nfe/{id}/carta-correcao { correcao } (NF-e only, ≤ 1000 characters) → DfeCartaCorrecao; both events with
 *     status 'pendente' | 'registrado' | 'rejeitado' | 'erro' and the SEFAZ's codigo_status/motivo_status/
 *     numero_protocolo; GET /nfe/eventos/{id} and /nfe/eventos/{id}/xml.
 *   - POST /nfe/inutilizacoes and /nfce/inutilizacoes, body DfePedidoInutilizacao { ambiente, cnpj, ano, serie,
 *     numero_inicial, numero_final, justificativa (15–255) } → DfeInutilizacao; GET …/inutilizacoes/{id}[/xml].
 *   - Security: OAuth 2.0, flow "application" (client credentials), tokenUrl https://auth.nuvemfiscal.com.br/
 *     oauth/token, scopes 'nfe' and 'nfce' (securityDefinitions.oauth2); every request with `Authorization: Bearer`.
 * - dev.nuvemfiscal.com.br/docs/autenticacao: client_credentials; production credentials for
 *   https://api.nuvemfiscal.com.br, sandbox ones for https://api.sandbox.nuvemfiscal.com.br.
 * - The token request as the official Delphi SDK makes it (nuvem-fiscal/nuvemfiscal-sdk-delphi, Source/
 *   OpenApiRest.pas, TClientCredentialsTokenProvider.RetrieveToken): form-encoded grant_type=client_credentials and
 *   scope, the credentials as `Authorization: Basic base64(id:secret)`; the answer's access_token and expires_in,
 *   or `error`/`error_description` (RFC 6749 §5.2).
 * - The error body: the OpenAPI does not describe it; `{ error: { code, message } }` is what the SDKs' users read
 *   (alijuniorbr/nuvemfiscal-sdk-node's axios adapter: `data.error.message`), the messages naming the JSON field
 *   ("O campo 'infNFe.dest.IM' deve ter pelo menos 1 caractere(s)", suporte.nuvemfiscal.com.br/t/2463). A
 *   duplicate `referencia` is assumed answered 409 (not documented): the note is then looked up by its reference,
 *   since an HTTP 500 may come back for a note the provider did emit (suporte.nuvemfiscal.com.br/t/962).
 *
 * The JSON is not written by hand: the note is built by nfe-builder.ts (the same rules, apportionment and rounding as
 * the notes BackOffice signs itself) and its infNFe read back element by element, so both routes send the same
 * figures (`emitXml` reads a note already built and stored, as a resend has it). The builder signs what it writes; here the signature is thrown away (a key made once per process signs
 * it), the provider signing the note with the shop's certificate. The NFC-e's infNFeSupl (QR code, consultation
 * address) is left for the provider to write with the CSC registered there.
 *
 * The client id and secret are options and live only in this closure: never logged, never in an error message.
 * The token is kept until a minute before it expires (`now()` injectable), one request for concurrent callers;
 * a 401 drops it and asks once more.
 */
import { generateKeyPairSync } from 'node:crypto';
import { DOMParser, type Element } from '@xmldom/xmldom';
import type { XmlSigner } from '../../../lib/nfe/xml-signature';
import { buildNfe, NFE_NAMESPACE } from '../nfe/nfe-builder';
import type { NfeInput } from '../nfe/nfe-input';
import { SefazUnavailableError } from '../sefaz/sefaz-client';
import type { EventAnswer, LotAnswer, NoteProtocol, VoidingAnswer, VoidingSpec } from '../sefaz/sefaz-messages';

/** Nuvem Fiscal's addresses (dev.nuvemfiscal.com.br/docs/autenticacao) and the scopes the notes need. */
export const NUVEM_FISCAL = {
  tokenUrl: 'https://auth.nuvemfiscal.com.br/oauth/token',
  productionUrl: 'https://api.nuvemfiscal.com.br',
  sandboxUrl: 'https://api.sandbox.nuvemfiscal.com.br',
  scope: 'nfe nfce',
} as const;

/** Dfe.status. */
export type NuvemFiscalStatus =
  | 'pendente'
  | 'autorizado'
  | 'rejeitado'
  | 'denegado'
  | 'encerrado'
  | 'cancelado'
  | 'erro';
/** DfeEvento.status (authorisation, cancellation, correction, voiding). */
export type NuvemFiscalEventStatus = 'pendente' | 'registrado' | 'rejeitado' | 'erro';
export type NuvemFiscalEnvironment = 'homologacao' | 'producao';

/** DfeEvento and its kin (DfeAutorizacao, DfeCancelamento, DfeCartaCorrecao, DfeInutilizacao). */
export interface NuvemFiscalEvent {
  id?: string;
  ambiente?: NuvemFiscalEnvironment;
  status?: NuvemFiscalEventStatus;
  chave_acesso?: string | null;
  data_evento?: string | null;
  numero_sequencial?: number | null;
  data_recebimento?: string | null;
  codigo_status?: number | null;
  motivo_status?: string | null;
  numero_protocolo?: string | null;
  codigo_mensagem?: number | null;
  mensagem?: string | null;
  tipo_evento?: string | null;
  /** DfeAutorizacao only. */
  digest_value?: string | null;
}

/** Dfe: the note as the provider keeps it. */
export interface NuvemFiscalDfe {
  id: string;
  ambiente?: NuvemFiscalEnvironment;
  created_at?: string;
  status: NuvemFiscalStatus;
  referencia?: string | null;
  data_emissao?: string | null;
  modelo?: number;
  serie?: number;
  numero?: number;
  tipo_emissao?: number;
  valor_total?: number;
  chave?: string | null;
  autorizacao?: NuvemFiscalEvent | null;
}

type JsonValue = string | number | boolean | null | JsonObject | JsonValue[];
export interface JsonObject {
  [key: string]: JsonValue;
}

/** NfePedidoEmissao. */
export interface NuvemFiscalNoteBody {
  ambiente: NuvemFiscalEnvironment;
  referencia: string;
  infNFe: JsonObject;
}

/** The provider's refusal of the credentials or of the token (wrong client id or secret, a scope missing). */
export class ProviderAuthError extends Error {}

/** The provider's refusal of a request (HTTP 4xx): its status, its error code and message. */
export class ProviderRequestError extends Error {
  constructor(
    message: string,
    readonly httpStatus: number,
    readonly code: string | null,
  ) {
    super(message);
  }
}

export const PROVIDER_TEXTS = {
  credentialsRefused: (code: string) =>
    `A Nuvem Fiscal recusou as credenciais de acesso (${code}): confira o client ID e o client secret nas configurações fiscais.`,
  tokenRefused:
    'A Nuvem Fiscal recusou o token de acesso mesmo renovado: confira as credenciais nas configurações fiscais.',
  forbidden: (path: string) =>
    `A credencial da Nuvem Fiscal não tem permissão para ${path} (os escopos 'nfe' e 'nfce' são necessários).`,
  unavailable: (status: number) => `A Nuvem Fiscal respondeu HTTP ${status}.`,
  timeout: 'A Nuvem Fiscal não respondeu a tempo.',
  unreachable: (reason: string) => `A Nuvem Fiscal não pôde ser alcançada: ${reason}.`,
  refused: (status: number, message: string) => `A Nuvem Fiscal recusou o pedido (HTTP ${status}): ${message}`,
  unexpected: 'A Nuvem Fiscal respondeu algo que não é o JSON esperado.',
  badToken: 'A Nuvem Fiscal não devolveu um token de acesso.',
  noMessage: 'sem mensagem',
  lotProcessed: 'Lote processado',
  pending: 'Pendente na Nuvem Fiscal: a nota está na fila de transmissão à SEFAZ.',
  eventPending: 'Pendente na Nuvem Fiscal: o evento está na fila de transmissão à SEFAZ.',
  notTransmitted: 'A Nuvem Fiscal não transmitiu a nota à SEFAZ (status erro).',
} as const;

export interface ProviderClientOptions {
  /** The API's base address: NUVEM_FISCAL.productionUrl or .sandboxUrl (a local server in the tests). */
  baseUrl: string;
  /** Default NUVEM_FISCAL.tokenUrl. */
  tokenUrl?: string;
  clientId: string;
  clientSecret: string;
  /** Default 'nfe nfce'. */
  scope?: string;
  /** Each request's limit (default 30 s, as the SEFAZ's). */
  timeoutMs?: number;
  /** How many times a pending note or event is asked for again before answering 'in process' (default 3)… */
  pendingPolls?: number;
  /** …waiting this long between them (default 1 s). */
  pollIntervalMs?: number;
  /** The clock the token's expiry is read against (ms since the epoch). */
  now?: () => number;
}

/** What became of a note at the provider, as the SEFAZ client answers a lot, and what only the provider has. */
export interface ProviderEmission extends LotAnswer {
  /** The provider's id of the note (`receipt` too while it is pending): what status, cancel, xml and danfe take. */
  id: string;
  providerStatus: NuvemFiscalStatus;
  accessKey: string | null;
  /** The nfeProc the provider keeps (authorised or denied): the note it signed, with the SEFAZ's protocol. */
  procXml: string | null;
  /** The signed NFe inside procXml (the provider signed it: it replaces the note BackOffice built). */
  noteXml: string | null;
}

/**
 * An event's answer: the provider relays the event's own cStat (135, 136, a refusal), which is given as both `status`
 * and `eventStatus` (the envelope's 128 is not relayed); 0 and null while it is still pending.
 */
export interface ProviderEventAnswer extends EventAnswer {
  /** The provider's id of the event, null when it refused it before any SEFAZ. */
  id: string | null;
  providerStatus: NuvemFiscalEventStatus | null;
}

export interface ProviderVoidingAnswer extends VoidingAnswer {
  id: string | null;
  providerStatus: NuvemFiscalEventStatus | null;
}

export interface ProviderClient {
  /** Emits the note (POST /nfe or /nfce); a pending one is asked for `pendingPolls` times, then answered 103. */
  emit(input: NfeInput, options?: { reference?: string }): Promise<ProviderEmission>;
  /** The same, from a note already written (the signed NFe BackOffice stores): what a resend has at hand. */
  emitXml(nfeXml: string, options?: { reference?: string }): Promise<ProviderEmission>;
  /** What became of the note `id` (GET /nfe/{id}): 105 while pending, else 104 with its protocol. */
  status(model: 55 | 65, id: string): Promise<ProviderEmission>;
  /** Cancellation (110111) of the authorised note `id`. */
  cancel(model: 55 | 65, id: string, reason: string): Promise<ProviderEventAnswer>;
  /** A correction letter (110110) of the NF-e `id`; the provider numbers them. */
  correct(id: string, text: string): Promise<ProviderEventAnswer>;
  /** Voiding of numbers never used. */
  voidNumbers(spec: VoidingSpec): Promise<ProviderVoidingAnswer>;
  /** The nfeProc of the note `id`. */
  xml(model: 55 | 65, id: string): Promise<string>;
  /** The provider's DANFE (PDF) of the note `id`. */
  danfe(model: 55 | 65, id: string): Promise<Buffer>;
  /** Forgets the token. */
  close(): void;
}

// ——— the note as the provider's JSON ———

/** The fields the OpenAPI types as integers (codes); v*, p*, q* are numbers; the rest are strings. */
const INTEGER_FIELDS = new Set([
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
const NUMBER_FIELD = /^[vpq][A-Z]/;
/** The groups the layout repeats, arrays in the JSON even when there is one. */
const ARRAY_FIELDS = new Set(['det', 'detPag', 'dup', 'NFref', 'autXML', 'vol', 'obsCont', 'obsFisco', 'procRef']);

function fieldValue(name: string, text: string): string | number {
  if (INTEGER_FIELDS.has(name)) return Number.parseInt(text, 10);
  if (NUMBER_FIELD.test(name)) return Number(text);
  return text;
}

function elementToJson(element: Element): JsonObject {
  const out: JsonObject = {};
  for (const attribute of Array.from(element.attributes)) {
    if (attribute.name === 'xmlns' || attribute.name.startsWith('xmlns:')) continue;
    out[attribute.name] = fieldValue(attribute.name, attribute.value);
  }
  for (const node of Array.from(element.childNodes)) {
    if (node.nodeType !== 1) continue;
    const child = node as Element;
    const name = child.localName ?? child.nodeName;
    const nested = Array.from(child.childNodes).some((n) => n.nodeType === 1);
    const value =
      nested || child.attributes.length > 0 ? elementToJson(child) : fieldValue(name, child.textContent ?? '');
    if (ARRAY_FIELDS.has(name)) {
      const list = Array.isArray(out[name]) ? (out[name] as JsonValue[]) : [];
      list.push(value);
      out[name] = list;
    } else {
      out[name] = value;
    }
  }
  return out;
}

let throwawaySigner: XmlSigner | undefined;

/** A key of this process only: the builder signs what it writes, and the provider's JSON leaves that signature out. */
function discardedSignature(): XmlSigner {
  throwawaySigner ??= {
    keyPem: generateKeyPairSync('rsa', {
      modulusLength: 1024,
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
      publicKeyEncoding: { type: 'spki', format: 'pem' },
    }).privateKey,
    certificateBase64: '',
  };
  return throwawaySigner;
}

/**
 * The emission's body (NfePedidoEmissao) of a note already written (`<NFe>` or an nfeProc, signed or not): its
 * infNFe read back as the provider's JSON, the signature and infNFeSupl left out; `ambiente` its tpAmb; `referencia`
 * its access key unless given (the same note sent again has the same reference).
 */
export function nuvemFiscalNoteBodyOf(
  nfeXml: string,
  reference?: string,
): { body: NuvemFiscalNoteBody; accessKey: string; model: 55 | 65 } {
  const document = new DOMParser().parseFromString(nfeXml, 'text/xml');
  const infNFe = document.getElementsByTagNameNS(NFE_NAMESPACE, 'infNFe')[0];
  if (!infNFe) throw new Error('the note has no infNFe');
  const json = elementToJson(infNFe);
  const ide = json.ide as JsonObject;
  const accessKey = String(json.Id ?? '').replace(/^NFe/, '');
  return {
    body: {
      ambiente: ide.tpAmb === 1 ? 'producao' : 'homologacao',
      referencia: reference ?? accessKey,
      infNFe: json,
    },
    accessKey,
    model: ide.mod === 65 ? 65 : 55,
  };
}

/**
 * The emission's body of `input`: the note as nfe-builder.ts writes it (signed with a key thrown away), read back by
 * nuvemFiscalNoteBodyOf.
 */
export function nuvemFiscalNoteBody(
  input: NfeInput,
  reference?: string,
): { body: NuvemFiscalNoteBody; accessKey: string; model: 55 | 65 } {
  // The NFC-e's QR code is the provider's to write (the CSC registered there): any CSC lets the builder finish.
  const csc = input.model === 65 ? (input.csc ?? { id: '1', token: 'provider' }) : input.csc;
  return nuvemFiscalNoteBodyOf(buildNfe({ ...input, csc }, discardedSignature()).xml, reference);
}

/** The element `name` of `xml` as it is written there (`<name …>…</name>`), or null. */
function elementText(xml: string, name: string): string | null {
  const start = xml.search(new RegExp(`<${name}[\\s>]`));
  const end = xml.lastIndexOf(`</${name}>`);
  return start === -1 || end === -1 || end < start ? null : xml.slice(start, end + name.length + 3);
}

// ——— the client ———

interface RawResponse {
  status: number;
  body: Buffer;
}

const modelPath = (model: 55 | 65) => (model === 55 ? '/nfe' : '/nfce');
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function createProviderClient(options: ProviderClientOptions): ProviderClient {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const tokenUrl = options.tokenUrl ?? NUVEM_FISCAL.tokenUrl;
  const scope = options.scope ?? NUVEM_FISCAL.scope;
  const timeoutMs = options.timeoutMs ?? 30_000;
  const pendingPolls = options.pendingPolls ?? 3;
  const pollIntervalMs = options.pollIntervalMs ?? 1_000;
  const now = options.now ?? Date.now;
  const basic = `Basic ${Buffer.from(`${options.clientId}:${options.clientSecret}`, 'utf8').toString('base64')}`;

  let token: { value: string; refreshAt: number } | null = null;
  let tokenRequest: Promise<string> | null = null;

  /** One HTTP exchange; the provider not answering (network, timeout, 5xx) is SefazUnavailableError. */
  async function exchange(url: string, init: { method: string; headers: Record<string, string>; body?: string }) {
    let response: Response;
    let body: Buffer;
    try {
      response = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
      body = Buffer.from(await response.arrayBuffer());
    } catch (error) {
      if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError'))
        throw new SefazUnavailableError(PROVIDER_TEXTS.timeout);
      const cause = error instanceof Error ? ((error.cause as Error | undefined)?.message ?? error.message) : '';
      throw new SefazUnavailableError(PROVIDER_TEXTS.unreachable(cause || String(error)));
    }
    // 5xx, and 429 (its quotas: "Cota dfe-eventos"): not answered now, to be sent again later.
    if (response.status >= 500 || response.status === 429)
      throw new SefazUnavailableError(PROVIDER_TEXTS.unavailable(response.status));
    return { status: response.status, body } satisfies RawResponse;
  }

  function parseJson<T>(raw: RawResponse): T {
    try {
      return JSON.parse(raw.body.toString('utf8')) as T;
    } catch {
      throw new ProviderRequestError(PROVIDER_TEXTS.unexpected, raw.status, null);
    }
  }

  async function requestToken(): Promise<string> {
    const raw = await exchange(tokenUrl, {
      method: 'POST',
      headers: {
        Authorization: basic,
        'Content-Type': 'application/x-www-form-urlencoded',
        Accept: 'application/json',
      },
      body: new URLSearchParams({ grant_type: 'client_credentials', scope }).toString(),
    });
    let answer: { access_token?: unknown; expires_in?: unknown; error?: unknown } = {};
    try {
      answer = JSON.parse(raw.body.toString('utf8'));
    } catch {
      // an answer without JSON: judged by its status below
    }
    if (raw.status >= 400 || answer.error)
      throw new ProviderAuthError(
        PROVIDER_TEXTS.credentialsRefused(typeof answer.error === 'string' ? answer.error : `HTTP ${raw.status}`),
      );
    if (typeof answer.access_token !== 'string' || answer.access_token === '')
      throw new ProviderAuthError(PROVIDER_TEXTS.badToken);
    const lifetime = typeof answer.expires_in === 'number' && answer.expires_in > 0 ? answer.expires_in : 3_600;
    token = { value: answer.access_token, refreshAt: now() + Math.max(0, lifetime - 60) * 1_000 };
    return answer.access_token;
  }

  /** The token kept, or a new one (one request for everyone waiting). */
  function accessToken(): Promise<string> {
    if (token && now() < token.refreshAt) return Promise.resolve(token.value);
    tokenRequest ??= requestToken().finally(() => {
      tokenRequest = null;
    });
    return tokenRequest;
  }

  function refusal(raw: RawResponse): ProviderRequestError {
    let code: string | null = null;
    let message = raw.body.toString('utf8').slice(0, 300) || PROVIDER_TEXTS.noMessage;
    try {
      const parsed = JSON.parse(raw.body.toString('utf8')) as {
        error?: { code?: unknown; message?: unknown } | string;
        message?: unknown;
      };
      const error = typeof parsed.error === 'object' && parsed.error !== null ? parsed.error : null;
      if (error && typeof error.code === 'string') code = error.code;
      if (error && typeof error.message === 'string') message = error.message;
      else if (typeof parsed.message === 'string') message = parsed.message;
    } catch {
      // not JSON: its text
    }
    return new ProviderRequestError(PROVIDER_TEXTS.refused(raw.status, message), raw.status, code);
  }

  /** A request of the API with the token; a 401 drops the token and tries once more. */
  async function api(method: 'GET' | 'POST', path: string, payload?: unknown, accept = 'application/json') {
    for (let attempt = 0; ; attempt++) {
      const value = await accessToken();
      const headers: Record<string, string> = { Authorization: `Bearer ${value}`, Accept: accept };
      if (payload !== undefined) headers['Content-Type'] = 'application/json';
      const raw = await exchange(`${baseUrl}${path}`, {
        method,
        headers,
        body: payload === undefined ? undefined : JSON.stringify(payload),
      });
      if (raw.status === 401) {
        if (token?.value === value) token = null;
        if (attempt === 0) continue;
        throw new ProviderAuthError(PROVIDER_TEXTS.tokenRefused);
      }
      if (raw.status === 403) throw new ProviderAuthError(PROVIDER_TEXTS.forbidden(`${method} ${path}`));
      if (raw.status >= 400) throw refusal(raw);
      return raw;
    }
  }

  const getJson = async <T>(path: string) => parseJson<T>(await api('GET', path));
  const postJson = async <T>(path: string, payload: unknown) => parseJson<T>(await api('POST', path, payload));

  /** Asks again for what is pending, `pendingPolls` times at most. */
  async function settle<T extends { status?: string; id?: string }>(first: T, path: (id: string) => string) {
    let current = first;
    for (let poll = 0; poll < pendingPolls && current.status === 'pendente' && current.id; poll++) {
      await sleep(pollIntervalMs);
      current = await getJson<T>(path(current.id));
    }
    return current;
  }

  async function lotAnswer(model: 55 | 65, dfe: NuvemFiscalDfe, pendingCode: 103 | 105): Promise<ProviderEmission> {
    const base = { id: dfe.id, providerStatus: dfe.status, accessKey: dfe.chave ?? null };
    if (dfe.status === 'pendente')
      return {
        ...base,
        status: pendingCode,
        reason: PROVIDER_TEXTS.pending,
        receipt: dfe.id,
        notes: [],
        procXml: null,
        noteXml: null,
      };
    const procXml =
      dfe.status === 'autorizado' || dfe.status === 'denegado'
        ? (await api('GET', `${modelPath(model)}/${dfe.id}/xml`, undefined, '*/*')).body.toString('utf8')
        : null;
    const authorization = dfe.autorizacao ?? {};
    const protocol: NoteProtocol = {
      accessKey: dfe.chave ?? authorization.chave_acesso ?? '',
      status: authorization.codigo_status ?? 0,
      reason:
        authorization.motivo_status ??
        authorization.mensagem ??
        (dfe.status === 'erro' ? PROVIDER_TEXTS.notTransmitted : dfe.status),
      protocol: authorization.numero_protocolo ?? null,
      receivedAt: authorization.data_recebimento ?? null,
      digest: authorization.digest_value ?? null,
      xml: (procXml && elementText(procXml, 'protNFe')) ?? '',
    };
    return {
      ...base,
      status: 104,
      reason: PROVIDER_TEXTS.lotProcessed,
      receipt: null,
      notes: [protocol],
      procXml,
      noteXml: procXml ? elementText(procXml, 'NFe') : null,
    };
  }

  async function eventAnswer(model: 55 | 65, event: NuvemFiscalEvent): Promise<ProviderEventAnswer> {
    const settled = await settle(event, (id) => `${modelPath(model)}/eventos/${id}`);
    const base = { id: settled.id ?? null, providerStatus: settled.status ?? null };
    if (settled.status === 'pendente')
      return {
        ...base,
        status: 0,
        reason: PROVIDER_TEXTS.eventPending,
        eventStatus: null,
        eventReason: PROVIDER_TEXTS.eventPending,
        protocol: null,
        registeredAt: null,
        xml: null,
      };
    const xml =
      settled.status === 'registrado' && settled.id
        ? (await api('GET', `${modelPath(model)}/eventos/${settled.id}/xml`, undefined, '*/*')).body.toString('utf8')
        : null;
    const status = settled.codigo_status ?? 0;
    const reason = settled.motivo_status ?? settled.mensagem ?? String(settled.status);
    return {
      ...base,
      status,
      reason,
      eventStatus: settled.codigo_status ?? null,
      eventReason: settled.motivo_status ?? settled.mensagem ?? null,
      protocol: settled.numero_protocolo ?? null,
      registeredAt: settled.data_recebimento ?? null,
      xml,
    };
  }

  async function findByReference(model: 55 | 65, body: NuvemFiscalNoteBody): Promise<NuvemFiscalDfe | null> {
    const query = new URLSearchParams({
      cpf_cnpj: String((body.infNFe.emit as JsonObject | undefined)?.CNPJ ?? ''),
      ambiente: body.ambiente,
      referencia: body.referencia,
    });
    const list = await getJson<{ data?: NuvemFiscalDfe[] }>(`${modelPath(model)}?${query}`);
    return list.data?.find((dfe) => dfe.referencia === body.referencia) ?? null;
  }

  async function emitBody(model: 55 | 65, body: NuvemFiscalNoteBody): Promise<ProviderEmission> {
    const path = modelPath(model);
    let dfe: NuvemFiscalDfe;
    try {
      dfe = await postJson<NuvemFiscalDfe>(path, body);
    } catch (error) {
      // Sent before without an answer (a 5xx, a timeout) and kept by the provider: the note it has.
      if (!(error instanceof ProviderRequestError && error.httpStatus === 409)) throw error;
      const found = await findByReference(model, body);
      if (!found) throw error;
      dfe = found;
    }
    return lotAnswer(model, await settle(dfe, (id) => `${path}/${id}`), 103);
  }

  return {
    async emit(input, emitOptions = {}) {
      return emitBody(input.model, nuvemFiscalNoteBody(input, emitOptions.reference).body);
    },

    async emitXml(nfeXml, emitOptions = {}) {
      const { body, model } = nuvemFiscalNoteBodyOf(nfeXml, emitOptions.reference);
      return emitBody(model, body);
    },

    async status(model, id) {
      return lotAnswer(model, await getJson<NuvemFiscalDfe>(`${modelPath(model)}/${id}`), 105);
    },

    async cancel(model, id, reason) {
      const event = await postJson<NuvemFiscalEvent>(`${modelPath(model)}/${id}/cancelamento`, {
        justificativa: reason,
      });
      return eventAnswer(model, event);
    },

    async correct(id, text) {
      return eventAnswer(55, await postJson<NuvemFiscalEvent>(`/nfe/${id}/carta-correcao`, { correcao: text }));
    },

    async voidNumbers(spec) {
      const path = `${modelPath(spec.model)}/inutilizacoes`;
      const first = await postJson<NuvemFiscalEvent>(path, {
        ambiente: spec.environment === 1 ? 'producao' : 'homologacao',
        cnpj: spec.cnpj,
        ano: Number(spec.year),
        serie: spec.series,
        numero_inicial: spec.from,
        numero_final: spec.to,
        justificativa: spec.reason,
      });
      const settled = await settle(first, (id) => `${path}/${id}`);
      const xml =
        settled.status === 'registrado' && settled.id
          ? (await api('GET', `${path}/${settled.id}/xml`, undefined, '*/*')).body.toString('utf8')
          : '';
      return {
        id: settled.id ?? null,
        providerStatus: settled.status ?? null,
        status: settled.codigo_status ?? 0,
        reason:
          settled.motivo_status ??
          settled.mensagem ??
          (settled.status === 'pendente' ? PROVIDER_TEXTS.eventPending : String(settled.status)),
        protocol: settled.numero_protocolo ?? null,
        xml,
      };
    },

    async xml(model, id) {
      return (await api('GET', `${modelPath(model)}/${id}/xml`, undefined, '*/*')).body.toString('utf8');
    },

    async danfe(model, id) {
      return (await api('GET', `${modelPath(model)}/${id}/pdf`, undefined, '*/*')).body;
    },

    close() {
      token = null;
    },
  };
}
