/**
 * `npm run restore -- <arquivo> [--force]`: restores a backup into the configured database (DATABASE_URL, or
 * PGlite in DATA_DIR), with the server stopped. A database with data is refused unless --force; PGlite keeps
 * the replaced folder beside (`DATA_DIR/pglite.before-restore-…`).
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../../config';
import { RestoreRefused, restoreBackup } from './restore';

const USAGE = `Uso: npm run restore -- <arquivo de backup> [--force]
  --force   substitui um banco que já tem dados`;

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { force: { type: 'boolean', default: false }, help: { type: 'boolean', short: 'h', default: false } },
  });
  const file = positionals[0];
  if (values.help || !file || positionals.length > 1) {
    process.stdout.write(`${USAGE}\n`);
    return values.help ? 0 : 2;
  }
  const config = loadConfig();
  try {
    const result = await restoreBackup(config, path.resolve(file), { force: values.force });
    const kept = result.previous ? ` O banco anterior ficou em ${result.previous}.` : '';
    process.stdout.write(`Backup restaurado (${result.method}).${kept}\n`);
    return 0;
  } catch (error) {
    if (error instanceof RestoreRefused) {
      process.stderr.write(`${error.message}\n`);
      return 1;
    }
    throw error;
  }
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
