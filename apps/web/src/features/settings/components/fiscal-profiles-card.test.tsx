import { FISCAL_SETUP_TEXTS, type FiscalIssuer, type FiscalProfile, fiscalProfileSchema } from '@backoffice/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type MockCall, mockFetch, renderPage, signInAs } from '../../../test/render';
import {
  GALAXY_PAGE,
  ISSUER,
  ISSUER_SUGGESTION,
  NORMAL_PROFILE,
  SIMPLES_BODY,
  SIMPLES_PROFILE,
} from '../fiscal-test-data';
import { FiscalSection } from './fiscal-section';

type User = ReturnType<typeof userEvent.setup>;

/** 'Fiscal' with `issuer` and `profiles`, as `permissions` (default: settings and products). */
function openFiscal(
  issuer: FiscalIssuer,
  profiles: FiscalProfile[],
  routes: Parameters<typeof mockFetch>[0] = {},
  permissions = ['bo:manage:settings', 'bo:manage:products'],
) {
  signInAs(permissions);
  const calls = mockFetch({
    'GET /api/fiscal/issuer': { body: { data: issuer } },
    'GET /api/fiscal/certificate': { body: { data: null } },
    'GET /api/fiscal/profiles': { body: { data: profiles } },
    ...routes,
  });
  const user = userEvent.setup();
  renderPage(<FiscalSection />);
  return { user, calls };
}

const card = () => screen.getByRole('region', { name: 'Perfis fiscais' });
const writes = (calls: MockCall[]) => calls.filter((call) => call.method !== 'GET');
const field = (dialog: HTMLElement, label: RegExp) => within(dialog).getByLabelText(label) as HTMLInputElement;

async function choose(user: User, dialog: HTMLElement, label: RegExp, option: string) {
  await user.click(within(dialog).getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}

async function retype(user: User, input: HTMLInputElement, text: string) {
  await user.clear(input);
  await user.type(input, text);
}

/** The server's answer to a profile sent: the body as saved. */
const saved = (id: number) => (call: MockCall) => ({
  status: id === 0 ? 201 : 200,
  body: {
    data: fiscalProfileSchema.parse({
      ...(call.body as object),
      id: id || 3,
      productCount: 0,
      updatedAt: '2026-11-22T12:00:00.000Z',
    }),
  },
});

describe("'Perfis fiscais' (issue 41 §1)", () => {
  it('lists each profile: default chip, CFOP, ICMS CSOSN or CST, PIS/COFINS, IBS/CBS and rates, its products', async () => {
    openFiscal(ISSUER, [NORMAL_PROFILE, SIMPLES_PROFILE]);
    const simples = await within(card()).findByRole('listitem', { name: 'Celulares - Simples' });
    const shown = within(simples);
    expect(shown.getByText('Padrão')).toBeTruthy();
    expect(shown.getByText('12 produtos')).toBeTruthy();
    expect(shown.getByText('5405 / 6404')).toBeTruthy();
    expect(shown.getByText('CSOSN 500 · 0 %')).toBeTruthy();
    expect(shown.getAllByText('CST 49 · 0 %')).toHaveLength(2);
    expect(shown.getByText('Sem IBS/CBS')).toBeTruthy();

    const normal = within(within(card()).getByRole('listitem', { name: 'Acessórios - Normal' }));
    expect(normal.queryByText('Padrão')).toBeNull();
    expect(normal.getByText('Nenhum produto')).toBeTruthy();
    expect(normal.getByText('CST 00 · 18 %')).toBeTruthy();
    expect(normal.getByText('CST 01 · 1,65 %')).toBeTruthy();
    expect(normal.getByText('CST 01 · 7,6 %')).toBeTruthy();
    expect(normal.getByText(/CST 000 · cClassTrib 000001/)).toBeTruthy();
    expect(normal.getByText(/CBS 0,9 % · IBS UF 0,1 % · IBS Mun 0 %/)).toBeTruthy();
    // The issuer is of the Simples: a profile with a CST must be edited before a note uses it.
    expect(normal.getByText('Edite o ICMS: o regime do emitente usa CSOSN')).toBeTruthy();
  });

  it('a Regime Normal issuer: the ICMS by CST; IBS/CBS switched on offers 2026 rates; 4 decimals, sent exactly', async () => {
    const { user, calls } = openFiscal({ ...ISSUER, crt: 3 }, [SIMPLES_PROFILE], {
      'POST /api/fiscal/profiles': saved(0),
    });
    await user.click(await within(card()).findByRole('button', { name: 'Novo perfil' }));
    const dialog = await screen.findByRole('dialog', { name: 'Novo perfil fiscal' });
    expect(within(dialog).getByText('O emitente é do Regime Normal: o ICMS é informado pelo CST.')).toBeTruthy();
    expect(within(dialog).queryByRole('combobox', { name: /^CSOSN/ })).toBeNull();
    await user.type(field(dialog, /^Nome do perfil/), 'Acessórios - Normal');
    expect(field(dialog, /^CFOP dentro do estado/).value).toBe('5102');
    expect(field(dialog, /^CFOP fora do estado/).value).toBe('6102');
    await choose(user, dialog, /^CST do ICMS/, '00 - Tributada integralmente');
    await retype(user, field(dialog, /^Alíquota do ICMS/), '18');
    await choose(user, dialog, /^CST do PIS/, '01 - Tributável com alíquota básica');
    await retype(user, field(dialog, /^Alíquota do PIS/), '1,65');
    await choose(user, dialog, /^CST da COFINS/, '01 - Tributável com alíquota básica');
    await retype(user, field(dialog, /^Alíquota da COFINS/), '7,6');
    expect(field(dialog, /^Alíquota da COFINS/).value).toBe('7,6');

    await user.click(within(dialog).getByRole('switch', { name: /IBS\/CBS/ }));
    expect(field(dialog, /^CST do IBS\/CBS/).value).toBe('000');
    expect(field(dialog, /^cClassTrib/).value).toBe('000001');
    expect(field(dialog, /^Alíquota da CBS/).value).toBe('0,9');
    expect(field(dialog, /^Alíquota do IBS \(UF\)/).value).toBe('0,1');
    expect(field(dialog, /^Alíquota do IBS \(município\)/).value).toBe('0');
    // Four decimals are taken (the fifth is not typed).
    await retype(user, field(dialog, /^Alíquota do IBS \(município\)/), '0,01255');
    expect(field(dialog, /^Alíquota do IBS \(município\)/).value).toBe('0,0125');

    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0]?.url).toBe('/api/fiscal/profiles');
    expect(writes(calls)[0]?.body).toEqual({
      name: 'Acessórios - Normal',
      isDefault: false,
      cfopInState: '5102',
      cfopOutOfState: '6102',
      icmsCst: '00',
      icmsCsosn: null,
      icmsRate: 18,
      pisCst: '01',
      pisRate: 1.65,
      cofinsCst: '01',
      cofinsRate: 7.6,
      ibsCbs: { cst: '000', cClassTrib: '000001', cbsRate: 0.9, ibsUfRate: 0.1, ibsMunRate: 0.0125 },
    });
    expect(await screen.findByText(FISCAL_SETUP_TEXTS.profileSaved('Acessórios - Normal'))).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Novo perfil fiscal' })).toBeNull());
  });

  it("checks as typed with the contract: a CFOP out of the state, a name with '—'; a taken name stays in the dialog", async () => {
    let answer = 0;
    const { user, calls } = openFiscal(ISSUER, [], {
      'POST /api/fiscal/profiles': (call) =>
        answer++ === 0
          ? {
              status: 409,
              body: { errors: [FISCAL_SETUP_TEXTS.profileNameTaken('Celulares - Simples')], code: 'DUPLICATE' },
            }
          : saved(0)(call),
    });
    expect(await within(card()).findByText('Nenhum perfil fiscal cadastrado.')).toBeTruthy();
    await user.click(within(card()).getByRole('button', { name: 'Novo perfil' }));
    const dialog = await screen.findByRole('dialog', { name: 'Novo perfil fiscal' });
    // The first profile starts as the shop's default; a Simples issuer's ICMS is its CSOSN.
    expect((within(dialog).getByRole('switch', { name: /Perfil padrão/ }) as HTMLInputElement).checked).toBe(true);
    expect(within(dialog).getByText(/o ICMS é informado pelo CSOSN/)).toBeTruthy();
    await user.type(field(dialog, /^Nome do perfil/), 'Celulares — Simples');
    await user.tab();
    expect(await within(dialog).findByText(FISCAL_SETUP_TEXTS.textCharacters)).toBeTruthy();
    await retype(user, field(dialog, /^Nome do perfil/), 'Celulares - Simples');
    await retype(user, field(dialog, /^CFOP fora do estado/), '5404');
    await user.tab();
    expect(await within(dialog).findByText(FISCAL_SETUP_TEXTS.cfopOutOfStateInvalid)).toBeTruthy();
    await retype(user, field(dialog, /^CFOP fora do estado/), '6404');
    await retype(user, field(dialog, /^CFOP dentro do estado/), '5405');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    // Nothing chosen for the CSOSN nor PIS/COFINS: said under each, nothing sent.
    expect(await within(dialog).findByText(FISCAL_SETUP_TEXTS.icmsCsosnInvalid)).toBeTruthy();
    expect(within(dialog).getByText(FISCAL_SETUP_TEXTS.pisCstInvalid)).toBeTruthy();
    expect(writes(calls)).toHaveLength(0);
    await choose(user, dialog, /^CSOSN/, '500 - ICMS cobrado anteriormente por substituição tributária ou antecipação');
    await choose(user, dialog, /^CST do PIS/, '49 - Outras operações de saída');
    await choose(user, dialog, /^CST da COFINS/, '49 - Outras operações de saída');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await within(dialog).findByRole('alert')).toHaveProperty(
      'textContent',
      FISCAL_SETUP_TEXTS.profileNameTaken('Celulares - Simples'),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(writes(calls)).toHaveLength(2));
    expect(writes(calls)[1]?.body).toEqual(SIMPLES_BODY);
  });

  it('edits a profile with PUT /fiscal/profiles/{id}, its codes kept; before the issuer is saved, either code', async () => {
    const { user, calls } = openFiscal(ISSUER_SUGGESTION, [SIMPLES_PROFILE], {
      'PUT /api/fiscal/profiles/1': saved(1),
    });
    await user.click(await within(card()).findByRole('button', { name: 'Editar: Celulares - Simples' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar o perfil Celulares - Simples' });
    expect(within(dialog).getByText(/O emitente ainda não foi salvo/)).toBeTruthy();
    expect(within(dialog).getByRole('combobox', { name: /^Código do ICMS/ }).textContent).toBe(
      'CSOSN (Simples Nacional)',
    );
    await retype(user, field(dialog, /^Alíquota do ICMS/), '1,25');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    // The profile's codes kept; only the rate typed changes.
    expect(writes(calls)[0]?.body).toEqual({ ...SIMPLES_BODY, icmsRate: 1.25 });
  });

  it("'Excluir' asks first; a profile in use is refused by the server, its message said", async () => {
    const inUse = FISCAL_SETUP_TEXTS.profileInUse('Celulares - Simples', 12);
    const { user, calls } = openFiscal(ISSUER, [SIMPLES_PROFILE], {
      'DELETE /api/fiscal/profiles/1': {
        status: 409,
        body: { errors: [inUse], code: 'IN_USE', details: { products: 12 } },
      },
    });
    await user.click(await within(card()).findByRole('button', { name: 'Excluir: Celulares - Simples' }));
    const confirm = await screen.findByRole('dialog', { name: 'Excluir o perfil fiscal?' });
    expect(within(confirm).getByText('Excluir o perfil Celulares - Simples?')).toBeTruthy();
    await user.click(within(confirm).getByRole('button', { name: 'Excluir' }));
    expect(await screen.findByText(inUse)).toBeTruthy();
    expect(writes(calls).map((call) => `${call.method} ${call.url}`)).toEqual(['DELETE /api/fiscal/profiles/1']);
  });

  it("'Aplicar a produtos': products searched as typed, several picked, PUT with their ids", async () => {
    const { user, calls } = openFiscal(ISSUER, [SIMPLES_PROFILE], {
      'GET /api/products/list': { body: GALAXY_PAGE },
      'PUT /api/fiscal/profiles/1/products': {
        body: { data: { profile: { ...SIMPLES_PROFILE, productCount: 14 }, assigned: 2 } },
      },
    });
    await user.click(await within(card()).findByRole('button', { name: 'Aplicar a produtos: Celulares - Simples' }));
    const dialog = await screen.findByRole('dialog', { name: 'Aplicar o perfil Celulares - Simples a produtos' });
    // Nothing picked: said, nothing sent.
    await user.click(within(dialog).getByRole('button', { name: 'Aplicar' }));
    expect(within(dialog).getByText(FISCAL_SETUP_TEXTS.productIdsInvalid)).toBeTruthy();
    const search = within(dialog).getByRole('combobox', { name: /^Produtos/ });
    await user.type(search, 'galaxy');
    await user.click(await screen.findByRole('option', { name: 'P100010 · Samsung Galaxy A15 5G 128GB Preto' }));
    await user.click(await screen.findByRole('option', { name: 'P100011 · Samsung Galaxy A25 5G 256GB Azul' }));
    const searches = calls.filter((call) => call.url.startsWith('/api/products/list'));
    expect(searches.at(-1)?.url).toBe('/api/products/list?offset=0&limit=20&search=galaxy');
    expect(within(dialog).getByText('P100010 · Samsung Galaxy A15 5G 128GB Preto')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Aplicar' }));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0]).toMatchObject({
      method: 'PUT',
      url: '/api/fiscal/profiles/1/products',
      body: { productIds: [10, 11] },
    });
    expect(await screen.findByText('2 produtos passaram para o perfil Celulares - Simples.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("without access to the products list, 'Aplicar a produtos' is not offered", async () => {
    openFiscal(ISSUER, [SIMPLES_PROFILE], {}, ['bo:manage:settings']);
    expect(await within(card()).findByRole('button', { name: 'Editar: Celulares - Simples' })).toBeTruthy();
    expect(within(card()).queryByRole('button', { name: /Aplicar a produtos/ })).toBeNull();
  });
});
