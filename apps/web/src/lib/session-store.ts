/*
 * The session in localStorage, without React: the sign-in page (login.html) reads and writes it before the
 * app is loaded (decision 0025). `session.ts` adds the React hook.
 */
import { type AccessRule, allows, hasAnyPermission, isTimeZone, setBusinessTimeZone } from '@backoffice/contract';

/** The signed-in session, kept in localStorage as the spec says: token, expires (ms), permissions (comma-separated). */
export interface Session {
  token: string;
  /** Expiry as a millisecond timestamp. */
  expires: number;
  permissions: string[];
  /** `unique_name` of the token (the employee's name), shown in the top bar. */
  name: string;
  /**
   * `func` of the token (1 Atendente, 2 Motoboy, 3 Estoquista), or null: the one place the web reads the
   * employee's function. It chooses the landing page, opens the field screens a function opens by itself
   * ('Minhas tarefas') and the order moves a screen offers (`useOrderActor`); the server re-reads it on every call.
   */
  func: number | null;
  /** `sub` of the token: the employee's id (the live updates skip the news of one's own sale). */
  employeeId: number | null;
}

const KEYS = { token: 'token', expires: 'expires', permissions: 'permissions' } as const;

const listeners = new Set<() => void>();
let cached: { raw: string; session: Session | null } | null = null;

function notify() {
  cached = null;
  for (const listener of listeners) listener();
}

/** Reads one claim of a JWT payload without verifying it (the server verifies; the UI only displays). */
export function decodeTokenClaim(token: string, claim: string): unknown {
  const payload = token.split('.')[1];
  if (!payload) return undefined;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
    const bytes = Uint8Array.from(atob(padded), (c) => c.charCodeAt(0));
    const json = JSON.parse(new TextDecoder().decode(bytes)) as Record<string, unknown>;
    return json[claim];
  } catch {
    return undefined;
  }
}

function readRaw(): string {
  return [KEYS.token, KEYS.expires, KEYS.permissions].map((key) => localStorage.getItem(key) ?? '').join('\n');
}

/**
 * The current session, or null when signed out or expired. Pure (safe during render): an expired session is
 * cleared by `api()` and by the admin layout's expiry timer, which also send the user to `/`.
 */
export function getSession(): Session | null {
  const raw = readRaw();
  if (!cached || cached.raw !== raw) cached = { raw, session: parseSession() };
  const session = cached.session;
  return session && session.expires > Date.now() ? session : null;
}

function parseSession(): Session | null {
  const token = localStorage.getItem(KEYS.token);
  const expires = Number(localStorage.getItem(KEYS.expires));
  let session: Session | null = null;
  if (token && Number.isFinite(expires) && expires > 0) {
    const permissions = (localStorage.getItem(KEYS.permissions) ?? '')
      .split(',')
      .map((p) => p.trim())
      .filter(Boolean);
    const name = decodeTokenClaim(token, 'unique_name');
    const func = decodeTokenClaim(token, 'func');
    const sub = Number(decodeTokenClaim(token, 'sub'));
    session = {
      token,
      expires,
      permissions,
      name: typeof name === 'string' ? name : '',
      func: typeof func === 'number' ? func : null,
      employeeId: Number.isSafeInteger(sub) && sub > 0 ? sub : null,
    };
  }
  return session;
}

/** Where the business's time zone the server told is kept between visits (not a secret: kept at sign-out). */
const TIME_ZONE_KEY = 'timeZone';

/**
 * Sets the business clock (`clock.ts`) to the zone the server told at the last sign-in, so every date is shown
 * in the shop's time whatever the browser's; the default zone until a server has told one.
 */
export function applyStoredTimeZone(): void {
  const zone = localStorage.getItem(TIME_ZONE_KEY);
  if (zone && isTimeZone(zone)) setBusinessTimeZone(zone);
}

/** Stores the sign-in answer (`data` of POST /accounts/signin), and the business's zone it tells. */
export function saveSession(data: {
  accessToken: string;
  expires: number;
  permissions: readonly string[];
  timeZone?: string;
}): Session {
  if (data.timeZone && isTimeZone(data.timeZone)) {
    localStorage.setItem(TIME_ZONE_KEY, data.timeZone);
    setBusinessTimeZone(data.timeZone);
  }
  localStorage.setItem(KEYS.token, data.accessToken);
  localStorage.setItem(KEYS.expires, String(data.expires));
  localStorage.setItem(KEYS.permissions, data.permissions.join(','));
  notify();
  const session = getSession();
  if (!session) throw new Error('A sessão recebida já expirou.');
  return session;
}

/** Removes token, expiry and permissions. */
export function clearSession(): void {
  const had = localStorage.getItem(KEYS.token) !== null;
  for (const key of Object.values(KEYS)) localStorage.removeItem(key);
  if (had || cached?.session) notify();
}

/**
 * True when signed in and holding `full:access` or any one of `keys`.
 * With no keys it only asks whether someone is signed in.
 */
export function hasPermission(...keys: string[]): boolean {
  const session = getSession();
  if (!session) return false;
  if (keys.length === 0) return true;
  return hasAnyPermission(session.permissions, keys);
}

/**
 * True when signed in and passing `rule`: any one of its permissions (or full:access), or the function of
 * the token among its functions (the stocker's and the courier's field work). The server checks the same.
 */
export function hasAccess(rule: Pick<AccessRule, 'permissions'> & Partial<Pick<AccessRule, 'functions'>>): boolean {
  const session = getSession();
  if (!session) return false;
  return allows({ permissions: rule.permissions, functions: rule.functions ?? [] }, session.permissions, session.func);
}

/** Calls `listener` on sign-in, sign-out and changes from other tabs; returns the unsubscribe. */
export function subscribeToSession(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || Object.values(KEYS).includes(event.key as never)) notify();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}
