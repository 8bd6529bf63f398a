import { AUTH_TEXTS } from '@backoffice/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../test/contract';
import { renderPage } from '../../../test/render';
import ForgotPasswordPage from './forgot-password-page';

/** The API's answer once the code is sent (the contract's message response). */
const SENT = { data: { message: AUTH_TEXTS.codeSent } };

const CODE_SENT =
  'Uma notificação de redefinição da senha foi encaminhada para o e-mail mencionado, verifique a sua caixa de entrada.';

function setup() {
  const user = userEvent.setup();
  const view = renderPage(<ForgotPasswordPage />, { path: '/forgot-password', extraPaths: ['/'] });
  return { user, ...view };
}

async function reachCodeStep(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Email'), 'bia@demo.com.br');
  await user.click(screen.getByRole('button', { name: 'Enviar' }));
  expect(await screen.findByText(CODE_SENT)).toBeTruthy();
  await screen.findByLabelText('Código de redefinição');
}

describe('Forgot password, step 1 (e-mail)', () => {
  it('validates the e-mail with the login messages and disables Enviar while invalid', async () => {
    const { user } = setup();
    const send = screen.getByRole('button', { name: 'Enviar' }) as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    expect(screen.getByRole('link', { name: 'Página de Login' }).getAttribute('href')).toBe('/');

    await user.click(screen.getByLabelText('Email'));
    await user.tab();
    expect(await screen.findByText('Informe o endereço de e-mail')).toBeTruthy();
    await user.type(screen.getByLabelText('Email'), 'bia');
    expect(await screen.findByText('Informe um e-mail válido')).toBeTruthy();
    expect(send.disabled).toBe(true);
  });

  it('sends the code request and moves to step 2 with the code-sent message', async () => {
    const calls = mockApi({
      'PATCH /api/accounts/users/forgotpassword/bia%40demo.com.br': { status: 200, body: SENT },
    });
    const { user } = setup();
    await reachCodeStep(user);
    expect(calls).toHaveLength(1);
    expect(screen.getByLabelText('Nova Senha')).toBeTruthy();
  });

  it('shows the first server error when the request fails', async () => {
    mockApi({
      'PATCH /api/accounts/users/forgotpassword/bia%40demo.com.br': {
        status: 429,
        body: { errors: ['Muitas tentativas. Aguarde.'], code: 'TOO_MANY_REQUESTS' },
      },
    });
    const { user } = setup();
    await user.type(screen.getByLabelText('Email'), 'bia@demo.com.br');
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(await screen.findByText('Muitas tentativas. Aguarde.')).toBeTruthy();
    expect(screen.queryByLabelText('Código de redefinição')).toBeNull();
  });
});

describe('Forgot password, step 2 (code and new password)', () => {
  it('requires the code and a new password of 8 characters, Confirmar disabled meanwhile', async () => {
    mockApi({ 'PATCH /api/accounts/users/forgotpassword/bia%40demo.com.br': { body: SENT } });
    const { user } = setup();
    await reachCodeStep(user);
    const confirm = screen.getByRole('button', { name: 'Confirmar' }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);

    await user.click(screen.getByLabelText('Código de redefinição'));
    await user.tab();
    expect(await screen.findByText('Informe o código que foi enviado para o seu e-mail')).toBeTruthy();
    await user.type(screen.getByLabelText('Nova Senha'), '1234');
    await user.tab();
    expect(await screen.findByText('A nova senha deve ter pelo menos 8 caracteres.')).toBeTruthy();
    expect(confirm.disabled).toBe(true);
  });

  it('changes the password, says so and returns to the login page', async () => {
    const calls = mockApi({
      'PATCH /api/accounts/users/forgotpassword/bia%40demo.com.br': { body: SENT },
      'PATCH /api/accounts/users/activate': { body: { data: { message: AUTH_TEXTS.passwordChanged } } },
    });
    const { user, router } = setup();
    await reachCodeStep(user);
    await user.type(screen.getByLabelText('Código de redefinição'), '123456');
    await user.type(screen.getByLabelText('Nova Senha'), 'nova-senha-1');
    await user.click(screen.getByRole('button', { name: 'Confirmar' }));
    expect(await screen.findByText('Senha alterada com sucesso. Agora você pode voltar a fazer o login.')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(calls[1]?.body).toEqual({ email: 'bia@demo.com.br', newPassword: 'nova-senha-1', code: '123456' });
  });

  it('shows the first server error of a wrong code and stays on step 2', async () => {
    mockApi({
      'PATCH /api/accounts/users/forgotpassword/bia%40demo.com.br': { body: SENT },
      'PATCH /api/accounts/users/activate': {
        status: 400,
        body: { errors: ['Código inválido ou expirado. Solicite um novo código.'], code: 'INVALID_CODE' },
      },
    });
    const { user } = setup();
    await reachCodeStep(user);
    await user.type(screen.getByLabelText('Código de redefinição'), '000000');
    await user.type(screen.getByLabelText('Nova Senha'), 'nova-senha-1');
    await user.click(screen.getByRole('button', { name: 'Confirmar' }));
    expect(await screen.findByText('Código inválido ou expirado. Solicite um novo código.')).toBeTruthy();
    expect(screen.getByLabelText('Código de redefinição')).toBeTruthy();
  });

  it('shows the server refusal of a weak password under Nova Senha (WEAK_PASSWORD) and stays on step 2', async () => {
    // The server also knows the employee's name: a password the form cannot fault may still be refused.
    const PERSONAL =
      'Senha fraca, fácil de adivinhar. A senha não deve conter dados pessoais, como o seu nome ou e-mail.';
    mockApi({
      'PATCH /api/accounts/users/forgotpassword/bia%40demo.com.br': { status: 200, body: SENT },
      'PATCH /api/accounts/users/activate': { status: 400, body: { errors: [PERSONAL], code: 'WEAK_PASSWORD' } },
    });
    const { user } = setup();
    await reachCodeStep(user);
    await user.type(screen.getByLabelText('Código de redefinição'), '123456');
    await user.type(screen.getByLabelText('Nova Senha'), 'beatriz-atende-no-balcao');
    const confirm = screen.getByRole('button', { name: 'Confirmar' }) as HTMLButtonElement;
    await waitFor(() => expect(confirm.disabled).toBe(false));
    await user.click(confirm);
    const field = screen.getByLabelText('Nova Senha');
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getAllByText(PERSONAL).length).toBeGreaterThanOrEqual(1);
    expect(screen.getByRole('button', { name: 'Confirmar' })).toBeTruthy();
  });

  it('a password of eight identical letters is refused before sending, with the Portuguese feedback', async () => {
    const calls = mockApi({
      'PATCH /api/accounts/users/forgotpassword/bia%40demo.com.br': { status: 200, body: SENT },
    });
    const { user } = setup();
    await reachCodeStep(user);
    await user.type(screen.getByLabelText('Código de redefinição'), '123456');
    await user.type(screen.getByLabelText('Nova Senha'), 'aaaaaaaa');
    await user.tab();
    expect(
      await screen.findByText(
        'Senha fraca, fácil de adivinhar. Caracteres repetidos, como "aaa" são fáceis de adivinhar. ' +
          'Adicione mais palavras menos comuns. Evite repetir sequências de caracteres e palavras.',
      ),
    ).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Confirmar' }) as HTMLButtonElement).disabled).toBe(true);
    // The own e-mail, too: the form knows it.
    await user.clear(screen.getByLabelText('Nova Senha'));
    await user.type(screen.getByLabelText('Nova Senha'), 'bia@demo.com.br');
    expect(await screen.findByText(/A senha não deve conter dados pessoais, como o seu nome ou e-mail\./)).toBeTruthy();
    expect(calls).toHaveLength(1);
  });

  it('refuses a new password of blanks before sending it', async () => {
    const calls = mockApi({
      'PATCH /api/accounts/users/forgotpassword/bia%40demo.com.br': { status: 200, body: SENT },
    });
    const { user } = setup();
    await reachCodeStep(user);
    await user.type(screen.getByLabelText('Nova Senha'), '          ');
    await user.tab();
    expect(await screen.findByText('A nova senha não pode ser formada só por espaços.')).toBeTruthy();
    expect(calls).toHaveLength(1);
  });
});

describe('Forgot password opened by the invitation link (Criar minha senha)', () => {
  it('opens the code step with the e-mail and the code filled, takes them off the address, and sets the password', async () => {
    const calls = mockApi({
      'PATCH /api/accounts/users/activate': { body: { data: { message: AUTH_TEXTS.passwordChanged } } },
    });
    const user = userEvent.setup();
    const { router } = renderPage(<ForgotPasswordPage />, {
      path: '/forgot-password',
      url: '/forgot-password#code=482913&email=otavio.convidado%40demo.com.br',
      extraPaths: ['/'],
    });
    expect(await screen.findByRole('heading', { name: 'Criar minha senha' })).toBeTruthy();
    expect(screen.getByText(/otavio\.convidado@demo\.com\.br/)).toBeTruthy();
    expect((screen.getByLabelText('Código de redefinição') as HTMLInputElement).value).toBe('482913');
    expect(screen.queryByLabelText('Email')).toBeNull();
    // The code does not stay in the address bar nor in the history.
    await waitFor(() => expect(router.state.location.hash).toBe(''));
    expect(router.state.location.pathname).toBe('/forgot-password');

    await user.type(screen.getByLabelText('Nova Senha'), 'caderno-azul-do-porto');
    const confirm = screen.getByRole('button', { name: 'Confirmar' }) as HTMLButtonElement;
    await waitFor(() => expect(confirm.disabled).toBe(false));
    await user.click(confirm);
    expect(await screen.findByText('Senha alterada com sucesso. Agora você pode voltar a fazer o login.')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(calls.map((call) => call.body)).toEqual([
      { email: 'otavio.convidado@demo.com.br', newPassword: 'caderno-azul-do-porto', code: '482913' },
    ]);
  });

  it('a link without a valid e-mail opens the ordinary e-mail step', async () => {
    renderPage(<ForgotPasswordPage />, { path: '/forgot-password', url: '/forgot-password#code=482913&email=x' });
    expect(await screen.findByRole('heading', { name: 'Recuperar senha' })).toBeTruthy();
    expect(screen.getByLabelText('Email')).toBeTruthy();
  });
});
