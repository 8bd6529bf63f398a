// npm test: every suite — lint, types, unit + API + component tests, then the browser tests.
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { findChromium } from './chromium.mjs';
import { buildIfStale, ensureNode24, log, run } from './lib.mjs';
import { findPdftotext } from './pdftotext.mjs';

ensureNode24();
const reports = mkdtempSync(path.join(tmpdir(), 'backoffice-reports-'));
const counts = { passed: 0, failed: 0 };
function count(file) {
  if (!existsSync(file)) return;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  counts.passed += report.numPassedTests ?? 0;
  counts.failed += report.numFailedTests ?? 0;
}

let failed = false;
const step = (title, command, args, options) => {
  log(title);
  if (run(command, args, { ...options, allowFailure: true }) !== 0) failed = true;
};

step('Lint e formatação (Biome)', 'biome', ['check', '.']);
step('Fronteiras entre módulos (dependency-cruiser)', 'depcruise', [
  '--config',
  '.dependency-cruiser.cjs',
  'apps/api/src',
  'apps/web/src',
  'packages/contract/src',
  'e2e',
  'bench',
  'scripts',
]);
step('Tipos (tsc)', 'tsc', ['-b', 'packages/contract', 'apps/api', 'apps/web', 'e2e', 'bench']);
const unitReport = path.join(reports, 'unit.json');
step('Testes de unidade, da API e de componentes (Vitest)', 'vitest', [
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${unitReport}`,
]);
count(unitReport);

const chromium = findChromium();
const pdftotext = findPdftotext();
buildIfStale();
const e2eReport = path.join(reports, 'e2e.json');
step(
  'Testes no navegador (Playwright + Chromium)',
  'vitest',
  [
    'run',
    '--config',
    'e2e/vitest.config.ts',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${e2eReport}`,
  ],
  { env: { CHROME_PATH: chromium, PDFTOTEXT_PATH: pdftotext } },
);
count(e2eReport);

process.stdout.write(`\n${counts.passed} passed, ${counts.failed} failed\n`);
process.exit(failed || counts.failed > 0 ? 1 : 0);
