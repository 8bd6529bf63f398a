import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { AppProviders } from '../app/app-providers';
import { createQueryClient } from '../app/query-client';
import { saveSession } from '../lib/session';

/**
 * Renders `element` at `path` inside the app's providers and a memory router; other paths show their name.
 * `url` opens another address of the route (e.g. with a query or a #fragment).
 */
export function renderPage(
  element: ReactNode,
  { path = '/', url, extraPaths = [] }: { path?: string; url?: string; extraPaths?: string[] } = {},
) {
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false, staleTime: 0 } });
  const router = createMemoryRouter(
    [{ path, element }, ...extraPaths.map((p) => ({ path: p, element: <div>page {p}</div> }))],
    { initialEntries: [url ?? path] },
  );
  const result = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...result, router, queryClient };
}

/**
 * A JWT-shaped token whose payload carries `unique_name` and, when given, the employee's `func` (the
 * signature is not checked by the web app).
 */
export function fakeToken(name = 'Ana Administradora', permissions: string[] = ['full:access'], func?: number): string {
  const encode = (value: object) =>
    btoa(String.fromCharCode(...new TextEncoder().encode(JSON.stringify(value))))
      .replace(/=+$/, '')
      .replace(/\+/g, '-')
      .replace(/\//g, '_');
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode({ sub: '1', unique_name: name, permissions, func })}.sig`;
}

/** Signs in a fake session (8 hours). */
export function signInAs(permissions: string[] = ['full:access'], name = 'Ana Administradora', func?: number) {
  return saveSession({
    accessToken: fakeToken(name, permissions, func),
    expires: Date.now() + 8 * 3600_000,
    permissions,
  });
}

export interface MockCall {
  method: string;
  url: string;
  body: unknown;
  headers: Record<string, string>;
}

type Answer = { status?: number; body?: unknown } | 'network-error';
type Handler = (call: MockCall) => Answer;

/**
 * Replaces `fetch`: `routes` maps 'METHOD /api/path' (exact, query string ignored) to a handler or a fixed
 * answer ('network-error' makes fetch reject). Unmatched calls answer 404. Returns the recorded calls.
 */
export function mockFetch(routes: Record<string, Handler | Answer>) {
  const calls: MockCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const method = (init?.method ?? 'GET').toUpperCase();
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    const call: MockCall = { method, url, body, headers: (init?.headers ?? {}) as Record<string, string> };
    calls.push(call);
    const route = routes[`${method} ${url.split('?')[0]}`];
    const answer =
      typeof route === 'function' ? route(call) : (route ?? { status: 404, body: { errors: ['Não encontrado.'] } });
    if (answer === 'network-error') throw new TypeError('Failed to fetch');
    const status = answer.status ?? 200;
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}
