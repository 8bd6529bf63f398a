import { mkdirSync } from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forDiego, newPhone, packOrder, placeOrder } from './fixtures';
import {
  apiAs,
  type BrowserSession,
  DEMO,
  drawWithFinger,
  expectAccessible,
  login,
  openBrowser,
  openPhone,
  screenshot,
  signWithMouse,
} from './harness';

/** Where a person looks at the steps (desktop and phone). */
const SHOTS = '/tmp/h-field-shots';

/** A list as a whole page; a dialog as the screen shows it (`fullPage: false`). */
async function shot(page: Page, name: string, fullPage = true) {
  mkdirSync(SHOTS, { recursive: true });
  // What a person sees: dialogs and messages done fading in.
  await page
    .waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'), null, {
      timeout: 5_000,
    })
    .catch(() => undefined);
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage });
  await screenshot(page, `field-${name}`);
}

/** The page has no horizontal scroll (a phone must not pan sideways). */
async function expectNoSidewaysScroll(page: Page) {
  const widths = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(widths.scroll).toBeLessThanOrEqual(widths.client);
}

/**
 * A move's dialog closes only on success (while it is open the list behind it is aria-hidden, out of
 * getByRole's reach): wait for that, and on a refusal fail with what the screen said.
 */
async function closedOnSuccess(page: Page, dialog: Locator) {
  try {
    await dialog.waitFor({ state: 'detached', timeout: 60_000 });
  } catch (error) {
    await page.screenshot({ path: `${SHOTS}/failure-${Date.now()}.png` });
    const said = await page.getByRole('alert').allInnerTexts();
    throw new Error(`the dialog stayed open; the screen says: ${said.join(' | ')}`, { cause: error });
  }
}

describe('field: the stocker packs, the courier collects and delivers with a signature', () => {
  let desk: BrowserSession;
  let phone: BrowserSession;
  beforeAll(async () => {
    desk = await openBrowser({ width: 1366, height: 900 });
    phone = await openPhone();
  });
  afterAll(async () => {
    await desk?.close();
    await phone?.close();
  });

  it('takes an order from "Aguardando estoquista" to "Entregue" through Minhas tarefas', async () => {
    const courierApi = await apiAs(desk.baseURL, DEMO.courier);
    const adminApi = await apiAs(desk.baseURL, DEMO.admin);

    // The journey's own order, for an immediate motoboy delivery (immediate ones come first in the lists),
    // of a customer with no courier of his own but Diego.
    const order = await placeOrder(adminApi, 'field', {
      isFastDelivery: true,
      where: forDiego(courierApi.id),
    });
    expect(order.statusKey).toBe(1);

    // ---- the stocker, at the packing table (desktop) ----
    const stocker = desk.page;
    await login(stocker, DEMO.stocker);
    await stocker.waitForURL(/\/admin\/tasks$/);
    await stocker.getByRole('heading', { name: 'Minhas tarefas' }).waitFor();
    const stockerCard = stocker.getByRole('article', { name: order.code });
    await stockerCard.waitFor();
    await shot(stocker, '01-stocker-list-desktop');
    await expectAccessible(stocker, 'Minhas tarefas (estoquista)');

    await stockerCard.getByRole('button', { name: 'Iniciar separação' }).click();
    await stocker.getByText('Pedido alterado com sucesso.').waitFor();
    await stockerCard.getByRole('button', { name: 'Finalizar embalagem' }).click();
    const packDialog = stocker.getByRole('dialog', { name: `Embalagem do pedido ${order.code}` });
    await packDialog.waitFor();
    // Without a photo nothing is sent.
    await packDialog.getByRole('button', { name: 'Concluir embalagem' }).click();
    await packDialog.getByText('Envie ao menos uma foto da embalagem.').waitFor();
    const photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#c2783a' } })
      .jpeg()
      .toBuffer();
    await packDialog
      .locator('input[type="file"]')
      .setInputFiles({ name: 'pacote.jpg', mimeType: 'image/jpeg', buffer: photo });
    await packDialog.getByRole('img', { name: 'Foto 1 da embalagem' }).waitFor();
    await shot(stocker, '02-stocker-pack-dialog-desktop', false);
    await expectAccessible(stocker, 'Embalagem (estoquista)');
    await packDialog.getByRole('button', { name: 'Concluir embalagem' }).click();
    await closedOnSuccess(stocker, packDialog);
    await stocker.getByRole('heading', { name: 'Minhas tarefas' }).waitFor();
    await stockerCard.waitFor({ state: 'detached' });

    // ---- the courier, on his phone ----
    const courier = phone.page;
    await login(courier, DEMO.courier);
    await courier.waitForURL(/\/admin\/tasks$/);
    const courierCard = courier.getByRole('article', { name: order.code });
    await courierCard.waitFor();
    await expectNoSidewaysScroll(courier);
    await shot(courier, '03-courier-list-phone', false);
    await expectAccessible(courier, 'Minhas tarefas (motoboy)');

    await courierCard.getByRole('button', { name: 'Retirar pedido' }).tap();
    const confirm = courier.getByRole('dialog', { name: 'Retirar pedido' });
    await confirm.getByRole('button', { name: 'Retirar pedido' }).tap();
    await courier.getByText('Pedido alterado com sucesso.').waitFor();
    await confirm.waitFor({ state: 'detached' });
    const deliverButton = courierCard.getByRole('button', { name: 'Entregar' });
    await deliverButton.waitFor();
    expect(await courierCard.getByRole('link', { name: /^Ligar para/ }).getAttribute('href')).toMatch(/^tel:\+?\d+$/);
    const box = await deliverButton.boundingBox();
    // A thumb-sized target, the width of the card.
    expect(box?.height ?? 0).toBeGreaterThanOrEqual(48);
    expect(box?.width ?? 0).toBeGreaterThan(300);
    await shot(courier, '04-courier-on-the-road-phone', false);

    await deliverButton.tap();
    const deliverDialog = courier.getByRole('dialog', { name: `Entrega do pedido ${order.code}` });
    await deliverDialog.waitFor();
    // An empty signature is refused on the phone.
    await deliverDialog.getByRole('button', { name: 'Confirmar entrega' }).tap();
    await deliverDialog.getByText('Colete a assinatura do cliente.').waitFor();
    const pad = deliverDialog.getByRole('img', { name: 'Quadro de assinatura do cliente' });
    const area = await pad.boundingBox();
    if (!area) throw new Error('no signature pad on screen');
    expect(area.width).toBeGreaterThan(300);
    const cdp = await phone.context.newCDPSession(courier);
    const at = (fx: number, fy: number) => ({ x: area.x + area.width * fx, y: area.y + area.height * fy });
    await drawWithFinger(cdp, [at(0.1, 0.6), at(0.2, 0.3), at(0.3, 0.7), at(0.45, 0.35), at(0.6, 0.65), at(0.85, 0.4)]);
    await drawWithFinger(cdp, [at(0.15, 0.8), at(0.5, 0.78), at(0.85, 0.82)]);
    // Who received it, as the run sheet's 'Recebido por' asks (decision 0039).
    await deliverDialog.getByRole('textbox', { name: /Recebido por \(nome\)/ }).fill('Ana Recebedora');
    await expectNoSidewaysScroll(courier);
    await shot(courier, '05-courier-signature-phone', false);
    await expectAccessible(courier, 'Entrega com assinatura (motoboy)');
    // Headless Chromium now and then drops an emulated tap that follows synthetic touch strokes (the
    // screen is unchanged: no request, no message). Tap again only when no request left.
    const sent = courier.waitForRequest('**/api/workflow/order/deliver', { timeout: 5_000 }).catch(() => null);
    await deliverDialog.getByRole('button', { name: 'Confirmar entrega' }).tap();
    if (!(await sent)) await deliverDialog.getByRole('button', { name: 'Confirmar entrega' }).tap();
    await closedOnSuccess(courier, deliverDialog);
    await courier.getByRole('heading', { name: 'Minhas tarefas' }).waitFor();
    await courierCard.waitFor({ state: 'detached' });
    await shot(courier, '06-courier-after-delivery-phone', false);

    // ---- what the back-office now holds ----
    const detail = await adminApi.get<{ data: { statusKey: number; deliverer: string; stocker: string } }>(
      `/orders/by-id/${order.orderId}`,
    );
    expect(detail.data).toMatchObject({
      statusKey: 5,
      deliverer: 'Diego Motoboy',
      stocker: 'Carlos Estoquista',
      receivedBy: { name: 'Ana Recebedora', document: null },
    });
    const signature = await adminApi.get<{ data: { url: string } | null }>(`/orders/signature/${order.orderId}`);
    expect(signature.data?.url).toBeTruthy();
    const png = await fetch(new URL(signature.data?.url as string, desk.baseURL));
    expect(png.status).toBe(200);
    const stored = await sharp(Buffer.from(await png.arrayBuffer())).stats();
    // Not a blank page: the strokes are dark pixels on white.
    expect(stored.channels[0]?.min).toBeLessThan(100);
    const photos = await adminApi.get<{ data: Array<{ url: string }> }>(`/orders/stocking/images/${order.orderId}`);
    expect(photos.data).toHaveLength(1);
  });

  it('fits the other screen: the stocker on a phone, the courier at a desk (dialogs opened and left)', async () => {
    // The journey's own orders: one the stocker is preparing, one Diego has on the road.
    const stockerApi = await apiAs(desk.baseURL, DEMO.stocker);
    const courierApi = await apiAs(desk.baseURL, DEMO.courier);
    const adminApi = await apiAs(desk.baseURL, DEMO.admin);
    // A phone that controls IMEI: packing it asks its IMEI (356938035643809: its check digit worked out by
    // hand, 61 → 9).
    const phoneProduct = await newPhone(adminApi, 'campo', ['356938035643809']);
    const preparing = await placeOrder(adminApi, 'field', { nth: 1, isFastDelivery: true, product: phoneProduct });
    await stockerApi.send('PATCH', '/workflow/order/prepare', { orderId: preparing.orderId });
    const delivering = await placeOrder(adminApi, 'field', {
      nth: 2,
      isFastDelivery: true,
      where: forDiego(courierApi.id),
    });
    await packOrder(stockerApi, delivering.orderId);
    await courierApi.send('PATCH', '/workflow/order/withdraw', { orderId: delivering.orderId });

    // The stocker on a phone: the list and the packing dialog with two photos.
    const stocker = phone.page;
    await stocker.goto('/logout');
    await stocker.waitForURL((url) => url.pathname === '/');
    await login(stocker, DEMO.stocker);
    await stocker.waitForURL(/\/admin\/tasks$/);
    const pack = stocker
      .getByRole('article', { name: preparing.code })
      .getByRole('button', { name: 'Finalizar embalagem' });
    await pack.waitFor();
    await expectNoSidewaysScroll(stocker);
    await shot(stocker, '07-stocker-list-phone', false);
    await pack.tap();
    const dialog = stocker.getByRole('dialog', { name: /^Embalagem do pedido/ });
    await dialog.waitFor();
    const photo = (color: string) =>
      sharp({ create: { width: 480, height: 640, channels: 3, background: color } })
        .jpeg()
        .toBuffer();
    await dialog.locator('input[type="file"]').setInputFiles([
      { name: 'a.jpg', mimeType: 'image/jpeg', buffer: await photo('#3a7bc2') },
      { name: 'b.jpg', mimeType: 'image/jpeg', buffer: await photo('#c2783a') },
    ]);
    await dialog.getByRole('img', { name: 'Foto 2 da embalagem' }).waitFor();
    await dialog.getByLabel(`IMEI: ${phoneProduct.name}`).fill('356938035643809');
    await expectNoSidewaysScroll(stocker);
    await shot(stocker, '08-stocker-pack-dialog-phone', false);
    await expectAccessible(stocker, 'Embalagem no celular (estoquista)');
    await dialog.getByRole('button', { name: 'Remover foto 1' }).tap();
    expect(await dialog.getByRole('img').count()).toBe(1);
    await dialog.getByRole('button', { name: 'Cancelar' }).tap();
    await dialog.waitFor({ state: 'detached' });

    // The courier at a desk: the list, the signature drawn with a mouse, the nobody-home dialog.
    const courier = desk.page;
    await courier.goto('/logout');
    await courier.waitForURL((url) => url.pathname === '/');
    await login(courier, DEMO.courier);
    await courier.waitForURL(/\/admin\/tasks$/);
    const onTheRoad = courier.getByRole('article', { name: delivering.code });
    const deliver = onTheRoad.getByRole('button', { name: 'Entregar' });
    await deliver.waitFor();
    // A cash order: the run sheet's words for what to collect (issue 35 §8).
    expect(((await onTheRoad.textContent()) ?? '').replace(/\s/g, ' ')).toMatch(/Receber em dinheiro: R\$ [\d.,]+/);
    await shot(courier, '09-courier-list-desktop');
    await deliver.click();
    const deliverDialog = courier.getByRole('dialog', { name: /^Entrega do pedido/ });
    const pad = deliverDialog.getByRole('img', { name: 'Quadro de assinatura do cliente' });
    await signWithMouse(courier, pad);
    await shot(courier, '10-courier-signature-desktop', false);
    await expectAccessible(courier, 'Entrega com assinatura (motoboy, computador)');
    await deliverDialog.getByRole('button', { name: 'Cancelar' }).click();
    await deliverDialog.waitFor({ state: 'detached' });
    await onTheRoad.getByRole('button', { name: 'Cliente ausente' }).click();
    const absent = courier.getByRole('dialog', { name: /^Cliente ausente: pedido/ });
    await absent.getByLabel('Observação (opcional)').fill('Ninguém atendeu o interfone');
    await shot(courier, '11-courier-absent-desktop', false);
    await expectAccessible(courier, 'Cliente ausente (motoboy)');
    await absent.getByRole('button', { name: 'Cancelar' }).click();
  });
});
