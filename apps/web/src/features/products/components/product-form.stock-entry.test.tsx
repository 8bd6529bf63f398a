import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { type MockCall, renderPage } from '../../../test/render';
import { StockEntryDialog } from './stock-entry-dialog';
import { IMEI, lineOf, mockUnitCheck, PHONE, PRODUCT } from './test-product-form';

/** The stock-entry dialog ('Informar entrada') of a product, and of a product that controls IMEI (issue 17). */

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
