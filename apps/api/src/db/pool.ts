import pg from 'pg';

/** What a pool or the embedded database's host reports that no request is there to hear. */
export interface DatabaseLog {
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

export const consoleLog: DatabaseLog = {
  warn: (object, message) => console.warn(message, object),
  error: (object, message) => console.error(message, object),
};

/**
 * A `pg` pool that survives the server going away (a restart, a failover, the embedded worker's end):
 * an idle client whose connection dies is dropped by the pool (its 'error' is heard here instead of
 * ending the process as an unhandled 'error' event), a client in use hears its own 'error' (its query
 * fails, the request answers 503, the pool discards it on release), and the next checkout connects anew.
 */
export function resilientPool(config: pg.PoolConfig, log: DatabaseLog, name: string): pg.Pool {
  const pool = new pg.Pool({ keepAlive: true, ...config });
  pool.on('error', (error) => log.warn({ err: error, pool: name }, 'database: idle connection lost'));
  // A client in use whose connection dies emits 'error' too: heard here (an unheard one ends the process),
  // not logged, since the query it ran fails with the same error and its request logs it.
  pool.on('connect', (client) => {
    client.on('error', () => {});
  });
  return pool;
}
