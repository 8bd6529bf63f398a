/**
 * The embedded databases a test run copies hundreds of times (the migrated template, the seeded demo), made cheap
 * to open. A run opens about 280 copies; each cost 0.55–0.6 s of CPU, most of it spent before the first query:
 * unpacking 65 MB into PGlite's in-memory file system (two 16 MB WAL segments, the `template0` and `template1`
 * databases) and clearing 128 MB of shared buffers. A copy made here opens in about 0.3 s (docs/benchmarks.md,
 * 29/11/2026). Tests only: the shop's own database keeps PostgreSQL's defaults.
 */
import { gunzipSync } from 'node:zlib';
import { sql } from 'kysely';
import { type DB, dumpEmbeddedDatabase } from '../db/database';

/**
 * What a test database never uses, dropped from the template before it is dumped: the databases `CREATE DATABASE`
 * copies (no test creates one on PGlite), and shared buffers beyond 16 MB (a test's data fits; a page evicted
 * goes to memory all the same). `alter system` writes `postgresql.auto.conf`, which every copy reads at start.
 */
export async function slimTemplate(db: DB): Promise<void> {
  const statements = [
    `alter system set shared_buffers = '16MB'`,
    'alter database template1 is_template false',
    'drop database template1',
    'alter database template0 is_template false',
    'drop database template0',
  ];
  // One at a time: DROP DATABASE refuses to run inside the implicit transaction of a multi-statement query.
  for (const statement of statements) await sql.raw(statement).execute(db);
}

/**
 * The data directory as a plain tar (PGlite opens it as `loadDataDir`, skipping the gunzip), without the WAL
 * segments PostgreSQL recycled ahead of the one in use: empty files of 16 MB each, made again when needed.
 */
export async function dumpForCopies(db: DB): Promise<Uint8Array> {
  const dump = await dumpEmbeddedDatabase(db);
  if (!dump) throw new Error('the embedded database could not be dumped');
  // Asked after the dump's checkpoint: the segment holding it and every earlier one stay.
  const { rows } = await sql<{ segment: string }>`select pg_walfile_name(pg_current_wal_lsn()) as segment`.execute(db);
  const current = rows[0]?.segment;
  if (!current) throw new Error('the WAL segment in use could not be read');
  return withoutTarEntries(new Uint8Array(gunzipSync(dump.data)), (name) => {
    const segment = /(?:^|\/)pg_wal\/([0-9A-F]{24})$/.exec(name)?.[1];
    return segment !== undefined && segment > current;
  });
}

const BLOCK = 512;

/** A ustar archive without the entries `drop` names (each entry: a 512-byte header, then its data in blocks). */
export function withoutTarEntries(tar: Uint8Array, drop: (name: string) => boolean): Uint8Array {
  const field = (header: Uint8Array, start: number, length: number) =>
    new TextDecoder().decode(header.subarray(start, start + length)).replace(/\0[\s\S]*$/, '');
  const kept: Uint8Array[] = [];
  let offset = 0;
  while (offset + BLOCK <= tar.length) {
    const header = tar.subarray(offset, offset + BLOCK);
    if (header.every((byte) => byte === 0)) break; // the end-of-archive blocks
    const name = field(header, 0, 100);
    const prefix = field(header, 345, 155);
    const size = Number.parseInt(field(header, 124, 12).trim() || '0', 8);
    const length = BLOCK + Math.ceil(size / BLOCK) * BLOCK;
    if (!drop(prefix ? `${prefix}/${name}` : name)) kept.push(tar.subarray(offset, offset + length));
    offset += length;
  }
  kept.push(new Uint8Array(2 * BLOCK));
  const out = new Uint8Array(kept.reduce((total, part) => total + part.length, 0));
  let at = 0;
  for (const part of kept) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}
