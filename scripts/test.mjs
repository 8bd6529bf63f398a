// npm test: every suite at once — lint, module boundaries, types, the unit, API and component tests, the API
// suite on PostgreSQL when TEST_POSTGRES_URL names one (.ci/run), and the build followed by the browser tests.
// Each part's output is printed whole once it ends, and each part's time at the end.
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { findChromium } from './chromium.mjs';
import { findLibfaketime } from './faketime.mjs';
import {
  BUILD_STEPS,
  buildStale,
  ensureNode24,
  log,
  printJourneyArtifacts,
  root,
  TSC,
  TYPED_PROJECTS,
} from './lib.mjs';
import { findNginx } from './nginx.mjs';
import { findPdftotext } from './pdftotext.mjs';
import { findPgBouncer } from './pgbouncer.mjs';

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
function spawnStep(command, args, { env = {}, output = 'inherit', nice = 0 } = {}) {
  return new Promise((resolve) => {
    const [file, argv] = nice ? ['nice', ['-n', String(nice), command, ...args]] : [command, args];
    const child = spawn(file, argv, {
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

/** One part run with its output kept in a file, printed under its title once it ends (parts run side by side). */
async function kept({ title, commands, env, nice }) {
  const output = path.join(reports, `${title.replace(/\W+/g, '-')}.log`);
  const ok = await part(title, commands, { env, output, nice });
  log(`${title} (${ok ? 'ok' : 'FALHOU'})`);
  process.stdout.write(readFileSync(output, 'utf8'));
  return ok;
}

/**
 * Chains run side by side; the parts of one chain one after another, stopping at the first that fails (a part
 * marked `always` runs all the same: it does not depend on the ones before it, it only waits for them).
 */
async function beside(chains) {
  const results = await Promise.all(
    chains.map(async (chain) => {
      let ok = true;
      for (const step of chain) if (ok || step.always) ok = (await kept(step)) && ok;
      return ok;
    }),
  );
  return results.every(Boolean);
}

const counts = { passed: 0, failed: 0 };
/** Each failed test (or file that failed to run) with its error's first lines: printed last, as a CI log's tail. */
const failures = [];
const firstLines = (text, lines = 12) =>
  String(text ?? '')
    .split('\n')
    .slice(0, lines)
    .join('\n');
function count(file, label) {
  if (!existsSync(file)) return;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  counts.passed += report.numPassedTests ?? 0;
  counts.failed += report.numFailedTests ?? 0;
  for (const result of report.testResults ?? []) {
    const where = `${label ?? path.basename(file, '.json')}: ${path.relative(root, result.name ?? '')}`;
    const failed = (result.assertionResults ?? []).filter((test) => test.status === 'failed');
    for (const test of failed) failures.push(`${where} > ${test.fullName}\n${firstLines(test.failureMessages?.[0])}`);
    if (failed.length === 0 && result.status === 'failed') failures.push(`${where}\n${firstLines(result.message)}`);
  }
  if (label) process.stdout.write(`${label}: ${report.numPassedTests} passed, ${report.numFailedTests} failed\n`);
}
const vitestReport = (file) => ['--reporter=default', '--reporter=json', `--outputFile.json=${file}`];
/** A Vitest part of PGlite's suites: a file whose worker V8 itself aborted runs again alone, once (decision 0102). */
const vitestPart = (args) => [process.execPath, [path.join(root, 'scripts', 'vitest-part.mjs'), ...args]];

// Found (or installed) first: their installs print, and the browser tests need both.
const chromium = findChromium('shell');
const pdftotext = findPdftotext();
const faketime = findLibfaketime();
// The API suite starts nginx in front of two web processes (deploy/nginx/backoffice.conf): every part inherits where.
process.env.NGINX_PATH = findNginx();
// Its PostgreSQL part runs the API behind Debian's PgBouncer in transaction mode (deployment/pgbouncer.pg.test.ts).
if (process.env.TEST_POSTGRES_URL) process.env.PGBOUNCER_PATH = findPgBouncer();

// Everything starts at once. The browser journeys wait on the browser and the server most of their time and are
// the longest chain (the build, then the journeys): they run at normal priority, while the checks and the Vitest
// suites run niced (`nice -n 10`) and take the cores whenever a journey waits. On 2 cores `.ci/run` went from
// 31 to 15 minutes this way and with the suites' own savings (docs/benchmarks.md, "The test suite").
const unitReport = path.join(reports, 'unit.json');
const e2eReport = path.join(reports, 'e2e.json');
const postgres = process.env.TEST_POSTGRES_URL;
const postgresReport = path.join(reports, 'postgres.json');
const NICE = process.platform === 'linux' ? 10 : 0;

log(
  `Ao mesmo tempo: lint (Biome), fronteiras entre módulos (dependency-cruiser), tipos (tsc), testes de unidade, da API e de componentes (Vitest) e, depois da compilação, os testes no navegador (Playwright + Chromium)${
    postgres ? `, seguidos dos da API no PostgreSQL (${postgres})` : ''
  }`,
);
const batch = [
  { title: 'Lint e formatação (Biome)', commands: [['biome', ['check', '.']]] },
  {
    title: 'Fronteiras entre módulos (dependency-cruiser)',
    commands: [
      [
        'depcruise',
        [
          '--config',
          '.dependency-cruiser.cjs',
          ...['apps/api/src', 'apps/web/src', 'packages/contract/src', 'e2e', 'bench', 'scripts'],
        ],
      ],
    ],
  },
  {
    title: 'Tipos (tsc)',
    commands: [[process.execPath, [TSC, '-b', '--singleThreaded', ...TYPED_PROJECTS]]],
  },
  { title: 'Unidade, API (PGlite) e componentes', commands: [vitestPart(['run', ...vitestReport(unitReport)])] },
].map((step) => ({ ...step, nice: NICE }));
// The API on PostgreSQL runs once the journeys are done, beside what is left of the unit suite: all of it beside
// the journeys starved the niced suites (a 10 s demo seed passed 300 s, .ci/run 25 minutes; issue 39's suites
// tipped it), and the journeys themselves took 18 minutes instead of 8.
const afterBrowser = postgres
  ? [
      {
        title: 'API no PostgreSQL',
        commands: [vitestPart(['run', '--project', 'api', ...vitestReport(postgresReport)])],
        env: { DATABASE_URL: postgres },
        nice: NICE,
        always: true,
      },
    ]
  : [];
const browser = [
  ...(buildStale() ? [{ title: 'Compilação da API e do aplicativo web', commands: BUILD_STEPS }] : []),
  {
    title: 'Navegador (Playwright + Chromium)',
    commands: [['vitest', ['run', '--config', 'e2e/vitest.config.ts', ...vitestReport(e2eReport)]]],
    // The journeys' pictures are for people reviewing a screen (`node scripts/e2e.mjs` takes them): `npm test` skips
    // them unless E2E_SCREENSHOTS=1, a fifth of the journeys' CPU (decision 0052).
    env: {
      CHROME_PATH: chromium,
      PDFTOTEXT_PATH: pdftotext,
      FAKETIME_LIB: faketime,
      E2E_SCREENSHOTS: process.env.E2E_SCREENSHOTS ?? '0',
      // A failed journey keeps its screenshots and console/network errors either way (e2e/.artifacts); the Playwright
      // trace costs about half again a step's time (docs/benchmarks.md, 27/11), so `npm test` records it only with
      // E2E_TRACE=snapshots (or full); `node scripts/e2e.mjs`, run to chase a failure, records it by default.
      E2E_TRACE: process.env.E2E_TRACE ?? '0',
    },
  },
];
const failed = !(await beside([[...browser, ...afterBrowser], ...batch.map((step) => [step])]));
count(unitReport);
count(e2eReport);
if (postgres) count(postgresReport, 'PostgreSQL');

log('Tempo de cada parte');
for (const { title, seconds, ok } of times)
  process.stdout.write(`${ok ? '✓' : '✖'} ${title}: ${Math.round(seconds)} s\n`);
process.stdout.write(`Total: ${Math.round((performance.now() - started) / 1000)} s\n`);
process.stdout.write(`\n${counts.passed} passed, ${counts.failed} failed\n`);
// A failed journey's trace, screenshots and errors (e2e/failure-artifacts.ts), the last thing printed.
printJourneyArtifacts();
if (failures.length > 0) {
  log('O que falhou (o começo de cada erro)');
  for (const failure of failures) process.stdout.write(`\n✖ ${failure}\n`);
}
process.exit(failed || counts.failed > 0 ? 1 : 0);
