import { AUTH_TEXTS, EMPLOYEE_TEXTS } from '@backoffice/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, signIn, type TestApp } from '../../test/helpers';
import type { TestInbox } from '../accounts/test-inbox';
import { closeEmployeesWorld, employeeCalls, FORBIDDEN, openEmployeesWorld } from './test-employees';

/** The employees read, signed up and edited (each file on an app and a database of its own: createTestApp through ./test-employees). */
describe('employees API', () => {
  let t: TestApp;
  let inbox: TestInbox;
  let admin: string;
  let stocker: string;
  let roleIds: Record<string, number>;

  const { call, signup, newEmployee, edit } = employeeCalls(() => ({
    t,
    inbox,
    admin,
    stocker,
    roleIds,
  }));

  beforeAll(async () => {
    ({ t, inbox, admin, stocker, roleIds } = await openEmployeesWorld());
  });
  afterAll(() => closeEmployeesWorld({ t, inbox }));

  describe('reading', () => {
    it('GET /employees lists everyone in `employees`, with type, role and blocked flags, never a password', async () => {
      const res = await call('GET', '/api/employees', admin);
      expect(res.statusCode).toBe(200);
      const { employees } = res.json();
      expect(employees.map((e: { email: string }) => e.email)).toEqual(expect.arrayContaining(Object.values(DEMO)));
      const stockerRow = employees.find((e: { email: string }) => e.email === DEMO.stocker);
      expect(stockerRow).toEqual({
        id: expect.any(Number),
        name: 'Carlos Estoquista',
        email: DEMO.stocker,
        phone: '11965432109',
        document: '11144477735',
        func: 3,
        type: 'Estoquista',
        roleId: roleIds.Estoque,
        role: 'Estoque',
        roles: [{ id: roleIds.Estoque, name: 'Estoque' }],
        isBlocked: false,
        blocked: false,
      });
      expect(res.body).not.toContain('password');
      const types = new Set(employees.map((e: { type: string }) => e.type));
      expect(types).toEqual(new Set(['Atendente', 'Estoquista', 'Motoboy', 'Técnico']));
    });

    it('GET /employees/{email} answers data with roles, document and type; 404 and 400 otherwise', async () => {
      const res = await call('GET', `/api/employees/${encodeURIComponent('MOTOBOY@demo.com.br')}`, admin);
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({
        email: DEMO.courier,
        document: '98765432100',
        type: 'Motoboy',
        func: 2,
        roles: [{ id: roleIds.Entregas, name: 'Entregas' }],
      });
      const missing = await call('GET', '/api/employees/ninguem@demo.com.br', admin);
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ errors: ['Funcionário não encontrado.'], code: 'NOT_FOUND' });
      const invalid = await call('GET', '/api/employees/nao-e-email', admin);
      expect(invalid.statusCode).toBe(400);
      expect(invalid.json()).toEqual({ errors: ['Informe um e-mail válido'], code: 'VALIDATION_FAILED' });
    });

    it('GET /employees/deliverers lists non-blocked motoboys as {id, name} for employees, customers, orders or reports', async () => {
      for (const email of [DEMO.attendant, DEMO.manager]) {
        const res = await call('GET', '/api/employees/deliverers', await signIn(t.app, email));
        expect(res.statusCode, email).toBe(200);
        expect(res.json()).toEqual({
          deliverers: [
            { id: expect.any(Number), name: 'Diego Motoboy' },
            { id: expect.any(Number), name: 'Eduardo Motoboy' },
          ],
        });
      }
      expect((await call('GET', '/api/employees/deliverers', stocker)).json()).toEqual(FORBIDDEN);
    });

    it('GET /employees/attendants answers data.attendants as {id, name} for employees, orders or reports', async () => {
      const res = await call('GET', '/api/employees/attendants', await signIn(t.app, DEMO.attendant));
      expect(res.statusCode).toBe(200);
      const names = res.json().data.attendants.map((a: { name: string }) => a.name);
      expect(names).toEqual(['Ana Administradora', 'Beatriz Atendente', 'Fernanda Gerente']);
      expect(Object.keys(res.json().data.attendants[0]).sort()).toEqual(['id', 'name']);
      expect((await call('GET', '/api/employees/attendants', stocker)).statusCode).toBe(403);
    });

    it('answers 401 without a token and 403 without the employees permission', async () => {
      for (const url of ['/api/employees', `/api/employees/${DEMO.admin}`, '/api/employees/deliverers']) {
        const res = await call('GET', url);
        expect(res.statusCode, url).toBe(401);
        expect(res.json()).toEqual({
          errors: ['Sessão inválida ou expirada. Faça login novamente.'],
          code: 'UNAUTHENTICATED',
        });
      }
      const manager = await signIn(t.app, DEMO.manager);
      expect((await call('GET', '/api/employees', manager)).json()).toEqual(FORBIDDEN);
      expect((await call('GET', `/api/employees/${DEMO.admin}`, manager)).statusCode).toBe(403);
      expect((await signup('attendant', newEmployee(), stocker)).json()).toEqual(FORBIDDEN);
      expect((await signup('attendant', newEmployee(), '')).statusCode).toBe(401);
      expect((await edit('stocker', { email: DEMO.stocker }, stocker)).statusCode).toBe(403);
      expect((await edit('stocker', { email: DEMO.stocker }, '')).statusCode).toBe(401);
    });
  });

  describe('sign-up', () => {
    it('the welcome e-mail code still works after opening Esqueceu a senha, and its Criar minha senha link carries it in the fragment', async () => {
      const body = newEmployee({ name: 'Otávio Convidado', email: 'otavio.convidado@demo.com.br' });
      expect((await signup('attendant', body)).statusCode).toBe(201);
      const welcome = await inbox.next('otavio.convidado@demo.com.br');
      const code = welcome.code as string;
      expect(code).toMatch(/^\d{6}$/);
      expect(welcome.text).toContain(
        `Criar minha senha: https://backoffice.loja.com.br/forgot-password#code=${code}&email=otavio.convidado%40demo.com.br`,
      );

      // The new employee follows the old instructions: 'Esqueceu a senha?' sends a recovery code…
      const forgot = await t.app.inject({
        method: 'PATCH',
        url: '/api/accounts/users/forgotpassword/otavio.convidado%40demo.com.br',
      });
      expect(forgot.statusCode).toBe(200);
      const recovery = await inbox.next('otavio.convidado@demo.com.br');
      expect(recovery.subject).toBe('BackOffice: código de redefinição de senha');

      // A wrong code counts a try on both codes: a guesser gets no more tries for there being two.
      const wrongCode = ['000000', '111111', '222222'].find((c) => c !== code && c !== recovery.code);
      const wrong = await t.app.inject({
        method: 'POST',
        url: '/api/accounts/users/recovery/otavio.convidado%40demo.com.br',
        payload: { code: wrongCode },
      });
      expect(wrong.json().code).toBe('INVALID_CODE');
      const tries = await t.db
        .selectFrom('password_codes')
        .innerJoin('employees', 'employees.id', 'password_codes.employee_id')
        .select(['password_codes.purpose', 'password_codes.failed_attempts'])
        .where('employees.email', '=', 'otavio.convidado@demo.com.br')
        .orderBy('password_codes.id')
        .execute();
      expect(tries).toEqual([
        { purpose: 'activation', failed_attempts: 1 },
        { purpose: 'recovery', failed_attempts: 1 },
      ]);

      // …and the welcome code still works (the recovery code too, until one of them is used).
      const checked = await t.app.inject({
        method: 'POST',
        url: '/api/accounts/users/recovery/otavio.convidado%40demo.com.br',
        payload: { code },
      });
      expect(checked.statusCode, checked.body).toBe(200);
      const weak = await t.app.inject({
        method: 'PATCH',
        url: '/api/accounts/users/activate',
        payload: { email: 'otavio.convidado@demo.com.br', code, newPassword: 'otavio123' },
      });
      expect(weak.json().code).toBe('WEAK_PASSWORD');
      const done = await t.app.inject({
        method: 'PATCH',
        url: '/api/accounts/users/activate',
        payload: { email: 'otavio.convidado@demo.com.br', code, newPassword: 'caderno-azul-do-porto' },
      });
      expect(done.statusCode, done.body).toBe(200);
      await signIn(t.app, 'otavio.convidado@demo.com.br', 'caderno-azul-do-porto');

      // Using one code burns the other.
      const again = await t.app.inject({
        method: 'POST',
        url: '/api/accounts/users/recovery/otavio.convidado%40demo.com.br',
        payload: { code: recovery.code },
      });
      expect(again.json().code).toBe('INVALID_CODE');
    });

    it('creates an employee without password and e-mails a 48-hour activation code that sets it', async () => {
      const body = newEmployee({
        name: '  Helena Entregas ',
        func: 2,
        email: 'Helena@Demo.com.br',
        roleId: roleIds.Entregas,
      });
      const res = await signup('deliverer', { ...body, document: '935.411.347-80' });
      expect(res.statusCode).toBe(201);
      expect(res.json().data).toEqual({
        id: expect.any(Number),
        name: 'Helena Entregas',
        email: 'helena@demo.com.br',
        phone: '11988887777',
        document: '93541134780',
        func: 2,
        type: 'Motoboy',
        roleId: roleIds.Entregas,
        role: 'Entregas',
        roles: [{ id: roleIds.Entregas, name: 'Entregas' }],
        isBlocked: false,
        blocked: false,
      });
      const row = await t.db
        .selectFrom('employees')
        .selectAll()
        .where('email', '=', 'helena@demo.com.br')
        .executeTakeFirst();
      expect(row?.password_hash).toBeNull();

      const mail = await inbox.next('helena@demo.com.br');
      expect(mail.subject).toBe('BackOffice: crie a sua senha de acesso');
      expect(mail.text).toContain('Esqueceu a senha?');
      expect(mail.code).toMatch(/^\d{6}$/);
      const code = await t.db
        .selectFrom('password_codes')
        .selectAll()
        .where('employee_id', '=', row?.id ?? 0)
        .executeTakeFirst();
      const ttl = (code?.expires_at.getTime() ?? 0) - (code?.created_at.getTime() ?? 0);
      expect(Math.abs(ttl - 48 * 3600_000)).toBeLessThan(5_000);

      const before = await t.app.inject({
        method: 'POST',
        url: '/api/accounts/signin',
        payload: { email: 'helena@demo.com.br', password: 'qualquer-senha' },
      });
      expect(before.json()).toEqual({ errors: [AUTH_TEXTS.invalidCredentials], code: 'INVALID_CREDENTIALS' });
      const activated = await t.app.inject({
        method: 'PATCH',
        url: '/api/accounts/users/activate',
        payload: { email: 'helena@demo.com.br', code: mail.code, newPassword: 'minha-senha-1' },
      });
      expect(activated.statusCode).toBe(200);
      const signin = await t.app.inject({
        method: 'POST',
        url: '/api/accounts/signin',
        payload: { email: 'helena@demo.com.br', password: 'minha-senha-1' },
      });
      // 'Entregas' holds no permission: a courier's function opens 'Minhas tarefas'.
      expect(signin.json().data.permissions).toEqual([]);

      const audit = await t.db
        .selectFrom('audit_events')
        .selectAll()
        .where('entity', '=', 'employee')
        .where('entity_id', '=', String(row?.id))
        .where('action', '=', 'create')
        .executeTakeFirst();
      expect(audit?.changes).toMatchObject({ email: 'helena@demo.com.br', func: 2, roleId: roleIds.Entregas });
    });

    it('accepts a sign-up without role (roleId optional): the employee has no role and no permission', async () => {
      const body = newEmployee({ func: 3, roleId: undefined });
      const res = await signup('stocker', body);
      expect(res.statusCode).toBe(201);
      expect(res.json().data).toMatchObject({ roleId: null, role: null, roles: [], type: 'Estoquista' });
      const nullRole = await signup('stocker', newEmployee({ func: 3, roleId: null }));
      expect(nullRole.statusCode).toBe(201);
    });

    it('refuses invalid fields with the exact Portuguese messages', async () => {
      const cases: [Record<string, unknown>, string][] = [
        [{ name: '' }, EMPLOYEE_TEXTS.nameRequired],
        [{ name: undefined }, 'Informe o nome do funcionário'],
        [{ phone: '12345' }, 'Informe um telefone válido'],
        [{ phone: '(11) 8888-77777' }, 'Informe um telefone válido'],
        [{ phone: undefined }, 'Informe um telefone válido'],
        [{ document: '123.456.789-00' }, 'Informe um cpf válido'],
        [{ document: '11111111111' }, 'Informe um cpf válido'],
        [{ document: '' }, 'Informe o número do cpf'],
        [{ document: undefined }, 'Informe o número do cpf'],
        [{ func: undefined }, 'Informe a função do funcionário'],
        [{ func: 5 }, 'Informe a função do funcionário'],
        [{ email: 'sem-arroba' }, 'Informe um e-mail válido'],
        [{ email: '' }, 'Informe o endereço de e-mail'],
        [{ email: undefined }, 'Informe o endereço de e-mail'],
      ];
      for (const [over, message] of cases) {
        const res = await signup('attendant', newEmployee(over));
        expect(res.statusCode, JSON.stringify(over)).toBe(400);
        expect(res.json(), JSON.stringify(over)).toEqual({ errors: [message], code: 'VALIDATION_FAILED' });
      }
    });

    it('refuses a function that does not match the path, an unknown path, an unknown role and unknown fields', async () => {
      const mismatch = await signup('stocker', newEmployee({ func: 1 }));
      expect(mismatch.statusCode).toBe(400);
      expect(mismatch.json()).toEqual({
        errors: ['A função do funcionário não corresponde ao endereço chamado.'],
        code: 'BAD_REQUEST',
      });
      const unknownKind = await signup('manager', newEmployee());
      expect(unknownKind.statusCode).toBe(400);
      expect(unknownKind.json()).toEqual({
        errors: ['Função do funcionário desconhecida.'],
        code: 'VALIDATION_FAILED',
      });
      const unknownRole = await signup('attendant', newEmployee({ roleId: 99_999 }));
      expect(unknownRole.statusCode).toBe(400);
      expect(unknownRole.json()).toEqual({ errors: ['Regra não encontrada.'], code: 'BAD_REQUEST' });
      for (const extra of [{ password: 'x12345678' }, { blocked: true }, { id: 1 }, { permissions: ['full:access'] }]) {
        const res = await signup('attendant', newEmployee(extra));
        expect(res.statusCode, JSON.stringify(extra)).toBe(400);
      }
    });

    it('refuses an e-mail already in use, in any case, with 409', async () => {
      const res = await signup('attendant', newEmployee({ email: 'ESTOQUISTA@demo.com.br' }));
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ errors: ['Já existe um funcionário com este e-mail.'], code: 'DUPLICATE' });
    });

    it('refuses a CPF that another employee already has, with 409, on sign-up and on edit', async () => {
      const taken = await signup('attendant', newEmployee({ document: '529.982.247-25' }));
      expect(taken.statusCode).toBe(409);
      expect(taken.json()).toEqual({ errors: ['Já existe um funcionário com este CPF.'], code: 'DUPLICATE' });
      const res = await edit('stocker', {
        name: 'Carlos Estoquista',
        document: '52998224725',
        email: DEMO.stocker,
        phone: '11965432109',
        roleId: roleIds.Estoque,
      });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ errors: ['Já existe um funcionário com este CPF.'], code: 'DUPLICATE' });
    });
  });

  describe('edit', () => {
    it('changes name, document, phone and role of the employee the e-mail names, and audits the change', async () => {
      const res = await edit('attendant', {
        name: 'Beatriz Atendente Souza',
        document: '390.533.447-05',
        email: 'ATENDENTE@demo.com.br',
        phone: '(21) 3333-4444',
        roleId: roleIds.Gerência,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({
        name: 'Beatriz Atendente Souza',
        email: DEMO.attendant,
        phone: '2133334444',
        document: '39053344705',
        role: 'Gerência',
        roles: [{ id: roleIds.Gerência, name: 'Gerência' }],
        blocked: false,
      });
      const audit = await t.db
        .selectFrom('audit_events')
        .select(['action', 'changes'])
        .where('entity', '=', 'employee')
        .where('action', '=', 'update')
        .execute();
      expect(audit).toHaveLength(1);
      expect(audit[0]?.changes).toEqual({
        name: { from: 'Beatriz Atendente', to: 'Beatriz Atendente Souza' },
        phone: { from: '11976543210', to: '2133334444' },
        roleId: { from: roleIds.Atendimento, to: roleIds.Gerência },
      });
    });

    it('refuses a path that is not the employee function, an unknown e-mail, a missing or unknown role, bad fields', async () => {
      const base = {
        name: 'Carlos Estoquista',
        document: '11144477735',
        email: DEMO.stocker,
        phone: '11965432109',
        roleId: roleIds.Estoque,
      };
      const mismatch = await edit('deliverer', base);
      expect(mismatch.statusCode).toBe(400);
      expect(mismatch.json()).toEqual({
        errors: ['A função do funcionário não corresponde ao endereço chamado.'],
        code: 'BAD_REQUEST',
      });
      const missing = await edit('stocker', { ...base, email: 'ninguem@demo.com.br' });
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ errors: ['Funcionário não encontrado.'], code: 'NOT_FOUND' });
      const noRole = await edit('stocker', { ...base, roleId: undefined });
      expect(noRole.json()).toEqual({ errors: ['Informe a regra'], code: 'VALIDATION_FAILED' });
      const unknownRole = await edit('stocker', { ...base, roleId: 99_999 });
      expect(unknownRole.json()).toEqual({ errors: ['Regra não encontrada.'], code: 'BAD_REQUEST' });
      expect((await edit('stocker', { ...base, document: '111.444.777-00' })).json()).toEqual({
        errors: ['Informe um cpf válido'],
        code: 'VALIDATION_FAILED',
      });
      expect((await edit('stocker', { ...base, phone: '1234' })).json()).toEqual({
        errors: ['Informe um telefone válido'],
        code: 'VALIDATION_FAILED',
      });
      expect((await edit('stocker', { ...base, name: ' ' })).json()).toEqual({
        errors: ['Informe o nome do funcionário'],
        code: 'VALIDATION_FAILED',
      });
      expect((await edit('stocker', { ...base, func: 2 })).statusCode).toBe(400);
      expect((await edit('stocker', { ...base, password_hash: 'x' })).statusCode).toBe(400);
      expect((await edit('cashier', base)).json()).toEqual({
        errors: ['Função do funcionário desconhecida.'],
        code: 'VALIDATION_FAILED',
      });
    });

    it('blocking an employee stops their token and their sign-in; unblocking restores both; omitted blocked keeps it', async () => {
      const courier = await signIn(t.app, DEMO.courier2);
      expect((await call('GET', '/api/orders/tasks', courier)).statusCode).toBe(200);
      const base = {
        name: 'Eduardo Motoboy',
        document: '12345678909',
        email: DEMO.courier2,
        phone: '11943210987',
        roleId: roleIds.Entregas,
      };
      const blocked = await edit('deliverer', { ...base, blocked: true });
      expect(blocked.statusCode).toBe(200);
      expect(blocked.json().data).toMatchObject({ blocked: true, isBlocked: true });

      const refused = await call('GET', '/api/orders/tasks', courier);
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toEqual({
        errors: ['Acesso bloqueado. Procure o administrador.'],
        code: 'UNAUTHENTICATED',
      });
      const signin = await t.app.inject({
        method: 'POST',
        url: '/api/accounts/signin',
        payload: { email: DEMO.courier2, password: 'demo1234' },
      });
      expect(signin.statusCode).toBe(403);
      expect(signin.json()).toEqual({ errors: [AUTH_TEXTS.blocked], code: 'ACCOUNT_BLOCKED' });
      const deliverers = (await call('GET', '/api/employees/deliverers', admin)).json().deliverers;
      expect(deliverers.map((d: { name: string }) => d.name)).toEqual(['Diego Motoboy', 'Helena Entregas']);

      const unchanged = await edit('deliverer', { ...base, phone: '11943210000' });
      expect(unchanged.json().data).toMatchObject({ blocked: true, phone: '11943210000' });
      const unblocked = await edit('deliverer', { ...base, blocked: false });
      expect(unblocked.json().data.blocked).toBe(false);
      // closes: a blocked employee's old token works again after unblocking
      const oldToken = await call('GET', '/api/orders/tasks', courier);
      expect(oldToken.statusCode).toBe(401);
      expect(oldToken.json().code).toBe('UNAUTHENTICATED');
      const fresh = await signIn(t.app, DEMO.courier2);
      expect((await call('GET', '/api/orders/tasks', fresh)).statusCode).toBe(200);
      const actions = await t.db
        .selectFrom('audit_events')
        .select('action')
        .where('entity', '=', 'employee')
        .where('action', 'in', ['block', 'unblock'])
        .orderBy('id')
        .execute();
      expect(actions.map((a) => a.action)).toEqual(['block', 'unblock']);
    });

    it('refuses to block oneself or change one own role', async () => {
      const base = {
        name: 'Ana Administradora',
        document: '52998224725',
        email: DEMO.admin,
        phone: '11987654321',
        roleId: roleIds.Administrador,
      };
      const selfBlock = await edit('attendant', { ...base, blocked: true });
      expect(selfBlock.statusCode).toBe(403);
      expect(selfBlock.json()).toEqual({ errors: [EMPLOYEE_TEXTS.selfChange], code: 'FORBIDDEN' });
      const selfRole = await edit('attendant', { ...base, roleId: roleIds.Estoque });
      expect(selfRole.json()).toEqual({
        errors: ['Você não pode alterar a sua própria regra nem bloquear o seu próprio acesso.'],
        code: 'FORBIDDEN',
      });
      expect((await edit('attendant', { ...base, phone: '11987650000' })).statusCode).toBe(200);
    });
  });
});
