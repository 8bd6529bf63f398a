import type { DB } from '../../db/database';
import { forbidden, notFound } from '../../lib/errors';
import type { FileLinks, LinkParams } from '../../lib/file-links';
import { parseKey, type Storage, type StoredFile } from '../../lib/storage';

export const FILE_TEXTS = {
  notFound: 'Arquivo não encontrado.',
  linkInvalid: 'Link da imagem inválido ou expirado. Abra a imagem de novo pela tela do pedido.',
} as const;

export interface ServedFile extends StoredFile {
  /** Product pictures are public and immutable; every other file is private (a signed link). */
  access: 'public' | 'private';
  /** Seconds a private answer may be cached by the browser (until its link expires). */
  maxAge: number;
}

/**
 * Who may read a file: product pictures (a `product_images` row holds the key) are public, like the
 * catalogue; every other file (receipts, signatures, packaging photos) only through a signed link
 * (lib/file-links.ts) of an employee who is still active and signed in with the same token version.
 */
export function createFilesService(db: DB, storage: Storage, links: FileLinks) {
  async function isProductPicture(key: string): Promise<boolean> {
    const row = await db.selectFrom('product_images').select('id').where('path', '=', key).limit(1).executeTakeFirst();
    return row !== undefined;
  }

  return {
    async serve(key: string, params: Partial<LinkParams>, now = Date.now()): Promise<ServedFile> {
      if (!parseKey(key)) throw notFound(FILE_TEXTS.notFound);
      let access: ServedFile['access'] = 'public';
      let maxAge = 0;
      if (!(await isProductPicture(key))) {
        const { by, expires, signature } = params;
        if (by === undefined || expires === undefined || signature === undefined) throw notFound(FILE_TEXTS.notFound);
        const employee = await db
          .selectFrom('employees')
          .select(['blocked', 'token_version'])
          .where('id', '=', by)
          .executeTakeFirst();
        const holder = { employeeId: by, tokenVersion: employee?.token_version ?? -1 };
        if (!employee || employee.blocked || !links.verify(key, { by, expires, signature }, holder, now)) {
          throw forbidden(FILE_TEXTS.linkInvalid);
        }
        access = 'private';
        maxAge = Math.max(0, Math.floor((expires * 1000 - now) / 1000));
      }
      const file = await storage.get(key);
      if (!file) throw notFound(FILE_TEXTS.notFound);
      return { ...file, access, maxAge };
    },
  };
}
