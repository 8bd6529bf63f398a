import { readFileSync } from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { journeyCustomer } from './fixtures';
import { type BrowserSession, DEMO, expectAccessible, login, openBrowser, pageApi, screenshot, tick } from './harness';

interface ApiCustomer {
  id: number;
  name: string;
  email: string;
  totalPurchase: number;
  isBlocked: boolean;
}

/** Reads the API with the signed-in page's token (to pick demo customers to work with). */
const apiGet = <T>(page: Page, path: string) => pageApi(page).get<T>(path);

const card = (page: Page, title: string) =>
  page.locator('.MuiCard-root').filter({ has: page.getByRole('heading', { name: title, exact: true }) });

/** Types into the table's Pesquisar box and waits for the row of `name`. */
async function findRow(table: Locator, name: string): Promise<Locator> {
  const search = table.getByPlaceholder('Pesquisar');
  await search.fill(name);
  const row = table.getByRole('row').filter({ hasText: name }).first();
  await row.waitFor();
  return row;
}

async function selectRow(table: Locator, name: string): Promise<Locator> {
  const row = await findRow(table, name);
  await tick(table.page(), row.getByRole('checkbox'));
  return row;
}

async function snackbar(page: Page, text: string) {
  await page.getByRole('alert').filter({ hasText: text }).waitFor();
}

async function chooseOption(page: Page, dialog: Locator, label: RegExp, option: string) {
  await dialog.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Types DD/MM/YYYY into a MUI X date field (its sections take the digits in order). */
async function typeDate(page: Page, dialog: Locator, label: string, ddmmyyyy: string) {
  const group = dialog.getByRole('group', { name: new RegExp(label) });
  await group.getByRole('spinbutton').first().click();
  await page.keyboard.type(ddmmyyyy.replace(/\D/g, ''));
}

describe('customers: approve, block, unblock, courier, details, history, CSV', () => {
  let s: BrowserSession;
  let page: Page;

  beforeAll(async () => {
    s = await openBrowser();
    page = s.page;
    await login(page, DEMO.attendant);
    await page.goto('/admin/customers');
    await card(page, 'Clientes Ativos').getByRole('row').nth(1).waitFor();
  });
  afterAll(() => s.close());

  it('approves a waiting customer with a level and a shipping cost', async () => {
    const waiting = await apiGet<{ customers: ApiCustomer[] }>(page, '/administrator/customers/unnaproved');
    const customer = waiting.customers[0];
    expect(customer).toBeDefined();
    if (!customer) return;
    await screenshot(page, 'customers-active');

    await page.getByRole('button', { name: /^Aguardando Aprovação/ }).click();
    const table = card(page, 'Clientes Aguardando Aprovação');
    await selectRow(table, customer.name);
    await screenshot(page, 'customers-awaiting');
    await table.getByRole('button', { name: 'Aprovar/Reprovar' }).click();
    const dialog = page.getByRole('dialog', { name: `Aprovar ou Reprovar: ${customer.name}` });
    await chooseOption(page, dialog, /Nível/, 'Prata');
    await dialog.getByLabel(/^Frete/).fill('15,90');
    await dialog.getByLabel(/^Garantia/).fill('10');
    await screenshot(page, 'customers-approve');
    await dialog.getByRole('button', { name: 'Aprovar' }).click();
    await snackbar(page, 'Cliente aprovado/reprovado com sucesso.');

    const details = await apiGet<{ data: { status: string; level: number; shippingCost: number } }>(
      page,
      `/administrator/customer/${encodeURIComponent(customer.email)}`,
    );
    expect(details.data).toMatchObject({ status: 'Approved', level: 2, shippingCost: 15.9 });
    if (await table.isVisible()) await table.getByRole('button', { name: 'Fechar' }).click();
    await findRow(card(page, 'Clientes Ativos'), customer.name);
  });

  it("blocks a customer with a reason, finds it under 'Clientes Bloqueados' and unblocks it", async () => {
    const customer = await journeyCustomer(pageApi(page), 'customers', {
      where: (c) => !c.isBlocked && c.totalPurchase > 0,
    });
    const activeCard = card(page, 'Clientes Ativos');
    await selectRow(activeCard, customer.name);
    await activeCard.getByRole('button', { name: 'Bloquear' }).click();
    const dialog = page.getByRole('dialog', { name: 'Informe o motivo do bloqueio' });
    await dialog.getByRole('button', { name: 'Confirmar' }).click();
    await dialog.getByText('Preencha o campo').waitFor();
    await dialog.getByLabel(/^Motivo/).fill('Pagamentos em atraso desde março');
    await screenshot(page, 'customers-block');
    await dialog.getByRole('button', { name: 'Confirmar' }).click();
    await snackbar(page, 'Cliente alterado com sucesso.');

    await page.getByRole('button', { name: /^Clientes Bloqueados/ }).click();
    const blockedCard = card(page, 'Clientes Bloqueados');
    const row = await selectRow(blockedCard, customer.name);
    expect(await row.textContent()).toContain('Pagamentos em atraso desde março');
    await screenshot(page, 'customers-blocked');
    await blockedCard.getByRole('button', { name: 'Desbloquear' }).click();
    await snackbar(page, 'Cliente alterado com sucesso.');
    await blockedCard.getByRole('row').filter({ hasText: customer.name }).waitFor({ state: 'detached' });
    await blockedCard.getByRole('button', { name: 'Fechar' }).click();
    await findRow(card(page, 'Clientes Ativos'), customer.name);
  });

  it("'Remover' a customer with orders says 'Cliente não pode ser deletado.' and why, and keeps him (issue 35)", async () => {
    const customer = await journeyCustomer(pageApi(page), 'customers', {
      nth: 2,
      where: (c) => !c.isBlocked && c.totalPurchase > 0,
    });
    const activeCard = card(page, 'Clientes Ativos');
    await selectRow(activeCard, customer.name);
    await activeCard.getByRole('button', { name: 'Remover' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirmar' }).click();
    const refusal = page
      .getByRole('alert')
      .filter({ hasText: /^Cliente não pode ser deletado\. Ele tem [\d.]+ pedidos? registrados?, que precisa/ });
    await refusal.waitFor();
    expect(await refusal.textContent()).toContain('para que não compre mais, bloqueie-o.');
    await screenshot(page, 'customers-remove-refused');
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'customers-remove-refused-phone');
    await page.setViewportSize({ width: 1366, height: 850 });
    await findRow(activeCard, customer.name);
  });

  it('associates a courier and shows it in the details', async () => {
    const customer = await journeyCustomer(pageApi(page), 'customers', { nth: 1 });
    const activeCard = card(page, 'Clientes Ativos');
    await selectRow(activeCard, customer.name);
    await activeCard.getByRole('button', { name: 'Associar Motoboy' }).click();
    const dialog = page.getByRole('dialog', { name: `Cliente: ${customer.name}` });
    await chooseOption(page, dialog, /Motoboy/, 'Eduardo Motoboy');
    await screenshot(page, 'customers-associate');
    await dialog.getByRole('button', { name: 'Associar' }).click();
    await snackbar(page, 'Associação realizada com sucesso.');
    await activeCard
      .getByRole('row')
      .filter({ hasText: customer.name })
      .filter({ hasText: 'Eduardo Motoboy' })
      .waitFor();

    await selectRow(activeCard, customer.name);
    await activeCard.getByRole('button', { name: 'Detalhes' }).click();
    const details = page.getByRole('dialog', { name: 'Detalhes do Cliente' });
    await details.getByRole('cell', { name: 'Eduardo Motoboy' }).waitFor();
    const type = await details.getByRole('table', { name: 'Cliente' }).getByRole('cell').nth(4).textContent();
    expect(['CPF', 'CNPJ']).toContain(type);
    await details.getByRole('cell', { name: customer.email }).waitFor();
    await screenshot(page, 'customers-details');
    await details.getByRole('button', { name: 'Fechar' }).click();
  });

  it('opens a history with orders, items and the total, and downloads historico.csv and relatorio.csv', async () => {
    const active = await apiGet<{ customers: ApiCustomer[] }>(page, '/customers');
    const customer = [...active.customers].sort((a, b) => b.totalPurchase - a.totalPurchase)[0];
    if (!customer) throw new Error('no active customer in the demo data');
    const activeCard = card(page, 'Clientes Ativos');
    await selectRow(activeCard, customer.name);
    await activeCard.getByRole('button', { name: 'Histórico', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: `Histórico do Cliente ${customer.name}` });
    await typeDate(page, dialog, 'Data inicial', '01/01/2020');
    await dialog.getByRole('button', { name: 'Gerar' }).click();
    await dialog.getByText('Total de todos os pedidos:').waitFor();
    expect(await dialog.getByText('Valor Total:').count()).toBeGreaterThan(0);
    expect(await dialog.getByText('Produto', { exact: true }).first().isVisible()).toBe(true);
    await screenshot(page, 'customers-history');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Baixar CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('historico.csv');
    const csv = readFileSync(await download.path(), 'utf8');
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    expect(csv).toContain('Código do Pedido;Status;Realizado em;Total');
    expect(csv).toContain('Total de todos os pedidos:');
    await dialog.getByRole('button', { name: 'Fechar' }).click();

    // 'Baixar CSV' of the table: every active customer from the server, not the selected row nor the page
    await activeCard.getByPlaceholder('Pesquisar').fill('');
    await activeCard.getByText(/^1–10 de /).waitFor();
    const { total } = await apiGet<{ total: number }>(page, '/customers?page=0&items=1');
    expect(total).toBeGreaterThan(10);
    const [table] = await Promise.all([
      page.waitForEvent('download'),
      activeCard.getByRole('button', { name: 'Baixar CSV' }).click(),
    ]);
    expect(table.suggestedFilename()).toBe('relatorio.csv');
    const report = readFileSync(await table.path(), 'utf8');
    const lines = report
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Nome;E-mail;Telefone;Documento;Inscrição estadual;Nível;Motoboy;Frete;Garantia;Total de compras',
    );
    expect(lines).toHaveLength(total + 1);
  });

  it('pages on the server and finds a customer of a later page by the search', async () => {
    const activeCard = card(page, 'Clientes Ativos');
    await activeCard.getByPlaceholder('Pesquisar').fill('');
    await activeCard.getByText(/^1–10 de /).waitFor();
    // the last customer by name is on the last page, not on the first
    const last = await apiGet<{ customers: ApiCustomer[]; total: number }>(
      page,
      '/customers?page=0&items=1&sort=name:desc',
    );
    const customer = last.customers[0];
    if (!customer) throw new Error('no active customer in the demo data');
    expect(await activeCard.getByText(`1–10 de ${last.total}`).isVisible()).toBe(true);
    expect(await activeCard.getByRole('row').filter({ hasText: customer.email }).count()).toBe(0);

    await activeCard.getByPlaceholder('Pesquisar').fill(customer.email.toUpperCase());
    await activeCard.getByRole('row').filter({ hasText: customer.email }).waitFor();
    await activeCard.getByText('1–1 de 1').waitFor();
    await screenshot(page, 'customers-search-later-page');

    await activeCard.getByPlaceholder('Pesquisar').fill('');
    await activeCard.getByRole('button', { name: /próxima página/i }).click();
    await activeCard.getByText(`11–20 de ${last.total}`).waitFor();
  });
  it('a customer edit appears in its history of changes, who, which action and the level from → to', async () => {
    const customer = await journeyCustomer(pageApi(page), 'customers', { nth: 2 });
    const before = await apiGet<{ data: { level: number } }>(
      page,
      `/administrator/customer/${encodeURIComponent(customer.email)}`,
    );
    // The spec's levels: Ouro 1, Prata 2, Bronze 3, anything else none.
    const names: Record<number, string> = { 1: 'Ouro', 2: 'Prata', 3: 'Bronze' };
    const from = names[before.data.level] ?? 'Sem nível';
    const to = from === 'Ouro' ? 'Prata' : 'Ouro';

    const activeCard = card(page, 'Clientes Ativos');
    await selectRow(activeCard, customer.name);
    await activeCard.getByRole('button', { name: 'Editar' }).click();
    const edit = page.getByRole('dialog', { name: `Editar Cliente: ${customer.name}` });
    await chooseOption(page, edit, /Nível/, to);
    await edit.getByRole('button', { name: 'Editar' }).click();
    await snackbar(page, 'Cliente editado com sucesso.');

    await selectRow(activeCard, customer.name);
    await activeCard.getByRole('button', { name: 'Histórico de alterações' }).click();
    const dialog = page.getByRole('dialog', { name: `Histórico de alterações: ${customer.name}` });
    const newest = dialog.getByRole('list', { name: 'Alterações' }).getByRole('listitem').first();
    await newest.getByText('Edição').waitFor();
    await newest.getByText('Beatriz Atendente').waitFor();
    const text = (await newest.textContent())?.replace(/\s+/g, ' ');
    expect(text).toContain(`Nível: ${from} → para ${to}`);
    await screenshot(page, 'customers-changes');
    await expectAccessible(page, 'clientes: histórico de alterações');
    await dialog.getByRole('button', { name: 'Fechar' }).click();
  });
});
