import type { OrderSummary, TaskList, TaskOrder } from '@backoffice/contract';
import type { QueryKey } from '@tanstack/react-query';
import { act, renderHook, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../app/app-providers';
import { createQueryClient } from '../../app/query-client';
import { mockFetch, signInAs } from '../../test/render';
import { orderKeys, ordersKeys } from './order-keys';
import { makeOrderSummary } from './test-data';
import { useOrderMove } from './use-order-move';

const ON_THE_ROAD: OrderSummary = makeOrderSummary({
  orderId: 4,
  code: 'K1L-2M3',
  status: 'Em entrega',
  statusKey: 4,
  deliveryType: 1,
  delivererId: 1,
  updatedAt: '2026-11-20T13:05:00.000Z',
});
const TASK: TaskOrder = {
  ...ON_THE_ROAD,
  actions: ['deliver', 'customerAbsent'],
  items: [{ productId: 7, name: 'Capa iPhone 15', quantity: 1, serialized: false }],
  customerPhone: '11988887777',
  address: {
    street: null,
    number: null,
    complement: null,
    neighborhood: null,
    city: null,
    state: null,
    zipCode: null,
  },
};
const OTHER: TaskOrder = { ...TASK, orderId: 5, code: 'P4Q-5R6' };
const TASKS: TaskList = { kind: 'delivery', kinds: ['delivery'], orders: [TASK, OTHER], total: 2 };

/** The caches of the screens: the moved order's, another order's, and the task list. */
function setUp() {
  // The courier (function 2, employee 1, the fake token's `sub`): his token carries both.
  signInAs(['bo:manage:orders'], 'Diego Motoboy', 2);
  const queryClient = createQueryClient();
  const keys: Record<string, QueryKey> = {
    lists: ordersKeys.list({ status: 4, page: 0, items: 10 }),
    counts: orderKeys.statusCounts,
    detail: ordersKeys.detail(4),
    history: orderKeys.history(4),
    signature: orderKeys.pictures('signature', 4),
    receipt: orderKeys.pictures('receipt', 4),
    otherDetail: ordersKeys.detail(5),
    pix: ordersKeys.other('pix', 4),
    tasks: orderKeys.tasks('delivery', 0),
  };
  for (const [name, key] of Object.entries(keys)) queryClient.setQueryData(key, name === 'tasks' ? TASKS : { name });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <AppProviders queryClient={queryClient}>{children}</AppProviders>
  );
  const invalidated = () =>
    Object.entries(keys)
      .filter(([, key]) => queryClient.getQueryState(key)?.isInvalidated)
      .map(([name]) => name);
  return { queryClient, keys, wrapper, invalidated };
}

describe('useOrderMove', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("delivers through the registry's call, puts the server's order in the task list and invalidates exactly what moved", async () => {
    const { queryClient, keys, wrapper, invalidated } = setUp();
    const delivered = { ...ON_THE_ROAD, status: 'Entregue', statusKey: 5, updatedAt: '2026-11-20T14:00:00.000Z' };
    const calls = mockFetch({ 'PATCH /api/workflow/order/deliver': { body: { data: delivered } } });
    const closed = vi.fn();
    const { result } = renderHook(() => useOrderMove('deliver', { onSuccess: closed }), { wrapper });

    act(() => result.current.mutate({ order: TASK, signature: 'data:image/png;base64,AAAA' }));

    expect(await screen.findByText('Pedido alterado com sucesso.')).toBeTruthy();
    expect(calls.map((c) => [c.method, c.url, c.body])).toEqual([
      [
        'PATCH',
        '/api/workflow/order/deliver',
        {
          orderId: 4,
          signature: 'data:image/png;base64,AAAA',
          expectedStatus: 4,
          expectedUpdatedAt: '2026-11-20T13:05:00.000Z',
        },
      ],
    ]);
    expect(closed).toHaveBeenCalledWith(delivered);
    // Delivered, the order has no move of the delivery kind left for the courier: it leaves his list at once.
    const tasks = queryClient.getQueryData<TaskList>(keys.tasks as QueryKey);
    expect(tasks?.orders.map((o) => o.code)).toEqual(['P4Q-5R6']);
    expect(tasks?.total).toBe(1);
    // Its status pages, the cards, the task lists, its details, history and signature; not what stayed.
    await waitFor(() => expect(invalidated()).toEqual(['lists', 'counts', 'detail', 'history', 'signature', 'tasks']));
  });

  it('collecting keeps the card, with its new status and moves, from the server’s answer', async () => {
    const { queryClient, keys, wrapper } = setUp();
    const packed = { ...TASK, status: 'Aguardando motoboy', statusKey: 3, delivererId: null, actions: ['withdraw'] };
    queryClient.setQueryData<TaskList>(keys.tasks as QueryKey, { ...TASKS, orders: [packed as TaskOrder] });
    const collected = { ...ON_THE_ROAD, delivererId: 1, updatedAt: '2026-11-20T14:00:00.000Z' };
    mockFetch({ 'PATCH /api/workflow/order/withdraw': { body: { data: collected } } });
    const { result } = renderHook(() => useOrderMove('withdraw'), { wrapper });

    act(() => result.current.mutate({ order: packed as TaskOrder }));

    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    const card = queryClient.getQueryData<TaskList>(keys.tasks as QueryKey)?.orders[0];
    expect(card).toMatchObject({ statusKey: 4, status: 'Em entrega', actions: ['deliver', 'customerAbsent'] });
    expect(card?.items).toEqual([{ productId: 7, name: 'Capa iPhone 15', quantity: 1, serialized: false }]);
  });

  it("a 409 gives the dialog the server's message, keeps it open and reads the order's lists again; a 400 reads nothing", async () => {
    const { wrapper, invalidated } = setUp();
    const stale = 'Este pedido foi alterado por outra pessoa enquanto você o via (agora está em "Entregue").';
    let answer = { status: 409, body: { errors: [stale], code: 'STALE_DATA' } };
    mockFetch({ 'PATCH /api/workflow/order/absent': () => answer });
    const closed = vi.fn();
    const failed = vi.fn();
    const { result } = renderHook(() => useOrderMove('customerAbsent', { onSuccess: closed, onError: failed }), {
      wrapper,
    });

    act(() => result.current.mutate({ order: TASK, comment: 'Ninguém atendeu' }));
    await waitFor(() => expect(failed).toHaveBeenCalledWith(stale, expect.objectContaining({ code: 'STALE_DATA' })));
    expect(closed).not.toHaveBeenCalled();
    // Said inside the dialog (by onError), not by a snackbar that would cover the phone dialog's buttons.
    expect(screen.queryByText(stale)).toBeNull();
    await waitFor(() => expect(invalidated()).toEqual(['lists', 'counts', 'detail', 'history', 'tasks']));

    const { wrapper: fresh, invalidated: freshInvalidated } = setUp();
    answer = {
      status: 400,
      body: { errors: ['O texto pode ter no máximo 500 caracteres.'], code: 'VALIDATION_FAILED' },
    };
    const second = renderHook(() => useOrderMove('customerAbsent', { onError: failed }), { wrapper: fresh });
    act(() => second.result.current.mutate({ order: TASK, comment: 'x'.repeat(501) }));
    await waitFor(() =>
      expect(failed).toHaveBeenLastCalledWith(
        'O texto pode ter no máximo 500 caracteres.',
        expect.objectContaining({ code: 'VALIDATION_FAILED' }),
      ),
    );
    expect(freshInvalidated()).toEqual([]);
  });
});
