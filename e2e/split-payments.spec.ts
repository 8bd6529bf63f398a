import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emptyCart, journeyCustomer, newProduct } from './fixtures';
import {
  type BrowserSession,
  DEMO,
  expectAccessible,
  login,
  openBrowser,
  openOrderDetails,
  openPhone,
  pageApi,
  screenshot,
  screenshotDesktopAndPhone,
} from './harness';

interface Checkout {
  orderId: number;
  code: string;
  statusKey: number;
  total: number;
}

/** A Pix order of the journey's own customer and product (picked up: its total is the product's price). */
async function pixOrder(page: Page, nth: number): Promise<Checkout> {
  const api = pageApi(page);
  const customer = await journeyCustomer(api, 'payments', { nth });
  const product = await newProduct(api, 'partes');
  await emptyCart(api, customer.id);
  await api.send('POST', `/orders/cart/add/${customer.id}`, { productId: product.id, quantity: 1 });
  return api.send<Checkout>('POST', `/orders/checkout/pix/${customer.id}`, {
    typeOfDelivery: 2,
    withWarranty: false,
    isFastDelivery: false,
  });
}

/** Adds a card part in the details' 'Pagamentos': the amount typed as a Brazilian types it. */
async function addCardPart(page: Page, details: ReturnType<Page['getByRole']>, amount: string) {
  await details.getByRole('button', { name: 'Adicionar pagamento' }).click();
  const form = details.getByRole('form', { name: 'Adicionar pagamento' });
  await form.getByLabel('Valor').fill(amount);
  await form.getByLabel('Parcelas').click();
  await page.getByRole('option', { name: '3×', exact: true }).click();
  await form.getByLabel('NSU').fill('123456');
  await form.getByLabel('Código de autorização').fill('AB12CD');
  await form.getByRole('button', { name: 'Registrar pagamento' }).click();
  await form.waitFor({ state: 'detached' });
}

describe('split payments: a part paid by card in the order details', () => {
  let s: BrowserSession;
  let page: Page;

  beforeAll(async () => {
    s = await openBrowser({ width: 1366, height: 800 });
    page = s.page;
    await login(page, DEMO.admin);
  });
  afterAll(() => s.close());

  it("records a card part of part of the total: paid and due are said, the whole order's Pix is no longer offered", async () => {
    const order = await pixOrder(page, 8);
    const details = await openOrderDetails(page, order.code);
    await details.getByText('Nenhum pagamento registrado.').waitFor();
    // A part: R$ 10,00 by credit card in 3×, typed '10,00'.
    await addCardPart(page, details, '10,00');
    // The part's row (the details' 'Forma de Pagamento' now names every method, 'Múltiplos: Pix, Cartão').
    const row = details.getByRole('row').filter({ hasText: /^Cartão/ });
    await row.waitFor();
    expect(await row.textContent()).toContain('Confirmado');
    expect(await row.textContent()).toContain('Crédito 3× Visa');
    await details.getByText(/Pago: R\$ 10,00/).waitFor();
    expect(await details.getByRole('heading', { name: /^Pagamento por Pix/ }).count()).toBe(0);
    await expectAccessible(page, 'Detalhes do pedido: pagamentos');
    await screenshot(page, 'split-payments-details-desktop');
    await details.getByRole('button', { name: 'Fechar' }).click();
  });

  it('on a phone: the section and its form fit the screen', async () => {
    const order = await pixOrder(page, 9);
    const phone = await openPhone();
    try {
      await login(phone.page, DEMO.admin);
      const details = await openOrderDetails(phone.page, order.code);
      await details.getByRole('button', { name: 'Adicionar pagamento' }).click();
      await details.getByRole('form', { name: 'Adicionar pagamento' }).getByLabel('Valor').fill('1,00');
      await screenshot(phone.page, 'split-payments-form-phone');
      const width = await phone.page.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(390);
    } finally {
      await phone.close();
    }
  });

  it("sells by card at the counter in Vendas: the machine's receipt typed, the order paid with the sale", async () => {
    const api = pageApi(page);
    const customer = await journeyCustomer(api, 'payments', { nth: 10 });
    const product = await newProduct(api, 'cartao');
    await emptyCart(api, customer.id);
    await api.send('POST', `/orders/cart/add/${customer.id}`, { productId: product.id, quantity: 1 });
    await page.goto('/admin/selling');
    const search = page.getByLabel('Pesquisar cliente por nome ou email');
    await search.fill(customer.email);
    await search.press('Enter');
    await page.getByRole('row').filter({ hasText: customer.email }).click();
    await page.getByRole('button', { name: 'Carrinho com 1 produto' }).click();
    await page.getByRole('radio', { name: 'Cartão' }).check();
    const finish = page.getByRole('button', { name: 'Finalizar Pedido' });
    // Charged now: not before the receipt's NSU and authorisation code.
    await page.getByText('Informe NSU e código de autorização').waitFor();
    expect(await finish.isDisabled()).toBe(true);
    await page.getByLabel('Parcelas').click();
    await page.getByRole('option', { name: '2×', exact: true }).click();
    await page.getByLabel('NSU').fill('778899');
    await page.getByLabel('Código de autorização').fill('ZX91QW');
    await expect.poll(() => finish.isDisabled()).toBe(false);
    await expectAccessible(page, 'vendas: cartão');
    await screenshotDesktopAndPhone(page, 'split-payments-selling-card');
    await finish.click();
    // The confirmation, or the refusal said in the snackbar (then the test says which).
    const done = page.getByText('Pago (Cartão): nada a receber');
    const refused = page.getByRole('alert');
    await done.or(refused).first().waitFor();
    expect(await refused.count(), (await refused.allTextContents()).join(' | ')).toBe(0);
    await done.waitFor();
  });

  it("sets the acquirer's fees in Configurações → Cartões", async () => {
    await page.goto('/admin/settings');
    const card = page.getByRole('region', { name: 'Cartões' });
    await card.scrollIntoViewIfNeeded();
    const threeTimes = card.getByLabel('Crédito 3× (%)');
    await expect.poll(() => threeTimes.inputValue()).toMatch(/^\d+,\d{2}$/);
    const before = await threeTimes.inputValue();
    await threeTimes.fill('3,49');
    await card.getByRole('button', { name: 'Salvar taxas de cartão' }).click();
    await page.getByText('Configurações de cartão salvas com sucesso.').waitFor();
    await card.screenshot({ path: 'screenshots/split-payments-card-fees-desktop.png' });
    const saved = await pageApi(page).get<{ data: { creditFees: number[] } }>('/settings/card-fees');
    expect(saved.data.creditFees[2]).toBe(3.49);
    // Back as it was, for the other journeys.
    await threeTimes.fill(before);
    await card.getByRole('button', { name: 'Salvar taxas de cartão' }).click();
  });
});
