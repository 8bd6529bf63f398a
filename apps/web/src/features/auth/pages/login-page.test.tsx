import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { getSession } from '../../../lib/session';
import { mockApi } from '../../../test/contract';
import { fakeToken, mockFetch, renderPage } from '../../../test/render';
import LoginPage from './login-page';

const LANDINGS = ['/admin/dashboard', '/admin/orders', '/admin/products', '/forgot-password'];

function setup() {
  const user = userEvent.setup();
  const view = renderPage(<LoginPage />, { extraPaths: LANDINGS });
  return { user, ...view };
}

describe('Login', () => {
  it('shows the title, fields, button and the recovery link', () => {
    setup();
    expect(screen.getByRole('heading', { name: 'BackOffice - Acesso Restrito' })).toBeTruthy();
    expect(screen.getByLabelText('Email')).toBeTruthy();
    expect(screen.getByLabelText('Senha')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Esqueceu a senha?' }).getAttribute('href')).toBe('/forgot-password');
  });

  it('says the e-mail is required or invalid and keeps Entrar disabled while invalid', async () => {
    const { user } = setup();
    const button = screen.getByRole('button', { name: 'Entrar' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);

    await user.click(screen.getByLabelText('Email'));
    await user.tab();
    expect(await screen.findByText('Informe o endereço de e-mail')).toBeTruthy();

    await user.type(screen.getByLabelText('Email'), 'ana@');
    expect(await screen.findByText('Informe um e-mail válido')).toBeTruthy();
    await user.type(screen.getByLabelText('Senha'), 'demo1234');
    expect(button.disabled).toBe(true);

    await user.type(screen.getByLabelText('Email'), 'demo.com.br');
    await waitFor(() => expect(button.disabled).toBe(false));
    expect(screen.queryByText('Informe um e-mail válido')).toBeNull();
  });

  it('shows the first server error', async () => {
    mockApi({
      'POST /api/accounts/signin': {
        status: 401,
        body: { errors: ['E-mail ou senha inválidos.', 'outro'], code: 'INVALID_CREDENTIALS' },
      },
    });
    const { user } = setup();
    await user.type(screen.getByLabelText('Email'), 'ana@demo.com.br');
    await user.type(screen.getByLabelText('Senha'), 'errada');
    await user.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(await screen.findByText('E-mail ou senha inválidos.')).toBeTruthy();
    expect(screen.queryByText('outro')).toBeNull();
    expect(getSession()).toBeNull();
  });

  it('says there is no connection when the server cannot be reached (decision 0004)', async () => {
    mockApi({ 'POST /api/accounts/signin': 'network-error' });
    const { user } = setup();
    await user.type(screen.getByLabelText('Email'), 'ana@demo.com.br');
    await user.type(screen.getByLabelText('Senha'), 'demo1234');
    await user.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(await screen.findByText('Sem conexão com o servidor. Tente novamente.')).toBeTruthy();
    expect(getSession()).toBeNull();
  });

  it('shows the instability text when the server gives no message', async () => {
    // A proxy's answer, not the API's: no envelope.
    mockFetch({ 'POST /api/accounts/signin': { status: 502, body: {} } });
    const { user } = setup();
    await user.type(screen.getByLabelText('Email'), 'ana@demo.com.br');
    await user.type(screen.getByLabelText('Senha'), 'demo1234');
    await user.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(
      await screen.findByText(
        'Estamos passando por um momento de instabilidade. Por favor, tente novamente mais tarde.',
      ),
    ).toBeTruthy();
  });

  it('stores the session and opens the first page the permissions allow', async () => {
    const permissions = ['bo:manage:internal_sales', 'bo:manage:orders', 'bo:manage:dashboard'];
    const calls = mockApi({
      'POST /api/accounts/signin': {
        body: { data: { accessToken: fakeToken('Beatriz', permissions), expires: Date.now() + 3600_000, permissions } },
      },
    });
    const { user, router } = setup();
    await user.type(screen.getByLabelText('Email'), ' Bia@Demo.com.br ');
    await user.type(screen.getByLabelText('Senha'), 'demo1234');
    await user.click(screen.getByRole('button', { name: 'Entrar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/orders'));
    expect(calls[0]?.body).toEqual({ email: 'bia@demo.com.br', password: 'demo1234' });
    expect(localStorage.getItem('permissions')).toBe(permissions.join(','));
    expect(getSession()?.name).toBe('Beatriz');
  });

  it("follows 'Esqueceu a senha?' inside the app, the typed e-mail not sent anywhere", async () => {
    const calls = mockApi({});
    const { user, router } = setup();
    await user.type(screen.getByLabelText('Email'), 'ana@demo.com.br');
    await user.click(screen.getByRole('link', { name: 'Esqueceu a senha?' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/forgot-password'));
    expect(screen.getByText('page /forgot-password')).toBeTruthy();
    expect(calls).toHaveLength(0);
  });
});
