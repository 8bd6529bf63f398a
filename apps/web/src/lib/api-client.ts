import { type ErrorCode, isErrorCode } from '@backoffice/contract';
import { CONNECTION_LOST_TEXT, envelopeErrors } from './api-envelope';
import { clearSession, getSession } from './session-store';

/**
 * A non-2xx answer of the API: its status and the `{ errors: [...], code, details? }` envelope. `code` is the
 * contract's stable error code (undefined when there was no answer or it was not the API's JSON).
 */
export class ApiError extends Error {
  readonly status: number;
  readonly errors: string[];
  readonly code: ErrorCode | undefined;
  readonly details: Record<string, unknown> | undefined;

  constructor(status: number, errors: string[], code?: ErrorCode, details?: Record<string, unknown>) {
    super(errors[0] ?? `HTTP ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.errors = errors;
    this.code = code;
    this.details = details;
  }
}

export { CONNECTION_LOST_TEXT };

/** The `ApiError` of a call that got no answer: status 0, the connection text as its message. */
export const connectionLost = () => new ApiError(0, [CONNECTION_LOST_TEXT]);

/** True when the call got no answer at all: nothing is known to have changed; keep what is open and retry. */
export function isNoAnswer(error: unknown): boolean {
  return error instanceof ApiError && error.status === 0;
}

/**
 * True when the server refused the call for a business reason: a 4xx (not 401, which signs out) with one of
 * the API's error codes (the order was cancelled, a field is wrong). Sending it again gets the same answer.
 * Anything else (no answer, a 5xx during a database failover, a proxy's page without a code) may succeed
 * later: a kept move is tried again (decision 0009).
 */
export function isRefusal(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    error.status >= 400 &&
    error.status < 500 &&
    error.status !== 401 &&
    error.code !== undefined
  );
}

export type QueryValue = string | number | boolean | null | undefined;

export interface ApiOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON. */
  body?: unknown;
  /** Appended as a query string; null/undefined values are left out. */
  query?: Record<string, QueryValue | readonly QueryValue[]>;
  signal?: AbortSignal;
  /** More request headers (e.g. `Idempotency-Key`). */
  headers?: Record<string, string>;
}

type SignedOutHandler = () => void;
let onSignedOut: SignedOutHandler = () => window.location.assign('/');

/** The app replaces the default full reload with a router navigation (and a cache reset). */
export function setSignedOutHandler(handler: SignedOutHandler): void {
  onSignedOut = handler;
}

/**
 * Whether the session a request was sent with is still the one signed in: a 401 that answers a request sent
 * before signing out (or before another sign-in) must not sign out again and send the user away from the
 * page he has gone on to (the recovery page, say).
 */
export function isCurrent(sent: { token: string } | null): sent is { token: string } {
  return sent !== null && getSession()?.token === sent.token;
}

/**
 * Clears the session and goes to `/`: a 401 or an expired session only. No answer at all does not sign out
 * (decision 0004, which changes spec section 8): it throws the connection error instead.
 */
export function signOut(): void {
  clearSession();
  onSignedOut();
}

function buildUrl(path: string, query: ApiOptions['query']): string {
  const url = `/api${path.startsWith('/') ? path : `/${path}`}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    const values = Array.isArray(value) ? value : [value];
    for (const item of values) if (item !== null && item !== undefined) params.append(key, String(item));
  }
  const qs = params.toString();
  return qs ? `${url}${url.includes('?') ? '&' : '?'}${qs}` : url;
}

async function readError(response: Response): Promise<ApiError> {
  try {
    const body = (await response.json()) as { errors?: unknown; code?: unknown; details?: unknown };
    const errors = envelopeErrors(body);
    const code = body?.code;
    const details =
      body?.details && typeof body.details === 'object' ? (body.details as Record<string, unknown>) : undefined;
    return new ApiError(response.status, errors, isErrorCode(code) ? code : undefined, details);
  } catch {
    // not JSON: no server message
  }
  return new ApiError(response.status, []);
}

/**
 * Calls the API: `path` without the `/api` prefix (e.g. `/employees`). Sends the bearer token when signed in
 * and the body as JSON. A 401 (or a session expired in storage) clears the session and goes to `/`. No
 * answer (the network is down, the server unreachable) throws `connectionLost()` and keeps the session.
 * Any other non-2xx answer throws `ApiError` with the server's `errors`. 204 resolves to `undefined`.
 */
export async function api<T>(path: string, options: ApiOptions = {}): Promise<T> {
  const hadToken = localStorage.getItem('token') !== null;
  const session = getSession();
  if (hadToken && !session) {
    // expired in storage: the session is over
    signOut();
    throw new ApiError(401, []);
  }
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (session) headers.Authorization = `Bearer ${session.token}`;

  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (error) {
    if ((error as Error)?.name === 'AbortError') throw error;
    throw connectionLost();
  }

  if (response.status === 401 && isCurrent(session)) {
    signOut();
    throw await readError(response);
  }
  if (!response.ok) throw await readError(response);
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/**
 * A refused action's message: the connection text when there was no answer; the server's own for a 4xx the
 * screen can explain (409 someone else changed it, 400 a missing requirement, 403); else `fallback`.
 */
export function refusalMessage(error: unknown, fallback: string): string {
  if (isNoAnswer(error)) return CONNECTION_LOST_TEXT;
  if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.errors[0]) return error.errors[0];
  return fallback;
}

/** The first server message of an error (the connection text when there was no answer), else `fallback`. */
export function firstError(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.errors[0]) return error.errors[0];
  return fallback;
}
