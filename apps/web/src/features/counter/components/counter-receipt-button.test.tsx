import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, renderPage, signInAs } from '../../../test/render';
import { CounterReceiptButton } from './counter-receipt-button';

afterEach(() => vi.unstubAllGlobals());

describe("'Imprimir comprovante'", () => {
  it("says the server's refusal beside the button (a sale the seller did not make: 404)", async () => {
    signInAs(['bo:manage:internal_sales'], 'Ana Vendedora');
    mockFetch({ 'GET /api/orders/91/receipt.pdf': { status: 404, body: { errors: ['Pedido não encontrado.'] } } });
    renderPage(<CounterReceiptButton orderId={91} code="K7M-2Q9" />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Imprimir comprovante' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Pedido não encontrado.');
  });
});
