import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { withCpfCheckDigits } from '@backoffice/contract';
import axe from 'axe-core';
import {
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type CDPSession,
  chromium,
  type Locator,
  type Page,
  type Request,
} from 'playwright-core';
import { expect, inject } from 'vitest';
import { watchSession } from './failure-artifacts';

export const DEMO_PASSWORD = 'demo1234';
export const DEMO = {
  admin: 'admin@demo.com.br',
  attendant: 'atendente@demo.com.br',
  stocker: 'estoquista@demo.com.br',
  courier: 'motoboy@demo.com.br',
  manager: 'gerente@demo.com.br',
} as const;

export interface BrowserSession {
  browser: Browser;
  context: BrowserContext;
  page: Page;
  baseURL: string;
  close(): Promise<void>;
}

/**
 * The demo server this worker's journeys share (global-setup.ts starts one per worker; Vitest numbers its
 * workers 1… in VITEST_POOL_ID).
 */
export function sharedServer(): { baseURL: string; dataDir: string } {
  const servers = inject('servers');
  const worker = Number(process.env.VITEST_POOL_ID) || 1;
  const server = servers[worker - 1];
  if (!server)
    throw new Error(`no journey server for worker ${worker}: ${servers.length} started (e2e/global-setup.ts)`);
  return server;
}

let sharedBrowser: Promise<Browser> | undefined;

/**
 * Debian's Chromium headless shell (CHROME_PATH, scripts/chromium.mjs: decision 0052), with the flags this machine's
 * closed network needs and `extra`.
 */
function launchChromium(extra: string[]): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROME_PATH || '/usr/bin/chromium-headless-shell',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      ...extra,
    ],
  });
}

/** Chromium's fake camera showing the Y4M video `file`, its permission asked of nobody. */
function cameraFlags(file: string): string[] {
  return [
    '--use-fake-ui-for-media-stream',
    '--use-fake-device-for-media-stream',
    `--use-file-for-fake-video-capture=${file}`,
  ];
}

/** A page in a fresh context of the worker's Chromium (`device` adds touch etc.); `close` ends that context. */
export async function openBrowser(
  viewport = { width: 1366, height: 850 },
  device: Pick<BrowserContextOptions, 'isMobile' | 'hasTouch' | 'deviceScaleFactor'> = {},
  /**
   * The field app's service worker (it downloads the app's files for offline use) is blocked unless a
   * journey is about it: elsewhere it would only add requests to every journey's first page.
   */
  {
    serviceWorkers = 'block',
    camera,
    baseURL = sharedServer().baseURL,
  }: Pick<BrowserContextOptions, 'serviceWorkers'> & {
    /** A Y4M video the browser's camera shows (Chromium's fake capture device), with the permission granted. */
    camera?: string;
    /** Another server than the journeys' shared one (a journey's own, see own-server.ts). */
    baseURL?: string;
  } = {},
): Promise<BrowserSession> {
  // A camera is a browser's flags: that browser is the session's own. Else the worker's browser, shared by its
  // journeys (a context each: its own cookies, storage and pages), launched once (about 0.4 s saved a session).
  const own = camera ? await launchChromium(cameraFlags(camera)) : undefined;
  if (!own) sharedBrowser ??= launchChromium([]);
  const browser = own ?? (await (sharedBrowser as Promise<Browser>));
  const context = await browser.newContext({
    baseURL,
    viewport,
    locale: 'pt-BR',
    acceptDownloads: true,
    serviceWorkers,
    ...(camera ? { permissions: ['camera'] } : {}),
    ...device,
  });
  context.setDefaultTimeout(20_000);
  trackRequests(context);
  // Its trace and errors, kept when a test fails (failure-artifacts.ts).
  const unwatch = await watchSession(context, device.isMobile ? 'phone' : 'desktop');
  const page = await context.newPage();
  await fastAnimations(page);
  context.on('page', (opened) => void fastAnimations(opened).catch(() => undefined));
  const close = async () => {
    await unwatch();
    await (own ? own.close() : context.close());
  };
  return { browser, context, page, baseURL, close };
}

const animationsSpedUp = new WeakSet<Page>();

/**
 * The page's CSS transitions and animations played 100 times faster (Chromium's Animation domain, what the Developer
 * Tools' animation speed sets): the app does the same (MUI's own timers keep their pace: a dialog unmounts when it
 * did), but a dialog, a menu or a click's ripple no longer draws a quarter of a second of frames, and nothing is
 * still moving when a journey clicks. About a fifth of the browser's CPU in the journeys (docs/benchmarks.md,
 * 29/11/2026; decision 0104). `E2E_ANIMATIONS=real` keeps them at their pace (to watch one).
 */
export async function fastAnimations(page: Page): Promise<void> {
  if (process.env.E2E_ANIMATIONS === 'real' || animationsSpedUp.has(page)) return;
  animationsSpedUp.add(page);
  // Without `Animation.enable`: the rate applies all the same (and to the page's next documents), and the browser
  // does not report every animation it starts to the test.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Animation.setPlaybackRate', { playbackRate: 100 });
}

/** A courier's or stocker's phone: 390×844, a touch screen whose taps are touches. */
export const PHONE = { width: 390, height: 844 };
export const openPhone = (
  options: Pick<BrowserContextOptions, 'serviceWorkers'> & { camera?: string; baseURL?: string } = {},
) => openBrowser(PHONE, { isMobile: true, hasTouch: true, deviceScaleFactor: 2 }, options);

/** The live-updates stream (GET /api/orders/events) stays open for as long as the app is open, by design. */
const isLiveStream = (request: Request) => new URL(request.url()).pathname === '/api/orders/events';
const inFlight = new WeakMap<BrowserContext, Set<Request>>();

/** Keeps the requests of `context` in flight, for `waitForNetworkIdle`. */
export function trackRequests(context: BrowserContext): void {
  if (inFlight.has(context)) return;
  const open = new Set<Request>();
  inFlight.set(context, open);
  context.on('request', (request) => {
    if (!isLiveStream(request)) open.add(request);
  });
  context.on('requestfinished', (request) => open.delete(request));
  context.on('requestfailed', (request) => open.delete(request));
}

/**
 * Playwright's 'networkidle' (no request for 500 ms) without the live-updates stream, which never ends: the
 * signed-in app always has it open, so `waitForLoadState('networkidle')` would wait forever.
 */
export async function waitForNetworkIdle(page: Page, { quietMs = 500, timeout = 20_000 } = {}): Promise<void> {
  trackRequests(page.context());
  const open = inFlight.get(page.context()) as Set<Request>;
  await page.waitForLoadState('load');
  const deadline = Date.now() + timeout;
  let quietSince = Date.now();
  while (Date.now() - quietSince < quietMs) {
    if (Date.now() > deadline)
      throw new Error(`network not idle after ${timeout} ms: ${[...open].map((r) => r.url())}`);
    if (open.size > 0) quietSince = Date.now();
    await page.waitForTimeout(50);
  }
}

/** Signs in through the login screen and waits to leave it. */
export async function login(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Senha').fill(password);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await page.waitForURL(/\/admin\//);
}

const SCREENSHOTS_DIR = path.resolve(import.meta.dirname, '..', 'screenshots');

/**
 * A full-page picture of the screen in screenshots/<name>.png (git-ignored), for people to look at; `npm test` sets E2E_SCREENSHOTS=0 and
 * takes none (decision 0052), `node scripts/e2e.mjs` takes them.
 */
export async function screenshot(page: Page, name: string): Promise<void> {
  if (process.env.E2E_SCREENSHOTS === '0') return;
  mkdirSync(SCREENSHOTS_DIR, { recursive: true });
  await page.screenshot({ path: screenshotPath(name), fullPage: true });
}

/** `screenshot` as `<name>-desktop`, then on a 390 × 844 phone as `<name>-phone`; the 1366 × 800 desktop again after. */
export async function screenshotDesktopAndPhone(page: Page, name: string): Promise<void> {
  await screenshot(page, `${name}-desktop`);
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, `${name}-phone`);
  await page.setViewportSize({ width: 1366, height: 800 });
}

/** Where `screenshot` writes (the git-ignored screenshots/), for a screenshot of one element (a card, a dialog). */
export const screenshotPath = (name: string) => path.join(SCREENSHOTS_DIR, `${name}.png`);

/** Text with every kind of space made plain (the PDF and the screen write R$ with a no-break space). */
export const plainText = (text: string | null) => (text ?? '').replace(/\s+/g, ' ');

/** The 6-digit code of the newest e-mail written to the server's outbox for `email`. */
/** The text of the newest e-mail the shared server wrote to `email` (its outbox, DATA_DIR/outbox). */
export function latestMailFor(email: string): string {
  const outbox = path.join(sharedServer().dataDir, 'outbox');
  const newest = readdirSync(outbox)
    .filter((file) => file.includes(email))
    .sort()
    .at(-1);
  if (!newest) throw new Error(`no e-mail for ${email} in ${outbox}`);
  return (JSON.parse(readFileSync(path.join(outbox, newest), 'utf8')) as { text?: string }).text ?? '';
}

export function latestCodeFor(email: string): string {
  const code = latestMailFor(email).match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code in the latest e-mail to ${email}`);
  return code;
}

let cpfsMade = 0;
/** A valid CPF no other run used: nine digits from the clock (and a count, two in one millisecond), then its check digits. */
export function freshCpf(): string {
  return withCpfCheckDigits(String(Date.now() + cpfsMade++).slice(-9));
}

/** A value unique to this run, for names that must not clash with earlier runs or the demo data. */
export function unique(prefix: string): string {
  return `${prefix} ${Date.now().toString(36).slice(-5)}`;
}

/**
 * Cash at the counter needs the taker's open drawer where the shop has registers (decision 0075): `api`'s employee
 * opens a register of the journey's own (made by `admin`) with no float for `work`, and closes it afterwards
 * counting what it should hold, so no other journey's cash lands in it. Answers what `work` answered.
 */
export async function withOwnDrawer<T>(api: ApiClient, admin: ApiClient, work: () => Promise<T>): Promise<T> {
  const made = await admin.send<{ data: { id: number } }>('POST', '/cash-registers', { name: unique('Caixa jornada') });
  const registerId = made.data.id;
  await api.send('POST', `/cash-registers/${registerId}/open`, { float: 0 });
  try {
    return await work();
  } finally {
    const overview = await api.get<{
      data: {
        registers: { id: number; openSession: { totals: { float: number; in: number; out: number } } | null }[];
      };
    }>('/cash-registers');
    const open = overview.data.registers.find((register) => register.id === registerId)?.openSession;
    // Counting blind (decision 0078) the operator is not told 'expected': the float, ins and outs make it.
    const counted = open ? Math.round((open.totals.float + open.totals.in - open.totals.out) * 100) / 100 : 0;
    if (open) await api.send('POST', `/cash-registers/${registerId}/close`, { counted });
  }
}

/** The WCAG 2.0, 2.1 and 2.2 A and AA rules of axe-core. */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * Runs axe-core (WCAG 2.2 A/AA) on what the page shows now and fails on any serious or critical violation,
 * listing each with its elements. Every browser journey calls it on each screen (and open dialog) it visits.
 */
export async function expectAccessible(page: Page, screenName: string): Promise<void> {
  // Let opening dialogs and menus finish their transitions: a half-faded element is not what a person sees.
  const settled = () =>
    page
      .waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'), null, {
        timeout: 5_000,
      })
      .catch(() => undefined);
  await settled();
  const injected = await page.evaluate(() => 'axe' in window);
  // Evaluated through the browser's protocol, not as an inline <script>: the app's strict CSP (script-src
  // 'self') rightly blocks inline scripts, and the check must run under the policy users get.
  if (!injected) await page.evaluate(axe.source);
  const check = async () => {
    const results = await page.evaluate(
      (tags) =>
        (window as unknown as { axe: typeof axe }).axe.run(document, {
          runOnly: { type: 'tag', values: tags },
          // Only the violations are read: axe skips gathering every pass (2.5–3.5 times faster on a full page).
          resultTypes: ['violations'],
        }),
      WCAG_TAGS,
    );
    return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  };
  let blocking = await check();
  // A live refresh may have started a transition while axe read the page (a button fading back from
  // disabled): once every transition has ended, the resting page is what counts.
  if (blocking.length > 0) {
    await settled();
    blocking = await check();
  }
  if (blocking.length === 0) return;
  const lines = blocking.map(
    (v) =>
      `- ${v.impact} ${v.id}: ${v.help} (${v.helpUrl})\n${v.nodes
        .slice(0, 5)
        .map(
          (node) => `    ${node.target.join(' ')}: ${node.failureSummary?.split('\n').slice(1).join(' ').trim() ?? ''}`,
        )
        .join('\n')}`,
  );
  throw new Error(`Acessibilidade (axe, WCAG 2.2 A/AA) em "${screenName}":\n${lines.join('\n')}`);
}

/** A finger drawing on a phone's screen (a signature): real touch events through the browser's protocol. */
export async function drawWithFinger(cdp: CDPSession, points: Array<{ x: number; y: number }>): Promise<void> {
  const [first, ...rest] = points as [{ x: number; y: number }, ...Array<{ x: number; y: number }>];
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [first] });
  for (const point of rest) await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [point] });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
}

/** Where a signature's stroke goes, as fractions of the pad's width and height: where it starts, then each point. */
type Stroke = readonly (readonly [number, number])[];
const ZIGZAG: Stroke = [
  [0.1, 0.5],
  [0.3, 0.2],
  [0.5, 0.8],
  [0.7, 0.3],
  [0.9, 0.6],
];

/** A mouse drawing a signature across `pad` (a signature pad on screen): a zigzag left to right unless `stroke`. */
export async function signWithMouse(page: Page, pad: Locator, stroke: Stroke = ZIGZAG): Promise<void> {
  const area = await pad.boundingBox();
  if (!area) throw new Error('no signature pad on screen');
  const at = ([fx, fy]: readonly [number, number]) => [area.x + area.width * fx, area.y + area.height * fy] as const;
  const [start = [0, 0], ...points] = stroke;
  await page.mouse.move(...at(start));
  await page.mouse.down();
  for (const point of points) await page.mouse.move(...at(point), { steps: 5 });
  await page.mouse.up();
}

/**
 * Taps `button` until the browser issues the request to `url` (headless Chromium now and then drops an
 * emulated tap that follows synthetic touch strokes). Offline, the request is still issued, and fails.
 */
export async function tapUntilSent(page: Page, button: Locator, url: string): Promise<void> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const sent = page.waitForRequest(url, { timeout: 5_000 }).catch(() => null);
    await button.tap();
    if (await sent) return;
  }
  throw new Error(`tapping did not send ${url}`);
}

/** An answer of the API: its status and its JSON body (null when empty or not JSON). */
export interface Answer<T> {
  status: number;
  body: T;
}

/** A client of the API: `call` answers whatever came; `send` and `get` throw on anything but 2xx. */
export interface ApiClient {
  call<T>(method: string, path: string, body?: unknown): Promise<Answer<T>>;
  send<T>(method: string, path: string, body?: unknown): Promise<T>;
  get<T>(path: string): Promise<T>;
}

function client(call: ApiClient['call']): ApiClient {
  const send = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const answer = await call<T>(method, path, body);
    if (answer.status < 200 || answer.status >= 300) {
      throw new Error(`${method} ${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
    }
    return answer.body;
  };
  return { call, send, get: <T>(path: string) => send<T>('GET', path) };
}

/**
 * The API as the signed-in user of `page`, with the token the app keeps (the checks and set-up steps a
 * journey needs that its screens need not show). `path` without `/api`.
 */
export function pageApi(page: Page): ApiClient {
  return client(<T>(method: string, path: string, body?: unknown) =>
    page.evaluate(
      async ({ method, url, body }) => {
        const response = await fetch(url, {
          method,
          headers: {
            Authorization: `Bearer ${localStorage.getItem('token')}`,
            ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
          },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
        const text = await response.text();
        let parsed: unknown = null;
        try {
          parsed = text ? JSON.parse(text) : null;
        } catch {
          // not JSON
        }
        return { status: response.status, body: parsed as T };
      },
      { method, url: `/api${path}`, body },
    ),
  );
}

/** The API as a client signed in as `email` with a token of its own (not the browser's); `id` is the employee's. */
export async function apiAs(
  baseURL: string,
  email: string,
  password = DEMO_PASSWORD,
): Promise<ApiClient & { id: number; token: string }> {
  const res = await fetch(`${baseURL}/api/accounts/signin`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (res.status !== 200) throw new Error(`sign-in of ${email}: ${res.status}`);
  const token = (await res.json()).data.accessToken as string;
  const id = Number(JSON.parse(Buffer.from(token.split('.')[1] as string, 'base64url').toString()).sub);
  const api = client(async <T>(method: string, path: string, body?: unknown) => {
    const answer = await fetch(`${baseURL}/api${path}`, {
      method,
      headers: {
        Authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await answer.text();
    let parsed: unknown = null;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // not JSON
    }
    return { status: answer.status, body: parsed as T };
  });
  return { ...api, id, token };
}

/** The text of a PDF file, read by pdftotext (`layout`: columns side by side; `raw`: in drawing order). */
function pdfFileText(file: string, mode: 'layout' | 'raw'): string {
  return execFileSync(process.env.PDFTOTEXT_PATH || '/usr/bin/pdftotext', [`-${mode}`, file, '-'], {
    encoding: 'utf8',
  });
}

/**
 * The text of the PDF a click downloads (the order's, the run sheet), read by pdftotext: `layout` keeps the
 * columns side by side, `raw` the order the PDF draws them in (long copia-e-cola lines stay whole).
 */
export async function pdfTextOf(page: Page, click: () => Promise<void>, mode: 'layout' | 'raw' = 'layout') {
  const download = page.waitForEvent('download');
  await click();
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'pdf-')), 'download.pdf');
  await (await download).saveAs(file);
  return pdfFileText(file, mode);
}

/** The text of a PDF the API serves at `url` (under /api), asked with `token`. */
export async function pdfTextAt(baseURL: string, token: string, url: string): Promise<string> {
  const answer = await fetch(`${baseURL}/api${url}`, { headers: { Authorization: `Bearer ${token}` } });
  if (answer.status !== 200) throw new Error(`GET ${url}: ${answer.status} ${await answer.text()}`);
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'pdf-')), 'served.pdf');
  writeFileSync(file, Buffer.from(await answer.arrayBuffer()));
  return pdfFileText(file, 'layout');
}

/** R$ 1.234,56 with a plain space, as the screen writes money. */
export const money = (totalCents: number) =>
  new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }).format(totalCents / 100).replace(/\s/g, ' ');

/** In Vendas' product search: finds `product` by its code and puts `quantity` of it in the cart. */
export async function addToCart(page: Page, product: { code: string; name: string }, quantity: number) {
  const search = page.getByLabel('Pesquisar produto por nome, tag, referencia ou marca');
  await search.fill(product.code);
  await search.press('Enter');
  await page.getByRole('button', { name: `Adicionar ${product.name}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Alterar quantidade' });
  await dialog.waitFor();
  for (let i = 1; i < quantity; i++) await dialog.getByRole('button', { name: 'Aumentar quantidade' }).click();
  await dialog.getByRole('button', { name: 'Adicionar' }).click();
  await dialog.waitFor({ state: 'detached' });
}

/** Pedidos: searches an order by its code and waits until its row is the one selected. */
export async function selectOrder(page: Page, code: string): Promise<void> {
  await page.goto('/admin/orders');
  await page.getByLabel('Código do pedido').fill(code);
  await page.getByRole('button', { name: 'Buscar', exact: true }).click();
  const row = page.getByRole('grid').getByRole('row').filter({ hasText: code });
  await row.waitFor();
  await expect.poll(() => row.getByRole('checkbox').isChecked()).toBe(true);
}

/** Pedidos: opens the details of the order `code` (found by its code), once its 'Pagamentos' is drawn. */
export async function openOrderDetails(page: Page, code: string): Promise<Locator> {
  await selectOrder(page, code);
  await page.getByRole('button', { name: 'Ver pedido', exact: true }).click();
  const details = page.getByRole('dialog', { name: `Detalhes do pedido ${code}` });
  await details.getByRole('heading', { name: 'Pagamentos' }).waitFor();
  return details;
}

/**
 * Ticks a table row's checkbox once the list has settled: a row drawn from an answer before the last one (a
 * save's list read again, a search's) may be drawn again, its selection with it (CI, on a loaded machine:
 * 'Clicking the checkbox did not change its state'). Ticked again if a redraw took the tick; then it must hold.
 */
export async function tick(page: Page, checkbox: Locator): Promise<void> {
  await waitForNetworkIdle(page);
  for (let attempt = 0; attempt < 3 && !(await checkbox.isChecked()); attempt++) {
    await checkbox.check().catch(() => undefined);
  }
  expect(await checkbox.isChecked()).toBe(true);
}

/** The screen's transitions (a dialog's fade, a menu closing) over, so a picture shows it as it stays. */
export async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
}

/** Types a day (DD/MM/YYYY) into the date field (MUI X's sections) labelled `label` inside `scope`. */
export async function typeDate(page: Page, scope: Locator | Page, label: string, ddmmyyyy: string): Promise<void> {
  const group = scope.getByRole('group', { name: new RegExp(label) });
  await group.getByRole('spinbutton').first().click();
  await page.keyboard.type(ddmmyyyy.replace(/\D/g, ''));
}

/**
 * A desktop browser (1366 × 800) signed in as `email` (the counter, in Vendas), the API as that page calls it,
 * and the administrator's own API client (for set-up the journey does not click through).
 */
export async function openDesk(email: string) {
  const s = await openBrowser({ width: 1366, height: 800 });
  await login(s.page, email);
  const api = pageApi(s.page);
  const admin = await apiAs(s.baseURL, DEMO.admin);
  return { s, page: s.page, api, admin };
}
