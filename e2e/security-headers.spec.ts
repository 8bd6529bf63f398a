import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserSession, DEMO, login, openBrowser, screenshot, waitForNetworkIdle } from './harness';

/** Every screen of the app; each must run under the strict Content-Security-Policy without a violation. */
const ADMIN_SCREENS = [
  'dashboard',
  'customers',
  'products',
  'employees',
  'roles',
  'orders',
  'reports',
  'reportDetail',
  'selling',
  'settings',
];

/** Collects what the browser refused under the CSP: the page's own events and the console's reports. */
async function watchViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Content-Security-Policy/i.test(message.text())) violations.push(message.text());
  });
  await page.exposeFunction('__reportCspViolation', (text: string) => {
    violations.push(text);
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { __reportCspViolation: (text: string) => void }).__reportCspViolation;
      report(
        `${event.violatedDirective} blocked ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber})`,
      );
    });
  });
  return violations;
}

/** Waits until the screen has drawn (no progress indicator left) and the network is quiet. */
async function settle(page: Page) {
  await waitForNetworkIdle(page);
  await page
    .locator('[role="progressbar"]')
    .first()
    .waitFor({ state: 'detached', timeout: 10_000 })
    .catch(() => {});
}

describe('security headers: every screen runs under the Content-Security-Policy', () => {
  let s: BrowserSession;
  let violations: string[];
  beforeAll(async () => {
    s = await openBrowser();
    violations = await watchViolations(s.page);
  });
  afterAll(() => s?.close());

  it('sends the policy with the page', async () => {
    const response = await s.page.goto('/');
    const headers = response?.headers() ?? {};
    expect(headers['content-security-policy']).toContain("script-src 'self'");
    expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['x-frame-options']).toBe('DENY');
  });

  it("answers the browser's /favicon.ico with the app's icon, not with the page", async () => {
    const response = await s.page.request.get('/favicon.ico');
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toMatch(/^image\//);
    const body = await response.body();
    // An icon file (00 00 01 00) of one image, a PNG of 32×32 pixels: the tab's icon, 1.2 KB instead of 3.3.
    expect([...body.subarray(0, 6)]).toEqual([0, 0, 1, 0, 1, 0]);
    expect([body[6], body[7]]).toEqual([32, 32]);
    expect(body.subarray(23, 26).toString('latin1')).toBe('PNG');
  });

  it('shows the login and password-recovery screens without a violation', async () => {
    await s.page.goto('/');
    await s.page.getByLabel('Email').waitFor();
    await settle(s.page);
    await s.page.goto('/forgot-password');
    await settle(s.page);
    await screenshot(s.page, 'csp-forgot-password');
    expect(violations).toEqual([]);
  });

  it('shows every admin screen to the administrator without a violation', async () => {
    await login(s.page, DEMO.admin);
    for (const screen of ADMIN_SCREENS) {
      await s.page.goto(`/admin/${screen}`);
      // A busy machine can take a while to draw a screen's first chunk.
      await s.page.getByRole('navigation', { name: 'Menu principal' }).waitFor({ timeout: 60_000 });
      await settle(s.page);
      if (screen === 'products') {
        // The data grid's own filtering (it may compile filters with eval unless told not to).
        const search = s.page.getByLabel('Buscar produto');
        await search.fill('AirPods');
        await search.press('Enter');
        await s.page.getByText('AirPods 4 Branco').waitFor();
      }
      await screenshot(s.page, `csp-${screen}`);
      expect(violations, screen).toEqual([]);
    }
  });

  it('serves the OpenAPI page, which also runs under its policy', async () => {
    await s.page.goto('/api/docs');
    await s.page.locator('.swagger-ui .info .title').waitFor();
    await screenshot(s.page, 'csp-api-docs');
    expect(violations).toEqual([]);
  });
});
