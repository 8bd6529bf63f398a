import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserSession, DEMO, expectAccessible, login, openBrowser, screenshot, tick, unique } from './harness';

/** Calls the API with the signed-in page's token. */
async function apiGet(page: Page, path: string): Promise<{ status: number; body: unknown }> {
  return page.evaluate(async (url) => {
    const response = await fetch(url, { headers: { Authorization: `Bearer ${localStorage.getItem('token')}` } });
    return { status: response.status, body: await response.json() };
  }, `/api${path}`);
}

async function snackbar(page: Page, text: string) {
  await page.getByRole('alert').filter({ hasText: text }).waitFor();
}

const table = (page: Page) => page.locator('.MuiDataGrid-root');

async function selectRow(page: Page, name: string): Promise<Locator> {
  await table(page).getByPlaceholder('Pesquisar').fill(name);
  const row = table(page).getByRole('row').filter({ hasText: name }).first();
  await row.waitFor();
  await tick(page, row.getByRole('checkbox'));
  return row;
}

async function chooseKeyType(page: Page, dialog: Locator, option: string) {
  await dialog.getByRole('combobox', { name: /Tipo da chave/ }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function deleteRow(page: Page, name: string) {
  await selectRow(page, name);
  await page.getByRole('button', { name: 'Deletar' }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirmação' });
  await confirm.getByText('Confirma operação?').waitFor();
  await confirm.getByRole('button', { name: 'Confirmar' }).click();
  await snackbar(page, 'Informacao bancaria removida com sucesso.');
  await table(page).getByPlaceholder('Pesquisar').fill(name);
  await table(page).getByRole('row').filter({ hasText: name }).waitFor({ state: 'detached' });
}

describe('settings: Pix keys, transfer accounts, automatic Pix', () => {
  let s: BrowserSession;
  let page: Page;

  beforeAll(async () => {
    s = await openBrowser();
    page = s.page;
    await login(page, DEMO.admin);
    await page.goto('/admin/settings');
    await table(page).getByText('Conta PJ Itaú').waitFor();
  });
  afterAll(() => s.close());

  it('lists the demo settings, the disabled key marked', async () => {
    const old = table(page).getByRole('row').filter({ hasText: 'Pix celular (antigo)' });
    await old.getByText('Desativada').waitFor();
    await table(page).getByText('Pix (CNPJ)').waitFor();
    await screenshot(page, 'settings-desktop');
  });

  it('warns under the webhook URL that a bank cannot reach http://localhost (issue 35)', async () => {
    const card = page.getByRole('region', { name: 'URL do webhook Pix' });
    const field = card.getByRole('textbox', { name: 'URL do webhook Pix' });
    // This server runs without PUBLIC_URL: its URL is this machine's.
    await expect
      .poll(() => field.inputValue())
      .toMatch(/^http:\/\/(localhost|127\.0\.0\.1):\d+\/api\/payments\/pix\/webhook\//);
    const warning = card.getByText(
      /^O banco não consegue chamar este endereço: (localhost|127\.0\.0\.1):\d+ é este computador/,
    );
    await warning.waitFor();
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, 'settings-webhook-warning-desktop');
    await page.setViewportSize({ width: 390, height: 844 });
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, 'settings-webhook-warning-phone');
    await page.setViewportSize({ width: 1366, height: 850 });
  });

  it("shows 'Mensagens do WhatsApp' and refuses an unknown placeholder as it is typed (nothing saved)", async () => {
    const card = page.getByRole('region', { name: 'Mensagens do WhatsApp' });
    const finished = card.getByRole('listitem', { name: 'Finalizados' });
    await finished.waitFor();
    await card.getByText('{codigo}', { exact: true }).waitFor();
    await finished.getByRole('button', { name: 'Editar: Finalizados' }).click();
    const dialog = page.getByRole('dialog', { name: 'Mensagem do status "Finalizados"' });
    await dialog.getByRole('textbox', { name: 'Mensagem' }).fill('Olá, {nome}!');
    await dialog.getByText('Marcador desconhecido: {nome}.', { exact: false }).waitFor();
    expect(await dialog.getByRole('button', { name: 'Salvar' }).isDisabled()).toBe(true);
    await screenshot(page, 'settings-whatsapp-invalid');
    await expectAccessible(page, 'Mensagem do WhatsApp');
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await dialog.waitFor({ state: 'detached' });
    // The service orders' message, with its own placeholders ({os}, {aparelho}).
    const repair = card.getByRole('listitem', { name: 'Ordem de serviço' });
    await repair.getByText('Número da ordem de serviço').waitFor();
    await repair.scrollIntoViewIfNeeded();
    await screenshot(page, 'settings-whatsapp-repair');
  });

  it('adds a Pix e-mail key (checked as it is typed), edits it, refuses a second CNPJ key, deletes it', async () => {
    const name = unique('Pix e-mail');
    await page.getByRole('button', { name: 'Novo PIX' }).click();
    const dialog = page.getByRole('dialog', { name: 'Novo PIX' });
    expect(await dialog.getByLabel('Tipo', { exact: true }).inputValue()).toBe('Pix');
    const save = dialog.getByRole('button', { name: 'Salvar' });
    expect(await save.isDisabled()).toBe(true);
    await dialog.getByLabel(/^Nome/).fill(name);
    await chooseKeyType(page, dialog, 'E-mail');
    const key = dialog.getByLabel(/^Chave Pix/);
    await key.fill('financeiro@');
    await key.blur();
    await dialog.getByText('E-mail inválido para chave Pix.').waitFor();
    expect(await save.isDisabled()).toBe(true);
    await screenshot(page, 'settings-new-pix-invalid');
    await key.fill('Financeiro@ConectaCell.com.br');
    await dialog.getByText('E-mail inválido para chave Pix.').waitFor({ state: 'detached' });
    await save.click();
    await snackbar(page, 'Conta alterada com sucesso.');
    await dialog.waitFor({ state: 'detached' });

    await selectRow(page, name);
    await page.getByRole('button', { name: 'Editar', exact: true }).click();
    const edit = page.getByRole('dialog', { name: 'Editar informação bancária' });
    expect(await edit.getByLabel(/^Chave Pix/).inputValue()).toBe('financeiro@conectacell.com.br');
    await edit.getByLabel(/^Nome/).fill(`${name} (financeiro)`);
    await edit.getByRole('button', { name: 'Salvar' }).click();
    await snackbar(page, 'Conta alterada com sucesso.');
    await table(page).getByText(`${name} (financeiro)`).waitFor();

    // The demo already has an active CNPJ key: a second one is refused, the modal stays open.
    await page.getByRole('button', { name: 'Novo PIX' }).click();
    const second = page.getByRole('dialog', { name: 'Novo PIX' });
    await second.getByLabel(/^Nome/).fill(unique('Outro CNPJ'));
    await chooseKeyType(page, second, 'CNPJ');
    await second.getByLabel(/^Chave Pix/).fill('11.222.333/0001-81');
    await second.getByRole('button', { name: 'Salvar' }).click();
    await second
      .getByRole('alert')
      .filter({ hasText: 'Já existe uma chave Pix do tipo CNPJ ativa. Desative-a antes de ativar outra.' })
      .waitFor();
    await screenshot(page, 'settings-pix-type-taken');
    await second.getByRole('button', { name: 'Cancelar' }).click();
    await second.waitFor({ state: 'detached' });

    await deleteRow(page, `${name} (financeiro)`);
  });

  it('adds a transfer account, edits its account, deletes it', async () => {
    const name = unique('Conta Bradesco');
    await page.getByRole('button', { name: 'Nova transferencia bancaria' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nova transferencia bancaria' });
    expect(await dialog.getByLabel('Tipo', { exact: true }).inputValue()).toBe('Transferência');
    await dialog.getByLabel(/^Nome/).fill(name);
    await dialog.getByLabel(/^Banco/).fill('237 - Bradesco');
    await dialog.getByLabel(/^Agência/).fill('1234-5');
    const account = dialog.getByLabel(/^Conta/);
    await account.fill('12345-67');
    await account.blur();
    await dialog.getByText('Conta inválida: números e o dígito verificador (ex.: 45873-2).').waitFor();
    await account.fill('0012345-6');
    await dialog.getByLabel(/^CNPJ do titular/).fill('11.222.333/0001-81');
    await screenshot(page, 'settings-new-transfer');
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await snackbar(page, 'Conta alterada com sucesso.');

    await selectRow(page, name);
    await page.getByRole('button', { name: 'Editar', exact: true }).click();
    const edit = page.getByRole('dialog', { name: 'Editar informação bancária' });
    expect(await edit.getByLabel(/^Banco/).inputValue()).toBe('Bradesco (237)');
    await edit.getByLabel(/^Conta/).fill('7654321');
    await edit.getByRole('button', { name: 'Salvar' }).click();
    await snackbar(page, 'Conta alterada com sucesso.');
    const list = (await apiGet(page, '/orders/bank-settings')).body as { data: { name: string; account: string }[] };
    expect(list.data.find((row) => row.name === name)?.account).toBe('765432-1');

    await deleteRow(page, name);
  });

  it('switches automatic Pix on and off; the merchant name and city feed the BR Code of an order', async () => {
    await page.getByRole('button', { name: 'Configurações da Empresa' }).click();
    const dialog = page.getByRole('dialog', { name: 'Configurações da Empresa' });
    const toggle = dialog.getByRole('switch', { name: 'Pix automático' });
    expect(await toggle.isChecked()).toBe(false);
    await toggle.check();
    await dialog.getByText(/Ligado: o pedido Pix aguarda a confirmação do banco/).waitFor();
    await dialog.getByLabel(/^Cidade do recebedor Pix/).fill('São Paulo');
    // The shop's address, printed on the order's PDF with its name and CNPJ (issue 35 §8).
    await dialog.getByLabel(/^Endereço da empresa/).fill('Rua Santa Ifigênia, 295 - Loja 12\nSão Paulo/SP · 01207-001');
    await screenshot(page, 'settings-company');
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await snackbar(page, 'Empresa alterada com sucesso.');
    await dialog.waitFor({ state: 'detached' });

    const company = (await apiGet(page, '/companies/settings/1')).body as { data: Record<string, unknown> };
    expect(company.data).toMatchObject({
      pixAuto: true,
      merchantName: 'CONECTA CELL',
      merchantCity: 'SAO PAULO',
      address: 'Rua Santa Ifigênia, 295 - Loja 12\nSão Paulo/SP · 01207-001',
    });

    const pix = await apiGet(page, '/orders/pix/1');
    expect(pix.status).toBe(200);
    const payload = (pix.body as { data: { payload: string } }).data.payload;
    expect(payload).toMatch(/^000201/);
    expect(payload).toContain('5912CONECTA CELL6009SAO PAULO');
    expect(payload).toMatch(/6304[0-9A-F]{4}$/);

    await page.getByRole('button', { name: 'Configurações da Empresa' }).click();
    const again = page.getByRole('dialog', { name: 'Configurações da Empresa' });
    expect(await again.getByRole('switch', { name: 'Pix automático' }).isChecked()).toBe(true);
    await again.getByRole('switch', { name: 'Pix automático' }).uncheck();
    await again.getByRole('button', { name: 'Salvar' }).click();
    await snackbar(page, 'Empresa alterada com sucesso.');
  });
});

describe('settings on a phone', () => {
  let s: BrowserSession;

  beforeAll(async () => {
    s = await openBrowser({ width: 390, height: 844 });
    await login(s.page, DEMO.admin);
  });
  afterAll(() => s.close());

  it('shows the buttons, the table and the Pix modal within the screen', async () => {
    const { page } = s;
    await page.goto('/admin/settings');
    await table(page).getByText('Conta PJ Itaú').waitFor();
    await screenshot(page, 'settings-phone');
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await page.getByRole('button', { name: 'Novo PIX' }).click();
    const dialog = page.getByRole('dialog', { name: 'Novo PIX' });
    await chooseKeyType(page, dialog, 'Celular');
    await page.getByRole('listbox').waitFor({ state: 'detached' });
    await dialog.getByLabel(/^Chave Pix/).fill('(11) 98765-43');
    await dialog.getByLabel(/^Chave Pix/).blur();
    await dialog.getByText('Celular inválido: informe +55, DDD e número, com 10 ou 11 dígitos.').waitFor();
    await screenshot(page, 'settings-phone-new-pix');
  });
});
