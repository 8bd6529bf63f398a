import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { AUTH_TEXTS } from '@backoffice/contract';
import { sql } from 'kysely';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer } from '../../lib/mailer';
import { bearer, createTestApp, DEMO, signIn, type TestApp } from '../../test/helpers';
import { startTestInbox, type TestInbox } from './test-inbox';

const CODE_SENT = AUTH_TEXTS.codeSent;

/** Waits until `done()` holds (work queued after an answer), failing after 10 seconds. */
async function waitFor(done: () => boolean) {
  const deadline = Date.now() + 10_000;
  while (!done()) {
    if (Date.now() > deadline) throw new Error('waited 10 s in vain');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
const INVALID_CODE = { errors: ['Código inválido ou expirado. Solicite um novo código.'], code: 'INVALID_CODE' };

describe('password recovery API (codes received over real SMTP)', () => {
  let t: TestApp;
  let inbox: TestInbox;
  const logLines: string[] = [];

  const forgot = (email: string) =>
    t.app.inject({ method: 'PATCH', url: `/api/accounts/users/forgotpassword/${encodeURIComponent(email)}` });
  const check = (email: string, payload: unknown) =>
    t.app.inject({
      method: 'POST',
      url: `/api/accounts/users/recovery/${encodeURIComponent(email)}`,
      payload: payload as object,
    });
  const activate = (payload: unknown) =>
    t.app.inject({ method: 'PATCH', url: '/api/accounts/users/activate', payload: payload as object });
  const codesOf = (email: string) =>
    t.db
      .selectFrom('password_codes')
      .innerJoin('employees', 'employees.id', 'password_codes.employee_id')
      .select([
        'password_codes.code_hash',
        'password_codes.expires_at',
        'password_codes.failed_attempts',
        'password_codes.used_at',
        'password_codes.created_at',
      ])
      .where('employees.email', '=', email)
      .orderBy('password_codes.id')
      .execute();

  async function codeFor(email: string): Promise<string> {
    const res = await forgot(email);
    expect(res.statusCode).toBe(200);
    const mail = await inbox.next(email);
    expect(mail.code).toMatch(/^\d{6}$/);
    return mail.code as string;
  }

  beforeAll(async () => {
    inbox = await startTestInbox();
    t = await createTestApp({
      smtpUrl: inbox.url,
      logger: { stream: { write: (line: string) => logLines.push(line) } },
    });
  });
  afterAll(async () => {
    await t.close();
    await inbox.close();
  });

  it('step 1 answers 200 with the same message for a real, an unknown and a blocked e-mail; only the real one gets a code', async () => {
    await t.db.updateTable('employees').set({ blocked: true }).where('email', '=', DEMO.courier2).execute();
    for (const email of ['ninguem@demo.com.br', DEMO.courier2]) {
      const res = await forgot(email);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ data: { message: CODE_SENT } });
    }
    const real = await forgot(DEMO.stocker);
    expect(real.statusCode).toBe(200);
    expect(real.json()).toEqual({ data: { message: CODE_SENT } });

    const mail = await inbox.next(DEMO.stocker);
    expect(mail.subject).toBe('BackOffice: código de redefinição de senha');
    expect(mail.text).toContain('Olá, Carlos Estoquista.');
    expect(mail.code).toMatch(/^\d{6}$/);
    expect(inbox.messages.filter((m) => !m.to.includes(DEMO.stocker))).toEqual([]);
    expect(await codesOf(DEMO.courier2)).toEqual([]);

    const [stored] = await codesOf(DEMO.stocker);
    expect(stored?.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored?.code_hash).not.toContain(mail.code);
    const ttl = (stored?.expires_at.getTime() ?? 0) - (stored?.created_at.getTime() ?? 0);
    expect(Math.abs(ttl - 15 * 60_000)).toBeLessThan(5_000);
  });

  it('step 2 checks the code without using it; step 3 sets the password and burns the code', async () => {
    const code = await codeFor(DEMO.attendant);
    const wrong = await check(DEMO.attendant, { code: code === '000000' ? '111111' : '000000' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual(INVALID_CODE);
    expect((await codesOf(DEMO.attendant))[0]?.failed_attempts).toBe(1);

    const ok = await check(DEMO.attendant, { code });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ data: { message: 'Código confirmado. Informe a nova senha.' } });
    expect(await check(DEMO.attendant, { code })).toHaveProperty('statusCode', 200);

    const short = await activate({ email: DEMO.attendant, newPassword: '1234567', code });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toEqual({ errors: ['A nova senha deve ter pelo menos 8 caracteres.'], code: 'WEAK_PASSWORD' });

    const done = await activate({ email: DEMO.attendant, newPassword: 'nova-senha-123', code });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({
      data: { message: 'Senha alterada com sucesso. Agora você pode voltar a fazer o login.' },
    });

    await signIn(t.app, DEMO.attendant, 'nova-senha-123');
    const old = await t.app.inject({
      method: 'POST',
      url: '/api/accounts/signin',
      payload: { email: DEMO.attendant, password: 'demo1234' },
    });
    expect(old.statusCode).toBe(401);

    const again = await activate({ email: DEMO.attendant, newPassword: 'outra-senha-123', code });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual(INVALID_CODE);
    expect(await check(DEMO.attendant, { code })).toHaveProperty('statusCode', 400);
    const audit = await t.db.selectFrom('audit_events').select('action').where('action', '=', 'set_password').execute();
    expect(audit).toHaveLength(1);
  });

  it('burns a code after five wrong tries, even before the right one', async () => {
    const code = await codeFor(DEMO.manager);
    const wrongCode = code === '999999' ? '888888' : '999999';
    for (let i = 0; i < 5; i++) {
      const res = await check(DEMO.manager, { code: wrongCode });
      expect(res.statusCode).toBe(400);
    }
    const [stored] = await codesOf(DEMO.manager);
    expect(stored?.failed_attempts).toBe(5);
    expect(stored?.used_at).not.toBeNull();
    expect((await check(DEMO.manager, { code })).json()).toEqual(INVALID_CODE);
    const res = await activate({ email: DEMO.manager, newPassword: 'nova-senha-123', code });
    expect(res.statusCode).toBe(400);
    await signIn(t.app, DEMO.manager); // the password did not change
  });

  it('a new request supersedes the older code, and an expired code is refused', async () => {
    const first = await codeFor(DEMO.courier);
    const second = await codeFor(DEMO.courier);
    // In the database: the first code's row is burnt by the second request, only the newest is live (whether or
    // not the two six-digit codes happen to be the same).
    const rows = await codesOf(DEMO.courier);
    expect(rows.length).toBeGreaterThanOrEqual(2);
    expect(rows.map((row) => row.used_at === null)).toEqual([...rows.slice(1).map(() => false), true]);
    if (first !== second) expect((await check(DEMO.courier, { code: first })).json()).toEqual(INVALID_CODE);
    expect((await check(DEMO.courier, { code: second })).statusCode).toBe(200);

    await t.db
      .updateTable('password_codes')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .execute();
    const expired = await activate({ email: DEMO.courier, newPassword: 'nova-senha-123', code: second });
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toEqual(INVALID_CODE);
  });

  it('a code is bound to its employee and refused once the employee is blocked', async () => {
    const code = await codeFor(DEMO.admin);
    expect((await check(DEMO.stocker, { code })).json()).toEqual(INVALID_CODE);
    await t.db.updateTable('employees').set({ blocked: true }).where('email', '=', DEMO.admin).execute();
    expect((await check(DEMO.admin, { code })).json()).toEqual(INVALID_CODE);
    await t.db.updateTable('employees').set({ blocked: false }).where('email', '=', DEMO.admin).execute();
    expect((await check(DEMO.admin, { code })).statusCode).toBe(200);
  });

  it('validates paths and bodies with Portuguese messages and refuses unknown fields', async () => {
    const badEmail = await forgot('not-an-email');
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json()).toEqual({ errors: ['Informe um e-mail válido'], code: 'VALIDATION_FAILED' });
    const noCode = await check(DEMO.admin, {});
    expect(noCode.json()).toEqual({
      errors: ['Informe o código que foi enviado para o seu e-mail'],
      code: 'VALIDATION_FAILED',
    });
    const blankCode = await check(DEMO.admin, { code: '  ' });
    expect(blankCode.json()).toEqual({
      errors: ['Informe o código que foi enviado para o seu e-mail'],
      code: 'VALIDATION_FAILED',
    });
    const extra = await check(DEMO.admin, { code: '123456', email: DEMO.stocker });
    expect(extra.statusCode).toBe(400);
    const empty = await activate({});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual(
      expect.arrayContaining([
        'Informe o endereço de e-mail',
        'A nova senha deve ter pelo menos 8 caracteres.',
        'Informe o código que foi enviado para o seu e-mail',
      ]),
    );
    const privileged = await activate({
      email: DEMO.admin,
      newPassword: 'nova-senha-123',
      code: '123456',
      blocked: false,
    });
    expect(privileged.statusCode).toBe(400);
  });

  it('sends at most five codes per e-mail and hour, still answering 200', async () => {
    const email = 'limite@demo.com.br';
    await t.db
      .insertInto('employees')
      .values({ name: 'Lia Limite', email, phone: '11912345678', document: '52998224725', func: 1 })
      .execute();
    const refusedBefore = logLines.filter((line) => line.includes('too many codes requested')).length;
    for (let i = 0; i < 7; i++) {
      const res = await forgot(email);
      expect(res.json()).toEqual({ data: { message: CODE_SENT } });
    }
    // The work runs after the answers: wait for the five e-mails and the two refusals in the log.
    for (let i = 0; i < 5; i++) await inbox.next(email);
    await waitFor(
      () => logLines.filter((line) => line.includes('too many codes requested')).length === refusedBefore + 2,
    );
    expect(await codesOf(email)).toHaveLength(5);
    expect(inbox.messages.filter((m) => m.to.includes(email))).toHaveLength(5);
  });

  it('step 1 answers before looking the e-mail up: a locked employees table does not hold the answer back', async () => {
    // Inside this transaction the employees table is locked (on PGlite the whole database is), so any lookup
    // the route awaited would wait for the commit, which comes only after the answer: the answer comes first.
    const before = (await codesOf(DEMO.courier)).length;
    const allCodesBefore = Number(
      (
        await t.db
          .selectFrom('password_codes')
          .select((eb) => eb.fn.countAll<string>().as('count'))
          .executeTakeFirstOrThrow()
      ).count,
    );
    await t.db.transaction().execute(async (trx) => {
      await sql`lock table employees in access exclusive mode`.execute(trx);
      const res = await forgot(DEMO.courier);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ data: { message: CODE_SENT } });
      const codes = await trx
        .selectFrom('password_codes')
        .select((eb) => eb.fn.countAll<string>().as('count'))
        .executeTakeFirstOrThrow();
      expect(Number(codes.count)).toBe(allCodesBefore); // not issued yet
    });
    // After the commit the queued work runs: the code is issued and mailed.
    const mail = await inbox.next(DEMO.courier);
    expect(mail.code).toMatch(/^\d{6}$/);
    expect((await codesOf(DEMO.courier)).length).toBe(before + 1);
  });

  it('step 1 does not wait for a slow mailer, and a failing one is only logged', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const sent: string[] = [];
    const lines: string[] = [];
    const slow = await createTestApp({
      mailer: {
        async send(message) {
          await gate;
          if (message.to === DEMO.stocker) throw new Error('SMTP indisponível');
          sent.push(message.to);
        },
      },
      logger: { stream: { write: (line: string) => lines.push(line) } },
    });
    try {
      for (const email of [DEMO.attendant, DEMO.stocker]) {
        const res = await slow.app.inject({
          method: 'PATCH',
          url: `/api/accounts/users/forgotpassword/${encodeURIComponent(email)}`,
        });
        expect(res.statusCode).toBe(200);
      }
      expect(sent).toEqual([]); // both answered while the mailer still holds every message
    } finally {
      release();
      await slow.close(); // waits for the queued work
    }
    expect(sent).toEqual([DEMO.attendant]);
    expect(lines.join('')).toContain('mail not sent');
  });

  it('logs sign-ins, refusals and permission failures without any password, code or token', async () => {
    const token = await signIn(t.app, DEMO.stocker);
    await t.app.inject({
      method: 'POST',
      url: '/api/accounts/signin',
      payload: { email: DEMO.stocker, password: 'segredo-errado-42' },
    });
    await t.app.inject({ method: 'GET', url: '/api/roles', headers: bearer(token) });
    await t.app.inject({ method: 'GET', url: '/api/roles', headers: bearer(`${token}x`) });
    const code = await codeFor(DEMO.stocker);
    await check(DEMO.stocker, { code: '000000' });
    await activate({ email: DEMO.stocker, newPassword: 'senha-nova-secreta', code });

    const log = logLines.join('');
    expect(log).toContain('signed in');
    expect(log).toContain('sign-in refused: invalid credentials');
    expect(log).toContain('permission denied');
    expect(log).toContain('authentication refused: invalid or expired token');
    expect(log).toContain('password recovery code issued');
    expect(log).toContain('recovery code refused');
    expect(log).toContain('password changed with a one-time code');
    for (const secret of ['demo1234', 'segredo-errado-42', 'senha-nova-secreta', 'nova-senha-123', token]) {
      expect(log).not.toContain(secret);
    }
    expect(log).not.toContain(token.split('.')[2]);
    // A six-digit code is looked for as a number of its own: the digits of a response time
    // ("responseTime":0.5761450000090…) may hold any six digits by chance.
    const asNumber = (digits: string) => new RegExp(`(?<![0-9])${digits}(?![0-9])`);
    for (const secret of [code, ...inbox.messages.flatMap((mail) => (mail.code ? [mail.code] : []))]) {
      expect(log).not.toMatch(asNumber(secret));
    }
  });
});

describe('mailer without SMTP (outbox)', () => {
  it('writes each message as JSON under DATA_DIR/outbox and logs its code', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'backoffice-outbox-'));
    const lines: string[] = [];
    const log = pino({ level: 'info' }, { write: (line: string) => lines.push(line) });
    const mailer = createMailer({ smtpUrl: undefined, mailFrom: 'BackOffice <x@y.z>', dataDir, inMemory: false }, log);
    await mailer.send({
      to: 'ana@demo.com.br',
      subject: 'Código',
      text: 'Código de redefinição: 654321',
      code: '654321',
    });
    const files = readdirSync(path.join(dataDir, 'outbox'));
    expect(files).toHaveLength(1);
    const message = JSON.parse(readFileSync(path.join(dataDir, 'outbox', files[0] ?? ''), 'utf8'));
    expect(message.to).toEqual([{ address: 'ana@demo.com.br', name: '' }]);
    expect(message.text).toContain('654321');
    expect(JSON.parse(lines[0] ?? '{}')).toMatchObject({ msg: 'mail written to the outbox', oneTimeCode: '654321' });
  });
});
