import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { inject } from 'vitest';

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

/** Debian's Chromium, headless, with the flags this machine's closed network needs. */
export async function openBrowser(viewport = { width: 1366, height: 850 }): Promise<BrowserSession> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  const baseURL = inject('baseURL');
  const context = await browser.newContext({ baseURL, viewport, locale: 'pt-BR', acceptDownloads: true });
  context.setDefaultTimeout(20_000);
  const page = await context.newPage();
  return { browser, context, page, baseURL, close: () => browser.close() };
}

/** Signs in through the login screen and waits to leave it. */
export async function login(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Senha').fill(password);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await page.waitForURL(/\/admin\//);
}

/** Saves a screenshot to screenshots/<name>.png (git-ignored) for a person to look at. */
export async function screenshot(page: Page, name: string): Promise<void> {
  const dir = path.resolve(import.meta.dirname, '..', 'screenshots');
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
}

/** The 6-digit code of the newest e-mail written to the server's outbox for `email`. */
export function latestCodeFor(email: string): string {
  const outbox = path.join(inject('dataDir'), 'outbox');
  const files = readdirSync(outbox)
    .filter((file) => file.includes(email))
    .sort();
  const newest = files.at(-1);
  if (!newest) throw new Error(`no e-mail for ${email} in ${outbox}`);
  const message = JSON.parse(readFileSync(path.join(outbox, newest), 'utf8')) as { text?: string };
  const code = message.text?.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code in ${newest}`);
  return code;
}

/** A value unique to this run, for names that must not clash with earlier runs or the demo data. */
export function unique(prefix: string): string {
  return `${prefix} ${Date.now().toString(36).slice(-5)}`;
}
