import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderPage, signInAs } from '../../../test/render';
import { clampQuantity, QuantityDialog } from './quantity-dialog';

const CAPA = { productId: 3, name: 'Capa de silicone iPhone 15', price: 1234.56, stock: 3, inCart: 0 };

function open(product = CAPA) {
  signInAs(['bo:manage:internal_sales']);
  const onAdd = vi.fn();
  const onClose = vi.fn();
  renderPage(<QuantityDialog product={product} sending={false} onChoose={onAdd} onClose={onClose} />);
  return { onAdd, onClose, user: userEvent.setup() };
}

describe("Selling: 'Alterar quantidade'", () => {
  it('shows the product, its available quantity and 1 selected; minus stops at 1 and plus at the stock', async () => {
    const { onAdd, user } = open();
    const dialog = await screen.findByRole('dialog', { name: 'Alterar quantidade' });
    expect(dialog.textContent).toContain('Capa de silicone iPhone 15');
    expect(dialog.textContent).toContain('R$ 1.234,56');
    expect(dialog.textContent).toContain('Quantidade disponível: 3');
    const quantity = screen.getByLabelText('Quantidade selecionada') as HTMLInputElement;
    expect(quantity.value).toBe('1');
    const minus = screen.getByRole('button', { name: 'Diminuir quantidade' }) as HTMLButtonElement;
    const plus = screen.getByRole('button', { name: 'Aumentar quantidade' }) as HTMLButtonElement;
    expect(minus.disabled).toBe(true);
    await user.click(plus);
    await user.click(plus);
    expect(quantity.value).toBe('3');
    expect(plus.disabled).toBe(true);
    await user.click(minus);
    expect(quantity.value).toBe('2');
    await user.click(screen.getByRole('button', { name: 'Adicionar' }));
    expect(onAdd).toHaveBeenCalledWith(CAPA, 2);
  });

  it('a typed quantity above the stock is brought back to the stock; Enter adds', async () => {
    const { onAdd, user } = open();
    const quantity = (await screen.findByLabelText('Quantidade selecionada')) as HTMLInputElement;
    expect(document.activeElement).toBe(quantity);
    await user.clear(quantity);
    await user.type(quantity, '9{Enter}');
    expect(onAdd).toHaveBeenCalledWith(CAPA, 3);
  });

  it('a product already in the cart opens at its quantity and sets it: 20 typed is 20, not 21 (issue 35)', async () => {
    const inCart = { ...CAPA, stock: 30, inCart: 1 };
    const { onAdd, user } = open(inCart);
    const dialog = await screen.findByRole('dialog', { name: 'Alterar quantidade' });
    expect(dialog.textContent).toContain('Quantidade disponível: 30');
    expect(dialog.textContent).toContain('No carrinho: 1. A quantidade escolhida substitui esta.');
    const quantity = screen.getByLabelText('Quantidade selecionada') as HTMLInputElement;
    expect(quantity.value).toBe('1');
    await user.clear(quantity);
    await user.type(quantity, '20');
    await user.click(screen.getByRole('button', { name: 'Atualizar carrinho' }));
    expect(onAdd).toHaveBeenCalledWith(inCart, 20);
  });

  it('clampQuantity keeps 1 ≤ quantity ≤ stock', () => {
    expect(clampQuantity(0, 5)).toBe(1);
    expect(clampQuantity(-2, 5)).toBe(1);
    expect(clampQuantity(7, 5)).toBe(5);
    expect(clampQuantity(2.7, 5)).toBe(2);
    expect(clampQuantity(Number.NaN, 5)).toBe(1);
  });
});
