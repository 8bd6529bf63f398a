import type {
  AdjustmentOrderDetail,
  CardSettlementReport,
  ExchangeRow,
  MarginReport,
  OrderDetail,
  OrderReport,
  RevenueReport,
} from '@backoffice/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../test/contract';
import { renderPage, signInAs } from '../../../test/render';
import ReportsPage from './reports-page';

const COMMON = {
  'GET /api/employees/deliverers': { body: { deliverers: [{ id: 7, name: 'Carlos Motoboy' }] } },
  'GET /api/employees/attendants': { body: { data: { attendants: [{ id: 4, name: 'Paula Atendente' }] } } },
  'GET /api/products/brands': {
    body: {
      data: [
        { name: 'Samsung', references: ['Galaxy A15', 'Galaxy S24'] },
        { name: 'Apple', references: ['iPhone 15'] },
      ],
    },
  },
};

function open(routes: Parameters<typeof mockApi>[0] = {}) {
  signInAs(['bo:manage:reports']);
  const calls = mockApi({ ...COMMON, ...routes });
  const view = renderPage(<ReportsPage />, { path: '/admin/reports' });
  return { calls, user: userEvent.setup(), ...view };
}

async function choose(user: ReturnType<typeof userEvent.setup>, label: RegExp | string, option: string) {
  await user.click(screen.getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}

/** The hidden input of a MUI X date field (it takes a whole DD/MM/YYYY value, like autofill). */
function typeDate(label: string, value: string) {
  const group = screen.getByRole('group', { name: new RegExp(label) });
  const input = (group.closest('.MuiFormControl-root') as HTMLElement).querySelector('input') as HTMLInputElement;
  fireEvent.change(input, { target: { value } });
}

const generate = () => screen.getByRole('button', { name: 'Gerar' }) as HTMLButtonElement;

/** Spec section 2: which reports show dates, level, motoboy, attendant and brand/reference. */
const FILTERS: [
  string,
  { dates: boolean; level?: boolean; courier?: boolean; attendant?: boolean; brand?: boolean; choice?: boolean },
][] = [
  ['Clientes que mais compraram', { dates: true }],
  ['Clientes que menos compraram', { dates: true }],
  ['Produtos mais vendidos', { dates: true }],
  ['Produtos menos vendidos', { dates: true }],
  ['Produtos com estoque baixo', { dates: false }],
  ['Pedidos por motoboy', { dates: true, courier: true }],
  ['Estoque x vendas', { dates: false, level: true }],
  ['Trocas por atendente', { dates: true, attendant: true }],
  ['Devoluções por atendente', { dates: true, attendant: true }],
  ['Trocas por motoboy', { dates: true, courier: true }],
  ['Devoluções por motoboy', { dates: true, courier: true }],
  ['Pedidos por atendente', { dates: true, attendant: true }],
  ['Clientes por motoboy', { dates: false, courier: true }],
  ['Pedidos aguardando motoboy', { dates: false, courier: true }],
  ['Marcas e referências', { dates: false, brand: true }],
  ['Pedidos por depósito (transferência e Pix)', { dates: true }],
  ['Clientes com entrega imediata', { dates: false }],
  ['Aparelhos em estoque por tempo', { dates: false }],
  ['Margem', { dates: true, choice: true }],
  ['Recebimentos de cartão', { dates: true }],
  ['Faturamento por período', { dates: true, choice: true }],
];

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
  it('lists the 17 reports in the spec order, then ours, and shows only the filters each one asks for', async () => {
    const { user } = open();
    await user.click(screen.getByRole('combobox', { name: /Relatório/ }));
    const options = (await screen.findAllByRole('option')).map((option) => option.textContent);
    expect(options).toEqual(FILTERS.map(([label]) => label));
    await user.keyboard('{Escape}');

    for (const [label, shows] of FILTERS) {
      await choose(user, /Relatório/, label);
      const has = (name: string, role: 'group' | 'combobox') =>
        screen.queryByRole(role, { name: new RegExp(name) }) !== null;
      expect(has('Data inicial', 'group'), `${label}: Data inicial`).toBe(shows.dates);
      expect(has('Data final', 'group'), `${label}: Data final`).toBe(shows.dates);
      expect(has('Nível', 'combobox'), `${label}: Nível`).toBe(Boolean(shows.level));
      expect(has('Motoboy', 'combobox'), `${label}: Motoboy`).toBe(Boolean(shows.courier));
      expect(has('Atendente', 'combobox'), `${label}: Atendente`).toBe(Boolean(shows.attendant));
      expect(has('Marca', 'combobox'), `${label}: Marca`).toBe(Boolean(shows.brand));
      expect(has('Referência', 'combobox'), `${label}: Referência`).toBe(Boolean(shows.brand));
      expect(has('Agrupar por', 'combobox'), `${label}: Agrupar por`).toBe(Boolean(shows.choice));
    }
  });

  it("keeps 'Gerar' disabled with section 5's messages until the report and its dates are valid", async () => {
    const { user, calls } = open();
    expect(generate().disabled).toBe(true);
    // leaving the report empty says so
    screen.getByRole('combobox', { name: /Relatório/ }).focus();
    await user.tab();
    expect(await screen.findByText('Selecione o nome da relatório')).toBeTruthy();

    await choose(user, /Relatório/, 'Produtos mais vendidos');
    expect(screen.queryByText('Selecione o nome da relatório')).toBeNull();
    // The dates start on the last 7 days: the report can be generated at once.
    await waitFor(() => expect(generate().disabled).toBe(false));
    // emptied dates say what is missing
    typeDate('Data inicial', '');
    typeDate('Data final', '');
    await waitFor(() => expect(screen.getByText('Selecione a data inicial')).toBeTruthy());
    expect(screen.getByText('Selecione a data final')).toBeTruthy();
    expect(generate().disabled).toBe(true);

    typeDate('Data inicial', '20/04/2026');
    typeDate('Data final', '01/04/2026');
    expect(await screen.findByText('A data final deve ser igual ou posterior à data inicial.')).toBeTruthy();
    expect(generate().disabled).toBe(true);

    typeDate('Data final', '30/04/2026');
    await waitFor(() => expect(generate().disabled).toBe(false));
    // the motoboy report also needs its courier
    await choose(user, /Relatório/, 'Pedidos por motoboy');
    await waitFor(() => expect(generate().disabled).toBe(true));
    await choose(user, /Motoboy/, 'Carlos Motoboy');
    await waitFor(() => expect(generate().disabled).toBe(false));
    expect(calls.filter((c) => c.url.startsWith('/api/reports'))).toHaveLength(0);
  });

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

  it('stock vs sales at level Bronze asks level 3 and shows only the Bronze prices and totals', async () => {
    const { user, calls } = open({
      'GET /api/reports/product/stock/sales/level/3': {
        body: {
          data: {
            level: 3,
            products: [
              {
                productId: 1,
                code: 'P-1',
                name: 'Capinha Galaxy',
                stock: 4,
                unitPurchasePrice: 5,
                totalPurchase: 20,
                unitSalesPriceBronze: 9.5,
                totalSalesBronze: 38,
              },
            ],
            summary: { products: 1, stock: 4, totalAmountPurchase: 20, totalAmountSalesBronze: 38 },
            total: 1,
          },
        },
      },
    });
    await choose(user, /Relatório/, 'Estoque x vendas');
    expect(screen.getByRole('combobox', { name: /Nível/ }).textContent).toContain('Todos');
    await choose(user, /Nível/, 'Bronze');
    await user.click(generate());
    expect(await screen.findByText('Capinha Galaxy')).toBeTruthy();
    expect(calls.some((c) => c.url === '/api/reports/product/stock/sales/level/3?page=0&items=10')).toBe(true);
    expect(screen.getByRole('columnheader', { name: 'Preço de venda Bronze' })).toBeTruthy();
    expect(screen.queryByRole('columnheader', { name: 'Preço de venda Ouro' })).toBeNull();
    const totals = screen.getByLabelText('Total');
    expect(within(totals).getByText('Total de venda Bronze').nextSibling?.textContent).toBe('R$ 38,00');
  });

  it('phones in stock by time: each IMEI with its entry, days and cost; the totals per age band', async () => {
    const { user, calls } = open({
      'GET /api/reports/units/in-stock/age': {
        body: {
          data: {
            units: [
              {
                unitId: 7,
                imei: '490154203237518',
                imei2: null,
                productId: 3,
                code: 'P-3',
                name: 'Galaxy A15',
                enteredAt: '2026-03-02T13:00:00.000Z',
                days: 95,
                cost: 1234.5,
              },
            ],
            summary: {
              units: 3,
              totalCost: 3634.5,
              bands: [
                { label: 'Até 30 dias', units: 2, cost: 2400 },
                { label: '31 a 60 dias', units: 0, cost: 0 },
                { label: '61 a 90 dias', units: 0, cost: 0 },
                { label: '91 a 180 dias', units: 1, cost: 1234.5 },
                { label: 'Mais de 180 dias', units: 0, cost: 0 },
              ],
            },
            total: 3,
          },
        },
      },
    });
    await choose(user, /Relatório/, 'Aparelhos em estoque por tempo');
    await user.click(generate());
    const row = (await screen.findByText('490154203237518')).closest('[role="row"]') as HTMLElement;
    expect(within(row).getByText('Galaxy A15')).toBeTruthy();
    expect(within(row).getByText('02/03/2026')).toBeTruthy();
    expect(within(row).getByText('95')).toBeTruthy();
    expect(within(row).getByText('R$ 1.234,50')).toBeTruthy();
    expect(calls.some((c) => c.url === '/api/reports/units/in-stock/age?page=0&items=10')).toBe(true);
    const totals = screen.getByLabelText('Total');
    expect(within(totals).getByText('Custo').nextSibling?.textContent).toBe('R$ 3.634,50');
    expect(within(totals).getByText('91 a 180 dias').nextSibling?.textContent).toBe('1 · R$ 1.234,50');
  });

  it("card settlements: each payment by its day with n/N, the page's and each day's sums, and the CSV", async () => {
    const row = (n: number, date: string, gross: number, net: number) => ({
      date,
      orderId: 31,
      orderCode: 'K7M-4QP',
      paymentId: 5,
      kind: 'CREDIT' as const,
      kindLabel: 'Crédito',
      brand: 'Visa',
      instalment: n,
      instalments: 3,
      instalmentOf: `${n}/3`,
      gross,
      fee: 59.88,
      net,
    });
    const answer: CardSettlementReport = {
      settlements: [
        row(1, '2026-12-10', 1715.81, 1655.93),
        {
          ...row(1, '2026-12-10', 200, 196.02),
          orderId: 32,
          orderCode: 'Z9X-8WV',
          kind: 'DEBIT',
          kindLabel: 'Débito',
          brand: 'Elo',
          instalments: 1,
          instalmentOf: '1/1',
          fee: 3.98,
        },
        row(2, '2027-01-09', 1715.8, 1655.92),
      ],
      total: 3,
      summary: {
        settlements: 3,
        gross: 3631.61,
        fee: 123.74,
        net: 3507.87,
        days: [
          { date: '2026-12-10', settlements: 2, gross: 1915.81, fee: 63.86, net: 1851.95 },
          { date: '2027-01-09', settlements: 1, gross: 1715.8, fee: 59.88, net: 1655.92 },
        ],
      },
    };
    const path = '/api/reports/card/settlements/start/2026-12-01T00:00:00/end/2027-01-31T23:59:59';
    const { user, calls } = open({ [`GET ${path}`]: { body: { data: answer } } });
    await choose(user, /Relatório/, 'Recebimentos de cartão');
    typeDate('Data inicial', '01/12/2026');
    typeDate('Data final', '31/01/2027');
    await waitFor(() => expect(generate().disabled).toBe(false));
    await user.click(generate());

    const debit = (await screen.findByText('Z9X-8WV')).closest('[role="row"]') as HTMLElement;
    for (const text of ['10/12/2026', 'Débito', 'Elo', '1/1', 'R$ 200,00', 'R$ 3,98', 'R$ 196,02'])
      expect(within(debit).getByText(text), text).toBeTruthy();
    expect(calls.some((c) => c.url === `${path}?page=0&items=10`)).toBe(true);
    // The page: gross 1.715,81 + 200,00 + 1.715,80 = 3.631,61; fee 59,88 + 3,98 + 59,88 = 123,74.
    const page = screen.getByLabelText('Soma da página');
    expect(within(page).getByText('Bruto').nextSibling?.textContent).toBe('R$ 3.631,61');
    expect(within(page).getByText('Taxa').nextSibling?.textContent).toBe('R$ 123,74');
    const totals = screen.getByLabelText('Total');
    expect(within(totals).getByText('Recebimentos').nextSibling?.textContent).toBe('3');
    expect(within(totals).getByText('Líquido').nextSibling?.textContent).toBe('R$ 3.507,87');
    // Each day's totals, in a table of their own.
    const byDay = screen.getByRole('table', { name: 'Por dia' });
    const rowsOf = within(byDay)
      .getAllByRole('row')
      .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
    expect(rowsOf).toEqual([
      ['Dia', 'Recebimentos', 'Bruto', 'Taxa', 'Líquido'],
      ['10/12/2026', '2', 'R$ 1.915,81', 'R$ 63,86', 'R$ 1.851,95'],
      ['09/01/2027', '1', 'R$ 1.715,80', 'R$ 59,88', 'R$ 1.655,92'],
    ]);

    const blobs: Blob[] = [];
    const saved: string[] = [];
    const click = HTMLAnchorElement.prototype.click;
    const createObjectURL = URL.createObjectURL;
    HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
      saved.push(this.download);
    };
    URL.createObjectURL = (blob: Blob) => {
      blobs.push(blob);
      return `blob:${blobs.length}`;
    };
    try {
      await user.click(screen.getByRole('button', { name: 'Baixar CSV' }));
      await waitFor(() => expect(saved).toEqual(['relatorio.csv']));
      const lines = (await (blobs[0] as Blob).text())
        .replace(/^\ufeff/, '')
        .trimEnd()
        .split('\r\n');
      expect(lines).toEqual([
        'Data de recebimento;Pedido;Tipo;Bandeira;Parcela;Bruto;Taxa;Líquido',
        '10/12/2026;K7M-4QP;Crédito;Visa;1/3;1715,81;59,88;1655,93',
        '10/12/2026;Z9X-8WV;Débito;Elo;1/1;200,00;3,98;196,02',
        '09/01/2027;K7M-4QP;Crédito;Visa;2/3;1715,80;59,88;1655,92',
      ]);
      // Every row: the whole period asked without a page.
      expect(calls.some((c) => c.url === path)).toBe(true);
    } finally {
      HTMLAnchorElement.prototype.click = click;
      URL.createObjectURL = createObjectURL;
    }
  });

  it("margin: the totals take the acquirer's fees off the margin", async () => {
    const answer: MarginReport = {
      products: [
        {
          key: '3',
          productId: 3,
          name: 'Galaxy A15',
          code: 'P-3',
          quantity: 1,
          gross: 5147.41,
          discount: 0,
          returns: 0,
          net: 5147.41,
          cost: 4000,
          margin: 1147.41,
          marginPercentage: 22.29,
        },
      ],
      total: 1,
      summary: {
        quantity: 1,
        gross: 5147.41,
        discount: 0,
        returns: 0,
        net: 5147.41,
        cost: 4000,
        margin: 1147.41,
        marginPercentage: 22.29,
        cardFees: 179.64,
        marginAfterCardFees: 967.77,
        marginAfterCardFeesPercentage: 18.8,
      },
    };
    const { user } = open({
      'GET /api/reports/margin/start/2026-11-01T00:00:00/end/2026-11-30T23:59:59': { body: { data: answer } },
    });
    await choose(user, /Relatório/, 'Margem');
    typeDate('Data inicial', '01/11/2026');
    typeDate('Data final', '30/11/2026');
    await waitFor(() => expect(generate().disabled).toBe(false));
    await user.click(generate());
    await screen.findByText('Galaxy A15');
    const totals = screen.getByLabelText('Total');
    expect(within(totals).getByText('Taxas de cartão').nextSibling?.textContent).toBe('R$ 179,64');
    expect(within(totals).getByText('Margem após taxas de cartão').nextSibling?.textContent).toBe(
      'R$ 967,77 · 18,80 %',
    );
  });

  it('margin by brand and revenue by week (issue 39 §5): the grouping is asked of the server, its column named', async () => {
    const figures = { discount: 0, cost: 153.16, margin: 236.84, marginPercentage: 60.73 };
    const margin: MarginReport = {
      products: [
        {
          key: '4',
          productId: null,
          name: 'Marca Capas',
          code: null,
          quantity: 6,
          gross: 420,
          returns: 30,
          net: 390,
          ...figures,
        },
      ],
      total: 1,
      summary: {
        quantity: 6,
        gross: 420,
        returns: 30,
        net: 390,
        ...figures,
        cardFees: 0,
        marginAfterCardFees: 236.84,
        marginAfterCardFeesPercentage: 60.73,
      },
    };
    const revenue: RevenueReport = {
      periods: [
        {
          period: '2026-03-09',
          label: 'Semana de 09/03/2026',
          orders: 3,
          gross: 420,
          returns: 30,
          net: 390,
          ...figures,
        },
      ],
      total: 1,
      summary: { orders: 3, gross: 420, returns: 30, net: 390, ...figures },
    };
    const { user, calls } = open({
      'GET /api/reports/margin/start/2026-03-01T00:00:00/end/2026-03-31T23:59:59': { body: { data: margin } },
      'GET /api/reports/revenue/start/2026-03-01T00:00:00/end/2026-03-31T23:59:59': { body: { data: revenue } },
    });
    await choose(user, /Relatório/, 'Margem');
    typeDate('Data inicial', '01/03/2026');
    typeDate('Data final', '31/03/2026');
    await choose(user, /Agrupar por/, 'Marca');
    await waitFor(() => expect(generate().disabled).toBe(false));
    await user.click(generate());
    await screen.findByText('Marca Capas');
    expect(calls.some((c) => c.url.includes('/reports/margin/') && c.url.includes('groupBy=brand'))).toBe(true);
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toContain('Marca');
    expect(headers).toContain('Trocas e devoluções');
    expect(headers).not.toContain('Código');
    const totals = screen.getByLabelText('Total');
    expect(within(totals).getByText('Trocas e devoluções').nextSibling?.textContent).toBe('R$ 30,00');
    expect(within(totals).getByText('Receita líquida').nextSibling?.textContent).toBe('R$ 390,00');

    await choose(user, /Relatório/, 'Faturamento por período');
    await choose(user, /Agrupar por/, 'Semana');
    await user.click(generate());
    await screen.findByText('Semana de 09/03/2026');
    expect(calls.some((c) => c.url.includes('/reports/revenue/') && c.url.includes('bucket=week'))).toBe(true);
    expect(within(screen.getByLabelText('Total')).getByText('Pedidos').nextSibling?.textContent).toBe('3');
  });

  it('brands and references: the reference follows the brand, and an empty report says so', async () => {
    const { user, calls } = open({ 'GET /api/reports/products/Samsung/Galaxy%20S24': { body: { data: [] } } });
    await choose(user, /Relatório/, 'Marcas e referências');
    await choose(user, /Marca/, 'Samsung');
    await user.click(screen.getByRole('combobox', { name: /Referência/ }));
    const references = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(references).toEqual(['Galaxy A15', 'Galaxy S24']);
    await user.click(screen.getByRole('option', { name: 'Galaxy S24' }));
    await user.click(generate());
    expect(await screen.findByText('Nenhum resultado foi encontrado com os parâmetros informados')).toBeTruthy();
    expect(calls.some((c) => c.url === '/api/reports/products/Samsung/Galaxy%20S24')).toBe(true);
    expect(screen.queryByLabelText('Total')).toBeNull();
  });

  it('another report hides the previous rows, and each Gerar asks the server again', async () => {
    const { user, calls } = open({
      'GET /api/reports/products/low/stock': {
        body: { data: [{ productId: 1, name: 'Capinha Galaxy', code: 'P-1', stock: 2, stockAlert: 5 }] },
      },
      'GET /api/reports/customer/fast-delivery': { body: { data: [] } },
    });
    await choose(user, /Relatório/, 'Produtos com estoque baixo');
    await user.click(generate());
    expect(await screen.findByText('Capinha Galaxy')).toBeTruthy();
    await choose(user, /Relatório/, 'Clientes com entrega imediata');
    expect(screen.queryByText('Capinha Galaxy')).toBeNull();
    await user.click(generate());
    expect(await screen.findByText('Nenhum resultado foi encontrado com os parâmetros informados')).toBeTruthy();
    await choose(user, /Relatório/, 'Produtos com estoque baixo');
    await user.click(generate());
    expect(await screen.findByText('Capinha Galaxy')).toBeTruthy();
    expect(calls.filter((c) => c.url === '/api/reports/products/low/stock')).toHaveLength(2);
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
