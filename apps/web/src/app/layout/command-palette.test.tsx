import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { type MockCall, mockFetch, signInAs } from '../../test/render';
import { AppProviders } from '../app-providers';
import { createQueryClient } from '../query-client';
import { appRoutes } from '../routes';

function openApp(path: string) {
  const router = createMemoryRouter(appRoutes, { initialEntries: [path] });
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

const RESULTS = [
  {
    kind: 'order',
    id: '12',
    title: 'Pedido QZX-7KP',
    subtitle: 'Márcia · Aguardando estoquista',
    link: '/admin/orders?order=12',
  },
  {
    kind: 'customer',
    id: '7',
    title: 'Márcia Quitéria',
    subtitle: '529.982.247-25 · marcia@example.com',
    link: '/admin/customers?customer=marcia%40example.com',
  },
];

describe('command palette', () => {
  let calls: MockCall[];
  beforeEach(() => {
    calls = mockFetch({ 'GET /api/search': { body: { data: RESULTS } } });
  });

  it('opens with Ctrl+K, asks the server from 2 characters, and the arrows and Enter open a record', async () => {
    const user = userEvent.setup();
    signInAs(['full:access']);
    const router = openApp('/admin/dashboard');
    await screen.findByRole('button', { name: 'Pesquisar' }, { timeout: 15_000 });
    await user.keyboard('{Control>}k{/Control}');
    const palette = await screen.findByRole('dialog', { name: 'Pesquisar' }, { timeout: 15_000 });
    const input = within(palette).getByRole('combobox');
    expect(input).toBe(document.activeElement);

    await user.type(input, 'q');
    expect(within(palette).getByRole('status').textContent).toBe(
      'Digite ao menos 2 caracteres para pesquisar registros.',
    );
    await user.type(input, 'zx7kp');
    await within(palette).findByRole('option', { name: /Pedido QZX-7KP/ });
    const searches = calls.filter((c) => c.url.startsWith('/api/search'));
    expect(searches.at(-1)?.url).toBe('/api/search?q=qzx7kp&limit=12');
    // The typing paused once: one request, not one per character.
    expect(searches).toHaveLength(1);

    const options = within(palette).getAllByRole('option');
    expect(options.map((o) => o.getAttribute('aria-selected'))).toEqual(['true', 'false']);
    await user.keyboard('{ArrowDown}');
    expect(options[1]?.getAttribute('aria-selected')).toBe('true');
    expect(input.getAttribute('aria-activedescendant')).toBe(options[1]?.id);
    await user.keyboard('{ArrowDown}'); // wraps to the first
    expect(options[0]?.getAttribute('aria-selected')).toBe('true');
    await user.keyboard('{ArrowUp}{Enter}');
    await waitFor(() =>
      expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
        '/admin/customers?customer=marcia%40example.com',
      ),
    );
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Pesquisar' })).toBeNull());
  });

  it('lists the pages the employee may open, without asking the server, and Esc closes', async () => {
    const user = userEvent.setup();
    signInAs(['bo:manage:dashboard', 'bo:manage:products'], 'Carlos Estoquista');
    const router = openApp('/admin/dashboard');
    await user.click(await screen.findByRole('button', { name: 'Pesquisar' }, { timeout: 15_000 }));
    const palette = await screen.findByRole('dialog', { name: 'Pesquisar' }, { timeout: 15_000 });
    const pages = within(palette)
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(pages).toContain('PáginaProdutos');
    expect(pages).not.toContain('PáginaClientes');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Pesquisar' })).toBeNull());
    expect(router.state.location.pathname).toBe('/admin/dashboard');
    expect(calls.some((c) => c.url.startsWith('/api/search'))).toBe(false);
  });

  it("shows the desk a phone found by IMEI with its 'Registrar troca' right under it, and one no page opens for what it says (issue 35)", async () => {
    calls = mockFetch({
      'GET /api/search': {
        body: {
          data: [
            {
              kind: 'unit',
              id: '356938035643809',
              title: 'IMEI 356938035643809',
              subtitle: 'Galaxy S24 · Vendido · Pedido FNZ-4TR',
              link: '/admin/orders?order=31',
              action: { label: 'Registrar troca', link: '/admin/orders?order=31&adjust=exchange' },
            },
            {
              kind: 'unit',
              id: '490154203237518',
              title: 'IMEI 490154203237518',
              subtitle: 'Galaxy S24 · Em estoque',
              link: null,
            },
          ],
        },
      },
    });
    const user = userEvent.setup();
    signInAs(['bo:manage:dashboard', 'bo:manage:customers', 'bo:manage:orders'], 'Beatriz Atendente');
    const router = openApp('/admin/dashboard');
    await user.click(await screen.findByRole('button', { name: 'Pesquisar' }, { timeout: 15_000 }));
    const palette = await screen.findByRole('dialog', { name: 'Pesquisar' }, { timeout: 15_000 });
    await user.type(within(palette).getByRole('combobox'), '35693803');
    await within(palette).findByRole('option', { name: /Registrar troca/ });
    const options = within(palette)
      .getAllByRole('option')
      .slice(0, 3)
      .map((o) => o.textContent);
    expect(options).toEqual([
      'AparelhoIMEI 356938035643809Galaxy S24 · Vendido · Pedido FNZ-4TR',
      'AçãoRegistrar trocaIMEI 356938035643809',
      'AparelhoIMEI 490154203237518Galaxy S24 · Em estoqueSó para consulta: nenhuma das suas telas abre este registro.',
    ]);
    // The phone in stock: Enter leaves the palette open, nowhere to go.
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(screen.getByRole('dialog', { name: 'Pesquisar' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/admin/dashboard');
    await user.keyboard('{ArrowUp}{Enter}');
    await waitFor(() =>
      expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
        '/admin/orders?order=31&adjust=exchange',
      ),
    );
  });
});
