import type { Product, ProductListItem } from '@backoffice/contract';
import type { QueryClient } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { type MockCall, mockFetch, renderPage, signInAs } from '../../../test/render';
import { readSourcesCookie, SOURCES_COOKIE } from '../lib/sources-cookie';
import ProductsPage from './products-page';

function product(id: number, name: string, stock = 5): Product {
  return {
    id,
    code: `P10000${id}`,
    name,
    description: null,
    brand: 'Apple',
    reference: 'iPhone 15',
    cost: 10,
    sellPrice: 25,
    stock,
    stockAlert: 1,
    tags: [],
    imagesUrl: [],
    images: [],
    discount: { goldPercentage: 20, silverPercentage: 30, bronzePercentage: 0 },
    archived: false,
    serialized: false,
    goldPrice: 12,
    silverPrice: 13,
  };
}

/**
 * The sentinel before "nothing more was fetched": every query and mutation of the page's client idle. A read
 * that an action causes starts with the action's answer, so once the client is idle none is still to come.
 */
const settledOf = (queryClient: QueryClient) => () =>
  waitFor(() => expect(queryClient.isFetching() + queryClient.isMutating()).toBe(0));

const CAPA = product(1, 'Capa Silicone');
const CABO = product(2, 'Cabo USB-C', 9);

/** A product as the list's rows carry it (GET /products/list): opened, it is read whole. */
const listed = ({ description, tags, imagesUrl, images, ...row }: Product): ProductListItem => row;

function openPage(routes: Parameters<typeof mockFetch>[0] = {}) {
  signInAs(['bo:manage:products'], 'Carlos Estoquista');
  // biome-ignore lint/suspicious/noDocumentCookie: each test starts without the cached sources.
  document.cookie = `${SOURCES_COOKIE}=; path=/; max-age=0`;
  const calls = mockFetch({
    'GET /api/products/list': { body: { items: [listed(CAPA), listed(CABO)], page: 0, total: 2 } },
    'GET /api/products/full/search/P100001': { body: { data: [CAPA] } },
    'GET /api/products/full/search/P100002': { body: { data: [CABO] } },
    'GET /api/products/archiveds': { body: { data: [] } },
    'GET /api/products/brands': { body: { data: [{ name: 'Apple', references: ['iPhone 15'] }] } },
    'GET /api/products/references': { body: { data: [{ brand: 'Apple', name: 'iPhone 15' }] } },
    'GET /api/products/sources': { body: { data: [{ key: 'SUPPLIER_PURCHASE', name: 'Compra de fornecedor' }] } },
    ...routes,
  });
  const user = userEvent.setup();
  const { queryClient } = renderPage(<ProductsPage />, { path: '/admin/products' });
  return { user, calls, settled: settledOf(queryClient) };
}

const rowCheckbox = (name: string) => {
  const row = screen.getByText(name).closest('[role="row"]') as HTMLElement;
  return within(row).getByRole('checkbox');
};

describe('Products page', () => {
  it('loads products, archived, references, brands and caches the sources in a cookie', async () => {
    const { calls } = openPage();
    expect(await screen.findByText('Capa Silicone')).toBeTruthy();
    const paths = calls.map((c) => `${c.method} ${c.url}`);
    expect(paths).toEqual(
      expect.arrayContaining([
        'GET /api/products/list?offset=0&limit=100&countUpTo=1000',
        'GET /api/products/archiveds',
        'GET /api/products/references',
        'GET /api/products/brands',
      ]),
    );
    await waitFor(() =>
      expect(readSourcesCookie()).toEqual([{ key: 'SUPPLIER_PURCHASE', name: 'Compra de fornecedor' }]),
    );
    for (const label of ['Cadastrar Produto', 'Gerenciar Marcas e Referências', 'Produtos arquivados', 'Recarregar']) {
      expect(screen.getByRole('button', { name: label })).toBeTruthy();
    }
  });

  it('shows the row actions before a row is ticked, disabled with a hint; ticking one enables them (issue 35)', async () => {
    const { user } = openPage();
    await screen.findByText('Capa Silicone');
    const names = [
      'Histórico do Produto',
      'Histórico de alterações',
      'Informar Entrada',
      'Exibir Produto',
      'Editar Produto',
      'Arquivar',
    ];
    for (const name of names) expect((screen.getByRole('button', { name }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('Marque um produto para usar as ações.')).toBeTruthy();
    await user.click(rowCheckbox('Capa Silicone'));
    for (const name of names) expect((screen.getByRole('button', { name }) as HTMLButtonElement).disabled).toBe(false);
    expect(screen.queryByText('Marque um produto para usar as ações.')).toBeNull();
  });

  it('refuses every action but Arquivar on two selected rows, and archives both', async () => {
    const { user, calls } = openPage({ 'PATCH /api/products/archive': { body: { data: [] } } });
    await screen.findByText('Capa Silicone');
    await user.click(rowCheckbox('Capa Silicone'));
    await user.click(rowCheckbox('Cabo USB-C'));
    const refusals: [string, string][] = [
      ['Editar Produto', 'Não é possível selecionar dois produtos para edição.'],
      [
        'Histórico do Produto',
        'Não é possível visualizar o histórico de múltiplos produtos simultaneamente, escolha um.',
      ],
      ['Informar Entrada', 'Não é possível selecionar dois produtos para adicionar mercadoria.'],
      ['Exibir Produto', 'Não é possível selecionar dois produtos para exibição.'],
    ];
    for (const [button, message] of refusals) {
      await user.click(screen.getByRole('button', { name: button }));
      expect(await screen.findByText(message)).toBeTruthy();
    }
    await user.click(screen.getByRole('button', { name: 'Arquivar' }));
    expect(await screen.findByText('Produto arquivado com sucesso.')).toBeTruthy();
    const archive = calls.find((c) => c.method === 'PATCH') as MockCall;
    expect(decodeURIComponent(archive.url)).toBe('/api/products/archive?codes=P100001,P100002');
  });

  it('saves the stock typed in one row as an inventory count', async () => {
    const { user, calls } = openPage({
      'PATCH /api/products/inventory/P100001': { body: { data: { ...CAPA, stock: 8 } } },
    });
    await screen.findByText('Capa Silicone');
    const input = screen.getByLabelText('Estoque de Capa Silicone') as HTMLInputElement;
    const save = screen.getByRole('button', { name: 'Salvar estoque de Capa Silicone' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    await user.clear(input);
    await user.type(input, '8');
    expect(save.disabled).toBe(false);
    await user.click(save);
    expect(await screen.findByText('Inventário atualizado com sucesso.')).toBeTruthy();
    const patch = calls.find((c) => c.method === 'PATCH') as MockCall;
    expect(patch.body).toEqual({ code: 'P100001', newStock: 8 });
  });

  it("says what is wrong with a row's count of −3 or 99999999999 and does not save it (issue 15)", async () => {
    const { user, calls } = openPage({});
    await screen.findByText('Capa Silicone');
    const input = screen.getByLabelText('Estoque de Capa Silicone') as HTMLInputElement;
    const save = screen.getByRole('button', { name: 'Salvar estoque de Capa Silicone' }) as HTMLButtonElement;
    for (const [typed, message] of [
      ['-3', 'A quantidade não pode ser negativa.'],
      ['99999999999', 'A quantidade máxima é de 1.000.000 unidades.'],
    ]) {
      await user.clear(input);
      await user.type(input, typed as string);
      expect(input.getAttribute('aria-invalid')).toBe('true');
      expect(input.getAttribute('aria-description')).toBe(message);
      expect(save.disabled).toBe(true);
    }
    expect(calls.filter((c) => c.method === 'PATCH')).toEqual([]);
  });

  it('searches with Buscar, shows the empty message with Recarregar, and hides the list while a panel is open', async () => {
    const { user, calls } = openPage({
      'GET /api/products/list': (call) =>
        call.url.includes('search=')
          ? { body: { items: [], page: 0, total: 0 } }
          : { body: { items: [CAPA, CABO], page: 0, total: 2 } },
    });
    await screen.findByText('Capa Silicone');
    await user.type(screen.getByLabelText('Buscar produto'), 'película');
    await user.click(screen.getByRole('button', { name: 'Buscar' }));
    const empty = await screen.findByRole('alert');
    expect(empty.textContent).toContain('Nenhum produto foi encontrado.');
    expect(
      calls.some(
        (c) =>
          c.url === `/api/products/list?offset=0&limit=100&search=${encodeURIComponent('película')}&countUpTo=1000`,
      ),
    ).toBe(true);
    await user.click(within(empty).getByRole('button', { name: 'Recarregar' }));
    expect(await screen.findByText('Capa Silicone')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Produtos arquivados' }));
    expect(await screen.findByRole('region', { name: 'Produtos arquivados' })).toBeTruthy();
    expect(screen.queryByText('Capa Silicone')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Gerenciar Marcas e Referências' }));
    expect(await screen.findByRole('region', { name: 'Marcas e Referências' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Produtos arquivados' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Fechar' }));
    expect(await screen.findByText('Capa Silicone')).toBeTruthy();
  });

  it('edits with the stock and cost the form was opened with, and shows the refusal of a stale form', async () => {
    const stale = 'O estoque do produto mudou enquanto você editava (agora 3). Confira e salve de novo.';
    let puts = 0;
    let reads = 0;
    const { user, calls } = openPage({
      'PUT /api/products/P100001': () =>
        ++puts === 1 ? { status: 409, body: { errors: [stale] } } : { body: { data: { ...CAPA, stock: 7 } } },
      // read whole as the form opens (5 in stock), then again after the refusal: a sale took 2 units meanwhile
      'GET /api/products/full/search/P100001': () => ({
        body: {
          data: [
            { ...CAPA, id: 10, code: 'P1000010' },
            { ...CAPA, stock: ++reads === 1 ? 5 : 3 },
          ],
        },
      }),
    });
    await screen.findByText('Capa Silicone');
    await user.click(rowCheckbox('Capa Silicone'));
    await user.click(screen.getByRole('button', { name: 'Editar Produto' }));
    const stock = (await screen.findByLabelText(/^Quantidade em estoque/)) as HTMLInputElement;
    expect(stock.value).toBe('5');
    await user.clear(stock);
    await user.type(stock, '7');
    await user.click(screen.getByRole('button', { name: 'Editar' }));

    // the server's own message; the form stays open with what was typed
    expect(await screen.findByText(stale)).toBeTruthy();
    const firstPut = calls.find((c) => c.method === 'PUT') as MockCall;
    expect(firstPut.body).toMatchObject({ code: 'P100001', stock: 7, cost: 10, previousStock: 5, previousCost: 10 });
    expect(stock.value).toBe('7');
    await waitFor(() => expect(calls.some((c) => c.url === '/api/products/full/search/P100001')).toBe(true));

    // saved again after reading it: the refused field's baseline is now the stock the message named
    await user.click(screen.getByRole('button', { name: 'Editar' }));
    expect(await screen.findByText('Produto editado com sucesso.')).toBeTruthy();
    const puts2 = calls.filter((c) => c.method === 'PUT');
    expect(puts2).toHaveLength(2);
    expect(puts2[1]?.body).toMatchObject({ stock: 7, previousStock: 3, previousCost: 10 });
  });

  it('shows the details of one product with N/A for missing values', async () => {
    const { user } = openPage();
    await screen.findByText('Capa Silicone');
    await user.click(rowCheckbox('Capa Silicone'));
    await user.click(screen.getByRole('button', { name: 'Exibir Produto' }));
    const dialog = await screen.findByRole('dialog', { name: 'Capa Silicone' });
    expect(within(dialog).getByText('Descrição').nextSibling?.textContent).toBe('N/A');
    expect(within(dialog).getByText('Cliente ouro').nextSibling?.textContent).toBe('20%');
    expect(within(dialog).getByText('Nenhuma imagem foi encontrada para o produto.')).toBeTruthy();
  });

  it("reads the product whole to show it: the description the list's rows leave out (issue 36)", async () => {
    const { user, calls } = openPage({
      'GET /api/products/full/search/P100001': {
        body: { data: [{ ...CAPA, description: 'Silicone macio, interior em microfibra' }] },
      },
    });
    await screen.findByText('Capa Silicone');
    expect(calls.some((c) => c.url.startsWith('/api/products/full/search/'))).toBe(false);
    await user.click(rowCheckbox('Capa Silicone'));
    await user.click(screen.getByRole('button', { name: 'Exibir Produto' }));
    const dialog = await screen.findByRole('dialog', { name: 'Capa Silicone' });
    expect(within(dialog).getByText('Descrição').nextSibling?.textContent).toBe(
      'Silicone macio, interior em microfibra',
    );
    expect(calls.filter((c) => c.url === '/api/products/full/search/P100001')).toHaveLength(1);
  });

  it('says so when the product to show cannot be read, and opens nothing', async () => {
    const { user } = openPage({ 'GET /api/products/full/search/P100001': 'network-error' });
    await screen.findByText('Capa Silicone');
    await user.click(rowCheckbox('Capa Silicone'));
    await user.click(screen.getByRole('button', { name: 'Exibir Produto' }));
    expect(await screen.findByText('Sem conexão com o servidor. Tente novamente.')).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Capa Silicone' })).toBeNull();
  });

  it("has one search, the page's 'Buscar' on the server, and 'Baixar CSV' of every matching product", async () => {
    URL.createObjectURL = vi.fn(() => 'blob:csv');
    URL.revokeObjectURL = vi.fn();
    const saved: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const { calls } = openPage({ 'GET /api/products/export.csv': { body: 'Nome' } });
    const user = userEvent.setup();
    await screen.findByText('Capa Silicone');
    // the table has no quick filter of its own (it would search the loaded page only)
    expect(screen.queryByRole('textbox', { name: 'Pesquisar' })).toBeNull();
    expect(screen.queryByRole('searchbox', { name: 'Pesquisar' })).toBeNull();
    expect(screen.getAllByRole('search')).toHaveLength(1);

    await user.type(screen.getByRole('textbox', { name: 'Buscar produto' }), 'cabo');
    await user.click(screen.getByRole('button', { name: 'Buscar' }));
    await waitFor(() => expect(calls.some((c) => c.url.includes('search=cabo'))).toBe(true));
    await user.click(screen.getByRole('button', { name: 'Baixar CSV' }));
    await waitFor(() => expect(saved).toEqual(['relatorio.csv']));
    expect(calls.find((c) => c.url.startsWith('/api/products/export.csv'))?.url).toBe(
      '/api/products/export.csv?search=cabo',
    );
    click.mockRestore();
  });

  describe('writes through useApiMutation (issue 16 §2)', () => {
    /** The list's reads (every page, every search), not the archived list nor a product's search. */
    const listReads = (calls: MockCall[]) =>
      calls.filter((c) => c.method === 'GET' && c.url.startsWith('/api/products/list?'));
    const archivedReads = (calls: MockCall[]) => calls.filter((c) => c.url === '/api/products/archiveds');
    const value = (label: RegExp) => (screen.getByLabelText(label) as HTMLInputElement).value;

    it("keeps Cadastrar Produto open with what was typed and says the server's refusal; a success closes it and reads the list once", async () => {
      const refusal = 'Já existe um produto com o nome Película iPhone 14.';
      let posts = 0;
      const { user, calls, settled } = openPage({
        'POST /api/products': () =>
          ++posts === 1
            ? { status: 400, body: { errors: [refusal], code: 'VALIDATION' } }
            : { body: { data: product(3, 'Película iPhone 14', 12) } },
      });
      await screen.findByText('Capa Silicone');
      await user.click(screen.getByRole('button', { name: 'Cadastrar Produto' }));
      const form = await screen.findByRole('region', { name: 'Cadastrar Produto' });
      await user.type(within(form).getByLabelText(/^Nome/), 'Película iPhone 14');
      await user.click(within(form).getByRole('combobox', { name: /^Marca/ }));
      await user.click(await screen.findByRole('option', { name: 'Apple' }));
      await user.type(within(form).getByLabelText(/^Preço de compra/), '8,50');
      await user.type(within(form).getByLabelText(/^Preço de venda/), '19,90');
      await user.clear(within(form).getByLabelText(/^Quantidade em estoque/));
      await user.type(within(form).getByLabelText(/^Quantidade em estoque/), '12');
      const submit = within(form).getByRole('button', { name: 'Cadastrar' }) as HTMLButtonElement;
      await waitFor(() => expect(submit.disabled).toBe(false));
      const readsBefore = listReads(calls).length;
      await user.click(submit);

      // refused: the server's message, the form still open with every value as typed, the list not read
      expect(await screen.findByText(refusal)).toBeTruthy();
      expect(screen.getByRole('region', { name: 'Cadastrar Produto' })).toBe(form);
      expect(value(/^Nome/)).toBe('Película iPhone 14');
      expect(value(/^Preço de compra/)).toBe('8,50');
      expect(value(/^Preço de venda/)).toBe('19,90');
      expect(value(/^Quantidade em estoque/)).toBe('12');
      expect(screen.queryByText('Produto criado com sucesso.')).toBeNull();
      expect(listReads(calls)).toHaveLength(readsBefore);

      // saved the second time: the spec's text, the form closed, the list read exactly once more
      await waitFor(() => expect(submit.disabled).toBe(false));
      await user.click(submit);
      expect(await screen.findByText('Produto criado com sucesso.')).toBeTruthy();
      await waitFor(() => expect(screen.queryByRole('region', { name: 'Cadastrar Produto' })).toBeNull());
      expect(await screen.findByText('Capa Silicone')).toBeTruthy();
      await waitFor(() => expect(listReads(calls)).toHaveLength(readsBefore + 1));
      await settled();
      expect(listReads(calls)).toHaveLength(readsBefore + 1);
      expect(archivedReads(calls)).toHaveLength(1);
      const posted = calls.filter((c) => c.method === 'POST');
      expect(posted).toHaveLength(2);
      expect(posted[1]?.body).toMatchObject({
        name: 'Película iPhone 14',
        brand: 'Apple',
        cost: 8.5,
        sellPrice: 19.9,
        stock: 12,
      });
    });

    it('after a search, a new product clears it and reads the first page of the whole list once', async () => {
      const { user, calls, settled } = openPage({
        'GET /api/products/list': (call) =>
          call.url.includes('search=')
            ? { body: { items: [CABO], page: 0, total: 1 } }
            : { body: { items: [CAPA, CABO], page: 0, total: 2 } },
        'POST /api/products': { body: { data: product(3, 'Película iPhone 14', 12) } },
      });
      await screen.findByText('Capa Silicone');
      await user.type(screen.getByLabelText('Buscar produto'), 'cabo');
      await user.click(screen.getByRole('button', { name: 'Buscar' }));
      await waitFor(() => expect(screen.queryByText('Capa Silicone')).toBeNull());
      await user.click(screen.getByRole('button', { name: 'Cadastrar Produto' }));
      const form = await screen.findByRole('region', { name: 'Cadastrar Produto' });
      await user.type(within(form).getByLabelText(/^Nome/), 'Película iPhone 14');
      await user.click(within(form).getByRole('combobox', { name: /^Marca/ }));
      await user.click(await screen.findByRole('option', { name: 'Apple' }));
      await user.type(within(form).getByLabelText(/^Preço de compra/), '8,50');
      await user.type(within(form).getByLabelText(/^Preço de venda/), '19,90');
      const submit = within(form).getByRole('button', { name: 'Cadastrar' }) as HTMLButtonElement;
      await waitFor(() => expect(submit.disabled).toBe(false));
      const readsBefore = listReads(calls).length;
      await user.click(submit);

      expect(await screen.findByText('Produto criado com sucesso.')).toBeTruthy();
      expect(await screen.findByText('Capa Silicone')).toBeTruthy();
      expect((screen.getByLabelText('Buscar produto') as HTMLInputElement).value).toBe('');
      await settled();
      expect(
        listReads(calls)
          .slice(readsBefore)
          .map((c) => c.url),
      ).toEqual(['/api/products/list?offset=0&limit=100&countUpTo=1000']);
    });

    it('closes Editar Produto on success and reads the list once, not the archived list', async () => {
      const { user, calls, settled } = openPage({
        'PUT /api/products/P100001': { body: { data: { ...CAPA, name: 'Capa Silicone Azul' } } },
      });
      await screen.findByText('Capa Silicone');
      await user.click(rowCheckbox('Capa Silicone'));
      await user.click(screen.getByRole('button', { name: 'Editar Produto' }));
      const form = await screen.findByRole('region', { name: 'Editar Produto' });
      const readsBefore = listReads(calls).length;
      await user.type(within(form).getByLabelText(/^Nome/), ' Azul');
      await user.click(within(form).getByRole('button', { name: 'Editar' }));

      expect(await screen.findByText('Produto editado com sucesso.')).toBeTruthy();
      await waitFor(() => expect(screen.queryByRole('region', { name: 'Editar Produto' })).toBeNull());
      await waitFor(() => expect(listReads(calls)).toHaveLength(readsBefore + 1));
      await settled();
      expect(listReads(calls)).toHaveLength(readsBefore + 1);
      expect(archivedReads(calls)).toHaveLength(1);
      expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({ name: 'Capa Silicone Azul', stock: 5 });
    });

    it("puts the counted stock's answer in the row without reading the list again", async () => {
      const { user, calls } = openPage({
        'PATCH /api/products/inventory/P100001': { body: { data: { ...CAPA, stock: 8 } } },
      });
      await screen.findByText('Capa Silicone');
      const readsBefore = listReads(calls).length;
      const input = screen.getByLabelText('Estoque de Capa Silicone') as HTMLInputElement;
      await user.clear(input);
      await user.type(input, '8');
      await user.click(screen.getByRole('button', { name: 'Salvar estoque de Capa Silicone' }));
      expect(await screen.findByText('Inventário atualizado com sucesso.')).toBeTruthy();
      // the row now holds 8: nothing left to save
      await waitFor(() =>
        expect(
          (screen.getByRole('button', { name: 'Salvar estoque de Capa Silicone' }) as HTMLButtonElement).disabled,
        ).toBe(true),
      );
      expect(input.value).toBe('8');
      expect(listReads(calls)).toHaveLength(readsBefore);
    });

    it("says the server's refusal of a row's count and keeps what was typed", async () => {
      const refusal = 'O produto Capa Silicone foi arquivado.';
      const { user } = openPage({
        'PATCH /api/products/inventory/P100001': { status: 409, body: { errors: [refusal], code: 'CONFLICT' } },
      });
      await screen.findByText('Capa Silicone');
      const input = screen.getByLabelText('Estoque de Capa Silicone') as HTMLInputElement;
      await user.clear(input);
      await user.type(input, '8');
      const save = screen.getByRole('button', { name: 'Salvar estoque de Capa Silicone' }) as HTMLButtonElement;
      await user.click(save);
      expect(await screen.findByText(refusal)).toBeTruthy();
      expect(input.value).toBe('8');
      await waitFor(() => expect(save.disabled).toBe(false));
    });
  });
  it('keeps the stock-entry dialog open with what was typed when the server refuses an IMEI (409 IMEI_DUPLICATE)', async () => {
    const phone: Product = { ...product(3, 'iPhone 15 128GB', 0), serialized: true };
    const refusal = 'IMEI já cadastrado: 490154203237518 (Galaxy S24).';
    const { user, calls } = openPage({
      'GET /api/products/list': { body: { items: [CAPA, phone], page: 0, total: 2 } },
      'POST /api/units/check': (call) => ({
        body: {
          data: (call.body as { imeis: string[] }).imeis.map((imei) => ({ imei, valid: true, registered: null })),
        },
      }),
      'PATCH /api/products/menu/purchase/batch': { status: 409, body: { errors: [refusal], code: 'IMEI_DUPLICATE' } },
    });
    await screen.findByText('iPhone 15 128GB');
    // the list says which products control IMEI
    const row = screen.getByText('iPhone 15 128GB').closest('[role="row"]') as HTMLElement;
    expect(within(row).getByText('IMEI')).toBeTruthy();
    await user.click(rowCheckbox('iPhone 15 128GB'));
    await user.click(screen.getByRole('button', { name: 'Informar Entrada' }));
    const dialog = await screen.findByRole('dialog', { name: 'Informar entrada do produto iPhone 15 128GB' });
    const imeis = within(dialog).getByLabelText(/^IMEIs/) as HTMLTextAreaElement;
    await user.click(imeis);
    await user.paste('490154203237518\n352099081234565');
    const submit = within(dialog).getByRole('button', { name: 'Alterar' }) as HTMLButtonElement;
    await waitFor(() => expect(submit.disabled).toBe(false));
    await user.click(submit);
    expect(await within(dialog).findByText(refusal)).toBeTruthy();
    const entry = calls.find((c) => c.method === 'PATCH') as MockCall;
    expect(entry.body).toEqual({
      products: [
        {
          productId: 3,
          stock: 2,
          cost: 10,
          source: 'SUPPLIER_PURCHASE',
          units: [{ imei: '490154203237518' }, { imei: '352099081234565' }],
        },
      ],
    });
    expect(screen.getByRole('dialog', { name: 'Informar entrada do produto iPhone 15 128GB' })).toBeTruthy();
    expect(imeis.value).toBe('490154203237518\n352099081234565');
  });
});
