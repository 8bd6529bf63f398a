/**
 * The Sefin Nacional's API of the national NFS-e (issue 56 §4, decision 0085), over HTTPS with mutual TLS (the
 * shop's A1 as the client's certificate), as its published OpenAPI (Swagger 2.0, 'API NFS-e - Sefin Nacional',
 * https://sefin.nfse.gov.br/SefinNacional/docs/index; produção restrita
 * https://sefin.producaorestrita.nfse.gov.br/SefinNacional/docs/index) says:
 * - POST /nfse (NFSe_Post), body NFSePostRequest `{ dpsXmlGZipB64 }` (the signed DPS, gzipped, base64): 201
 *   NFSePostResponseSucesso `{ tipoAmbiente, versaoAplicativo, dataHoraProcessamento, idDps, chaveAcesso,
 *   nfseXmlGZipB64, alertas }`; 400 NFSePostResponseErro `{ …, idDPS, erros: [MensagemProcessamento] }`, a
 *   MensagemProcessamento being `{ mensagem, codigo, descricao, complemento }`.
 * - GET /nfse/{chaveAcesso} (NFSe_Get): 200 NFSeGetResponseSucesso `{ …, chaveAcesso, nfseXmlGZipB64 }`; 404
 *   ResponseErro `{ …, erro: MensagemProcessamento }`.
 * - GET /dps/{id} (Dps_Get, 'Retorna a chave de acesso da NFS-e a partir do identificador do DPS'): 200
 *   DpsGetResponse `{ …, idDps, chaveAcesso }`; 404 ResponseErro. The look-up before sending a DPS again.
 * - POST /nfse/{chaveAcesso}/eventos (Eventos_Post), body EventosPostRequest `{ pedidoRegistroEventoXmlGZipB64 }`:
 *   201 EventosPostResponseSucesso `{ …, eventoXmlGZipB64 }`; 400 ResponseErro (`erro`, read as `erros` too).
 * Read in the OpenAPI 'API NFS-e - Sefin Nacional' v1 (Swagger 2.0, host sefin.nfse.gov.br, basePath
 * /SefinNacional/) as shipped by nfse-nacional/nfse-php (references/api-specs/production, commit 07686b77).
 * Anything else (another status, no answer in time, a connection refused) is 'unavailable': the DPS waits.
 */
import https from 'node:https';
import { gunzipSync, gzipSync } from 'node:zlib';
import { sefazTrust } from '../sefaz/sefaz-client';

/** The published base addresses (the Swagger's host and basePath) per environment (tpAmb). */
export const SEFIN_URLS: Readonly<Record<1 | 2, string>> = {
  1: 'https://sefin.nfse.gov.br/SefinNacional',
  2: 'https://sefin.producaorestrita.nfse.gov.br/SefinNacional',
};

export class SefinUnavailableError extends Error {}

export interface SefinMessage {
  code: string;
  text: string;
}

export type SefinEmission =
  | { kind: 'authorized'; accessKey: string; nfseXml: string }
  | { kind: 'rejected'; errors: SefinMessage[] };

export type SefinEvent = { kind: 'registered'; eventXml: string } | { kind: 'rejected'; errors: SefinMessage[] };

export interface SefinClient {
  emit(signedDps: string): Promise<SefinEmission>;
  /** The NFS-e's XML, or null when the API does not know the key (404). */
  nfse(accessKey: string): Promise<string | null>;
  /** The key of the NFS-e generated from the DPS `dpsId` (GET /dps/{id}), or null when none was (404). */
  keyOfDps(dpsId: string): Promise<string | null>;
  event(accessKey: string, signedRequest: string): Promise<SefinEvent>;
  close(): void;
}

export const gzipBase64 = (xml: string) => gzipSync(Buffer.from(xml, 'utf8')).toString('base64');
export const gunzipBase64 = (b64: string) => gunzipSync(Buffer.from(b64, 'base64')).toString('utf8');

interface Answer {
  status: number;
  body: Record<string, unknown>;
}

type Raw = { codigo?: unknown; descricao?: unknown; Codigo?: unknown; Descricao?: unknown; complemento?: unknown };

/** The API's messages (`erros`, or a single `erro`), read in either case. */
function messagesOf(body: Record<string, unknown>): SefinMessage[] {
  const list = (Array.isArray(body.erros) ? body.erros : body.erro ? [body.erro] : []) as Raw[];
  return list.map((m) => ({
    code: String(m.codigo ?? m.Codigo ?? ''),
    text: [m.descricao ?? m.Descricao, m.complemento].filter((part) => typeof part === 'string' && part).join(' — '),
  }));
}

export function createSefinClient(options: {
  identity: { keyPem: string; certPem: string; chainPem?: string[] };
  baseUrl: string;
  ca?: string[];
  timeoutMs?: number;
}): SefinClient {
  const agent = new https.Agent({
    key: options.identity.keyPem,
    cert: [options.identity.certPem, ...(options.identity.chainPem ?? [])].join('\n'),
    ca: options.ca ?? sefazTrust(),
    keepAlive: false,
  });
  const base = options.baseUrl.replace(/\/+$/, '');

  function request(method: 'GET' | 'POST', path: string, json?: object): Promise<Answer> {
    const payload = json ? JSON.stringify(json) : undefined;
    return new Promise((resolve, reject) => {
      const req = https.request(
        `${base}${path}`,
        {
          method,
          agent,
          timeout: options.timeoutMs ?? 30_000,
          headers: {
            Accept: 'application/json',
            ...(payload ? { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(payload) } : {}),
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => {
            let body: Record<string, unknown> = {};
            try {
              body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<string, unknown>;
            } catch {
              body = {};
            }
            resolve({ status: res.statusCode ?? 0, body });
          });
        },
      );
      req.on('timeout', () => req.destroy(new SefinUnavailableError('A Sefin Nacional não respondeu a tempo.')));
      req.on('error', (error) =>
        reject(error instanceof SefinUnavailableError ? error : new SefinUnavailableError(error.message)),
      );
      req.end(payload);
    });
  }

  const unavailable = (answer: Answer) =>
    new SefinUnavailableError(`A Sefin Nacional respondeu ${answer.status}: ${JSON.stringify(answer.body)}`);

  return {
    async emit(signedDps) {
      const answer = await request('POST', '/nfse', { dpsXmlGZipB64: gzipBase64(signedDps) });
      if (answer.status === 201 && typeof answer.body.nfseXmlGZipB64 === 'string')
        return {
          kind: 'authorized',
          accessKey: String(answer.body.chaveAcesso),
          nfseXml: gunzipBase64(answer.body.nfseXmlGZipB64),
        };
      if (answer.status === 400) return { kind: 'rejected', errors: messagesOf(answer.body) };
      throw unavailable(answer);
    },
    async nfse(accessKey) {
      const answer = await request('GET', `/nfse/${encodeURIComponent(accessKey)}`);
      if (answer.status === 200 && typeof answer.body.nfseXmlGZipB64 === 'string')
        return gunzipBase64(answer.body.nfseXmlGZipB64);
      if (answer.status === 404) return null;
      throw unavailable(answer);
    },
    async keyOfDps(dpsId) {
      const answer = await request('GET', `/dps/${encodeURIComponent(dpsId)}`);
      if (answer.status === 200 && typeof answer.body.chaveAcesso === 'string') return answer.body.chaveAcesso;
      if (answer.status === 404) return null;
      throw unavailable(answer);
    },
    async event(accessKey, signedRequest) {
      const answer = await request('POST', `/nfse/${encodeURIComponent(accessKey)}/eventos`, {
        pedidoRegistroEventoXmlGZipB64: gzipBase64(signedRequest),
      });
      if (answer.status === 201 && typeof answer.body.eventoXmlGZipB64 === 'string')
        return { kind: 'registered', eventXml: gunzipBase64(answer.body.eventoXmlGZipB64) };
      if (answer.status === 400) return { kind: 'rejected', errors: messagesOf(answer.body) };
      throw unavailable(answer);
    },
    close: () => agent.destroy(),
  };
}
