import { mkdirSync } from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type JourneyProduct, newProduct, type PlacedOrder, placeOrder } from './fixtures';
import { apiAs, type BrowserSession, DEMO, expectAccessible, login, openBrowser, pageApi, screenshot } from './harness';

/** Where a person looks at the steps. */
const SHOTS = '/tmp/h-live-shots';
const SOUND_ON = 'Ativar som de novos pedidos';
const SOUND_OFF = 'Desativar som de novos pedidos';

async function shot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
  await screenshot(page, `live-${name}`);
}

/**
 * Counts the tones the page starts through Web Audio (the beep), without changing what it plays. Added
 * through the browser's protocol, so the app's strict CSP is untouched.
 */
async function countTones(context: BrowserContext) {
  await context.addInitScript(() => {
    const scope = window as unknown as { __tones: number; AudioContext: typeof AudioContext };
    scope.__tones = 0;
    const create = scope.AudioContext.prototype.createOscillator;
    scope.AudioContext.prototype.createOscillator = function (this: AudioContext) {
      scope.__tones++;
      return create.call(this);
    };
  });
}
const tones = (page: Page) => page.evaluate(() => (window as unknown as { __tones: number }).__tones);

/** Resolves on the first request of the page whose path starts with one of `prefixes`. */
function nextRequest(page: Page, prefixes: string[]) {
  return page.waitForRequest((request) => prefixes.some((p) => new URL(request.url()).pathname.startsWith(p)), {
    timeout: 20_000,
  });
}

/**
 * Resolves once the page's live channel answers: the server sends its headers only after it listens
 * (events.routes.ts), so a change made from then on reaches the page. The channel opens at the page's first
 * idle moment (decision 0029): a change made before would not be heard, as for any user.
 */
function liveChannelOpen(page: Page) {
  return page.waitForResponse((response) => new URL(response.url()).pathname === '/api/orders/events', {
    timeout: 20_000,
  });
}

describe('live updates: what one user does shows on another user’s screen without a reload', () => {
  let watcher: BrowserSession;
  let actor: BrowserSession;

  /** The journey's own orders waiting for the stocker (one per test that cancels), and its product to sell. */
  let toCancel: PlacedOrder[];
  let product: JourneyProduct;

  beforeAll(async () => {
    watcher = await openBrowser({ width: 1366, height: 900 });
    actor = await openBrowser({ width: 1366, height: 900 });
    // Placed before the watcher signs in: they are not new orders to his screen.
    const admin = await apiAs(watcher.baseURL, DEMO.admin);
    product = await newProduct(admin, 'ao vivo');
    toCancel = [await placeOrder(admin, 'live', { product }), await placeOrder(admin, 'live', { product, nth: 1 })];
    await countTones(watcher.context);
    // The watcher: a manager (orders and dashboard) on the dashboard. The actor: an attendant.
    await login(watcher.page, DEMO.manager);
    await login(actor.page, DEMO.attendant);
  });
  afterAll(async () => {
    await watcher?.close();
    await actor?.close();
  });

  it('the sound of new orders is off until the user turns it on, and stays on after a reload', async () => {
    const { page } = watcher;
    await page.goto('/admin/dashboard');
    const toggle = page.getByRole('button', { name: SOUND_ON });
    await toggle.waitFor();
    // The browser's own tooltip (the title) says what the button does: the top bar draws no MUI (decision 0028).
    expect(await toggle.getAttribute('title')).toBe(SOUND_ON);
    await shot(page, 'sound-off-desktop');
    await toggle.click();
    await page.getByRole('button', { name: SOUND_OFF }).waitFor();
    // Turning it on plays the beep once (two tones) so the user knows it works.
    expect(await tones(page)).toBe(2);
    await page.reload();
    await page.getByRole('button', { name: SOUND_OFF }).waitFor();
    await expectAccessible(page, 'painel com o botão de som');
  });

  it('an order the attendant moves refreshes the manager’s dashboard in place: no reload, no badge, no beep', async () => {
    const { page } = watcher;
    const live = liveChannelOpen(page);
    await page.goto('/admin/dashboard');
    await live;
    await page
      .getByRole('region', { name: 'Produtos mais vendidos' })
      .locator('svg rect, svg path[d]')
      .first()
      .waitFor();
    // Marks this page load: a reload would lose it.
    await page.evaluate(() => {
      (window as unknown as { __sameLoad: boolean }).__sameLoad = true;
    });
    const tonesBefore = await tones(page);
    const api = pageApi(actor.page).call;
    const order = toCancel[0];

    const refetch = nextRequest(page, ['/api/dashboard', '/api/reports/']);
    const cancel = await api('PATCH', '/workflow/order/cancel', {
      orderId: order?.orderId,
      comment: 'Cliente desistiu (teste ao vivo)',
    });
    expect(cancel.status).toBe(200);
    await refetch;
    expect(await page.evaluate(() => (window as unknown as { __sameLoad?: boolean }).__sameLoad)).toBe(true);
    // A change is not a new order: the 'Pedidos' entry has no count, and nothing beeped. The refetch above
    // is the sentinel: the page schedules it (400 ms later) from the same event that would add the badge.
    expect(await page.getByTestId('new-orders-badge').count()).toBe(0);
    expect(await tones(page)).toBe(tonesBefore);
  });

  it('the orders screen’s status cards follow a move the attendant makes elsewhere, without a reload', async () => {
    const { page } = watcher;
    const live = liveChannelOpen(page);
    await page.goto('/admin/orders');
    await live;
    // The cards, grouped under the stages (issue 20 §5), in the 'Pedidos por status' region.
    const cards = page.getByRole('region', { name: 'Pedidos por status' }).getByRole('button');
    const quantity = async (label: string) => {
      // A status without orders has no card.
      const card = cards.filter({ hasText: label });
      if ((await card.count()) === 0) return 0;
      return Number(((await card.first().textContent()) ?? '').replace(label, '').replace(/\D/g, ''));
    };
    await cards.filter({ hasText: 'Aguardando estoquista' }).first().waitFor();
    const waiting = await quantity('Aguardando estoquista');
    const cancelled = await quantity('Cancelado');
    await page.evaluate(() => {
      (window as unknown as { __sameLoad: boolean }).__sameLoad = true;
    });
    const api = pageApi(actor.page).call;
    const order = toCancel[1];
    const cancel = await api('PATCH', '/workflow/order/cancel', {
      orderId: order?.orderId,
      comment: 'Cliente desistiu (teste ao vivo)',
    });
    expect(cancel.status).toBe(200);
    await expect.poll(() => quantity('Aguardando estoquista'), { timeout: 20_000 }).toBe(waiting - 1);
    await expect.poll(() => quantity('Cancelado'), { timeout: 20_000 }).toBe(cancelled + 1);
    expect(await page.evaluate(() => (window as unknown as { __sameLoad?: boolean }).__sameLoad)).toBe(true);
    await shot(page, 'orders-cards-live-desktop');
  });

  it('fits a phone: the sound switch sits in the top bar without sideways scroll', async () => {
    const phone = await watcher.browser.newContext({
      baseURL: watcher.baseURL,
      viewport: { width: 390, height: 844 },
      locale: 'pt-BR',
    });
    try {
      const page = await phone.newPage();
      await login(page, DEMO.manager);
      await page.goto('/admin/dashboard');
      const toggle = page.getByRole('button', { name: SOUND_ON });
      await toggle.waitFor();
      const box = await toggle.boundingBox();
      expect(box && box.x + box.width).toBeLessThanOrEqual(390);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await shot(page, 'sound-off-phone');
    } finally {
      await phone.close();
    }
  });

  it('a sale the attendant closes shows on the manager’s screen: a count beside Pedidos and a beep, cleared on the orders screen', async () => {
    const { page } = watcher;
    const live = liveChannelOpen(page);
    await page.goto('/admin/dashboard');
    await live;
    // The sound on, whatever another test left (turning it on plays its own beep, before the count below).
    // Exact names: 'Desativar som…' contains 'ativar som…'.
    const soundOn = page.getByRole('button', { name: SOUND_ON, exact: true });
    await soundOn.or(page.getByRole('button', { name: SOUND_OFF, exact: true })).waitFor();
    if (await soundOn.isVisible()) await soundOn.click();
    await page.getByRole('button', { name: SOUND_OFF }).waitFor();
    await page.evaluate(() => {
      (window as unknown as { __sameLoad: boolean }).__sameLoad = true;
    });
    const tonesBefore = await tones(page);
    // The journey's own customer buys its own product, sold by the attendant.
    const sale = await placeOrder(pageApi(actor.page), 'live', { product, nth: 2 });
    expect(sale.code).toMatch(/^[A-Z0-9]{3}-[A-Z0-9]{3}$/);

    await page.getByRole('link', { name: /^Pedidos\s*\(1 novo pedido\)$/ }).waitFor();
    // (The sidebar is drawn twice: the phone's drawer keeps a hidden copy.)
    expect(await page.locator('[data-testid="new-orders-badge"]:visible').textContent()).toBe('1');
    // The beep: two tones more.
    await expect.poll(() => tones(page), { timeout: 10_000 }).toBe(tonesBefore + 2);
    expect(await page.evaluate(() => (window as unknown as { __sameLoad?: boolean }).__sameLoad)).toBe(true);
    await shot(page, 'new-order-badge-desktop');
    await expectAccessible(page, 'painel com um pedido novo');

    await page.getByRole('link', { name: /^Pedidos/ }).click();
    await page.waitForURL(/\/admin\/orders/);
    // (The layout sees the new address once the orders screen's code has loaded: give it time.)
    await expect.poll(() => page.getByTestId('new-orders-badge').count(), { timeout: 20_000 }).toBe(0);
    await page.getByRole('link', { name: 'Pedidos', exact: true }).waitFor();
  });
});
