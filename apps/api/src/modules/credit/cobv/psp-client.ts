import { PSP_TEXTS } from '@backoffice/contract';
import { clientCredentialsToken, type JsonAnswer, sendJson } from '../../../lib/json-api-client';

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

function send(conn: PspConnection, method: string, path: string, headers: Record<string, string>, body?: string) {
  const url = new URL(path, conn.baseUrl.endsWith('/') ? conn.baseUrl : `${conn.baseUrl}/`);
  return sendJson(
    { url, method, headers, body, ca: conn.ca, pfx: conn.pfx, passphrase: conn.passphrase },
    (message) => new PspError(PSP_TEXTS.unreachable(message), 0),
  );
}

/** The problem's words: its title and detail, and each violation's reason. */
function refusal(answer: JsonAnswer): PspError {
  const problem = (typeof answer.body === 'object' && answer.body ? answer.body : {}) as PspProblem;
  const reasons = (problem.violacoes ?? []).map((v) => v.razao).filter(Boolean);
  const detail = [problem.detail, ...reasons].filter(Boolean).join(' ') || String(answer.body ?? '');
  return new PspError(PSP_TEXTS.refused(answer.status, problem.title ?? '', detail), answer.status, problem);
}

/** A client of the shop's PSP: its token kept until it expires. */
export function pspClient(conn: PspConnection) {
  const accessToken = clientCredentialsToken({
    clientId: conn.clientId,
    clientSecret: conn.clientSecret,
    ask: (headers, body) => send(conn, 'POST', 'oauth/token', headers, body),
    refused: (answer) => new PspError(PSP_TEXTS.tokenRefused(answer.status), answer.status),
  });

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
