import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { getSession } from '../../../lib/session';
import { fakeToken, type MockCall, mockFetch, renderPage, signInAs } from '../../../test/render';
import ProfilePage from './profile-page';

const PROFILE = {
  id: 2,
  name: 'Beatriz Atendente',
  email: 'atendente@demo.com.br',
  phone: '11976543210',
  document: '52998224725',
  type: 'Atendente',
  role: { id: 2, name: 'Atendimento' },
  permissions: [
    { key: 'bo:manage:dashboard', label: 'Painel de Controle' },
    { key: 'bo:manage:customers', label: 'Gerenciar clientes' },
  ],
};

function setup(changeAnswer: (call: MockCall) => { status?: number; body?: unknown }) {
  const calls = mockFetch({
    'GET /api/accounts/me': { body: { data: PROFILE } },
    'PATCH /api/accounts/me/password': changeAnswer,
  });
  signInAs(['bo:manage:dashboard', 'bo:manage:customers'], 'Beatriz Atendente');
  const user = userEvent.setup();
  renderPage(<ProfilePage />, { path: '/admin/profile' });
  return { calls, user };
}

async function fill(user: ReturnType<typeof userEvent.setup>, current: string, next: string, confirm = next) {
  await user.type(await screen.findByLabelText('Senha atual'), current);
  await user.type(screen.getByLabelText('Nova senha'), next);
  await user.type(screen.getByLabelText('Confirme a nova senha'), confirm);
  await user.click(screen.getByRole('button', { name: 'Alterar senha' }));
}

describe('Profile page', () => {
  it("shows the employee's data, role and permission labels", async () => {
    setup(() => ({ status: 500 }));
    expect(await screen.findByText('Beatriz Atendente')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Perfil' })).toBeTruthy();
    expect(screen.getByText('atendente@demo.com.br')).toBeTruthy();
    expect(screen.getByText('(11) 97654-3210')).toBeTruthy();
    expect(screen.getByText('529.982.247-25')).toBeTruthy();
    expect(screen.getByText('Atendimento')).toBeTruthy();
    const permissions = within(screen.getByRole('list', { name: 'Permissões' }));
    expect(permissions.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Painel de Controle',
      'Gerenciar clientes',
    ]);
  });

  it('changes the password, stores the fresh token and says so', async () => {
    const fresh = fakeToken('Beatriz Atendente', ['bo:manage:dashboard']);
    const expires = Date.now() + 8 * 3600_000;
    const { calls, user } = setup(() => ({
      body: { data: { accessToken: fresh, expires, permissions: ['bo:manage:dashboard'] } },
    }));
    await fill(user, 'demo1234', 'lua-cheia-na-serra');
    expect(
      await screen.findByText('Senha alterada com sucesso. As suas outras sessões foram encerradas.'),
    ).toBeTruthy();
    const change = calls.find((c) => c.method === 'PATCH');
    expect(change?.body).toEqual({ currentPassword: 'demo1234', newPassword: 'lua-cheia-na-serra' });
    expect(getSession()?.token).toBe(fresh);
    expect((screen.getByLabelText('Senha atual') as HTMLInputElement).value).toBe('');
  });

  it('checks the rule and the confirmation before sending', async () => {
    const { calls, user } = setup(() => ({ status: 500 }));
    await fill(user, 'demo1234', 'curta', 'curta');
    expect(await screen.findByText('A nova senha deve ter pelo menos 8 caracteres.')).toBeTruthy();
    await user.clear(screen.getByLabelText('Nova senha'));
    await user.type(screen.getByLabelText('Nova senha'), 'lua-cheia-na-serra');
    await user.clear(screen.getByLabelText('Confirme a nova senha'));
    await user.type(screen.getByLabelText('Confirme a nova senha'), 'lua-cheia-na-serrA');
    await user.click(screen.getByRole('button', { name: 'Alterar senha' }));
    expect(await screen.findByText('As senhas não conferem.')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'PATCH')).toEqual([]);
  });

  it('refuses a new password made of the own name or e-mail before sending, with the Portuguese feedback', async () => {
    const { calls, user } = setup(() => ({ status: 500 }));
    await fill(user, 'demo1234', 'beatrizatendente');
    expect(
      await screen.findByText(
        'Senha fraca, fácil de adivinhar. A senha não deve conter dados pessoais, como o seu nome ou e-mail. ' +
          'Adicione mais palavras menos comuns.',
      ),
    ).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Alterar senha' }));
    expect(calls.filter((c) => c.method === 'PATCH')).toEqual([]);
  });

  it('says why a new password is weak while it is typed, before the field is left (issue 35)', async () => {
    const { user } = setup(() => ({ status: 500 }));
    const field = await screen.findByLabelText('Nova senha');
    await user.click(field);
    await user.type(field, 'Password1');
    expect(document.activeElement).toBe(field);
    expect(
      await screen.findByText(/^Senha fraca, fácil de adivinhar\. Esta é uma senha comumente usada\./),
    ).toBeTruthy();
    await user.clear(field);
    await user.type(field, 'lua-cheia-na-serra');
    await waitFor(() => expect(screen.queryByText(/Senha fraca/)).toBeNull());
  });

  it("puts the server's WRONG_PASSWORD and WEAK_PASSWORD messages under their fields", async () => {
    let answer: { status: number; body: unknown } = {
      status: 400,
      body: { errors: ['A senha atual não confere.'], code: 'WRONG_PASSWORD' },
    };
    const { user } = setup(() => answer);
    const before = getSession()?.token;
    await fill(user, 'errada-123', 'lua-cheia-na-serra');
    expect(await screen.findByText('A senha atual não confere.')).toBeTruthy();
    expect(screen.getByLabelText('Senha atual').getAttribute('aria-invalid')).toBe('true');

    answer = {
      status: 400,
      body: {
        errors: ['Senha fraca, fácil de adivinhar. Esta é uma senha comumente usada.'],
        code: 'WEAK_PASSWORD',
      },
    };
    await user.clear(screen.getByLabelText('Senha atual'));
    await user.type(screen.getByLabelText('Senha atual'), 'demo1234');
    await user.click(screen.getByRole('button', { name: 'Alterar senha' }));
    expect(await screen.findByText('Senha fraca, fácil de adivinhar. Esta é uma senha comumente usada.')).toBeTruthy();
    await waitFor(() => expect(screen.getByLabelText('Nova senha').getAttribute('aria-invalid')).toBe('true'));
    expect(getSession()?.token).toBe(before);
  });
});
