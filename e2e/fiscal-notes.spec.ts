import type { FiscalNote, FiscalNotePage, OrderDetail, OrderSummary } from '@backoffice/contract';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestSefaz } from '../apps/api/src/modules/fiscal/sefaz/test-sefaz';
import { TEST_CERTIFICATE_CNPJ } from '../apps/api/src/modules/fiscal/test-certificate';
import { issuerBody, simplesProfileBody } from '../apps/api/src/modules/fiscal/test-fiscal-bodies';
import { openFiscalShop } from './fiscal-shop';
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
  openPhone,
  PHONE,
  pdfTextOf,
  screenshot,
  selectOrder,
  settled,
  waitForNetworkIdle,
} from './harness';
import type { OwnServer } from './own-server';

/**
 * Notas fiscais (issue 41 §2–3) through the real server and a SEFAZ of the tests (test-sefaz.ts: mutual TLS with the
 * shop's A1, every message checked against the official schemas, the manual's answers), on a shop of its own (the
 * demo business):
 * 1. Set up through the API as the administrator: the issuer of the test certificate's CNPJ (11.222.333/0001-81, in
 *    homologação, São Paulo), the A1 made here (self-signed, trusted by the test SEFAZ), a default Simples Nacional
 *    profile; the products of the chosen orders given an NCM when the demo left them without.
 * 2. In the browser, the manager (Gerência holds 'Notas fiscais') opens a delivered order of a company (CNPJ, an
 *    address in São Paulo) with phones, emits its NF-e from the order's details, sees it authorised, opens its DANFE
 *    (pdftotext: the access key, the number, the total, the IMEIs); finds it in 'Notas fiscais', cancels it with a
 *    reason and sees it 'Cancelada'.
 * 3. A counter sale of 'Consumidor final' gets its NFC-e from the orders' toolbar ('Nota fiscal'), authorised, with
 *    its 80 mm DANFE. Skipped numbers are voided ('Inutilizar números'). The list and a note on a phone: no sideways
 *    scroll, the dialog full screen.
 */

/** The NCM of a phone (TIPI 8517.13.00) and of an accessory (plastic, 3926.90.90) for a product the demo left without. */
const NCM_PHONE = '85171300';
const NCM_ACCESSORY = '39269090';

/** The issuer of the test certificate (its CNPJ), Simples Nacional, in São Paulo, homologação, with the NFC-e's CSC. */
// SP's IE with its two check digits (the demo's issuer's).
const ISSUER = issuerBody({ cnpj: TEST_CERTIFICATE_CNPJ, ie: '110030400125' });

/** A Simples Nacional profile for every product (the default). */
const PROFILE = simplesProfileBody('Jornada - Simples Nacional');

interface ListedProduct {
  id: number;
  code: string;
  name: string;
  description: string | null;
  brand: string;
  reference: string | null;
  cost: number;
  sellPrice: number;
  discount: unknown;
  stock: number;
  tags: string[];
  stockAlert: number;
  serialized: boolean;
  ncm: string | null;
}

/** The access key as the DANFE prints it: groups of four digits. */
const grouped = (key: string) => key.replace(/(\d{4})(?=\d)/g, '$1 ');
/** The note's number as the DANFE prints it: nine digits in groups of three ('000.000.001'). */
const danfeNumber = (number: number) =>
  String(number)
    .padStart(9, '0')
    .replace(/(\d{3})(?=\d)/g, '$1.');
/** The PDF's words on one line each way (pdftotext lays out columns; the checks read words in order). */
const flat = (text: string) => text.replace(/\s+/g, ' ');

/** Gives the order's products the NCM of their kind when the demo left them without one (PUT /products/{code}). */
async function withNcm(api: ApiClient, order: OrderDetail) {
  for (const item of order.items) {
    const { items } = await api.get<{ items: ListedProduct[] }>(
      `/products?limit=50&search=${encodeURIComponent(item.name)}`,
    );
    const product = items.find((p) => p.id === item.productId);
    if (!product || product.ncm) continue;
    await api.send('PUT', `/products/${product.code}`, {
      name: product.name,
      description: product.description,
      brand: product.brand,
      reference: product.reference,
      cost: product.cost,
      sellPrice: product.sellPrice,
      discount: product.discount,
      stock: product.stock,
      tags: product.tags,
      stockAlert: product.stockAlert,
      ncm: product.serialized ? NCM_PHONE : NCM_ACCESSORY,
      origin: 0,
    });
  }
}

/**
 * The first order of `status` (newest change first, up to `pages` of 100) whose row passes `listed` and whose
 * details pass `wanted`.
 */
async function findOrder(
  api: ApiClient,
  status: number,
  wanted: (order: OrderDetail) => boolean,
  { pages = 3, listed = () => true }: { pages?: number; listed?: (order: OrderSummary) => boolean } = {},
): Promise<OrderDetail | undefined> {
  for (let page = 0; page < pages; page++) {
    const { orders } = await api.get<{ orders: OrderSummary[] }>(`/orders/status/${status}?page=${page}&items=100`);
    for (const summary of orders.filter(listed)) {
      const { data } = await api.get<{ data: OrderDetail }>(`/orders/by-id/${summary.orderId}`);
      if (wanted(data)) return data;
    }
    if (orders.length < 100) break;
  }
  return undefined;
}

// A numeric CNPJ, as this journey always picked (an alphanumeric one is invoiced too since decision 0081, proven by
// notes/alphanumeric-cnpj-notes.test.ts; `grouped` below reads a numeric key).
const isCnpj = (document: string | null | undefined) => /^\d{14}$/.test((document ?? '').replace(/\W/g, ''));
const hasPhones = (order: OrderDetail) => order.items.some((item) => (item.imeis?.length ?? 0) > 0);
const complete = (order: OrderDetail) => {
  const a = order.customerAddress;
  return Boolean(a?.street && a.number && a.neighborhood && a.city && a.state && a.zipCode);
};

/** The snackbar saying `text` (by its text: a dialog still open hides the rest of the page from the accessibility tree). */
const snackbar = (page: Page, text: string) => page.getByText(text).first().waitFor();

/** Scrolls the dialog's content to its end (its last part in view for the picture). */
const toEnd = (dialog: Locator) =>
  dialog.locator('.MuiDialogContent-root').evaluate((content) => content.scrollTo(0, content.scrollHeight));

/** The page fits the phone's width: nothing scrolls sideways. */
async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
}

describe('notas fiscais: an NF-e emitted from the order, its DANFE, cancelled; an NFC-e at the counter', () => {
  let sefaz: TestSefaz;
  let server: OwnServer;
  let admin: ApiClient & { token: string };
  let manager: ApiClient;
  let s: BrowserSession;
  let page: Page;
  let delivered: OrderDetail;
  let counter: OrderDetail | undefined;
  let nfe: FiscalNote;

  beforeAll(async () => {
    ({ sefaz, server, admin } = await openFiscalShop(ISSUER));
    manager = await apiAs(server.baseURL, DEMO.manager);
    await admin.send('POST', '/fiscal/profiles', PROFILE);

    // A delivered order of a company (CNPJ) with phones and a whole address (in São Paulo or another state).
    const found = await findOrder(manager, 5, (o) => isCnpj(o.customerDocument) && complete(o) && hasPhones(o));
    const anyCompany = found ?? (await findOrder(manager, 5, (o) => isCnpj(o.customerDocument) && complete(o)));
    if (!anyCompany) throw new Error('no delivered order of a company with an address in the demo');
    delivered = anyCompany;
    await withNcm(admin, delivered);
    // A counter sale of 'Consumidor final' (a walk-in, decision 0040), if the demo's first pages have one.
    const walkIn = (o: { customer: string | null }) => o.customer === 'Consumidor final';
    counter = await findOrder(manager, 13, walkIn, { pages: 30, listed: walkIn });
    if (counter) await withNcm(admin, counter);

    s = await openBrowser({ width: 1366, height: 900 }, {}, { baseURL: server.baseURL });
    page = s.page;
    await login(page, DEMO.manager);
  });
  afterAll(async () => {
    await s?.close();
    await server?.stop();
    await sefaz?.close();
  });

  it("emits the delivered order's NF-e from its details: authorised by the SEFAZ, its DANFE with key, number, total, IMEIs", async () => {
    const details = await openOrderDetails(page, delivered.code);
    const section = details.getByRole('region', { name: 'Nota fiscal' });
    await section.getByText('Este pedido ainda não tem nota fiscal.').waitFor();
    const emit = section.getByRole('button', { name: 'Emitir NF-e' });
    await waitForNetworkIdle(page);
    await settled(page);
    await expectAccessible(page, 'detalhes do pedido: sem nota fiscal');
    // After axe, which scrolls what it checks into view.
    await toEnd(details);
    await emit.scrollIntoViewIfNeeded();
    await screenshot(page, 'fiscal-notes-1-order-details-desktop');

    await emit.click();
    const dialog = page.getByRole('dialog', { name: `Nota fiscal do pedido ${delivered.code}` });
    const nfeOption = dialog.getByRole('radio', { name: /^NF-e \(modelo 55\)/ });
    await nfeOption.waitFor();
    // A company (CNPJ): the NF-e is suggested.
    expect(await nfeOption.isChecked()).toBe(true);
    await dialog.getByText(`Sugerido pelo documento do cliente (${delivered.customerDocument}): NF-e.`).waitFor();
    await settled(page);
    await expectAccessible(page, 'emitir nota fiscal');
    await screenshot(page, 'fiscal-notes-2-emit-desktop');

    const sent = page.waitForResponse(
      (r) => new URL(r.url()).pathname === '/api/fiscal/notes' && r.request().method() === 'POST',
    );
    await dialog.getByRole('button', { name: 'Emitir' }).click();
    const answer = await sent;
    // The server's words when it refuses (what the dialog shows), to say why in the failure.
    expect(answer.status(), await answer.text()).toBe(201);
    nfe = ((await answer.json()) as { data: FiscalNote }).data;
    expect(answer.request().postDataJSON()).toEqual({ orderId: delivered.orderId, model: 55 });
    expect(nfe).toMatchObject({ model: 55, status: 'AUTHORIZED', statusCode: 100, environment: 2 });
    // The test SEFAZ got it over mutual TLS, signed by the shop's A1.
    expect(sefaz.requests.some((r) => r.service === 'NFeAutorizacao4' && r.client?.endsWith(':11222333000181'))).toBe(
      true,
    );
    await dialog.getByText(`Nota nº ${nfe.number} autorizada.`).waitFor();
    await dialog.getByText(`Protocolo ${nfe.protocol}`).waitFor();
    await dialog.getByText('Homologação', { exact: true }).waitFor();
    await settled(page);
    await expectAccessible(page, 'nota fiscal autorizada');
    await screenshot(page, 'fiscal-notes-3-authorised-desktop');

    const danfe = flat(
      await pdfTextOf(page, () => dialog.getByRole('button', { name: `DANFE da NF-e nº ${nfe.number}` }).click()),
    );
    expect(danfe).toContain(grouped(nfe.accessKey));
    expect(danfe).toContain(`Nº ${danfeNumber(nfe.number)}`);
    expect(danfe).toContain(money(Math.round(delivered.total * 100)));
    for (const item of delivered.items) for (const imei of item.imeis ?? []) expect(danfe).toContain(imei);
    // Homologação: the DANFE says it has no fiscal value.
    expect(danfe).toContain('SEM VALOR FISCAL');

    // Closed: the order's details show the note instead of the button.
    await dialog.getByRole('button', { name: 'Fechar' }).click();
    await dialog.waitFor({ state: 'detached' });
    await section.getByText(`NF-e nº ${nfe.number} · série 1`).waitFor();
    await section.getByText('Autorizada', { exact: true }).waitFor();
    expect(await section.getByRole('button', { name: /^Emitir/ }).count()).toBe(0);
    await settled(page);
    await expectAccessible(page, 'detalhes do pedido: nota autorizada');
    await toEnd(details);
    await screenshot(page, 'fiscal-notes-4-order-with-note-desktop');
    await details.getByRole('button', { name: 'Fechar' }).last().click();
  });

  it("finds it in 'Notas fiscais' and cancels it with a reason: 'Cancelada', the event with its protocol", async () => {
    await page.goto('/admin/fiscal-notes');
    await page.getByRole('heading', { name: 'Notas fiscais', level: 1 }).waitFor();
    await page.getByRole('searchbox', { name: 'Número, chave, cliente ou pedido' }).fill(delivered.code);
    const row = page.getByRole('grid').getByRole('row').filter({ hasText: delivered.code });
    await row.waitFor();
    expect(await page.getByRole('grid').getByRole('row').count()).toBe(2);
    await row.getByText('Autorizada').waitFor();
    await row.getByText(`${nfe.number}/1`).waitFor();
    await row.getByText(money(Math.round(nfe.total * 100))).waitFor();
    await waitForNetworkIdle(page);
    await settled(page);
    await expectAccessible(page, 'notas fiscais');
    await screenshot(page, 'fiscal-notes-5-list-desktop');

    await row.getByText(delivered.code).click();
    const details = page.getByRole('dialog', { name: `NF-e nº ${nfe.number} · série 1` });
    await details.getByText(grouped(nfe.accessKey)).waitFor();
    await details.getByText(nfe.protocol ?? '').waitFor();
    await details.getByText('100 — Autorizado o uso da NF-e').waitFor();
    await settled(page);
    await expectAccessible(page, 'nota fiscal: detalhes');
    await screenshot(page, 'fiscal-notes-6-note-desktop');

    // The button says until when the note may be cancelled ('Cancelável até 14:32': 24 h for an NF-e, issue 56 §3).
    await details.getByText(/^Cancelável até /).waitFor();
    await details.getByRole('button', { name: /^Cancelar Cancelável até / }).click();
    const cancel = page.getByRole('dialog', { name: `Cancelar a NF-e nº ${nfe.number} · série 1` });
    const reason = cancel.getByLabel(/^Motivo/);
    // Fewer than 15 characters: refused before anything is sent.
    await reason.fill('Desistiu');
    await cancel.getByRole('button', { name: 'Cancelar nota' }).click();
    await cancel.getByText('Informe o motivo do cancelamento (15 a 255 caracteres).').waitFor();
    await reason.fill('Cliente desistiu da compra e devolveu os aparelhos');
    await settled(page);
    await expectAccessible(page, 'cancelar nota fiscal');
    await screenshot(page, 'fiscal-notes-7-cancel-desktop');
    const cancelled = page.waitForResponse(
      (r) => new URL(r.url()).pathname === `/api/fiscal/notes/${nfe.id}/cancel` && r.request().method() === 'POST',
    );
    await cancel.getByRole('button', { name: 'Cancelar nota' }).click();
    expect((await cancelled).request().postDataJSON()).toEqual({
      reason: 'Cliente desistiu da compra e devolveu os aparelhos',
    });
    await snackbar(page, `Nota nº ${nfe.number} cancelada.`);
    await cancel.waitFor({ state: 'detached' });
    await details.getByText('Cancelada', { exact: true }).waitFor();
    await details.getByText('Cancelamento', { exact: true }).waitFor();
    await details.getByText('Cliente desistiu da compra e devolveu os aparelhos').waitFor();
    expect(sefaz.requests.some((r) => r.service === 'NFeRecepcaoEvento4')).toBe(true);
    expect(await details.getByRole('button', { name: /^Cancelar/ }).count()).toBe(0);
    await settled(page);
    await expectAccessible(page, 'nota fiscal cancelada');
    await screenshot(page, 'fiscal-notes-8-cancelled-desktop');
    await details.getByRole('button', { name: 'Fechar' }).click();
    await row.getByText('Cancelada').waitFor();
  });

  it("emits a counter sale's NFC-e from the orders' toolbar, authorised, with its 80 mm DANFE", async (context) => {
    if (!counter) {
      context.skip();
      return;
    }
    const sale = counter;
    await selectOrder(page, sale.code);
    await page.getByRole('button', { name: 'Nota fiscal', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: `Nota fiscal do pedido ${sale.code}` });
    const nfce = dialog.getByRole('radio', { name: /^NFC-e \(modelo 65\)/ });
    await nfce.waitFor();
    expect(await nfce.isChecked()).toBe(true);
    await settled(page);
    await expectAccessible(page, 'emitir nfc-e');
    const sent = page.waitForResponse(
      (r) => new URL(r.url()).pathname === '/api/fiscal/notes' && r.request().method() === 'POST',
    );
    await dialog.getByRole('button', { name: 'Emitir' }).click();
    const note = ((await (await sent).json()) as { data: FiscalNote }).data;
    expect(note).toMatchObject({ model: 65, status: 'AUTHORIZED', order: { code: sale.code } });
    await dialog.getByText(`Nota nº ${note.number} autorizada.`).waitFor();
    await settled(page);
    await screenshot(page, 'fiscal-notes-9-nfce-desktop');
    const danfe = flat(
      await pdfTextOf(page, () => dialog.getByRole('button', { name: `DANFE da NFC-e nº ${note.number}` }).click()),
    );
    expect(danfe).toContain(grouped(note.accessKey));
    expect(danfe).toContain(money(Math.round(sale.total * 100)).replace('R$ ', ''));
    await dialog.getByRole('button', { name: 'Fechar' }).click();
    await dialog.waitFor({ state: 'detached' });

    // In the list, by model.
    const { data } = await manager.get<{ data: FiscalNotePage }>('/fiscal/notes?model=65');
    expect(data.items.map((n) => n.id)).toContain(note.id);
  });

  it("voids skipped numbers of the NF-e's series ('Inutilizar números')", async () => {
    await page.goto('/admin/fiscal-notes');
    await page.getByRole('button', { name: 'Inutilizar números' }).click();
    const dialog = page.getByRole('dialog', { name: 'Inutilizar números' });
    await dialog.getByLabel(/^Do número/).fill('900');
    await dialog.getByLabel(/^Até o número/).fill('901');
    await dialog.getByLabel(/^Motivo/).fill('Números pulados por falha do sistema emissor');
    await settled(page);
    await expectAccessible(page, 'inutilizar números');
    await screenshot(page, 'fiscal-notes-10-voiding-desktop');
    await dialog.getByRole('button', { name: 'Inutilizar', exact: true }).click();
    await snackbar(page, 'Números 900 a 901 da série 1 inutilizados');
    await dialog.waitFor({ state: 'detached' });
    expect(sefaz.requests.some((r) => r.service === 'NFeInutilizacao4')).toBe(true);
  });

  it('on a phone: the list without sideways scroll, a note full screen', async () => {
    const phone = await openPhone({ baseURL: server.baseURL });
    try {
      const p = phone.page;
      await login(p, DEMO.manager);
      await p.goto('/admin/fiscal-notes');
      const grid = p.getByRole('grid');
      await grid.getByText(delivered.customer).first().waitFor();
      await waitForNetworkIdle(p);
      await expectNoSidewaysScroll(p);
      // The situation fits beside the note and the customer (with the total under the name): nothing hidden sideways.
      const situation = (await grid.getByText('Cancelada', { exact: true }).boundingBox()) as {
        x: number;
        width: number;
      };
      expect(situation.x + situation.width).toBeLessThanOrEqual(PHONE.width);
      await grid.getByText(money(Math.round(nfe.total * 100))).waitFor();
      await settled(p);
      await expectAccessible(p, 'notas fiscais: celular');
      await screenshot(p, 'fiscal-notes-11-list-phone');

      await grid.getByText(delivered.customer).first().click();
      const details = p.getByRole('dialog', { name: `NF-e nº ${nfe.number} · série 1` });
      await details.getByText(grouped(nfe.accessKey)).waitFor();
      const box = (await details.boundingBox()) as { width: number };
      expect(box.width).toBeGreaterThanOrEqual(PHONE.width - 1);
      await settled(p);
      await expectAccessible(p, 'nota fiscal: celular');
      await screenshot(p, 'fiscal-notes-12-note-phone');
      await details.getByRole('button', { name: 'Fechar' }).click();

      // The order's details on the phone: its cancelled note, and another may be emitted (full screen).
      const order = await openOrderDetails(p, delivered.code);
      const section: Locator = p.getByRole('region', { name: 'Nota fiscal' });
      await section.getByText('Cancelada', { exact: true }).waitFor();
      await expectNoSidewaysScroll(p);
      await settled(p);
      await expectAccessible(p, 'detalhes do pedido: celular');
      await toEnd(order);
      await screenshot(p, 'fiscal-notes-13-order-phone');
      await section.getByRole('button', { name: 'Emitir NF-e' }).click();
      const emit = p.getByRole('dialog', { name: `Nota fiscal do pedido ${delivered.code}` });
      await emit.getByRole('radio', { name: /^NF-e/ }).waitFor();
      expect(((await emit.boundingBox()) as { width: number }).width).toBeGreaterThanOrEqual(PHONE.width - 1);
      await settled(p);
      await expectAccessible(p, 'emitir nota fiscal: celular');
      await screenshot(p, 'fiscal-notes-14-emit-phone');
      await emit.getByRole('button', { name: 'Fechar' }).click();
    } finally {
      await phone.close();
    }
  });
});
