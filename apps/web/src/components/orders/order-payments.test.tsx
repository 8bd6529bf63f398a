import { DEFAULT_CARD_SETTINGS, type OrderPayments } from '@backoffice/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../test/contract';
import { renderPage, signInAs } from '../../test/render';
import { OrderPaymentsSection } from './order-payments';

/** The payments of order 90 as the server answers them. */
function payments(data: Omit<OrderPayments, 'orderId'>) {
  return {
    'GET /api/orders/90/payments': { body: { data: { orderId: 90, ...data } } },
    'GET /api/settings/card-fees': { body: { data: DEFAULT_CARD_SETTINGS } },
  };
}

const cashPart = {
  id: 7,
  seq: 1,
  method: 'CASH' as const,
  amount: 500,
  status: 'CONFIRMED' as const,
  card: null,
  pix: null,
  createdAt: '2026-11-27T14:00:00.000Z',
  createdBy: 'Beatriz Atendente',
  confirmedAt: '2026-11-27T14:00:00.000Z',
  closedAt: null,
  closeReason: null,
};

describe('Pagamentos (decision 0075: no balance an order cannot take)', () => {
  it("a finalized cash order shows 'Pago: R$ 500,00' with its cash part, no balance, no 'Adicionar pagamento'", async () => {
    signInAs(['bo:manage:orders']);
    mockApi(
      payments({ total: 500, paid: 500, pending: 0, due: 0, paidInFull: true, takesParts: false, parts: [cashPart] }),
    );
    renderPage(<OrderPaymentsSection orderId={90} />);
    expect(await screen.findByText('Pago: R$ 500,00')).toBeTruthy();
    const rows = within(screen.getByRole('table', { name: 'Pagamentos' })).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual(['FormaValorSituação', 'DinheiroR$ 500,00Confirmado']);
    expect(screen.queryByText(/Saldo a pagar/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Adicionar pagamento' })).toBeNull();
  });

  it('a final order the server says takes no part shows no balance even with money missing', async () => {
    signInAs(['bo:manage:orders']);
    mockApi(payments({ total: 120, paid: 0, pending: 0, due: 120, paidInFull: false, takesParts: false, parts: [] }));
    renderPage(<OrderPaymentsSection orderId={90} />);
    expect(await screen.findByText('Pago: R$ 0,00')).toBeTruthy();
    expect(screen.queryByText(/Saldo a pagar/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Adicionar pagamento' })).toBeNull();
  });

  it("an order still taking parts shows 'Saldo a pagar: R$ 380,00' and 'Adicionar pagamento'", async () => {
    signInAs(['bo:manage:orders']);
    mockApi(
      payments({
        total: 880,
        paid: 500,
        pending: 0,
        due: 380,
        paidInFull: false,
        takesParts: true,
        parts: [cashPart],
      }),
    );
    renderPage(<OrderPaymentsSection orderId={90} />);
    expect(await screen.findByText('Saldo a pagar: R$ 380,00')).toBeTruthy();
    expect(screen.getByText('Pago: R$ 500,00')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Adicionar pagamento' })).toBeTruthy();
  });
});
