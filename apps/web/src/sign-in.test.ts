import { screen, waitFor } from '@testing-library/dom';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from './test/contract';
import { fakeToken } from './test/render';

const startApp = vi.fn();
vi.mock('./app/start', () => ({ startApp }));

/** Opens login.html at `path`: its page (`#root`) and its script, run afresh. */
async function openSignInPage(path = '/login') {
  history.replaceState(null, '', path);
  document.body.innerHTML = '<div id="root"></div>';
  vi.resetModules();
  await import('./sign-in');
}

describe('the sign-in page (login.html, decision 0025)', () => {
  beforeEach(() => startApp.mockClear());
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('draws the form without the app, the e-mail field ready to type in', async () => {
    await openSignInPage('/');
    expect(screen.getByRole('heading', { name: 'BackOffice - Acesso Restrito' })).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Email'));
    expect((screen.getByRole('button', { name: 'Entrar' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByRole('link', { name: 'Esqueceu a senha?' }).getAttribute('href')).toBe('/forgot-password');
    expect(startApp).not.toHaveBeenCalled();
  });

  it('starts the app at once for someone signed in already', async () => {
    localStorage.setItem('token', fakeToken('Ana', ['full:access']));
    localStorage.setItem('expires', String(Date.now() + 3600_000));
    localStorage.setItem('permissions', 'full:access');
    await openSignInPage('/');
    await waitFor(() => expect(startApp).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole('button', { name: 'Entrar' })).toBeNull();
    // At the first page full:access allows, so the app fetches that page's code, not the sign-in page's.
    expect(location.pathname).toBe('/admin/dashboard');
  });

  it("signs a courier in and starts the app on 'Minhas tarefas', the button spinning until then", async () => {
    const permissions = ['bo:manage:internal_sales'];
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    mockApi({
      'POST /api/accounts/signin': {
        body: {
          data: { accessToken: fakeToken('Diego', permissions, 2), expires: Date.now() + 3600_000, permissions },
        },
      },
    });
    const realFetch = globalThis.fetch;
    vi.stubGlobal('fetch', (...args: Parameters<typeof fetch>) => answered.then(() => realFetch(...args)));
    await openSignInPage('/login');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), 'Motoboy@Demo.com.br');
    await user.type(screen.getByLabelText('Senha'), 'demo1234');
    await user.click(screen.getByRole('button', { name: 'Entrar' }));

    const button = screen.getByRole('button', { name: 'Entrar' }) as HTMLButtonElement;
    expect(button.getAttribute('aria-busy')).toBe('true');
    expect(button.disabled).toBe(true);
    answer();
    await waitFor(() => expect(startApp).toHaveBeenCalledTimes(1));
    expect(window.location.pathname).toBe('/admin/tasks');
    expect(localStorage.getItem('permissions')).toBe('bo:manage:internal_sales');
    expect(button.getAttribute('aria-busy')).toBe('true');
  });

  it('keeps the typed fields and says the refusal, the app not started', async () => {
    mockApi({
      'POST /api/accounts/signin': {
        status: 401,
        body: { errors: ['E-mail ou senha inválidos.'], code: 'INVALID_CREDENTIALS' },
      },
    });
    await openSignInPage('/login');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), 'ana@demo.com.br');
    await user.type(screen.getByLabelText('Senha'), 'errada');
    await user.click(screen.getByRole('button', { name: 'Entrar' }));
    expect((await screen.findByRole('alert')).textContent).toBe('E-mail ou senha inválidos.');
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('ana@demo.com.br');
    expect((screen.getByLabelText('Senha') as HTMLInputElement).value).toBe('errada');
    expect((screen.getByRole('button', { name: 'Entrar' }) as HTMLButtonElement).disabled).toBe(false);
    expect(window.location.pathname).toBe('/login');
    expect(startApp).not.toHaveBeenCalled();
  });
});
