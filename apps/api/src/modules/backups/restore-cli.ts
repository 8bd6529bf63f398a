/**
 * `npm run restore -- <arquivo> [--force] [--unverified]`: restores a backup into the configured database
 * (DATABASE_URL, or PGlite in DATA_DIR), with the server stopped. The file is checked against its manifest
 * and the restored database before it replaces the current one; an encrypted backup takes BACKUP_PASSPHRASE
 * or asks for it. A database with data is refused unless --force; PGlite keeps the replaced folder beside
 * (`DATA_DIR/pglite.before-restore-…`). A refusal prints its reason alone (no stack trace) and exits 1.
 */
import path from 'node:path';
import { createInterface } from 'node:readline';
import { Writable } from 'node:stream';
import { parseArgs } from 'node:util';
import { loadConfig } from '../../config';
import { RestoreRefused, restoreBackup } from './restore';

const USAGE = `Uso: npm run restore -- <arquivo de backup> [--force] [--unverified]
  --force        substitui um banco que já tem dados
  --unverified   aceita um backup de versão anterior, sem manifesto (não há como conferir sua integridade)
  Backup criptografado: a senha vem de BACKUP_PASSPHRASE ou é pedida no terminal.`;

/** Asks for the passphrase on the terminal without echoing it; undefined when there is no terminal. */
async function askPassphrase(): Promise<string | undefined> {
  if (!process.stdin.isTTY) return undefined;
  process.stderr.write('Senha do backup: ');
  const muted = new Writable({ write: (_chunk, _encoding, done) => done() });
  const rl = createInterface({ input: process.stdin, output: muted, terminal: true });
  try {
    return await new Promise<string>((resolve) => rl.question('', resolve));
  } finally {
    rl.close();
    process.stderr.write('\n');
  }
}

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      force: { type: 'boolean', default: false },
      unverified: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  const file = positionals[0];
  if (values.help || !file || positionals.length > 1) {
    process.stdout.write(`${USAGE}\n`);
    return values.help ? 0 : 2;
  }
  const config = loadConfig();
  try {
    const result = await restoreBackup(config, path.resolve(file), {
      force: values.force,
      unverified: values.unverified,
      passphrase: async () => config.backupPassphrase ?? (await askPassphrase()),
    });
    const checked = result.verified
      ? ' Manifesto e banco restaurado conferidos.'
      : ' Backup sem manifesto: integridade não conferida.';
    const kept = result.previous ? ` O banco anterior ficou em ${result.previous}.` : '';
    process.stdout.write(`Backup restaurado (${result.method}).${checked}${kept}\n`);
    return 0;
  } catch (error) {
    if (error instanceof RestoreRefused) {
      process.stderr.write(`Restauração recusada: ${error.message}\n`);
      return 1;
    }
    throw error;
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    // Not the stack: the reason, in one line.
    process.stderr.write(`A restauração falhou: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
