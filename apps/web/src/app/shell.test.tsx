import { render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { landingPath } from '../lib/landing';
import { saveSession } from '../lib/session';
import { mockFetch, signInAs } from '../test/render';
import { AppProviders } from './app-providers';
import { createQueryClient } from './query-client';
import { appRoutes } from './routes';

function openApp(path: string) {
  const router = createMemoryRouter(appRoutes, { initialEntries: [path] });
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

/** The app opened at `path`: its main menu and the labels of its links, in order. */
async function openMenu(path: string) {
  openApp(path);
  const nav = await screen.findByRole('navigation', { name: 'Menu principal' }, { timeout: 5000 });
  const labels = within(nav)
    .getAllByRole('link')
    .map((link) => link.textContent);
  return { nav, labels };
}

describe('landingPath', () => {
  it('follows the first bo:manage permission with a page', () => {
    expect(landingPath(['full:access'])).toBe('/admin/dashboard');
    expect(landingPath(['bo:manage:internal_sales', 'bo:manage:customers'])).toBe('/admin/customers');
    expect(landingPath(['bo:manage:orders'])).toBe('/admin/orders');
    expect(landingPath(['bo:manage:roles', 'bo:manage:employees'])).toBe('/admin/roles');
    expect(landingPath(['bo:manage:internal_sales'])).toBe('/admin/selling');
    expect(landingPath([])).toBe('/admin/dashboard');
    expect(landingPath(['bo:manage:purchases'])).toBe('/admin/payables');
    expect(landingPath(['bo:manage:credit'])).toBe('/admin/receivables');
    expect(landingPath(['bo:manage:invoices'])).toBe('/admin/fiscal-notes');
  });

  it('sends stockers and couriers (func 3 and 2 of the token) to "Minhas tarefas" when they may open it', () => {
    expect(landingPath(['bo:manage:orders'], 2)).toBe('/admin/tasks');
    expect(landingPath(['bo:manage:dashboard', 'bo:manage:products'], 3)).toBe('/admin/tasks');
    // The function opens the task screen by itself: a courier of the demo role 'Entregas' holds nothing.
    expect(landingPath([], 2)).toBe('/admin/tasks');
    expect(landingPath(['bo:manage:reports'], 2)).toBe('/admin/tasks');
    // An attendant keeps the spec's rule.
    expect(landingPath(['bo:manage:orders'], 1)).toBe('/admin/orders');
    expect(landingPath(['bo:manage:settings'], 1)).toBe('/admin/settings');
    expect(landingPath(['bo:manage:orders'], null)).toBe('/admin/orders');
  });

  it("sends the technician (func 4) to his bench, 'Assistência técnica' alone to the service orders (issue 42 §2)", () => {
    expect(landingPath([], 4)).toBe('/admin/repair-tasks');
    expect(landingPath(['bo:manage:repairs'], 4)).toBe('/admin/repair-tasks');
    expect(landingPath(['bo:manage:repairs'], 1)).toBe('/admin/repairs');
  });
});

describe('shell', () => {
  // The dashboard (the landing page) loads its figures: a 404 answers them here. Without a fetch stub the
  // request fails with no response, which signs the user out (spec section 8) in the middle of a test.
  beforeEach(() => {
    mockFetch({});
  });
  it('shows the login page in place of a protected page when signed out', async () => {
    const router = openApp('/admin/roles');
    expect(
      await screen.findByRole('heading', { name: 'BackOffice - Acesso Restrito' }, { timeout: 5000 }),
    ).toBeTruthy();
    expect(router.state.location.pathname).toBe('/admin/roles');
  });

  it('lists only the sidebar entries of the held permissions, with the user name', async () => {
    signInAs(['bo:manage:dashboard', 'bo:manage:products'], 'Carlos Estoquista');
    const { nav, labels } = await openMenu('/admin/dashboard');
    expect(labels).toEqual(['Painel de Controle', 'Produtos', 'Minhas tarefas']);
    // each link is a list item of the menu's list (axe 'list'), and the bell's name holds its badge
    expect(
      within(nav)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(labels);
    expect(await screen.findByRole('button', { name: 'Notificações: 0' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Perfil: Carlos Estoquista' }).textContent).toBe('Carlos Estoquista');
    expect(screen.getAllByText('Carlos Estoquista').length).toBeGreaterThan(0);
  });

  it("groups the entries, Fornecedores and Contas a pagar under 'Compras' for bo:manage:purchases (issue 39)", async () => {
    signInAs(['bo:manage:dashboard', 'bo:manage:products', 'bo:manage:purchases'], 'Carlos Estoquista');
    const { nav, labels } = await openMenu('/admin/dashboard');
    expect(labels).toEqual([
      'Painel de Controle',
      'Produtos',
      'Minhas tarefas',
      // Who pays reads the cash flow too (issue 40 §4), and reconciles the bank statement (issue 58 §3).
      'Fluxo de caixa',
      'Conciliação bancária',
      'Entrada por XML',
      'Entradas',
      'Fornecedores',
      'Contas a pagar',
    ]);
    // The group's heading once, an item of its own before its first page.
    expect(within(nav).getAllByText('Compras')).toHaveLength(1);
    const items = within(nav).getAllByRole('listitem');
    expect([items[5]?.textContent, items[6]?.textContent]).toEqual(['Compras', 'Entrada por XML']);
  });

  it("lists 'Caixa' for who runs a register, administers them or approves a difference (issue 40)", async () => {
    signInAs(['bo:manage:orders', 'bo:manage:internal_sales'], 'Beatriz Atendente', 1);
    const { nav, labels } = await openMenu('/admin/orders');
    expect(labels).toEqual([
      'Pedidos',
      'Expedição',
      'Minhas tarefas',
      'Vendas',
      // Issue 54 §1: the counter's point of sale.
      'Balcão',
      'Orçamentos',
      'Caixa',
      'Contas a receber',
      'Notas fiscais',
      'Aparelhos usados',
      'Configurações',
    ]);
    expect(within(nav).getByRole('link', { name: 'Caixa' }).getAttribute('href')).toBe('/admin/cash');
    // Used phones taken in (issue 42 §1): the desk evaluates them.
    expect(within(nav).getByRole('link', { name: 'Aparelhos usados' }).getAttribute('href')).toBe('/admin/trade-ins');
    // The instalments of the sales on credit (issue 40 §2): the desk receives them.
    expect(within(nav).getByRole('link', { name: 'Contas a receber' }).getAttribute('href')).toBe('/admin/receivables');
    // The notes the desk prints the DANFE of (issue 41 §2): read with the orders' permission.
    expect(within(nav).getByRole('link', { name: 'Notas fiscais' }).getAttribute('href')).toBe('/admin/fiscal-notes');
  });

  it("meets the no-permission screen; an attendant's 'Ir para o Dashboard' leads to the orders (issue 8)", async () => {
    signInAs(['bo:manage:orders'], 'Beatriz Atendente', 1);
    openApp('/admin/employees');
    expect(
      await screen.findByText('Você não tem permissão para acessar essa página.', {}, { timeout: 5000 }),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ir para o Dashboard' }).getAttribute('href')).toBe('/admin/orders');
    expect(screen.getByRole('link', { name: 'Sair' }).getAttribute('href')).toBe('/logout');
  });

  it("a courier without orders finds 'Minhas tarefas' in the menu and not the orders screen", async () => {
    // The demo role 'Entregas' holds no permission: the courier's function (2) opens his task screen.
    signInAs([], 'Diego Motoboy', 2);
    const { labels } = await openMenu('/admin/tasks');
    expect(labels).toEqual(['Minhas tarefas']);
    expect(await screen.findByRole('heading', { name: 'Minhas tarefas' }, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByText('Você não tem permissão para acessar essa página.')).toBeNull();
  });

  it('a courier without orders meets the no-permission screen on the orders and the settings', async () => {
    signInAs([], 'Diego Motoboy', 2);
    const router = openApp('/admin/orders');
    expect(
      await screen.findByText('Você não tem permissão para acessar essa página.', {}, { timeout: 5000 }),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ir para o Dashboard' }).getAttribute('href')).toBe('/admin/tasks');
    await router.navigate('/admin/settings');
    expect(
      await screen.findByText('Você não tem permissão para acessar essa página.', {}, { timeout: 5000 }),
    ).toBeTruthy();
  });

  it('sends unknown paths, also under /admin, to the dashboard', async () => {
    signInAs();
    const router = openApp('/admin/nada');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/dashboard'));
    const other = openApp('/qualquer/coisa');
    await waitFor(() => expect(other.state.location.pathname).toBe('/admin/dashboard'));
  });

  it('an expired session found at start is cleared and leads to /', async () => {
    // A fake clock moved past the expiry, instead of waiting for it.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      saveSession({ accessToken: 'a.b.c', expires: Date.now() + 20, permissions: ['full:access'] });
      vi.setSystemTime(Date.now() + 30);
      const router = openApp('/admin/roles');
      await waitFor(() => expect(router.state.location.pathname).toBe('/'));
      expect(localStorage.getItem('token')).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('/logout clears the session and returns to the login page', async () => {
    mockFetch({});
    signInAs();
    const router = openApp('/logout');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(localStorage.getItem('token')).toBeNull();
    expect(await screen.findByRole('heading', { name: 'BackOffice - Acesso Restrito' })).toBeTruthy();
  });
});
