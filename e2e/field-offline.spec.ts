import { DATABASE_UNAVAILABLE_TEXT } from '@backoffice/contract';
import type { Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assignCourier, forDiego, packOrder, placeOrder } from './fixtures';
import {
  apiAs,
  type BrowserSession,
  DEMO,
  drawWithFinger,
  expectAccessible,
  login,
  openPhone,
  screenshot,
  tapUntilSent,
} from './harness';

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

/** The courier's delivery call, answered by the test while the server is "failing over". */
const DELIVER = '**/api/workflow/order/deliver';
const failover = (route: Route) =>
  route.fulfill({
    status: 503,
    contentType: 'application/json',
    body: JSON.stringify({ errors: [DATABASE_UNAVAILABLE_TEXT], code: 'DATABASE_UNAVAILABLE' }),
  });

/**
 * Issue 34 §6 (decision 0009): a server error is no refusal. A 503 while the database fails over (Playwright
 * answers the delivery call) leaves the signed delivery pending on the phone; it is tried again by itself,
 * with a growing wait, and goes once the server answers. Only a business refusal (a 4xx with a code) is
 * refused, and then the signature stays on the phone until the courier tries again or discards it.
 */
describe('field app: a server error is tried again, a refusal waits for the courier', () => {
  let phone: BrowserSession;
  beforeAll(async () => {
    phone = await openPhone();
  });
  afterAll(() => phone.close());

  /** An order of the journey out for delivery with Diego. */
  async function onTheRoad(nth: number) {
    const adminApi = await apiAs(phone.baseURL, DEMO.admin);
    const stockerApi = await apiAs(phone.baseURL, DEMO.stocker);
    const courierApi = await apiAs(phone.baseURL, DEMO.courier);
    const order = await placeOrder(adminApi, 'field', { nth, where: forDiego(courierApi.id) });
    await packOrder(stockerApi, order.orderId);
    await assignCourier(adminApi, order.orderId, courierApi.id);
    await courierApi.send('PATCH', '/workflow/order/withdraw', { orderId: order.orderId });
    return { ...order, adminApi };
  }

  /** Opens the delivery of `code`, has the customer sign, and confirms (the call may be answered by a route). */
  async function deliverWithSignature(page: Page, code: string) {
    await page.getByRole('article', { name: code }).getByRole('button', { name: 'Entregar' }).tap();
    const dialog = page.getByRole('dialog', { name: `Entrega do pedido ${code}` });
    await dialog.waitFor();
    const area = await dialog.getByRole('img', { name: 'Quadro de assinatura do cliente' }).boundingBox();
    if (!area) throw new Error('no signature pad on screen');
    const at = (fx: number, fy: number) => ({ x: area.x + area.width * fx, y: area.y + area.height * fy });
    const cdp = await phone.context.newCDPSession(page);
    await drawWithFinger(cdp, [at(0.1, 0.6), at(0.3, 0.3), at(0.5, 0.7), at(0.8, 0.4)]);
    await dialog.getByRole('textbox', { name: /Recebido por \(nome\)/ }).fill('Cliente Recebedor');
    await tapUntilSent(page, dialog.getByRole('button', { name: 'Confirmar entrega' }), DELIVER);
    await dialog.waitFor({ state: 'detached', timeout: 30_000 });
  }

  it('a 503 leaves the delivery pending; it is sent by itself once the server answers, exactly once', async () => {
    const order = await onTheRoad(3);
    const page = phone.page;
    await login(page, DEMO.courier);
    await page.goto('/admin/tasks');
    let failed = 0;
    await phone.context.route(DELIVER, (route) => {
      failed++;
      return failover(route);
    });
    await deliverWithSignature(page, order.code);

    const waiting = page.getByRole('alert').filter({ hasText: 'Servidor indisponível — 1 tarefa aguardando envio' });
    await waiting.waitFor();
    await waiting.getByText(/^Nova tentativa automática às \d\d:\d\d:\d\d\.$/).waitFor();
    await page.getByRole('article', { name: order.code }).getByText('Aguardando envio').waitFor();
    // Tried again by itself after 2 s: still 503, still pending, never refused.
    await expect.poll(() => failed, { timeout: 15_000 }).toBeGreaterThanOrEqual(2);
    expect(await page.getByText(/recusada/).count()).toBe(0);
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'field-outbox-retrying-phone');
    const meanwhile = await order.adminApi.get<{ data: { statusKey: number } }>(`/orders/by-id/${order.orderId}`);
    expect(meanwhile.data.statusKey).toBe(4);

    // The database is back: the next try (4 s after the last) delivers, with the signature drawn.
    const delivered = page.waitForResponse(
      (response) => response.url().endsWith('/api/workflow/order/deliver') && response.status() === 200,
      { timeout: 30_000 },
    );
    await phone.context.unroute(DELIVER);
    await delivered;
    await page.getByText('1 tarefa enviada.').waitFor();
    await waiting.waitFor({ state: 'detached' });
    const after = await order.adminApi.get<{ data: { statusKey: number } }>(`/orders/by-id/${order.orderId}`);
    expect(after.data.statusKey).toBe(5);
    const signature = await order.adminApi.get<{ data: { url: string } | null }>(`/orders/signature/${order.orderId}`);
    expect(signature.data?.url).toBeTruthy();
  });

  it('a refusal keeps the signed delivery until the courier tries it again', async () => {
    const order = await onTheRoad(4);
    const page = phone.page;
    await page.goto('/admin/tasks');
    // The first try meets the failover; the one after it a refusal with the API's code.
    let tries = 0;
    await phone.context.route(DELIVER, (route) =>
      ++tries === 1
        ? failover(route)
        : route.fulfill({
            status: 409,
            contentType: 'application/json',
            body: JSON.stringify({ errors: ['O pedido foi alterado por outra pessoa.'], code: 'CONFLICT' }),
          }),
    );
    await deliverWithSignature(page, order.code);
    const refused = page
      .getByRole('alert')
      .filter({ hasText: `${order.code}: O pedido foi alterado por outra pessoa.` });
    await refused.waitFor({ timeout: 20_000 });
    await refused.getByText('A assinatura, as fotos e a observação continuam guardadas no celular.').waitFor();
    await page.evaluate(() => window.scrollTo(0, 0));
    await expectAccessible(page, 'Minhas tarefas com uma entrega recusada');
    await screenshot(page, 'field-outbox-refused-phone');

    // The courier tries again (the order is as he saw it): delivered with the kept signature.
    await phone.context.unroute(DELIVER);
    await refused.getByRole('button', { name: 'Tentar de novo' }).tap();
    await page.getByText('1 tarefa enviada.').waitFor();
    await refused.waitFor({ state: 'detached' });
    const after = await order.adminApi.get<{ data: { statusKey: number } }>(`/orders/by-id/${order.orderId}`);
    expect(after.data.statusKey).toBe(5);
    const signature = await order.adminApi.get<{ data: { url: string } | null }>(`/orders/signature/${order.orderId}`);
    expect(signature.data?.url).toBeTruthy();
  });
});
