import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, signInAs } from '../test/render';
import { createQueryClient } from './query-client';

/** The screens whose code is watched: each records itself when it is imported. */
const SCREENS = {
  login: '../features/auth/pages/login-page',
  'forgot-password': '../features/auth/pages/forgot-password-page',
  'admin-layout': './layout/admin-layout',
  tasks: '../features/field/pages/tasks-page',
  orders: '../features/orders/pages/orders-page',
} as const;

/** What opening the app at `pathname` asks for (a fresh module registry: nothing loaded before). */
async function askedFor(pathname: string) {
  vi.resetModules();
  const asked: string[] = [];
  for (const [name, path] of Object.entries(SCREENS)) {
    vi.doMock(path, () => {
      asked.push(name);
      return { default: () => null };
    });
  }
  const { startLoadingCodeFor } = await import('./routes');
  await startLoadingCodeFor(pathname);
  return asked.sort();
}

describe('the code of the address the app opens on is asked for at once (decision 0021)', () => {
  it("a courier's phone opening 'Minhas tarefas' asks for the layout and the page together", async () => {
    expect(await askedFor('/admin/tasks')).toEqual(['admin-layout', 'tasks']);
  });

  it('the sign-in page at / and /login, and nothing else', async () => {
    expect(await askedFor('/')).toEqual(['login']);
    expect(await askedFor('/login')).toEqual(['login']);
  });

  it('another admin page with the layout; the recovery page; the layout alone at /admin', async () => {
    expect(await askedFor('/admin/orders')).toEqual(['admin-layout', 'orders']);
    expect(await askedFor('/forgot-password')).toEqual(['forgot-password']);
    expect(await askedFor('/admin')).toEqual(['admin-layout']);
  });
});

describe("'Minhas tarefas' asks for its list with its code (decision 0025)", () => {
  it('asks for the first page once, as the courier, while the code is on its way', async () => {
    const session = signInAs(['bo:manage:orders'], 'Diego Motoboy', 2);
    const calls = mockFetch({
      'GET /api/orders/tasks': { body: { kind: 'delivery', kinds: ['delivery'], orders: [], total: 0 } },
    });
    await askedFor('/admin/tasks');
    const { startLoadingCodeFor } = await import('./routes');
    await startLoadingCodeFor('/admin/tasks', createQueryClient());
    expect(calls.map((call) => call.url)).toEqual(['/api/orders/tasks?page=0']);
    expect(calls[0]?.headers.Authorization).toBe(`Bearer ${session.token}`);
  });

  it('asks nothing for someone signed out, nor for a page without known first data', async () => {
    const calls = mockFetch({});
    await askedFor('/admin/tasks');
    const { startLoadingCodeFor } = await import('./routes');
    await startLoadingCodeFor('/admin/tasks', createQueryClient());
    signInAs(['full:access']);
    await startLoadingCodeFor('/admin/orders', createQueryClient());
    expect(calls).toHaveLength(0);
  });
});

describe("the first screen waits for the courier's list with its code, at most 2 s (decision 0029)", () => {
  /** The list's request, answered when the test says. */
  function slowList() {
    let answer: () => void = () => undefined;
    const fetchMock = vi.fn(
      () =>
        new Promise<Response>((resolve) => {
          answer = () =>
            resolve(
              new Response(JSON.stringify({ kind: 'delivery', kinds: ['delivery'], orders: [], total: 0 }), {
                status: 200,
                headers: { 'Content-Type': 'application/json' },
              }),
            );
        }),
    );
    vi.stubGlobal('fetch', fetchMock);
    return { fetchMock, answer: () => answer() };
  }

  /** Opens 'Minhas tarefas' signed in as a courier; tells whether the app may draw yet. */
  async function open() {
    signInAs(['bo:manage:orders'], 'Diego Motoboy', 2);
    await askedFor('/admin/tasks');
    const { startLoadingCodeFor } = await import('./routes');
    let ready = false;
    void startLoadingCodeFor('/admin/tasks', createQueryClient()).then(() => {
      ready = true;
    });
    return () => ready;
  }

  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('draws once the list has arrived, not before', async () => {
    vi.useFakeTimers();
    const list = slowList();
    const ready = await open();
    await vi.advanceTimersByTimeAsync(1_999);
    expect(list.fetchMock).toHaveBeenCalledOnce();
    expect(ready()).toBe(false);
    list.answer();
    await vi.advanceTimersByTimeAsync(0);
    expect(ready()).toBe(true);
  });

  it('a server slow to answer: draws after 2 s, the page showing its own loader', async () => {
    vi.useFakeTimers();
    slowList();
    const ready = await open();
    await vi.advanceTimersByTimeAsync(1_999);
    expect(ready()).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(ready()).toBe(true);
  });
});
