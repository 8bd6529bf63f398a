/**
 * The HTTP session with Nuvem Fiscal (provider-client.ts): one exchange with its time limit, a provider that does not
 * answer (refused, reset, timeout, HTTP 5xx, 429) as `SefazUnavailableError`; the OAuth token by client credentials,
 * kept until a minute before it expires (one request for concurrent callers), a 401 dropping it and asking once more;
 * a refusal (4xx) read from its body. The client id and secret live only in this closure: never logged, never in an
 * error message.
 */
import { SefazUnavailableError } from '../sefaz/sefaz-client';
import { NUVEM_FISCAL, PROVIDER_TEXTS, ProviderAuthError, ProviderRequestError } from './nuvem-fiscal-api';

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

interface RawResponse {
  status: number;
  body: Buffer;
}

export interface ProviderSession {
  /** A request of the API with the token; a 401 drops the token and tries once more. */
  api(method: 'GET' | 'POST', path: string, payload?: unknown, accept?: string): Promise<RawResponse>;
  getJson<T>(path: string): Promise<T>;
  postJson<T>(path: string, payload: unknown): Promise<T>;
  /** Asks again for what is pending, `pendingPolls` times at most. */
  settle<T extends { status?: string; id?: string }>(first: T, path: (id: string) => string): Promise<T>;
  /** Forgets the token. */
  forgetToken(): void;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** One HTTP exchange; the provider not answering (network, timeout, 5xx) is SefazUnavailableError. */
async function exchange(
  url: string,
  init: { method: string; headers: Record<string, string>; body?: string },
  timeoutMs: number,
): Promise<RawResponse> {
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

/** The token endpoint's answer: its token and lifetime, or the credentials refused. */
function tokenOf(raw: RawResponse): { value: string; lifetime: number } {
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
  return { value: answer.access_token, lifetime };
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

export function createProviderSession(options: ProviderClientOptions): ProviderSession {
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

  async function requestToken(): Promise<string> {
    const raw = await exchange(
      tokenUrl,
      {
        method: 'POST',
        headers: {
          Authorization: basic,
          'Content-Type': 'application/x-www-form-urlencoded',
          Accept: 'application/json',
        },
        body: new URLSearchParams({ grant_type: 'client_credentials', scope }).toString(),
      },
      timeoutMs,
    );
    const { value, lifetime } = tokenOf(raw);
    token = { value, refreshAt: now() + Math.max(0, lifetime - 60) * 1_000 };
    return value;
  }

  /** The token kept, or a new one (one request for everyone waiting). */
  function accessToken(): Promise<string> {
    if (token && now() < token.refreshAt) return Promise.resolve(token.value);
    tokenRequest ??= requestToken().finally(() => {
      tokenRequest = null;
    });
    return tokenRequest;
  }

  async function api(method: 'GET' | 'POST', path: string, payload?: unknown, accept = 'application/json') {
    for (let attempt = 0; ; attempt++) {
      const value = await accessToken();
      const headers: Record<string, string> = { Authorization: `Bearer ${value}`, Accept: accept };
      if (payload !== undefined) headers['Content-Type'] = 'application/json';
      const raw = await exchange(
        `${baseUrl}${path}`,
        { method, headers, body: payload === undefined ? undefined : JSON.stringify(payload) },
        timeoutMs,
      );
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

  return {
    api,
    getJson,
    postJson: async <T>(path: string, payload: unknown) => parseJson<T>(await api('POST', path, payload)),
    async settle<T extends { status?: string; id?: string }>(first: T, path: (id: string) => string) {
      let current = first;
      for (let poll = 0; poll < pendingPolls && current.status === 'pendente' && current.id; poll++) {
        await sleep(pollIntervalMs);
        current = await getJson<T>(path(current.id));
      }
      return current;
    },
    forgetToken() {
      token = null;
    },
  };
}
