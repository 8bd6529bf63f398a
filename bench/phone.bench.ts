/**
 * The courier's phone (issue 22 §1): Lighthouse's mobile profile (its default: a mid-range phone, simulated
 * 4x CPU slowdown and a slow 4G link, 'simulate' throttling) on the built server, in Debian's Chromium.
 * One user flow per run, in a fresh browser:
 *   1. the shop's address, cold (`/`, nothing cached), as a phone opens it: Chromium asks for it compressed
 *      (`Accept-Encoding: gzip, deflate, br, zstd`) and must get the sign-in page (login.html), not the app
 *      (issue 34 §7: the precompressed lookup once answered `/` with index.html to every such browser);
 *   2. the courier signs in through that form (motoboy@demo.com.br), not measured;
 *   3. 'Minhas tarefas' (`/admin/tasks`), cold again: the browser's cache, the service worker and its caches
 *      are cleared, the session (localStorage) kept.
 * Each page's performance score, largest contentful paint, total blocking time, requests and bytes on the
 * wire (the network-requests audit: every request of the page's load, with its transfer size) are the
 * median of BENCH_RUNS runs (3). Targets (measured, not asserted): score ≥ 90, LCP ≤ 2.5 s, TBT ≤ 200 ms
 * for both; the sign-in page ≤ 120 KB in ≤ 15 requests.
 *
 *   npm run bench -- phone
 *   BENCH_RUNS=3   BENCH_DATA_DIR=bench/.data/phone (a demo business seeded by the server at first start)
 *   BENCH_PORT=0 (a free port)   CHROME_PATH=/usr/bin/chromium   BENCH_PHONE_FILES=1 (each page's files)
 *   BENCH_PHONE_LHR=<dir> (each step's Lighthouse report kept as JSON)
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { launch } from 'chrome-launcher';
import { startFlow } from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { benchData, startServer } from './lib/server';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const COURIER = { email: 'motoboy@demo.com.br', password: 'demo1234' };
const SHOW_FILES = process.env.BENCH_PHONE_FILES === '1';
/** BENCH_PHONE_LHR=<dir>: each step's Lighthouse report (JSON) kept there, to read its audits (bootup-time…). */
const KEEP_LHR = process.env.BENCH_PHONE_LHR;

interface PageFigures {
  score: number;
  lcpMs: number;
  tbtMs: number;
  requests: number;
  kb: number;
  files: string[];
}

type Lhr = {
  categories: { performance: { score: number | null } };
  audits: Record<string, { numericValue?: number; details?: { items?: unknown[] } }>;
};

function figuresOf(lhr: Lhr): PageFigures {
  const items = (lhr.audits['network-requests']?.details?.items ?? []) as {
    url: string;
    transferSize?: number;
  }[];
  const bytes = items.reduce((sum, item) => sum + (item.transferSize ?? 0), 0);
  return {
    score: Math.round((lhr.categories.performance.score ?? 0) * 100),
    lcpMs: Math.round(lhr.audits['largest-contentful-paint']?.numericValue ?? Number.NaN),
    tbtMs: Math.round(lhr.audits['total-blocking-time']?.numericValue ?? Number.NaN),
    requests: items.length,
    kb: Math.round(bytes / 1024),
    files: items.map((item) => `${String(Math.round((item.transferSize ?? 0) / 1024)).padStart(4)} KB ${item.url}`),
  };
}

async function oneRun(url: string): Promise<{ signIn: PageFigures; tasks: PageFigures }> {
  const profile = mkdtempSync(path.join(tmpdir(), 'bench-phone-'));
  const chrome = await launch({
    chromePath: CHROME,
    userDataDir: profile,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  try {
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}`, defaultViewport: null });
    const page = (await browser.pages())[0] ?? (await browser.newPage());
    const flow = await startFlow(page, { name: 'Courier: sign-in, then Minhas tarefas' });

    await flow.navigate(`${url}/`, { name: 'Sign-in page' });

    await page.waitForSelector('input[name="email"]');
    // The page measured is the light one: login.html's own script, not the app's.
    const isSignInPage = await page.evaluate(
      "[...document.scripts].some((script) => script.src.includes('/assets/login-'))",
    );
    if (!isSignInPage) throw new Error(`${url}/ did not answer the sign-in page (login.html)`);
    await page.type('input[name="email"]', COURIER.email);
    await page.type('input[name="password"]', COURIER.password);
    await Promise.all([
      page.waitForFunction("location.pathname === '/admin/tasks'"),
      page.click('button[type="submit"]'),
    ]);
    await page.waitForFunction("localStorage.getItem('token') !== null");

    // Cold again, signed in: no HTTP cache, no service worker nor its caches; localStorage (the session) kept.
    const cdp = await page.createCDPSession();
    await cdp.send('Network.clearBrowserCache');
    await cdp.send('Storage.clearDataForOrigin', {
      origin: url,
      storageTypes: 'cache_storage,service_workers,indexeddb,file_systems,websql',
    });
    await cdp.detach();
    await page.goto('about:blank');

    await flow.navigate(`${url}/admin/tasks`, { name: 'Minhas tarefas', disableStorageReset: true });
    const result = await flow.createFlowResult();
    if (KEEP_LHR) {
      mkdirSync(KEEP_LHR, { recursive: true });
      for (const [i, step] of result.steps.entries()) {
        const name = `${Date.now()}-${i === 0 ? 'sign-in' : 'tasks'}.json`;
        writeFileSync(path.join(KEEP_LHR, name), JSON.stringify(step.lhr));
      }
    }
    const [signIn, tasks] = result.steps.map((step) => figuresOf(step.lhr as unknown as Lhr));
    if (!signIn || !tasks) throw new Error('the flow has fewer than two steps');
    await browser.disconnect();
    return { signIn, tasks };
  } finally {
    chrome.kill();
    rmSync(profile, { recursive: true, force: true });
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
}

function summary(label: string, runs: PageFigures[]) {
  // A run whose trace Lighthouse could not read (it prints a TypeError from its trace engine and gives no
  // metrics: score 0, LCP NaN) is shown in 'runs' but left out of the medians.
  const measured = runs.filter((run) => Number.isFinite(run.lcpMs) && Number.isFinite(run.tbtMs));
  const of = (key: 'score' | 'lcpMs' | 'tbtMs' | 'requests' | 'kb') => measured.map((run) => run[key]);
  return {
    page: label,
    score: median(of('score')),
    'LCP s': (median(of('lcpMs')) / 1000).toFixed(2),
    'TBT ms': median(of('tbtMs')),
    requests: median(of('requests')),
    KB: median(of('kb')),
    runs: runs
      .map((run) => `${run.score}/${(run.lcpMs / 1000).toFixed(1)}s/${run.tbtMs}ms/${run.requests}/${run.kb}KB`)
      .join(' · '),
  };
}

const dataDir = process.env.BENCH_DATA_DIR ?? path.join(benchData, 'phone');
const port = Number(process.env.BENCH_PORT ?? 0);
const server = await startServer({ dataDir, port: port || undefined });
try {
  const signIns: PageFigures[] = [];
  const tasks: PageFigures[] = [];
  for (let i = 0; i < RUNS; i++) {
    const run = await oneRun(server.url);
    signIns.push(run.signIn);
    tasks.push(run.tasks);
    console.log(
      `run ${i + 1}: sign-in ${summary('', [run.signIn]).runs}; tasks ${summary('', [run.tasks]).runs} (load average ${loadavg()[0]?.toFixed(1)})`,
    );
  }
  if (SHOW_FILES) {
    for (const [label, figures] of [
      ['sign-in', signIns[0]],
      ['tasks', tasks[0]],
    ] as const) {
      console.log(`\n${label}, first run:\n${figures?.files.join('\n')}`);
    }
  }
  console.log(`\nMedian of ${RUNS} runs (score/LCP/TBT/requests/KB of each run in 'runs'):`);
  console.table([summary('sign-in (/)', signIns), summary("'Minhas tarefas' (courier)", tasks)]);
} finally {
  await server.stop();
}
