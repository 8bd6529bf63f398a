// npm test: every suite — lint, module boundaries, types and the build side by side; then the unit, API and
// component tests followed by the API suite on PostgreSQL when TEST_POSTGRES_URL names one (.ci/run), beside
// the browser tests. Each part's time is printed at the end.
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { findChromium } from './chromium.mjs';
import { BUILD_STEPS, buildStale, ensureNode24, log, root } from './lib.mjs';
import { findPdftotext } from './pdftotext.mjs';

ensureNode24();
const reports = mkdtempSync(path.join(tmpdir(), 'backoffice-reports-'));
const PATH = `${path.join(root, 'node_modules', '.bin')}${path.delimiter}${process.env.PATH}`;
const started = performance.now();
/** Each part's title, seconds and whether it passed, for the table at the end. */
const times = [];

/**
 * Runs one command. `output`: 'inherit' streams it as it comes; a file path keeps it there (a part running
 * beside another, printed whole once done, so two parts' lines never mix).
 */
function spawnStep(command, args, { env = {}, output = 'inherit' } = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: root,
      env: { ...process.env, PATH, ...env },
      stdio: output === 'inherit' ? 'inherit' : ['ignore', 'pipe', 'pipe'],
    });
    if (output !== 'inherit') {
      const file = createWriteStream(output);
      child.stdout.pipe(file, { end: false });
      child.stderr.pipe(file, { end: false });
      child.on('close', (code, signal) => file.end(() => resolve(code ?? (signal ? 1 : 0))));
    } else child.on('close', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    child.on('error', () => resolve(1));
  });
}

/** One part: its commands one after another (stopping at the first that fails), timed. */
async function part(title, commands, options = {}) {
  const begin = performance.now();
  let status = 0;
  for (const [command, args] of commands) {
    status = await spawnStep(command, args, options);
    if (status !== 0) break;
  }
  const seconds = (performance.now() - begin) / 1000;
  times.push({ title, seconds, ok: status === 0 });
  return status === 0;
}

/** Parts run side by side, each output kept in a file and printed under its title once it ends. */
async function beside(parts) {
  const results = await Promise.all(
    parts.map(async ({ title, commands, env }) => {
      const output = path.join(reports, `${title.replace(/\W+/g, '-')}.log`);
      const ok = await part(title, commands, { env, output });
      log(`${title} (${ok ? 'ok' : 'FALHOU'})`);
      process.stdout.write(readFileSync(output, 'utf8'));
      return ok;
    }),
  );
  return results.every(Boolean);
}

const counts = { passed: 0, failed: 0 };
function count(file, label) {
  if (!existsSync(file)) return;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  counts.passed += report.numPassedTests ?? 0;
  counts.failed += report.numFailedTests ?? 0;
  if (label) process.stdout.write(`${label}: ${report.numPassedTests} passed, ${report.numFailedTests} failed\n`);
}
const vitestReport = (file) => ['--reporter=default', '--reporter=json', `--outputFile.json=${file}`];

// Found (or installed) first: their installs print, and the browser tests need both.
const chromium = findChromium();
const pdftotext = findPdftotext();

let failed = false;
log('Lint (Biome), fronteiras entre módulos (dependency-cruiser), tipos (tsc) e compilação, lado a lado');
const checks = [
  { title: 'Lint e formatação (Biome)', commands: [['biome', ['check', '.']]] },
  {
    title: 'Fronteiras entre módulos (dependency-cruiser)',
    commands: [
      [
        'depcruise',
        [
          '--config',
          '.dependency-cruiser.cjs',
          'apps/api/src',
          'apps/web/src',
          'packages/contract/src',
          'e2e',
          'bench',
          'scripts',
        ],
      ],
    ],
  },
  { title: 'Tipos (tsc)', commands: [['tsc', ['-b', 'packages/contract', 'apps/api', 'apps/web', 'e2e', 'bench']]] },
];
if (buildStale()) checks.push({ title: 'Compilação da API e do aplicativo web', commands: BUILD_STEPS });
if (!(await beside(checks))) failed = true;

// The browser journeys wait on the browser and the server most of their time: they run beside the unit, API and
// component tests (one worker per core), then beside the API suite on PostgreSQL, which follows those.
const unitReport = path.join(reports, 'unit.json');
const e2eReport = path.join(reports, 'e2e.json');
const postgres = process.env.TEST_POSTGRES_URL;
const postgresReport = path.join(reports, 'postgres.json');
log(
  postgres
    ? `Testes de unidade, da API e de componentes (Vitest), depois os da API no PostgreSQL (${postgres}), ao lado dos testes no navegador (Playwright + Chromium)`
    : 'Testes de unidade, da API e de componentes (Vitest), ao lado dos testes no navegador (Playwright + Chromium)',
);
const vitestParts = async () => {
  const unitOk = await part('Unidade, API (PGlite) e componentes', [['vitest', ['run', ...vitestReport(unitReport)]]], {
    output: path.join(reports, 'unit.log'),
  });
  log(`Testes de unidade, da API e de componentes (${unitOk ? 'ok' : 'FALHOU'})`);
  process.stdout.write(readFileSync(path.join(reports, 'unit.log'), 'utf8'));
  if (!postgres) return unitOk;
  const postgresLog = path.join(reports, 'postgres.log');
  const postgresOk = await part(
    'API no PostgreSQL',
    [['vitest', ['run', '--project', 'api', ...vitestReport(postgresReport)]]],
    { env: { DATABASE_URL: postgres }, output: postgresLog },
  );
  log(`Testes da API no PostgreSQL (${postgresOk ? 'ok' : 'FALHOU'})`);
  process.stdout.write(readFileSync(postgresLog, 'utf8'));
  return unitOk && postgresOk;
};
const browserLog = path.join(reports, 'browser.log');
const browserPart = async () => {
  const ok = await part(
    'Navegador (Playwright + Chromium)',
    [['vitest', ['run', '--config', 'e2e/vitest.config.ts', ...vitestReport(e2eReport)]]],
    { env: { CHROME_PATH: chromium, PDFTOTEXT_PATH: pdftotext }, output: browserLog },
  );
  log(`Testes no navegador (${ok ? 'ok' : 'FALHOU'})`);
  process.stdout.write(readFileSync(browserLog, 'utf8'));
  return ok;
};
const [vitestOk, browserOk] = await Promise.all([vitestParts(), browserPart()]);
if (!vitestOk || !browserOk) failed = true;
count(unitReport);
count(e2eReport);
if (postgres) count(postgresReport, 'PostgreSQL');

log('Tempo de cada parte');
for (const { title, seconds, ok } of times)
  process.stdout.write(`${ok ? '✓' : '✖'} ${title}: ${Math.round(seconds)} s\n`);
process.stdout.write(`Total: ${Math.round((performance.now() - started) / 1000)} s\n`);
process.stdout.write(`\n${counts.passed} passed, ${counts.failed} failed\n`);
process.exit(failed || counts.failed > 0 ? 1 : 0);
