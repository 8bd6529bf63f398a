import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type BrowserSession,
  expectAccessible,
  login,
  openBrowser,
  openPhone,
  screenshot,
  waitForNetworkIdle,
} from './harness';
import { type OwnServer, startOwnServer } from './own-server';

/**
 * Issue 21 §1 on a shop of its own: a database without demo data (DEMO_DATA=false), where the only
 * employee is the administrator the server creates from ADMIN_EMAIL and ADMIN_PASSWORD. The shared
 * journeys' server has the demo business, whose setup is already done, so this journey starts its own.
 */
const ADMIN_EMAIL = 'dono@lojanova.com.br';
// The first administrator's password follows the strength rule of every password (bootstrap.ts).
const ADMIN_PASSWORD = 'Jabuticaba-Azul-Ladeira-4817';
const COMPANY = 'Loja Nova Celulares Ltda';

async function snackbar(page: Page, text: string) {
  await page.getByRole('alert').filter({ hasText: text }).waitFor();
}

describe("first run: the administrator of a new shop fills in 'Configuração inicial'", () => {
  let server: OwnServer;
  let s: BrowserSession;
  let page: Page;

  beforeAll(async () => {
    server = await startOwnServer({ DEMO_DATA: 'false', ADMIN_EMAIL, ADMIN_PASSWORD });
    s = await openBrowser(undefined, undefined, { baseURL: server.baseURL });
    page = s.page;
  });
  afterAll(async () => {
    await s?.close();
    await server?.stop();
  });

  it('opens by itself after the first sign-in and refuses an invalid CNPJ in Portuguese', async () => {
    await login(page, ADMIN_EMAIL, ADMIN_PASSWORD);
    const dialog = page.getByRole('dialog', { name: 'Configuração inicial' });
    await dialog.waitFor();
    await dialog.getByRole('heading', { name: 'Horários de saída dos motoboys' }).waitFor();
    // The default week is offered: Monday 10:40 and 14:10.
    expect(await dialog.getByRole('textbox', { name: 'Segunda' }).inputValue()).toBe('10:40, 14:10');
    await expectAccessible(page, 'Configuração inicial');

    const cnpj = dialog.getByRole('textbox', { name: 'CNPJ' });
    await cnpj.fill('11.222.333/0001-80');
    await cnpj.blur();
    await dialog.getByText('CNPJ inválido: confira os 14 caracteres e os dígitos verificadores.').waitFor();
    expect(await dialog.getByRole('button', { name: 'Concluir' }).isDisabled()).toBe(true);
    await screenshot(page, 'first-run-invalid-cnpj');
    await expectAccessible(page, 'Configuração inicial (CNPJ inválido)');
  });

  it("asks 'Pix automático' on a phone too, with what each answer does", async () => {
    const phone = await openPhone({ baseURL: server.baseURL });
    try {
      await login(phone.page, ADMIN_EMAIL, ADMIN_PASSWORD);
      const dialog = phone.page.getByRole('dialog', { name: 'Configuração inicial' });
      const pixAuto = dialog.getByRole('radiogroup', { name: /^Pix automático/ });
      await pixAuto.scrollIntoViewIfNeeded();
      await pixAuto.getByRole('radio', { name: /^Não, deixar desligado: .*"Pix recebido"/ }).waitFor();
      await expectAccessible(phone.page, 'Configuração inicial no celular');
      await screenshot(phone.page, 'first-run-pix-auto-phone');
    } finally {
      await phone.close();
    }
  });

  it('finishes with a valid CNPJ, the company, the Pix city and key, and a changed departure', async () => {
    const dialog = page.getByRole('dialog', { name: 'Configuração inicial' });
    const cnpj = dialog.getByRole('textbox', { name: 'CNPJ' });
    await cnpj.fill('11.222.333/0001-81');
    await cnpj.blur();
    await dialog.getByText('CNPJ inválido', { exact: false }).waitFor({ state: 'detached' });
    await dialog.getByRole('textbox', { name: 'Nome da empresa' }).fill(COMPANY);
    await dialog.getByRole('textbox', { name: 'Cidade (recebedor Pix)' }).fill('SAO PAULO');
    await dialog.getByRole('combobox', { name: /Tipo da chave/ }).click();
    await page.getByRole('option', { name: 'E-mail', exact: true }).click();
    await dialog.getByRole('textbox', { name: 'Chave Pix' }).fill('pix@lojanova.com.br');
    await dialog.getByRole('textbox', { name: 'Segunda' }).fill('10:40, 15:30');

    // 'Pix automático' is asked, each answer saying what it does (issue 35 §4); the setup waits for the answer.
    const pixAuto = dialog.getByRole('radiogroup', { name: /^Pix automático/ });
    await pixAuto.scrollIntoViewIfNeeded();
    await dialog.getByText(/^Escolha se o Pix automático fica ligado\./).waitFor();
    const finish = dialog.getByRole('button', { name: 'Concluir' });
    expect(await finish.isDisabled()).toBe(true);
    await screenshot(page, 'first-run-pix-auto-asked');
    await pixAuto.getByRole('radio', { name: /^Sim, ligar: o pedido Pix aguarda o banco/ }).check();
    await screenshot(page, 'first-run-filled');
    await expectAccessible(page, 'Configuração inicial (preenchida)');

    await expect.poll(() => finish.isEnabled()).toBe(true);
    await finish.click();
    await dialog.waitFor({ state: 'detached' });

    // The next step offers the backups' passphrase and says where to keep it (issue 53 finding 13, decision 0068).
    const step = page.getByRole('dialog', { name: 'Senha dos backups' });
    await step.getByText(/^Guarde a senha fora do servidor: num gerenciador de senhas da loja/).waitFor();
    await screenshot(page, 'first-run-backup-passphrase');
    await step.getByRole('textbox', { name: 'Senha dos backups' }).fill('cofre da loja nova no centro');
    await step.getByRole('textbox', { name: 'Repita a senha' }).fill('cofre da loja nova no centro');
    await step.getByRole('button', { name: 'Definir senha' }).click();
    await snackbar(page, 'Senha dos backups definida: os próximos backups saem criptografados.');
    await step.waitFor({ state: 'detached' });
  });

  it('does not open again after a reload, and Configurações shows what was saved', async () => {
    await page.reload();
    await waitForNetworkIdle(page);
    expect(await page.getByRole('dialog', { name: 'Configuração inicial' }).count()).toBe(0);

    await page.goto('/admin/settings');
    const departures = page.getByRole('region', { name: 'Horários de saída dos motoboys' });
    await expect.poll(() => departures.getByRole('textbox', { name: 'Segunda' }).inputValue()).toBe('10:40, 15:30');
    expect(await departures.getByRole('textbox', { name: 'Terça' }).inputValue()).toBe('10:40, 14:10');
    await waitForNetworkIdle(page);
    // Done: no 'Concluir configuração inicial' offer, and the dialog did not open here either.
    expect(await page.getByText('A configuração inicial da empresa ainda não foi concluída.').count()).toBe(0);
    expect(await page.getByRole('dialog', { name: 'Configuração inicial' }).count()).toBe(0);
    await screenshot(page, 'first-run-settings');
    await expectAccessible(page, 'Configurações após a configuração inicial');

    await page.getByRole('button', { name: 'Configurações da Empresa' }).click();
    const company = page.getByRole('dialog', { name: 'Configurações da Empresa' });
    await expect.poll(() => company.getByRole('textbox', { name: 'Nome da empresa' }).inputValue()).toBe(COMPANY);
    expect(await company.getByRole('textbox', { name: 'CNPJ' }).inputValue()).toBe('11.222.333/0001-81');
    // The answer to 'Pix automático' was saved: the company's switch is on.
    expect(await company.getByRole('switch', { name: 'Pix automático' }).isChecked()).toBe(true);
    await screenshot(page, 'first-run-company');
    await expectAccessible(page, 'Configurações da Empresa');
  });
});
