import type { OrderStatusCount, OrderSummary } from '@backoffice/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeOrderSummary } from '../../../components/orders/test-data';
import { mockApi } from '../../../test/contract';
import { type MockCall, renderPage, signInAs } from '../../../test/render';
import OrdersPage from './orders-page';

/** The orders page against a fake API of orders by status, for orders-page.test.tsx and orders-page.*.test.tsx. */

const PROFILE = {
  id: 2,
  name: 'Beatriz Atendente',
  email: 'atendente@demo.com.br',
  phone: '11976543210',
  document: '39053344705',
  type: 'Atendente',
  role: { id: 2, name: 'Atendimento' },
  permissions: [{ key: 'bo:manage:orders', label: 'Gerenciar pedidos e ver as configurações' }],
};

const LABELS: Record<number, string> = {
  3: 'Aguardando motoboy',
  5: 'Entregue',
  7: 'Cancelado',
  10: 'Aguardando comprovante',
  11: 'Aguardando aprovação',
  13: 'Finalizados',
  15: 'Entrega imediata',
  17: 'Aguardando aprovação de crédito',
};

export function order(orderId: number, statusKey: number, overrides: Partial<OrderSummary> = {}): OrderSummary {
  return makeOrderSummary({
    orderId,
    code: `AB${orderId}-X`,
    customer: `Cliente ${orderId}`,
    statusKey,
    status: LABELS[statusKey] ?? 'Finalizados',
    updatedAt: '2026-03-05T14:07:09.000Z',
    ...overrides,
  });
}

/** Every status the server counts (key 14 does not exist). */
const STATUS_KEYS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 15, 16, 17];

/** The server's lists by status; quantities of the cards follow them. */
export type Lists = Record<number, OrderSummary[]>;

function counts(lists: Lists): OrderStatusCount[] {
  return STATUS_KEYS.map((key) => {
    const waiting = (lists[key] ?? []).filter((o) => o.pixWaiting).length;
    return {
      key,
      status: LABELS[key] ?? `Status ${key}`,
      quantity: lists[key]?.length ?? 0,
      ...(waiting > 0 ? { pixWaiting: waiting } : {}),
    };
  });
}

const query = (call: MockCall) => new URL(call.url, 'http://localhost').searchParams;
export const listCalls = (calls: MockCall[], status: number) =>
  calls
    .filter((c) => c.method === 'GET' && c.url.startsWith(`/api/orders/status/${status}?`))
    .map((c) => `page=${query(c).get('page')} items=${query(c).get('items')}`);
export const countCalls = (calls: MockCall[]) => calls.filter((c) => c.url === '/api/orders/status').length;
export const sent = (calls: MockCall[], method: string, path: string) =>
  calls.filter((c) => c.method === method && c.url === `/api${path}`);

export function openPage(
  lists: Lists,
  extra: Parameters<typeof mockApi>[0] = {},
  url?: string,
  permissions: string[] = ['bo:manage:orders'],
) {
  // The token carries the function (1 Atendente): the screen reads it from the session.
  signInAs(permissions, 'Beatriz Atendente', 1);
  const routes: Parameters<typeof mockApi>[0] = {
    'GET /api/accounts/me': { body: { data: PROFILE } },
    'GET /api/orders/status': () => ({ body: { data: counts(lists) } }),
    ...extra,
  };
  for (const key of STATUS_KEYS)
    routes[`GET /api/orders/status/${key}`] = (call) => {
      const items = Number(query(call).get('items'));
      const page = Number(query(call).get('page'));
      const list = lists[key] ?? [];
      return { body: { orders: list.slice(page * items, page * items + items), total: list.length } };
    };
  const calls = mockApi(routes);
  const user = userEvent.setup();
  renderPage(<OrdersPage />, { path: '/admin/orders', url });
  return { user, calls };
}

export async function selectRow(user: ReturnType<typeof userEvent.setup>, customer: string) {
  const row = (await screen.findByText(customer)).closest('[role="row"]') as HTMLElement;
  await user.click(within(row).getByRole('checkbox'));
}

export const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;
