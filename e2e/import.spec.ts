import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type BrowserSession,
  DEMO,
  expectAccessible,
  login,
  openBrowser,
  openPhone,
  pageApi,
  screenshot,
  unique,
} from './harness';

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

/**
 * Issue 34 §2: a shop's own spreadsheet (no level percentages, 'Quantidade em estoque', its price under a
 * name of its own). The mapping step names what a new product still needs and offers it; the preview shows
 * each line's prices and warns that the levels pay the cost (issue 35 item 1); 'Importar' goes with the
 * preview's Idempotency-Key; the products come in with their stock. On a phone and a desktop.
 */
describe('import: a plain shop spreadsheet, mapped and imported once', () => {
  for (const [device, open] of [
    ['phone', openPhone],
    ['desktop', () => openBrowser()],
  ] as const) {
    it(`maps the shop's price column and imports the stock (${device})`, async () => {
      const s = await open();
      try {
        const { page } = s;
        await login(page, DEMO.stocker);
        const tag = unique('Loja').replace(/\s+/g, '');
        const brand = unique('Marca Loja');
        const file = Buffer.from(
          'Nome;Código;Marca;Preço de compra;Preço Loja;Quantidade em estoque\r\n' +
            `Película 3D ${tag};${tag}-1;${brand};2,10;14,90;40\r\n` +
            `Capinha Anti-impacto ${tag};${tag}-2;${brand};6,50;29,90;12\r\n`,
          'utf8',
        );
        const keys: (string | undefined)[] = [];
        page.on('request', (request) => {
          if (request.method() === 'POST' && request.url().includes('/api/imports/products?dryRun=false'))
            keys.push(request.headers()['idempotency-key']);
        });

        await page.goto('/admin/products');
        await page.getByRole('button', { name: 'Importar planilha' }).click();
        const dialog = page.getByRole('dialog', { name: 'Importar produtos de uma planilha' });
        // What each column means, before choosing a file: the level percentages are markups over cost.
        await dialog.getByRole('button', { name: 'O que cada coluna significa' }).click();
        const meanings = dialog.getByRole('list', { name: 'O que cada coluna significa' });
        await meanings.getByText(/^Acréscimo sobre o preço de compra para clientes Prata/).waitFor();
        await expectAccessible(page, `import column meanings (${device})`);
        await screenshot(page, `import-meanings-${device}`);
        await dialog.getByRole('button', { name: 'Ocultar o significado das colunas' }).click();
        await dialog.getByTestId('import-file').setInputFiles({ name: 'loja.csv', mimeType: 'text/csv', buffer: file });
        await dialog
          .getByText(
            'Colunas que um cadastro novo precisa e que a planilha não tem com esse nome: Preço de venda. Escolha abaixo a coluna da planilha que traz cada uma.',
          )
          .waitFor();
        await screenshot(page, `import-mapping-${device}`);
        await dialog.getByRole('combobox', { name: 'Coluna "Preço Loja"' }).click();
        await expectAccessible(page, `import mapping (${device})`);
        await page.getByRole('option', { name: 'Preço de venda' }).click();
        await dialog.getByRole('button', { name: 'Pré-visualizar' }).click();
        await expect
          .poll(() => dialog.getByRole('status').textContent())
          .toContain('2 linhas: 2 novos, 0 atualizados, 0 com erro.');
        // No level columns: the preview shows what each level pays (the cost) and warns, without refusing.
        const prices = dialog.getByRole('table', { name: 'Preços por linha' });
        expect(await prices.getByRole('row').nth(1).getByRole('cell').allTextContents()).toEqual([
          '2',
          `Película 3D ${tag}`,
          'R$ 2,10',
          'R$ 2,10',
          'R$ 2,10',
          'R$ 2,10',
          'R$ 14,90',
        ]);
        await dialog
          .getByRole('table', { name: 'Avisos' })
          .getByText(
            'Ouro, Prata e Bronze pagam o preço de compra (R$ 2,10), sem margem: os percentuais dos níveis são acréscimos sobre o preço de compra.',
          )
          .waitFor();
        await expectAccessible(page, `import preview with prices (${device})`);
        await prices.scrollIntoViewIfNeeded();
        await screenshot(page, `import-prices-${device}`);
        await dialog.getByRole('button', { name: 'Importar' }).click();
        await page
          .getByRole('dialog', { name: 'Importar', exact: true })
          .getByRole('button', { name: 'Importar' })
          .click();
        await dialog.getByText('Importação concluída: 2 criados, 0 atualizados.').waitFor();
        await screenshot(page, `import-shop-done-${device}`);
        expect(keys).toHaveLength(1);
        expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);

        const found = await pageApi(page).get<{ items: { code: string; stock: number; sellPrice: number }[] }>(
          `/products?search=${encodeURIComponent(tag)}`,
        );
        expect(
          found.items
            .map((p) => [p.code, p.stock, p.sellPrice])
            .sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
        ).toEqual([
          [`${tag}-1`, 40, 14.9],
          [`${tag}-2`, 12, 29.9],
        ]);
      } finally {
        await s.close();
      }
    });
  }
});
