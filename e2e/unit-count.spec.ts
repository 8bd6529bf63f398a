import { afterAll, describe, expect, it } from 'vitest';
import { newPhone } from './fixtures';
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
 * IMEIs of this run alone: '35' and 12 digits of the clock and an index, then the Luhn check digit (the
 * contract's rule; this journey's own copy keeps the test from leaning on the code under test).
 */
function runImei(index: number): string {
  const body = `35${String(Date.now()).slice(-11)}${index}`;
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    let d = Number(body[body.length - 1 - i]);
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return body + String((10 - (sum % 10)) % 10);
}

describe('the shelf count of a phone by its IMEIs, and the barcode on the product form', () => {
  const sessions: BrowserSession[] = [];
  afterAll(() => Promise.all(sessions.map((s) => s.close())));

  it('desktop: 3 units in stock, 2 read and 1 unknown: 1 missing; confirmed, the stock is 2', async () => {
    const s = await openBrowser({ width: 1366, height: 768 });
    sessions.push(s);
    const [a, b, c, stranger] = [0, 1, 2, 3].map(runImei) as [string, string, string, string];
    const admin = await apiAs(s.baseURL, DEMO.admin);
    const phone = await newPhone(admin, 'contagem', [a, b, c]);
    expect(phone.stock).toBe(3);

    const { page } = s;
    await login(page, DEMO.stocker);
    await page.goto('/admin/products');
    await page.getByLabel('Buscar produto').fill(phone.name);
    await page.getByRole('button', { name: 'Buscar' }).click();
    await page.getByRole('button', { name: `Contar ${phone.name} por IMEI` }).click();
    const dialog = page.getByRole('dialog', { name: `Contagem por IMEI: ${phone.name}` });
    await dialog.getByLabel(/^IMEIs/).fill(`${a}\n${b}\n${stranger}\n`);
    await dialog.getByRole('button', { name: 'Conferir' }).click();
    const result = dialog.getByRole('region', { name: 'Resultado da conferência' });
    await result.getByText('2 unidades encontradas · Estoque: 3 → 2').waitFor();
    await result.getByRole('list', { name: 'Faltando (1)' }).getByText(c).waitFor();
    await result.getByRole('list', { name: 'Desconhecidos (1)' }).getByText(`${stranger} — Não cadastrado`).waitFor();
    await expectAccessible(page, 'contagem por IMEI conferida');
    await screenshot(page, 'unit-count-desktop');
    await dialog.getByRole('button', { name: 'Confirmar' }).click();
    await page.getByText('Contagem registrada. Estoque atual: 2.').waitFor();
    await dialog.waitFor({ state: 'detached' });
    const unit = (await admin.get<{ data: { status: string } }>(`/units/${c}`)).data;
    expect(unit.status).toBe('WRITTEN_OFF');
    const { items } = await admin.get<{ items: Array<{ id: number; stock: number }> }>(
      `/products?offset=0&limit=5&search=${encodeURIComponent(phone.code)}`,
    );
    expect(items.find((p) => p.id === phone.id)?.stock).toBe(2);

    // The product form's 'Código de barras' field.
    await page.getByRole('button', { name: 'Cadastrar Produto' }).click();
    const form = page.getByRole('region', { name: 'Cadastrar Produto' });
    await form.getByLabel(/^Código de barras/).fill('7891000315508');
    await form.getByLabel(/^Código de barras/).blur();
    await form.getByText('Código de barras inválido: 7891000315508 (dígito verificador não confere).').waitFor();
    await expectAccessible(page, 'cadastro de produto com código de barras');
    await screenshot(page, 'barcode-product-form-desktop');
  });

  it('phone: the count dialog and the scanner button fit a 390 px screen', async () => {
    const s = await openPhone();
    sessions.push(s);
    const [a, b] = [4, 5].map(runImei) as [string, string];
    const admin = await apiAs(s.baseURL, DEMO.admin);
    const phone = await newPhone(admin, 'contagem celular', [a, b]);
    const { page } = s;
    await login(page, DEMO.stocker);
    await page.goto('/admin/products');
    await page.getByLabel('Buscar produto').fill(phone.name);
    await page.getByRole('button', { name: 'Buscar' }).click();
    // On a phone the stock column is off screen: the row is selected and 'Contar por IMEI' opens the count.
    await page.getByRole('row').filter({ hasText: phone.name }).getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Contar por IMEI' }).click();
    const dialog = page.getByRole('dialog', { name: `Contagem por IMEI: ${phone.name}` });
    await dialog.getByLabel(/^IMEIs/).fill(`${a}\n`);
    await dialog.getByRole('button', { name: 'Conferir' }).click();
    await dialog.getByRole('list', { name: 'Faltando (1)' }).getByText(b).waitFor();
    await expectAccessible(page, 'contagem por IMEI no celular');
    await screenshot(page, 'unit-count-phone');
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await dialog.waitFor({ state: 'detached' });
    // Nothing was written: the dry run only.
    expect((await admin.get<{ data: { status: string } }>(`/units/${b}`)).data.status).toBe('IN_STOCK');
  });
});
