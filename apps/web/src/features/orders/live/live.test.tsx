import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/app-providers';
import { createQueryClient } from '../../../app/query-client';
import { setSignedOutHandler } from '../../../lib/api-client';
import { signInAs } from '../../../test/render';
import { NewOrdersBadge, NewOrdersMenuIcon, useMenuLabel } from './new-orders-badge';
import { OrderSoundToggle } from './order-sound-toggle';
import { fakeAudio, fakeEventServer, notificationEvent, orderEvent } from './test-stream';
import { REFRESH_DELAY_MS, useOrderEvents } from './use-order-events';

const created = (id: number, attendantId: number | null = null) => ({
  kind: 'created',
  id,
  code: `NEW-${id}`,
  status: 1,
  previousStatus: null,
  attendantId,
});
const changed = (id: number) => ({ kind: 'changed', id, code: `OLD-${id}`, status: 7, previousStatus: 1 });

/** The pieces the shell mounts (hook, badge, toggle) around two pages. */
function Shell() {
  useOrderEvents();
  const menuLabel = useMenuLabel('Abrir menu');
  return (
    <div>
      <button type="button" aria-label={menuLabel}>
        <NewOrdersMenuIcon>≡</NewOrdersMenuIcon>
      </button>
      <a href="/admin/orders">
        Pedidos
        <NewOrdersBadge />
      </a>
      <OrderSoundToggle />
      <Outlet />
    </div>
  );
}

function openShell(path = '/admin/dashboard') {
  const queryClient = createQueryClient();
  // What the screens have loaded: orders (list and cards), the dashboard, and something unrelated.
  const load = () => {
    for (const key of [
      ['orders', 'list', { status: 1 }],
      ['orders', 'status'],
      ['dashboard', 'cards'],
      ['customers', 'list'],
    ]) {
      queryClient.setQueryData(key, { data: [] });
    }
  };
  load();
  const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
  const stale = (key: unknown[]) => queryClient.getQueryState(key)?.isInvalidated;
  /** The stream open and what its opening read again read (the data loaded afresh, the spy cleared). */
  const opened = async () => {
    await waitFor(() => expect(invalidate).toHaveBeenCalledTimes(3));
    load();
    invalidate.mockClear();
  };
  const router = createMemoryRouter(
    [
      {
        path: '/admin',
        element: <Shell />,
        children: [
          { path: 'dashboard', element: <p>Painel</p> },
          { path: 'orders', element: <p>Lista de pedidos</p> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { router, invalidate, stale, opened };
}

describe('live updates of the orders in the shell', () => {
  it('the stream refused with 401 (the session ended elsewhere) signs out', async () => {
    const signedOut = vi.fn();
    setSignedOutHandler(signedOut);
    signInAs(['bo:manage:orders']);
    const server = fakeEventServer(401);
    openShell();
    await waitFor(() => expect(signedOut).toHaveBeenCalledOnce());
    expect(localStorage.getItem('token')).toBeNull();
    expect(server.fetchMock).toHaveBeenCalledOnce();
  });

  it('a 401 for the token this tab just replaced (its own password change) does not sign out', async () => {
    const signedOut = vi.fn();
    setSignedOutHandler(signedOut);
    signInAs(['bo:manage:orders'], 'Ana Antes');
    const server = fakeEventServer();
    const open = server.fetchMock.getMockImplementation() as NonNullable<
      ReturnType<typeof server.fetchMock.getMockImplementation>
    >;
    let first = true;
    server.fetchMock.mockImplementation(async (url, init) => {
      if (!first) return open(url, init);
      first = false;
      // The new token arrives while the old one's stream is refused.
      signInAs(['bo:manage:orders'], 'Ana Depois');
      return new Response(JSON.stringify({ errors: ['x'] }), { status: 401 });
    });
    openShell();
    await waitFor(() => expect(server.streams).toHaveLength(1));
    expect(server.latest()?.headers.Authorization).toBe(`Bearer ${localStorage.getItem('token')}`);
    expect(signedOut).not.toHaveBeenCalled();
  });

  it('the stream open reads again the orders, the dashboard and the bell: what changed before it opened is not lost', async () => {
    signInAs(['bo:manage:orders', 'bo:manage:dashboard']);
    const server = fakeEventServer();
    const { invalidate, stale } = openShell();
    await waitFor(() => expect(invalidate).toHaveBeenCalledTimes(3));
    expect(server.fetchMock).toHaveBeenCalledOnce();
    expect(invalidate.mock.calls.map(([filters]) => filters?.queryKey)).toEqual([
      ['orders'],
      ['dashboard'],
      ['notifications'],
    ]);
    expect(stale(['orders', 'list', { status: 1 }])).toBe(true);
    expect(stale(['orders', 'status'])).toBe(true);
    expect(stale(['dashboard', 'cards'])).toBe(true);
    expect(stale(['customers', 'list'])).toBe(false);
  });

  it('a burst of changes refreshes the orders and the dashboard once, and nothing else (the bell has its own notice)', async () => {
    signInAs(['bo:manage:orders', 'bo:manage:dashboard']);
    const server = fakeEventServer();
    const { invalidate, stale, opened } = openShell();
    await opened();
    server.latest()?.send(orderEvent(changed(1)) + orderEvent(changed(2)) + orderEvent(changed(3)));
    await waitFor(() => expect(stale(['orders', 'status'])).toBe(true), { timeout: REFRESH_DELAY_MS + 2000 });
    expect(stale(['orders', 'list', { status: 1 }])).toBe(true);
    expect(stale(['dashboard', 'cards'])).toBe(true);
    expect(stale(['customers', 'list'])).toBe(false);
    // Three events, one refresh: the orders once, the dashboard once. Not the bell (issue 36: twenty screens
    // rereading it on every move of any order): a move that changes it comes with a `notification` notice.
    expect(invalidate.mock.calls.map(([filters]) => filters?.queryKey)).toEqual([['orders'], ['dashboard']]);
    invalidate.mockClear();
    server.latest()?.send(notificationEvent + notificationEvent);
    await waitFor(() => expect(invalidate).toHaveBeenCalled(), { timeout: REFRESH_DELAY_MS + 2000 });
    // Two notices, one refresh: the bell, and the orders (a confirmed Pix marks its order without changing it).
    expect(invalidate.mock.calls.map(([filters]) => filters?.queryKey)).toEqual([['notifications'], ['orders']]);
    // A change is no new order: no badge.
    expect(screen.queryByTestId('new-orders-badge')).toBeNull();
  });

  it("a notification (a Pix arrived…) refreshes the bell and the orders, whose rows may say 'Pix recebido'; not the dashboard", async () => {
    signInAs(['bo:manage:orders', 'bo:manage:dashboard']);
    const server = fakeEventServer();
    const { invalidate, stale, opened } = openShell();
    await opened();
    server.latest()?.send('event: notification\ndata: {}\n\n');
    await waitFor(() => expect(stale(['orders', 'status'])).toBe(true), { timeout: REFRESH_DELAY_MS + 2000 });
    expect(stale(['orders', 'list', { status: 1 }])).toBe(true);
    expect(stale(['dashboard', 'cards'])).toBe(false);
    expect(invalidate.mock.calls.map(([filters]) => filters?.queryKey)).toEqual([['notifications'], ['orders']]);
  });

  it('new orders add to the Pedidos badge, which the orders screen clears', async () => {
    signInAs(['bo:manage:orders']);
    const server = fakeEventServer();
    const { router, invalidate, opened } = openShell();
    await opened();
    server.latest()?.send(orderEvent(created(10)) + orderEvent(changed(4)) + orderEvent(created(11)));
    const link = await screen.findByRole('link', { name: /^Pedidos\s*\(2 novos pedidos\)$/ });
    expect(link.querySelector('[data-testid="new-orders-badge"]')?.textContent).toBe('2');
    // On a phone the sidebar is behind the menu button, which shows the count too.
    expect(screen.getByRole('button', { name: 'Abrir menu (2 novos pedidos)' }).textContent).toBe('≡2');
    await act(() => router.navigate('/admin/orders'));
    expect(screen.getByText('Lista de pedidos')).toBeTruthy();
    expect(screen.queryByTestId('new-orders-badge')).toBeNull();
    expect(screen.getByRole('link', { name: 'Pedidos' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Abrir menu' })).toBeTruthy();
    // On the orders screen a new order shows in the list itself: no badge. The sentinel is the refresh
    // that event schedules (after the first burst's own refresh), so the event has been handled.
    await waitFor(() => expect(invalidate).toHaveBeenCalled(), { timeout: REFRESH_DELAY_MS + 2000 });
    invalidate.mockClear();
    server.latest()?.send(orderEvent(created(12)));
    await waitFor(() => expect(invalidate).toHaveBeenCalled(), { timeout: REFRESH_DELAY_MS + 2000 });
    expect(screen.queryByTestId('new-orders-badge')).toBeNull();
  });

  it("the attendant's own sale refreshes the lists but adds no badge; a colleague's sale does", async () => {
    // The fake token's `sub` is employee 1.
    signInAs(['bo:manage:orders', 'bo:manage:dashboard']);
    const server = fakeEventServer();
    const { stale, opened } = openShell();
    await opened();
    server.latest()?.send(orderEvent(created(30, 1)));
    await waitFor(() => expect(stale(['orders', 'status'])).toBe(true), { timeout: REFRESH_DELAY_MS + 2000 });
    expect(screen.queryByTestId('new-orders-badge')).toBeNull();
    server.latest()?.send(orderEvent(created(31, 2)));
    const link = await screen.findByRole('link', { name: /^Pedidos\s*\(1 novo pedido\)$/ });
    expect(link.querySelector('[data-testid="new-orders-badge"]')?.textContent).toBe('1');
  });

  it('sound is off by default; once turned on (remembered) a new order beeps, a change does not', async () => {
    signInAs(['bo:manage:orders']);
    const audio = fakeAudio();
    const server = fakeEventServer();
    const { opened } = openShell();
    await opened();
    server.latest()?.send(orderEvent(created(20)));
    await screen.findByRole('link', { name: /^Pedidos\s*\(1 novo pedido\)$/ });
    expect(audio.started).toEqual([]);

    const toggle = screen.getByRole('button', { name: 'Ativar som de novos pedidos' });
    fireEvent.click(toggle);
    expect(localStorage.getItem('orderEventsSound')).toBe('on');
    // Turning it on plays the beep once (two tones), so the user hears what is coming.
    expect(audio.started).toEqual([880, 1320]);
    expect(screen.getByRole('button', { name: 'Desativar som de novos pedidos' })).toBeTruthy();

    // A change, then three new orders at once: one beep (two tones), not three.
    server.latest()?.send(orderEvent(changed(5)));
    server.latest()?.send(orderEvent(created(21)) + orderEvent(created(23)) + orderEvent(created(24)));
    await screen.findByRole('link', { name: /^Pedidos\s*\(4 novos pedidos\)$/ });
    expect(audio.started).toEqual([880, 1320, 880, 1320]);

    fireEvent.click(screen.getByRole('button', { name: 'Desativar som de novos pedidos' }));
    expect(localStorage.getItem('orderEventsSound')).toBeNull();
    server.latest()?.send(orderEvent(created(22)));
    await screen.findByRole('link', { name: /^Pedidos\s*\(5 novos pedidos\)$/ });
    expect(audio.started).toHaveLength(4);
  });

  it('a role that reads no orders gets neither the stream nor the sound switch', async () => {
    signInAs(['bo:manage:customers']);
    const server = fakeEventServer();
    openShell();
    await screen.findByText('Painel');
    // The stream opens in the shell's effect, which has run once the page shows (see the stocker below).
    expect(server.fetchMock).not.toHaveBeenCalled();
    expect(screen.queryByRole('button', { name: 'Ativar som de novos pedidos' })).toBeNull();
  });

  it('a stocker (products) follows the orders too', async () => {
    signInAs(['bo:manage:products', 'bo:manage:dashboard']);
    const server = fakeEventServer();
    openShell();
    await waitFor(() => expect(server.fetchMock).toHaveBeenCalledTimes(1));
    expect(screen.getByRole('button', { name: 'Ativar som de novos pedidos' })).toBeTruthy();
  });
});
