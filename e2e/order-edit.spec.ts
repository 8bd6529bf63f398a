import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emptyCart, type JourneyProduct, newProduct } from './fixtures';
import {
  type ApiClient,
  apiAs,
  type BrowserSession,
  DEMO,
  expectAccessible,
  login,
  money,
  openBrowser,
  openOrderDetails,
  PHONE,
  pageApi,
  screenshot,
  selectOrder,
  withOwnDrawer,
} from './harness';

/**
 * 'Editar pedido' (issue 38 §5, decision 0044): an attendant changes an order not yet separated on Pedidos — one
 * more unit of a line, a line removed, a product added by its name — and the details show the new total. The
 * order is sold to the attendant's own 'Consumidor final' (decision 0040), so no journey's customers are touched.
 * Products of its own at R$ 59,90 (the list price: a walk-in is level 0).
 */

/** 2 × A + 1 × B in cash, pickup, to the attendant's walk-in: R$ 179,70. */
async function sell(api: ApiClient, a: JourneyProduct, b: JourneyProduct) {
  const walkIn = (await api.send<{ data: { id: number } }>('POST', '/customers/walk-in')).data;
  await emptyCart(api, walkIn.id);
  await api.send('POST', `/orders/cart/add/${walkIn.id}`, { productId: a.id, quantity: 2 });
  await api.send('POST', `/orders/cart/add/${walkIn.id}`, { productId: b.id, quantity: 1 });
  return api.send<{ orderId: number; code: string; total: number }>('POST', `/orders/checkout/${walkIn.id}`, {
    typeOfDelivery: 2,
    withWarranty: false,
    isFastDelivery: false,
    idempotencyKey: crypto.randomUUID(),
  });
}

describe("an attendant edits an order before separation ('Editar pedido' on Pedidos)", () => {
  let s: BrowserSession;
  let page: Page;
  let admin: ApiClient;

  beforeAll(async () => {
    s = await openBrowser({ width: 1366, height: 800 });
    page = s.page;
    await login(page, DEMO.attendant);
    admin = await apiAs(s.baseURL, DEMO.admin);
  });
  afterAll(() => s.close());

  it('3 × A, B removed, C added: R$ 179,70 → R$ 239,60, the stock follows, the details say it', async () => {
    const a = await newProduct(admin, 'edição A');
    const b = await newProduct(admin, 'edição B');
    const c = await newProduct(admin, 'edição C');
    const placed = await sell(pageApi(page), a, b);
    expect(placed.total).toBe(179.7);

    await selectOrder(page, placed.code);
    await page.getByRole('button', { name: 'Editar pedido', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: `Editar pedido ${placed.code}` });
    await dialog.getByText(`Novo total: ${money(17970)} (antes ${money(17970)})`).waitFor();
    await dialog.getByLabel(`Quantidade de ${a.name}`).fill('3');
    await dialog.getByRole('button', { name: `Remover ${b.name}` }).click();
    await dialog.getByLabel('Adicionar produto').fill(c.name);
    await dialog.getByRole('button', { name: `Adicionar ${c.name}` }).click();
    // 3 × R$ 59,90 + 1 × R$ 59,90 = R$ 239,60, worked out by the server's dry run.
    await dialog.getByText(`Novo total: ${money(23960)} (antes ${money(17970)})`).waitFor();
    await expectAccessible(page, 'pedidos: editar pedido');
    await screenshot(page, 'order-edit-dialog-desktop');
    await dialog.getByRole('button', { name: 'Salvar alterações' }).click();
    await page.getByRole('alert').filter({ hasText: 'Pedido alterado com sucesso.' }).first().waitFor();
    await dialog.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Ver pedido', exact: true }).click();
    const details = page.getByRole('dialog', { name: `Detalhes do pedido ${placed.code}` });
    const composition = details.getByRole('table', { name: 'Composição do total' });
    await expect.poll(async () => (await composition.textContent()) ?? '').toContain(`Total${money(23960)}`);
    await details.getByText(c.name).first().waitFor();
    await screenshot(page, 'order-edit-details-desktop');

    const stock = async (product: JourneyProduct) =>
      (
        await admin.get<{ data: { id: number; stock: number }[] }>(
          `/products/full/search/${encodeURIComponent(product.name)}`,
        )
      ).data.find((found) => found.id === product.id)?.stock;
    // Each product started with 30: A 30 − 3, B back to 30, C 30 − 1.
    expect([await stock(a), await stock(b), await stock(c)]).toEqual([27, 30, 29]);
  });

  it('the payment method: Dinheiro → Pix moves the order to where a Pix waits; then back to Dinheiro with Troco para', async () => {
    const a = await newProduct(admin, 'edição pagamento A');
    const b = await newProduct(admin, 'edição pagamento B');
    const placed = await sell(pageApi(page), a, b);
    const order = async () =>
      (
        await admin.get<{ data: { paymentMethod: string; statusKey: number; changeFor?: number | null } }>(
          `/orders/by-id/${placed.orderId}`,
        )
      ).data;
    // Where a Pix order waits here: Processando with 'Pix automático', else Aguardando comprovante.
    const pixAuto = (await admin.get<{ data: { pixAuto: boolean } }>('/companies/settings/1')).data.pixAuto;
    const pixStatus = pixAuto ? 'Processando' : 'Aguardando comprovante';

    await selectOrder(page, placed.code);
    await page.getByRole('button', { name: 'Editar pedido', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: `Editar pedido ${placed.code}` });
    await dialog.getByText(`Novo total: ${money(17970)} (antes ${money(17970)})`).waitFor();
    await dialog.getByRole('combobox', { name: 'Forma de pagamento' }).click();
    await page.getByRole('option', { name: 'Pix', exact: true }).click();
    await dialog.getByText(`Com a nova forma de pagamento o pedido vai para '${pixStatus}'.`).waitFor();
    await screenshot(page, 'order-edit-payment-desktop');
    await dialog.getByRole('button', { name: 'Salvar alterações' }).click();
    await page.getByRole('alert').filter({ hasText: 'Pedido alterado com sucesso.' }).first().waitFor();
    await dialog.waitFor({ state: 'detached' });
    expect(await order()).toMatchObject({ paymentMethod: 'PIX', statusKey: pixAuto ? 9 : 10 });
    const history = await admin.get<{ data: { histories: { note: string | null }[] } }>(
      `/reports/order/histories/${placed.orderId}`,
    );
    expect(history.data.histories.at(-1)?.note).toBe('Pedido alterado: Forma de pagamento: Dinheiro → Pix.');

    // Back to cash, 'Troco para' R$ 200,00 (at least the R$ 179,70 total), through the API as the dialog sends it.
    await pageApi(page).send('PATCH', `/orders/${placed.orderId}`, { payment: 'CASH', changeFor: 200 });
    expect(await order()).toMatchObject({ paymentMethod: 'CASH', statusKey: 1, changeFor: 200 });
  });
});

/** 2 × A + 1 × B paid in cash at the counter (a confirmed part of R$ 179,70), the edit removing B: R$ 59,90 owed. */
async function paidAndLowered(page: Page, admin: ApiClient, label: string) {
  const a = await newProduct(admin, `reembolso ${label} A`);
  const b = await newProduct(admin, `reembolso ${label} B`);
  const placed = await sell(pageApi(page), a, b);
  // Cash at the counter lands in the attendant's open drawer (decision 0075).
  await withOwnDrawer(pageApi(page), admin, () =>
    pageApi(page).send('POST', `/orders/${placed.orderId}/payments`, { method: 'CASH', amount: 179.7 }),
  );
  await selectOrder(page, placed.code);
  await page.getByRole('button', { name: 'Editar pedido', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: `Editar pedido ${placed.code}` });
  await dialog.getByText(`Novo total: ${money(17970)} (antes ${money(17970)})`).waitFor();
  await dialog.getByRole('button', { name: `Remover ${b.name}` }).click();
  // 2 × R$ 59,90 = R$ 119,80; R$ 179,70 paid − R$ 119,80 = R$ 59,90 to give back.
  await dialog.getByText(`Novo total: ${money(11980)} (antes ${money(17970)})`).waitFor();
  await dialog.getByText(`O cliente terá ${money(5990)} a reembolsar.`).waitFor();
  return { placed, dialog };
}

describe("a paid order edited below what was paid: 'Reembolso a registrar' in 'Pagamentos'", () => {
  let s: BrowserSession;
  let admin: ApiClient;

  beforeAll(async () => {
    s = await openBrowser({ width: 1366, height: 768 });
    await login(s.page, DEMO.attendant);
    admin = await apiAs(s.baseURL, DEMO.admin);
  });
  afterAll(() => s.close());

  it('the dialog says the refund; saved, the details owe it; registered by Pix, the details say it was', async () => {
    const { page } = s;
    const { placed, dialog } = await paidAndLowered(page, admin, 'mesa');
    await screenshot(page, 'order-edit-refund-dialog-desktop');
    await dialog.getByRole('button', { name: 'Salvar alterações' }).click();
    await page.getByRole('alert').filter({ hasText: 'Pedido alterado com sucesso.' }).first().waitFor();
    await dialog.waitFor({ state: 'detached' });

    const details = await openOrderDetails(page, placed.code);
    const owed = details.getByText(`Reembolso a registrar: ${money(5990)}`);
    await owed.waitFor();
    await details
      .getByText(`Pedido alterado: total de ${money(17970)} para ${money(11980)}`)
      .first()
      .waitFor();
    await owed.scrollIntoViewIfNeeded();
    await expectAccessible(page, 'pedidos: reembolso a registrar');
    await screenshot(page, 'order-refund-owed-desktop');
    await details.getByRole('button', { name: 'Registrar reembolso', exact: true }).click();
    const form = details.getByRole('form', { name: 'Registrar reembolso' });
    await form.getByRole('combobox', { name: 'Forma do reembolso' }).click();
    await page.getByRole('option', { name: 'Pix', exact: true }).click();
    await form.getByLabel('Observação (opcional)').fill('Pix para a chave do cliente');
    await screenshot(page, 'order-refund-form-desktop');
    await form.getByRole('button', { name: 'Registrar reembolso', exact: true }).click();
    await details.getByText(`Reembolso registrado (Pix): ${money(5990)}`).waitFor();
    await screenshot(page, 'order-refund-done-desktop');
    const history = await admin.get<{ data: { histories: { note: string | null }[] } }>(
      `/reports/order/histories/${placed.orderId}`,
    );
    expect(history.data.histories.at(-1)?.note).toBe(
      `Reembolso registrado (Pix): ${money(5990)} — Pix para a chave do cliente.`,
    );
  });
});

describe("'Editar pedido' on a phone", () => {
  let s: BrowserSession;
  let admin: ApiClient;

  beforeAll(async () => {
    s = await openBrowser(PHONE);
    await login(s.page, DEMO.attendant);
    admin = await apiAs(s.baseURL, DEMO.admin);
  });
  afterAll(() => s.close());

  it('the lines, quantities and choices fit the screen', async () => {
    const { page } = s;
    const a = await newProduct(admin, 'edição celular A');
    const b = await newProduct(admin, 'edição celular B');
    const placed = await sell(pageApi(page), a, b);
    await selectOrder(page, placed.code);
    await page.getByRole('button', { name: 'Editar pedido', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: `Editar pedido ${placed.code}` });
    await dialog.getByLabel(`Quantidade de ${b.name}`).fill('2');
    await dialog.getByText(`Novo total: ${money(23960)} (antes ${money(17970)})`).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    // The fields scroll; the save button stays on the screen (FormDialog's actions below the scrolling content).
    const save = await dialog.getByRole('button', { name: 'Salvar alterações' }).boundingBox();
    expect(save && save.y + save.height).toBeLessThanOrEqual(844);
    await screenshot(page, 'order-edit-dialog-phone');
    await dialog.getByRole('combobox', { name: 'Forma de pagamento' }).click();
    await page.getByRole('option', { name: 'Dinheiro', exact: true }).waitFor();
    await page.keyboard.press('Escape');
    await dialog.getByLabel('Troco para').scrollIntoViewIfNeeded();
    await screenshot(page, 'order-edit-dialog-phone-payment');
  });

  it('a refund to record: the dialog and the details fit the screen', async () => {
    const { page } = s;
    const { placed, dialog } = await paidAndLowered(page, admin, 'celular');
    await dialog.getByText(`O cliente terá ${money(5990)} a reembolsar.`).scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, 'order-edit-refund-dialog-phone');
    await dialog.getByRole('button', { name: 'Salvar alterações' }).click();
    await page.getByRole('alert').filter({ hasText: 'Pedido alterado com sucesso.' }).first().waitFor();
    await dialog.waitFor({ state: 'detached' });
    const details = await openOrderDetails(page, placed.code);
    const owed = details.getByText(`Reembolso a registrar: ${money(5990)}`);
    await owed.scrollIntoViewIfNeeded();
    await details.getByRole('button', { name: 'Registrar reembolso', exact: true }).click();
    await details.getByRole('form', { name: 'Registrar reembolso' }).scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, 'order-refund-owed-phone');
  });
});
