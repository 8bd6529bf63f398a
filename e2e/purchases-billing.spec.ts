import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestNfe } from '../apps/api/src/modules/purchases/nfe/test-nfe';
import { type JourneyProduct, journeyProduct } from './fixtures';
import { apiAs, type BrowserSession, DEMO, login, openBrowser, screenshot } from './harness';

/**
 * 'Entrada por XML', the note's payment (issue 57 §2, decisions 0088 and 0090): the stocker enters a note whose
 * duplicatas do not add up, sees the difference in the preview, says it is the supplier's typo, and the bills and
 * the stock come out so. Figures by hand:
 * - 10 cases at R$ 30,00 = vNF R$ 300,00; duplicatas 001 and 002 of R$ 200,00 each = R$ 400,00: R$ 100,00 over.
 * - 'Erro de digitação do fornecedor': the bills follow vNF split as the duplicatas are, 300 × 200 ÷ 400 =
 *   R$ 150,00 each, on their own dates (20/12/2026 and 19/01/2027).
 * - Stock: 10 at R$ 30,00 + 10 at R$ 30,00 = 20 at R$ 30,00.
 */
describe("'Entrada por XML': duplicatas that do not add up", () => {
  let s: BrowserSession;
  let caseProduct: JourneyProduct;
  let file: string;
  let number: number;

  beforeAll(async () => {
    s = await openBrowser();
    const admin = await apiAs(s.baseURL, DEMO.admin);
    caseProduct = await journeyProduct(admin, { name: 'Capa couro cobrança', cost: 30, sellPrice: 79.9, stock: 10 });
    number = 100_000 + (Date.now() % 800_000);
    const note = buildTestNfe({
      number,
      items: [{ code: `CAPA-COB-${number}`, name: 'Capa couro cobrança', qty: 10, unitValue: '30.00' }],
      instalments: [
        { number: '001', dueDate: '2026-12-20', amount: '200.00' },
        { number: '002', dueDate: '2027-01-19', amount: '200.00' },
      ],
    });
    file = path.join(mkdtempSync(path.join(tmpdir(), 'nfe-')), `nfe-${number}.xml`);
    writeFileSync(file, note.xml);
  });
  afterAll(() => s.close());

  it('sees R$ 100,00 over the note, calls it the supplier’s typo: two bills of R$ 150,00 and 20 cases in stock', async () => {
    const { page } = s;
    await login(page, DEMO.stocker);
    await page.getByRole('link', { name: 'Entrada por XML' }).click();
    await page.getByTestId('nfe-file').setInputFiles(file);
    await page.getByRole('heading', { name: `NF-e ${number} / série 1` }).waitFor();

    const item = page.getByRole('region', { name: 'Item 1' });
    await item.getByLabel(/^Buscar produto/).fill(caseProduct.code);
    await page.getByRole('option', { name: new RegExp(caseProduct.code) }).click();
    await page.getByText(/O destinatário da nota \(44555666000181\) não é o CNPJ da loja/).waitFor();
    await page.getByRole('checkbox', { name: 'Confirmo que a compra é da loja' }).check();

    // The difference, in the panel and among the note's problems.
    const payment = page.getByRole('heading', { name: 'Pagamento da nota' }).locator('..');
    await payment.getByText('As duplicatas somam R$ 400,00 e a nota R$ 300,00: diferença de R$ 100,00.').waitFor();
    await page
      .getByRole('alert', { name: 'Pendências da nota' })
      .getByText(/As duplicatas somam R\$ 400,00 e a nota R\$ 300,00 \(diferença de R\$ 100,00\)/)
      .waitFor();
    // Confirming without saying what it means is refused, in words: the refusal beside the note's problems, kept
    // while the preview is read again. The choice is made once that reading is done ('Atualizar prévia' enabled):
    // made during it, the 'Lendo' line drawn above moved the menu under the click on a loaded machine.
    const choose = page.getByRole('alert').filter({ hasText: 'escolha o que a diferença significa' });
    await page.getByRole('button', { name: 'Confirmar entrada' }).click();
    await expect.poll(() => choose.count()).toBe(2);
    await expect.poll(() => page.getByRole('button', { name: 'Atualizar prévia' }).isEnabled()).toBe(true);

    await payment.getByRole('combobox', { name: /O que a diferença significa/ }).click();
    await page.getByRole('option', { name: /Erro de digitação do fornecedor/ }).click();
    await page.getByRole('button', { name: 'Atualizar prévia' }).click();
    await payment.getByText(/001 20\/12\/2026 R\$ 150,00 · 002 19\/01\/2027 R\$ 150,00/).waitFor();
    await screenshot(page, 'purchases-billing-choice-desktop');

    await page.getByRole('button', { name: 'Confirmar entrada' }).click();
    await page.getByText(`Entrada da NF-e ${number} feita.`).waitFor();
    const bills = page.getByRole('table', { name: 'Contas a pagar' }).getByRole('row');
    expect(await bills.filter({ hasText: 'R$ 150,00' }).count()).toBe(2);
    expect(await bills.filter({ hasText: '20/12/2026' }).count()).toBe(1);
    expect(await bills.filter({ hasText: '19/01/2027' }).count()).toBe(1);

    // The server holds it: 20 cases at R$ 30,00, and the entry's billing kept with what the clerk chose.
    const admin = await apiAs(s.baseURL, DEMO.admin);
    const products = await admin.get<{ items: Array<{ stock: number; cost: number }> }>(
      `/products?offset=0&limit=5&search=${encodeURIComponent(caseProduct.code)}`,
    );
    expect(products.items[0]).toMatchObject({ stock: 20, cost: 30 });
    const list = await admin.get<{ data: { items: Array<{ id: number; number: string }> } }>(
      `/purchases?page=0&size=5&search=${number}`,
    );
    const entry = list.data.items.find((p) => p.number === String(number));
    const details = await admin.get<{ data: { billing: unknown; payables: Array<{ amount: number }> } }>(
      `/purchases/${entry?.id}`,
    );
    expect(details.data.billing).toMatchObject({
      mode: 'INSTALMENTS',
      instalmentsTotal: 400,
      instalmentsChoice: 'SUPPLIER_TYPO',
    });
    expect(details.data.payables.map((p) => p.amount)).toEqual([150, 150]);
  });
});
