import type { Notification } from '@backoffice/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { mockApi } from '../../test/contract';
import { type MockCall, renderPage, signInAs } from '../../test/render';
import { NotificationsBell, relativeTime } from './notifications-bell';

const NOW = Date.now();
const ago = (minutes: number) => new Date(NOW - minutes * 60_000).toISOString();

const ITEMS: Notification[] = [
  {
    id: 'customer:7',
    kind: 'customer_waiting',
    title: 'Cliente aguardando aprovação',
    body: 'Joana Sino (joana@example.com) se cadastrou e aguarda aprovação.',
    link: '/admin/customers?customer=joana%40example.com',
    createdAt: ago(5),
    readAt: null,
  },
  {
    id: 'order-late:12:1:1700000000',
    kind: 'order_late',
    title: 'Pedido atrasado: Aguardando estoquista',
    body: 'Pedido QZX-7KP está há 2 h 15 min em Aguardando estoquista (limite 2 h).',
    link: '/admin/orders?order=12',
    createdAt: ago(15),
    readAt: ago(10),
  },
];

describe('NotificationsBell', () => {
  let calls: MockCall[];
  let unread: number;
  beforeEach(() => {
    signInAs(['bo:manage:customers', 'bo:manage:orders'], 'Beatriz Atendente', 1);
    unread = 1;
    calls = mockApi({
      'GET /api/notifications': () => ({
        body: { data: ITEMS.map((n) => (unread === 0 ? { ...n, readAt: n.readAt ?? ago(0) } : n)), unread },
      }),
      'PATCH /api/notifications/read': () => {
        unread = 0;
        return { body: { unread: 0 } };
      },
    });
  });

  it('names the bell with the number its badge shows, past 99 too (axe: the name holds the visible text)', async () => {
    unread = 102;
    renderPage(<NotificationsBell />);
    const bell = await screen.findByRole('button', { name: 'Notificações: 102' });
    expect(bell.textContent).toBe('102');
  });

  it('shows 999+ past 999, in its name as on its badge', async () => {
    unread = 1000;
    renderPage(<NotificationsBell />);
    const bell = await screen.findByRole('button', { name: 'Notificações: 999+' });
    expect(bell.textContent).toBe('999+');
  });

  it('shows the unread count, lists the items with the unread marked, and a click marks it read and opens its screen', async () => {
    const { router } = renderPage(<NotificationsBell />, { extraPaths: ['/admin/customers'] });
    const bell = await screen.findByRole('button', { name: 'Notificações: 1' });
    await userEvent.click(bell);
    const menu = await screen.findByRole('menu', { name: 'Notificações' });
    const items = within(menu).getAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Não lida: Cliente aguardando aprovaçãoJoana Sino (joana@example.com) se cadastrou e aguarda aprovação.há 5 min',
      'Pedido atrasado: Aguardando estoquistaPedido QZX-7KP está há 2 h 15 min em Aguardando estoquista (limite 2 h).há 15 min',
    ]);
    await userEvent.click(items[0] as HTMLElement);
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/customers'));
    expect(router.state.location.search).toBe('?customer=joana%40example.com');
    const patch = calls.find((c) => c.method === 'PATCH');
    expect(patch?.body).toEqual({ ids: ['customer:7'] });
  });

  it("'Marcar todas como lidas' sends all and the badge goes to 0", async () => {
    renderPage(<NotificationsBell />);
    await userEvent.click(await screen.findByRole('button', { name: 'Notificações: 1' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Marcar todas como lidas' }));
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ all: true });
    expect(await screen.findByRole('button', { name: 'Notificações: 0', hidden: true })).toBeTruthy();
  });

  it('says so when there is nothing', async () => {
    mockApi({ 'GET /api/notifications': { body: { data: [], unread: 0 } } });
    renderPage(<NotificationsBell />);
    await userEvent.click(await screen.findByRole('button', { name: 'Notificações: 0' }));
    expect(await screen.findByText('Nenhuma notificação por aqui.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Marcar todas como lidas' }) as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('relativeTime', () => {
  it('says how long ago, then the date after a week', () => {
    const now = Date.UTC(2026, 10, 23, 15, 0);
    expect(relativeTime(new Date(now - 30_000).toISOString(), now)).toBe('agora');
    expect(relativeTime(new Date(now - 59 * 60_000).toISOString(), now)).toBe('há 59 min');
    expect(relativeTime(new Date(now - 60 * 60_000).toISOString(), now)).toBe('há 1 h');
    expect(relativeTime(new Date(now - 2 * 86_400_000).toISOString(), now)).toBe('há 2 dias');
    // 10 days before 23/11 15:00 UTC is 13/11, 12:00 in São Paulo.
    expect(relativeTime(new Date(now - 10 * 86_400_000).toISOString(), now)).toBe('13/11/2026');
  });
});
