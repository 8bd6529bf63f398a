import { withCpfCheckDigits } from '@backoffice/contract';
import { expect } from 'vitest';
import { bearer, createTestApp, DEMO, signIn, type TestApp } from '../../test/helpers';
import { startTestInbox, type TestInbox } from '../accounts/test-inbox';

/** What the employees' test files share: the app with a mail inbox, the demo's tokens and the roles' ids. */
export interface EmployeesWorld {
  t: TestApp;
  inbox: TestInbox;
  admin: string;
  stocker: string;
  roleIds: Record<string, number>;
}

export const FORBIDDEN = { errors: ['Você não tem permissão para realizar esta operação.'], code: 'FORBIDDEN' };

/** A fresh app and database that sends its mail to a test inbox. */
export async function openEmployeesWorld(): Promise<EmployeesWorld> {
  const inbox = await startTestInbox();
  const t = await createTestApp({ smtpUrl: inbox.url, publicUrl: 'https://backoffice.loja.com.br' });
  const admin = await signIn(t.app, DEMO.admin);
  const stocker = await signIn(t.app, DEMO.stocker);
  const roles = await t.db.selectFrom('roles').select(['id', 'name']).execute();
  const roleIds = Object.fromEntries(roles.map((r) => [r.name, r.id]));
  return { t, inbox, admin, stocker, roleIds };
}

export async function closeEmployeesWorld({ t, inbox }: Pick<EmployeesWorld, 't' | 'inbox'>) {
  await t.close();
  await inbox.close();
}

/** The requests of the employees' tests, on the world `world()` answers when called. */
export function employeeCalls(world: () => EmployeesWorld) {
  let cpfSeed = 100_200_300;

  const nextCpf = () => withCpfCheckDigits(String(cpfSeed++));
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, token?: string, payload?: object) =>
    world().t.app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });
  const signup = (kind: string, payload: object, token = world().admin) =>
    call('POST', `/api/accounts/employee/${kind}/signup`, token, payload);
  const newEmployee = (over: Record<string, unknown> = {}) => ({
    name: 'Gabriela Nova',
    func: 1,
    document: nextCpf(),
    email: `nova${cpfSeed}@demo.com.br`,
    phone: '(11) 98888-7777',
    roleId: world().roleIds.Atendimento,
    ...over,
  });
  const edit = (kind: string, payload: object, token = world().admin) =>
    call('PUT', `/api/employees/${kind}`, token, payload);

  /** Creates an employee, reads the activation code from the mail and sets a password. */
  async function activeEmployee(kind: string, body: Record<string, unknown>, password = 'senha-forte-1') {
    const { t, inbox } = world();
    const res = await signup(kind, body);
    expect(res.statusCode, res.body).toBe(201);
    const mail = await inbox.next(body.email as string);
    const done = await t.app.inject({
      method: 'PATCH',
      url: '/api/accounts/users/activate',
      payload: { email: body.email, code: mail.code, newPassword: password },
    });
    expect(done.statusCode, done.body).toBe(200);
    return signIn(t.app, body.email as string, password);
  }

  return { nextCpf, call, signup, newEmployee, edit, activeEmployee };
}
