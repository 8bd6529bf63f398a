import { act, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage, signInAs } from '../../../test/render';
import { OrderCompletedStep } from './order-completed-step';

function open() {
  signInAs(['bo:manage:internal_sales']);
  const writeText = vi.fn(async () => undefined);
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  const onNewSale = vi.fn();
  const view = renderPage(<OrderCompletedStep customerName="Joana Ouro" code="K7M-4QP" onNewSale={onNewSale} />, {
    path: '/admin/selling',
    extraPaths: ['/admin/orders'],
  });
  return { ...view, writeText, onNewSale };
}

describe('Selling step 4: order completed', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("says 'Ordem para: {customer} concluída' with the code; copying shows 'Código Copiado' for exactly 1 second", async () => {
    vi.useFakeTimers();
    const { writeText } = open();
    expect(screen.getByRole('heading', { name: 'Ordem para: Joana Ouro concluída' })).toBeTruthy();
    expect(screen.getByText('K7M-4QP')).toBeTruthy();
    const button = screen.getByRole('button', { name: 'Copiar Código do pedido' });
    await act(async () => {
      fireEvent.click(button);
    });
    expect(writeText).toHaveBeenCalledWith('K7M-4QP');
    expect(button.textContent).toBe('Código Copiado');
    await act(async () => {
      vi.advanceTimersByTime(999);
    });
    expect(button.textContent).toBe('Código Copiado');
    await act(async () => {
      vi.advanceTimersByTime(1);
    });
    expect(button.textContent).toBe('Copiar Código do pedido');
  });

  it("'Ir para Pedidos' goes to /admin/orders", async () => {
    const { router } = open();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Ir para Pedidos' }));
    expect(router.state.location.pathname).toBe('/admin/orders');
  });
});
