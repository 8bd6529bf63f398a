import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type MockCall, mockFetch, renderPage, signInAs } from '../../../test/render';
import { CAPA, JOANA, NO_DRAWERS, WALK_IN } from '../test-data';
import CounterPage from './counter-page';

const search = (term: string, email: string) =>
  `GET /api/shop/products/full/search/${encodeURIComponent(term)}/email/${encodeURIComponent(email)}`;
const REFUSAL = 'O desconto passa do máximo da sua regra (5 %). Peça a um funcionário com permissão de desconto maior.';

/** 'Balcão' for a seller, the sale's POST answering `sale`. */
function openCounter(sale: (call: MockCall) => { status?: number; body?: unknown }) {
  signInAs(['bo:manage:internal_sales'], 'Ana Vendedora');
  const calls = mockFetch({
    'POST /api/customers/walk-in': { body: { data: WALK_IN } },
    'GET /api/cash-registers': { body: { data: NO_DRAWERS } },
    [search('CAP-15', WALK_IN.email)]: { body: { products: [CAPA] } },
    [search('CAP-15', JOANA.email)]: { body: { products: [{ ...CAPA, priceDiscounted: 110 }] } },
    'GET /api/customers': (call) => ({
      body: { customers: call.url.includes('search=Joana') ? [JOANA] : [], total: 1 },
    }),
    'POST /api/counter/sales': sale,
    'GET /api/orders/90/receipt.pdf': { body: {} },
  });
  renderPage(<CounterPage />);
  return calls;
}

/** Scans the case (the code pasted at once, as a scanner types it) and takes it. */
async function scanCapa(user: ReturnType<typeof userEvent.setup>) {
  const field = screen.getByLabelText('Código, nome ou código de barras');
  await user.click(field);
  await user.paste('CAP-15');
  await user.click(await screen.findByText(/Capa de silicone iPhone 15 —/));
}

const totalText = () => screen.getByLabelText('Total').textContent?.replace(/\s/g, ' ');

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("'Balcão': line discounts and the customer", () => {
  it("a 7 % line discount on 3 cases is R$ 27,28 (half up) and the server's refusal above the maximum is shown", async () => {
    const user = userEvent.setup();
    const calls = openCounter(() => ({ status: 403, body: { errors: [REFUSAL] } }));
    await screen.findByText(/Vendendo ao Consumidor final/);
    await scanCapa(user);
    const line = screen.getByRole('listitem');
    const quantity = within(line).getByLabelText(/Qtd\. Capa/);
    fireEvent.change(quantity, { target: { value: '3' } });
    await user.type(within(line).getByLabelText('Desconto'), '7');
    // 3 × 129,90 = 389,70; 7 % = 27,279 → 27,28; 389,70 − 27,28 = 362,42.
    await waitFor(() => expect(line.textContent).toMatch(/− R\$\s27,28 = R\$\s362,42/));
    expect(screen.getByText(/Descontos nos itens: − R\$\s27,28/)).toBeTruthy();
    expect(totalText()).toBe('Total: R$ 362,42');
    await user.click(screen.getByRole('button', { name: 'Dinheiro (F2)' }));
    await user.click(screen.getByRole('button', { name: 'Concluir venda (F9)' }));
    expect(await screen.findByText(REFUSAL)).toBeTruthy();
    const sent = calls.find((call) => call.method === 'POST' && call.url === '/api/counter/sales');
    expect(sent?.body).toMatchObject({
      items: [{ productId: 3, quantity: 3 }],
      discounts: { lines: [{ productId: 3, kind: 'percent', value: 7 }] },
      payments: [{ method: 'CASH', amount: 362.42 }],
      expectedTotal: 362.42,
    });
    expect(sent?.body).not.toHaveProperty('customerId');
  });

  it('a registered customer: the line priced again at her level, no CPF na nota, her id sent', async () => {
    const user = userEvent.setup();
    const calls = openCounter(() => ({
      body: {
        data: {
          orderId: 90,
          code: 'K7M-2Q9',
          statusKey: 13,
          total: 110,
          change: 0,
          registerName: null,
          replayed: false,
        },
      },
    }));
    await screen.findByText(/Vendendo ao Consumidor final/);
    await scanCapa(user);
    expect(totalText()).toBe('Total: R$ 129,90');
    expect(screen.getByLabelText('CPF/CNPJ na nota (opcional)')).toBeTruthy();
    await user.type(screen.getByLabelText('Cliente: nome, CPF/CNPJ ou e-mail'), 'Joana');
    await user.click(await screen.findByText('Joana Ouro'));
    const chosen = screen.getByLabelText('Cliente da venda');
    expect(chosen.textContent).toContain('529.982.247-25');
    expect(chosen.textContent).toContain('Nível Ouro');
    expect(screen.queryByLabelText('CPF/CNPJ na nota (opcional)')).toBeNull();
    await waitFor(() => expect(totalText()).toBe('Total: R$ 110,00'));
    await user.click(screen.getByRole('button', { name: 'Dinheiro (F2)' }));
    await user.click(screen.getByRole('button', { name: 'Concluir venda (F9)' }));
    expect(await screen.findByText('Venda concluída')).toBeTruthy();
    const sent = calls.find((call) => call.method === 'POST' && call.url === '/api/counter/sales');
    expect(sent?.body).toMatchObject({
      customerId: 7,
      expectedTotal: 110,
      payments: [{ method: 'CASH', amount: 110 }],
    });
    expect(sent?.body).not.toHaveProperty('noteDocument');
    // 'Imprimir comprovante': the order's 80 mm receipt opened for the printer.
    const open = vi.spyOn(window, 'open').mockReturnValue({} as Window);
    // jsdom has no object URLs: the PDF's blob gets this one.
    Object.assign(URL, { createObjectURL: () => 'blob:comprovante', revokeObjectURL: () => {} });
    await user.click(screen.getByRole('button', { name: 'Imprimir comprovante' }));
    await waitFor(() => expect(open).toHaveBeenCalledWith('blob:comprovante', '_blank'));
    expect(calls.some((call) => call.url === '/api/orders/90/receipt.pdf')).toBe(true);
    // Back to the walk-in: the next sale's search is at the list price again.
    await user.click(screen.getByRole('button', { name: 'Nova venda' }));
    expect(await screen.findByText(/Vendendo ao Consumidor final/)).toBeTruthy();
  });
});
