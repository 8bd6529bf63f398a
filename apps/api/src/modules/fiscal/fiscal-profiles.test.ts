import { type FiscalProfileBody, fiscalProfileSchema } from '@backoffice/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bearer, createTestApp, DEMO, expectApiError, signIn, type TestApp } from '../../test/helpers';
import { createBrand, createProduct } from '../purchases/test-purchases';
import { saveTestIssuer } from './test-fiscal';

/**
 * 'Perfis fiscais' through the API (issue 41 §1, decision 0056), on a fresh database each. Rates in % are kept as
 * ten-thousandths of a percent, worked by hand: 18 % → 180000, 1,65 % → 16500, 7,6 % → 76000, the reform's 2026
 * test rates CBS 0,9 % → 9000, IBS UF 0,1 % → 1000, IBS Mun 0 → 0; 0,0125 % → 125.
 */
let t: TestApp;
let admin: string;

beforeEach(async () => {
  t = await createTestApp();
  admin = await signIn(t.app, DEMO.admin);
});
afterEach(() => t.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, token = admin) =>
  t.app.inject({ method, url: `/api${url}`, headers: bearer(token), ...(payload ? { payload } : {}) });

const simples: FiscalProfileBody = {
  name: 'Celulares Simples',
  isDefault: true,
  cfopInState: '5102',
  cfopOutOfState: '6102',
  icmsCsosn: '102',
  icmsRate: 0,
  pisCst: '49',
  pisRate: 0,
  cofinsCst: '49',
  cofinsRate: 0,
  ibsCbs: null,
};
const normal: FiscalProfileBody = {
  name: 'Celulares Regime Normal',
  cfopInState: '5102',
  cfopOutOfState: '6108',
  icmsCst: '00',
  icmsRate: 18,
  pisCst: '01',
  pisRate: 1.65,
  cofinsCst: '01',
  cofinsRate: 7.6,
  ibsCbs: { cst: '000', cClassTrib: '000001', cbsRate: 0.9, ibsUfRate: 0.1, ibsMunRate: 0 },
};

async function create(body: FiscalProfileBody) {
  const res = await call('POST', '/fiscal/profiles', body);
  expect(res.statusCode, res.body).toBe(201);
  return fiscalProfileSchema.parse(res.json().data);
}
const rowOf = (id: number) =>
  t.db.selectFrom('fiscal_profiles').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const errorsOf = async (body: object, status = 400, code = 'VALIDATION_FAILED') =>
  expectApiError(await call('POST', '/fiscal/profiles', body), status, code).errors;

describe('fiscal profiles', () => {
  it('are created, listed, edited and deleted, their rates exact, one default at most, names unique', async () => {
    const a = await create(simples);
    expect(a).toEqual({
      id: a.id,
      name: 'Celulares Simples',
      isDefault: true,
      cfopInState: '5102',
      cfopOutOfState: '6102',
      icmsCst: null,
      icmsCsosn: '102',
      icmsRate: 0,
      pisCst: '49',
      pisRate: 0,
      cofinsCst: '49',
      cofinsRate: 0,
      ibsCbs: null,
      productCount: 0,
      updatedAt: expect.any(String),
    });
    const b = await create({ ...normal, isDefault: true });
    expect(b).toMatchObject({
      icmsCst: '00',
      icmsCsosn: null,
      icmsRate: 18,
      pisRate: 1.65,
      cofinsRate: 7.6,
      ibsCbs: { cst: '000', cClassTrib: '000001', cbsRate: 0.9, ibsUfRate: 0.1, ibsMunRate: 0 },
      isDefault: true,
    });
    expect(await rowOf(b.id)).toMatchObject({
      icms_rate_ten_thousandths: 180000,
      pis_rate_ten_thousandths: 16500,
      cofins_rate_ten_thousandths: 76000,
      cbs_rate_ten_thousandths: 9000,
      ibs_uf_rate_ten_thousandths: 1000,
      ibs_mun_rate_ten_thousandths: 0,
    });
    // The new default took it from the first.
    const list = await call('GET', '/fiscal/profiles');
    expect(list.json().data.map((p: { name: string; isDefault: boolean }) => [p.name, p.isDefault])).toEqual([
      ['Celulares Regime Normal', true],
      ['Celulares Simples', false],
    ]);
    expect((await call('POST', '/fiscal/profiles', { ...simples, name: 'celulares SIMPLES' })).json()).toMatchObject({
      code: 'DUPLICATE',
      errors: ['Já existe um perfil fiscal chamado celulares SIMPLES.'],
    });

    const edited = await call('PUT', `/fiscal/profiles/${a.id}`, { ...simples, icmsRate: 0.0125, isDefault: false });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data).toMatchObject({ icmsRate: 0.0125, isDefault: false });
    expect((await rowOf(a.id)).icms_rate_ten_thousandths).toBe(125);
    expectApiError(
      await call('PUT', `/fiscal/profiles/${a.id}`, { ...simples, name: 'Celulares Regime Normal' }),
      409,
      'DUPLICATE',
    );
    expectApiError(await call('PUT', '/fiscal/profiles/999999', simples), 404, 'NOT_FOUND');

    expect((await call('DELETE', `/fiscal/profiles/${a.id}`)).json()).toEqual({ data: { id: a.id } });
    expectApiError(await call('DELETE', `/fiscal/profiles/${a.id}`), 404, 'NOT_FOUND');
    const audits = await t.db
      .selectFrom('audit_events')
      .select(['action', 'entity_id', 'changes'])
      .where('entity', '=', 'fiscal_profile')
      .orderBy('id')
      .execute();
    expect(audits.map((x) => [x.action, Number(x.entity_id)])).toEqual([
      ['create', a.id],
      ['create', b.id],
      ['update', a.id],
      ['delete', a.id],
    ]);
    expect(audits[2]?.changes).toMatchObject({ before: { icmsRate: 0 }, after: { icmsRate: 0.0125 } });
  });

  it('refuse what the NF-e would not take, each with its message', async () => {
    expect(await errorsOf({ ...simples, cfopInState: '6102' })).toEqual([
      'Informe o CFOP dentro do estado: 4 dígitos começando por 5 (ex.: 5102).',
    ]);
    expect(await errorsOf({ ...simples, cfopOutOfState: '5102' })).toEqual([
      'Informe o CFOP para fora do estado: 4 dígitos começando por 6 (ex.: 6102).',
    ]);
    expect(await errorsOf({ ...simples, icmsCst: '00' })).toEqual([
      'Informe o CST do ICMS (Regime Normal) ou o CSOSN (Simples Nacional), um dos dois.',
    ]);
    expect(await errorsOf({ ...simples, icmsCsosn: null })).toEqual([
      'Informe o CST do ICMS (Regime Normal) ou o CSOSN (Simples Nacional), um dos dois.',
    ]);
    // Codes the note is not written with yet (substitution charged here, a purchase's PIS) are refused.
    expect(await errorsOf({ ...simples, icmsCsosn: '900' })).toEqual([
      'CSOSN inválido: use 101, 102, 103, 300, 400 ou 500.',
    ]);
    expect(await errorsOf({ ...normal, icmsCst: '10' })).toEqual(['CST do ICMS inválido: use 00, 40, 41, 50 ou 60.']);
    expect(await errorsOf({ ...simples, pisCst: '50' })).toEqual([
      'CST do PIS inválido numa venda: use 01, 02, 04 a 09, 49 ou 99.',
    ]);
    expect(await errorsOf({ ...normal, ibsCbs: { ...normal.ibsCbs, cClassTrib: '200001' } })).toEqual([
      'O cClassTrib deve começar pelo CST do IBS/CBS (ex.: CST 000, cClassTrib 000001).',
    ]);
    expect(await errorsOf({ ...normal, ibsCbs: { ...normal.ibsCbs, cClassTrib: '00001' } })).toEqual([
      'Informe o cClassTrib: 6 dígitos (ex.: 000001).',
    ]);
    const rate = 'Informe a alíquota em %, de 0 a 100, com até 4 casas decimais.';
    expect(await errorsOf({ ...normal, icmsRate: 100.5 })).toEqual([rate]);
    expect(await errorsOf({ ...normal, pisRate: -1 })).toEqual([rate]);
    expect(await errorsOf({ ...normal, ibsCbs: { ...normal.ibsCbs, cbsRate: 0.00001 } })).toEqual([rate]);
    expect(await errorsOf({ ...simples, name: ' ' })).toEqual(['Informe o nome do perfil (1 a 60 caracteres).']);
    expect(await t.db.selectFrom('fiscal_profiles').selectAll().execute()).toEqual([]);
  });

  it("take the ICMS code of the saved issuer's regime: CSOSN for Simples Nacional, CST for Regime Normal", async () => {
    await create(normal); // no issuer yet: either is taken
    await saveTestIssuer(t, admin, { crt: 1 });
    expect(await errorsOf({ ...normal, name: 'Outro' })).toEqual([
      'O emitente é do Simples Nacional: informe o CSOSN do ICMS, não o CST.',
    ]);
    await create(simples);
    await saveTestIssuer(t, admin, { crt: 3 });
    expect(await errorsOf({ ...simples, name: 'Outro' })).toEqual([
      'O emitente é do Regime Normal: informe o CST do ICMS, não o CSOSN.',
    ]);
    await saveTestIssuer(t, admin, { crt: 4 });
    expect(await errorsOf({ ...normal, name: 'Outro' })).toEqual([
      'O emitente é do Simples Nacional - Microempreendedor Individual (MEI): informe o CSOSN do ICMS, não o CST.',
    ]);
  });

  it('are assigned to products in one transaction, audited in each product; a profile in use is not deleted', async () => {
    await createBrand(t, admin);
    const p1 = await createProduct(t, admin, { name: 'iPhone 15 128 GB', cost: 3000 });
    const p2 = await createProduct(t, admin, { name: 'iPhone 15 256 GB', cost: 3500 });
    const p3 = await createProduct(t, admin, { name: 'Capa iPhone 15', cost: 20 });
    const a = await create(simples);
    const b = await create(normal);
    const assign = (profileId: number, productIds: unknown) =>
      call('PUT', `/fiscal/profiles/${profileId}/products`, { productIds });
    const profileOf = async (id: number) =>
      (await t.db.selectFrom('products').select('fiscal_profile_id').where('id', '=', id).executeTakeFirstOrThrow())
        .fiscal_profile_id;

    const res = await assign(a.id, [p1.id, p2.id]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ assigned: 2, profile: { id: a.id, productCount: 2 } });
    expect([await profileOf(p1.id), await profileOf(p2.id), await profileOf(p3.id)]).toEqual([a.id, a.id, null]);

    // An unknown product: nothing assigned, each unknown id named.
    const missing = expectApiError(await assign(b.id, [p3.id, p2.id, 999_999]), 404, 'NOT_FOUND');
    expect(missing.errors).toEqual(['Produto(s) não encontrado(s): 999999.']);
    expect([await profileOf(p2.id), await profileOf(p3.id)]).toEqual([a.id, null]);
    expectApiError(await assign(b.id, [p3.id, p3.id]), 400, 'VALIDATION_FAILED');
    expectApiError(await assign(b.id, []), 400, 'VALIDATION_FAILED');
    expectApiError(await assign(999_999, [p3.id]), 404, 'NOT_FOUND');

    expect((await assign(b.id, [p2.id, p3.id])).json().data).toMatchObject({
      assigned: 2,
      profile: { productCount: 2 },
    });
    const counts = (await call('GET', '/fiscal/profiles'))
      .json()
      .data.map((p: { name: string; productCount: number }) => [p.name, p.productCount]);
    expect(counts).toEqual([
      ['Celulares Regime Normal', 2],
      ['Celulares Simples', 1],
    ]);
    const productAudits = await t.db
      .selectFrom('audit_events')
      .select(['entity_id', 'changes'])
      .where('entity', '=', 'product')
      .where('action', '=', 'update')
      .orderBy('id')
      .execute();
    expect(productAudits.map((x) => [x.entity_id, x.changes])).toEqual([
      [p1.code, { fiscalProfile: { from: null, to: 'Celulares Simples' } }],
      [p2.code, { fiscalProfile: { from: null, to: 'Celulares Simples' } }],
      [p2.code, { fiscalProfile: { from: 'Celulares Simples', to: 'Celulares Regime Normal' } }],
      [p3.code, { fiscalProfile: { from: null, to: 'Celulares Regime Normal' } }],
    ]);

    const inUse = expectApiError(await call('DELETE', `/fiscal/profiles/${a.id}`), 409, 'IN_USE');
    expect(inUse.errors).toEqual([
      'O perfil Celulares Simples está em 1 produto: passe-os para outro perfil antes de excluí-lo.',
    ]);
    await assign(b.id, [p1.id]);
    expect((await call('DELETE', `/fiscal/profiles/${a.id}`)).statusCode).toBe(200);
  });

  it('an ICMS-ST profile (CSOSN 500) goes only to products with their CEST; such a product keeps its CEST (issue 55)', async () => {
    await createBrand(t, admin);
    const phone = await createProduct(t, admin, { name: 'Galaxy A55 128 GB', cost: 1500 });
    const withCest = await createProduct(t, admin, { name: 'Galaxy A16 128 GB', cost: 900 });
    await t.db
      .updateTable('products')
      .set({ ncm: '85171300', cest: '2105300' })
      .where('id', '=', withCest.id)
      .execute();
    const st = await create({
      ...simples,
      name: 'Celulares ICMS-ST',
      isDefault: false,
      cfopInState: '5405',
      cfopOutOfState: '6404',
      icmsCsosn: '500',
    });
    const assign = (productIds: number[]) => call('PUT', `/fiscal/profiles/${st.id}/products`, { productIds });
    const refused = expectApiError(await assign([phone.id, withCest.id]), 400, 'VALIDATION_FAILED');
    expect(refused.errors).toEqual([
      `Informe o CEST antes de dar um perfil de substituição tributária (ICMS-ST): ${phone.code} (Galaxy A55 128 GB).`,
    ]);
    expect((await assign([withCest.id])).statusCode).toBe(200);
    // The product now asks for its CEST: its view says so, an edit that removes it is refused, naming it.
    const listed = (await call('GET', `/products?search=${withCest.code}`)).json().items as { code: string }[];
    expect(listed.find((p) => p.code === withCest.code)).toMatchObject({ cest: '2105300', cestRequired: true });
    const edit = await call('PUT', `/products/${withCest.code}`, {
      name: 'Galaxy A16 128 GB',
      brand: 'Apple Compras',
      reference: null,
      cost: 900,
      sellPrice: 4999,
      stock: 0,
      stockAlert: 0,
      tags: [],
      discount: { goldPercentage: 0, silverPercentage: 0, bronzePercentage: 0 },
      cest: null,
    });
    expect(expectApiError(edit, 400, 'VALIDATION_FAILED').errors).toEqual([
      'Informe o CEST do produto Galaxy A16 128 GB: o seu perfil fiscal é de substituição tributária (ICMS-ST) e a nota precisa do CEST.',
    ]);
  });

  it('are closed to a role without the settings permission', async () => {
    const manager = await signIn(t.app, DEMO.manager);
    expectApiError(await call('GET', '/fiscal/profiles', undefined, manager), 403, 'FORBIDDEN');
    expectApiError(await call('POST', '/fiscal/profiles', simples, manager), 403, 'FORBIDDEN');
  });
});
