import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';

/**
 * What a failed journey leaves to read (git-ignored; emptied when a run starts, printed by scripts/test.mjs and
 * scripts/e2e.mjs when not empty): per failed test, each of its browser sessions' Playwright trace (every action
 * with the page's DOM before and after it, the network, the console), a screenshot of each page
 * still open, and the console errors, uncaught exceptions, failed requests and 4xx/5xx answers seen meanwhile.
 * Every session records from its opening, a trace chunk per test, written only when the test failed (a passed
 * test's chunk is dropped: nothing written).
 */
export const ARTIFACTS_DIR = path.resolve(import.meta.dirname, '.artifacts');

/**
 * The trace records the page's DOM before and after each action (what the trace viewer shows), not the
 * screencast between them: on the loaded 2-core machine, a dashboard step took 1.35 s untraced, 2.08 s with the DOM
 * snapshots and 5.90 s with the screencast too (means of 8 runs each, interleaved; docs/benchmarks.md).
 * `E2E_TRACE=full` adds the screencast (a failure to replay frame by frame); `E2E_TRACE=0` records no trace (the
 * screenshots and the errors are still kept).
 */
const TRACE_MODE = process.env.E2E_TRACE ?? 'snapshots';
const tracing = TRACE_MODE !== '0';

/** Where the traces of sessions closed during a test wait for its outcome (this worker's own). */
const PENDING_DIR = path.join(ARTIFACTS_DIR, `.pending-${process.pid}`);

/** How many of a session's console and network lines are kept for one test (its last ones). */
const MAX_LINES = 300;

interface Watched {
  context: BrowserContext;
  label: string;
  lines: string[];
}

interface State {
  live: Set<Watched>;
  /** Sessions closed while a test ran: their trace written to `tracePath`, kept only if that test fails. */
  closed: { watched: Watched; tracePath: string | null }[];
  testRunning: boolean;
  sessions: number;
}

// On globalThis: the setup file (e2e/vitest.config.ts `setupFiles`) runs again for each journey file while the
// harness's modules are shared by the worker's files (isolate: false); both must see one state.
const KEY = Symbol.for('backoffice.e2e.failureArtifacts');
const shared = globalThis as Record<symbol, State | undefined>;
const state: State = shared[KEY] ?? { live: new Set(), closed: [], testRunning: false, sessions: 0 };
shared[KEY] = state;

const time = () => new Date().toISOString().slice(11, 23);

function keep(watched: Watched, line: string) {
  watched.lines.push(`${time()} ${line}`);
  if (watched.lines.length > MAX_LINES) watched.lines.shift();
}

function listenTo(watched: Watched, page: Page) {
  page.on('console', (message) => {
    // Not the service worker the harness blocks on purpose (openBrowser): every page says it.
    if (message.text().startsWith('Service Worker registration blocked')) return;
    if (message.type() === 'error' || message.type() === 'warning')
      keep(watched, `console.${message.type()} ${page.url()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => keep(watched, `pageerror ${page.url()}: ${error.stack ?? error.message}`));
}

/**
 * Watches a journey's browser session from its opening: its trace recorded (a chunk per test, `tracing`), its
 * pages' errors and its failed requests kept. Answers what its `close` must do first.
 */
export async function watchSession(context: BrowserContext, kind: string): Promise<() => Promise<void>> {
  const watched: Watched = { context, label: `${++state.sessions}-${kind}`, lines: [] };
  state.live.add(watched);
  for (const page of context.pages()) listenTo(watched, page);
  context.on('page', (page) => listenTo(watched, page));
  context.on('requestfailed', (request) =>
    keep(watched, `requestfailed ${request.method()} ${request.url()}: ${request.failure()?.errorText ?? ''}`),
  );
  context.on('response', (response) => {
    if (response.status() >= 400)
      keep(watched, `${response.status()} ${response.request().method()} ${response.url()}`);
  });
  if (tracing) await context.tracing.start({ screenshots: TRACE_MODE === 'full', snapshots: true });
  return async () => {
    if (!state.live.delete(watched)) return;
    // Closed inside a test (a phone the test opened and closes): whether the test fails is not known yet.
    if (state.testRunning) {
      const tracePath = tracing ? path.join(PENDING_DIR, `${watched.label}.zip`) : null;
      if (tracePath) {
        mkdirSync(path.dirname(tracePath), { recursive: true });
        await context.tracing.stopChunk({ path: tracePath }).catch(() => undefined);
      }
      state.closed.push({ watched, tracePath });
    }
  };
}

/** Before each test: what the sessions saw until now is not its. */
export function testStarts(): void {
  state.testRunning = true;
  for (const watched of state.live) watched.lines.length = 0;
}

const slug = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[^\w.-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80);

/**
 * After each test: a failed one's trace, screenshots and errors written to ARTIFACTS_DIR/<file>/<test>/; a passed
 * one's trace dropped (nothing written). A new trace chunk starts for what comes next.
 */
export async function testEnds(file: string, test: string, failed: boolean): Promise<void> {
  state.testRunning = false;
  const dir = path.join(ARTIFACTS_DIR, slug(path.basename(file, '.spec.ts')), slug(test));
  if (failed) mkdirSync(dir, { recursive: true });
  const write = (watched: Watched) => {
    if (watched.lines.length > 0)
      writeFileSync(path.join(dir, `${watched.label}-errors.txt`), `${watched.lines.join('\n')}\n`);
  };
  for (const { watched, tracePath } of state.closed.splice(0)) {
    if (!failed) {
      if (tracePath) rmSync(tracePath, { force: true });
      continue;
    }
    if (tracePath && existsSync(tracePath)) renameSync(tracePath, path.join(dir, `${watched.label}.trace.zip`));
    write(watched);
  }
  rmSync(PENDING_DIR, { recursive: true, force: true });
  await Promise.all(
    [...state.live].map(async (watched) => {
      if (failed) {
        write(watched);
        for (const [n, page] of watched.context.pages().entries())
          await page
            .screenshot({ path: path.join(dir, `${watched.label}-page${n + 1}.png`), fullPage: true, timeout: 10_000 })
            .catch(() => undefined);
      }
      if (!tracing) return;
      await watched.context.tracing
        .stopChunk(failed ? { path: path.join(dir, `${watched.label}.trace.zip`) } : {})
        .catch(() => undefined);
      await watched.context.tracing.startChunk().catch(() => undefined);
    }),
  );
}

/** At a run's start: no trace of an earlier run left to mistake for this one's. */
export function clearArtifacts(): void {
  rmSync(ARTIFACTS_DIR, { recursive: true, force: true });
}
