import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newProduct } from './fixtures';
import { apiAs, type BrowserSession, DEMO, expectAccessible, login, openBrowser, screenshot } from './harness';

/** The bell's accessible name holds its unread count ("Notificações: 3"). */
const bellCount = async (session: BrowserSession) => {
  const name = await session.page.getByRole('button', { name: /^Notificações: \d+$/ }).getAttribute('aria-label');
  return Number(name?.split(': ')[1]);
};

describe('the bell: what needs the employee, live', () => {
  let admin: BrowserSession;

  beforeAll(async () => {
    admin = await openBrowser({ width: 1366, height: 900 });
    await login(admin.page, DEMO.admin);
  });
  afterAll(async () => {
    await admin?.context.close();
  });

  it('a product registered at its stock alert shows in the open bell without a reload; a click marks it read and opens it', async () => {
    const { page } = admin;
    // The count before: what the server says the administrator has unread, once the bell shows it (reading
    // the button before its first answer arrived read 0).
    const api = await apiAs(admin.baseURL, DEMO.admin);
    const { unread } = await api.get<{ unread: number }>('/notifications?limit=1');
    await page.getByRole('button', { name: `Notificações: ${unread}` }).waitFor({ timeout: 20_000 });
    const before = await bellCount(admin);

    // Another employee (through the API) registers a product with no stock: it is at its alert (0 ≤ 0).
    const product = await newProduct(api, 'sino', 0);

    await page.getByRole('button', { name: `Notificações: ${before + 1}` }).waitFor({ timeout: 20_000 });
    await page.getByRole('button', { name: `Notificações: ${before + 1}` }).click();
    const menu = page.getByRole('menu', { name: 'Notificações' });
    const item = menu.getByRole('menuitem').filter({ hasText: product.name });
    await item.waitFor();
    expect(await item.textContent()).toContain(
      `Não lida: Estoque no alerta${product.name} (${product.code}): 0 em estoque`,
    );
    await screenshot(page, 'notifications-open');
    await expectAccessible(page, 'notifications menu');

    await item.click();
    await page.waitForURL((url) => url.pathname === '/admin/products' && url.searchParams.get('code') === product.code);
    // Read, for the server and on the bell opened again. (Not "the count is back to before": the shared demo's
    // orders keep turning late as the minutes pass, each a new item on the bell.)
    const link = `/admin/products?code=${product.code}`;
    await expect
      .poll(async () => {
        const { data } = await api.get<{ data: { link: string; readAt: string | null }[] }>('/notifications?limit=100');
        return data.find((notification) => notification.link === link)?.readAt ?? 'not listed';
      })
      .toMatch(/^\d{4}-\d{2}-\d{2}T/);
    // The product opened in its dialog; closed, the bell opened again.
    const opened = page.getByRole('dialog');
    await opened.waitFor();
    await page.keyboard.press('Escape');
    await opened.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: /^Notificações: \d+$/ }).click();
    const again = menu.getByRole('menuitem').filter({ hasText: product.name });
    await again.waitFor();
    expect(await again.textContent()).not.toContain('Não lida');
    expect(await again.textContent()).toContain(`Estoque no alerta${product.name} (${product.code}): 0 em estoque`);
    await page.keyboard.press('Escape');
  });

  it('a customer waiting for approval again shows in the bell live, and opens his details', async () => {
    const { page } = admin;
    await page.goto(`${admin.baseURL}/admin/dashboard`);
    await page.getByRole('button', { name: /^Notificações: \d+$/ }).waitFor();
    // Another employee (through the API) acts on a waiting customer: the last by name (the customers journey
    // approves the first by name; no other journey touches waiting customers). Blocked, he no longer waits;
    // unblocked without ever having been approved, he waits again: a new waiting customer for the bell.
    const api = await apiAs(admin.baseURL, DEMO.admin);
    const { customers } = await api.get<{ customers: { id: number; name: string; email: string }[] }>(
      '/administrator/customers/unnaproved?page=0&items=1&sort=name:desc',
    );
    const customer = customers[0];
    expect(customer, 'a waiting demo customer').toBeDefined();
    if (!customer) return;
    await api.send('PATCH', `/administrator/customer/${customer.id}/status`, {
      status: 'Blocked',
      note: 'Documento ilegível',
    });

    const bell = page.getByRole('button', { name: /^Notificações: \d+$/ });
    await bell.click();
    const menu = page.getByRole('menu', { name: 'Notificações' });
    const item = menu.getByRole('menuitem').filter({ hasText: customer.email });
    await expect.poll(() => item.count(), { timeout: 20_000 }).toBe(0);

    // Unblocked: waiting again. The open menu shows him without a reload (the event stream, not the minute's poll).
    await api.send('PATCH', `/administrator/customer/${customer.id}/status`, { status: 'Approved' });
    await item.waitFor({ timeout: 20_000 });
    expect(await item.textContent()).toContain(`Cliente aguardando aprovação${customer.name} (${customer.email})`);
    await item.click();
    await page.waitForURL(
      (url) => url.pathname === '/admin/customers' && url.searchParams.get('customer') === customer.email,
    );
    await page.getByRole('dialog', { name: 'Detalhes do Cliente' }).getByText(customer.email).waitFor();
  });
});
