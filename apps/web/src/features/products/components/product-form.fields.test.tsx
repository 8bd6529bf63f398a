import { priceFromPercentage } from '@backoffice/contract';
import { render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ProductDetailsDialog } from './product-details-dialog';
import { choose, field, PRODUCT, renderForm } from './test-product-form';

/** The product form's level prices, barcode and fiscal fields. */

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

  it('asks for the CEST when the product is invoiced under ICMS-ST (issue 55): required, and its helper says why', () => {
    renderForm({ mode: 'edit', product: { ...PRODUCT, ncm: '85171300', cestRequired: true } });
    expect(field(/^CEST/).required).toBe(true);
    expect(
      screen.getByText(
        'Obrigatório: o perfil fiscal deste produto é de substituição tributária (ICMS-ST). 7 dígitos, ex.: 21.053.00',
      ),
    ).toBeTruthy();
  });

  it('leaves the CEST optional when the product is not invoiced under ICMS-ST', () => {
    renderForm({ mode: 'edit', product: { ...PRODUCT, cestRequired: false } });
    expect(field(/^CEST/).required).toBe(false);
    expect(screen.getByText('7 dígitos, ex.: 21.053.00')).toBeTruthy();
  });
});
