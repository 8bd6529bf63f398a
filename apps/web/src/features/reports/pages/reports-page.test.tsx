import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { choose, generate, open, typeDate } from './test-reports-page';

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
      'GET /api/reports/customer/fast-delivery': { body: { data: [], total: 0, orders: 0 } },
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
});
