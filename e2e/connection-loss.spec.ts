import { mkdirSync } from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assignCourier, journeyCustomer, newProduct } from './fixtures';
import {
  apiAs,
  type BrowserSession,
  DEMO,
  drawWithFinger,
  login,
  openBrowser,
  openPhone,
  screenshot,
  tapUntilSent,
  tick,
} from './harness';

/**
 * Decision 0004 (issue 15 §6): a lost connection signs no one out. The network is cut (Playwright's
 * `context.setOffline`) in the middle of a checkout at the desk and of a delivery on the courier's phone.
 * At the desk the screen says 'Sem conexão com o servidor. Tente novamente.', keeps the cart, and once the
 * network is back the same button finishes the sale, exactly once. On the phone the delivery is kept
 * (decision 0009): 'Sem conexão — 1 tarefa aguardando envio', and it is sent by itself, once, when the
 * network returns.
 */
const OFFLINE_TEXT = 'Sem conexão com o servidor. Tente novamente.';
const SHOTS = '/tmp/h-connection-loss-shots';
/** The live-updates stream. */
const STREAM = '**/api/orders/events';

async function shot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page
    .waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'), null, {
      timeout: 5_000,
    })
    .catch(() => undefined);
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
  await screenshot(page, `connection-loss-${name}`);
}

/** The customer's orders bought between yesterday and tomorrow (the history report's window, local days). */
async function recentOrders(api: Awaited<ReturnType<typeof apiAs>>, customerId: number) {
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const path = `/reports/customer/histories/${customerId}/start/${day(-1)}T00:00:00/end/${day(1)}T23:59:59`;
  return (await api.get<{ data: { orders: Array<{ orderId: number; code: string }> } }>(path)).data.orders;
}

/** How many pixels of the signature pad are not white (the strokes drawn). */
const inkedPixels = (pad: Locator) =>
  pad.evaluate((canvas) => {
    const ctx = (canvas as HTMLCanvasElement).getContext('2d');
    if (!ctx) return 0;
    const { data } = ctx.getImageData(0, 0, (canvas as HTMLCanvasElement).width, (canvas as HTMLCanvasElement).height);
    let inked = 0;
    for (let i = 0; i < data.length; i += 4) if ((data[i] ?? 255) < 128) inked++;
    return inked;
  });

/** The session the browser holds (the token survives a lost connection). */
const storedToken = (page: Page) => page.evaluate(() => localStorage.getItem('token'));

describe('a lost connection signs no one out, and keeps the work on screen', () => {
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

  it('checkout offline: the message, the cart kept; online again, one order; then the courier delivers through a dead zone', async () => {
    const attendantApi = await apiAs(desk.baseURL, DEMO.attendant);
    // A customer of the journey's own share and a new product of its own.
    const customer = await journeyCustomer(attendantApi, 'connectionLoss');
    const product = await newProduct(await apiAs(desk.baseURL, DEMO.admin), 'conexão');
    // An earlier run may have left lines in the cart.
    const pre = await attendantApi.get<{ cart: { items: Array<{ productId: number }> } }>(
      `/orders/pre/checkout/${customer.id}`,
    );
    for (const line of pre.cart.items)
      await attendantApi.send('PATCH', `/orders/cart/change/${customer.id}`, {
        productId: line.productId,
        newQuantity: 0,
      });
    const before = await recentOrders(attendantApi, customer.id);

    // ---- the attendant at the desk ----
    const page = desk.page;
    // Chromium's offline emulation leaves an already open stream alone, so the live-updates stream is cut
    // by hand: from the sign-in until the network is back, every attempt to open it fails as with no network.
    let streamFailures = 0;
    desk.context.on('requestfailed', (request) => {
      if (new URL(request.url()).pathname === '/api/orders/events') streamFailures++;
    });
    await desk.context.route(STREAM, (route) => route.abort('internetdisconnected'));
    await login(page, DEMO.attendant);
    await page.goto('/admin/selling');
    const search = page.getByLabel('Pesquisar cliente por nome ou email');
    await search.fill(customer.email);
    await search.press('Enter');
    await page.getByRole('row').filter({ hasText: customer.email }).click();
    await page.getByText('Cliente selecionado:').waitFor();
    const productSearch = page.getByLabel('Pesquisar produto por nome, tag, referencia ou marca');
    await productSearch.fill(product.code);
    await productSearch.press('Enter');
    await page.getByRole('button', { name: `Adicionar ${product.name}` }).click();
    const quantity = page.getByRole('dialog', { name: 'Alterar quantidade' });
    await quantity.getByRole('button', { name: 'Adicionar' }).click();
    await quantity.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Carrinho com 1 produto' }).click();
    const cart = page.getByRole('list', { name: 'Produtos no carrinho' });
    await cart.getByText(product.name).waitFor();
    const token = await storedToken(page);
    expect(token).toBeTruthy();

    await desk.context.setOffline(true);
    const finish = page.getByRole('button', { name: 'Finalizar Pedido' });
    await finish.click();
    await page.getByRole('alert').filter({ hasText: OFFLINE_TEXT }).first().waitFor();
    await shot(page, '1-checkout-offline-desktop');
    // Still signed in, on the cart, with the product.
    expect(new URL(page.url()).pathname).toBe('/admin/selling');
    expect(await storedToken(page)).toBe(token);
    expect(await cart.getByText(product.name).isVisible()).toBe(true);
    expect(await recentOrders(attendantApi, customer.id)).toEqual(before);

    // Back online: the live updates, which kept failing, reconnect by themselves (no sign-out either), and
    // the same button finishes the sale.
    const streamBack = page.waitForResponse(
      (response) => new URL(response.url()).pathname === '/api/orders/events' && response.status() === 200,
      { timeout: 60_000 },
    );
    await desk.context.setOffline(false);
    await desk.context.unroute(STREAM);
    await streamBack;
    expect(streamFailures).toBeGreaterThan(0);
    await finish.click();
    await page.getByRole('heading', { name: `Ordem para: ${customer.name} concluída` }).waitFor();
    const code = ((await page.getByTestId('order-code').textContent()) ?? '').trim();
    const after = await recentOrders(attendantApi, customer.id);
    // Exactly one order more, the one shown.
    expect(after.length).toBe(before.length + 1);
    const created = after.filter((o) => !before.some((b) => b.orderId === o.orderId));
    expect(created.map((o) => o.code)).toEqual([code]);
    expect(await storedToken(page)).toBe(token);

    // ---- the order goes to the road: packed by the stocker, collected by the courier (through the API) ----
    const orderId = created[0]?.orderId as number;
    const stockerApi = await apiAs(desk.baseURL, DEMO.stocker);
    const courierApi = await apiAs(desk.baseURL, DEMO.courier);
    await stockerApi.send('PATCH', '/workflow/order/prepare', { orderId });
    const photo = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#3a7bc2' } })
      .jpeg()
      .toBuffer();
    await stockerApi.send('PATCH', '/workflow/order/pack', {
      orderId,
      images: [`data:image/jpeg;base64,${photo.toString('base64')}`],
    });
    // The customer may have a courier of his own: the attendant makes Diego the order's courier first.
    await assignCourier(attendantApi, orderId, courierApi.id);
    await courierApi.send('PATCH', '/workflow/order/withdraw', { orderId });

    // ---- the courier, on his phone, at the customer's door ----
    const courier = phone.page;
    await login(courier, DEMO.courier);
    await courier.goto('/admin/tasks');
    const card = courier.getByRole('article', { name: code });
    await card.getByRole('button', { name: 'Entregar' }).tap();
    const dialog = courier.getByRole('dialog', { name: `Entrega do pedido ${code}` });
    await dialog.waitFor();
    const pad = dialog.getByRole('img', { name: 'Quadro de assinatura do cliente' });
    const area = await pad.boundingBox();
    if (!area) throw new Error('no signature pad on screen');
    const cdp = await phone.context.newCDPSession(courier);
    const at = (fx: number, fy: number) => ({ x: area.x + area.width * fx, y: area.y + area.height * fy });
    await drawWithFinger(cdp, [at(0.1, 0.6), at(0.25, 0.3), at(0.4, 0.7), at(0.6, 0.35), at(0.85, 0.6)]);
    const inked = await inkedPixels(pad);
    expect(inked).toBeGreaterThan(100);
    await dialog.getByRole('textbox', { name: /Recebido por \(nome\)/ }).fill('Cliente Recebedor');
    const courierToken = await storedToken(courier);

    // A dead zone: the confirmation gets no answer. The delivery is kept on the phone (decision 0009, issue
    // 19 §5): the dialog closes and the screen says how many tasks wait for the connection.
    await phone.context.setOffline(true);
    const confirm = dialog.getByRole('button', { name: 'Confirmar entrega' });
    await tapUntilSent(courier, confirm, '**/api/workflow/order/deliver');
    await dialog.waitFor({ state: 'detached', timeout: 30_000 });
    const waiting = courier.getByRole('alert').filter({ hasText: 'Sem conexão — 1 tarefa aguardando envio' });
    await waiting.waitFor();
    await card.getByText('Aguardando envio').waitFor();
    await courier.evaluate(() => window.scrollTo(0, 0));
    await shot(courier, '2-delivery-offline-phone');
    // Still signed in; nothing reached the server.
    expect(new URL(courier.url()).pathname).toBe('/admin/tasks');
    expect(await storedToken(courier)).toBe(courierToken);
    const onTheRoad = await attendantApi.get<{ data: { statusKey: number } }>(`/orders/by-id/${orderId}`);
    expect(onTheRoad.data.statusKey).toBe(4);

    // Signal again: the kept delivery is sent by itself, with the signature drawn before, exactly once.
    const resent = courier.waitForRequest('**/api/workflow/order/deliver', { timeout: 30_000 });
    await phone.context.setOffline(false);
    expect((await resent).headers()['idempotency-key']).toBeTruthy();
    await courier.getByText('1 tarefa enviada.').waitFor();
    await waiting.waitFor({ state: 'detached' });
    await shot(courier, '3-delivered-phone');
    const delivered = await attendantApi.get<{ data: { statusKey: number; deliverer: string } }>(
      `/orders/by-id/${orderId}`,
    );
    expect(delivered.data).toMatchObject({ statusKey: 5, deliverer: 'Diego Motoboy' });
    const signature = await attendantApi.get<{ data: { url: string } | null }>(`/orders/signature/${orderId}`);
    expect(signature.data?.url).toBeTruthy();
    expect(await storedToken(courier)).toBe(courierToken);
  });

  it("blocking a customer offline: the dialog stays with the reason typed; online again, 'Confirmar' blocks once", async () => {
    const adminApi = await apiAs(desk.baseURL, DEMO.admin);
    const customer = await journeyCustomer(adminApi, 'connectionLoss', { nth: 1 });
    const page = desk.page;
    await page.goto('/admin/customers');
    const activeCard = page
      .locator('.MuiCard-root')
      .filter({ has: page.getByRole('heading', { name: 'Clientes Ativos', exact: true }) });
    await activeCard.getByPlaceholder('Pesquisar').fill(customer.email);
    const row = activeCard.getByRole('row').filter({ hasText: customer.name }).first();
    await tick(page, row.getByRole('checkbox'));
    await activeCard.getByRole('button', { name: 'Bloquear' }).click();
    const dialog = page.getByRole('dialog', { name: 'Informe o motivo do bloqueio' });
    const reason = 'Cheque devolvido em 12/11, aguardando novo pagamento';
    await dialog.getByLabel(/^Motivo/).fill(reason);

    let blocks = 0;
    desk.context.on('response', (response) => {
      if (response.url().endsWith(`/api/administrator/customer/${customer.id}/status`) && response.ok()) blocks++;
    });
    await desk.context.setOffline(true);
    await dialog.getByRole('button', { name: 'Confirmar' }).click();
    await page.getByRole('alert').filter({ hasText: OFFLINE_TEXT }).first().waitFor();
    // The dialog is still there, with the reason as typed; nothing changed on the server.
    expect(await dialog.isVisible()).toBe(true);
    expect(await dialog.getByLabel(/^Motivo/).inputValue()).toBe(reason);
    await shot(page, '4-block-offline-desktop');
    const meanwhile = await adminApi.get<{ data: { status: string } }>(
      `/administrator/customer/${encodeURIComponent(customer.email)}`,
    );
    expect(meanwhile.data.status).toBe('Approved');

    await desk.context.setOffline(false);
    await dialog.getByRole('button', { name: 'Confirmar' }).click();
    await page.getByText('Cliente alterado com sucesso.').waitFor();
    await dialog.waitFor({ state: 'detached' });
    const blocked = await adminApi.get<{ data: { status: string; statusNote: string | null } }>(
      `/administrator/customer/${encodeURIComponent(customer.email)}`,
    );
    expect(blocked.data).toMatchObject({ status: 'Blocked', statusNote: reason });
    // Sent once: the offline try never reached the server.
    expect(blocks).toBe(1);
    // The journey's customer back as it was.
    await adminApi.send('PATCH', `/administrator/customer/${customer.id}/status`, { status: 'Approved' });
  });
});
