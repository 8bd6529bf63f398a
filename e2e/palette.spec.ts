import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliverOrder, journeyCustomer, newPhone, packOrder, placeOrder } from './fixtures';
import {
  apiAs,
  type BrowserSession,
  DEMO,
  expectAccessible,
  login,
  openBrowser,
  openPhone,
  PHONE,
  screenshot,
  waitForNetworkIdle,
} from './harness';

/** An IMEI of this journey alone, its check digit by hand (Luhn): kept 9, doubled 9 → 18 → 9, 18 → 2. */
const IMEI = '990000000000002';
/** Sold and delivered in this journey (Luhn: kept 0; doubled 1 → 2; doubled 9 → 9; kept 9: 20, check 0). */
const SOLD_IMEI = '990000000000010';

/**
 * The command palette (issue 20 §2): Ctrl+K from anywhere, typed into, the arrows and Enter open the record:
 * an order by its code, a customer by the CPF typed without punctuation, a phone by its IMEI (its warranty).
 */
describe('the command palette (Ctrl+K)', () => {
  let s: BrowserSession;
  beforeAll(async () => {
    s = await openBrowser({ width: 1366, height: 768 });
  });
  afterAll(() => s.close());

  it('the first Ctrl+K, pressed the moment a page is opened, opens the palette with all that is typed at once after it (issue 34 §6, issue 54)', async () => {
    const { page } = s;
    await login(page, DEMO.admin);
    for (const address of ['/admin/customers', '/admin/dashboard']) {
      // No wait for the page: its code and first data may still be on their way; the press is kept for them.
      await page.goto(address);
      await page.keyboard.press('Control+k');
      // Typed at once, before the palette's code has arrived (issue 54: 'GRE-GVY' arrived as '' or 'E-GVY').
      await page.keyboard.type('GRE-GVY');
      const palette = page.getByRole('dialog', { name: 'Pesquisar' });
      await palette.waitFor();
      await expect
        .poll(() => palette.getByRole('combobox', { name: /Pesquisar pedidos/ }).inputValue())
        .toBe('GRE-GVY');
      await page.keyboard.press('Escape');
      await palette.waitFor({ state: 'detached' });
    }
    // Signed out again: the next journey signs in from the sign-in page.
    await page.goto('/logout');
    await page.waitForURL((url) => url.pathname === '/');
  });

  it('finds an order by its code, a customer by CPF without punctuation and a phone by IMEI, and opens each', async () => {
    const admin = await apiAs(s.baseURL, DEMO.admin);
    // The products journey's share of the demo customers: this journey changes none of them (it places an
    // order and reads), and journeys run one after another.
    const order = await placeOrder(admin, 'products');
    const customer = await journeyCustomer(admin, 'products');
    const { data: details } = await admin.get<{ data: { document: string } }>(
      `/administrator/customer/${encodeURIComponent(customer.email)}`,
    );
    const cpf = details.document.replace(/\D/g, '');
    const phone = await newPhone(admin, 'paleta', [IMEI]);

    const { page } = s;
    await login(page, DEMO.admin);
    await page.goto('/admin/dashboard');
    // The shortcut works once the shell is drawn (its top bar listens for it).
    await page.getByRole('button', { name: 'Pesquisar', exact: true }).waitFor();

    // An order by its code, typed in lower case without the dash.
    await page.keyboard.press('Control+k');
    const palette = page.getByRole('dialog', { name: 'Pesquisar' });
    const input = palette.getByRole('combobox', { name: /Pesquisar pedidos/ });
    await input.fill(order.code.replace('-', '').toLowerCase());
    await palette.getByRole('option', { name: new RegExp(`Pedido ${order.code}`) }).waitFor();
    await expectAccessible(page, 'paleta de comandos: pedido');
    await screenshot(page, 'palette-order-desktop');
    await page.keyboard.press('Enter');
    const orderDialog = page.getByRole('dialog', { name: `Detalhes do pedido ${order.code}` });
    await orderDialog.waitFor();
    expect(page.url()).toContain(`/admin/orders?order=${order.orderId}`);
    await expectAccessible(page, 'detalhes do pedido aberto pela paleta');
    await page.keyboard.press('Escape');
    await orderDialog.waitFor({ state: 'detached' });
    // The dialog closed, the address forgets the order: a reload does not open it again.
    await page.waitForURL((url) => !url.search.includes('order='));

    // A customer by the CPF typed without punctuation: the arrows reach it, Enter opens his details.
    await page.keyboard.press('Control+k');
    await input.fill(cpf);
    const option = palette.getByRole('option', { name: new RegExp(customer.name) }).first();
    await option.waitFor();
    // The list is final (the search's last answer drawn) before the arrows count their way to the customer.
    await waitForNetworkIdle(page);
    const options = palette.getByRole('option');
    const index = (await options.allTextContents()).findIndex((text) => text.includes(customer.name));
    for (let i = 0; i < index; i++) await page.keyboard.press('ArrowDown');
    await expect.poll(() => option.getAttribute('aria-selected')).toBe('true');
    await screenshot(page, 'palette-customer-desktop');
    await page.keyboard.press('Enter');
    const customerDialog = page.getByRole('dialog', { name: 'Detalhes do Cliente' });
    await customerDialog.getByText(customer.email).first().waitFor();
    await expectAccessible(page, 'detalhes do cliente aberto pela paleta');
    await page.keyboard.press('Escape');
    await customerDialog.waitFor({ state: 'detached' });

    // A phone by its IMEI: 'Consultar IMEI' opens on the products screen with its warranty.
    await page.keyboard.press('Control+k');
    await input.fill(IMEI);
    await palette.getByRole('option', { name: new RegExp(`IMEI ${IMEI}`) }).waitFor();
    await page.keyboard.press('Enter');
    const unitDialog = page.getByRole('dialog', { name: 'Consultar IMEI' });
    await unitDialog.waitFor();
    // The dialog's whole text (a hidden copy of a line must not be the one waited for).
    await expect.poll(async () => (await unitDialog.textContent()) ?? '').toContain(phone.name);
    expect(page.url()).toContain(`/admin/products?imei=${IMEI}`);
    await expectAccessible(page, 'Consultar IMEI aberto pela paleta');
    await screenshot(page, 'palette-imei-desktop');
    await page.keyboard.press('Escape');
    await unitDialog.waitFor({ state: 'detached' });
  });

  it('the attendant (no products permission) finds a sold phone by IMEI and registers its exchange from the result (issue 35)', async () => {
    const admin = await apiAs(s.baseURL, DEMO.admin);
    const stocker = await apiAs(s.baseURL, DEMO.stocker);
    const courier = await apiAs(s.baseURL, DEMO.courier);
    const phone = await newPhone(admin, 'troca paleta', [SOLD_IMEI]);
    const order = await placeOrder(admin, 'products', { product: phone, nth: 2 });
    await packOrder(stocker, order.orderId, [{ productId: phone.id, imei: SOLD_IMEI }]);
    await deliverOrder(admin, courier, order.orderId);

    const desk = await openBrowser({ width: 1366, height: 768 });
    try {
      const { page } = desk;
      await login(page, DEMO.attendant);
      await page.getByRole('button', { name: 'Pesquisar', exact: true }).waitFor();
      await page.keyboard.press('Control+k');
      const palette = page.getByRole('dialog', { name: 'Pesquisar' });
      await palette.getByRole('combobox', { name: /Pesquisar pedidos/ }).fill(SOLD_IMEI);
      const found = palette.getByRole('option', { name: new RegExp(`IMEI ${SOLD_IMEI}`) }).first();
      await found.waitFor();
      expect(await found.textContent()).toContain(`Vendido · Pedido ${order.code}`);
      const exchange = palette.getByRole('option', { name: /Registrar troca/ });
      await exchange.waitFor();
      await expectAccessible(page, 'paleta: IMEI para a atendente');
      await screenshot(page, 'palette-imei-attendant-desktop');
      await page.setViewportSize(PHONE);
      await screenshot(page, 'palette-imei-attendant-phone');
      await page.setViewportSize({ width: 1366, height: 768 });
      await page.keyboard.press('ArrowDown');
      await expect.poll(() => exchange.getAttribute('aria-selected')).toBe('true');
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: `Registrar troca do pedido ${order.code}` });
      await dialog.waitFor();
      expect(page.url()).toContain(`/admin/orders?order=${order.orderId}&adjust=exchange`);
      await expect.poll(async () => (await dialog.textContent()) ?? '').toContain(SOLD_IMEI);
      await screenshot(page, 'palette-imei-exchange-desktop');
    } finally {
      await desk.close();
    }
  });

  it("on a phone, the top bar's 'Pesquisar' opens the palette; Esc closes it", async () => {
    const phoneSession = await openPhone();
    try {
      const { page } = phoneSession;
      await login(page, DEMO.admin);
      await page.getByRole('button', { name: 'Pesquisar', exact: true }).click();
      const palette = page.getByRole('dialog', { name: 'Pesquisar' });
      await palette.getByRole('combobox').fill('pedi');
      const ordersPage = palette.getByRole('option', { name: /^Página\s*Pedidos$/ });
      await ordersPage.waitFor();
      await expectAccessible(page, 'paleta de comandos no celular');
      await screenshot(page, 'palette-phone');
      await ordersPage.click();
      await page.waitForURL(/\/admin\/orders/);
      await expect.poll(() => palette.count()).toBe(0);
    } finally {
      await phoneSession.close();
    }
  });
});
