import { createHash } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import type { Executor } from '../db/executor';
import type { Database } from '../db/schema';

/** A stored file as the file route serves it. */
export interface StoredFile {
  data: Buffer;
  contentType: string;
  /** SHA-256 of the bytes, hex: the file's identity (and its ETag). */
  hash: string;
}

/**
 * Where files live: PostgreSQL's `files` table (migration 0013), one row per distinct content keyed by its
 * SHA-256, so every replica reads what any of them wrote (docs/architecture.md, "Running several
 * replicas"). Rows of the domain keep the key `<folder>/<sha256>.<extension>`.
 *
 * `put` writes in the caller's transaction: a refused write stores nothing, so there is nothing to remove
 * afterwards, and a file stored twice (the same picture sent again) is one row.
 */
export interface Storage {
  put(executor: Executor, folder: string, data: Buffer, extension: string): Promise<string>;
  get(key: string): Promise<StoredFile | undefined>;
  /** The URL the API serves the file under (order pictures need a signed link: lib/file-links.ts). */
  url(key: string): string;
}

const CONTENT_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
};

const FOLDER = /^[a-z0-9-]+$/;
const EXTENSION = /^[a-z0-9]+$/;
/** A key this store writes: folder, the content's SHA-256, extension. */
const KEY = /^([a-z0-9-]+)\/([0-9a-f]{64})\.([a-z0-9]+)$/;

export const sha256Hex = (data: Buffer): string => createHash('sha256').update(data).digest('hex');
export const contentTypeOf = (extension: string): string => CONTENT_TYPES[extension] ?? 'application/octet-stream';

/** The parts of a key, or undefined for anything this store never wrote. */
export function parseKey(key: string): { folder: string; hash: string; extension: string } | undefined {
  const match = KEY.exec(key);
  if (!match) return undefined;
  return { folder: match[1] as string, hash: match[2] as string, extension: match[3] as string };
}

/** Stores `data` (once per content) through `executor`; the key names its folder, hash and extension. */
export async function putFile(executor: Executor, folder: string, data: Buffer, extension: string): Promise<string> {
  if (!FOLDER.test(folder) || !EXTENSION.test(extension))
    throw new Error(`bad storage key part: ${folder} ${extension}`);
  const hash = sha256Hex(data);
  await executor
    .insertInto('files')
    .values({ hash, content_type: contentTypeOf(extension), size: data.length, data })
    .onConflict((oc) => oc.column('hash').doNothing())
    .execute();
  return `${folder}/${hash}.${extension}`;
}

export function createStorage(db: Kysely<Database>): Storage {
  return {
    put: putFile,
    async get(key) {
      const parts = parseKey(key);
      if (!parts) return undefined;
      const row = await db
        .selectFrom('files')
        .select(['data', 'content_type'])
        .where('hash', '=', parts.hash)
        .executeTakeFirst();
      return row ? { data: row.data, contentType: row.content_type, hash: parts.hash } : undefined;
    },
    url(key) {
      return `/api/files/${key}`;
    },
  };
}

/**
 * Deletes the files of `keys` that no picture refers to any more (an order's or a product's, under any
 * folder or extension: the same content is one row), through `executor`; a file another picture still shows
 * stays. Their URLs then answer 404. One pass over each picture table (no index on the hash inside a key:
 * this runs on an administrator's rare request, decision 0016).
 */
export async function deleteUnreferencedFiles(executor: Executor, keys: readonly string[]): Promise<void> {
  const hashes = [...new Set(keys.map((key) => parseKey(key)?.hash).filter((hash) => hash !== undefined))];
  if (hashes.length === 0) return;
  const hashOf = (table: 'order_images' | 'product_images') =>
    sql<string>`split_part(split_part(${sql.ref(`${table}.path`)}, '/', 2), '.', 1)`;
  const kept = await executor
    .selectFrom('order_images')
    .select(hashOf('order_images').as('hash'))
    .where(hashOf('order_images'), 'in', hashes)
    .union(
      executor
        .selectFrom('product_images')
        .select(hashOf('product_images').as('hash'))
        .where(hashOf('product_images'), 'in', hashes),
    )
    .execute();
  const stillShown = new Set(kept.map((row) => row.hash));
  const unreferenced = hashes.filter((hash) => !stillShown.has(hash));
  if (unreferenced.length > 0) await executor.deleteFrom('files').where('hash', 'in', unreferenced).execute();
}
