// Shared by the root scripts. They may start on the machine's own Node (20): `ensureNode24()` installs
// what is missing and re-runs the script on the Node 24 that the `node` devDependency provides.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const node24 = bin('node');

export function log(message) {
  process.stdout.write(`\n\u001b[1m▶ ${message}\u001b[0m\n`);
}

/** Runs a command in the repo with node_modules/.bin first on PATH; exits on failure unless told not to. */
export function run(command, args, { env = {}, allowFailure = false, cwd = root } = {}) {
  const result = spawnSync(command, args, {
    cwd,
    stdio: 'inherit',
    env: {
      ...process.env,
      PATH: `${path.join(root, 'node_modules', '.bin')}${path.delimiter}${process.env.PATH}`,
      ...env,
    },
  });
  if (result.status !== 0 && !allowFailure) {
    process.stderr.write(`\n✖ ${command} ${args.join(' ')} failed (exit ${result.status ?? result.signal})\n`);
    process.exit(result.status ?? 1);
  }
  return result.status ?? 1;
}

function installNeeded() {
  const marker = path.join(root, 'node_modules', '.package-lock.json');
  if (!existsSync(marker) || !existsSync(node24)) return true;
  return statSync(path.join(root, 'package-lock.json')).mtimeMs > statSync(marker).mtimeMs;
}

/**
 * `npm install`, not `npm ci`: the lockfile has no entries for optional packages of other platforms that
 * this registry snapshot lacks, which `npm ci` treats as out of sync. Quietly: under the machine's older
 * Node every package that asks for Node 24 prints an EBADENGINE warning (about 65 of them, which read as a
 * failure), though the server runs on the Node 24 the install brings; errors are still printed.
 */
export const INSTALL_ARGS = ['install', '--no-audit', '--no-fund', '--loglevel=error', '--engine-strict=false'];

/** The one line said before installing (why no engine warnings, on which Node the server runs). */
export function installMessage(nodeVersion = process.versions.node) {
  return nodeVersion.split('.')[0] === '24'
    ? 'Instalando dependências (npm install)'
    : `Instalando dependências (npm install) com o Node ${nodeVersion} desta máquina; o BackOffice roda no Node 24 que vem nas dependências (avisos de versão do Node omitidos)`;
}

/** Installs dependencies when missing or stale, then makes sure this script runs on Node 24. */
export function ensureNode24() {
  if (installNeeded()) {
    log(installMessage());
    run('npm', INSTALL_ARGS);
  }
  const major = Number(process.versions.node.split('.')[0]);
  if (major !== 24) {
    const result = spawnSync(node24, process.argv.slice(1), { stdio: 'inherit', env: process.env });
    process.exit(result.status ?? 1);
  }
}

function newestMtime(dir) {
  let newest = 0;
  if (!existsSync(dir)) return newest;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

/** Whether the API's or the web app's build is older than a source file (or missing). */
export function buildStale() {
  const sources = Math.max(
    newestMtime(path.join(root, 'packages', 'contract', 'src')),
    newestMtime(path.join(root, 'apps', 'api', 'src')),
    newestMtime(path.join(root, 'apps', 'web', 'src')),
    statSync(path.join(root, 'package-lock.json')).mtimeMs,
  );
  const outputs = [
    path.join(root, 'apps', 'api', 'dist', 'main.js'),
    path.join(root, 'apps', 'web', 'dist', 'index.html'),
  ];
  return !outputs.every((file) => existsSync(file) && statSync(file).mtimeMs > sources);
}

/**
 * The type checker: TypeScript 7, the native compiler, single-threaded (decision 0051: a quarter of 5.9's CPU and
 * half its memory on this code). TypeScript 5.9 stays installed for dependency-cruiser, which parses with its API.
 */
export const TSC = path.join(root, 'node_modules', 'typescript-7', 'bin', 'tsc');
/** The projects `tsc -b` checks, each with its references. */
export const TYPED_PROJECTS = ['packages/contract', 'apps/api', 'apps/web', 'e2e', 'bench'];

/** The commands that build the API and the web app, in order. */
export const BUILD_STEPS = [
  ['npm', ['run', 'build', '-w', 'apps/api']],
  ['npm', ['run', 'build', '-w', 'apps/web']],
];

/** Builds the contract, API and web app unless their dist is newer than every source file. */
export function buildIfStale() {
  if (!buildStale()) return;
  log('Compilando a API e o aplicativo web');
  for (const [command, args] of BUILD_STEPS) run(command, args);
}

/** Where a failed browser journey leaves its trace, screenshots and errors (e2e/failure-artifacts.ts). */
export const E2E_ARTIFACTS = path.join(root, 'e2e', '.artifacts');

/** Lists what the failed journeys left in E2E_ARTIFACTS, and how to read a trace; nothing when none failed. */
export function printJourneyArtifacts() {
  if (!existsSync(E2E_ARTIFACTS)) return;
  const files = readdirSync(E2E_ARTIFACTS, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && !entry.parentPath.includes('.pending'))
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
    .sort();
  if (files.length === 0) return;
  log('O que as jornadas que falharam deixaram (rastro, tela e erros de cada sessão do navegador)');
  for (const file of files) process.stdout.write(`  ${file}\n`);
  process.stdout.write(
    'Um rastro (.trace.zip) se abre com: npx playwright-core show-trace --host 127.0.0.1 --port 9323 <arquivo>\n',
  );
}
