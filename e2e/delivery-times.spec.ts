import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assignCourier, deliverOrder, forDiego, newPhone, packOrder, placeOrder } from './fixtures';
import {
  apiAs,
  type BrowserSession,
  DEMO,
  drawWithFinger,
  expectAccessible,
  login,
  openBrowser,
  openPhone,
  PHONE,
  screenshot,
} from './harness';

/** DD/MM/YYYY HH:mm:ss as the app shows a time: in the business's zone, whatever the browser's (issue 37 §2). */
function shown(at: number): string {
  // The business's zone (the journeys' server keeps the default, São Paulo), whatever this machine's.
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'America/Sao_Paulo',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('day')}/${part('month')}/${part('year')} ${part('hour')}:${part('minute')}:${part('second')}`;
}

/** The server's own clock, to the second (the Date header of its answer). */
async function serverNow(baseURL: string): Promise<number> {
  const res = await fetch(`${baseURL}/api/health`);
  return Date.parse(res.headers.get('date') ?? '');
}

/** What a person sees in the window (not the whole page), once the dialogs have faded in. */
async function windowShot(page: Page, name: string): Promise<void> {
  const dir = path.resolve(import.meta.dirname, '..', 'screenshots');
  mkdirSync(dir, { recursive: true });
  await page
    .waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'), null, {
      timeout: 5_000,
    })
    .catch(() => undefined);
  await page.screenshot({ path: path.join(dir, `${name}.png`) });
}

/** The courier's phone runs 3 hours behind: the server corrects it by its own clock (decision 0039). */
const PHONE_BEHIND_MS = 3 * 3600_000;

/**
 * Issue 35 §6 and §9 (decision 0039): a delivery signed where there is no network is recorded when the customer
 * signed, not when the network came back, even on a phone whose clock is wrong; and the courier writes who
 * received it, which the back-office shows.
 */
describe('a delivery signed offline is recorded when the customer signed, with who received it', () => {
  let phone: BrowserSession;
  beforeAll(async () => {
    phone = await openPhone();
  });
  afterAll(() => phone.close());

  it('signed offline on a phone 3 hours behind, sent seconds later: the order shows the signing time', async () => {
    const adminApi = await apiAs(phone.baseURL, DEMO.admin);
    const stockerApi = await apiAs(phone.baseURL, DEMO.stocker);
    const courierApi = await apiAs(phone.baseURL, DEMO.courier);
    const order = await placeOrder(adminApi, 'field', { nth: 5, where: forDiego(courierApi.id) });
    await packOrder(stockerApi, order.orderId);
    await assignCourier(adminApi, order.orderId, courierApi.id);
    await courierApi.send('PATCH', '/workflow/order/withdraw', { orderId: order.orderId });

    const { page, context } = phone;
    await context.clock.install({ time: Date.now() - PHONE_BEHIND_MS });
    await login(page, DEMO.courier);
    await page.goto('/admin/tasks');
    await page.getByRole('article', { name: order.code }).getByRole('button', { name: 'Entregar' }).tap();
    const dialog = page.getByRole('dialog', { name: `Entrega do pedido ${order.code}` });
    await dialog.waitFor();
    const area = await dialog.getByRole('img', { name: 'Quadro de assinatura do cliente' }).boundingBox();
    if (!area) throw new Error('no signature pad on screen');
    const at = (fx: number, fy: number) => ({ x: area.x + area.width * fx, y: area.y + area.height * fy });
    await drawWithFinger(await context.newCDPSession(page), [at(0.1, 0.6), at(0.3, 0.3), at(0.5, 0.7), at(0.8, 0.4)]);

    // Confirmed without a name: asked for it, nothing sent.
    const confirm = dialog.getByRole('button', { name: 'Confirmar entrega' });
    // Headless Chromium now and then drops the first tap after synthetic touch strokes: tap until it is heard.
    const nameAsked = dialog.getByText('Informe o nome de quem recebeu.');
    for (let attempt = 0; attempt < 3 && !(await nameAsked.isVisible()); attempt++) {
      await confirm.tap();
      await nameAsked.waitFor({ timeout: 3_000 }).catch(() => undefined);
    }
    await nameAsked.waitFor();
    await dialog.getByRole('textbox', { name: /Recebido por \(nome\)/ }).fill('Maria Souza');
    await dialog.getByRole('textbox', { name: 'Documento (CPF ou RG, opcional)' }).fill('529.982.247-25');
    await expectAccessible(page, 'Entrega: assinatura e quem recebeu');
    await windowShot(page, 'delivery-receiver-phone');
    await page.setViewportSize({ width: 1280, height: 800 });
    await windowShot(page, 'delivery-receiver-desktop');
    await page.setViewportSize(PHONE);

    // No network where the customer signs: the delivery waits on the phone.
    await context.setOffline(true);
    let tried: Request | null = null;
    for (let attempt = 0; attempt < 3 && !tried; attempt++) {
      const sent = page.waitForRequest('**/api/workflow/order/deliver', { timeout: 5_000 }).catch(() => null);
      await confirm.tap();
      tried = await sent;
    }
    if (!tried) throw new Error('the delivery was never sent');
    const body = tried.postDataJSON() as { occurredAt: string; deviceNow: string; receiverName: string };
    expect(body.receiverName).toBe('Maria Souza');
    // The phone's clock read 3 hours behind the real signing.
    const signedAt = Date.parse(body.occurredAt) + PHONE_BEHIND_MS;
    expect(Math.abs(signedAt - Date.now())).toBeLessThan(30_000);
    await page.getByText('Sem conexão — 1 tarefa aguardando envio').waitFor();

    // The network comes back later: once the server's clock has moved 3 seconds past the signing.
    await expect
      .poll(() => serverNow(phone.baseURL), { timeout: 20_000, interval: 250 })
      .toBeGreaterThanOrEqual(Math.floor(signedAt / 1000) * 1000 + 4000);
    await context.setOffline(false);
    await page.getByText('1 tarefa enviada.').waitFor({ timeout: 30_000 });

    const detail = await adminApi.get<{ data: { statusKey: number; deliveredAt: string; updatedAt: string } }>(
      `/orders/by-id/${order.orderId}`,
    );
    expect(detail.data.statusKey).toBe(5);
    // Recorded when she signed (the phone's clock corrected by the server's), not when it arrived.
    expect(Date.parse(detail.data.updatedAt) - Date.parse(detail.data.deliveredAt)).toBeGreaterThanOrEqual(3000);
    const expected = [shown(signedAt), shown(signedAt + 1000)];

    // The attendant opens the order: when it was delivered, and to whom.
    const desk = await openBrowser({ width: 1280, height: 800 });
    try {
      await login(desk.page, DEMO.attendant);
      await desk.page.goto(`/admin/orders?order=${order.orderId}`);
      const details = desk.page.getByRole('dialog', { name: `Detalhes do pedido ${order.code}` });
      const row = (label: string) =>
        details
          .getByRole('row')
          .filter({ has: desk.page.getByRole('rowheader', { name: label, exact: true }) })
          .getByRole('cell');
      await row('Recebido por').waitFor();
      expect(expected).toContain((await row('Entregue em').textContent())?.trim());
      expect((await row('Recebido por').textContent())?.trim()).toBe('Maria Souza (documento 529.982.247-25)');
      expect(shown(Date.parse(detail.data.updatedAt))).not.toBe(await row('Entregue em').textContent());
      await expectAccessible(desk.page, 'Detalhes do pedido entregue');
      await screenshot(desk.page, 'delivery-details-desktop');
      await desk.page.setViewportSize(PHONE);
      await details.getByRole('row').filter({ hasText: 'Recebido por' }).scrollIntoViewIfNeeded();
      await screenshot(desk.page, 'delivery-details-phone');
    } finally {
      await desk.close();
    }
  });
});

/**
 * IMEIs of this journey alone, check digits worked out by hand (Luhn over the first 14):
 * - 860000000000009: kept 8, doubled 6 → 12 → 3, 11 → 9
 * - 870000000000007: kept 8, doubled 7 → 14 → 5, 13 → 7
 */
const SOLD_IMEI = '860000000000009';
const REPLACEMENT_IMEI = '870000000000007';

describe("a replacement phone's history in the order things happened (issue 35 §6)", () => {
  it("'Consultar IMEI' shows the replacement exchanged, then received by the customer", async () => {
    const desk = await openBrowser({ width: 1280, height: 800 });
    try {
      const admin = await apiAs(desk.baseURL, DEMO.admin);
      const stocker = await apiAs(desk.baseURL, DEMO.stocker);
      const courier = await apiAs(desk.baseURL, DEMO.courier);
      const phone = await newPhone(admin, 'troca horário', [SOLD_IMEI, REPLACEMENT_IMEI]);
      const order = await placeOrder(admin, 'field', { product: phone, nth: 6, where: forDiego(courier.id) });
      await packOrder(stocker, order.orderId, [{ productId: phone.id, imei: SOLD_IMEI }]);
      await deliverOrder(admin, courier, order.orderId);
      // The customer came back to the counter: the phone is exchanged for the other one, in the shop until then.
      await admin.send('POST', '/orders/adjustments', {
        orderId: order.orderId,
        kind: 'EXCHANGE',
        items: [{ productId: phone.id, quantity: 1, imei: SOLD_IMEI, replacementImei: REPLACEMENT_IMEI }],
        registration: randomUUID(),
      });

      const { page } = desk;
      await login(page, DEMO.admin);
      await page.goto('/admin/products');
      await page.getByRole('button', { name: 'Consultar IMEI' }).click();
      const lookup = page.getByRole('dialog', { name: 'Consultar IMEI' });
      await lookup.getByLabel('IMEI').fill(REPLACEMENT_IMEI);
      await lookup.getByRole('button', { name: 'Consultar' }).click();
      const result = lookup.getByRole('region', { name: `Aparelho ${REPLACEMENT_IMEI}` });
      await result.getByText(/Trocado/).waitFor();
      const events = (await result.getByRole('listitem').allTextContents()).map((text) =>
        text.replace(/^\d\d\/\d\d\/\d{4} \d\d:\d\d:\d\d: /, '').replace(/ · .*$/, ''),
      );
      expect(events).toEqual(['Estoque inicial (cadastro do produto)', 'Trocado', 'Entregue ao cliente']);
      await expectAccessible(page, 'Consultar IMEI: aparelho de troca');
      await screenshot(page, 'delivery-exchange-history-desktop');
      await page.setViewportSize(PHONE);
      await screenshot(page, 'delivery-exchange-history-phone');
    } finally {
      await desk.close();
    }
  });
});
