// Finds Chromium for the browser tests: CHROME_PATH, else /usr/bin/chromium; installs Debian's
// package with apt-get when missing and running as root, else explains how to install it.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export function findChromium() {
  const candidate = process.env.CHROME_PATH || '/usr/bin/chromium';
  if (existsSync(candidate)) return candidate;
  if (process.getuid?.() === 0) {
    process.stdout.write('Chromium não encontrado: instalando o pacote chromium do Debian (apt-get)…\n');
    spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    const install = spawnSync('apt-get', ['install', '-y', '-qq', 'chromium'], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    if (install.status === 0 && existsSync('/usr/bin/chromium')) return '/usr/bin/chromium';
  }
  process.stderr.write(
    `Chromium não encontrado em ${candidate}. Instale-o com "sudo apt-get install chromium" ` +
      'ou aponte CHROME_PATH para o executável do Chromium.\n',
  );
  process.exit(1);
}
