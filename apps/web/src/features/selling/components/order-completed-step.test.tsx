import { act, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, renderPage, signInAs } from '../../../test/render';
import type { PlacedPayment } from '../lib/selling-state';
import { OrderCompletedStep } from './order-completed-step';

function open(writeText = vi.fn(async (_text: string): Promise<void> => undefined)) {
  signInAs(['bo:manage:internal_sales']);
  // user-event installs its own clipboard on setup: set ours after it.
  const user = userEvent.setup();
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  const onNewSale = vi.fn();
  const view = renderPage(<OrderCompletedStep customerName="Joana Ouro" code="K7M-4QP" onNewSale={onNewSale} />, {
    path: '/admin/selling',
    extraPaths: ['/admin/orders'],
  });
  return { ...view, writeText, onNewSale, user };
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

  it('without a clipboard it selects the code for Ctrl+C and does not claim it was copied', async () => {
    const writeText = vi.fn(async (_text: string): Promise<void> => {
      throw new DOMException('denied', 'NotAllowedError');
    });
    const { user } = open(writeText);
    await user.click(screen.getByRole('button', { name: 'Copiar Código do pedido' }));
    expect(window.getSelection()?.toString()).toBe('K7M-4QP');
    expect(screen.queryByText('Código Copiado')).toBeNull();
  });

  it("'Ir para Pedidos' goes to /admin/orders", async () => {
    const { router, user } = open();
    await user.click(screen.getByRole('button', { name: 'Ir para Pedidos' }));
    expect(router.state.location.pathname).toBe('/admin/orders');
  });
});

describe('Selling step 4: an order paid by its own Pix', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("shows the order's Pix QR code and copia e cola for the customer to pay", async () => {
    signInAs(['bo:manage:internal_sales']);
    const payload =
      '00020126360014br.gov.bcb.pix0114+5511999999999520400005303986540580.005802BR5904LOJA6009SAO PAULO62100506K7M4QP6304ABCD';
    const calls = mockFetch({ 'GET /api/orders/pix/7': { body: { data: { payload } } } });
    renderPage(<OrderCompletedStep customerName="Joana Ouro" code="K7M-4QP" pixOrderId={7} onNewSale={vi.fn()} />, {
      path: '/admin/selling',
    });
    expect(
      await screen.findByText('O cliente paga com o Pix do pedido: o pagamento é confirmado quando o banco avisar.'),
    ).toBeTruthy();
    expect(((await screen.findByLabelText('Pix copia e cola')) as HTMLInputElement).value).toBe(payload);
    expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual(['GET /api/orders/pix/7']);
  });
});

describe('Selling step 4: a Pix split with the card at the door (decision 0042)', () => {
  it("shows the Pix part's own code, not the order's, and says both parts", async () => {
    signInAs(['bo:manage:internal_sales']);
    const payload = '00020126360014br.gov.bcb.pix5406500000.005802BR62120508K7M4QPP16304ABCD';
    const calls = mockFetch({});
    // R$ 10.147,41 = R$ 5.000,00 by Pix now + R$ 5.147,41 by card at the door.
    const placed: PlacedPayment = {
      paymentMethod: 'PIX',
      statusKey: 9,
      total: 10147.41,
      deliveryType: 1,
      cardOnDelivery: true,
      pixPart: { amount: 5000, txid: 'K7M4QPP1', payload },
    };
    renderPage(
      <OrderCompletedStep
        customerName="Joana Ouro"
        code="K7M-4QP"
        pixOrderId={7}
        placed={placed}
        onNewSale={vi.fn()}
      />,
      { path: '/admin/selling' },
    );
    expect(screen.getByTestId('payment-due').textContent).toBe(
      'Pix aguardando pagamento: R$ 5.000,00; a receber na entrega: R$ 5.147,41 no cartão (levar maquininha)',
    );
    expect(screen.getByText('Pix de R$ 5.000,00 (parte do pedido):')).toBeTruthy();
    expect(((await screen.findByLabelText('Pix copia e cola')) as HTMLInputElement).value).toBe(payload);
    expect(calls).toHaveLength(0);
  });
});

describe('Selling step 4: what is still due and how (issue 35 §8)', () => {
  const show = (placed: PlacedPayment) => {
    signInAs(['bo:manage:internal_sales']);
    return renderPage(
      <OrderCompletedStep customerName="Joana Ouro" code="K7M-4QP" placed={placed} onNewSale={() => undefined} />,
      { path: '/admin/selling' },
    );
  };

  it.each([
    [
      { paymentMethod: 'CASH', statusKey: 1, total: 134.9, deliveryType: 1 },
      'A receber na entrega: R$ 134,90 em dinheiro',
    ],
    [
      { paymentMethod: 'CASH', statusKey: 1, total: 134.9, deliveryType: 2 },
      'A receber na retirada: R$ 134,90 em dinheiro',
    ],
    [{ paymentMethod: 'PIX', statusKey: 10, total: 89.9, deliveryType: 1 }, 'Pix aguardando pagamento: R$ 89,90'],
    [{ paymentMethod: 'PIX', statusKey: 9, total: 89.9, deliveryType: 1 }, 'Pix aguardando pagamento: R$ 89,90'],
    [
      { paymentMethod: 'BANK_TRANSFER', statusKey: 11, total: 1299.9, deliveryType: 1 },
      'Depósito de R$ 1.299,90: comprovante em conferência',
    ],
    [{ paymentMethod: 'PIX', statusKey: 1, total: 89.9, deliveryType: 1 }, 'Pago (Pix): nada a receber'],
  ] as const)('%o: %s, under the spec line kept as it is', (placed, line) => {
    show(placed);
    const heading = screen.getByRole('heading', { name: 'Ordem para: Joana Ouro concluída' });
    const due = screen.getByTestId('payment-due');
    expect(due.textContent).toBe(line);
    // Right under the heading.
    expect(heading.nextElementSibling).toBe(due);
  });

  it('says nothing of the payment when the server did not tell how it is paid', () => {
    show({ statusKey: 1, total: 134.9 });
    expect(screen.queryByTestId('payment-due')).toBeNull();
  });
});
