import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
import { parseKey, putFile } from '../lib/storage';
import type { DB } from './database';

/** The name of the step in `bootstrap_steps`. */
export const FILES_FROM_DISK = 'files-from-disk';

/** A key of the former disk store: `<folder>/<uuid>.<extension>` under `DATA_DIR/files`. */
const DISK_KEY = /^[a-z0-9-]+(\/[a-z0-9-]+)*\/[a-z0-9-]+\.[a-z0-9]+$/;

export interface FilesMove {
  /** False when an earlier start (of this or another replica) already did the move. */
  ran: boolean;
  moved: number;
  /** Keys whose file was not under `DATA_DIR/files` (left as they were: they answer 404, as before). */
  missing: string[];
}

/**
 * Moves the pictures of the former disk store (`DATA_DIR/files`, before migration 0013) into the `files`
 * table, once per database: after the migrations, the start (bootstrap.ts) claims the step in
 * `bootstrap_steps` and, in the same transaction, stores every file a `product_images` or `order_images`
 * row names by its old key and rewrites those rows to the new key (`<folder>/<sha256>.<extension>`). A
 * second replica starting at the same moment waits on the claim and then finds it done; a failure rolls
 * everything back and the next start tries again. The files on disk are left in place (and may be
 * deleted once the log says `files moved into the database`).
 */
export async function moveFilesFromDisk(db: DB, dataDir: string | undefined): Promise<FilesMove> {
  return db.transaction().execute(async (trx) => {
    const claimed = await trx
      .insertInto('bootstrap_steps')
      .values({ name: FILES_FROM_DISK })
      .onConflict((oc) => oc.column('name').doNothing())
      .returning('name')
      .executeTakeFirst();
    if (!claimed) return { ran: false, moved: 0, missing: [] };
    const { rows } = await sql<{ path: string }>`
      select path from product_images union select path from order_images order by path`.execute(trx);
    const old = rows.map((row) => row.path).filter((key) => !parseKey(key) && DISK_KEY.test(key));
    let moved = 0;
    const missing: string[] = [];
    for (const key of old) {
      let data: Buffer | undefined;
      try {
        data = dataDir ? await readFile(path.join(dataDir, 'files', key)) : undefined;
      } catch {
        data = undefined;
      }
      if (!data) {
        missing.push(key);
        continue;
      }
      const folder = key.slice(0, key.indexOf('/'));
      const extension = key.slice(key.lastIndexOf('.') + 1);
      const next = await putFile(trx, folder, data, extension);
      await trx.updateTable('product_images').set({ path: next }).where('path', '=', key).execute();
      await trx.updateTable('order_images').set({ path: next }).where('path', '=', key).execute();
      moved += 1;
    }
    await trx
      .updateTable('bootstrap_steps')
      .set({ details: JSON.stringify({ moved, missing: missing.length }) })
      .where('name', '=', FILES_FROM_DISK)
      .execute();
    return { ran: true, moved, missing };
  });
}
