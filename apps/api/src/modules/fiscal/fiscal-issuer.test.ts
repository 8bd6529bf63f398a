import { BRAZILIAN_STATES, fiscalIssuerSchema } from '@backoffice/contract';
import { unsavedIssuer } from '@backoffice/contract/fiscal-issuer-test-data';
import { getMunicipalities, getStates } from '@brazilian-utils/brazilian-utils';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bearer, createTestApp, DEMO, expectApiError, signIn, type TestApp } from '../../test/helpers';
import { loadNfceCsc, loadTechnicalContact } from './fiscal.service';
import { issuerBody, putIssuer } from './test-fiscal';

/**
 * The issuer ('Emitente') and the IBGE municipalities through the API (issue 41 §1, decision 0056), on a fresh
 * database each. São Paulo is 3550308 (IBGE; SP's code is 35), Rio de Janeiro 3304557 (RJ, 33).
 */
let t: TestApp;
let admin: string;

beforeEach(async () => {
  t = await createTestApp();
  admin = await signIn(t.app, DEMO.admin);
});
afterEach(() => t.close());

const getIssuer = (token = admin) => t.app.inject({ method: 'GET', url: '/api/fiscal/issuer', headers: bearer(token) });
const issuerAudits = () =>
  t.db
    .selectFrom('audit_events')
    .select(['action', 'changes'])
    .where('entity', '=', 'fiscal_issuer')
    .orderBy('id')
    .execute();
const TOKEN = 'A1B2C3D4E5F6G7H8I9J0K1L2M3N4O5P6Q7R8';

describe('the issuer', () => {
  it("suggests the company's CNPJ and name until it is saved", async () => {
    const empty = await getIssuer();
    expect(empty.statusCode).toBe(200);
    expect(empty.json().data).toMatchObject({ saved: false, cnpj: null, legalName: null, environment: 2 });

    await t.db
      .insertInto('company_settings')
      .values({ company_id: 1, name: 'Distribuidora Modelo de Celulares Ltda', cnpj: '11.222.333/0001-81' })
      .onConflict((oc) =>
        oc
          .column('company_id')
          .doUpdateSet({ name: 'Distribuidora Modelo de Celulares Ltda', cnpj: '11.222.333/0001-81' }),
      )
      .execute();
    expect(fiscalIssuerSchema.parse((await getIssuer()).json().data)).toEqual(
      unsavedIssuer({ cnpj: '11222333000181', legalName: 'Distribuidora Modelo de Celulares Ltda' }),
    );
  });

  it('saves the whole issuer normalised, the municipality by the IBGE table, the CSC sealed and never answered', async () => {
    const sent = issuerBody({
      ie: ' 123.456.789.110 ',
      address: { ...issuerBody().address, cityName: 'sao  paulo' },
      nfe: { series: 2, nextNumber: 1501 },
      nfce: { series: 0, nextNumber: 999_999_999 },
    });
    const res = await putIssuer(t, admin, sent);
    expect(res.statusCode, res.body).toBe(200);
    const adminRow = await t.db
      .selectFrom('employees')
      .select(['id', 'name'])
      .where('email', '=', DEMO.admin)
      .executeTakeFirstOrThrow();
    const saved = fiscalIssuerSchema.parse(res.json().data);
    // The answer is what was sent (names, CRT, the rest of the address, environment, numbering, CSC id), its CNPJ,
    // IE, CEP and phone as digits, the city named by the IBGE table, the token only as cscConfigured.
    const { cscToken: _token, ...sentAsIs } = sent;
    expect(saved).toEqual({
      ...sentAsIs,
      saved: true,
      cnpj: '11222333000181',
      ie: '123456789110',
      address: { ...sent.address, cep: '01310100', cityName: 'São Paulo' },
      phone: '1134567890',
      cscConfigured: true,
      transport: 'SEFAZ',
      provider: { sandbox: true, clientId: null, secretConfigured: false },
      autoEmit: 'OFF',
      pisCofinsNonCumulative: false,
      technicalContact: null,
      updatedAt: expect.any(String),
      updatedBy: { id: adminRow.id, name: adminRow.name },
    });
    expect(res.body).not.toContain(TOKEN);
    expect((await getIssuer()).json().data).toEqual(saved);
    const row = await t.db.selectFrom('fiscal_issuer').selectAll().executeTakeFirstOrThrow();
    expect(row.csc_token_ciphertext?.toString('utf8')).not.toContain(TOKEN);
    expect(row.csc_token_ciphertext).toHaveLength(TOKEN.length);
    await expect(loadNfceCsc(t.db, t.config.jwtSecret)).resolves.toEqual({ id: '000001', token: TOKEN });
    await expect(loadNfceCsc(t.db, 'another secret')).rejects.toMatchObject({ statusCode: 409 });

    // Saved again without the token: it stays; then removed (null). Each save audited with before and after.
    const again = await putIssuer(t, admin, issuerBody({ cscToken: undefined, environment: 1, crt: 3 }));
    expect(again.json().data).toMatchObject({ cscConfigured: true, environment: 1, crt: 3 });
    await expect(loadNfceCsc(t.db, t.config.jwtSecret)).resolves.toEqual({ id: '000001', token: TOKEN });
    const cleared = await putIssuer(t, admin, issuerBody({ cscToken: null, cscId: null }));
    expect(cleared.json().data).toMatchObject({ cscConfigured: false, cscId: null });
    await expect(loadNfceCsc(t.db, t.config.jwtSecret)).rejects.toMatchObject({
      statusCode: 409,
      message: 'Informe o CSC e o seu identificador em Configurações → Fiscal para emitir NFC-e.',
    });

    const audits = await issuerAudits();
    expect(audits.map((a) => a.action)).toEqual(['create', 'update', 'update']);
    expect(audits[0]?.changes).toMatchObject({
      before: null,
      after: { cnpj: '11222333000181', cscConfigured: true, address: { cityName: 'São Paulo' } },
      cscTokenChanged: true,
    });
    expect(audits[1]?.changes).toMatchObject({
      before: { environment: 2, crt: 1, cscConfigured: true },
      after: { environment: 1, crt: 3, cscConfigured: true },
      cscTokenChanged: false,
    });
    expect(audits[2]?.changes).toMatchObject({ after: { cscConfigured: false, cscId: null } });
    expect(JSON.stringify(audits)).not.toContain(TOKEN);
  });

  it("keeps the 'responsável técnico' (issue 55 §2): the CSRT sealed, never answered; absent keeps, null removes", async () => {
    const CSRT = 'G8063VRTNDMO886SFNK5LDUDEI24XJ22YIPO';
    const contact = {
      cnpj: '99.999.999/0001-91',
      contact: ' Fulano de Tal ',
      email: 'fulano@backoffice.example.com',
      phone: '(11) 5555-1122',
      csrtId: '01',
      csrt: CSRT,
    };
    const res = await putIssuer(t, admin, issuerBody({ technicalContact: contact }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.technicalContact).toEqual({
      cnpj: '99999999000191',
      contact: 'Fulano de Tal',
      email: 'fulano@backoffice.example.com',
      phone: '1155551122',
      csrtId: '01',
      csrtConfigured: true,
    });
    expect(res.body).not.toContain(CSRT);
    const row = await t.db.selectFrom('fiscal_issuer').selectAll().executeTakeFirstOrThrow();
    expect(row.tech_csrt_ciphertext?.toString('utf8')).not.toContain(CSRT);
    const loaded = { cnpj: '99999999000191', contact: 'Fulano de Tal', email: 'fulano@backoffice.example.com' };
    await expect(loadTechnicalContact(t.db, t.config.jwtSecret)).resolves.toEqual({
      ...loaded,
      phone: '1155551122',
      csrt: { id: '01', token: CSRT },
    });
    // Saved without it: kept; its CSRT left blank: kept; then removed.
    await putIssuer(t, admin, issuerBody({ environment: 1 }));
    const { csrt: _csrt, ...withoutCsrt } = contact;
    await putIssuer(t, admin, issuerBody({ technicalContact: { ...withoutCsrt, phone: '11 5555-0000' } }));
    await expect(loadTechnicalContact(t.db, t.config.jwtSecret)).resolves.toEqual({
      ...loaded,
      phone: '1155550000',
      csrt: { id: '01', token: CSRT },
    });
    const cleared = await putIssuer(t, admin, issuerBody({ technicalContact: null }));
    expect(cleared.json().data.technicalContact).toBeNull();
    await expect(loadTechnicalContact(t.db, t.config.jwtSecret)).resolves.toBeNull();
    expect(JSON.stringify(await issuerAudits())).not.toContain(CSRT);
    // Refused in words: a bad CNPJ, a short phone, a CSRT without its id.
    const refused = await putIssuer(
      t,
      admin,
      issuerBody({ technicalContact: { ...contact, cnpj: '99.999.999/0001-00', phone: '123', csrtId: null } }),
    );
    expect(refused.statusCode).toBe(400);
    for (const message of [
      'CNPJ do responsável técnico inválido.',
      'Informe o telefone do responsável técnico: 6 a 14 dígitos, com o DDD.',
      'Informe o identificador do CSRT junto com o CSRT.',
    ])
      expect(refused.body).toContain(message);
  });

  it('refuses a bad CNPJ, an IBGE code of another UF or of no municipality, a name not the code’s, and the rest', async () => {
    const refused = async (body: object) => {
      const res = await putIssuer(t, admin, body);
      return expectApiError(res, 400, 'VALIDATION_FAILED').errors;
    };
    const address = issuerBody().address;
    expect(await refused(issuerBody({ cnpj: '11.222.333/0001-82' }))).toEqual(['CNPJ do emitente inválido.']);
    expect(await refused(issuerBody({ address: { ...address, cityCode: '3304557' } }))).toEqual([
      'O código IBGE do município não é de SP: os municípios de SP começam por 35.',
    ]);
    expect(await refused(issuerBody({ address: { ...address, cityCode: '3599999' } }))).toEqual([
      'O código IBGE 3599999 não é de nenhum município.',
    ]);
    expect(await refused(issuerBody({ address: { ...address, cityName: 'Campinas' } }))).toEqual([
      'O município Campinas não é o do código IBGE 3550308 (São Paulo).',
    ]);
    expect(await refused(issuerBody({ address: { ...address, cityCode: '355030' } }))).toEqual([
      'Informe o código IBGE do município: 7 dígitos (ex.: 3550308).',
    ]);
    expect(await refused(issuerBody({ address: { ...address, uf: 'XX' as 'SP' } }))).toEqual([
      'Informe a UF: a sigla do estado (ex.: SP).',
    ]);
    expect(await refused(issuerBody({ address: { ...address, cep: '1310-100' } }))).toEqual([
      'Informe o CEP com 8 dígitos (ex.: 01310-100).',
    ]);
    expect(await refused(issuerBody({ ie: '1' }))).toEqual([
      "Informe a inscrição estadual: de 2 a 14 dígitos, ou 'ISENTO'.",
    ]);
    expect(await refused(issuerBody({ crt: 5 }))).toEqual([
      'Informe o regime tributário (CRT): 1 Simples Nacional, 2 Simples Nacional com excesso de sublimite, 3 Regime Normal ou 4 MEI.',
    ]);
    expect(await refused(issuerBody({ environment: 3 }))).toEqual([
      'Informe o ambiente: 1 (produção) ou 2 (homologação).',
    ]);
    expect(await refused(issuerBody({ nfe: { series: 1000, nextNumber: 1 } }))).toEqual([
      'Informe a série: um número de 0 a 999.',
    ]);
    expect(await refused(issuerBody({ nfce: { series: 1, nextNumber: 0 } }))).toEqual([
      'Informe o próximo número: de 1 a 999.999.999.',
    ]);
    expect(await refused(issuerBody({ legalName: 'Celulares 📱 Ltda' }))).toEqual([
      'Use letras, números e sinais comuns (sem emojis nem símbolos especiais).',
    ]);
    expect(await refused(issuerBody({ cscId: null }))).toEqual(['Informe o identificador do CSC junto com o CSC.']);
    expect(await refused(issuerBody({ phone: '123' }))).toEqual(['Informe o telefone com DDD (ex.: (11) 3456-7890).']);
    expect(await t.db.selectFrom('fiscal_issuer').selectAll().execute()).toEqual([]);

    // 'isento' is ISENTO; a Rio de Janeiro address with its own code is saved.
    const rio = await putIssuer(
      t,
      admin,
      issuerBody({ ie: 'isento', address: { ...address, uf: 'RJ', cityCode: '3304557', cep: '20040-002' } }),
    );
    expect(rio.statusCode, rio.body).toBe(200);
    expect(rio.json().data).toMatchObject({ ie: 'ISENTO', address: { uf: 'RJ', cityName: 'Rio de Janeiro' } });
    // The token kept, its id taken away: refused.
    const withoutId = await putIssuer(t, admin, issuerBody({ cscToken: undefined, cscId: null }));
    expect(expectApiError(withoutId, 400, 'VALIDATION_FAILED').errors).toEqual([
      'Informe o identificador do CSC junto com o CSC.',
    ]);
  });

  it('is closed to a role without the settings permission', async () => {
    const manager = await signIn(t.app, DEMO.manager);
    expectApiError(await getIssuer(manager), 403, 'FORBIDDEN');
    expectApiError(await putIssuer(t, manager, issuerBody()), 403, 'FORBIDDEN');
  });
});

describe('the IBGE municipalities', () => {
  const search = (query: string) =>
    t.app.inject({ method: 'GET', url: `/api/fiscal/municipalities?${query}`, headers: bearer(admin) });

  it("finds 'sao paulo' as São Paulo/SP 3550308 first, accents and case aside; by UF; by code", async () => {
    const res = await search('q=sao%20paulo');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([
      { code: '3550308', name: 'São Paulo', uf: 'SP' },
      { code: '4319307', name: 'São Paulo das Missões', uf: 'RS' },
      { code: '1303908', name: 'São Paulo de Olivença', uf: 'AM' },
      { code: '2412609', name: 'São Paulo do Potengi', uf: 'RN' },
    ]);
    expect((await search('q=S%C3%83O%20PAULO&uf=RS')).json().data).toEqual([
      { code: '4319307', name: 'São Paulo das Missões', uf: 'RS' },
    ]);
    expect((await search('q=embu%20guacu')).json().data).toEqual([{ code: '3515103', name: 'Embu-Guaçu', uf: 'SP' }]);
    expect((await search('q=3304557')).json().data).toEqual([{ code: '3304557', name: 'Rio de Janeiro', uf: 'RJ' }]);
    expect((await search('uf=DF')).json().data).toEqual([{ code: '5300108', name: 'Brasília', uf: 'DF' }]);
    expect((await search('q=santa')).json().data).toHaveLength(20);
    expect((await search('q=zzzz')).json().data).toEqual([]);
    expectApiError(await search('uf=XX'), 400, 'VALIDATION_FAILED');
    expectApiError(await search(`q=${'a'.repeat(61)}`), 400, 'VALIDATION_FAILED');
  });

  it("ships the IBGE's 5,571 municipalities, and the contract's UF codes are the IBGE's", () => {
    const all = getMunicipalities();
    expect(all).toHaveLength(5571);
    expect(BRAZILIAN_STATES.map((s) => [s.uf, s.ibge]).sort()).toEqual(
      getStates()
        .map((s) => [s.code, s.ibgeCode])
        .sort(),
    );
    // Every municipality's code starts with its UF's.
    const prefix = new Map(BRAZILIAN_STATES.map((s) => [s.uf as string, String(s.ibge)]));
    expect(all.filter((m) => !m.code.startsWith(prefix.get(m.stateCode) ?? '?'))).toEqual([]);
  });
});
