// Finds PgBouncer for the test of the API behind it in transaction mode (apps/api/src/deployment/pgbouncer.pg.test.ts):
// PGBOUNCER_PATH, else Debian's package, installed with apt-get when missing (scripts/debian-tool.mjs). Only the binary
// is used: the test starts it with a configuration of its own, on a port of its own.
import { findDebianTool } from './debian-tool.mjs';

export function findPgBouncer() {
  return findDebianTool({
    label: 'PgBouncer',
    pkg: 'pgbouncer',
    paths: ['/usr/sbin/pgbouncer'],
    envVar: 'PGBOUNCER_PATH',
  });
}
