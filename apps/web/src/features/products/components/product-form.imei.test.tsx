import { render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { MockCall } from '../../../test/render';
import { ProductDetailsDialog } from './product-details-dialog';
import { choose, field, IMEI, lineOf, mockUnitCheck, PHONE, PRODUCT, renderForm } from './test-product-form';

/** 'Controla IMEI' (issue 17) on the product form and in the product's details. */

describe("'Controla IMEI' on the product form (issue 17)", () => {
  it('sends the switch on create and, with IMEIs listed, their units as the initial stock', async () => {
    const calls = mockUnitCheck();
    const { user, onSubmit } = renderForm();
    await user.type(field(/^Nome/), 'iPhone 15 128GB');
    await choose(user, /^Marca/, 'Apple');
    await user.type(field(/^Preço de compra/), '4.000');
    await user.type(field(/^Preço de venda/), '5.499,9');
    await user.click(screen.getByRole('switch', { name: 'Controla IMEI' }));
    const imeis = screen.getByLabelText(/^IMEIs/) as HTMLTextAreaElement;
    // The IMEIs pasted, the separators typed: Enter starts a phone's line, ';' puts its second IMEI beside the first.
    await user.click(imeis);
    await user.paste(IMEI.a);
    await user.keyboard('{Enter}');
    await user.paste(IMEI.b);
    await user.keyboard(';');
    await user.paste(IMEI.d);
    await user.keyboard('{Enter}');
    await user.paste(IMEI.c);
    expect(imeis.value).toBe(`${IMEI.a}\n${IMEI.b};${IMEI.d}\n${IMEI.c}`);
    // c is registered to another product: the form cannot be sent with it
    expect(await within(lineOf(3)).findByText('Já cadastrado: 356938035643809 (Galaxy S24 · P100003).')).toBeTruthy();
    const submit = screen.getByRole('button', { name: 'Cadastrar' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    expect(field(/^Quantidade em estoque \(IMEIs\)/).value).toBe('2');
    // c's line taken off: its 15 digits selected, then one Backspace
    const end = imeis.value.length;
    await user.type(imeis, '{Backspace}', { initialSelectionStart: end - 15, initialSelectionEnd: end });
    expect(imeis.value).toBe(`${IMEI.a}\n${IMEI.b};${IMEI.d}\n`);
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

describe('product details (issue 17)', () => {
  it("says whether the product controls IMEI ('Controla IMEI': Sim/Não)", () => {
    const { rerender } = render(<ProductDetailsDialog product={PHONE} onClose={() => undefined} />);
    const rowOf = () => screen.getByRole('rowheader', { name: 'Controla IMEI' }).closest('tr') as HTMLElement;
    expect(within(rowOf()).getByText('Sim')).toBeTruthy();
    rerender(<ProductDetailsDialog product={PRODUCT} onClose={() => undefined} />);
    expect(within(rowOf()).getByText('Não')).toBeTruthy();
  });
});
