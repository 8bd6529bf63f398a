import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { listeningUrl } from './config';

const LIB = path.resolve(import.meta.dirname, '../../../scripts/lib.mjs');
const tsx = createRequire(import.meta.url).resolve('tsx');
const MAIN = path.resolve(import.meta.dirname, 'main.ts');

/** Runs the real server's entry (`src/main.ts`) with these arguments and variables: its exit code and stderr. */
async function start(args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number | null; stderr: string }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'backoffice-refusal-'));
  try {
    const child = spawn(process.execPath, ['--import', tsx, MAIN, ...args], {
      env: { PATH: process.env.PATH, DATA_DIR: dataDir, JWT_SECRET: 'segredo-de-teste', LOG_LEVEL: 'warn', ...env },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk) => {
      stderr += String(chunk);
    });
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    return { code, stderr };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** What the root scripts' lib says and runs (read in a child process: it is plain JavaScript for Node 20). */
function scriptsLib(): { args: string[]; old: string; current: string } {
  const code = `import(${JSON.stringify(LIB)}).then((m) => console.log(JSON.stringify({ args: m.INSTALL_ARGS, old: m.installMessage('20.20.2'), current: m.installMessage('24.1.0') })))`;
  return JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', code], { encoding: 'utf8' }));
}

describe('npm start (issue 15: 65 engine warnings under Node 20 read as a failure; which address?)', () => {
  it("installs quietly (errors only, engines not enforced) and says in one line why, on the machine's Node 20", () => {
    const lib = scriptsLib();
    expect(lib.args).toEqual(expect.arrayContaining(['install', '--loglevel=error', '--engine-strict=false']));
    expect(lib.old).toBe(
      'Instalando dependências (npm install) com o Node 20.20.2 desta máquina; o BackOffice roda no Node 24 que vem nas dependências (avisos de versão do Node omitidos)',
    );
    expect(lib.current).toBe('Instalando dependências (npm install)');
  });

  it('names the address it listens on: localhost for every interface, else the host given', () => {
    expect(listeningUrl({ host: '0.0.0.0', port: 3000 })).toBe('http://localhost:3000');
    expect(listeningUrl({ host: '::', port: 3101 })).toBe('http://localhost:3101');
    expect(listeningUrl({ host: '127.0.0.1', port: 8080 })).toBe('http://127.0.0.1:8080');
    expect(listeningUrl({ host: '::1', port: 8080 })).toBe('http://[::1]:8080');
  });
});

describe('a start-up refused for its configuration (issue 53 finding 12)', () => {
  const refusals: Array<[string, string[], NodeJS.ProcessEnv, string]> = [
    [
      'an unknown role',
      ['--role=caixa'],
      {},
      'BackOffice não iniciou: Papel de processo desconhecido: "caixa". Use --role=web, --role=worker ou --role=all.',
    ],
    [
      'a web process on the embedded database',
      ['--role=web'],
      {},
      'BackOffice não iniciou: O banco embutido (PGlite) é de um processo só: --role=web pede DATABASE_URL (um PostgreSQL). Sem ele, use --role=all.',
    ],
    [
      'a time that is not a number',
      [],
      { DB_STATEMENT_TIMEOUT_MS: 'quinze' },
      'BackOffice não iniciou: DB_STATEMENT_TIMEOUT_MS deve ser um número inteiro positivo de milissegundos (recebido: "quinze").',
    ],
  ];
  it.each(refusals)(
    '%s: its one line on stderr, no stack trace, code 1',
    async (_, args, env, line) => {
      const { code, stderr } = await start(args, env);
      expect({ code, stderr }).toEqual({ code: 1, stderr: `${line}\n` });
    },
    60_000,
  );
});
