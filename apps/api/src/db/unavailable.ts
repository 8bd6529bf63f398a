/**
 * Which failures mean "the database cannot serve this request right now" (answered 503
 * DATABASE_UNAVAILABLE by plugins/errors.ts, retried by the start-up in bootstrap.ts), as opposed to a
 * fault of the request or of the code (500).
 */

/** Socket errors of a connection that could not be made or was cut. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'EHOSTDOWN',
  'ENETUNREACH',
  'ENETDOWN',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * SQLSTATEs (PostgreSQL's error codes) of a server that went away or cut the query: query_canceled (57014,
 * statement_timeout), admin_shutdown (57P01, a restart or failover), crash_shutdown (57P02),
 * cannot_connect_now (57P03, starting or in recovery), database_dropped (57P04), too_many_connections
 * (53300); the whole class 08 (connection exception) is matched by its prefix.
 */
const SQLSTATES = new Set(['57014', '57P01', '57P02', '57P03', '57P04', '53300']);

/**
 * object_not_in_prerequisite_state (55000) is also a fault of the code (a sequence's currval asked too early), so
 * only its connection refusal counts: 'database "x" is not currently accepting connections' (the database's
 * connections switched off for maintenance, `ALTER DATABASE … ALLOW_CONNECTIONS false`).
 */
const NOT_ACCEPTING = /not (currently )?accepting connections/;

/** `pg` and `pg-pool` report a lost or never-made connection with plain errors that carry no code. */
const PG_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
  // db/pglite-host.ts: the embedded database's worker thread ended.
  'PGlite worker ended unexpectedly',
];

function matches(error: object): boolean {
  const { code, message, syscall } = error as { code?: unknown; message?: unknown; syscall?: unknown };
  if (typeof code === 'string') {
    if (NETWORK_CODES.has(code) || SQLSTATES.has(code) || /^08[0-9A-Z]{3}$/.test(code)) return true;
    if (code === '55000' && typeof message === 'string' && NOT_ACCEPTING.test(message)) return true;
    // A Unix socket that is gone (the embedded database's worker ended).
    if (code === 'ENOENT' && syscall === 'connect') return true;
  }
  return typeof message === 'string' && PG_MESSAGES.some((text) => message.startsWith(text));
}

/** True when the error (or its cause, or one of an AggregateError's errors) says the database is away. */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (typeof error !== 'object' || error === null || depth > 4) return false;
  if (matches(error)) return true;
  const { cause, errors } = error as { cause?: unknown; errors?: unknown };
  if (cause !== undefined && isDatabaseUnavailable(cause, depth + 1)) return true;
  return Array.isArray(errors) && errors.some((inner) => isDatabaseUnavailable(inner, depth + 1));
}
