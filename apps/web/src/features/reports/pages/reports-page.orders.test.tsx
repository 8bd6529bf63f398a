import type { AdjustmentOrderDetail, ExchangeRow, OrderDetail, OrderReport } from '@backoffice/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { choose, generate, open, typeDate } from './test-reports-page';

/** The reports of orders, exchanges and returns by motoboy or attendant, and the order dialogs they open. */

const ORDER_REPORT: OrderReport = {
  orders: [
    {
      orderId: 31,
      code: 'A1B-2C3',
      createdAt: '2026-04-02T13:00:00.000Z',
      shippedDate: '2026-04-02T17:30:00.000Z',
      customerName: 'Maria Souza',
      paymentDescription: 'Dinheiro',
      subTotal: 100.1,
      totalExchange: 0,
      totalReturn: 20,
      totalDiscount: 10,
      totalWarranty: 5,
      difference: 95.1,
    },
    {
      orderId: 32,
      code: 'D4E-5F6',
      createdAt: '2026-04-20T12:00:00.000Z',
      shippedDate: null,
      customerName: 'José Lima',
      paymentDescription: 'Depósito',
      subTotal: 50.2,
      totalExchange: 0,
      totalReturn: 0,
      totalDiscount: 0,
      totalWarranty: 0,
      difference: 50.2,
    },
  ],
  summary: {
    orders: 2,
    totalSales: 165.3,
    totalDiscountInBankTransfer: 0,
    totalDiscountInCash: 10,
    totalDiscountInPix: 0,
    totalWarrantyBankTransfer: 0,
    totalWarrantyInCash: 5,
    totalWarrantyPix: 0,
    totalBankTransferDifference: 50.2,
    totalCashDifference: 95.1,
    totalPixDifference: 0,
    totalDifference: 145.3,
  },
  total: 2,
};

const EXCHANGES: ExchangeRow[] = [
  {
    orderId: 11,
    orderCode: 'K7M-4QP',
    customerName: 'João Pereira',
    exchangeOrderId: null,
    exchangeOrderCode: null,
    exchangeProductName: 'Capinha Galaxy',
    exchangeQuantity: 2,
    exchangePrice: 10.5,
    comments: 'Defeito na borda',
    createdAt: '2026-04-03T15:00:00.000Z',
  },
  {
    orderId: 12,
    orderCode: 'ZX2-9RT',
    customerName: 'Ana Costa',
    exchangeOrderId: 40,
    exchangeOrderCode: 'QWE-123',
    exchangeProductName: 'Cabo USB-C',
    exchangeQuantity: 1,
    exchangePrice: 5.25,
    comments: null,
    createdAt: '2026-04-04T15:00:00.000Z',
  },
];

const EXCHANGE_ORDER: AdjustmentOrderDetail = {
  orderId: 11,
  code: 'K7M-4QP',
  customerName: 'João Pereira',
  items: [
    { productName: 'Capinha Galaxy', quantity: 2, unitPrice: 10.5 },
    { productName: 'Película 3D', quantity: 1, unitPrice: 20 },
  ],
  totalItems: 41,
  shippingCost: 8,
  fastDeliveryTax: 0,
  warranty: 0,
  discount: 0,
  orderTotal: 49,
  adjustments: [{ productName: 'Capinha Galaxy', quantity: 2, unitPrice: 10.5, createdAt: '2026-04-03T15:00:00.000Z' }],
  totalExchange: 21,
  total: 49,
};

const ORDER_11: OrderDetail = {
  orderId: 11,
  code: 'K7M-4QP',
  customer: 'João Pereira',
  customerId: 3,
  status: 'Finalizado',
  statusKey: 13,
  updatedAt: '2026-04-03T16:00:00.000Z',
  createdAt: '2026-04-01T12:00:00.000Z',
  typeOfDelivery: 'Motoboy',
  deliveryType: 1,
  fastDelivery: false,
  deliverer: 'Carlos Motoboy',
  delivererId: 7,
  stocker: null,
  stockerId: null,
  payment: 'Dinheiro',
  paymentMethod: 'CASH',
  total: 49,
  shippingCost: 8,
  neighborhood: 'Centro',
  comments: null,
  hasWarranty: false,
  items: [
    { name: 'Capinha Galaxy', quantity: 2, unitPrice: 10.5 },
    { name: 'Película 3D', quantity: 1, unitPrice: 20 },
  ],
  itemsTotal: 41,
  fastDeliveryTax: 0,
  warranty: 0,
  discount: 0,
  attendant: { id: 4, name: 'Paula Atendente' },
  finishedAt: '2026-04-03T16:00:00.000Z',
};

describe('Relatórios gerais', () => {
  it('orders by motoboy: asks the whole days of the period, page by page, and sums the page and the period', async () => {
    const { user, calls } = open({
      'GET /api/reports/order/start/2026-04-01T00:00:00/end/2026-04-30T23:59:59/deliverer/7': {
        body: { data: ORDER_REPORT },
      },
    });
    await choose(user, /Relatório/, 'Pedidos por motoboy');
    typeDate('Data inicial', '01/04/2026');
    typeDate('Data final', '30/04/2026');
    await choose(user, /Motoboy/, 'Carlos Motoboy');
    await waitFor(() => expect(generate().disabled).toBe(false));
    await user.click(generate());

    expect(await screen.findByText('Maria Souza')).toBeTruthy();
    const asked = calls.filter((c) => c.url.startsWith('/api/reports')).map((c) => c.url);
    expect(asked).toEqual([
      '/api/reports/order/start/2026-04-01T00:00:00/end/2026-04-30T23:59:59/deliverer/7?page=0&items=10',
    ]);
    expect(screen.getByText('José Lima')).toBeTruthy();
    expect(screen.getByText('R$ 100,10')).toBeTruthy();

    // page: subtotal 100,10 + 50,20 = 150,30; difference 95,10 + 50,20 = 145,30
    const page = screen.getByLabelText('Soma da página');
    expect(within(page).getByText('R$ 150,30')).toBeTruthy();
    expect(within(page).getByText('R$ 145,30')).toBeTruthy();
    // period: the API's summary
    const totals = screen.getByLabelText('Total');
    expect(within(totals).getByText('Pedidos').nextSibling?.textContent).toBe('2');
    expect(within(totals).getByText('Total de vendas').nextSibling?.textContent).toBe('R$ 165,30');
    expect(within(totals).getByText('Frete').nextSibling?.textContent).toBe(
      'Dinheiro R$ 10,00 · Depósito R$ 0,00 · Pix R$ 0,00',
    );
    expect(within(totals).getByText('Diferença total').nextSibling?.textContent).toBe('R$ 145,30');
  });

  it('exchanges by attendant: sums units and value, and a row opens its order with the goods exchanged', async () => {
    const { user, calls } = open({
      'GET /api/reports/order/exchange/start/2026-04-01T00:00:00/end/2026-04-05T23:59:59/employee/4': {
        body: { data: EXCHANGES },
      },
      'GET /api/reports/order/exchange/11': { body: { data: EXCHANGE_ORDER } },
      'GET /api/orders/by-id/11': { body: { data: ORDER_11 } },
      'GET /api/orders/stocking/images/11': { body: { data: [] } },
    });
    await choose(user, /Relatório/, 'Trocas por atendente');
    typeDate('Data inicial', '01/04/2026');
    typeDate('Data final', '05/04/2026');
    await choose(user, /Atendente/, 'Paula Atendente');
    await waitFor(() => expect(generate().disabled).toBe(false));
    await user.click(generate());
    expect(await screen.findByText('Capinha Galaxy')).toBeTruthy();
    expect(
      calls.some(
        (c) => c.url === '/api/reports/order/exchange/start/2026-04-01T00:00:00/end/2026-04-05T23:59:59/employee/4',
      ),
    ).toBe(true);

    // 2 × 10,50 + 1 × 5,25 = 26,25; 3 units; 2 rows
    const totals = screen.getByLabelText('Total');
    expect(within(totals).getByText('Registros').nextSibling?.textContent).toBe('2');
    expect(within(totals).getByText('Unidades').nextSibling?.textContent).toBe('3');
    expect(within(totals).getByText('Valor').nextSibling?.textContent).toBe('R$ 26,25');

    await user.click(screen.getByRole('button', { name: 'Ver pedido K7M-4QP' }));
    const dialog = await screen.findByRole('dialog', { name: 'Troca do pedido K7M-4QP' });
    expect(await within(dialog).findByText('Película 3D')).toBeTruthy();
    expect(within(dialog).getByText('Total trocado').nextSibling?.textContent).toBe('R$ 21,00');
    expect(within(dialog).getByText('Total').nextSibling?.textContent).toBe('R$ 49,00');

    await user.click(within(dialog).getByRole('button', { name: 'Embalagem' }));
    const pictures = await screen.findByRole('dialog', { name: 'Imagens da embalagem' });
    expect(
      within(pictures).getByText('Não foi gerada nenhuma imagem da embalagem para o pedido até o momento.'),
    ).toBeTruthy();
    await user.click(within(pictures).getByRole('button', { name: 'Fechar' }));

    await user.click(await screen.findByRole('button', { name: 'Ver pedido' }));
    const order = await screen.findByRole('dialog', { name: 'Detalhes do pedido K7M-4QP' });
    expect(within(order).getByText('Carlos Motoboy')).toBeTruthy();
  });

  it("returns by motoboy: the order dialog adds up to the order's total, the returned goods taken off", async () => {
    const { user } = open({
      'GET /api/reports/order/return/start/2026-04-01T00:00:00/end/2026-04-30T23:59:59/employee/7': {
        body: {
          data: [
            {
              orderId: 21,
              orderCode: 'RT1-AAA',
              customerName: 'Bruna Reis',
              returnOrderId: 22,
              returnOrderCode: 'RT2-BBB',
              returnProductName: 'Capinha Galaxy',
              returnQuantity: 1,
              returnPrice: 10,
              comments: 'Cor errada',
              createdAt: '2026-04-10T15:00:00.000Z',
            },
          ],
        },
      },
      // items 20 + freight 5 + fast delivery 4 + warranty 3 − discount 2 = 30; returned 1 × 10: it brought in 20
      'GET /api/reports/order/return/21': {
        body: {
          data: {
            orderId: 21,
            code: 'RT1-AAA',
            customerName: 'Bruna Reis',
            items: [{ productName: 'Capinha Galaxy', quantity: 2, unitPrice: 10 }],
            totalItems: 20,
            shippingCost: 5,
            fastDeliveryTax: 4,
            warranty: 3,
            discount: 2,
            orderTotal: 30,
            adjustments: [
              { productName: 'Capinha Galaxy', quantity: 1, unitPrice: 10, createdAt: '2026-04-10T15:00:00.000Z' },
            ],
            totalReturn: 10,
            total: 20,
          },
        },
      },
    });
    await choose(user, /Relatório/, 'Devoluções por motoboy');
    typeDate('Data inicial', '01/04/2026');
    typeDate('Data final', '30/04/2026');
    await choose(user, /Motoboy/, 'Carlos Motoboy');
    await waitFor(() => expect(generate().disabled).toBe(false));
    await user.click(generate());
    await user.click(await screen.findByRole('button', { name: 'Ver pedido RT1-AAA' }));
    const dialog = await screen.findByRole('dialog', { name: 'Devolução do pedido RT1-AAA' });
    const line = (label: string) => within(dialog).getByText(label).nextSibling?.textContent;
    expect(await within(dialog).findByText('Produtos devolvidos')).toBeTruthy();
    // Every part of the order's total on its own line (issue 15), then the return.
    expect(line('Itens')).toBe('R$ 20,00');
    expect(line('Frete')).toBe('R$ 5,00');
    expect(line('Taxa de entrega rápida')).toBe('R$ 4,00');
    expect(line('Garantia')).toBe('R$ 3,00');
    expect(line('Desconto')).toBe('-R$ 2,00');
    expect(line('Total')).toBe('R$ 30,00');
    expect(line('Total devolvido')).toBe('-R$ 10,00');
    expect(line('Total após a devolução')).toBe('R$ 20,00');
  });
});
