import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../../../app/query-client';
import { mockFetch, signInAs } from '../../../test/render';
import { prefetchFirstTasks, useTasks } from './tasks-api';

describe('the first task list asked for early (decision 0025)', () => {
  it("gives the page's query the answer already asked for; the next read and another page ask the server", async () => {
    signInAs(['bo:manage:orders'], 'Diego Motoboy', 2);
    let served = 0;
    const calls = mockFetch({
      'GET /api/orders/tasks': () => {
        served += 1;
        return { body: { kind: 'delivery', kinds: ['delivery'], orders: [], total: served } };
      },
    });
    const queryClient = createQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    );
    prefetchFirstTasks(queryClient);
    expect(calls.map((call) => call.url)).toEqual(['/api/orders/tasks?page=0']);

    const first = renderHook(() => useTasks(undefined, 0), { wrapper });
    await waitFor(() => expect(first.result.current.data?.total).toBe(1));
    expect(calls).toHaveLength(1);

    await act(() => first.result.current.refetch());
    await waitFor(() => expect(first.result.current.data?.total).toBe(2));
    expect(calls).toHaveLength(2);

    const second = renderHook(() => useTasks(undefined, 1), { wrapper });
    await waitFor(() => expect(second.result.current.data?.total).toBe(3));
    expect(calls.map((call) => call.url)).toEqual([
      '/api/orders/tasks?page=0',
      '/api/orders/tasks?page=0',
      '/api/orders/tasks?page=1',
    ]);
  });
});
