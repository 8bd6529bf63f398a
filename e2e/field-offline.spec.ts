import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserSession, DEMO, expectAccessible, login, openPhone, screenshot } from './harness';

/**
 * Issue 19 §5 (decision 0009): 'Minhas tarefas' installs on a phone (a web app manifest, a service worker)
 * and opens without a connection, showing the tasks it last loaded.
 */
describe('field app: installable, and opens without a connection', () => {
  let phone: BrowserSession;

  beforeAll(async () => {
    phone = await openPhone({ serviceWorkers: 'allow' });
  });
  afterAll(() => phone.close());

  it('offers a manifest that starts on Minhas tarefas, and shows the last tasks loaded when opened offline', async () => {
    const page = phone.page;
    await login(page, DEMO.courier);
    await page.goto('/admin/tasks');
    const firstCard = page.getByRole('article').first();
    await firstCard.waitFor();
    const code = ((await firstCard.getByRole('heading', { level: 2 }).textContent()) ?? '').trim();

    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    const manifest = (await (await fetch(new URL(href ?? '', phone.baseURL))).json()) as {
      name: string;
      start_url: string;
      display: string;
      icons: { sizes: string }[];
    };
    expect(manifest).toMatchObject({
      name: 'BackOffice — Minhas tarefas',
      start_url: '/admin/tasks',
      display: 'standalone',
    });
    expect(manifest.icons.map((icon) => icon.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));

    // The service worker has taken the page: its files are kept for offline use.
    await page
      .waitForFunction(
        async () => {
          const registration = await navigator.serviceWorker.ready;
          return registration.active !== null && navigator.serviceWorker.controller !== null;
        },
        null,
        { timeout: 30_000 },
      )
      .catch(async () => {
        // The first visit installs it; the next navigation is the one it controls.
        await page.reload();
        await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30_000 });
      });

    await phone.context.setOffline(true);
    await page.reload();
    await page.getByRole('heading', { name: 'Minhas tarefas' }).waitFor();
    await page.getByText(/^Sem conexão: estas são as tarefas carregadas em /).waitFor();
    await page.getByRole('article', { name: code }).waitFor();
    await expectAccessible(page, 'Minhas tarefas sem conexão');
    await screenshot(page, 'field-offline-phone');
    await phone.context.setOffline(false);
  });
});
