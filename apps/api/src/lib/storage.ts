import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { AppConfig } from '../config';

/**
 * Where images live. The database keeps only the key (a relative path); another store (S3, …) can
 * replace this one by implementing the same four calls.
 */
export interface Storage {
  put(folder: string, data: Buffer, extension: string): Promise<string>;
  get(key: string): Promise<Buffer | undefined>;
  remove(key: string): Promise<void>;
  /** The public URL the API serves the file under. */
  url(key: string): string;
}

const SAFE_KEY = /^[a-z0-9-]+(\/[a-z0-9-]+)*\/[a-z0-9-]+\.[a-z0-9]+$/;

export function createStorage(config: Pick<AppConfig, 'dataDir' | 'inMemory'>): Storage {
  const memory = new Map<string, Buffer>();
  const root = path.join(config.dataDir, 'files');
  return {
    async put(folder, data, extension) {
      const key = `${folder}/${randomUUID()}.${extension}`;
      if (config.inMemory) memory.set(key, data);
      else {
        await mkdir(path.join(root, folder), { recursive: true });
        await writeFile(path.join(root, key), data);
      }
      return key;
    },
    async get(key) {
      if (!SAFE_KEY.test(key)) return undefined;
      if (config.inMemory) return memory.get(key);
      try {
        return await readFile(path.join(root, key));
      } catch {
        return undefined;
      }
    },
    async remove(key) {
      if (!SAFE_KEY.test(key)) return;
      if (config.inMemory) memory.delete(key);
      else await rm(path.join(root, key), { force: true });
    },
    url(key) {
      return `/api/files/${key}`;
    },
  };
}
