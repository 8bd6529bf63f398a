import { readFileSync } from 'node:fs';
import { crc32, deflateSync } from 'node:zlib';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliverOrder, newPhone, packOrder, placeOrder } from './fixtures';
import {
  apiAs,
  type BrowserSession,
  DEMO,
  expectAccessible,
  login,
  openBrowser,
  openPhone,
  pageApi,
  screenshot,
  tick,
  unique,
} from './harness';

/** A solid-colour PNG of width×height, built by hand (no image library needed in the browser tests). */
function png(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  const row = Buffer.alloc(1 + width * 3);
  for (let x = 0; x < width; x++) row.set([20, 110 + (x % 100), 200], 1 + x * 3);
  const raw = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function toast(page: Page, text: string) {
  await page.getByText(text, { exact: true }).first().waitFor();
}

async function choose(page: Page, label: RegExp, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

function row(scope: Page | Locator, text: string): Locator {
  return scope.getByRole('row').filter({ hasText: text });
}

describe('products: the stocker keeps the catalogue', () => {
  let s: BrowserSession;
  const brand = unique('Marca E2E');
  const reference = unique('Modelo');
  const name = unique('Capa Teste');
  let code = '';

  beforeAll(async () => {
    s = await openBrowser();
    await login(s.page, DEMO.stocker);
  });
  afterAll(() => s.close());

  const searchFor = async (term: string) => {
    await s.page.getByLabel('Buscar produto').fill(term);
    await s.page.getByRole('button', { name: 'Buscar' }).click();
    await row(s.page, term).first().waitFor();
  };
  const selectProduct = async () => {
    await searchFor(name);
    await tick(s.page, row(s.page, name).getByRole('checkbox'));
  };

  it('creates a brand and a reference in the brands panel', async () => {
    const { page } = s;
    await page.goto('/admin/products');
    await page.getByRole('button', { name: 'Gerenciar Marcas e Referências' }).click();
    const panel = page.getByRole('region', { name: 'Marcas e Referências' });
    await panel.waitFor();
    await panel.getByRole('button', { name: 'Adicionar Marca' }).click();
    let dialog = page.getByRole('dialog', { name: 'Adicionar Marca' });
    await dialog.getByLabel(/^Nome/).fill(brand);
    await screenshot(page, 'products-e2e-add-brand-dialog');
    await dialog.getByRole('button', { name: 'Adicionar' }).click();
    await toast(page, 'Marca criada com sucesso.');
    await dialog.waitFor({ state: 'hidden' });

    // find it with the table's own search, select it, add a reference
    await panel.getByPlaceholder('Pesquisar').first().fill(brand);
    await tick(page, row(panel, brand).getByRole('checkbox'));
    await panel.getByRole('button', { name: 'Adicionar Referência' }).click();
    dialog = page.getByRole('dialog', { name: 'Adicionar Referência' });
    await dialog.getByLabel(/^Nome/).fill(reference);
    await dialog.getByRole('button', { name: 'Adicionar' }).click();
    await toast(page, 'Referencia criada com sucesso.');
    await row(panel, reference).waitFor();
    await screenshot(page, 'products-e2e-brands-panel');

    // a duplicate reference is refused with the spec message
    await panel.getByRole('button', { name: 'Adicionar Referência' }).click();
    await dialog.getByLabel(/^Nome/).fill(reference.toUpperCase());
    await dialog.getByRole('button', { name: 'Adicionar' }).click();
    await toast(page, 'Já existe uma referencia com este nome.');
    await dialog.getByRole('button', { name: 'Fechar' }).click();
    await panel.getByRole('button', { name: 'Fechar', exact: true }).click();
  });

  it('shows the product actions before a row is ticked, disabled with a hint, and ticking one enables them (issue 35)', async () => {
    const { page } = s;
    await page.goto('/admin/products');
    const edit = page.getByRole('button', { name: 'Editar Produto' });
    await edit.waitFor();
    expect(await edit.isDisabled()).toBe(true);
    await page.getByText('Marque um produto para usar as ações.').waitFor();
    await screenshot(page, 'products-e2e-actions-before-tick');
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'products-e2e-actions-before-tick-phone');
    await page.setViewportSize({ width: 1366, height: 850 });
    const first = page.getByRole('grid').getByRole('row').nth(1);
    await tick(page, first.getByRole('checkbox'));
    await expect.poll(() => edit.isDisabled()).toBe(false);
    await first.getByRole('checkbox').uncheck();
    await expect.poll(() => edit.isDisabled()).toBe(true);
  });

  it('creates a product with a picture', async () => {
    const { page } = s;
    await page.getByRole('button', { name: 'Cadastrar Produto' }).click();
    const form = page.getByRole('region', { name: 'Cadastrar Produto' });
    await form.getByLabel(/^Nome/).fill(name);
    await choose(page, /^Marca/, brand);
    await choose(page, /^Referência/, reference);
    await form.getByLabel(/^Preço de compra/).fill('10');
    await form.getByLabel(/^Preço de venda/).fill('25,90');
    await form.getByLabel(/^Cliente ouro/).fill('20');
    await form.getByLabel(/^Cliente prata/).fill('30');
    expect(await form.getByLabel(/^Preço ouro/).inputValue()).toBe('12,00');
    expect(await form.getByLabel(/^Preço prata/).inputValue()).toBe('13,00');
    await form.getByLabel(/^Quantidade em estoque/).fill('5');
    await form.getByLabel(/^Tags/).fill('silicone');
    await form.getByLabel(/^Tags/).press('Enter');
    await form.getByLabel(/^Descrição/).fill('Capa macia, teste do navegador');
    await form
      .getByTestId('product-image-input')
      .setInputFiles({ name: 'frente.png', mimeType: 'image/png', buffer: png(640, 480) });
    const images = form.getByRole('region', { name: 'IMAGENS DO PRODUTO' });
    await images.getByRole('button', { name: 'frente.jpg' }).click();
    const preview = page.getByRole('dialog', { name: 'Visualização da imagem' });
    await preview.waitFor();
    const size = await preview
      .getByRole('img')
      .evaluate((img) => [(img as HTMLImageElement).naturalWidth, (img as HTMLImageElement).naturalHeight]);
    expect(size).toEqual([300, 225]); // resized in the browser to fit 300×300
    await screenshot(page, 'products-e2e-image-preview');
    await preview.getByRole('button', { name: 'Fechar' }).click();
    await screenshot(page, 'products-e2e-create-form');
    await form.getByRole('button', { name: 'Cadastrar' }).click();
    await toast(page, 'Produto criado com sucesso.');

    await searchFor(name);
    code = ((await row(page, name).getByRole('gridcell').nth(2).textContent()) ?? '').trim();
    expect(code).toMatch(/^P\d+$/);
    await screenshot(page, 'products-e2e-list');
  });

  it('edits its prices', async () => {
    const { page } = s;
    await selectProduct();
    await page.getByRole('button', { name: 'Editar Produto' }).click();
    const form = page.getByRole('region', { name: 'Editar Produto' });
    await form.getByLabel(/^Preço de compra/).fill('20');
    expect(await form.getByLabel(/^Preço ouro/).inputValue()).toBe('24,00');
    await form.getByLabel(/^Preço prata/).fill('30');
    expect(await form.getByLabel(/^Cliente prata/).inputValue()).toBe('50');
    await form.getByLabel(/^Preço de venda/).fill('49,90');
    await form.getByRole('img', { name: `${code}-1.jpg` }).waitFor();
    await screenshot(page, 'products-e2e-edit-form');
    await form.getByRole('button', { name: 'Editar' }).click();
    await toast(page, 'Produto editado com sucesso.');
    await searchFor(name);
    await row(page, name).getByText('R$ 49,90').waitFor();
  });

  it('records a stock entry and counts the inventory in the list', async () => {
    const { page } = s;
    await selectProduct();
    await page.getByRole('button', { name: 'Informar Entrada' }).click();
    const dialog = page.getByRole('dialog', { name: `Informar entrada do produto ${name}` });
    await dialog.getByLabel(/^Quantidade de Entrada/).fill('7');
    await dialog.getByLabel(/^Preço de Compra/).fill('21');
    // Before confirming, the average (decision 0046): 5 at R$ 20,00 + 7 at R$ 21,00 = 247,00 ÷ 12 = 20,583… → R$ 20,58.
    await expect
      .poll(() => dialog.getByTestId('average-cost-preview').textContent())
      .toContain('Custo médio após a entrada: R$ 20,58');
    await choose(page, /^Operação/, 'Compra de fornecedor');
    await screenshot(page, 'products-e2e-stock-entry');
    await dialog.getByRole('button', { name: 'Alterar' }).click();
    await toast(page, 'Produto(s) editado(s) com sucesso.');
    await dialog.waitFor({ state: 'hidden' });

    await searchFor(name);
    const stock = page.getByRole('spinbutton', { name: `Estoque de ${name}` });
    await expect.poll(() => stock.inputValue(), { timeout: 10_000 }).toBe('12');
    await stock.fill('10');
    await page.getByRole('button', { name: `Salvar estoque de ${name}` }).click();
    await toast(page, 'Inventário atualizado com sucesso.');
    await expect.poll(() => stock.inputValue(), { timeout: 10_000 }).toBe('10');

    await tick(page, row(page, name).getByRole('checkbox'));
    await page.getByRole('button', { name: 'Exibir Produto' }).click();
    const details = page.getByRole('dialog', { name });
    await details.getByRole('img', { name: `${code}-1.jpg` }).waitFor();
    expect(await details.getByRole('row', { name: /Preço de compra/ }).textContent()).toContain('R$ 20,58');
    await screenshot(page, 'products-e2e-details');
    await details.getByRole('button', { name: 'Fechar' }).click();
  });

  it('reads each of the four histories', async () => {
    const { page } = s;
    await selectProduct();
    await page.getByRole('button', { name: 'Histórico do Produto' }).click();
    const panel = page.getByRole('region', { name: `Histórico do Produto ${name}` });
    const generate = async (type: string) => {
      await choose(page, /^Tipo de histórico/, type);
      await panel.getByRole('button', { name: 'Gerar' }).click();
      await panel.getByRole('grid', { name: type }).waitFor();
    };
    await generate('Vendas');
    await panel.getByText('Nenhuma informação encontrada com os filtros selecionados.').waitFor();
    await generate('Compras');
    await row(panel, 'Compra de fornecedor').getByText('Carlos Estoquista').waitFor();
    await generate('Inventário');
    await row(panel, 'Carlos Estoquista').first().waitFor();
    await generate('Alterações de estoque');
    for (const event of ['Ajuste de estoque', 'Entrada de mercadoria', 'Inventário'])
      await row(panel, event).first().waitFor();
    await screenshot(page, 'products-e2e-history');
    await panel.getByRole('button', { name: 'Fechar' }).click();
  });

  it('archives and unarchives it', async () => {
    const { page } = s;
    await selectProduct();
    await page.getByRole('button', { name: 'Arquivar' }).click();
    await toast(page, 'Produto arquivado com sucesso.');
    await page.getByLabel('Buscar produto').fill(name);
    await page.getByRole('button', { name: 'Buscar' }).click();
    await page.getByText('Nenhum produto foi encontrado.').waitFor();

    await page.getByRole('button', { name: 'Produtos arquivados' }).click();
    const panel = page.getByRole('region', { name: 'Produtos arquivados' });
    await panel.getByPlaceholder('Pesquisar').fill(name);
    // The filter lands after its pause and draws the rows again: tick the row once only it is left (a tick made
    // before the redraw is lost with its row).
    await expect.poll(async () => (await panel.getByRole('row').count()) - (await row(panel, name).count())).toBe(1);
    await tick(page, row(panel, name).getByRole('checkbox'));
    await screenshot(page, 'products-e2e-archived');
    await panel.getByRole('button', { name: 'Desarquivar' }).click();
    await toast(page, 'Produto desarquivado com sucesso.');
    await panel.getByRole('button', { name: 'Fechar', exact: true }).click();
    await searchFor(name);
  });

  it('has one search, on the server: a product of page 2 is found, and the CSV has every matching row', async () => {
    const { page } = s;
    const apiGet = pageApi(page).get;
    await page.goto('/admin/products');
    const list = page.getByRole('grid');
    await list.getByRole('row').nth(1).waitFor();
    // the second page's first product (100 a page, by name)
    const second = await apiGet<{ items: { name: string; code: string }[]; total: number }>(
      '/products?offset=100&limit=1',
    );
    const product = second.items[0];
    if (!product) throw new Error('the demo catalogue has fewer than 101 products');
    expect(await row(list, product.code).count()).toBe(0);
    // no second search box in the table: the page's 'Buscar' is the only one
    expect(await page.locator('.MuiDataGrid-root').getByPlaceholder('Pesquisar').count()).toBe(0);

    await searchFor(product.code);
    expect(await row(list, product.code).count()).toBe(1);
    await screenshot(page, 'products-e2e-search-page-2');

    await page.getByLabel('Buscar produto').fill('');
    await page.getByRole('button', { name: 'Buscar' }).click();
    await row(list, product.code).waitFor({ state: 'detached' });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Baixar CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('relatorio.csv');
    const lines = readFileSync(await download.path(), 'utf8')
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Nome;Código;Referência;Preço de compra;Preço de venda;Estoque;NCM;CEST;Unidade comercial;Origem (ICMS)',
    );
    expect(lines).toHaveLength(second.total + 1);
    expect(lines.some((line) => line.split(';')[1] === product.code)).toBe(true);
  });
});

describe('products: a phone found by its IMEI', () => {
  let s: BrowserSession;
  beforeAll(async () => {
    s = await openBrowser();
  });
  afterAll(() => s.close());

  it("'Consultar IMEI' shows the phone the journey sold and delivered: its customer, order and warranty", async () => {
    // A phone of the journey's own, entered with IMEI 490154203237518 (check digit by hand: 52 → 8), sold,
    // packed by that IMEI and delivered, all through the API.
    const admin = await apiAs(s.baseURL, DEMO.admin);
    const phone = await newPhone(admin, 'consulta', ['490154203237518']);
    const order = await placeOrder(admin, 'products', { product: phone });
    await packOrder(await apiAs(s.baseURL, DEMO.stocker), order.orderId, [
      { productId: phone.id, imei: '490154203237518' },
    ]);
    await deliverOrder(admin, await apiAs(s.baseURL, DEMO.courier), order.orderId);
    const customer = (await admin.get<{ data: { customer: string } }>(`/orders/by-id/${order.orderId}`)).data.customer;

    await login(s.page, DEMO.stocker);
    await s.page.goto('/admin/products');
    await s.page.getByRole('button', { name: 'Consultar IMEI' }).click();
    const dialog = s.page.getByRole('dialog', { name: 'Consultar IMEI' });
    await dialog.getByLabel('IMEI').fill('490154203237518');
    await dialog.getByRole('button', { name: 'Consultar' }).click();
    const result = dialog.getByRole('region', { name: 'Aparelho 490154203237518' });
    await result.waitFor();
    const text = (await result.textContent()) ?? '';
    expect(text).toContain(phone.name);
    expect(text).toContain(customer);
    expect(text).toContain(order.code);
    // Delivered now: 12 months of warranty, to the same day next year, on the business's clock (the screen shows
    // dates in BUSINESS_TIME_ZONE, São Paulo by default, whatever the browser's: this machine's may be UTC, a day
    // ahead of São Paulo's evening; issue 37 §2).
    const today = new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo' }).format(new Date());
    const [day, month, year] = today.split('/');
    expect(text).toMatch(new RegExp(`\\d+ dias de garantia \\(até ${day}/${month}/${Number(year) + 1}\\)`));
    expect(await result.getByRole('listitem').count()).toBe(3);
    await expectAccessible(s.page, 'Consultar IMEI');
    await screenshot(s.page, 'products-unit-lookup-desktop');

    // The order's details name the phone by its IMEI (the attendant's orders screen).
    const desk = await openBrowser();
    try {
      await login(desk.page, DEMO.attendant);
      await desk.page.goto('/admin/orders');
      await desk.page.getByLabel('Código do pedido').fill(order.code);
      await desk.page.getByRole('button', { name: 'Buscar', exact: true }).click();
      await desk.page.getByRole('grid').getByRole('row').filter({ hasText: order.code }).waitFor();
      await desk.page.getByRole('button', { name: 'Ver pedido', exact: true }).click();
      const details = desk.page.getByRole('dialog', { name: `Detalhes do pedido ${order.code}` });
      await details.getByText('IMEI: 490154203237518').waitFor();
      await expectAccessible(desk.page, 'Detalhes do pedido com IMEI');
      await screenshot(desk.page, 'orders-details-imei');
    } finally {
      await desk.close();
    }

    const phoneScreen = await openPhone();
    try {
      await login(phoneScreen.page, DEMO.stocker);
      await phoneScreen.page.goto('/admin/products');
      await phoneScreen.page.getByRole('button', { name: 'Consultar IMEI' }).click();
      const small = phoneScreen.page.getByRole('dialog', { name: 'Consultar IMEI' });
      await small.getByLabel('IMEI').fill('490154203237518');
      await small.getByRole('button', { name: 'Consultar' }).click();
      await small.getByRole('region', { name: 'Aparelho 490154203237518' }).waitFor();
      await expectAccessible(phoneScreen.page, 'Consultar IMEI no celular');
      await screenshot(phoneScreen.page, 'products-unit-lookup-phone');
    } finally {
      await phoneScreen.close();
    }
  });
});
