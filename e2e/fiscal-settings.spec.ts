import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  CERTIFICATE_MAX_BYTES,
  FISCAL_SETUP_TEXTS,
  type FiscalIssuer,
  formatDocument,
  normalizeDocument,
  type ProductListPage,
} from '@backoffice/contract';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  makeTestCertificate,
  TEST_CERTIFICATE_HOLDER,
  TEST_CERTIFICATE_PASSWORD,
} from '../apps/api/src/modules/fiscal/test-certificate';
import {
  type ApiClient,
  type BrowserSession,
  DEMO,
  expectAccessible,
  login,
  openBrowser,
  pageApi,
  screenshot,
  settled,
  waitForNetworkIdle,
} from './harness';

/**
 * 'Configurações' → 'Fiscal' (issue 41 §1): the administrator edits the demo's issuer (the demo company's CNPJ, as GET
 * /fiscal/issuer suggests it; the city searched by name in the IBGE table; the numbering and the CSC), uploads an A1 certificate of that CNPJ
 * (made here, self-signed: test-certificate.ts; a file over 64 KB and a wrong password refused first), creates the
 * Simples Nacional profile 'Celulares - Simples' (the '—' of 'Celulares — Simples' is refused: the NF-e's Latin-1)
 * and applies it to one phone; the cards show it all, on a desktop and on a phone (no sideways scroll, the dialogs
 * full screen).
 */

const PROFILE = 'Celulares - Simples';
const snackbar = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text }).waitFor();
const region = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

async function choose(page: Page, dialog: Locator, label: RegExp, option: string) {
  await dialog.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** The page fits the phone's width: nothing scrolls sideways. */
async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
}

describe('fiscal settings: issuer, A1 certificate, a profile applied to a phone', () => {
  let s: BrowserSession;
  let page: Page;
  let api: ApiClient;
  let issuer: FiscalIssuer;
  let pfxFile: string;
  let tooLarge: string;

  beforeAll(async () => {
    s = await openBrowser({ width: 1366, height: 900 });
    page = s.page;
    await login(page, DEMO.admin);
    api = pageApi(page);
    issuer = (await api.get<{ data: FiscalIssuer }>('/fiscal/issuer')).data;
    const dir = mkdtempSync(path.join(tmpdir(), 'a1-'));
    pfxFile = path.join(dir, 'certificado-a1.pfx');
    tooLarge = path.join(dir, 'grande-demais.pfx');
    writeFileSync(pfxFile, makeTestCertificate({ cnpj: issuer.cnpj ?? undefined }).pfx);
    writeFileSync(tooLarge, Buffer.alloc(CERTIFICATE_MAX_BYTES + 1024));
    await page.goto('/admin/settings');
    await page.getByRole('heading', { name: 'Fiscal', level: 2 }).waitFor();
  });
  afterAll(() => s.close());

  it("shows the demo's issuer (the company's CNPJ) and edits it: the city searched by name, numbering, CSC", async () => {
    // The demo ships its issuer saved with the CNPJ of 'Configurações da Empresa' (the one GET /fiscal/issuer
    // suggests while none is saved), Simples Nacional, in homologação, without a CSC.
    const company = (await api.get<{ data: { cnpj: string | null } }>('/companies/settings/1')).data;
    expect(issuer.cnpj).toBe(normalizeDocument(company.cnpj ?? ''));
    const cnpj = formatDocument(issuer.cnpj);
    const card = region(page, 'Emitente');
    await card.getByText(cnpj, { exact: true }).waitFor();
    await card.getByText('1 - Simples Nacional').waitFor();
    await card.getByText('Homologação', { exact: true }).waitFor();
    await card.getByText('Ambiente de testes da SEFAZ: as notas não têm valor fiscal.').waitFor();
    await card.getByText('Não configurado: necessário para emitir NFC-e').waitFor();
    await card.scrollIntoViewIfNeeded();
    await waitForNetworkIdle(page);
    await settled(page);
    await expectAccessible(page, 'configurações: fiscal');
    await screenshot(page, 'fiscal-1-issuer-desktop');

    await card.getByRole('button', { name: 'Editar emitente' }).click();
    const dialog = page.getByRole('dialog', { name: 'Dados do emitente' });
    expect(await dialog.getByLabel(/^CNPJ/).inputValue()).toBe(cnpj);
    expect(await dialog.getByLabel(/^Razão social/).inputValue()).toBe(issuer.legalName);
    await dialog.getByLabel(/^Telefone/).fill('');
    await dialog.getByLabel(/^Telefone/).pressSequentially('1133334444');
    expect(await dialog.getByLabel(/^Telefone/).inputValue()).toBe('(11) 3333-4444');
    await dialog.getByLabel(/^CEP/).fill('');
    await dialog.getByLabel(/^CEP/).pressSequentially('01207001');
    expect(await dialog.getByLabel(/^CEP/).inputValue()).toBe('01207-001');
    // The municipality searched by name in the IBGE table as it is typed (within SP); the chosen one fills its code.
    const city = dialog.getByRole('combobox', { name: /^Município/ });
    await dialog.getByText('Código IBGE: 3550308').waitFor();
    await city.fill('');
    await city.pressSequentially('Campinas', { delay: 30 });
    await page.getByRole('option', { name: 'Campinas/SP · 3509502' }).click();
    await dialog.getByText('Código IBGE: 3509502').waitFor();
    await city.fill('');
    await city.pressSequentially('São Paulo', { delay: 30 });
    const saoPaulo = page.getByRole('option', { name: 'São Paulo/SP · 3550308' });
    await saoPaulo.waitFor();
    await expectAccessible(page, 'dados do emitente: busca do município');
    await screenshot(page, 'fiscal-2-city-search-desktop');
    await saoPaulo.click();
    await dialog.getByText('Código IBGE: 3550308').waitFor();
    await dialog.getByLabel(/^Próximo número da NF-e/).fill('1532');
    await dialog.getByLabel(/^Identificador do CSC/).fill('000001');
    await dialog.getByLabel(/^CSC$/).fill('A1B2C3D4E5F6G7H8');
    await settled(page);
    await expectAccessible(page, 'dados do emitente');
    await screenshot(page, 'fiscal-3-issuer-dialog-desktop');
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await snackbar(page, FISCAL_SETUP_TEXTS.issuerSaved);
    await dialog.waitFor({ state: 'detached' });

    await card.getByText(/São Paulo\/SP · 01207-001 · IBGE 3550308/).waitFor();
    await card.getByText('(11) 3333-4444').waitFor();
    await card.getByText('Série 1 · próximo número 1.532').waitFor();
    await card.getByText('Configurado (identificador 000001)').waitFor();
    const saved = (await api.get<{ data: FiscalIssuer }>('/fiscal/issuer')).data;
    expect(saved).toMatchObject({
      saved: true,
      cnpj: issuer.cnpj,
      ie: issuer.ie,
      crt: 1,
      environment: 2,
      phone: '1133334444',
      cscId: '000001',
      cscConfigured: true,
      nfe: { series: 1, nextNumber: 1532 },
      address: { cityCode: '3550308', cityName: 'São Paulo', uf: 'SP', cep: '01207001' },
    });
  });

  it('uploads the A1 certificate of the issuer: a file over 64 KB and a wrong password refused first', async () => {
    const card = region(page, 'Certificado digital (A1)');
    await card.getByText(/Nenhum certificado instalado/).waitFor();
    await card.getByRole('button', { name: 'Enviar certificado' }).click();
    const dialog = page.getByRole('dialog', { name: 'Enviar certificado A1' });
    const input = dialog.locator('input[type="file"]');
    // Over 64 KB: refused here, before anything is sent.
    let sent = 0;
    const count = (request: { url(): string; method(): string }) => {
      if (request.method() === 'POST' && request.url().endsWith('/api/fiscal/certificate')) sent++;
    };
    page.on('request', count);
    await input.setInputFiles(tooLarge);
    await dialog.getByText(FISCAL_SETUP_TEXTS.certificateTooLarge).waitFor();
    await dialog.getByLabel(/^Senha do certificado/).fill('senha errada');
    await dialog.getByRole('button', { name: 'Enviar' }).click();
    await page.waitForTimeout(300);
    expect(sent).toBe(0);
    await screenshot(page, 'fiscal-4-certificate-too-large-desktop');

    // The certificate, with a wrong password: the server's refusal in Portuguese, inside the dialog.
    await input.setInputFiles(pfxFile);
    await dialog.getByText(/^certificado-a1\.pfx \(\d+(,\d)? KB\)$/).waitFor();
    await dialog.getByRole('button', { name: 'Enviar' }).click();
    await dialog.getByRole('alert').filter({ hasText: FISCAL_SETUP_TEXTS.certificatePasswordWrong }).waitFor();
    expect(sent).toBe(1);
    await expectAccessible(page, 'enviar certificado: senha incorreta');
    await screenshot(page, 'fiscal-5-certificate-wrong-password-desktop');
    page.off('request', count);

    await dialog.getByLabel(/^Senha do certificado/).fill(TEST_CERTIFICATE_PASSWORD);
    await dialog.getByRole('button', { name: 'Enviar' }).click();
    await snackbar(page, FISCAL_SETUP_TEXTS.certificateUploaded);
    await dialog.waitFor({ state: 'detached' });
    await card.getByText(TEST_CERTIFICATE_HOLDER, { exact: true }).waitFor();
    await card.getByText(formatDocument(issuer.cnpj), { exact: true }).waitFor();
    await card.getByText(/^Válido até \d{2}\/\d{2}\/\d{4} · faltam 36\d dias$/).waitFor();
    await card.getByText(/^([0-9A-F]{2}:){19}[0-9A-F]{2}$/).waitFor();
    await card.scrollIntoViewIfNeeded();
    await settled(page);
    await expectAccessible(page, 'configurações: certificado instalado');
    await screenshot(page, 'fiscal-6-certificate-desktop');
  });

  it(`creates '${PROFILE}' (CSOSN, as the issuer's Simples Nacional) and applies it to a phone`, async () => {
    const card = region(page, 'Perfis fiscais');
    await card.getByRole('button', { name: 'Novo perfil' }).click();
    const dialog = page.getByRole('dialog', { name: 'Novo perfil fiscal' });
    await dialog.getByText('O emitente é do Simples Nacional: o ICMS é informado pelo CSOSN.').waitFor();
    const name = dialog.getByLabel(/^Nome do perfil/);
    // The NF-e's texts are Latin-1: the long dash is refused as it is typed.
    await name.fill('Celulares — Simples');
    await name.blur();
    await dialog.getByText(FISCAL_SETUP_TEXTS.textCharacters).waitFor();
    await name.fill(PROFILE);
    await dialog.getByText(FISCAL_SETUP_TEXTS.textCharacters).waitFor({ state: 'detached' });
    await dialog.getByLabel(/^CFOP dentro do estado/).fill('5405');
    await dialog.getByLabel(/^CFOP fora do estado/).fill('6404');
    await choose(page, dialog, /^CSOSN/, '500 - ICMS cobrado anteriormente por substituição tributária ou antecipação');
    await choose(page, dialog, /^CST do PIS/, '49 - Outras operações de saída');
    await choose(page, dialog, /^CST da COFINS/, '49 - Outras operações de saída');
    // The reform's group: its switch offers 2026's test rates (here only looked at: the Simples sends none).
    const ibsCbs = dialog.getByRole('switch', { name: /IBS\/CBS/ });
    await ibsCbs.click();
    expect(await dialog.getByLabel(/^Alíquota da CBS/).inputValue()).toBe('0,9');
    expect(await dialog.getByLabel(/^Alíquota do IBS \(UF\)/).inputValue()).toBe('0,1');
    expect(await dialog.getByLabel(/^Alíquota do IBS \(município\)/).inputValue()).toBe('0');
    await settled(page);
    await expectAccessible(page, 'novo perfil fiscal');
    await screenshot(page, 'fiscal-7-profile-dialog-desktop');
    await ibsCbs.click();
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await snackbar(page, FISCAL_SETUP_TEXTS.profileSaved(PROFILE));
    await dialog.waitFor({ state: 'detached' });

    const item = card.getByRole('listitem', { name: PROFILE });
    await item.getByText('5405 / 6404').waitFor();
    await item.getByText('CSOSN 500 · 0 %').waitFor();
    await item.getByText('Sem IBS/CBS').waitFor();
    await item.getByText('Nenhum produto').waitFor();

    // A phone of the demo, searched by its code in the dialog.
    let product: ProductListPage['items'][number] | undefined;
    for (let offset = 0; !product && offset < 2000; offset += 200) {
      const found = await api.get<ProductListPage>(`/products/list?offset=${offset}&limit=200&search=Samsung%20Galaxy`);
      product = found.items.find((item) => item.serialized);
      if (found.items.length < 200) break;
    }
    if (!product) throw new Error('the demo has no Galaxy phone');
    await item.getByRole('button', { name: `Aplicar a produtos: ${PROFILE}` }).click();
    const apply = page.getByRole('dialog', { name: `Aplicar o perfil ${PROFILE} a produtos` });
    await apply.getByRole('combobox', { name: /^Produtos/ }).pressSequentially(product.code, { delay: 30 });
    const option = page.getByRole('option', { name: `${product.code} · ${product.name}` });
    await option.waitFor();
    await option.click();
    await page.keyboard.press('Escape');
    await apply.getByText(`${product.code} · ${product.name}`).waitFor();
    await settled(page);
    await expectAccessible(page, 'aplicar perfil a produtos');
    await screenshot(page, 'fiscal-8-apply-desktop');
    await apply.getByRole('button', { name: 'Aplicar' }).click();
    await snackbar(page, FISCAL_SETUP_TEXTS.profileAssigned(PROFILE, 1));
    await apply.waitFor({ state: 'detached' });
    await item.getByText('1 produto', { exact: true }).waitFor();
    await item.scrollIntoViewIfNeeded();
    await settled(page);
    await expectAccessible(page, 'configurações: perfis fiscais');
    await screenshot(page, 'fiscal-9-profiles-desktop');
  });

  it('on a phone: the cards fit the width, the dialogs take the whole screen', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    try {
      await page.reload();
      const issuer = region(page, 'Emitente');
      await issuer.getByText('Série 1 · próximo número 1.532').waitFor();
      await region(page, 'Certificado digital (A1)').getByText(TEST_CERTIFICATE_HOLDER, { exact: true }).waitFor();
      await region(page, 'Perfis fiscais').getByRole('listitem', { name: PROFILE }).waitFor();
      await waitForNetworkIdle(page);
      await settled(page);
      await expectNoSidewaysScroll(page);
      await expectAccessible(page, 'configurações: fiscal no celular');
      await page.getByRole('heading', { name: 'Fiscal', level: 2 }).scrollIntoViewIfNeeded();
      await screenshot(page, 'fiscal-10-page-phone');

      await issuer.getByRole('button', { name: 'Editar emitente' }).click();
      const dialog = page.getByRole('dialog', { name: 'Dados do emitente' });
      await dialog.getByText('Código IBGE: 3550308').waitFor();
      const box = await dialog.boundingBox();
      expect(box?.width).toBe(390);
      await settled(page);
      await expectNoSidewaysScroll(page);
      await expectAccessible(page, 'dados do emitente no celular');
      await screenshot(page, 'fiscal-11-issuer-dialog-phone');
      await dialog.getByRole('button', { name: 'Cancelar' }).click();
      await dialog.waitFor({ state: 'detached' });

      await region(page, 'Perfis fiscais')
        .getByRole('button', { name: `Editar: ${PROFILE}` })
        .click();
      const profile = page.getByRole('dialog', { name: `Editar o perfil ${PROFILE}` });
      await profile.getByLabel(/^Nome do perfil/).waitFor();
      expect((await profile.boundingBox())?.width).toBe(390);
      await settled(page);
      await expectAccessible(page, 'perfil fiscal no celular');
      await screenshot(page, 'fiscal-12-profile-dialog-phone');
      // The CSOSN's long names wrap within the phone's width.
      await profile.getByRole('combobox', { name: /^CSOSN/ }).click();
      await page.getByRole('option', { name: /^500 - / }).waitFor();
      await settled(page);
      await expectNoSidewaysScroll(page);
      await screenshot(page, 'fiscal-12b-csosn-menu-phone');
      await page.keyboard.press('Escape');
      await profile.getByRole('button', { name: 'Cancelar' }).click();
      await profile.waitFor({ state: 'detached' });

      await region(page, 'Certificado digital (A1)').getByRole('button', { name: 'Enviar certificado' }).click();
      const upload = page.getByRole('dialog', { name: 'Enviar certificado A1' });
      await upload.getByRole('button', { name: 'Escolher arquivo' }).waitFor();
      expect((await upload.boundingBox())?.width).toBe(390);
      await settled(page);
      await expectAccessible(page, 'enviar certificado no celular');
      await screenshot(page, 'fiscal-13-certificate-dialog-phone');
      await upload.getByRole('button', { name: 'Cancelar' }).click();
      await upload.waitFor({ state: 'detached' });
    } finally {
      await page.setViewportSize({ width: 1366, height: 900 });
    }
  });
});
