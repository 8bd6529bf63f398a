import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emptyCart, newProduct } from './fixtures';
import {
  type ApiClient,
  addToCart,
  type BrowserSession,
  DEMO,
  expectAccessible,
  login,
  money,
  openDesk,
  openPhone,
  pdfTextOf,
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
    ({ s, page, api, admin } = await openDesk(DEMO.admin));
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
    await page.getByRole('heading', { name: 'Orçamentos', exact: true }).waitFor();
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
    // Its PDF, made in the browser, headed by the shop of 'Configurações da Empresa' (its name, CNPJ, address).
    const shop = (await admin.get<{ data: { name: string; cnpj: string | null } }>('/companies/settings/1')).data;
    expect(shop.name).not.toBe('');
    const download = page.waitForEvent('download');
    const text = await pdfTextOf(page, () => quote.getByRole('button', { name: 'Baixar PDF' }).click());
    expect((await download).suggestedFilename()).toMatch(/^orcamento-\d+\.pdf$/);
    const firstLines = text.split('\n').slice(0, 4).join('\n');
    expect(firstLines).toContain(shop.name);
    if (shop.cnpj) expect(firstLines).toContain(`CNPJ ${shop.cnpj}`);
    expect(text).toContain(name);
    expect(text).toMatch(/Orçamento nº \d+/);
    expect(text).toContain(money(11980));
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

  it("is cancelled from its dialog with a reason; 'Cancelado' in the list; the quotes' message of Configurações is what WhatsApp gets", async () => {
    const product = await newProduct(admin, 'orçamento cancelado');
    const walkIn = (await api.send<{ data: { id: number } }>('POST', '/customers/walk-in')).data;
    const name = unique('Paulo Cancela');
    const saved = await api.send<{ data: { id: number } }>('POST', '/quotes', {
      customerId: walkIn.id,
      walkIn: { name, phone: '11912345678' },
      typeOfDelivery: 2,
      withWarranty: false,
      isFastDelivery: false,
      lines: [{ productId: product.id, quantity: 1 }],
    });
    const id = saved.data.id;

    // Configurações: the quotes' message beside the order statuses' ones, edited there.
    await page.goto('/admin/settings');
    const quoteMessage = page.getByRole('list', { name: 'Orçamento', exact: true });
    await quoteMessage.getByRole('button', { name: 'Editar: Orçamento' }).click();
    const editor = page.getByRole('dialog', { name: 'Mensagem do orçamento' });
    const field = editor.getByRole('textbox', { name: 'Mensagem' });
    await field.fill('Oi {cliente}! Orçamento {codigo}');
    // An order's placeholder is not a quote's: said as typed, 'Salvar' off.
    await editor.getByText('Marcador desconhecido: {codigo}.', { exact: false }).waitFor();
    expect(await editor.getByRole('button', { name: 'Salvar' }).isDisabled()).toBe(true);
    await field.fill('Oi {cliente}! Orçamento nº {numero}, total {total}.');
    await editor.getByRole('button', { name: 'Salvar' }).click();
    await editor.waitFor({ state: 'detached' });
    await quoteMessage.getByText('Oi {cliente}! Orçamento nº {numero}, total {total}.').waitFor();
    // The validity card beside it.
    const validity = page.getByRole('region', { name: 'Orçamentos' });
    expect(await validity.getByRole('textbox', { name: 'Validade (dias)' }).inputValue()).toBe('7');
    await expectAccessible(page, 'configurações: orçamentos');
    await quoteMessage.scrollIntoViewIfNeeded();
    await settled(page);
    await screenshot(page, 'quotes-7-settings-desktop');

    try {
      await page.goto('/admin/quotes');
      await page.getByRole('heading', { name: 'Orçamentos', exact: true }).waitFor();
      await page
        .getByRole('searchbox', { name: 'Pesquisar' })
        .or(page.getByRole('textbox', { name: 'Pesquisar' }))
        .first()
        .fill(name);
      const row = page.getByRole('row').filter({ hasText: name });
      await row.waitFor();
      await row.click();
      const quote = page.getByRole('dialog').filter({ hasText: name });
      await quote.getByTestId('quote-total').waitFor();
      const whatsApp = quote.getByRole('link', { name: 'Enviar pelo WhatsApp' });
      expect(decodeURIComponent((await whatsApp.getAttribute('href')) ?? '')).toBe(
        `https://wa.me/5511912345678?text=Oi ${name}! Orçamento nº ${id}, total ${money(5990)}.`,
      );

      await quote.getByRole('button', { name: 'Cancelar orçamento' }).click();
      const confirm = page.getByRole('dialog', { name: `Cancelar o orçamento nº ${id}?` });
      await confirm.waitFor();
      expect(await confirm.getByRole('button', { name: 'Cancelar orçamento' }).isDisabled()).toBe(true);
      await confirm.getByRole('textbox', { name: 'Motivo do cancelamento' }).fill('Cliente comprou em outra loja');
      await settled(page);
      await screenshot(page, 'quotes-8-cancel-desktop');
      await confirm.getByRole('button', { name: 'Cancelar orçamento' }).click();
      await confirm.waitFor({ state: 'detached' });
      await quote.getByText(/Cancelado em \d{2}\/\d{2}\/\d{4}: Cliente comprou em outra loja/).waitFor();
      // No more conversion nor cancelling.
      expect(await quote.getByRole('button', { name: 'Converter em pedido' }).count()).toBe(0);
      expect(await quote.getByRole('button', { name: 'Cancelar orçamento' }).count()).toBe(0);
      await settled(page);
      await screenshot(page, 'quotes-9-cancelled-desktop');
      await quote.getByRole('button', { name: 'Fechar' }).click();

      // 'Aberto' no longer lists it; 'Cancelado' does.
      await page.getByRole('row').filter({ hasText: name }).waitFor({ state: 'detached' });
      await page.getByRole('combobox', { name: 'Situação' }).click();
      await page.getByRole('option', { name: 'Cancelado' }).click();
      const cancelled = page.getByRole('row').filter({ hasText: name });
      await cancelled.waitFor();
      expect(await cancelled.textContent()).toContain('Cancelado');
      const answer = await api.send<{ data: { status: string; cancelReason: string } }>('GET', `/quotes/${id}`);
      expect([answer.data.status, answer.data.cancelReason]).toEqual(['CANCELLED', 'Cliente comprou em outra loja']);
    } finally {
      await admin.send('DELETE', '/settings/whatsapp-templates/quote');
    }
  });

  it('the list on a phone', async () => {
    const phone = await openPhone();
    try {
      await login(phone.page, DEMO.admin);
      await phone.page.goto('/admin/quotes');
      await phone.page.getByRole('heading', { name: 'Orçamentos', exact: true }).waitFor();
      await phone.page.getByRole('combobox', { name: 'Situação' }).click();
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
      await opened.getByRole('button', { name: 'Fechar' }).click();
      await opened.waitFor({ state: 'detached' });
      // An open quote: its buttons and the reason asked to cancel it, on a phone.
      const openRow = phone.page.getByRole('row').filter({ hasText: 'Aberto' }).first();
      await openRow.click();
      const open = phone.page.getByRole('dialog').filter({ has: phone.page.getByTestId('quote-total') });
      await open.getByRole('button', { name: 'Converter em pedido' }).waitFor();
      await settled(phone.page);
      await screenshot(phone.page, 'quotes-11-open-phone');
      await open.getByRole('button', { name: 'Cancelar orçamento' }).click();
      const asked = phone.page.getByRole('dialog', { name: /Cancelar o orçamento nº \d+\?/ });
      await asked.waitFor();
      await settled(phone.page);
      await screenshot(phone.page, 'quotes-12-cancel-phone');
      await asked.getByRole('button', { name: 'Voltar' }).click();
      await asked.waitFor({ state: 'detached' });
      await open.getByRole('button', { name: 'Fechar' }).click();
      await open.waitFor({ state: 'detached' });
      // Configurações' quotes cards on a phone.
      await phone.page.goto('/admin/settings');
      const validity = phone.page.getByRole('region', { name: 'Orçamentos' });
      await validity.waitFor();
      await validity.scrollIntoViewIfNeeded();
      await settled(phone.page);
      await screenshot(phone.page, 'quotes-10-settings-phone');
    } finally {
      await phone.close();
    }
  });
});
