import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type BrowserSession,
  DEMO,
  expectAccessible,
  freshCpf,
  latestMailFor,
  login,
  openBrowser,
  screenshot,
  waitForNetworkIdle,
} from './harness';

/** Whether the page has asked for the password-strength chunk (zxcvbn-ts and its dictionaries). */
function tracksStrengthChunk(s: BrowserSession): () => boolean {
  let loaded = false;
  s.page.on('request', (request) => {
    if (/\/assets\/zxcvbn-[^/]*\.js$/.test(new URL(request.url()).pathname)) loaded = true;
  });
  return () => loaded;
}

describe('invitation: a new employee creates the password from the welcome e-mail', () => {
  let s: BrowserSession;
  beforeAll(async () => {
    s = await openBrowser();
  });
  afterAll(async () => {
    await s?.close();
  });

  it('the welcome e-mail code still works after opening Esqueceu a senha: the Criar minha senha link sets a strong password, then sign-in', async () => {
    const email = `convidada.${Date.now().toString(36)}@demo.com.br`;
    const strengthLoaded = tracksStrengthChunk(s);

    // The sign-in page does not load the password-strength dictionaries.
    await s.page.goto('/');
    await waitForNetworkIdle(s.page);
    expect(strengthLoaded()).toBe(false);

    await login(s.page, DEMO.admin);
    await s.page.goto('/admin/employees');
    await s.page.getByRole('button', { name: 'Cadastrar Funcionário' }).click();
    const dialog = s.page.getByRole('dialog');
    await dialog.getByLabel('Nome').fill('Larissa Convidada');
    await dialog.getByRole('combobox', { name: 'Função' }).click();
    await s.page.getByRole('option', { name: 'Atendente' }).click();
    await dialog.getByLabel('CPF').fill(freshCpf());
    await dialog.getByLabel('E-mail').fill(email);
    await dialog.getByLabel('Telefone').fill('(11) 97777-6666');
    await dialog.getByRole('combobox', { name: 'Regra' }).click();
    await s.page.getByRole('option', { name: 'Atendimento' }).click();
    await dialog.getByRole('button', { name: 'Cadastrar' }).click();
    await s.page.getByText('Funcionário(a) criado com sucesso.').waitFor();
    await s.page.goto('/logout');
    await s.page.waitForURL((url) => url.pathname === '/');

    const welcome = latestMailFor(email);
    const link = /Criar minha senha: (\S+)/.exec(welcome)?.[1] ?? '';
    const port = new URL(s.baseURL).port;
    expect(link).toMatch(
      new RegExp(`^http://localhost:${port}/forgot-password#code=\\d{6}&email=${encodeURIComponent(email)}$`),
    );
    const code = new URLSearchParams(new URL(link).hash.slice(1)).get('code');

    // She first follows the old instructions: 'Esqueceu a senha?' sends a recovery code…
    await s.page.getByRole('link', { name: 'Esqueceu a senha?' }).click();
    // The login page (and its own 'Email') stays on screen while the recovery page's code loads:
    // type once the recovery page shows.
    await s.page.getByRole('heading', { name: 'Recuperar senha' }).waitFor();
    await s.page.getByLabel('Email').fill(email);
    await s.page.getByRole('button', { name: 'Enviar' }).click();
    await s.page.getByLabel('Código de redefinição').waitFor();
    await expect.poll(() => latestMailFor(email)).toContain('Recebemos um pedido para redefinir a sua senha');

    // …then opens the link of the welcome e-mail (on this server: its path and fragment).
    const { pathname, hash } = new URL(link);
    await s.page.goto(`${pathname}${hash}`);
    await s.page.getByRole('heading', { name: 'Criar minha senha' }).waitFor();
    expect(await s.page.getByLabel('Código de redefinição').inputValue()).toBe(code);
    await s.page.waitForURL((url) => url.pathname === '/forgot-password' && url.hash === '');

    const password = s.page.getByLabel('Nova Senha');
    await password.fill('aaaaaaaa');
    await password.blur();
    await s.page
      .getByText('Senha fraca, fácil de adivinhar. Caracteres repetidos, como "aaa"', { exact: false })
      .waitFor();
    expect(strengthLoaded()).toBe(true);
    expect(await s.page.getByRole('button', { name: 'Confirmar' }).isDisabled()).toBe(true);
    await screenshot(s.page, 'invitation-weak-password');
    await expectAccessible(s.page, 'Criar minha senha (senha fraca)');

    await password.fill('caderno-azul-do-porto');
    const confirm = s.page.getByRole('button', { name: 'Confirmar' });
    await expect.poll(() => confirm.isEnabled()).toBe(true);
    await confirm.click();
    await s.page.getByText('Senha alterada com sucesso. Agora você pode voltar a fazer o login.').waitFor();
    await s.page.waitForURL((url) => url.pathname === '/');

    await login(s.page, email, 'caderno-azul-do-porto');
    expect(new URL(s.page.url()).pathname).toMatch(/^\/admin\//);
  });
});
