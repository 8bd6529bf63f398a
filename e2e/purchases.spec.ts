import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestNfe, testImei, workedExampleNfeSpec } from '../apps/api/src/modules/purchases/nfe/test-nfe';
import { type JourneyProduct, journeyProduct } from './fixtures';
import {
  apiAs,
  type BrowserSession,
  DEMO,
  expectAccessible,
  login,
  openBrowser,
  openPhone,
  screenshot,
} from './harness';

/**
 * 'Entrada por XML' (issue 39 §2): the stocker enters the worked example from the supplier's NF-e XML.
 * Figures by hand:
 * - iPhone (created here, none in stock): (32.000,00 + freight 158,02) ÷ 10 = R$ 3.215,80, its cost.
 * - Case: (400,00 + 1,98) ÷ 50 = 8,0396 → R$ 8,04; with 50 in stock at R$ 7,50 the average is
 *   (375,00 + 402,00) ÷ 100 = R$ 7,77.
 * - Two bills of R$ 16.280,00 (the note's R$ 32.560,00).
 * The first two iPhones are dual-SIM: 10 lines, 12 IMEIs, 10 phones (decision 0050).
 */
describe("'Entrada por XML': the supplier's note into stock", () => {
  let s: BrowserSession;
  let caseProduct: JourneyProduct;
  let file: string;
  let number: number;
  /** 10 IMEIs of this run alone (Luhn-valid, the note builder's TAC, a serial no other journey uses). */
  const base = 600_000 + (Date.now() % 300_000);
  const phones = Array.from({ length: 10 }, (_, i) => testImei(base + i));
  /** The second IMEIs of the first two phones. */
  const seconds = [testImei(base + 10), testImei(base + 11)];

  beforeAll(async () => {
    s = await openBrowser();
    const admin = await apiAs(s.baseURL, DEMO.admin);
    caseProduct = await journeyProduct(admin, {
      name: 'Capa transparente iPhone 15',
      cost: 7.5,
      sellPrice: 29.9,
      stock: 50,
    });
    number = 10_000 + (Date.now() % 80_000);
    const note = buildTestNfe(workedExampleNfeSpec({ number }));
    file = path.join(mkdtempSync(path.join(tmpdir(), 'nfe-')), `nfe-${number}.xml`);
    writeFileSync(file, note.xml);
  });
  afterAll(() => s.close());

  it('the stocker links the case, creates the iPhone, types 10 phones (two dual-SIM) and confirms: stock, average and bills', async () => {
    const { page } = s;
    await login(page, DEMO.stocker);
    await page.getByRole('link', { name: 'Entrada por XML' }).click();
    await page.getByTestId('nfe-file').setInputFiles(file);
    await page.getByRole('heading', { name: `NF-e ${number} / série 1` }).waitFor();

    const iphone = page.getByRole('region', { name: 'Item 1' });
    await iphone.getByRole('button', { name: 'Criar produto' }).click();
    await expect.poll(() => iphone.getByLabel('Nome').inputValue()).toBe('Apple iPhone 15 128GB Preto');
    await iphone.getByRole('combobox', { name: 'Marca' }).click();
    await page.getByRole('option', { name: 'Jornadas' }).click();
    await iphone.getByLabel('Preço de venda').fill('4.299,00');
    const imeiField = iphone.getByLabel(/^IMEIs/);
    // A second IMEI one digit off is marked on its line as it is typed; then the right one.
    const wrong = `${seconds[0]?.slice(0, 14)}${(Number(seconds[0]?.at(14)) + 1) % 10}`;
    await imeiField.fill(`${phones[0]};${wrong}`);
    await iphone.getByText(`Dígito verificador não confere: ${wrong}.`).waitFor();
    await imeiField.fill(phones.map((imei, i) => (seconds[i] ? `${imei};${seconds[i]}` : imei)).join('\n'));
    await iphone.getByText('10 de 10 unidades válidas').waitFor();

    const box = page.getByRole('region', { name: 'Item 2' });
    await box.getByLabel(/^Buscar produto/).fill(caseProduct.name);
    await page.getByRole('option', { name: new RegExp(caseProduct.code) }).click();

    await page.getByRole('button', { name: 'Atualizar prévia' }).click();
    await expect.poll(() => iphone.getByText('Pronto').count()).toBe(1);
    // 'Pronto' shows as soon as the case is linked (issue 54 §8); its new average comes with the preview's answer.
    await expect.poll(async () => await box.textContent()).toContain('R$ 7,77');
    await expect.poll(() => box.getByText('Pronto').count()).toBe(1);
    expect(await iphone.textContent()).toContain('R$ 3.215,80');
    expect(await box.textContent()).toContain('R$ 8,04');
    await expectAccessible(page, 'Entrada por XML: prévia');
    await screenshot(page, 'purchases-preview-desktop');

    // The demo shop's CNPJ is not the note's recipient: the stocker confirms the purchase is the shop's.
    await page.getByText(/O destinatário da nota \(44555666000181\) não é o CNPJ da loja/).waitFor();
    await page.getByRole('checkbox', { name: 'Confirmo que a compra é da loja' }).check();
    await page.getByRole('button', { name: 'Confirmar entrada' }).click();
    await page.getByText(`Entrada da NF-e ${number} feita.`).waitFor();
    const items = page.getByRole('table', { name: 'Itens da nota' });
    const iphoneRow = items.getByRole('row').filter({ hasText: 'Apple iPhone 15 128GB Preto' });
    const caseRow = items.getByRole('row').filter({ hasText: caseProduct.code });
    // Units, the line's entry cost, the unit cost with its rounding's cents (decision 0089), the cost after:
    // 32.158,02 ÷ 10 = 3.215,802 → 3.215,80, and 10 × 3.215,80 = 32.158,00 leaves 2 units a cent dearer;
    // 401,98 ÷ 50 = 8,0396 → 8,04, and 50 × 8,04 = 402,00 leaves 2 units a cent cheaper;
    // the case's average: (50 × 7,50 + 401,98) ÷ 100 = 7,7698 → 7,77.
    expect(await iphoneRow.textContent()).toMatch(
      /10R\$ 32\.158,02R\$ 3\.215,802 unidades a R\$ 0,01 a mais \(arredondamento\)R\$ 3\.215,80$/,
    );
    expect(await caseRow.textContent()).toMatch(
      /50R\$ 401,98R\$ 8,042 unidades a R\$ 0,01 a menos \(arredondamento\)R\$ 7,77$/,
    );
    const bills = page.getByRole('table', { name: 'Contas a pagar' }).getByRole('row');
    expect(await bills.filter({ hasText: 'R$ 16.280,00' }).count()).toBe(2);
    expect(await bills.filter({ hasText: '20/12/2026' }).count()).toBe(1);
    await screenshot(page, 'purchases-entered-desktop');

    // The server holds it: 10 iPhones and 100 cases in stock, each at its cost.
    const admin = await apiAs(s.baseURL, DEMO.admin);
    const products = await admin.get<{ items: Array<{ name: string; stock: number; cost: number }> }>(
      `/products?offset=0&limit=5&search=${encodeURIComponent(caseProduct.code)}`,
    );
    expect(products.items[0]).toMatchObject({ stock: 100, cost: 7.77 });
    const units = await admin.send<{ data: Array<{ registered: { status: string } | null }> }>('POST', '/units/check', {
      imeis: [...phones, ...seconds],
    });
    expect(units.data.every((unit) => unit.registered?.status === 'IN_STOCK')).toBe(true);
    // A dual-SIM phone is one unit, found by its second IMEI too.
    const second = await admin.get<{ data: { imei: string; imei2: string | null } }>(`/units/${seconds[1]}`);
    expect(second.data).toMatchObject({ imei: phones[1], imei2: seconds[1] });

    // The same note again is refused, naming who entered it.
    await page.getByRole('button', { name: 'Outro arquivo' }).click();
    await page.getByTestId('nfe-file').setInputFiles(file);
    const refusal = page.getByRole('alert');
    await refusal.getByText(/já deu entrada em .*, por Carlos Estoquista\./).waitFor();
    await screenshot(page, 'purchases-same-note-desktop');
  });

  it("lists the entry in 'Entradas' and opens it, on a phone", async () => {
    const phone = await openPhone();
    try {
      const { page } = phone;
      await login(page, DEMO.stocker);
      await page.goto('/admin/purchases');
      await page.getByRole('row').filter({ hasText: 'DISTRIBUIDORA MODELO' }).first().waitFor();
      await screenshot(page, 'purchases-list-phone');
      await page.getByRole('row').filter({ hasText: 'DISTRIBUIDORA MODELO' }).first().getByRole('checkbox').check();
      const dialog = page.getByRole('dialog', { name: `Entrada da NF-e ${number}/1` });
      await dialog.getByRole('table', { name: 'Contas a pagar' }).waitFor();
      await expectAccessible(page, 'Entrada por XML: detalhe no celular');
      await screenshot(page, 'purchases-detail-phone');
      await page.getByRole('button', { name: 'Fechar' }).click();

      // A second note previewed on the phone (not confirmed).
      const other = buildTestNfe(workedExampleNfeSpec({ number: number + 1 }));
      const otherFile = path.join(path.dirname(file), `nfe-${number + 1}.xml`);
      writeFileSync(otherFile, other.xml);
      await page.goto('/admin/purchaseEntry');
      await page.getByTestId('nfe-file').setInputFiles(otherFile);
      await page.getByRole('heading', { name: `NF-e ${number + 1} / série 1` }).waitFor();
      await screenshot(page, 'purchases-preview-phone');
    } finally {
      await phone.close();
    }
  });

  it("sends one of the phones back to the supplier from 'Consultar IMEI': a credit of its entry cost", async () => {
    const { page } = s;
    // The phone entered above (this file tells one story).
    await page.goto(`/admin/products?imei=${phones[2]}`);
    const dialog = page.getByRole('dialog', { name: 'Consultar IMEI' });
    await dialog.getByRole('button', { name: 'Devolver ao fornecedor' }).click();
    await dialog.getByLabel('Motivo da devolução ao fornecedor').fill('Tela com defeito de fábrica');
    await dialog.getByRole('button', { name: 'Confirmar devolução' }).click();
    // Its entry's unit cost, R$ 3.215,80, is what the supplier owes back (the notice); the phone is out of stock.
    await page
      .getByText(
        'Aparelho devolvido ao fornecedor DISTRIBUIDORA MODELO DE CELULARES LTDA: crédito de R$ 3.215,80 em Contas a pagar.',
      )
      .first()
      .waitFor();
    await dialog.getByText('Baixado', { exact: true }).waitFor();
    await expectAccessible(page, 'Devolução ao fornecedor');
    await screenshot(page, 'purchases-supplier-return-desktop');
  });
});
