import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, renderPage, signInAs } from '../../test/render';
import AdminLayout from './admin-layout';

// isolated-modules: this file's module registry is its own (apps/web/vitest.config.ts), the app has not
// painted a first screen yet.
describe("the layout's background work waits for the first screen to be painted (decision 0029)", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("asks for the bell's count and opens the live channel at the browser's first idle moment, not before", async () => {
    const idle: { run: () => void; timeout: number | undefined }[] = [];
    vi.stubGlobal('requestIdleCallback', (run: () => void, options?: { timeout?: number }) => {
      idle.push({ run, timeout: options?.timeout });
      return idle.length;
    });
    signInAs(['bo:manage:orders'], 'Diego Motoboy', 2);
    const calls = mockFetch({
      'GET /api/notifications': { body: { data: [], unread: 3 } },
    });
    renderPage(<AdminLayout />, { path: '/admin/tasks' });

    // Drawn (top bar, sidebar) without a word to the server: the page's own code and data go first.
    expect(await screen.findByRole('link', { name: 'Minhas tarefas' })).toBeTruthy();
    expect(calls).toEqual([]);
    // One idle moment asked for, at most a second away.
    expect(idle.map((entry) => entry.timeout)).toEqual([1000]);

    act(() => idle[0]?.run());
    expect(await screen.findByRole('button', { name: 'Notificações: 3' })).toBeTruthy();
    await waitFor(() =>
      expect(calls.map((call) => call.url).sort()).toEqual(['/api/notifications', '/api/orders/events']),
    );
  });
});
