import http from 'node:http';
import https from 'node:https';
import { rootCertificates } from 'node:tls';
import { PSP_TEXTS } from '@backoffice/contract';

/*
 * The shop's PSP through BACEN's Pix API (bacen/pix-api, openapi.yaml 2.9.0; decision 0094): an OAuth2 token by
 * the client credentials flow (`securitySchemes.OAuth2.flows.clientCredentials`, the token URL at
 * `{baseUrl}/oauth/token` as the document's own example has it), over mutual TLS when the shop's PSP gave it a
 * certificate, then the API's calls with the bearer token. A refusal comes back as the API's `Problema`
 * (RFC 7807: type, title, status, detail, violacoes), read into a Portuguese message.
 */

export interface PspConnection {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  /** The client's certificate for mutual TLS (.pfx) and its password, when the PSP asks for one. */
  pfx?: Buffer;
  passphrase?: string;
  /** Certificates trusted besides the system's (PIX_PSP_CA_FILE; the double's in the tests). */
  ca: string[];
}

/** The API's problem (RFC 7807) as the PSP answered it. */
export interface PspProblem {
  type?: string;
  title?: string;
  status?: number;
  detail?: string;
  violacoes?: { razao?: string; propriedade?: string }[];
}

/** A call the PSP refused (its status and problem) or could not be made (status 0). */
export class PspError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly problem?: PspProblem,
  ) {
    super(message);
  }
}

const TIMEOUT_MS = 15_000;

interface Answer {
  status: number;
  body: unknown;
}

function send(conn: PspConnection, method: string, path: string, headers: Record<string, string>, body?: string) {
  const url = new URL(path, conn.baseUrl.endsWith('/') ? conn.baseUrl : `${conn.baseUrl}/`);
  const secure = url.protocol === 'https:';
  const options: https.RequestOptions = {
    method,
    headers: { accept: 'application/json', ...headers, ...(body ? { 'content-length': Buffer.byteLength(body) } : {}) },
    timeout: TIMEOUT_MS,
    ...(secure && conn.pfx ? { pfx: conn.pfx, passphrase: conn.passphrase } : {}),
    ...(secure && conn.ca.length > 0 ? { ca: [...rootCertificates, ...conn.ca] } : {}),
  };
  return new Promise<Answer>((resolve, reject) => {
    const request = (secure ? https : http).request(url, options, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let parsed: unknown = text;
        try {
          parsed = text ? JSON.parse(text) : null;
        } catch {
          // not JSON: kept as text
        }
        resolve({ status: response.statusCode ?? 0, body: parsed });
      });
    });
    request.on('timeout', () => request.destroy(new Error('tempo esgotado')));
    request.on('error', (error) => reject(new PspError(PSP_TEXTS.unreachable(error.message), 0)));
    if (body) request.write(body);
    request.end();
  });
}

/** The problem's words: its title and detail, and each violation's reason. */
function refusal(answer: Answer): PspError {
  const problem = (typeof answer.body === 'object' && answer.body ? answer.body : {}) as PspProblem;
  const reasons = (problem.violacoes ?? []).map((v) => v.razao).filter(Boolean);
  const detail = [problem.detail, ...reasons].filter(Boolean).join(' ') || String(answer.body ?? '');
  return new PspError(PSP_TEXTS.refused(answer.status, problem.title ?? '', detail), answer.status, problem);
}

/** A client of the shop's PSP: its token kept until it expires. */
export function pspClient(conn: PspConnection) {
  let token: { value: string; until: number } | undefined;

  async function accessToken(): Promise<string> {
    if (token && token.until > Date.now()) return token.value;
    const basic = Buffer.from(`${conn.clientId}:${conn.clientSecret}`).toString('base64');
    const answer = await send(
      conn,
      'POST',
      'oauth/token',
      { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
      'grant_type=client_credentials',
    );
    const body = answer.body as { access_token?: string; expires_in?: number } | null;
    if (answer.status !== 200 || !body?.access_token) {
      throw new PspError(PSP_TEXTS.tokenRefused(answer.status), answer.status);
    }
    token = { value: body.access_token, until: Date.now() + Math.max(0, (body.expires_in ?? 60) - 30) * 1000 };
    return token.value;
  }

  async function call<T>(method: 'GET' | 'PUT' | 'PATCH' | 'DELETE', path: string, payload?: object): Promise<T> {
    const bearer = await accessToken();
    const answer = await send(
      conn,
      method,
      path,
      { authorization: `Bearer ${bearer}`, ...(payload ? { 'content-type': 'application/json' } : {}) },
      payload ? JSON.stringify(payload) : undefined,
    );
    if (answer.status >= 200 && answer.status < 300) return answer.body as T;
    throw refusal(answer);
  }

  return { accessToken, call };
}
export type PspClient = ReturnType<typeof pspClient>;
