import { auditPageSchema, CUSTOMER_TEXTS, customerSchema, withCpfCheckDigits } from '@backoffice/contract';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, DEMO, signIn, type TestApp } from '../../test/helpers';
import { uploadSheet, utf8 } from '../imports/test-uploads';

/**
 * The customer's state registration ('Inscrição estadual', issue 41) through the API on each engine: typed as
 * digits with or without punctuation, or ISENTO in any case; kept normalised (digits only, or 'ISENTO'); blank
 * is none (null); anything else refused with its own message. The registration, the edit, the import, the
 * answer, the audit and the export all carry it.
 */
let t: TestApp;
let attendant: string;
let admin: string;
let sequence = 0;

const INVALID = CUSTOMER_TEXTS.stateRegistrationInvalid;

beforeAll(async () => {
  t = await createTestApp();
  [attendant, admin] = await Promise.all([signIn(t.app, DEMO.attendant), signIn(t.app, DEMO.admin)]);
});
afterAll(() => t.close());

const register = (overrides: Record<string, unknown> = {}) => {
  sequence += 1;
  return t.app.inject({
    method: 'POST',
    url: '/api/customers',
    headers: bearer(attendant),
    payload: {
      name: `Loja Inscrita ${sequence}`,
      email: `inscrita.${sequence}@example.com`,
      phone: '(11) 98765-4321',
      // Background documents (base 710 000 000 + n, completed by the contract): what is under test is the IE.
      document: withCpfCheckDigits(String(710_000_000 + sequence)),
      zipCode: '01001-000',
      street: 'Praça da Sé',
      number: '100',
      neighborhood: 'Sé',
      city: 'São Paulo',
      state: 'SP',
      level: 1,
      shippingCost: 10,
      warrantyPercentage: 0,
      ...overrides,
    },
  });
};
const registered = async (overrides: Record<string, unknown> = {}) => {
  const res = await register(overrides);
  expect(res.statusCode, res.body).toBe(201);
  return customerSchema.parse(res.json().data);
};
const stored = async (id: number) =>
  (await t.db.selectFrom('customers').select('state_registration').where('id', '=', id).executeTakeFirstOrThrow())
    .state_registration;
const customersCount = async () =>
  Number(
    (
      await t.db
        .selectFrom('customers')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const edit = (id: number, extra: Record<string, unknown>) =>
  t.app.inject({
    method: 'PATCH',
    url: '/api/customers',
    headers: bearer(attendant),
    payload: { customerId: id, level: 1, warrantyPercentage: 0, shippingCost: 10, approve: true, ...extra },
  });

describe("a customer's state registration (issue 41)", () => {
  it('is registered normalised: digits without punctuation, ISENTO in any case, blank or absent as none', async () => {
    const cases: [unknown, string | null][] = [
      ['86.123.456', '86123456'],
      [' 110.042.490/114 ', '110042490114'],
      ['86 123-456', '86123456'],
      ['isento', 'ISENTO'],
      [' Isento ', 'ISENTO'],
      ['', null],
      ['   ', null],
      [null, null],
      [undefined, null],
    ];
    for (const [typed, kept] of cases) {
      const customer = await registered(typed === undefined ? {} : { stateRegistration: typed });
      expect(customer.stateRegistration, String(typed)).toBe(kept);
      expect(await stored(customer.id), String(typed)).toBe(kept);
    }
    // The registration's audit row says it.
    const last = await registered({ stateRegistration: '86.123.456' });
    const audit = await t.db
      .selectFrom('audit_events')
      .select('changes')
      .where('entity', '=', 'customer')
      .where('entity_id', '=', String(last.id))
      .executeTakeFirstOrThrow();
    expect(audit.changes).toMatchObject({ stateRegistration: '86123456' });
  });

  it('refuses what is neither 2 to 14 digits nor ISENTO, with its own message, and registers nobody', async () => {
    const before = await customersCount();
    for (const typed of ['1', '123456789012345', '86A123456', 'ISENTA', 'isento 1', '86,123,456', 86123456]) {
      const res = await register({ stateRegistration: typed });
      expect(res.statusCode, String(typed)).toBe(400);
      expect(res.json().errors, String(typed)).toEqual([INVALID]);
    }
    expect(await customersCount()).toBe(before);
  });

  it('is edited: set, kept when the edit does not send it, removed by null or blank; refused when invalid', async () => {
    const { id } = await registered();
    const set = await edit(id, { stateRegistration: '86.123.456' });
    expect(set.statusCode, set.body).toBe(200);
    expect(customerSchema.parse(set.json().data).stateRegistration).toBe('86123456');
    // An edit without the field (section 7's body) keeps it.
    const kept = await edit(id, { shippingCost: 12 });
    expect(kept.json().data).toMatchObject({ stateRegistration: '86123456', shippingCost: 12 });
    const bad = await edit(id, { stateRegistration: 'não sei' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([INVALID]);
    expect(await stored(id)).toBe('86123456');
    expect((await edit(id, { stateRegistration: 'ISENTO' })).json().data.stateRegistration).toBe('ISENTO');
    expect((await edit(id, { stateRegistration: '' })).json().data.stateRegistration).toBeNull();
    await edit(id, { stateRegistration: '86123456' });
    expect((await edit(id, { stateRegistration: null })).json().data.stateRegistration).toBeNull();
    expect(await stored(id)).toBeNull();

    // The history ('Histórico de alterações') says each change in words.
    const history = await t.app.inject({
      method: 'GET',
      url: `/api/audit?entity=customer&id=${id}&items=100`,
      headers: bearer(admin),
    });
    expect(history.statusCode, history.body).toBe(200);
    const changes = auditPageSchema
      .parse(history.json())
      .data.flatMap((entry) => entry.changes.filter((change) => change.field === 'Inscrição estadual'))
      .map((change) => [change.from, change.to]);
    expect(changes).toEqual(
      expect.arrayContaining([
        ['—', '86123456'],
        ['86123456', 'ISENTO'],
        ['ISENTO', '—'],
        ['86123456', '—'],
      ]),
    );
  });

  it('is answered by the lists, the details and the CSV export', async () => {
    const customer = await registered({ stateRegistration: '110.042.490.114' });
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/customers?page=0&items=10&search=${encodeURIComponent(customer.email)}`,
      headers: bearer(attendant),
    });
    expect(list.json().customers).toMatchObject([{ id: customer.id, stateRegistration: '110042490114' }]);
    const details = await t.app.inject({
      method: 'GET',
      url: `/api/administrator/customer/${encodeURIComponent(customer.email)}`,
      headers: bearer(attendant),
    });
    expect(details.json().data.stateRegistration).toBe('110042490114');
    const csv = await t.app.inject({
      method: 'GET',
      url: `/api/customers/export.csv?list=active&search=${encodeURIComponent(customer.email)}`,
      headers: bearer(attendant),
    });
    const [head, row] = csv.body.slice(1).trimEnd().split('\r\n');
    const column = head?.split(';').indexOf('Inscrição estadual') ?? -1;
    expect(column).toBe(4);
    expect(row?.split(';')[column]).toBe('110042490114');
  });

  it('is imported from the column "Inscrição estadual", kept when a later file lacks it or leaves it empty', async () => {
    const cpf = withCpfCheckDigits('720000001');
    const sheet = (header: string, cells: string) =>
      utf8(
        `Nome;E-mail;Telefone;CPF/CNPJ${header}\r\nRaul Planilha;raul.planilha@example.com;11987654321;${cpf}${cells}\r\n`,
      );
    const importing = async (file: Buffer) => {
      const res = await uploadSheet(t, 'customers', file, 'dryRun=false', { token: admin });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data;
    };
    const row = () =>
      t.db
        .selectFrom('customers')
        .select(['id', 'state_registration'])
        .where('document', '=', cpf)
        .executeTakeFirstOrThrow();

    expect(await importing(sheet(';Inscrição estadual', ';86.123.456'))).toMatchObject({ created: 1, errors: [] });
    expect((await row()).state_registration).toBe('86123456');
    // A file without the column, and an empty cell, keep it (as every column of an update does).
    expect(await importing(sheet('', ''))).toMatchObject({ updated: 1, errors: [] });
    expect(await importing(sheet(';IE', ';'))).toMatchObject({ updated: 1, errors: [] });
    expect((await row()).state_registration).toBe('86123456');
    expect(await importing(sheet(';IE', ';isento'))).toMatchObject({ updated: 1, errors: [] });
    expect((await row()).state_registration).toBe('ISENTO');
    // Refused per line and column, the customer unchanged.
    expect(await importing(sheet(';Inscrição estadual', ';86-ABC'))).toMatchObject({
      imported: false,
      errors: [{ line: 2, column: 'Inscrição estadual', message: INVALID }],
    });
    expect((await row()).state_registration).toBe('ISENTO');
    // The import's audit row of the update says the change.
    const audit = await t.db
      .selectFrom('audit_events')
      .select('changes')
      .where('entity', '=', 'customer')
      .where('entity_id', '=', String((await row()).id))
      .where('action', '=', 'import-update')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(audit.changes).toMatchObject({ stateRegistration: { from: '86123456', to: 'ISENTO' } });

    // An XLSX cell holding the IE as a number reads as its digits.
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('Clientes').addRows([
      ['Nome', 'E-mail', 'Telefone', 'CPF/CNPJ', 'Inscrição estadual'],
      ['Raul Planilha', 'raul.planilha@example.com', '11987654321', cpf, 110042490114],
    ]);
    const xlsx = await uploadSheet(t, 'customers', Buffer.from(await workbook.xlsx.writeBuffer()), 'dryRun=false', {
      token: admin,
      name: 'clientes.xlsx',
    });
    expect(xlsx.json().data).toMatchObject({ updated: 1, errors: [] });
    expect((await row()).state_registration).toBe('110042490114');

    // The template names the column after the CPF/CNPJ.
    const template = await t.app.inject({
      method: 'GET',
      url: '/api/imports/customers/template?format=csv',
      headers: bearer(admin),
    });
    expect(
      template.body
        .replace(/^\uFEFF/, '')
        .split('\r\n')[0]
        ?.split(';')
        .slice(3, 5),
    ).toEqual(['CPF/CNPJ', 'Inscrição estadual']);
  });

  it('is kept only normalised by the database: punctuation, letters or 15 digits are refused by its check', async () => {
    const { id } = await registered();
    for (const value of ['86.123.456', 'isento', '123456789012345', '1']) {
      await expect(
        sql`update customers set state_registration = ${value} where id = ${id}`.execute(t.db),
        value,
      ).rejects.toThrow(/customers_state_registration_format/);
    }
    expect(await stored(id)).toBeNull();
  });
});
