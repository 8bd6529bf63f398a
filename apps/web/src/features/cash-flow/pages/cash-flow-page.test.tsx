import { cashFlowSchema, formatDay, shiftDay } from '@backoffice/contract';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/app-providers';
import { createQueryClient } from '../../../app/query-client';
import { appRoutes } from '../../../app/routes';
import { type MockCall, mockFetch, renderPage, signInAs } from '../../../test/render';
import { FLOW, TODAY } from '../test-data';
import CashFlowPage from './cash-flow-page';

afterEach(() => {
  vi.restoreAllMocks();
});

function openPage(permissions = ['bo:manage:credit']) {
  cashFlowSchema.parse(FLOW);
  signInAs(permissions, 'Carla Gerente');
  const calls = mockFetch({
    'GET /api/cash-flow': { body: { data: FLOW } },
    'GET /api/cash-flow/export.csv': { body: {} },
  });
  renderPage(<CashFlowPage />, { path: '/admin/cash-flow' });
  return { calls, user: userEvent.setup() };
}

const paramsOf = (calls: MockCall[], path: string) =>
  calls
    .filter((c) => c.method === 'GET' && c.url.startsWith(`${path}?`))
    .map((c) => Object.fromEntries(new URL(c.url, 'http://x').searchParams));

describe("'Fluxo de caixa'", () => {
  it("asks by day from a zero balance, then with 'Saldo de hoje' typed the Brazilian way and by week", async () => {
    const { calls, user } = openPage();
    await waitFor(() => expect(paramsOf(calls, '/api/cash-flow')[0]).toEqual({ grain: 'day', openingBalance: '0' }));
    const opening = screen.getByRole('textbox', { name: /Saldo de hoje/ });
    await user.clear(opening);
    await user.type(opening, '1.500,50');
    await waitFor(() =>
      expect(paramsOf(calls, '/api/cash-flow').at(-1)).toEqual({ grain: 'day', openingBalance: '1500.5' }),
    );
    await user.click(screen.getByRole('button', { name: 'Semana' }));
    await waitFor(() =>
      expect(paramsOf(calls, '/api/cash-flow').at(-1)).toEqual({ grain: 'week', openingBalance: '1500.5' }),
    );
    expect(screen.getByRole('button', { name: 'Semana' }).getAttribute('aria-pressed')).toBe('true');
    // An overdrawn account: a balance below zero.
    await user.clear(opening);
    await user.type(opening, '-2.000,00');
    await waitFor(() =>
      expect(paramsOf(calls, '/api/cash-flow').at(-1)).toEqual({ grain: 'week', openingBalance: '-2000' }),
    );
  });

  it('lists the rows, the past ones without a balance, and the totals with the closing balance', async () => {
    openPage();
    const table = await screen.findByRole('grid', { name: 'Movimentos do fluxo de caixa' });
    const pastRow = (await within(table).findByText(formatDay(shiftDay(TODAY, -2)))).closest('[role="row"]');
    expect(pastRow?.textContent).toContain('R$ 2.046,67');
    // Past: net only, no balance (the last cell is empty).
    const pastCells = within(pastRow as HTMLElement).getAllByRole('gridcell');
    expect(pastCells.at(-1)?.textContent).toBe('');
    const todayRow = within(table).getByText(formatDay(TODAY)).closest('[role="row"]') as HTMLElement;
    const todayCells = within(todayRow)
      .getAllByRole('gridcell')
      .map((cell) => cell.textContent);
    // Today: what came in and went out already beside what is still due today.
    expect(todayCells).toEqual([
      formatDay(TODAY),
      'R$ 376,57',
      'R$ 2.670,30',
      'R$ 700,00',
      'R$ 200,00',
      '-R$ 1.793,73',
      'R$ 1.500,00',
    ]);
    const lastRow = within(table)
      .getByText(formatDay(shiftDay(TODAY, 1)))
      .closest('[role="row"]') as HTMLElement;
    expect(within(lastRow).getAllByRole('gridcell').at(-1)?.textContent).toBe('R$ 1.300,00');
    const totals = screen.getByTestId('cash-flow-totals');
    expect(totals.textContent).toContain('RecebidoR$ 2.423,24');
    expect(totals.textContent).toContain('PagoR$ 3.020,30');
    expect(totals.textContent).toContain('A receberR$ 700,00');
    expect(totals.textContent).toContain('A pagarR$ 400,00');
    expect(totals.textContent).toContain('Saldo finalR$ 1.300,00');
    // The overdue apart, not in today's row nor in the balance.
    const overdue = screen.getByRole('region', { name: 'Vencido' });
    expect(overdue.textContent).toContain('A receber vencidoR$ 1.250,00');
    expect(overdue.textContent).toContain('A pagar vencidoR$ 80,00');
    expect(overdue.textContent).toContain('fora do saldo');
  });

  it("'Exportar CSV' downloads fluxo-de-caixa.csv with the same grain and balance", async () => {
    const save = vi.fn();
    vi.spyOn(URL, 'createObjectURL').mockImplementation(() => 'blob:csv');
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      save(this.download);
    });
    const { calls, user } = openPage(['bo:manage:purchases']);
    await screen.findByTestId('cash-flow-totals');
    await user.click(screen.getByRole('button', { name: 'Semana' }));
    await user.click(screen.getByRole('button', { name: 'Exportar CSV' }));
    await waitFor(() => expect(save).toHaveBeenCalledWith('fluxo-de-caixa.csv'));
    expect(paramsOf(calls, '/api/cash-flow/export.csv')).toEqual([{ grain: 'week', openingBalance: '0' }]);
  });
});

describe("'Fluxo de caixa' in the app", () => {
  function openApp(permissions: string[]) {
    signInAs(permissions, 'Carla Gerente');
    mockFetch({ 'GET /api/cash-flow': { body: { data: FLOW } } });
    const router = createMemoryRouter(appRoutes, { initialEntries: ['/admin/cash-flow'] });
    render(
      <AppProviders queryClient={createQueryClient()}>
        <RouterProvider router={router} />
      </AppProviders>,
    );
  }

  it.each([['bo:manage:credit'], ['bo:manage:purchases']])('opens and is in the menu for %s', async (permission) => {
    openApp([permission]);
    expect(await screen.findByRole('heading', { name: 'Fluxo de caixa' }, { timeout: 5000 })).toBeTruthy();
    const nav = await screen.findByRole('navigation', { name: 'Menu principal' });
    expect(within(nav).getByRole('link', { name: 'Fluxo de caixa' }).getAttribute('href')).toBe('/admin/cash-flow');
  });

  it('is refused to the desk (orders, no credit nor purchases), and kept out of its menu', async () => {
    openApp(['bo:manage:orders']);
    expect(
      await screen.findByText('Você não tem permissão para acessar essa página.', {}, { timeout: 5000 }),
    ).toBeTruthy();
    const nav = await screen.findByRole('navigation', { name: 'Menu principal' });
    expect(within(nav).queryByRole('link', { name: 'Fluxo de caixa' })).toBeNull();
  });
});
