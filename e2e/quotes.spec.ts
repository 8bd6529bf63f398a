import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emptyCart, newProduct } from './fixtures';
import {
  type ApiClient,
  addToCart,
  apiAs,
  type BrowserSession,
  DEMO,
  expectAccessible,
  login,
  money,
  openBrowser,
  openPhone,
  pageApi,
  screenshot,
  unique,
} from './harness';

/**
 * Quotes (issue 38 §4, decision 0043): the administrator saves a walk-in's cart as a quote in Vendas, opens it in
 * 'Orçamentos' and converts it into an order. The administrator's own walk-in record (no other journey sells through it) and a product of the journey's
 * own: no other journey's data.
 */

/** The screen's transitions (a dialog's fade, a menu closing) over, so the picture shows it as it stays. */
async function settled(page: Page) {
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
}

describe('quotes: saved in Vendas, opened in Orçamentos, converted into an order', () => {
  let s: BrowserSession;
  let page: Page;
  let admin: ApiClient;
  let api: ApiClient;

  beforeAll(async () => {
    s = await openBrowser({ width: 1366, height: 800 });
    page = s.page;
    await login(page, DEMO.admin);
    api = pageApi(page);
    admin = await apiAs(s.baseURL, DEMO.admin);
  });
  afterAll(() => s.close());

  it('a walk-in quote of 2 × R$ 59,90 = R$ 119,80 is saved, listed as open, and converted at that total', async () => {
    const product = await newProduct(admin, 'orçamento');
    const walkIn = (await api.send<{ data: { id: number } }>('POST', '/customers/walk-in')).data;
    await emptyCart(api, walkIn.id);
    const name = unique('Joana Orçamento');

    await page.goto('/admin/selling');
    await page.getByRole('button', { name: 'Consumidor final' }).click();
    await page.getByText('Cliente selecionado:').waitFor();
    await addToCart(page, product, 2);
    await page.getByRole('button', { name: 'Carrinho com 1 produto' }).click();
    await page.getByRole('heading', { name: 'Produtos no carrinho de: Consumidor final' }).waitFor();
    await page.getByTestId('cart-totals').getByText(money(11980), { exact: true }).first().waitFor();

    await page.getByRole('button', { name: 'Salvar orçamento' }).click();
    const dialog = page.getByRole('dialog', { name: 'Salvar orçamento' });
    await dialog.waitFor();
    expect(await dialog.getByRole('button', { name: 'Salvar' }).isDisabled()).toBe(true);
    await dialog.getByLabel('Nome de quem pediu').fill(name);
    await dialog.getByLabel('Telefone (WhatsApp)').fill('(11) 98765-4321');
    await expectAccessible(page, 'vendas: salvar orçamento');
    await settled(page);
    await screenshot(page, 'quotes-1-save-desktop');
    await dialog.getByRole('button', { name: 'Salvar' }).click();

    // 'Orçamentos' opens with the open quotes; the new one is there.
    await page.getByRole('heading', { name: 'Orçamentos' }).waitFor();
    const row = page.getByRole('row').filter({ hasText: name });
    await row.waitFor();
    expect(await row.textContent()).toContain(money(11980));
    expect(await row.textContent()).toContain('Aberto');
    await expectAccessible(page, 'orçamentos: lista');
    await settled(page);
    await screenshot(page, 'quotes-2-list-desktop');

    await row.click();
    const quote = page.getByRole('dialog').filter({ hasText: name });
    await quote.getByTestId('quote-total').getByText(money(11980)).waitFor();
    // The dialog's opening transition over before the picture.
    const whatsApp = quote.getByRole('link', { name: 'Enviar pelo WhatsApp' });
    expect(await whatsApp.getAttribute('href')).toMatch(/^https:\/\/wa\.me\/5511987654321\?text=/);
    await settled(page);
    await screenshot(page, 'quotes-3-open-desktop');
    // Its PDF, made in the browser: a real PDF file named after the quote.
    const download = page.waitForEvent('download');
    await quote.getByRole('button', { name: 'Baixar PDF' }).click();
    const saved = await download;
    expect(await saved.failure()).toBeNull();
    expect(saved.suggestedFilename()).toMatch(/^orcamento-\d+\.pdf$/);
    const file = await saved.path();
    expect(readFileSync(file).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    await quote.getByRole('button', { name: 'Converter em pedido' }).click();
    const done = quote.getByText(/Orçamento convertido no pedido /).first();
    await done.waitFor();
    const code = ((await done.textContent()) ?? '').replace(/.*no pedido /, '').replace(/\.$/, '');
    expect(code).not.toBe('');
    await settled(page);
    await screenshot(page, 'quotes-4-converted-desktop');

    // The quote says converted, with that order, at its total.
    const converted = await api.send<{ data: { items: { order: { code: string } | null; total: number }[] } }>(
      'GET',
      `/quotes?status=CONVERTED&search=${encodeURIComponent(name)}`,
    );
    expect(converted.data.items.map((q) => [q.order?.code, q.total])).toEqual([[code, 119.8]]);
  });

  it('the list on a phone', async () => {
    const phone = await openPhone();
    try {
      await login(phone.page, DEMO.admin);
      await phone.page.goto('/admin/quotes');
      await phone.page.getByRole('heading', { name: 'Orçamentos' }).waitFor();
      await phone.page.getByLabel('Situação').click();
      await phone.page.getByRole('option', { name: 'Todos' }).click();
      await phone.page.getByRole('listbox').waitFor({ state: 'detached' });
      await phone.page.getByRole('row').nth(1).waitFor();
      await settled(phone.page);
      await screenshot(phone.page, 'quotes-5-list-phone');
      await phone.page.getByRole('row').nth(1).click();
      const opened = phone.page.getByRole('dialog');
      await opened.getByTestId('quote-total').waitFor();
      await settled(phone.page);
      await screenshot(phone.page, 'quotes-6-open-phone');
    } finally {
      await phone.close();
    }
  });
});
