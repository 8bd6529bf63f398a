import { type OrderView, orderViewSchema } from '@backoffice/contract';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { OrderDetailsDialog } from './order-details-dialog';

/** Fixtures go through the contract's schema, so they cannot drift from what the API sends. */
function order(overrides: Partial<OrderView> = {}): OrderView {
  return orderViewSchema.parse({
    orderId: 41,
    code: 'K7M2Q9',
    customer: 'João da Conceição',
    status: 13,
    updatedAt: '2026-03-05T14:07:09.000Z',
    typeOfDelivery: 1,
    deliverer: 'Diego Motoboy',
    stocker: 'Carlos Estoquista',
    payment: 'PIX',
    total: 1319.8,
    shippingCost: 19.9,
    neighborhood: 'Moema',
    comments: 'Entregar após as 18h',
    hasWarranty: true,
    items: [{ name: 'Capa Silicone iPhone 15', quantity: 2, unitPrice: 649.95 }],
    ...overrides,
  });
}

/** The value cell beside each row's label. */
function rowValues() {
  const dialog = screen.getByRole('dialog');
  const table = within(dialog).getAllByRole('table')[0] as HTMLElement;
  return Object.fromEntries(
    within(table)
      .getAllByRole('row')
      .map((row) => [
        within(row).getByRole('rowheader').textContent,
        (row.querySelector('td') as HTMLElement).textContent,
      ]),
  );
}

describe('Detalhes do pedido', () => {
  it('shows every row of the spec in order, money in BRL, status label and Sim', () => {
    render(<OrderDetailsDialog order={order()} onClose={() => {}} />);
    expect(screen.getByRole('dialog', { name: 'Detalhes do pedido K7M2Q9' })).toBeTruthy();
    expect(rowValues()).toEqual({
      Cliente: 'João da Conceição',
      'Status do Pedido': 'Finalizados',
      'Valor Total': 'R$ 1.319,80',
      'Valor do Frete': 'R$ 19,90',
      'Região de Entrega': 'Moema',
      'Forma de Pagamento': 'Pix',
      'Tipo de entrega': 'Motoboy',
      Motoboy: 'Diego Motoboy',
      Estoquista: 'Carlos Estoquista',
      Comentários: 'Entregar após as 18h',
      'Possui Garantia?': 'Sim',
    });
    const items = within(screen.getByRole('table', { name: 'Itens do pedido' })).getAllByRole('row');
    expect(items.map((row) => row.textContent)).toEqual([
      'ProdutoQuantidadePreço unitário',
      'Capa Silicone iPhone 152R$ 649,95',
    ]);
  });

  it("shows N/A for what the order lacks, and 'Não' without warranty", () => {
    render(
      <OrderDetailsDialog
        order={order({
          deliverer: null,
          stocker: null,
          neighborhood: null,
          comments: '  ',
          payment: null,
          typeOfDelivery: null,
          hasWarranty: false,
        })}
        onClose={() => {}}
      />,
    );
    const values = rowValues();
    for (const row of [
      'Região de Entrega',
      'Forma de Pagamento',
      'Tipo de entrega',
      'Motoboy',
      'Estoquista',
      'Comentários',
    ])
      expect(values[row]).toBe('N/A');
    expect(values['Possui Garantia?']).toBe('Não');
  });

  it('lists the items 5 per page', async () => {
    const items = Array.from({ length: 7 }, (_, i) => ({
      name: `Item ${i + 1}`,
      quantity: i + 1,
      unitPrice: 10 * (i + 1),
    }));
    render(<OrderDetailsDialog order={order({ items })} onClose={() => {}} />);
    const table = () => screen.getByRole('table', { name: 'Itens do pedido' });
    const names = () =>
      within(table())
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.querySelector('td')?.textContent);
    expect(names()).toEqual(['Item 1', 'Item 2', 'Item 3', 'Item 4', 'Item 5']);
    expect(screen.getByText('1–5 de 7')).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: /próxima página/i }));
    expect(names()).toEqual(['Item 6', 'Item 7']);
    expect(within(table()).getAllByRole('row')[2]?.textContent).toBe('Item 77R$ 70,00');
  });

  it("closes with 'Fechar' and with Escape", async () => {
    const onClose = vi.fn();
    const user = userEvent.setup();
    render(<OrderDetailsDialog order={order()} onClose={onClose} />);
    await user.click(screen.getByRole('button', { name: 'Fechar' }));
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('renders nothing without an order', () => {
    render(<OrderDetailsDialog order={null} onClose={() => {}} />);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
