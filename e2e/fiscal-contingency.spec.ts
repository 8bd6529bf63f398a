import type { FiscalNotePage } from '@backoffice/contract';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestSefaz } from '../apps/api/src/modules/fiscal/sefaz/test-sefaz';
import { TEST_CERTIFICATE_CNPJ } from '../apps/api/src/modules/fiscal/test-certificate';
import { issuerBody } from '../apps/api/src/modules/fiscal/test-fiscal-bodies';
import { openFiscalShop } from './fiscal-shop';
import { closeJourneyDrawer, journeyProduct, openJourneyDrawer } from './fixtures';
import {
  type ApiClient,
  apiAs,
  type BrowserSession,
  DEMO,
  login,
  openBrowser,
  openOrderDetails,
  pdfTextOf,
  screenshotDesktopAndPhone,
  waitForNetworkIdle,
} from './harness';
import type { OwnServer } from './own-server';

/**
 * Issue 56's "done when", in the browser: the SEFAZ goes away mid-day, the counter keeps selling in contingency with
 * new numbers, the SEFAZ returns, the pending notes go out, 'Lacunas de numeração' is empty at the end.
 *
 * On a shop of its own (the demo business, no notes yet): the issuer of the test certificate's CNPJ in homologação,
 * São Paulo, its NFC-e series 1 from nº 1, its notes emitted on handover (a counter sale's NFC-e right after the sale,
 * decision 0078), its A1 trusted by the strict SEFAZ double (test-sefaz.ts). The counter clerk (Beatriz, 'Atendimento')
 * sells a screen protector at 'Balcão', in cash, three times.
 *
 * Numbers by hand (decision 0082: an NFC-e the SEFAZ did not answer keeps its number, the sale is covered by an NFC-e
 * in offline contingency, tpEmis 9, with the next number):
 *   sale 1, SEFAZ up: NFC-e nº 1 authorised;
 *   SEFAZ away (HTTP 503): sale 2's nº 2 unanswered → nº 3 in contingency; sale 3's nº 4 unanswered → nº 5 in
 *   contingency;
 *   SEFAZ back, 'Enviar de novo' on each unanswered note (what the sender's round does, offline-fate.ts): nº 3 and 5
 *   authorised; nº 2 and 4 not in the SEFAZ's database (217) → voided. Every number 1–5 used once: 1, 3, 5 authorised,
 *   2, 4 voided; nothing left to void.
 * Totals: one protector R$ 50,00; two R$ 100,00; three R$ 150,00.
 */

const ISSUER = { ...issuerBody({ cnpj: TEST_CERTIFICATE_CNPJ, ie: '110030400125' }), autoEmit: 'HANDOVER' as const };
/** A screen protector's NCM (TIPI 3926.90.90, plastic). */
const NCM_PROTECTOR = '39269090';
/** The NFC-e's number as the SEFAZ's database keys it (model, UF 35, issuer's CNPJ, series). */
const AT = { model: '65', stateCode: '35', cnpj: TEST_CERTIFICATE_CNPJ, series: 1 };

const flat = (text: string) => text.replace(/\s+/g, ' ');

/** 'Notas fiscais': the grid's row of the NFC-e nº `number` of series 1. */
const noteRow = (page: Page, number: number): Locator =>
  page
    .getByRole('grid')
    .getByRole('row')
    .filter({ has: page.getByText(`${number}/1`, { exact: true }) });

describe('contingência: the SEFAZ away mid-day, the counter sells on with new numbers, the notes go out', () => {
  let sefaz: TestSefaz;
  let server: OwnServer;
  let admin: ApiClient & { token: string };
  let clerk: ApiClient & { token: string };
  let s: BrowserSession;
  let page: Page;
  let registerId = 0;
  let protector: { id: number; code: string; name: string };
  const sales: string[] = [];

  /** Sells `quantity` protectors at 'Balcão' in cash; the order's code and the text of its printed receipt. */
  async function sell(quantity: number, total: string): Promise<{ code: string; receipt: string }> {
    await page.goto('/admin/counter');
    await page.getByRole('heading', { name: 'Balcão', exact: true }).waitFor();
    const search = page.getByLabel('Código, nome ou código de barras');
    for (let unit = 0; unit < quantity; unit++) {
      await search.pressSequentially(protector.code);
      await search.press('Enter');
      await expect.poll(() => search.inputValue()).toBe('');
    }
    await page.getByText(`Total: ${total}`).waitFor();
    await page.keyboard.press('F2');
    expect(await page.getByLabel('Valor (R$) 1').inputValue()).toBe(total.replace('R$ ', ''));
    await page.getByRole('button', { name: 'Concluir venda (F9)' }).click();
    const done = page.getByRole('dialog', { name: 'Venda concluída' });
    const line = (await done.getByText(/^Pedido .+, entregue e pago\.$/).textContent()) ?? '';
    const code = line.split(' ')[1]?.replace(',', '') ?? '';
    expect(code).not.toBe('');
    const receipt = flat(
      await pdfTextOf(page, () => done.getByRole('button', { name: 'Imprimir comprovante' }).click()),
    );
    await done.getByRole('button', { name: 'Nova venda' }).click();
    await done.waitFor({ state: 'detached' });
    sales.push(code);
    return { code, receipt };
  }

  beforeAll(async () => {
    ({ sefaz, server, admin } = await openFiscalShop(ISSUER));
    clerk = await apiAs(server.baseURL, DEMO.attendant);
    protector = await journeyProduct(admin, {
      name: 'Película de vidro',
      cost: 10,
      sellPrice: 50,
      stock: 20,
      ncm: NCM_PROTECTOR,
    });

    // The clerk's drawer, opened for the day.
    registerId = await openJourneyDrawer(admin, clerk, 'Caixa contingência');

    s = await openBrowser({ width: 1366, height: 900 }, {}, { baseURL: server.baseURL });
    page = s.page;
    await login(page, DEMO.attendant);
  });
  afterAll(async () => {
    await closeJourneyDrawer(clerk, registerId);
    await s?.close();
    await server?.stop();
    await sefaz?.close();
  });

  it('sells with the SEFAZ up: the receipt is the DANFE NFC-e nº 1, authorised', async () => {
    const { receipt } = await sell(1, 'R$ 50,00');
    expect(receipt).toContain('NFC-e nº 000.000.001 Série 001');
    expect(receipt).toContain('50,00');
    expect(receipt).not.toContain('EMITIDA EM CONTINGÊNCIA');
    expect(receipt).not.toContain('Pendente de autorização');
    expect(sefaz.ledger.noteAt({ ...AT, number: 1 })).toBeDefined();
  });

  it('sells twice more with the SEFAZ away: each NFC-e in offline contingency with the next numbers, printed so', async () => {
    sefaz.setAway(503);
    const second = await sell(2, 'R$ 100,00');
    // nº 2 went unanswered; the sale is covered by nº 3, issued in contingency.
    expect(second.receipt).toContain('NFC-e nº 000.000.003 Série 001');
    expect(second.receipt).toContain('EMITIDA EM CONTINGÊNCIA');
    expect(second.receipt).toContain('Pendente de autorização');
    expect(second.receipt).toContain('100,00');
    const third = await sell(3, 'R$ 150,00');
    expect(third.receipt).toContain('NFC-e nº 000.000.005 Série 001');
    expect(third.receipt).toContain('EMITIDA EM CONTINGÊNCIA');
    expect(third.receipt).toContain('Pendente de autorização');
    expect(third.receipt).toContain('150,00');

    // The notes as the server holds them: the contingency ones signed with tpEmis 9.
    const { data } = await clerk.get<{ data: FiscalNotePage }>('/fiscal/notes?model=65');
    const byNumber = new Map(data.items.map((note) => [note.number, note]));
    expect([...byNumber.keys()].sort()).toEqual([1, 2, 3, 4, 5]);
    expect([2, 3, 4, 5].map((n) => [n, byNumber.get(n)?.status, byNumber.get(n)?.contingency])).toEqual([
      [2, 'UNKNOWN', false],
      [3, 'CONTINGENCY', true],
      [4, 'UNKNOWN', false],
      [5, 'CONTINGENCY', true],
    ]);
    expect([byNumber.get(3)?.order?.code, byNumber.get(5)?.order?.code]).toEqual([second.code, third.code]);
    for (const n of [3, 5]) {
      const xml = await fetch(`${server.baseURL}/api/fiscal/notes/${byNumber.get(n)?.id}/xml`, {
        headers: { Authorization: `Bearer ${clerk.token}` },
      });
      expect(await xml.text()).toContain('<tpEmis>9</tpEmis>');
    }
    // Nothing of the outage reached the SEFAZ's database.
    for (const number of [2, 3, 4, 5]) expect(sefaz.ledger.noteAt({ ...AT, number })).toBeUndefined();
  });

  it("'Notas fiscais' says what is pending: two in contingency, two without an answer", async () => {
    await page.goto('/admin/fiscal-notes');
    await page.getByRole('heading', { name: 'Notas fiscais', level: 1 }).waitFor();
    await noteRow(page, 1).getByText('Autorizada', { exact: true }).waitFor();
    for (const n of [3, 5]) await noteRow(page, n).getByText('Em contingência', { exact: true }).waitFor();
    for (const n of [2, 4])
      await noteRow(page, n)
        .getByText('Sem resposta da SEFAZ (substituída em contingência)', { exact: true })
        .waitFor();
    await waitForNetworkIdle(page);
    await screenshotDesktopAndPhone(page, 'fiscal-contingency-1-pending');
  });

  it("brings the SEFAZ back; 'Enviar de novo' sends each sale's pending notes: contingency authorised, unanswered voided", async () => {
    sefaz.setAway(null);
    for (const [index, [unanswered, contingency]] of [
      [2, 3],
      [4, 5],
    ].entries()) {
      const details = await openOrderDetails(page, sales[index + 1] ?? '');
      const section = details.getByRole('region', { name: 'Nota fiscal' });
      const first = section.getByRole('listitem').filter({ hasText: `NFC-e nº ${unanswered} · série 1` });
      const covering = section.getByRole('listitem').filter({ hasText: `NFC-e nº ${contingency} · série 1` });
      await first.getByText('Sem resposta da SEFAZ (substituída em contingência)', { exact: true }).waitFor();
      await covering.getByText('Em contingência', { exact: true }).waitFor();
      await first.getByRole('button', { name: 'Enviar de novo' }).click();
      await covering.getByText('Autorizada', { exact: true }).waitFor();
      await first.getByText('Número inutilizado', { exact: true }).waitFor();
      await details.getByRole('button', { name: 'Fechar' }).last().click();
      await details.waitFor({ state: 'detached' });
    }

    await page.goto('/admin/fiscal-notes');
    await page.getByRole('heading', { name: 'Notas fiscais', level: 1 }).waitFor();
    for (const n of [1, 3, 5]) await noteRow(page, n).getByText('Autorizada', { exact: true }).waitFor();
    for (const n of [2, 4]) await noteRow(page, n).getByText('Número inutilizado', { exact: true }).waitFor();
    await waitForNetworkIdle(page);
    expect(await page.getByRole('grid').getByText('Em contingência', { exact: true }).count()).toBe(0);
  });

  it("the SEFAZ's database: every number used once, none authorised twice; 'Lacunas de numeração' is empty", async () => {
    // 1, 3 and 5 authorised under keys of their own; 2 and 4 voided, never authorised.
    const authorised = [1, 3, 5].map((number) => sefaz.ledger.noteAt({ ...AT, number }));
    expect(authorised.every((note) => note && !note.cancelled)).toBe(true);
    expect(new Set(authorised.map((note) => note?.key)).size).toBe(3);
    for (const number of [1, 3, 5]) expect(sefaz.ledger.voidedAt({ ...AT, number })).toBeUndefined();
    for (const number of [2, 4]) {
      expect(sefaz.ledger.noteAt({ ...AT, number })).toBeUndefined();
      expect(sefaz.ledger.voidedAt({ ...AT, number })).toBeDefined();
    }
    expect(sefaz.refusals).toEqual([]);
    const { data } = await clerk.get<{ data: FiscalNotePage }>('/fiscal/notes?model=65');
    expect(data.items.map((note) => note.accessKey).filter((key) => sefaz.ledger.note(key))).toHaveLength(3);

    const gaps = page.getByTestId('fiscal-notes-gaps');
    await gaps
      .getByText(
        'Nenhuma lacuna: cada número usado foi autorizado, cancelado ou inutilizado, ou aguarda a SEFAZ (em contingência ou sem resposta).',
        { exact: true },
      )
      .waitFor();
    expect(await gaps.getByRole('button', { name: 'Inutilizar' }).count()).toBe(0);
    await screenshotDesktopAndPhone(page, 'fiscal-contingency-2-back');
  });
});
