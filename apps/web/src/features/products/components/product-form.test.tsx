import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { choose, field, PRODUCT, renderForm } from './test-product-form';

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
