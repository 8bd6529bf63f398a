import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockFetch, renderPage, signInAs } from '../../../test/render';
import DashboardPage from './dashboard-page';

const CHARTS = {
  'GET /api/reports/customer/top-ten/signedin': {
    body: { data: [{ customerId: 1, customerName: 'Alice Ouro', email: 'alice@x.com.br', count: 12 }] },
  },
  'GET /api/reports/product/top-ten/viewed': {
    body: { data: [{ productId: 5, productName: 'Galaxy A15', code: 'P5', count: 40 }] },
  },
  'GET /api/reports/product/top-ten/searched-by-term': { body: { data: [{ term: 'capinha', count: 7 }] } },
  'GET /api/reports/top-ten/products/sold/desc': {
    body: { data: [{ productId: 2, name: 'Cabo USB', code: 'P2', quantity: 9 }] },
  },
  'GET /api/reports/product/not-exists/top-ten/searched-by-term': { body: { data: [] } },
};

/** Monday 23/11/2026: R$ 150,00 today against R$ 100,00 on Monday last week (+50%). */
const TODAY = {
  day: '2026-11-23',
  salesToday: 150,
  salesSameWeekdayLastWeek: 100,
  waiting: [
    { status: 11, orders: 0 },
    { status: 10, orders: 1 },
    { status: 1, orders: 2 },
    { status: 2, orders: 0 },
    { status: 3, orders: 3 },
    { status: 15, orders: 0 },
  ],
  cashToCollect: 1234.5,
  cashOrders: 2,
  customersAwaitingApproval: 4,
};

function openDashboard(routes: Parameters<typeof mockFetch>[0] = {}, permissions = ['bo:manage:dashboard']) {
  signInAs(permissions);
  const fixed: Parameters<typeof mockFetch>[0] = {
    'GET /api/dashboard': { body: { data: { availableProducts: 321, customersAwaitingApproval: 4 } } },
    'GET /api/dashboard/today': { body: { data: TODAY } },
    ...CHARTS,
  };
  // `routes` (a Proxy may answer a family of paths) are looked up first: they may replace a fixed answer.
  const calls = mockFetch(new Proxy(fixed, { get: (target, key: string) => routes[key] ?? target[key] }));
  const view = renderPage(<DashboardPage />, { path: '/admin/dashboard', extraPaths: ['/admin/reportDetail'] });
  return { calls, user: userEvent.setup(), ...view };
}

const chart = (title: string) => screen.getByRole('region', { name: title });

describe('Dashboard', () => {
  it('shows the two cards with their figures and links, and each chart with its figures and caption', async () => {
    openDashboard();
    const products = await screen.findByRole('link', { name: /321\s*Produtos disponíveis/ });
    expect(products.getAttribute('href')).toBe('/admin/products');
    const customers = screen.getByRole('link', { name: /4\s*Clientes aguardando aprovação/ });
    expect(customers.getAttribute('href')).toBe('/admin/customers');

    expect(await within(chart('Clientes que mais acessaram')).findByText('Alice Ouro: 12')).toBeTruthy();
    expect(within(chart('Clientes que mais acessaram')).getByText('Logins realizados')).toBeTruthy();
    expect(await within(chart('Produtos mais visualizados')).findByText('Galaxy A15: 40')).toBeTruthy();
    expect(await within(chart('Termos mais pesquisados')).findByText('capinha: 7')).toBeTruthy();
    expect(await within(chart('Produtos mais vendidos')).findByText('Cabo USB: 9')).toBeTruthy();
    expect(await within(chart('Pesquisados sem resultado')).findByText('Nenhum dado neste período.')).toBeTruthy();
    expect(screen.getAllByText('atualizado nos últimos 7 dias')).toHaveLength(5);
  });

  it("'A pagar nos próximos 7 dias' when the answer has it (bo:manage:purchases), leading to Contas a pagar", async () => {
    openDashboard({
      'GET /api/dashboard/today': {
        body: {
          data: {
            ...TODAY,
            payablesDue: {
              from: '2026-11-23',
              to: '2026-11-29',
              next7Days: { amount: 16040, count: 3 },
              overdue: { amount: 401.3, count: 1 },
            },
          },
        },
      },
    });
    const card = await screen.findByRole('link', {
      name: /R\$\s16\.040,00\s*A pagar nos próximos 7 dias\s*3 contas · vencidas: R\$\s401,30 \(1\)/,
    });
    expect(card.getAttribute('href')).toBe('/admin/payables');
  });

  it("'A receber hoje / vencido' for the desk or 'Crédito e cobrança', each figure a link to its situation", async () => {
    const { calls } = openDashboard(
      {
        'GET /api/receivables/summary': {
          body: { data: { today: { count: 2, amount: 1500.5 }, overdue: { count: 1, amount: 2046.67 } } },
        },
      },
      ['bo:manage:dashboard', 'bo:manage:orders'],
    );
    const card = await screen.findByRole('region', { name: 'A receber hoje / vencido' });
    const links = await within(card).findAllByRole('link');
    expect(links.map((l) => [l.textContent, l.getAttribute('href')])).toEqual([
      ['R$ 1.500,50 hoje (2 parcelas)', '/admin/receivables?status=dueToday'],
      ['R$ 2.046,67 vencido (1 parcela)', '/admin/receivables?status=overdue'],
    ]);
    expect(calls.filter((c) => c.url === '/api/receivables/summary')).toHaveLength(1);
  });

  it("no 'A receber hoje / vencido' nor its call without orders or credit", async () => {
    const { calls } = openDashboard();
    await screen.findByRole('link', { name: /Dinheiro a receber hoje/ });
    expect(screen.queryByText('A receber hoje / vencido')).toBeNull();
    expect(calls.some((c) => c.url.startsWith('/api/receivables'))).toBe(false);
  });

  it("no 'A pagar nos próximos 7 dias' without it in the answer", async () => {
    openDashboard();
    await screen.findByRole('link', { name: /Dinheiro a receber hoje/ });
    expect(screen.queryByText('A pagar nos próximos 7 dias')).toBeNull();
  });

  it("the first row: today's sales against Monday last week, the orders waiting per stage, the cash to collect, each a link", async () => {
    openDashboard();
    const sales = await screen.findByRole('link', { name: /R\$\s150,00\s*Vendas hoje\s*\+50% vs seg\. passada/ });
    expect(sales.getAttribute('href')).toBe('/admin/orders');
    const cash = screen.getByRole('link', { name: /R\$\s1\.234,50\s*Dinheiro a receber hoje\s*2 pedidos em dinheiro/ });
    expect(cash.getAttribute('href')).toBe('/admin/dispatch');
    const waiting = screen.getByRole('region', { name: 'Pedidos aguardando' });
    // Only the stages with orders, each leading to its status on the orders screen.
    const links = within(waiting).getAllByRole('link');
    expect(links.map((l) => [l.textContent, l.getAttribute('href')])).toEqual([
      ['1 Aguardando comprovante', '/admin/orders?status=10'],
      ['2 Aguardando estoquista', '/admin/orders?status=1'],
      ['3 Aguardando motoboy', '/admin/orders?status=3'],
    ]);
  });

  it("'Ver detalhes' stores the chart's report type and opens the report detail", async () => {
    const { user, router } = openDashboard();
    await within(chart('Produtos mais visualizados')).findByText('Galaxy A15: 40');
    await user.click(within(chart('Produtos mais visualizados')).getByRole('button', { name: 'Ver detalhes' }));
    expect(localStorage.getItem('reportType')).toBe('mostViewedProd');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/reportDetail'));
  });

  it("'Carregar mais dados' asks the last 30 days, then 90, and says so", async () => {
    // Every period path of the searched terms (whatever today is) answers one row.
    const periodAnswer = { body: { data: [{ term: 'pelicula', count: 30 }] } };
    const routes = new Proxy({} as Parameters<typeof mockFetch>[0], {
      get: (_, key: string) =>
        key.startsWith('GET /api/reports/product/searched-by-term/start/') ? periodAnswer : undefined,
    });
    const { user, calls } = openDashboard(routes);
    const terms = chart('Termos mais pesquisados');
    await within(terms).findByText('capinha: 7');
    await user.click(within(terms).getByRole('button', { name: 'Carregar mais dados' }));
    expect(await within(terms).findByText('pelicula: 30')).toBeTruthy();
    expect(within(terms).getByText('atualizado nos últimos 30 dias')).toBeTruthy();
    const asked = calls.filter((c) => c.url.includes('/searched-by-term/start/')).map((c) => c.url);
    expect(asked).toHaveLength(1);
    expect(asked[0]).toMatch(/start\/\d{4}-\d{2}-\d{2}T00:00:00\/end\/\d{4}-\d{2}-\d{2}T23:59:59$/);
    await user.click(within(terms).getByRole('button', { name: 'Carregar mais dados' }));
    expect(await within(terms).findByText('atualizado nos últimos 90 dias')).toBeTruthy();
    await waitFor(() =>
      expect((within(terms).getByRole('button', { name: 'Carregar mais dados' }) as HTMLButtonElement).disabled).toBe(
        true,
      ),
    );
  });
});
