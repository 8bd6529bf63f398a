import { AUTH_TEXTS, FULL_ACCESS, PERMISSIONS } from '@backoffice/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, DEMO, signIn, type TestApp } from '../../test/helpers';
import { startTestInbox, type TestInbox } from './test-inbox';

describe('sessions, profile and own password', () => {
  let t: TestApp;
  let inbox: TestInbox;

  const me = (token: string) => t.app.inject({ method: 'GET', url: '/api/accounts/me', headers: bearer(token) });
  const changePassword = (token: string, payload: object) =>
    t.app.inject({ method: 'PATCH', url: '/api/accounts/me/password', headers: bearer(token), payload });
  const signinRaw = (email: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/api/accounts/signin', payload: { email, password } });
  async function recover(email: string, newPassword: string) {
    const sent = await t.app.inject({
      method: 'PATCH',
      url: `/api/accounts/users/forgotpassword/${encodeURIComponent(email)}`,
    });
    expect(sent.statusCode).toBe(200);
    const { code } = await inbox.next(email);
    return t.app.inject({
      method: 'PATCH',
      url: '/api/accounts/users/activate',
      payload: { email, code, newPassword },
    });
  }

  beforeAll(async () => {
    inbox = await startTestInbox();
    t = await createTestApp({ smtpUrl: inbox.url });
  });
  afterAll(async () => {
    await t.close();
    await inbox.close();
  });

  it('GET /accounts/me answers the employee, its role and the labels of its permissions', async () => {
    const token = await signIn(t.app, DEMO.attendant);
    const res = await me(token);
    expect(res.statusCode).toBe(200);
    const role = await t.db
      .selectFrom('roles')
      .select('id')
      .where('name', '=', 'Atendimento')
      .executeTakeFirstOrThrow();
    expect(res.json()).toEqual({
      data: {
        id: expect.any(Number),
        name: 'Beatriz Atendente',
        email: DEMO.attendant,
        phone: expect.any(String),
        document: expect.any(String),
        type: 'Atendente',
        role: { id: role.id, name: 'Atendimento' },
        permissions: [
          { key: PERMISSIONS.dashboard, label: 'Painel de Controle' },
          { key: PERMISSIONS.customers, label: 'Gerenciar clientes' },
          { key: PERMISSIONS.orders, label: 'Gerenciar pedidos e ver as configurações' },
          { key: PERMISSIONS.internalSales, label: 'Vendas internas (em nome do cliente)' },
          { key: PERMISSIONS.invoices, label: 'Notas fiscais' },
          { key: PERMISSIONS.repairs, label: 'Assistência técnica' },
        ],
      },
    });
    expect(res.body).not.toContain('password');
    const admin = (await me(await signIn(t.app, DEMO.admin))).json().data;
    expect(admin.permissions).toEqual([{ key: FULL_ACCESS, label: 'Acesso total' }]);
    expect((await t.app.inject({ method: 'GET', url: '/api/accounts/me' })).statusCode).toBe(401);
  });

  it('closes: a token issued before a password reset still works', async () => {
    const before = await signIn(t.app, DEMO.stocker);
    expect((await me(before)).statusCode).toBe(200);
    const done = await recover(DEMO.stocker, 'girassol-azul-77');
    expect(done.statusCode).toBe(200);
    const old = await me(before);
    expect(old.statusCode).toBe(401);
    expect(old.json().code).toBe('UNAUTHENTICATED');
    expect((await me(await signIn(t.app, DEMO.stocker, 'girassol-azul-77'))).statusCode).toBe(200);
  });

  it('POST /accounts/signout ends every session of the employee; signing in again works', async () => {
    const first = await signIn(t.app, DEMO.courier);
    const second = await signIn(t.app, DEMO.courier);
    const out = await t.app.inject({ method: 'POST', url: '/api/accounts/signout', headers: bearer(first) });
    expect(out.statusCode).toBe(204);
    expect((await me(first)).statusCode).toBe(401);
    expect((await me(second)).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/accounts/signout', headers: bearer(first) })).statusCode,
    ).toBe(401);
    expect((await me(await signIn(t.app, DEMO.courier))).statusCode).toBe(200);
  });

  it('PATCH /accounts/me/password checks the current password and the rule, ends the other sessions and answers a fresh token', async () => {
    const other = await signIn(t.app, DEMO.manager);
    const token = await signIn(t.app, DEMO.manager);

    const wrong = await changePassword(token, { currentPassword: 'not-the-one', newPassword: 'lua-cheia-na-serra' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ errors: [AUTH_TEXTS.wrongPassword], code: 'WRONG_PASSWORD' });

    const common = await changePassword(token, { currentPassword: 'demo1234', newPassword: 'Senha123' });
    expect(common.statusCode).toBe(400);
    expect(common.json()).toEqual({
      errors: [
        'Senha fraca, fácil de adivinhar. Esta é uma senha comumente usada. Adicione mais palavras menos comuns. ' +
          'Use letras maiúsculas também em outras posições, não só na primeira.',
      ],
      code: 'WEAK_PASSWORD',
    });
    const ownEmail = await changePassword(token, { currentPassword: 'demo1234', newPassword: DEMO.manager });
    expect(ownEmail.json().errors[0]).toContain('A senha não deve conter dados pessoais, como o seu nome ou e-mail.');
    const tooLong = await changePassword(token, { currentPassword: 'demo1234', newPassword: 'lua-cheia'.repeat(30) });
    expect(tooLong.json()).toEqual({
      errors: ['A nova senha deve ter no máximo 200 caracteres.'],
      code: 'VALIDATION_FAILED',
    });
    const short = await changePassword(token, { currentPassword: 'demo1234', newPassword: 'abc' });
    expect(short.json()).toEqual({ errors: [AUTH_TEXTS.passwordTooShort], code: 'WEAK_PASSWORD' });
    const missing = await changePassword(token, { newPassword: 'lua-cheia-na-serra' });
    expect(missing.json()).toEqual({ errors: [AUTH_TEXTS.currentPasswordRequired], code: 'VALIDATION_FAILED' });
    expect((await me(other)).statusCode).toBe(200); // nothing changed so far

    const done = await changePassword(token, { currentPassword: 'demo1234', newPassword: 'lua-cheia-na-serra' });
    expect(done.statusCode).toBe(200);
    const fresh = done.json().data;
    expect(fresh.permissions).toEqual([
      PERMISSIONS.dashboard,
      PERMISSIONS.reports,
      PERMISSIONS.customers,
      PERMISSIONS.orders,
      PERMISSIONS.products,
      PERMISSIONS.credit,
      PERMISSIONS.invoices,
      PERMISSIONS.tradeIns,
      PERMISSIONS.repairs,
    ]);
    expect((await me(fresh.accessToken)).statusCode).toBe(200);
    expect((await me(token)).statusCode).toBe(401);
    expect((await me(other)).statusCode).toBe(401);
    expect((await signinRaw(DEMO.manager, 'demo1234')).statusCode).toBe(401);
    expect((await signinRaw(DEMO.manager, 'lua-cheia-na-serra')).statusCode).toBe(200);
    const audit = await t.db
      .selectFrom('audit_events')
      .select('action')
      .where('action', '=', 'change_password')
      .execute();
    expect(audit).toHaveLength(1);
  });

  it('a password of eight identical letters, a repeated number, blanks with a letter and the own e-mail are refused on recovery; the code still works after', async () => {
    const weak = 'Senha fraca, fácil de adivinhar.';
    const cases: [string, string][] = [
      [
        'aaaaaaaa',
        `${weak} Caracteres repetidos, como "aaa" são fáceis de adivinhar. Adicione mais palavras menos comuns. ` +
          'Evite repetir sequências de caracteres e palavras.',
      ],
      [
        '12341234',
        `${weak} Padrões de caracteres repetidos, como "abcabcabc" são fáceis de adivinhar. Adicione mais ` +
          'palavras menos comuns. Evite repetir sequências de caracteres e palavras.',
      ],
      [
        '        x',
        `${weak} Caracteres repetidos, como "aaa" são fáceis de adivinhar. Adicione mais palavras menos comuns. ` +
          'Evite repetir sequências de caracteres e palavras.',
      ],
      [
        DEMO.courier2,
        `${weak} A senha não deve conter dados pessoais, como o seu nome ou e-mail. Adicione mais palavras menos comuns.`,
      ],
      ['          ', AUTH_TEXTS.passwordBlank],
      ['1234567', AUTH_TEXTS.passwordTooShort],
    ];
    const sent = await t.app.inject({
      method: 'PATCH',
      url: `/api/accounts/users/forgotpassword/${encodeURIComponent(DEMO.courier2)}`,
    });
    expect(sent.statusCode).toBe(200);
    const { code } = await inbox.next(DEMO.courier2);
    for (const [newPassword, message] of cases) {
      const res = await t.app.inject({
        method: 'PATCH',
        url: '/api/accounts/users/activate',
        payload: { email: DEMO.courier2, code, newPassword },
      });
      expect(res.statusCode, newPassword).toBe(400);
      expect(res.json(), newPassword).toEqual({ errors: [message], code: 'WEAK_PASSWORD' });
    }
    // A wrong code is refused before the password is judged (a stranger costs no estimate), and counts a try.
    const wrongCode = await t.app.inject({
      method: 'PATCH',
      url: '/api/accounts/users/activate',
      payload: { email: DEMO.courier2, code: code === '000000' ? '111111' : '000000', newPassword: 'aaaaaaaa' },
    });
    expect(wrongCode.json()).toEqual({
      errors: ['Código inválido ou expirado. Solicite um novo código.'],
      code: 'INVALID_CODE',
    });
    expect((await signinRaw(DEMO.courier2, 'demo1234')).statusCode).toBe(200);
    // A weak password used up no try of the code: the same code still sets a good one.
    const good = await t.app.inject({
      method: 'PATCH',
      url: '/api/accounts/users/activate',
      payload: { email: DEMO.courier2, code, newPassword: 'SENHA123 de verdade' },
    });
    expect(good.statusCode).toBe(200);
    expect((await signinRaw(DEMO.courier2, 'SENHA123 de verdade')).statusCode).toBe(200);
  });

  it('sign-in never judges strength: the seeded demo password keeps working', async () => {
    expect((await signinRaw(DEMO.admin, 'demo1234')).statusCode).toBe(200);
  });
});
