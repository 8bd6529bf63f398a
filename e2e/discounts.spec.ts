import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiCustomer, type ApiProduct, emptyCart, ownedBy } from './fixtures';
import { type BrowserSession, DEMO, expectAccessible, login, money, openBrowser, pageApi, screenshot } from './harness';

/**
 * Discounts at sale time (issue 38 §3, decision 0041): the demo attendant's role ('Atendimento') allows 5 %.
 * Works on the selling journey's share of the demo customers (the specs run one after another; each empties
 * the cart it uses first).
 */

const get = <T>(page: Page, url: string) => pageApi(page).get<T>(url);
const cents = (reais: number) => Math.round(reais * 100);

/** The last gold customer of the selling share (the selling journey takes the first). */
async function customerOfSelling(page: Page): Promise<ApiCustomer> {
  const found: ApiCustomer[] = [];
  for (let p = 0; p < 20 && found.length < 3; p++) {
    const { customers } = await get<{ customers: ApiCustomer[] }>(page, `/customers?page=${p}&items=100&sort=id:desc`);
    found.push(
      ...customers
        .filter(ownedBy('selling'))
        .filter((c) => c.level === 1 && !c.isBlocked && c.shippingCost > 0 && !/[%_]/.test(c.email)),
    );
  }
  const customer = found[2] ?? found.at(-1);
  if (!customer) throw new Error('no gold customer in the selling share');
  return customer;
}

/** A product with stock to spare (from the end of the list: the products journey works on the first ones). */
async function productWithStock(page: Page, skip = 0): Promise<ApiProduct> {
  const { items } = await get<{ items: ApiProduct[] }>(page, '/products?offset=0&limit=200');
  const fit = items.filter((p) => !p.archived && p.stock >= 10 && p.goldPrice > 0).reverse();
  const product = fit[4 + skip];
  if (!product) throw new Error('no product with stock');
  return product;
}

/** Customer picked, `quantity` units of `product` in the cart, the cart open, pickup chosen (no freight). */
async function cartWith(page: Page, customer: ApiCustomer, product: ApiProduct, quantity: number) {
  await emptyCart(pageApi(page), customer.id);
  await pageApi(page).call('POST', `/orders/cart/add/${customer.id}`, { productId: product.id, quantity });
  await page.goto('/admin/selling');
  const search = page.getByLabel('Pesquisar cliente por nome ou email');
  await search.fill(customer.email);
  await search.press('Enter');
  await page.getByRole('row').filter({ hasText: customer.email }).click();
  await page.getByRole('button', { name: 'Carrinho com 1 produto' }).click();
  await page.getByRole('heading', { name: `Produtos no carrinho de: ${customer.name}` }).waitFor();
  await page.getByRole('radio', { name: 'Retirada na loja' }).check();
}

describe('discounts: an attendant gives one within her maximum at checkout and sees it in the order', () => {
  let s: BrowserSession;
  let page: Page;

  beforeAll(async () => {
    s = await openBrowser({ width: 1366, height: 800 });
    page = s.page;
    await login(page, DEMO.attendant);
  });
  afterAll(() => s.close());

  it('5 % on a line: the totals follow as typed; 1 % more on the order is refused naming 5 %; the order shows it', async () => {
    const customer = await customerOfSelling(page);
    const product = await productWithStock(page);
    await cartWith(page, customer, product, 3);
    const goods = 3 * cents(product.goldPrice);
    // 5 % of the line, rounded half up to the cent (goods × 5 is a whole number of hundredths of a cent).
    const lineOff = Math.round((goods * 5) / 100);
    const totals = page.getByTestId('cart-totals');
    await totals.getByText(money(goods), { exact: true }).first().waitFor();
    await page.getByText('Seu desconto máximo: 5 %.').waitFor();

    await page.getByRole('textbox', { name: 'Desconto', exact: true }).fill('5');
    await expect.poll(async () => (await totals.textContent()) ?? '').toContain(`Total${money(goods - lineOff)}`);
    expect(await totals.textContent()).toContain(`Desconto-${money(lineOff)}`);
    await page.getByText(`− ${money(lineOff)} = ${money(goods - lineOff)}`).waitFor();
    await expectAccessible(page, 'vendas: carrinho com desconto');
    await screenshot(page, 'discounts-cart-desktop');

    // 1 % more on the whole order passes the role's 5 %: said at once, 'Finalizar Pedido' disabled.
    const orderField = page.getByRole('textbox', { name: 'Desconto no pedido' });
    await orderField.fill('1');
    const refusal = page.getByRole('alert').filter({
      hasText: 'O desconto passa do máximo da sua regra (5 %). Peça a um funcionário com permissão de desconto maior.',
    });
    await refusal.waitFor();
    expect(await page.getByRole('button', { name: 'Finalizar Pedido' }).isDisabled()).toBe(true);
    await screenshot(page, 'discounts-refused-desktop');

    await orderField.fill('');
    await refusal.waitFor({ state: 'detached' });
    await expect.poll(async () => (await totals.textContent()) ?? '').toContain(`Total${money(goods - lineOff)}`);
    const finish = page.getByRole('button', { name: 'Finalizar Pedido' });
    await expect.poll(() => finish.isEnabled()).toBe(true);
    await finish.click();
    await page.getByRole('heading', { name: `Ordem para: ${customer.name} concluída` }).waitFor();
    const code = ((await page.getByTestId('order-code').textContent()) ?? '').trim();

    // The order's details: the item's discount and the total's 'Desconto' line.
    await page.getByRole('button', { name: 'Ir para Pedidos' }).click();
    await page.waitForURL(/\/admin\/orders$/);
    await page.getByLabel('Código do pedido').fill(code);
    await page.getByRole('button', { name: 'Buscar', exact: true }).click();
    const row = page.getByRole('grid').getByRole('row').filter({ hasText: code });
    await row.waitFor();
    await expect.poll(() => row.getByRole('checkbox').isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Ver pedido', exact: true }).click();
    const details = page.getByRole('dialog', { name: `Detalhes do pedido ${code}` });
    await details.getByText(`Desconto no item: − ${money(lineOff)}`).waitFor();
    const composition = details.getByRole('table', { name: 'Composição do total' });
    expect(await composition.textContent()).toContain(`Desconto-${money(lineOff)}`);
    expect(await composition.textContent()).toContain(`Total${money(goods - lineOff)}`);
    await screenshot(page, 'discounts-order-details-desktop');
  });
});

describe("discounts: an order not yet separated gets its discount changed ('Desconto' on Pedidos)", () => {
  let s: BrowserSession;

  beforeAll(async () => {
    s = await openBrowser({ width: 1366, height: 800 });
    await login(s.page, DEMO.attendant);
  });
  afterAll(() => s.close());

  it('2 % on the whole cash order: the new total as typed, saved, the order says it', async () => {
    const { page } = s;
    const customer = await customerOfSelling(page);
    const product = await productWithStock(page, 2);
    await emptyCart(pageApi(page), customer.id);
    await pageApi(page).call('POST', `/orders/cart/add/${customer.id}`, { productId: product.id, quantity: 2 });
    const { orderId, code } = await pageApi(page).send<{ orderId: number; code: string }>(
      'POST',
      `/orders/checkout/${customer.id}`,
      { typeOfDelivery: 2, withWarranty: false, isFastDelivery: false },
    );
    const goods = 2 * cents(product.goldPrice);
    // 2 % of the goods, half up to the cent.
    const off = Math.round((goods * 2) / 100);

    await page.goto('/admin/orders');
    await page.getByLabel('Código do pedido').fill(code);
    await page.getByRole('button', { name: 'Buscar', exact: true }).click();
    const row = page.getByRole('grid').getByRole('row').filter({ hasText: code });
    await row.waitFor();
    await expect.poll(() => row.getByRole('checkbox').isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Desconto', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: `Desconto do pedido ${code}` });
    await dialog.getByRole('textbox', { name: 'Desconto no pedido' }).fill('2');
    await dialog.getByText(`Novo total: ${money(goods - off)}`).waitFor();
    await expectAccessible(page, 'pedidos: desconto do pedido');
    await screenshot(page, 'discounts-order-change-desktop');
    await dialog.getByRole('button', { name: 'Salvar desconto' }).click();
    await page.getByRole('alert').filter({ hasText: 'Desconto do pedido alterado.' }).first().waitFor();
    const detail = await get<{ data: { discount: number; total: number } }>(page, `/orders/by-id/${orderId}`);
    expect([cents(detail.data.discount), cents(detail.data.total)]).toEqual([off, goods - off]);
  });
});

describe('discounts on a phone', () => {
  let s: BrowserSession;

  beforeAll(async () => {
    s = await openBrowser({ width: 390, height: 844 });
    await login(s.page, DEMO.attendant);
  });
  afterAll(() => s.close());

  it('the line and order discount fields fit the screen', async () => {
    const { page } = s;
    const customer = await customerOfSelling(page);
    const product = await productWithStock(page, 1);
    await cartWith(page, customer, product, 2);
    const goods = 2 * cents(product.goldPrice);
    await page.getByRole('textbox', { name: 'Desconto', exact: true }).fill('3');
    const totals = page.getByTestId('cart-totals');
    const off = Math.round((goods * 3) / 100);
    await expect.poll(async () => (await totals.textContent()) ?? '').toContain(`Total${money(goods - off)}`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectAccessible(page, 'vendas: desconto no celular');
    await screenshot(page, 'discounts-cart-phone');
    // 12 % on the order passes her 5 %: the refusal and 'Pedir aprovação' fit the phone too (decision 0045).
    await page.getByRole('textbox', { name: 'Desconto no pedido' }).fill('12');
    await page.getByRole('button', { name: 'Pedir aprovação' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, 'discount-approval-ask-phone');
    await emptyCart(pageApi(page), customer.id);
  });
});

describe('discounts: above the maximum, a manager approves it from the bell (decision 0045)', () => {
  let seller: BrowserSession;
  let manager: BrowserSession;
  let managerPhone: BrowserSession;

  beforeAll(async () => {
    seller = await openBrowser({ width: 1366, height: 800 });
    await login(seller.page, DEMO.attendant);
    manager = await openBrowser({ width: 1366, height: 800 });
    await login(manager.page, DEMO.admin);
    managerPhone = await openBrowser({ width: 390, height: 844 });
    await login(managerPhone.page, DEMO.admin);
  });
  afterAll(async () => {
    await seller.close();
    await manager.close();
    await managerPhone.close();
  });

  it('12 % is refused for the attendant (5 %); she asks, the administrator approves in his bell, she finishes the sale', async () => {
    const { page } = seller;
    const customer = await customerOfSelling(page);
    const product = await productWithStock(page, 3);
    await cartWith(page, customer, product, 2);
    const goods = 2 * cents(product.goldPrice);
    // 12 % of the goods, half up to the cent.
    const off = Math.round((goods * 12) / 100);
    const totals = page.getByTestId('cart-totals');
    await totals.getByText(money(goods), { exact: true }).first().waitFor();

    await page.getByRole('textbox', { name: 'Desconto no pedido' }).fill('12');
    await page.getByRole('alert').filter({ hasText: 'O desconto passa do máximo da sua regra (5 %).' }).waitFor();
    const finish = page.getByRole('button', { name: 'Finalizar Pedido' });
    expect(await finish.isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Pedir aprovação' }).click();
    await page.getByText('Aguardando aprovação do desconto…').waitFor();
    expect(await finish.isDisabled()).toBe(true);
    await expectAccessible(page, 'vendas: aprovação de desconto pedida');
    await screenshot(page, 'discount-approval-asked-desktop');

    // The administrator's bell (another browser): the request, opened in its dialog.
    const admin = manager.page;
    await admin.reload();
    const bell = admin.getByRole('button', { name: /^Notificações: / });
    await bell.click();
    await admin
      .getByRole('menuitem')
      .filter({ hasText: `Beatriz Atendente pede 12 % para ${customer.name}.` })
      .first()
      .click();
    const dialog = admin.getByRole('dialog', { name: 'Aprovações de desconto' });
    const request = dialog.getByRole('region', { name: `Beatriz Atendente para ${customer.name}` });
    await request.getByText(`12 % — ${money(off)} de ${money(goods)} em produtos`).waitFor();
    await request.getByText(`2 × ${product.name} (${money(cents(product.goldPrice))})`).waitFor();
    await expectAccessible(admin, 'aprovações de desconto');
    await screenshot(admin, 'discount-approvals-dialog-desktop');

    // The same dialog on a phone: full screen, nothing wider than the screen.
    const phone = managerPhone.page;
    await phone.goto('/admin/dashboard#aprovacoes-desconto');
    await phone
      .getByRole('dialog', { name: 'Aprovações de desconto' })
      .getByRole('region', { name: `Beatriz Atendente para ${customer.name}` })
      .waitFor();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(phone, 'discount-approvals-dialog-phone');

    // Refusing needs a reason: said in the field.
    await request.getByRole('button', { name: 'Recusar' }).click();
    await request.getByRole('button', { name: 'Confirmar recusa' }).click();
    await request.getByText('Informe o motivo da recusa.').waitFor();
    await request.getByRole('button', { name: 'Cancelar' }).click();
    await request.getByRole('button', { name: 'Aprovar' }).click();
    // Decided, it leaves the list (the dialog is modal: its snackbar is behind it for a screen reader).
    await dialog.getByText('Nenhum pedido de aprovação de desconto aguardando.').waitFor();

    // The attendant's cart hears it (asked again while pending): the discount counts, the sale goes through.
    await page.getByText('Desconto aprovado por Ana Administradora.').waitFor({ timeout: 20_000 });
    await expect.poll(async () => (await totals.textContent()) ?? '').toContain(`Total${money(goods - off)}`);
    await screenshot(page, 'discount-approval-approved-desktop');
    await expect.poll(() => finish.isEnabled()).toBe(true);
    await finish.click();
    await page.getByRole('heading', { name: `Ordem para: ${customer.name} concluída` }).waitFor();
    // What is due at pickup: the total after the approved 12 %.
    await page
      .getByText(money(goods - off), { exact: false })
      .first()
      .waitFor();
    await screenshot(page, 'discount-approval-sold-desktop');
  });
});

/** A São Paulo day `daysAgo` before today, as the date fields take it (DDMMYYYY, typed section by section). */
function spDay(daysAgo: number): string {
  const day = new Date(Date.now() - daysAgo * 86_400_000);
  const [d, m, y] = new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo' }).format(day).split('/');
  return `${d}${m}${y}`;
}

describe("discounts: the administrator sets a role's maximum and reads 'Margem'", () => {
  let s: BrowserSession;

  beforeAll(async () => {
    s = await openBrowser({ width: 1366, height: 800 });
    await login(s.page, DEMO.admin);
  });
  afterAll(() => s.close());

  it("a new role with 'Desconto máximo na venda' 3 %: the list says it", async () => {
    const { page } = s;
    const roleName = `Caixa ${Date.now().toString(36)}`;
    await page.goto('/admin/roles');
    await page.getByRole('button', { name: 'Cadastrar Regra' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Nome da regra').fill(roleName);
    await dialog.getByLabel(/^Desconto máximo na venda/).fill('3');
    await dialog.getByRole('combobox', { name: 'Permissão' }).click();
    await page.getByRole('option', { name: 'Vendas internas (em nome do cliente)' }).click();
    await dialog.getByRole('button', { name: 'Adicionar' }).click();
    await expectAccessible(page, 'Cadastrar Regra com desconto máximo');
    await screenshot(page, 'discounts-role-dialog-desktop');
    await dialog.getByRole('button', { name: 'Cadastrar' }).click();
    await page.getByText('Regra criada com sucesso.').waitFor();
    const row = page.getByRole('row').filter({ hasText: roleName });
    await row.getByText('3 %', { exact: true }).waitFor();
    await page.getByRole('row').filter({ hasText: 'Administrador' }).getByText('Sem limite').waitFor();
  });

  it("'Margem' over the last 90 days: the demo's discounts netted out of the revenue", async () => {
    const { page } = s;
    await page.goto('/admin/reports');
    await page.getByRole('combobox', { name: /^Relatório/ }).click();
    await page.getByRole('listbox').getByRole('option', { name: 'Margem', exact: true }).click();
    for (const [label, day] of [
      ['Data inicial', spDay(89)],
      ['Data final', spDay(0)],
    ] as const) {
      await page
        .getByRole('group', { name: new RegExp(label) })
        .getByRole('spinbutton')
        .first()
        .click();
      await page.keyboard.type(day);
    }
    const answer = page.waitForResponse((r) => new URL(r.url()).pathname.startsWith('/api/reports/margin/'));
    await page.getByRole('button', { name: 'Gerar', exact: true }).click();
    expect((await answer).status()).toBe(200);
    const table = page.getByRole('grid', { name: 'Margem' });
    await table.locator('.MuiDataGrid-row').first().waitFor();
    // The demo gives discounts at the counter: the period's total of 'Descontos' is above zero.
    await expect.poll(async () => (await page.textContent('body')) ?? '').toMatch(/Descontos\s*R\$ [1-9]/);
    // The demo sells by card too: the acquirer's fees come off the margin in the totals (decision 0042).
    const totals = page.getByLabel('Total', { exact: true });
    expect(
      await totals.getByText('Taxas de cartão', { exact: true }).locator('xpath=following-sibling::*[1]').textContent(),
    ).toMatch(/^R\$ [1-9]/);
    await totals.getByText('Margem após taxas de cartão').waitFor();
    await screenshot(page, 'discounts-margin-report-desktop');
  });
});
