import type { FiscalNote } from '@backoffice/contract';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestSefaz } from '../apps/api/src/modules/fiscal/sefaz/test-sefaz';
import { TEST_CERTIFICATE_CNPJ } from '../apps/api/src/modules/fiscal/test-certificate';
import { issuerBody, simplesProfileBody } from '../apps/api/src/modules/fiscal/test-fiscal-bodies';
import { openFiscalShop } from './fiscal-shop';
import { closeJourneyDrawer, journeyProduct, openJourneyDrawer } from './fixtures';
import {
  type ApiClient,
  type BrowserSession,
  DEMO,
  expectAccessible,
  login,
  openBrowser,
  pdfTextOf,
  screenshot,
  selectOrder,
  settled,
  tick,
  unique,
  waitForNetworkIdle,
} from './harness';
import type { OwnServer } from './own-server';

/**
 * Issue 55's "done when", in the browser: a product without CEST, invoiced under ICMS-ST, is refused before anything
 * is sent, the product named; once its CEST is filled in through the product's form, the note is authorised by the
 * strict SEFAZ double (test-sefaz.ts: signature, key, environment and the published content rules, 806 among them)
 * and its DANFE shows the buyer's CPF and the approximate taxes ('Tributos Totais Incidentes', Lei 12.741/2012).
 *
 * On a shop of its own (the demo business, with São Paulo's IBPT table of its NCMs): the issuer of the test
 * certificate's CNPJ in homologação, its A1 trusted by the double. A charger (NCM 8504.40.10) is registered without
 * a CEST while the default profile is of the Simples Nacional (CSOSN 102); then the shop makes its ICMS-ST profile
 * (CSOSN 500, CFOP 5405) the default, so the charger is invoiced under substitution without its CEST — as a product
 * registered before its profile changed. The administrator sells it at the counter to a walk-in who asks for his
 * 'CPF na nota' (529.982.247-25), in cash, and emits the NFC-e from the orders' toolbar.
 *
 * Figures by hand: one charger at R$ 100,00; IBPT's row of 8504.40.10 in SP (the demo's table): national federal
 * 15,28 %, state 18 %, municipal 0 % → R$ 15,28 + R$ 18,00 + R$ 0,00 = R$ 33,28.
 */

const ISSUER = issuerBody({ cnpj: TEST_CERTIFICATE_CNPJ, ie: '110030400125' });
/** The shop's ICMS-ST profile made the default (the demo's phones' one is not: a profile of the journey's own). */
const ST_PROFILE = {
  ...simplesProfileBody(unique('Jornada ICMS-ST')),
  cfopInState: '5405',
  cfopOutOfState: '6404',
  icmsCsosn: '500',
};
const CHARGER_NCM = '85044010';
/** Convênio ICMS 142/2018, anexo XXI, item 37.0: 'Carregadores de acumuladores' of NCM 8504.40.10. */
const CHARGER_CEST = '21.037.00';

const flat = (text: string) => text.replace(/\s+/g, ' ');

/** Opens the order's 'Nota fiscal' from the orders' toolbar and clicks 'Emitir': the dialog and the server's answer. */
async function emitFromToolbar(page: Page, code: string) {
  await selectOrder(page, code);
  await page.getByRole('button', { name: 'Nota fiscal', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: `Nota fiscal do pedido ${code}` });
  const nfce = dialog.getByRole('radio', { name: /^NFC-e \(modelo 65\)/ });
  await nfce.waitFor();
  // A walk-in at the counter: the NFC-e is suggested.
  expect(await nfce.isChecked()).toBe(true);
  const sent = page.waitForResponse(
    (r) => new URL(r.url()).pathname === '/api/fiscal/notes' && r.request().method() === 'POST',
  );
  await dialog.getByRole('button', { name: 'Emitir' }).click();
  return { dialog, answer: await sent };
}

describe('the published rules before sending (issue 55): a product without CEST named, then its note authorised', () => {
  let sefaz: TestSefaz;
  let server: OwnServer;
  let admin: ApiClient & { token: string };
  let s: BrowserSession;
  let page: Page;
  let registerId = 0;
  let charger: { id: number; code: string; name: string };
  let saleCode = '';

  beforeAll(async () => {
    ({ sefaz, server, admin } = await openFiscalShop(ISSUER));

    // Registered while the default profile is the Simples Nacional's CSOSN 102: no CEST asked.
    charger = await journeyProduct(admin, {
      name: 'Carregador USB-C 20 W',
      cost: 40,
      sellPrice: 100,
      stock: 10,
      ncm: CHARGER_NCM,
    });
    // Then the shop's default becomes its ICMS-ST profile.
    await admin.send('POST', '/fiscal/profiles', ST_PROFILE);

    registerId = await openJourneyDrawer(admin, admin, 'Caixa regras fiscais');

    s = await openBrowser({ width: 1366, height: 900 }, {}, { baseURL: server.baseURL });
    page = s.page;
    await login(page, DEMO.admin);
  });
  afterAll(async () => {
    await closeJourneyDrawer(admin, registerId);
    await s?.close();
    await server?.stop();
    await sefaz?.close();
  });

  it("sells the charger at the counter to a walk-in with 'CPF na nota', in cash", async () => {
    await page.goto('/admin/counter');
    await page.getByRole('heading', { name: 'Balcão', exact: true }).waitFor();
    const search = page.getByLabel('Código, nome ou código de barras');
    await search.pressSequentially(charger.code);
    await search.press('Enter');
    await expect.poll(() => search.inputValue()).toBe('');
    await page.getByText('Total: R$ 100,00').waitFor();
    await page.getByLabel('CPF/CNPJ na nota (opcional)').fill('529.982.247-25');
    await page.keyboard.press('F2');
    expect(await page.getByLabel('Valor (R$) 1').inputValue()).toBe('100,00');
    await page.getByRole('button', { name: 'Concluir venda (F9)' }).click();
    const done = page.getByRole('dialog', { name: 'Venda concluída' });
    const line = (await done.getByText(/^Pedido .+, entregue e pago\.$/).textContent()) ?? '';
    saleCode = line.split(' ')[1]?.replace(',', '') ?? '';
    expect(saleCode).not.toBe('');
    await done.getByRole('button', { name: 'Nova venda' }).click();
  });

  it('refuses its NFC-e before sending, naming the product without CEST (806); nothing reaches the SEFAZ', async () => {
    const sentBefore = sefaz.requests.filter((r) => r.service === 'NFeAutorizacao4').length;
    const { dialog, answer } = await emitFromToolbar(page, saleCode);
    expect(answer.status()).toBe(400);
    const message = `A SEFAZ recusaria esta nota (regra 806): o produto ${charger.code} (${charger.name}) é vendido com ICMS-ST (CSOSN 500) e não tem CEST: informe o CEST no cadastro do produto.`;
    expect(((await answer.json()) as { errors: string[] }).errors).toEqual([message]);
    await dialog.getByText(message).waitFor();
    expect(sefaz.requests.filter((r) => r.service === 'NFeAutorizacao4')).toHaveLength(sentBefore);
    await settled(page);
    await expectAccessible(page, 'nota recusada antes do envio: produto sem CEST');
    await screenshot(page, 'fiscal-rules-1-refused-desktop');
    await dialog.getByRole('button', { name: 'Fechar' }).click();
    await dialog.waitFor({ state: 'detached' });
  });

  it("fills the charger's CEST in its form (asked for: its profile is ICMS-ST)", async () => {
    await page.goto('/admin/products');
    await page.getByLabel('Buscar produto').fill(charger.name);
    await page.getByRole('button', { name: 'Buscar' }).click();
    const row: Locator = page.getByRole('row').filter({ hasText: charger.name });
    await row.first().waitFor();
    await tick(page, row.first().getByRole('checkbox'));
    await page.getByRole('button', { name: 'Editar Produto' }).click();
    const form = page.getByRole('region', { name: 'Editar Produto' });
    const cest = form.getByLabel(/^CEST/);
    await cest.waitFor();
    // Required, its helper says why.
    expect(await cest.getAttribute('required')).not.toBeNull();
    await cest.fill(CHARGER_CEST);
    await settled(page);
    await expectAccessible(page, 'produto: CEST pedido pelo perfil ICMS-ST');
    await screenshot(page, 'fiscal-rules-2-product-cest-desktop');
    await form.getByRole('button', { name: 'Editar' }).click();
    await page.getByText('Produto editado com sucesso.').first().waitFor();
    const { items } = await admin.get<{ items: { id: number; cest: string | null }[] }>(
      `/products?limit=10&search=${encodeURIComponent(charger.name)}`,
    );
    expect(items.find((p) => p.id === charger.id)?.cest).toBe('2103700');
  });

  it("emits the NFC-e again: authorised by the strict double; its DANFE shows the CPF and 'Tributos Totais Incidentes'", async () => {
    const { dialog, answer } = await emitFromToolbar(page, saleCode);
    expect(answer.status(), await answer.text()).toBe(201);
    const note = ((await answer.json()) as { data: FiscalNote }).data;
    expect(note).toMatchObject({ model: 65, status: 'AUTHORIZED', statusCode: 100, order: { code: saleCode } });
    expect(sefaz.refusals).toEqual([]);
    await dialog.getByText(`Nota nº ${note.number} autorizada.`).waitFor();
    await waitForNetworkIdle(page);
    await settled(page);
    await expectAccessible(page, 'nfc-e autorizada com CEST');
    await screenshot(page, 'fiscal-rules-3-authorised-desktop');

    const danfe = flat(
      await pdfTextOf(page, () => dialog.getByRole('button', { name: `DANFE da NFC-e nº ${note.number}` }).click()),
    );
    expect(danfe).toContain('CONSUMIDOR - CPF 529.982.247-25');
    expect(danfe).not.toContain('CONSUMIDOR NÃO IDENTIFICADO');
    expect(danfe).toContain('Tributos Totais Incidentes (Lei Federal 12.741/2012)');
    expect(danfe).toContain('33,28');
  });
});
