// Finds pdftotext (poppler-utils) for the browser tests that read the PDFs the app builds:
// PDFTOTEXT_PATH, else /usr/bin/pdftotext; installs Debian's poppler-utils with apt-get when missing and
// running as root (like Chromium, scripts/chromium.mjs), else explains how to install it.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export function findPdftotext() {
  const candidate = process.env.PDFTOTEXT_PATH || '/usr/bin/pdftotext';
  if (existsSync(candidate)) return candidate;
  if (process.getuid?.() === 0) {
    process.stdout.write('pdftotext não encontrado: instalando o pacote poppler-utils do Debian (apt-get)…\n');
    spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    const install = spawnSync('apt-get', ['install', '-y', '-qq', 'poppler-utils'], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    if (install.status === 0 && existsSync('/usr/bin/pdftotext')) return '/usr/bin/pdftotext';
  }
  process.stderr.write(
    `pdftotext não encontrado em ${candidate}. Instale-o com "sudo apt-get install poppler-utils" ` +
      'ou aponte PDFTOTEXT_PATH para o executável.\n',
  );
  process.exit(1);
}
