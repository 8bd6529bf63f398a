import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserSession, DEMO, expectAccessible, login, openBrowser, screenshot, unique } from './harness';

/**
 * Issue 21 §2: a shop brings its products in from a spreadsheet. The first file has one bad line (a price
 * that is not a number): the preview names its line and column and nothing is imported; the fixed file
 * is imported and its products are found in the list.
 */
describe('import: products from a spreadsheet', () => {
  let s: BrowserSession;
  const tag = unique('Imp').replace(/\s+/g, '');
  const brand = unique('Marca Planilha');
  const names = [`Capinha Pêssego ${tag}`, `Película 3D ${tag}`, `Cabo USB-C ${tag}`];
  const codes = [`${tag}-1`, `${tag}-2`, `${tag}-3`];

  const csv = (thirdPrice: string) =>
    Buffer.from(
      '\uFEFFCódigo;Nome;Marca;Preço de compra;Preço de venda;% Prata;% Ouro;Estoque\r\n' +
        `${codes[0]};${names[0]};${brand};12,50;29,90;20;10;8\r\n` +
        `${codes[1]};${names[1]};${brand};5,00;19,90;20;10;4\r\n` +
        `${codes[2]};${names[2]};${brand};8,00;${thirdPrice};20;10;3\r\n`,
      'utf8',
    );

  beforeAll(async () => {
    s = await openBrowser();
    await login(s.page, DEMO.stocker);
  });
  afterAll(() => s.close());

  it('sees the bad line, fixes the file, imports, and finds the products', async () => {
    const { page } = s;
    await page.goto('/admin/products');
    await page.getByRole('button', { name: 'Importar planilha' }).click();
    const dialog = page.getByRole('dialog', { name: 'Importar produtos de uma planilha' });
    await dialog.waitFor();

    // The first file: line 4's sell price is not a number.
    await dialog
      .getByTestId('import-file')
      .setInputFiles({ name: 'produtos.csv', mimeType: 'text/csv', buffer: csv('abc') });
    const errors = dialog.getByRole('table', { name: 'Erros encontrados' });
    await errors.waitFor();
    const row = errors.getByRole('row').nth(1);
    expect(await row.getByRole('cell').allTextContents()).toEqual([
      '4',
      'Preço de venda',
      'Número inválido: "abc" (use por exemplo 1.299,90).',
    ]);
    await expect
      .poll(() => dialog.getByRole('status').textContent())
      .toContain('3 linhas: 2 novos, 0 atualizados, 1 com erro.');
    expect(await dialog.getByRole('button', { name: 'Importar' }).isDisabled()).toBe(true);
    await expectAccessible(page, 'import dialog with errors');
    await screenshot(page, 'import-errors');

    // The fixed file: previewed clean, then imported (confirmed).
    await dialog
      .getByTestId('import-file')
      .setInputFiles({ name: 'produtos.csv', mimeType: 'text/csv', buffer: csv('24,90') });
    await expect
      .poll(() => dialog.getByRole('status').textContent())
      .toContain('3 linhas: 3 novos, 0 atualizados, 0 com erro.');
    await dialog.getByRole('button', { name: 'Importar' }).click();
    const confirm = page.getByRole('dialog', { name: 'Importar', exact: true });
    await confirm.getByRole('button', { name: 'Importar' }).click();
    await dialog.getByText('Importação concluída: 3 criados, 0 atualizados.').waitFor();
    await screenshot(page, 'import-done');
    await dialog.getByRole('button', { name: 'Fechar' }).click();

    // The products are in the list.
    await page.getByLabel('Buscar produto').fill(tag);
    await page.getByRole('button', { name: 'Buscar' }).click();
    for (const name of names) await page.getByRole('row').filter({ hasText: name }).waitFor();
    expect(
      await page
        .getByRole('row')
        .filter({ hasText: names[2] as string })
        .textContent(),
    ).toContain('24,90');
  });
});
