import type { DiscountApproval, DiscountApprovalRequest } from '@backoffice/contract';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, renderPage, signInAs } from '../../../test/render';
import { APPROVAL_POLL_MS } from '../api/counter-api';
import { CounterApproval } from './counter-approval';

/** The sale: 2 chargers of R$ 100,00 to the seller's 'Consumidor final' (id 77) with 8 % off the order. */
const request: DiscountApprovalRequest = {
  customerId: 77,
  discounts: { order: { kind: 'percent', value: 8 } },
  items: [{ productId: 5, quantity: 2 }],
};

function approval(status: DiscountApproval['status'], extra: Partial<DiscountApproval> = {}): DiscountApproval {
  return {
    id: 31,
    status,
    seller: { id: 20, name: 'Ana Vendedora' },
    customer: { id: 77, name: 'Consumidor final' },
    lines: [{ productId: 5, name: 'Carregador', quantity: 2, unitPrice: 100 }],
    discounts: request.discounts,
    goods: 200,
    discount: 16,
    percentage: 8,
    requiredPercentage: 8,
    approver: status === 'PENDING' ? null : { id: 1, name: 'Gerson Gerente' },
    reason: status === 'REFUSED' ? 'Margem baixa' : null,
    createdAt: '2026-11-28T17:00:00.000Z',
    decidedAt: status === 'PENDING' ? null : '2026-11-28T17:01:00.000Z',
    orderId: null,
    ...extra,
  };
}

/** The counter's side: the sale's quantity, one more charger with 'Mais um'. */
function Harness({ onApproved }: { onApproved: (id: number | null) => void }) {
  const [quantity, setQuantity] = useState(2);
  return (
    <>
      <button type="button" onClick={() => setQuantity(3)}>
        Mais um
      </button>
      <CounterApproval
        request={{ ...request, items: [{ productId: 5, quantity }] }}
        refused={quantity === 2}
        onApproved={onApproved}
      />
    </>
  );
}

afterEach(() => vi.useRealTimers());

describe("'Balcão': the manager's approval of a discount above the seller's maximum (decision 0078)", () => {
  it('is asked for the sale as it is, waited for, and its id given once approved; a changed sale drops it', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    signInAs(['bo:manage:internal_sales'], 'Ana Vendedora');
    let state = approval('PENDING');
    const calls = mockFetch({
      'POST /api/discount-approvals': () => ({ body: { data: approval('PENDING') } }),
      'GET /api/discount-approvals/31': () => ({ body: { data: state } }),
    });
    const onApproved = vi.fn();
    renderPage(<Harness onApproved={onApproved} />);
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.click(screen.getByRole('button', { name: 'Pedir aprovação do gerente' }));
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual(request);
    expect(await screen.findByText('Aguardando a aprovação do desconto por um gerente…')).toBeTruthy();
    expect(onApproved).not.toHaveBeenCalledWith(31);

    state = approval('APPROVED');
    await act(() => vi.advanceTimersByTimeAsync(APPROVAL_POLL_MS));
    expect(await screen.findByText('Desconto aprovado por Gerson Gerente: conclua a venda.')).toBeTruthy();
    await waitFor(() => expect(onApproved).toHaveBeenLastCalledWith(31));

    // One more charger: another sale, the approval no longer covers it.
    await user.click(screen.getByRole('button', { name: 'Mais um' }));
    await waitFor(() => expect(onApproved).toHaveBeenLastCalledWith(null));
    expect(screen.queryByText(/Desconto aprovado/)).toBeNull();
  });

  it("refused: the manager's reason, and it may be asked again", async () => {
    signInAs(['bo:manage:internal_sales'], 'Ana Vendedora');
    mockFetch({
      'POST /api/discount-approvals': () => ({ body: { data: approval('PENDING') } }),
      'GET /api/discount-approvals/31': () => ({ body: { data: approval('REFUSED') } }),
    });
    renderPage(<CounterApproval request={request} refused onApproved={() => undefined} />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Pedir aprovação do gerente' }));
    expect(await screen.findByText('Desconto recusado por Gerson Gerente: Margem baixa')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Pedir aprovação do gerente' })).toBeTruthy();
  });
});
