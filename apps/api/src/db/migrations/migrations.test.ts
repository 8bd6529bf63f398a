import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Migrations never import live code: what an applied migration uses is frozen in it or in a helper inside
 * this folder, so a change to the contract or a module can never change what an old migration does. And
 * live code never imports a migration or its helpers: only the database bootstrap reads the index.
 */

const MIGRATIONS = dirname(fileURLToPath(import.meta.url));
const API_SRC = resolve(MIGRATIONS, '../..');
/** The one live file that reaches into this folder, and only for the index (the list of migrations). */
const BOOTSTRAP = join(API_SRC, 'db', 'database.ts');

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
}

/** Every module a file names: static imports, re-exports, dynamic `import()` and `require()`. */
function importsOf(file: string): string[] {
  return ts.preProcessFile(readFileSync(file, 'utf8'), true, true).importedFiles.map((entry) => entry.fileName);
}

const isTest = (file: string) => /\.test\.tsx?$/.test(file);
const inMigrations = (path: string) => path === MIGRATIONS || path.startsWith(MIGRATIONS + sep);
const show = (file: string) => relative(API_SRC, file).split(sep).join('/');

describe('migrations import only kysely and their own folder', () => {
  const files = sourceFiles(MIGRATIONS).filter((file) => !isTest(file));

  it('finds the migrations, the index and the helpers', () => {
    const names = files.map(show);
    expect(names).toContain('db/migrations/index.ts');
    expect(names).toContain('db/migrations/run-statements.ts');
    expect(names).toContain('db/migrations/0005-company-merchant.ts');
    expect(names).toContain('db/migrations/frozen/0005-pix.ts');
  });

  it('no migration or helper imports anything but kysely or a file of the migrations folder', () => {
    const outside: string[] = [];
    for (const file of files) {
      for (const name of importsOf(file)) {
        const allowed =
          name === 'kysely' ||
          name.startsWith('kysely/') ||
          (name.startsWith('.') && inMigrations(resolve(dirname(file), name)));
        if (!allowed) outside.push(`${show(file)} imports ${name}`);
      }
    }
    expect(outside).toEqual([]);
  });

  it('no live code imports a migration or a migrations helper; the bootstrap reads only the index', () => {
    const reaching: string[] = [];
    for (const file of sourceFiles(API_SRC)) {
      if (inMigrations(file) || isTest(file)) continue;
      for (const name of importsOf(file)) {
        if (!name.startsWith('.')) continue;
        const target = resolve(dirname(file), name).replace(/\.tsx?$/, '');
        if (!inMigrations(target)) continue;
        const theIndex = target === MIGRATIONS || target === join(MIGRATIONS, 'index');
        if (file === BOOTSTRAP && theIndex) continue;
        reaching.push(`${show(file)} imports ${name}`);
      }
    }
    expect(reaching).toEqual([]);
  });
});
