import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { listeningUrl } from './config';

const LIB = path.resolve(import.meta.dirname, '../../../scripts/lib.mjs');

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
