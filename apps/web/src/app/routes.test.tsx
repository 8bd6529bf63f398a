import { describe, expect, it, vi } from 'vitest';

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
