// Finds Chromium for the browser tests and benchmarks: CHROME_PATH, else Debian's package; installs it with apt-get
// when missing and running as root, else explains how to install it.
// - 'shell' (the journeys, decision 0052): chromium-headless-shell, the old headless mode Playwright itself uses by
//   default — the same engine without the browser's UI, about a third less CPU a journey than `chromium --headless`.
// - 'full' (the phone benchmark, Lighthouse): chromium, the whole browser.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const PACKAGES = {
  shell: { name: 'chromium-headless-shell', path: '/usr/bin/chromium-headless-shell' },
  full: { name: 'chromium', path: '/usr/bin/chromium' },
};

/** @param {'shell' | 'full'} kind */
export function findChromium(kind = 'full') {
  const wanted = PACKAGES[kind];
  const candidate = process.env.CHROME_PATH || wanted.path;
  if (existsSync(candidate)) return candidate;
  if (process.getuid?.() === 0 && !process.env.CHROME_PATH) {
    process.stdout.write(`Chromium não encontrado: instalando o pacote ${wanted.name} do Debian (apt-get)…\n`);
    spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    const install = spawnSync('apt-get', ['install', '-y', '-qq', wanted.name], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    if (install.status === 0 && existsSync(wanted.path)) return wanted.path;
  }
  process.stderr.write(
    `Chromium não encontrado em ${candidate}. Instale-o com "sudo apt-get install ${wanted.name}" ` +
      'ou aponte CHROME_PATH para o executável do Chromium.\n',
  );
  process.exit(1);
}
