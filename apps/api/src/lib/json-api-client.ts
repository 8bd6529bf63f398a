import http from 'node:http';
import https from 'node:https';
import { rootCertificates } from 'node:tls';

/**
 * The calls of the outside JSON APIs the shop holds an account with (its PSP's Pix API, BB's API Cobranças): one
 * HTTP(S) request with its answer read as JSON (else kept as text), and an OAuth2 token by the client credentials
 * flow (RFC 6749 §4.4) kept until shortly before it expires.
 */

/** An answer: its HTTP status and its body, parsed when JSON. */
export interface JsonAnswer {
  status: number;
  body: unknown;
}

export interface JsonRequest {
  url: URL;
  method: string;
  headers: Record<string, string>;
  body?: string;
  /** Certificates trusted besides the system's (the doubles' in the tests). */
  ca: string[];
  /** The client's certificate for mutual TLS (.pfx) and its password. */
  pfx?: Buffer;
  passphrase?: string;
}

const TIMEOUT_MS = 15_000;

/** Sends `request`; an answer of any status resolves, no answer at all (refused, timed out) rejects with `unreachable`. */
export function sendJson(request: JsonRequest, unreachable: (message: string) => Error): Promise<JsonAnswer> {
  const { url, body } = request;
  const secure = url.protocol === 'https:';
  const options: https.RequestOptions = {
    method: request.method,
    headers: {
      accept: 'application/json',
      ...request.headers,
      ...(body !== undefined ? { 'content-length': Buffer.byteLength(body) } : {}),
    },
    timeout: TIMEOUT_MS,
    ...(secure && request.pfx ? { pfx: request.pfx, passphrase: request.passphrase } : {}),
    ...(secure && request.ca.length > 0 ? { ca: [...rootCertificates, ...request.ca] } : {}),
  };
  return new Promise<JsonAnswer>((resolve, reject) => {
    const outgoing = (secure ? https : http).request(url, options, (response) => {
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
    outgoing.on('timeout', () => outgoing.destroy(new Error('tempo esgotado')));
    outgoing.on('error', (error) => reject(unreachable(error.message)));
    if (body !== undefined) outgoing.write(body);
    outgoing.end();
  });
}

/**
 * A bearer token by the client credentials flow: `ask(headers, body)` posts the form to the token address with HTTP
 * Basic of the client's id and secret; kept until 30 s before its `expires_in`, asked again after. An answer other
 * than 200 with an `access_token` throws `refused(answer)`.
 */
export function clientCredentialsToken(options: {
  clientId: string;
  clientSecret: string;
  scope?: string;
  ask: (headers: Record<string, string>, body: string) => Promise<JsonAnswer>;
  refused: (answer: JsonAnswer) => Error;
}): () => Promise<string> {
  let token: { value: string; until: number } | undefined;
  return async () => {
    if (token && token.until > Date.now()) return token.value;
    const basic = Buffer.from(`${options.clientId}:${options.clientSecret}`).toString('base64');
    const answer = await options.ask(
      { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
      `grant_type=client_credentials${options.scope ? `&scope=${options.scope}` : ''}`,
    );
    const body = answer.body as { access_token?: string; expires_in?: number } | null;
    if (answer.status !== 200 || !body?.access_token) throw options.refused(answer);
    token = { value: body.access_token, until: Date.now() + Math.max(0, (body.expires_in ?? 60) - 30) * 1000 };
    return token.value;
  };
}
