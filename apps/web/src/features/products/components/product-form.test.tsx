import { type Brand, type Product, priceFromPercentage } from '@backoffice/contract';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { type MockCall, mockFetch, renderPage } from '../../../test/render';
import type { PreparedImage } from '../lib/image-resize';
import { ProductDetailsDialog } from './product-details-dialog';
import { ProductForm } from './product-form';
import { StockEntryDialog } from './stock-entry-dialog';

const BRANDS: Brand[] = [
  { name: 'Apple', references: ['iPhone 15', 'iPhone 14'] },
  { name: 'Samsung', references: ['Galaxy S24'] },
];

const PRODUCT: Product = {
  id: 7,
  code: 'P100007',
  name: 'Capa Silicone iPhone 15',
  description: null,
  brand: 'Apple',
  reference: 'iPhone 15',
  cost: 10,
  sellPrice: 25.9,
  stock: 4,
  stockAlert: 2,
  tags: ['capa'],
  imagesUrl: ['/api/files/products/a.jpg'],
  images: [{ url: '/api/files/products/a.jpg', name: 'P100007-1.jpg' }],
  discount: { goldPercentage: 20, silverPercentage: 30, bronzePercentage: 0 },
  archived: false,
  serialized: false,
  goldPrice: 12,
  silverPrice: 13,
};

type User = ReturnType<typeof userEvent.setup>;

async function choose(user: User, label: RegExp, option: string) {
  await user.click(screen.getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}

const field = (label: RegExp) => screen.getByLabelText(label) as HTMLInputElement;

function renderForm(props: Partial<Parameters<typeof ProductForm>[0]> = {}) {
  const handlers = {
    onSubmit: vi.fn(async () => undefined),
    onClose: vi.fn(),
    onCreateBrand: vi.fn(async () => true),
    onCreateReference: vi.fn(async () => true),
    onUploadImage: vi.fn(async () => undefined),
    prepareImage: vi.fn(
      async (file: File): Promise<PreparedImage> => ({
        base64: `b64-${file.name}`,
        dataUrl: 'data:image/jpeg;base64,AAAA',
        name: file.name.replace(/\.\w+$/, '.jpg'),
      }),
    ),
  };
  renderPage(<ProductForm mode="create" brands={BRANDS} {...handlers} {...props} />);
  return { user: userEvent.setup(), ...handlers };
}

describe('Cadastrar Produto form', () => {
  it('shows the spec messages and keeps Cadastrar disabled while invalid', async () => {
    const { user } = renderForm();
    const submit = screen.getByRole('button', { name: 'Cadastrar' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    expect(screen.getByRole('button', { name: 'Fechar' })).toBeTruthy();

    await user.click(field(/^Nome/));
    await user.tab();
    expect(await screen.findByText('Informe o nome do produto')).toBeTruthy();
    await user.click(field(/^Preço de compra/));
    await user.tab();
    expect(await screen.findByText('Informe o preço do produto')).toBeTruthy();
    await user.click(field(/^Preço de venda/));
    await user.tab();
    expect(await screen.findByText('Informe o preço de venda')).toBeTruthy();
    await user.clear(field(/^Cliente ouro/));
    await user.type(field(/^Cliente ouro/), '150');
    await user.tab();
    expect(await screen.findByText('Informe o percentual de 0 a 100')).toBeTruthy();
    await user.clear(field(/^Alerta de estoque/));
    await user.type(field(/^Alerta de estoque/), '10001');
    await user.tab();
    expect(await screen.findByText('O alerta de estoque deve estar entre 0 e 10000.')).toBeTruthy();
    expect(submit.disabled).toBe(true);
  });

  it('recomputes gold and silver prices from cost and percentage, and the percentage from a price', async () => {
    const { user } = renderForm();
    await user.type(field(/^Cliente ouro/), '{Backspace}20');
    await user.type(field(/^Cliente prata/), '{Backspace}30');
    await user.type(field(/^Preço de compra/), '10');
    expect(field(/^Preço ouro/).value).toBe('12,00');
    expect(field(/^Preço prata/).value).toBe('13,00');

    await user.clear(field(/^Preço ouro/));
    await user.type(field(/^Preço ouro/), '15');
    expect(field(/^Cliente ouro/).value).toBe('50');

    await user.clear(field(/^Preço de compra/));
    await user.type(field(/^Preço de compra/), '20');
    expect(field(/^Preço ouro/).value).toBe('30,00');
    expect(field(/^Preço prata/).value).toBe('26,00');
  });

  it('refuses a zero price and takes no third decimal, as the server does (section 5: "a positive number")', async () => {
    const { user, onSubmit } = renderForm();
    const submit = screen.getByRole('button', { name: 'Cadastrar' }) as HTMLButtonElement;
    await user.type(field(/^Nome/), 'Cabo USB-C');
    await choose(user, /^Marca/, 'Samsung');
    await user.type(field(/^Preço de compra/), '0');
    await user.type(field(/^Preço de venda/), '0');
    await user.tab();
    expect(await screen.findByText('Informe o preço do produto')).toBeTruthy();
    expect(await screen.findByText('Informe o preço de venda')).toBeTruthy();
    expect(submit.disabled).toBe(true);

    // a third decimal cannot be typed: 8,555 stays 8,55 (the server refuses more than two)
    await user.clear(field(/^Preço de compra/));
    await user.type(field(/^Preço de compra/), '8,555');
    await user.clear(field(/^Preço de venda/));
    await user.type(field(/^Preço de venda/), '19,999');
    await user.tab();
    expect(field(/^Preço de compra/).value).toBe('8,55');
    expect(field(/^Preço de venda/).value).toBe('19,99');
    expect(screen.queryByText('Informe o preço do produto')).toBeNull();
    await waitFor(() => expect(submit.disabled).toBe(false));
    await user.click(submit);
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ cost: 8.55, sellPrice: 19.99 }), []);
  });

  it('says what is wrong with a stock of −3, 99.999.999.999 or 2,5 instead of asking for it as if empty (issue 15)', async () => {
    const { user } = renderForm();
    const submit = screen.getByRole('button', { name: 'Cadastrar' }) as HTMLButtonElement;
    const cases: [string, string][] = [
      ['-3', 'A quantidade não pode ser negativa.'],
      ['−3', 'A quantidade não pode ser negativa.'],
      ['99.999.999.999', 'A quantidade máxima é de 1.000.000 unidades.'],
      ['99999999999', 'A quantidade máxima é de 1.000.000 unidades.'],
      ['2,5', 'Informe a quantidade em unidades inteiras.'],
      ['', 'Informe a quantidade do produto em estoque'],
    ];
    for (const [typed, message] of cases) {
      await user.clear(field(/^Quantidade em estoque/));
      if (typed) await user.type(field(/^Quantidade em estoque/), typed);
      await user.tab();
      expect(await screen.findByText(message), typed).toBeTruthy();
      expect(submit.disabled).toBe(true);
    }
    await user.clear(field(/^Quantidade em estoque/));
    await user.type(field(/^Quantidade em estoque/), '1.000.000');
    await user.tab();
    for (const [, message] of cases) await waitFor(() => expect(screen.queryByText(message)).toBeNull());
  });

  it('shows a price of 999.999.999.999.999,99 as typed, not rounded up, and says the maximum (issue 15)', async () => {
    const { user } = renderForm();
    const submit = screen.getByRole('button', { name: 'Cadastrar' }) as HTMLButtonElement;
    await user.type(field(/^Preço de venda/), '999999999999999,99');
    await user.tab();
    expect(field(/^Preço de venda/).value).toBe('999.999.999.999.999,99');
    expect(await screen.findByText('O valor máximo é R$ 1.000.000,00.')).toBeTruthy();
    expect(submit.disabled).toBe(true);
    await user.clear(field(/^Preço de venda/));
    await user.type(field(/^Preço de venda/), '1000000');
    await user.tab();
    expect(field(/^Preço de venda/).value).toBe('1.000.000,00');
    await waitFor(() => expect(screen.queryByText('O valor máximo é R$ 1.000.000,00.')).toBeNull());
  });

  it('prices gold and silver exactly as the server (R$ 3,30 + 15 % = R$ 3,80) and reads 9,375 % as 9,38', async () => {
    const { user } = renderForm();
    await user.type(field(/^Cliente ouro/), '{Backspace}15');
    await user.type(field(/^Cliente prata/), '{Backspace}12,5');
    await user.type(field(/^Preço de compra/), '3,3');
    expect(field(/^Preço ouro/).value).toBe('3,80');
    await user.clear(field(/^Preço de compra/));
    await user.type(field(/^Preço de compra/), '19,99');
    expect(field(/^Preço prata/).value).toBe('22,49'); // 22,48875 → 22,49

    await user.clear(field(/^Preço de compra/));
    await user.type(field(/^Preço de compra/), '1,28');
    await user.clear(field(/^Preço ouro/));
    await user.type(field(/^Preço ouro/), '1,4');
    expect(field(/^Cliente ouro/).value).toBe('9,38'); // 12 / 128 = 9,375 %
  });

  it('fills references from the chosen brand and sends the body with the chosen images', async () => {
    const { user, onSubmit, prepareImage } = renderForm();
    await user.type(field(/^Nome/), 'Película iPhone 14');
    await choose(user, /^Marca/, 'Apple');
    await user.click(screen.getByRole('combobox', { name: /^Referência/ }));
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Nenhuma', 'iPhone 15', 'iPhone 14']);
    await user.click(screen.getByRole('option', { name: 'iPhone 14' }));
    await user.type(field(/^Preço de compra/), '8,5');
    await user.type(field(/^Preço de venda/), '1.299,9');
    await user.type(field(/^Tags/), 'vidro{Enter}');
    await user.clear(field(/^Quantidade em estoque/));
    await user.type(field(/^Quantidade em estoque/), '12');

    const panel = screen.getByRole('region', { name: 'IMAGENS DO PRODUTO' });
    expect(within(panel).getByText('Nenhuma imagem adicionada')).toBeTruthy();
    const input = screen.getByTestId('product-image-input');
    await user.upload(input, new File(['x'], 'frente.png', { type: 'image/png' }));
    expect(await within(panel).findByText('frente.jpg')).toBeTruthy();
    expect(prepareImage).toHaveBeenCalledTimes(1);

    await user.click(within(panel).getByRole('button', { name: 'frente.jpg' }));
    const preview = await screen.findByRole('dialog', { name: 'Visualização da imagem' });
    await user.click(within(preview).getByRole('button', { name: 'Fechar' }));

    const submit = (await screen.findByRole('button', { name: 'Cadastrar' })) as HTMLButtonElement;
    await waitFor(() => expect(submit.disabled).toBe(false));
    await user.click(submit);
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit).toHaveBeenCalledWith(
      {
        name: 'Película iPhone 14',
        description: null,
        brand: 'Apple',
        reference: 'iPhone 14',
        cost: 8.5,
        sellPrice: 1299.9,
        discount: { goldPercentage: 0, silverPercentage: 0, bronzePercentage: 0 },
        stock: 12,
        stockAlert: 0,
        tags: ['vidro'],
        serialized: false,
        used: false,
        grade: null,
        barcode: null,
        ncm: null,
        cest: null,
        unit: null,
        origin: null,
      },
      ['b64-frente.png'],
    );
  });

  it('Limpar clears the chosen images', async () => {
    const { user } = renderForm();
    await user.upload(screen.getByTestId('product-image-input'), new File(['x'], 'a.png', { type: 'image/png' }));
    expect(await screen.findByText('a.jpg')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Limpar' }));
    expect(screen.getByText('Nenhuma imagem adicionada')).toBeTruthy();
  });

  it('creates a brand inline (Nova marca, Adicionar) and refuses a duplicate with the spec message', async () => {
    const { user, onCreateBrand } = renderForm();
    await user.click(screen.getByRole('button', { name: 'Nova marca' }));
    const group = screen.getByRole('group', { name: 'Nova marca' });
    const add = within(group).getByRole('button', { name: 'Adicionar' }) as HTMLButtonElement;
    await user.click(within(group).getByLabelText('Nova marca'));
    await user.tab();
    expect(await within(group).findByText('Informe a marca que deseja criar')).toBeTruthy();

    await user.type(within(group).getByLabelText('Nova marca'), 'samsung');
    await user.click(add);
    expect(await screen.findByText('Já existe uma marca com este nome.')).toBeTruthy();
    expect(onCreateBrand).not.toHaveBeenCalled();
    expect(screen.getByRole('group', { name: 'Nova marca' })).toBeTruthy();

    await user.clear(within(group).getByLabelText('Nova marca'));
    await user.type(within(group).getByLabelText('Nova marca'), 'Xiaomi');
    await user.click(add);
    await waitFor(() => expect(onCreateBrand).toHaveBeenCalledWith('Xiaomi'));
    await waitFor(() => expect(screen.queryByRole('group', { name: 'Nova marca' })).toBeNull());
  });
});

describe('Editar Produto form', () => {
  it('loads the product, offers Incluir in the inline forms, keeps a duplicate reference form open and saves', async () => {
    const { user, onSubmit, onCreateReference, onUploadImage } = renderForm({ mode: 'edit', product: PRODUCT });
    expect(screen.getByRole('button', { name: 'Fechar Edição' })).toBeTruthy();
    expect(field(/^Nome/).value).toBe('Capa Silicone iPhone 15');
    expect(field(/^Preço ouro/).value).toBe('12,00');
    expect(field(/^Preço de venda/).value).toBe('25,90');
    expect(screen.getByText('P100007-1.jpg')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Nova referência' }));
    const group = screen.getByRole('group', { name: 'Nova referência' });
    await user.type(within(group).getByLabelText('Nova referência'), 'IPHONE 14');
    await user.click(within(group).getByRole('button', { name: 'Incluir' }));
    expect(await screen.findByText('Já existe uma referencia com este nome.')).toBeTruthy();
    expect(onCreateReference).not.toHaveBeenCalled();
    expect(screen.getByRole('group', { name: 'Nova referência' })).toBeTruthy();
    await user.click(within(group).getByRole('button', { name: 'Cancelar' }));

    // choosing a picture in edition uploads it at once
    await user.upload(screen.getByTestId('product-image-input'), new File(['x'], 'b.png', { type: 'image/png' }));
    await waitFor(() => expect(onUploadImage).toHaveBeenCalledTimes(1));

    await user.clear(field(/^Preço de venda/));
    await user.type(field(/^Preço de venda/), '29,9');
    await user.click(screen.getByRole('button', { name: 'Editar' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({ sellPrice: 29.9, cost: 10, stock: 4, reference: 'iPhone 15', tags: ['capa'] }),
      [],
    );
  });
});

describe('level prices typed in reais (issue 54: Preço ouro 300,00 came back 300,01)', () => {
  it('sends the percentage that gives back R$ 300,00 over R$ 180,00 (66,666667 %, shown 66,67 %), not 66,67 % (R$ 300,01)', async () => {
    const { user, onSubmit } = renderForm({ mode: 'edit', product: PRODUCT });
    await user.clear(field(/^Preço de compra/));
    await user.type(field(/^Preço de compra/), '180');
    await user.clear(field(/^Preço ouro/));
    await user.type(field(/^Preço ouro/), '300,00');
    expect(field(/^Cliente ouro/).value).toBe('66,67'); // 120 / 180 = 66,666…%
    await user.click(screen.getByRole('button', { name: 'Editar' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    const [[body]] = onSubmit.mock.calls as unknown as [[{ discount: { goldPercentage: number } }]];
    // 18000 × (1 + 0,66666667) = 30000,00006 → 30000 cents; 66,67 % gave 30000,6 → 30001.
    expect(priceFromPercentage(18_000, body.discount.goldPercentage)).toBe(30_000);
  });

  it('keeps a stored 66,666667 % as it is when the product is edited and saved (not 66,67 %)', async () => {
    const product = {
      ...PRODUCT,
      cost: 180,
      goldPrice: 300,
      discount: { ...PRODUCT.discount, goldPercentage: 66.666667 },
    };
    const { user, onSubmit } = renderForm({ mode: 'edit', product });
    expect(field(/^Cliente ouro/).value).toBe('66,67');
    expect(field(/^Preço ouro/).value).toBe('300,00');
    await user.click(screen.getByRole('button', { name: 'Editar' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({ discount: expect.objectContaining({ goldPercentage: 66.666667 }) }),
      [],
    );
  });

  it("has a 'Preço bronze (R$)' field beside 'Cliente bronze (%)': each follows the other", async () => {
    const { user } = renderForm();
    await user.type(field(/^Preço de compra/), '10');
    await user.type(field(/^Cliente bronze/), '{Backspace}5');
    expect(field(/^Preço bronze/).value).toBe('10,50'); // 10 + 5 % of 10
    await user.clear(field(/^Preço bronze/));
    await user.type(field(/^Preço bronze/), '11');
    expect(field(/^Cliente bronze/).value).toBe('10'); // 1 / 10 = 10 %
  });

  it("shows an edited product's bronze price: cost R$ 10,00 + 7,5 % = R$ 10,75", () => {
    renderForm({ mode: 'edit', product: { ...PRODUCT, discount: { ...PRODUCT.discount, bronzePercentage: 7.5 } } });
    expect(field(/^Preço bronze/).value).toBe('10,75');
  });
});

describe("'Código de barras' on the product form and details", () => {
  it('refuses a wrong check digit as the server does, then sends the GTIN typed', async () => {
    const { user, onSubmit } = renderForm({ mode: 'edit', product: PRODUCT });
    // 7891000315507: 0+5+15+1+9+0+0+0+3+9+24+7 = 73 → check digit 7, so …508 is refused.
    await user.type(field(/^Código de barras/), '7891000315508');
    await user.tab();
    expect(
      await screen.findByText('Código de barras inválido: 7891000315508 (dígito verificador não confere).'),
    ).toBeTruthy();
    await user.clear(field(/^Código de barras/));
    await user.type(field(/^Código de barras/), '7891000315507');
    await user.click(screen.getByRole('button', { name: 'Editar' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ barcode: '7891000315507' }), []);
  });

  it("shows the product's barcode in the form and in the details, N/A without one", () => {
    const withCode = { ...PRODUCT, barcode: '7891000315507' };
    renderForm({ mode: 'edit', product: withCode });
    expect(field(/^Código de barras/).value).toBe('7891000315507');
    const { unmount } = render(<ProductDetailsDialog product={withCode} onClose={() => undefined} />);
    const details = screen.getByRole('dialog', { name: PRODUCT.name });
    expect(within(details).getByRole('row', { name: /Código de barras/ }).textContent).toContain('7891000315507');
    unmount();
    render(<ProductDetailsDialog product={PRODUCT} onClose={() => undefined} />);
    const none = screen.getByRole('dialog', { name: PRODUCT.name });
    expect(within(none).getByRole('row', { name: /Código de barras/ }).textContent).toContain('N/A');
  });
});

describe('fiscal fields on the product form and details (issue 21)', () => {
  it("refuses NCM '1234', CEST '123' and unit 'UN1' with the server's messages, then sends them as the server keeps them", async () => {
    const { user, onSubmit } = renderForm({ mode: 'edit', product: PRODUCT });
    const submit = screen.getByRole('button', { name: 'Editar' }) as HTMLButtonElement;
    await user.type(field(/^NCM/), '1234');
    await user.type(field(/^CEST/), '123');
    await user.type(field(/^Unidade comercial/), 'UN1');
    await user.tab();
    expect(await screen.findByText('O NCM deve ter 8 dígitos (ex.: 8517.13.00).')).toBeTruthy();
    expect(screen.getByText('O CEST deve ter 7 dígitos (ex.: 21.053.00).')).toBeTruthy();
    expect(screen.getByText('A unidade comercial deve ter de 1 a 6 letras (ex.: UN, CX, PC, KG).')).toBeTruthy();
    expect(submit.disabled).toBe(true);

    await user.clear(field(/^NCM/));
    await user.type(field(/^NCM/), '8517.13.00');
    await user.clear(field(/^CEST/));
    await user.type(field(/^CEST/), '21.053.00');
    await user.clear(field(/^Unidade comercial/));
    await user.type(field(/^Unidade comercial/), 'cx');
    await choose(
      user,
      /^Origem \(ICMS\)/,
      '2 - Estrangeira - Adquirida no mercado interno, exceto a indicada no código 7',
    );
    await waitFor(() => expect(submit.disabled).toBe(false));
    await user.click(submit);
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({ ncm: '85171300', cest: '2105300', unit: 'CX', origin: 2 }),
      [],
    );
  });

  it('loads the fiscal fields of a product into the form and shows them in the details (N/A without them)', () => {
    const fiscal = { ...PRODUCT, ncm: '85171300', cest: '2105300', unit: 'UN', origin: 0 };
    renderForm({ mode: 'edit', product: fiscal });
    expect(field(/^NCM/).value).toBe('85171300');
    expect(field(/^Unidade comercial/).value).toBe('UN');
    expect(screen.getByRole('combobox', { name: /^Origem \(ICMS\)/ }).textContent).toBe(
      '0 - Nacional, exceto as indicadas nos códigos 3, 4, 5 e 8',
    );
    const { unmount } = render(<ProductDetailsDialog product={fiscal} onClose={() => undefined} />);
    const details = screen.getByRole('dialog', { name: PRODUCT.name });
    expect(within(details).getByRole('row', { name: /^NCM/ }).textContent).toContain('8517.13.00');
    expect(within(details).getByRole('row', { name: /^CEST/ }).textContent).toContain('21.053.00');
    expect(within(details).getByRole('row', { name: /^Unidade comercial/ }).textContent).toContain('UN');
    expect(within(details).getByRole('row', { name: /^Origem \(ICMS\)/ }).textContent).toContain('0 - Nacional');
    unmount();
    render(<ProductDetailsDialog product={PRODUCT} onClose={() => undefined} />);
    const none = screen.getByRole('dialog', { name: PRODUCT.name });
    expect(within(none).getByRole('row', { name: /^NCM/ }).textContent).toContain('N/A');
    expect(within(none).getByRole('row', { name: /^Origem \(ICMS\)/ }).textContent).toContain('N/A');
  });
});

describe('stock-entry dialog', () => {
  it('asks quantity, purchase price and operation, then sends the entry', async () => {
    const onSubmit = vi.fn(async () => undefined);
    renderPage(
      <StockEntryDialog
        product={PRODUCT}
        sources={[
          { key: 'SUPPLIER_PURCHASE', name: 'Compra de fornecedor' },
          { key: 'BONUS', name: 'Bonificação do fornecedor' },
        ]}
        onClose={() => undefined}
        onSubmit={onSubmit}
      />,
    );
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog', { name: 'Informar entrada do produto Capa Silicone iPhone 15' });
    const submit = within(dialog).getByRole('button', { name: 'Alterar' }) as HTMLButtonElement;
    expect(within(dialog).getByRole('button', { name: 'Fechar Edição' })).toBeTruthy();
    await user.click(within(dialog).getByLabelText(/^Quantidade de Entrada/));
    await user.tab();
    expect(await within(dialog).findByText('Informe a quantidade do produto em estoque')).toBeTruthy();
    await user.clear(within(dialog).getByLabelText(/^Preço de Compra/));
    await user.tab();
    expect(await within(dialog).findByText('Informe o preço do produto')).toBeTruthy();
    expect(submit.disabled).toBe(true);

    // a quantity that is typed but wrong says what is wrong (issue 15)
    await user.type(within(dialog).getByLabelText(/^Quantidade de Entrada/), '-3');
    await user.tab();
    expect(await within(dialog).findByText('A quantidade de entrada deve ser maior que zero.')).toBeTruthy();
    await user.clear(within(dialog).getByLabelText(/^Quantidade de Entrada/));
    await user.type(within(dialog).getByLabelText(/^Quantidade de Entrada/), '99999999999');
    await user.tab();
    expect(await within(dialog).findByText('A quantidade máxima é de 1.000.000 unidades.')).toBeTruthy();
    await user.clear(within(dialog).getByLabelText(/^Quantidade de Entrada/));
    await user.type(within(dialog).getByLabelText(/^Quantidade de Entrada/), '6');
    // above zero with at most two decimals, as the server requires
    await user.type(within(dialog).getByLabelText(/^Preço de Compra/), '0');
    await user.tab();
    expect(await within(dialog).findByText('Informe o preço do produto')).toBeTruthy();
    await user.clear(within(dialog).getByLabelText(/^Preço de Compra/));
    // a third decimal cannot be typed
    await user.type(within(dialog).getByLabelText(/^Preço de Compra/), '11,255');
    expect((within(dialog).getByLabelText(/^Preço de Compra/) as HTMLInputElement).value).toBe('11,25');
    await user.click(within(dialog).getByRole('combobox', { name: /^Operação/ }));
    await user.click(await screen.findByRole('option', { name: 'Bonificação do fornecedor' }));
    await waitFor(() => expect(submit.disabled).toBe(false));
    await user.click(submit);
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith({ productId: 7, stock: 6, cost: 11.25, source: 'BONUS' }),
    );
  });
});

/** Valid IMEIs (Luhn worked out by hand) and one whose check digit is wrong. */
const IMEI = {
  a: '490154203237518',
  b: '352099081234565',
  c: '356938035643809',
  d: '220000000000004',
  e: '330000000000001',
  bad: '352099081234563',
};

const PHONE: Product = { ...PRODUCT, id: 9, code: 'P100009', name: 'iPhone 15 128GB', stock: 0, serialized: true };

/** POST /units/check: `c` belongs to another phone, `e` came back (RETURNED) to PHONE; the rest are free. */
function mockUnitCheck() {
  return mockFetch({
    'POST /api/units/check': (call) => ({
      body: {
        data: (call.body as { imeis: string[] }).imeis.map((imei) => ({
          imei,
          valid: true,
          registered:
            imei === IMEI.c
              ? { productId: 3, productCode: 'P100003', productName: 'Galaxy S24', status: 'IN_STOCK' }
              : imei === IMEI.e
                ? { productId: PHONE.id, productCode: PHONE.code, productName: PHONE.name, status: 'RETURNED' }
                : null,
        })),
      },
    }),
  });
}

const lineOf = (n: number) => screen.getByRole('listitem', { name: `Linha ${n}` });

describe("'Controla IMEI' on the product form (issue 17)", () => {
  it('sends the switch on create and, with IMEIs listed, their units as the initial stock', async () => {
    const calls = mockUnitCheck();
    const { user, onSubmit } = renderForm();
    await user.type(field(/^Nome/), 'iPhone 15 128GB');
    await choose(user, /^Marca/, 'Apple');
    await user.type(field(/^Preço de compra/), '4.000');
    await user.type(field(/^Preço de venda/), '5.499,9');
    await user.click(screen.getByRole('switch', { name: 'Controla IMEI' }));
    const imeis = screen.getByLabelText(/^IMEIs/);
    await user.type(imeis, `${IMEI.a}{Enter}${IMEI.b};${IMEI.d}{Enter}${IMEI.c}`);
    // c is registered to another product: the form cannot be sent with it
    expect(await within(lineOf(3)).findByText('Já cadastrado: 356938035643809 (Galaxy S24 · P100003).')).toBeTruthy();
    const submit = screen.getByRole('button', { name: 'Cadastrar' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    expect(field(/^Quantidade em estoque \(IMEIs\)/).value).toBe('2');
    await user.type(imeis, '{Backspace>15}');
    await waitFor(() => expect(submit.disabled).toBe(false));
    await user.click(submit);
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({
        serialized: true,
        stock: 2,
        units: [{ imei: IMEI.a }, { imei: IMEI.b, imei2: IMEI.d }],
      }),
      [],
    );
    expect(calls.some((c: MockCall) => c.url === '/api/units/check')).toBe(true);
  });

  it("sends 'Seminovo' with its grade, and no grade once it is off (issue 42 §1)", async () => {
    const { user, onSubmit } = renderForm({ mode: 'edit', product: { ...PRODUCT, serialized: true, stock: 0 } });
    expect(screen.queryByRole('combobox', { name: 'Grau' })).toBeNull();
    await user.click(screen.getByRole('switch', { name: 'Seminovo' }));
    await choose(user, /^Grau/, 'B (marcas leves)');
    await user.click(screen.getByRole('button', { name: 'Editar' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ used: true, grade: 'B' }), []));
    await user.click(screen.getByRole('switch', { name: 'Seminovo' }));
    expect(screen.queryByRole('combobox', { name: 'Grau' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Editar' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(2));
    expect(onSubmit).toHaveBeenLastCalledWith(expect.objectContaining({ used: false, grade: null }), []);
  });

  it('sends the switch on edit while the stock is zero, and locks it with the reason otherwise', async () => {
    const { user, onSubmit } = renderForm({ mode: 'edit', product: { ...PRODUCT, stock: 0 } });
    const toggle = screen.getByRole('switch', { name: 'Controla IMEI' }) as HTMLInputElement;
    expect(toggle.checked).toBe(false);
    await user.click(toggle);
    await user.click(screen.getByRole('button', { name: 'Editar' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ serialized: true }), []));
    // a form never asks for units on edit
    expect(screen.queryByLabelText(/^IMEIs/)).toBeNull();
  });

  it('locks the switch of a product with stock, saying why', () => {
    renderForm({ mode: 'edit', product: PRODUCT });
    expect((screen.getByRole('switch', { name: 'Controla IMEI' }) as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByText("Só é possível mudar 'Controla IMEI' com o estoque zerado.")).toBeTruthy();
  });
});

describe('stock-entry dialog of a product that controls IMEI (issue 17)', () => {
  it('checks each line at once: invalid, repeated and registered; the quantity is the count of good units, sent as units', async () => {
    const calls = mockUnitCheck();
    const onSubmit = vi.fn(async () => undefined);
    renderPage(
      <StockEntryDialog
        product={PHONE}
        sources={[{ key: 'SUPPLIER_PURCHASE', name: 'Compra de fornecedor' }]}
        onClose={() => undefined}
        onSubmit={onSubmit}
      />,
    );
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog', { name: 'Informar entrada do produto iPhone 15 128GB' });
    const submit = within(dialog).getByRole('button', { name: 'Alterar' }) as HTMLButtonElement;
    const quantity = within(dialog).getByLabelText(/^Quantidade de Entrada/) as HTMLInputElement;
    expect(quantity.readOnly).toBe(true);
    expect(quantity.value).toBe('0');

    const imeis = within(dialog).getByLabelText(/^IMEIs/);
    await user.click(imeis);
    await user.paste([IMEI.a, IMEI.bad, IMEI.a, IMEI.c, `${IMEI.b} ${IMEI.d}`, IMEI.e, 'abc'].join('\n'));
    // at once, before the server answers
    expect(within(lineOf(1)).getByText('Válido')).toBeTruthy();
    expect(within(lineOf(2)).getByText('Dígito verificador não confere: 352099081234563.')).toBeTruthy();
    expect(within(lineOf(3)).getByText('Repetido na lista: 490154203237518.')).toBeTruthy();
    expect(within(lineOf(7)).getByText('Use só dígitos: IMEI, ou IMEI;IMEI2.')).toBeTruthy();
    // then the server: c is another product's, e a unit of this product that came back (it may come in again)
    expect(await within(lineOf(4)).findByText('Já cadastrado: 356938035643809 (Galaxy S24 · P100003).')).toBeTruthy();
    expect(within(lineOf(6)).getByText('Válido')).toBeTruthy();
    expect(within(lineOf(5)).getByText('Válido')).toBeTruthy();
    const check = calls.filter((c) => c.url === '/api/units/check').at(-1) as MockCall;
    expect(check.body).toEqual({ imeis: [IMEI.a, IMEI.c, IMEI.b, IMEI.d, IMEI.e] });
    expect(within(dialog).getByText('3 unidades válidas · 4 linhas com problema')).toBeTruthy();
    expect(quantity.value).toBe('3');
    expect(submit.disabled).toBe(true);

    await user.clear(imeis);
    await user.paste([IMEI.a, `${IMEI.b};${IMEI.d}`, IMEI.e].join('\n'));
    await waitFor(() => expect(submit.disabled).toBe(false));
    expect(quantity.value).toBe('3');
    await user.type(within(dialog).getByLabelText(/^Preço de Compra/), '{Control>}a{/Control}3.950,5');
    await user.click(submit);
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith({
        productId: 9,
        stock: 3,
        cost: 3950.5,
        source: 'SUPPLIER_PURCHASE',
        units: [{ imei: IMEI.a }, { imei: IMEI.b, imei2: IMEI.d }, { imei: IMEI.e }],
      }),
    );
  });

  it('appends each scanned code once, on a line of its own', async () => {
    mockUnitCheck();
    let scan: ((code: string) => boolean) | undefined;
    renderPage(
      <StockEntryDialog
        product={PHONE}
        sources={[{ key: 'SUPPLIER_PURCHASE', name: 'Compra de fornecedor' }]}
        onClose={() => undefined}
        onSubmit={async () => undefined}
        scanner={(append) => {
          scan = append;
          return null;
        }}
      />,
    );
    const dialog = await screen.findByRole('dialog');
    const imeis = within(dialog).getByLabelText(/^IMEIs/) as HTMLTextAreaElement;
    const results: boolean[] = [];
    act(() => {
      results.push(scan?.(IMEI.a) ?? false, scan?.(IMEI.b) ?? false, scan?.(IMEI.a) ?? false);
    });
    expect(results).toEqual([true, true, false]);
    expect(imeis.value).toBe(`${IMEI.a}\n${IMEI.b}\n`);
    expect((within(dialog).getByLabelText(/^Quantidade de Entrada/) as HTMLInputElement).value).toBe('2');
  });
});

describe('product details (issue 17)', () => {
  it("says whether the product controls IMEI ('Controla IMEI': Sim/Não)", () => {
    const { rerender } = render(<ProductDetailsDialog product={PHONE} onClose={() => undefined} />);
    const rowOf = () => screen.getByRole('rowheader', { name: 'Controla IMEI' }).closest('tr') as HTMLElement;
    expect(within(rowOf()).getByText('Sim')).toBeTruthy();
    rerender(<ProductDetailsDialog product={PRODUCT} onClose={() => undefined} />);
    expect(within(rowOf()).getByText('Não')).toBeTruthy();
  });
});
