import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, DEMO, signIn, type TestApp } from '../../test/helpers';

const PIX_CPF = { bankSettingsType: 'Pix', name: 'Pix CPF do sócio', pixType: 'CPF', pixKey: '529.982.247-25' };
const TRANSFER = {
  bankSettingsType: 'Transfer',
  name: 'Conta PJ Itaú',
  bank: '341 - Itaú Unibanco',
  agency: '0912',
  account: '458732',
  cnpj: '11222333000181',
};
const FORBIDDEN = 'Você não tem permissão para realizar esta operação.';

/** Who may change where the shop gets paid (issue 15, section 2), and what each change leaves behind. */
describe('payment settings: who may change them, and the trail each change leaves', () => {
  let t: TestApp;
  const logLines: string[] = [];
  let admin: string;
  let attendant: string;
  let courier: string;

  beforeAll(async () => {
    t = await createTestApp({ logger: { stream: { write: (line: string) => logLines.push(line) } } });
    [admin, attendant, courier] = await Promise.all([
      signIn(t.app, DEMO.admin),
      signIn(t.app, DEMO.attendant),
      signIn(t.app, DEMO.courier),
    ]);
  });
  afterAll(() => t.close());

  const put = (token: string, settings: Record<string, unknown>) =>
    t.app.inject({ method: 'PUT', url: '/api/orders/bank-settings', headers: bearer(token), payload: { settings } });
  const patchCompany = (token: string, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'PATCH', url: '/api/companies/settings', headers: bearer(token), payload });
  const remove = (token: string, id: number) =>
    t.app.inject({ method: 'DELETE', url: `/api/orders/bank-settings/${id}`, headers: bearer(token) });
  const bankRows = () => t.db.selectFrom('bank_settings').select(['id', 'pix_key', 'disabled']).orderBy('id').execute();
  const auditOf = (entity: string, entityId: number) =>
    t.db
      .selectFrom('audit_events')
      .select(['employee_id', 'action', 'changes'])
      .where('entity', '=', entity)
      .where('entity_id', '=', String(entityId))
      .orderBy('id')
      .execute();
  const warnings = () =>
    logLines
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((entry) => entry.level === 40 && String(entry.msg).startsWith('payment settings changed'));
  const employeeId = async (email: string) =>
    (await t.db.selectFrom('employees').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;

  it("a courier cannot change the shop's Pix key, nor read the settings", async () => {
    const created = await put(admin, PIX_CPF);
    expect(created.statusCode).toBe(201);
    const pix = created.json().data;
    const before = await bankRows();

    const changed = await put(courier, { ...PIX_CPF, id: pix.id, pixKey: '111.444.777-35' });
    expect(changed.statusCode).toBe(403);
    expect(changed.json().errors).toEqual([FORBIDDEN]);
    expect((await put(courier, { ...PIX_CPF, pixType: 'EMAIL', pixKey: 'motoboy@exemplo.com' })).statusCode).toBe(403);
    expect((await remove(courier, pix.id)).statusCode).toBe(403);
    expect((await patchCompany(courier, { companyId: 1, enablePixAuto: true })).statusCode).toBe(403);
    const read = await t.app.inject({ method: 'GET', url: '/api/orders/bank-settings', headers: bearer(courier) });
    expect(read.statusCode).toBe(403);

    expect(await bankRows()).toEqual(before);
    expect((await auditOf('bank_setting', pix.id)).map((a) => a.action)).toEqual(['create']);
  });

  it('an attendant holding orders opens the settings read-only: reads answer, every write is 403 and changes nothing', async () => {
    const created = await put(admin, TRANSFER);
    expect(created.statusCode).toBe(201);
    const account = created.json().data;
    const before = await bankRows();

    const bank = await t.app.inject({ method: 'GET', url: '/api/orders/bank-settings', headers: bearer(attendant) });
    expect(bank.statusCode).toBe(200);
    expect(bank.json().data.map((s: { id: number }) => s.id)).toContain(account.id);
    const company = await t.app.inject({ method: 'GET', url: '/api/companies/settings/1', headers: bearer(attendant) });
    expect(company.statusCode).toBe(200);

    for (const res of [
      await put(attendant, { ...TRANSFER, id: account.id, account: '99999-9' }),
      await put(attendant, { ...TRANSFER, agency: '1234', account: '11111-1' }),
      await remove(attendant, account.id),
      await patchCompany(attendant, { companyId: 1, enablePixAuto: true, merchantName: 'OUTRO', merchantCity: 'RIO' }),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().errors).toEqual([FORBIDDEN]);
    }
    expect(await bankRows()).toEqual(before);
    expect((await auditOf('company_settings', 1)).length).toBe(0);
  });

  it("the permission 'Configurações bancárias' alone opens the settings and lets its holder change them", async () => {
    const role = await t.db
      .insertInto('roles')
      .values({ name: 'Financeiro', permissions: ['bo:manage:settings'] })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db.updateTable('employees').set({ role_id: role.id }).where('email', '=', DEMO.manager).execute();
    const finance = await signIn(t.app, DEMO.manager);
    const read = await t.app.inject({ method: 'GET', url: '/api/orders/bank-settings', headers: bearer(finance) });
    expect(read.statusCode).toBe(200);
    const saved = await put(finance, { ...PIX_CPF, name: 'Pix e-mail', pixType: 'EMAIL', pixKey: 'Caixa@Loja.com.br' });
    expect(saved.statusCode).toBe(201);
    expect(saved.json().data).toMatchObject({ pixType: 'EMAIL', pixKey: 'caixa@loja.com.br' });
    // It opens nothing else: the orders stay closed to it.
    expect((await t.app.inject({ method: 'GET', url: '/api/orders/count', headers: bearer(finance) })).statusCode).toBe(
      403,
    );
    const catalogue = await t.app.inject({ method: 'GET', url: '/api/permissions', headers: bearer(admin) });
    expect(catalogue.json().data['bo:manage:settings']).toBe('Configurações bancárias');
  });

  it('every change of a Pix key, an account or the automatic Pix is audited with the values before and after, and logged as a warning naming who', async () => {
    const adminId = await employeeId(DEMO.admin);
    logLines.length = 0;
    const created = await put(admin, { ...PIX_CPF, name: 'Pix telefone', pixType: 'PHONE', pixKey: '(11) 98765-4321' });
    expect(created.statusCode).toBe(201);
    const id = created.json().data.id as number;
    const edited = await put(admin, {
      ...PIX_CPF,
      id,
      name: 'Pix telefone',
      pixType: 'PHONE',
      pixKey: '11 91234-5678',
    });
    expect(edited.statusCode).toBe(200);
    const renamed = await put(admin, {
      ...PIX_CPF,
      id,
      name: 'Pix do caixa',
      pixType: 'PHONE',
      pixKey: '11 91234-5678',
    });
    expect(renamed.statusCode).toBe(200);
    expect((await remove(admin, id)).statusCode).toBe(200);

    const audit = await auditOf('bank_setting', id);
    expect(audit.map((a) => [a.employee_id, a.action])).toEqual([
      [adminId, 'create'],
      [adminId, 'update'],
      [adminId, 'update'],
      [adminId, 'delete'],
    ]);
    // Created: every filled field from nothing; the CPF form's bank, agency, account and CNPJ stay empty.
    expect(audit[0]?.changes).toEqual({
      type: { from: null, to: 'Pix' },
      name: { from: null, to: 'Pix telefone' },
      pix_type: { from: null, to: 'PHONE' },
      pix_key: { from: null, to: '+5511987654321' },
      disabled: { from: null, to: false },
    });
    expect(audit[1]?.changes).toEqual({ pix_key: { from: '+5511987654321', to: '+5511912345678' } });
    expect(audit[2]?.changes).toEqual({ name: { from: 'Pix telefone', to: 'Pix do caixa' } });
    expect(audit[3]?.changes).toEqual({
      type: { from: 'Pix', to: null },
      name: { from: 'Pix do caixa', to: null },
      pix_type: { from: 'PHONE', to: null },
      pix_key: { from: '+5511912345678', to: null },
      disabled: { from: false, to: null },
    });

    // The automatic Pix: off (never saved) → on.
    const on = await patchCompany(admin, {
      companyId: 1,
      enablePixAuto: true,
      merchantName: 'LOJA',
      merchantCity: 'SAO PAULO',
    });
    expect(on.statusCode).toBe(200);
    const company = await auditOf('company_settings', 1);
    expect(company.at(-1)?.changes).toMatchObject({ pix_auto: { from: false, to: true } });

    // One warning per change of where the money goes (the rename moves no money: none), naming who.
    const logged = warnings();
    expect(logged.map((w) => [w.entity, w.entityId, w.action, w.fields])).toEqual([
      ['bank_setting', id, 'create', ['type', 'pix_type', 'pix_key', 'disabled']],
      ['bank_setting', id, 'update', ['pix_key']],
      ['bank_setting', id, 'delete', ['type', 'pix_type', 'pix_key', 'disabled']],
      ['company_settings', 1, 'update', ['name', 'pix_auto', 'merchant_name', 'merchant_city']],
    ]);
    for (const warning of logged) {
      expect(warning).toMatchObject({ employeeId: adminId, employeeName: 'Ana Administradora' });
      expect(String(warning.msg)).toContain('Ana Administradora');
    }
  });
});
