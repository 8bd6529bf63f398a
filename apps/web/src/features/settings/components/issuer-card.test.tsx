import { FISCAL_SETUP_TEXTS, type FiscalIssuer, fiscalIssuerSchema } from '@backoffice/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type MockCall, mockFetch, renderPage, signInAs } from '../../../test/render';
import { CAMPINAS, ISSUER, ISSUER_SUGGESTION, SAO_PAULO } from '../fiscal-test-data';
import { FiscalSection } from './fiscal-section';

type User = ReturnType<typeof userEvent.setup>;

/** 'Fiscal' as the settings permission sees it, the issuer answered as given. */
function openFiscal(issuer: FiscalIssuer, routes: Parameters<typeof mockFetch>[0] = {}) {
  signInAs(['bo:manage:settings']);
  const calls = mockFetch({
    'GET /api/fiscal/issuer': { body: { data: issuer } },
    'GET /api/fiscal/certificate': { body: { data: null } },
    'GET /api/fiscal/profiles': { body: { data: [] } },
    'GET /api/fiscal/municipalities': (call) => {
      const q = new URL(call.url, 'http://localhost').searchParams.get('q') ?? '';
      return { body: { data: /paulo/i.test(q) ? [SAO_PAULO] : /camp/i.test(q) ? [CAMPINAS] : [] } };
    },
    ...routes,
  });
  const user = userEvent.setup();
  renderPage(<FiscalSection />);
  return { user, calls };
}

const card = () => screen.getByRole('region', { name: 'Emitente' });
const puts = (calls: MockCall[]) => calls.filter((call) => call.method === 'PUT');
const field = (dialog: HTMLElement, label: RegExp) => within(dialog).getByLabelText(label) as HTMLInputElement;

async function choose(user: User, dialog: HTMLElement, label: RegExp, option: string) {
  await user.click(within(dialog).getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}

async function openDialog(user: User, button: string) {
  await user.click(await within(card()).findByRole('button', { name: button }));
  return screen.findByRole('dialog', { name: 'Dados do emitente' });
}

describe("'Emitente' (issue 41 §1)", () => {
  it('shows the saved issuer: company, regime, address with its IBGE code, homologação, numbering, CSC', async () => {
    openFiscal(ISSUER);
    expect(await screen.findByRole('heading', { name: 'Fiscal', level: 2 })).toBeTruthy();
    const shown = within(card());
    expect(await shown.findByText('Conecta Cell Distribuidora Ltda')).toBeTruthy();
    expect(shown.getByText('11.222.333/0001-81')).toBeTruthy();
    expect(shown.getByText('110042490114')).toBeTruthy();
    expect(shown.getByText('1 - Simples Nacional')).toBeTruthy();
    expect(shown.getByText('(11) 3333-4444')).toBeTruthy();
    expect(shown.getByText(/Rua Santa Ifigênia, 295 - Loja 12 - Santa Ifigênia/)).toBeTruthy();
    expect(shown.getByText(/São Paulo\/SP · 01207-001 · IBGE 3550308/)).toBeTruthy();
    // Homologação in the warning colour, with what it means.
    expect(shown.getByText('Homologação').closest('.fiscal-warning-chip')).toBeTruthy();
    expect(shown.getByText('Ambiente de testes da SEFAZ: as notas não têm valor fiscal.')).toBeTruthy();
    expect(shown.getByText('Série 1 · próximo número 1.532')).toBeTruthy();
    expect(shown.getByText('Série 2 · próximo número 88')).toBeTruthy();
    expect(shown.getByText('Configurado (identificador 000001)')).toBeTruthy();
    expect(shown.getByText('Direto na SEFAZ do estado')).toBeTruthy();
    expect(shown.getByText('Não: a nota é emitida no pedido')).toBeTruthy();
    // 14:30 UTC is 11:30 in São Paulo.
    expect(shown.getByText('20/11/2026 11:30 por Ana Administradora')).toBeTruthy();
  });

  it("never saved: 'Não configurado' with the company's CNPJ and name, then the whole issuer sent as the API takes it", async () => {
    const { user, calls } = openFiscal(ISSUER_SUGGESTION, {
      'PUT /api/fiscal/issuer': (call) => {
        // The server answers the 'responsável técnico' without its CSRT (`csrtConfigured`).
        const { csrt: _csrt, ...technicalContact } = (call.body as { technicalContact: { csrt: string } })
          .technicalContact;
        const saved = { ...ISSUER, ...(call.body as object), saved: true };
        return {
          body: {
            data: fiscalIssuerSchema.parse({
              ...saved,
              technicalContact: { ...technicalContact, csrtConfigured: true },
            }),
          },
        };
      },
    });
    expect(await within(card()).findByText('Não configurado')).toBeTruthy();
    expect(within(card()).getByText('CNPJ 11.222.333/0001-81 · Conecta Cell Distribuidora Ltda')).toBeTruthy();
    // The certificate waits for the issuer (the server checks it against the issuer's CNPJ).
    const certificate = screen.getByRole('region', { name: 'Certificado digital (A1)' });
    expect(
      (within(certificate).getByRole('button', { name: 'Enviar certificado' }) as HTMLButtonElement).disabled,
    ).toBe(true);

    const dialog = await openDialog(user, 'Configurar emitente');
    // The suggestion fills the CNPJ (masked) and the legal name.
    expect(field(dialog, /^CNPJ/).value).toBe('11.222.333/0001-81');
    expect(field(dialog, /^Razão social/).value).toBe('Conecta Cell Distribuidora Ltda');
    await user.type(field(dialog, /^Inscrição estadual/), '110.042.490.114');
    await user.type(field(dialog, /^Nome fantasia/), 'Conecta Cell');
    await user.type(field(dialog, /^Telefone/), '1133334444');
    expect(field(dialog, /^Telefone/).value).toBe('(11) 3333-4444');
    await choose(user, dialog, /^Regime tributário/, '1 - Simples Nacional');
    await user.type(field(dialog, /^CEP/), '01207001');
    expect(field(dialog, /^CEP/).value).toBe('01207-001');
    await user.type(field(dialog, /^Logradouro/), 'Rua Santa Ifigênia');
    await user.type(field(dialog, /^Número/), '295');
    await user.type(field(dialog, /^Bairro/), 'Santa Ifigênia');
    await choose(user, dialog, /^UF/, 'SP - São Paulo');
    // The city searched by name as it is typed (within the UF), the chosen one filling the IBGE code.
    await user.type(within(dialog).getByRole('combobox', { name: /^Município/ }), 'São Paulo');
    await user.click(await screen.findByRole('option', { name: 'São Paulo/SP · 3550308' }));
    expect(within(dialog).getByText('Código IBGE: 3550308')).toBeTruthy();
    const searches = calls.filter((call) => call.url.startsWith('/api/fiscal/municipalities'));
    expect(searches.length).toBeGreaterThan(0);
    // Debounced: not a call a letter.
    expect(searches.length).toBeLessThan(4);
    expect(searches.at(-1)?.url).toBe('/api/fiscal/municipalities?q=S%C3%A3o+Paulo&uf=SP');
    const next = field(dialog, /^Próximo número da NF-e/);
    await user.clear(next);
    await user.type(next, '1532');
    expect(next.value).toBe('1.532');
    await user.type(field(dialog, /^Identificador do CSC/), '000001');
    const token = field(dialog, /^CSC$/);
    expect(token.type).toBe('password');
    await user.type(token, 'A1B2C3D4E5');
    // The 'responsável técnico' (issue 55 §2, infRespTec): its CSRT a password, sent with its id.
    await user.type(field(dialog, /^Empresa responsável/), '99999999000191');
    expect(field(dialog, /^Empresa responsável/).value).toBe('99.999.999/0001-91');
    await user.type(field(dialog, /^Contato: nome/), 'Fulano de Tal');
    await user.type(field(dialog, /^Contato: e-mail/), 'fulano@backoffice.example.com');
    await user.type(field(dialog, /^Contato: telefone/), '1155551122');
    await user.type(field(dialog, /^Identificador do CSRT/), '01');
    expect(field(dialog, /^CSRT$/).type).toBe('password');
    await user.type(field(dialog, /^CSRT$/), 'G8063VRTNDMO886SFNK5LDUDEI24XJ22YIPO');

    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(puts(calls)).toHaveLength(1));
    expect(puts(calls)[0]?.body).toEqual({
      cnpj: '11222333000181',
      ie: '110042490114',
      legalName: 'Conecta Cell Distribuidora Ltda',
      tradeName: 'Conecta Cell',
      crt: 1,
      address: {
        street: 'Rua Santa Ifigênia',
        number: '295',
        complement: null,
        district: 'Santa Ifigênia',
        cep: '01207001',
        uf: 'SP',
        cityCode: '3550308',
        cityName: 'São Paulo',
      },
      phone: '1133334444',
      environment: 2,
      nfe: { series: 1, nextNumber: 1532 },
      nfce: { series: 1, nextNumber: 1 },
      cscId: '000001',
      cscToken: 'A1B2C3D4E5',
      // Straight to the SEFAZ, no Nuvem Fiscal credentials (none saved): no provider.
      transport: 'SEFAZ',
      autoEmit: 'OFF',
      // Decision 0089: not said, so off (the switch untouched).
      pisCofinsNonCumulative: false,
      technicalContact: {
        cnpj: '99999999000191',
        contact: 'Fulano de Tal',
        email: 'fulano@backoffice.example.com',
        phone: '1155551122',
        csrtId: '01',
        csrt: 'G8063VRTNDMO886SFNK5LDUDEI24XJ22YIPO',
      },
    });
    expect(await screen.findByText(FISCAL_SETUP_TEXTS.issuerSaved)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Dados do emitente' })).toBeNull());
    // The card shows what the server answered.
    expect(await within(card()).findByText('Série 1 · próximo número 1.532')).toBeTruthy();
    expect(within(card()).getByText('Fulano de Tal (CSRT 01)')).toBeTruthy();
  });

  it('checks as typed with the contract: a wrong CNPJ, a blank IE, ISENTO; a changed UF clears the city', async () => {
    const { user, calls } = openFiscal(ISSUER);
    const dialog = await openDialog(user, 'Editar emitente');
    const cnpj = field(dialog, /^CNPJ/);
    await user.clear(cnpj);
    await user.type(cnpj, '11222333000180');
    expect(cnpj.value).toBe('11.222.333/0001-80');
    await user.tab();
    expect(await within(dialog).findByText(FISCAL_SETUP_TEXTS.cnpjInvalid)).toBeTruthy();
    await user.clear(field(dialog, /^Inscrição estadual/));
    await user.tab();
    expect(await within(dialog).findByText(FISCAL_SETUP_TEXTS.ieInvalid)).toBeTruthy();
    await user.click(within(dialog).getByRole('checkbox', { name: /ISENTO/ }));
    expect(field(dialog, /^Inscrição estadual/).value).toBe('ISENTO');
    await waitFor(() => expect(within(dialog).queryByText(FISCAL_SETUP_TEXTS.ieInvalid)).toBeNull());
    // Another UF: the city of São Paulo is no longer the address's.
    expect(within(dialog).getByText('Código IBGE: 3550308')).toBeTruthy();
    await choose(user, dialog, /^UF/, 'RJ - Rio de Janeiro');
    expect((within(dialog).getByRole('combobox', { name: /^Município/ }) as HTMLInputElement).value).toBe('');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await within(dialog).findByText(FISCAL_SETUP_TEXTS.cityCodeInvalid)).toBeTruthy();
    expect(puts(calls)).toHaveLength(0);
  });

  it('edits: a blank CSC keeps the saved one (left out), Produção sent as 1; a refusal stays in the dialog', async () => {
    let refuse = true;
    const { user, calls } = openFiscal(ISSUER, {
      'PUT /api/fiscal/issuer': (call) =>
        refuse
          ? {
              status: 409,
              body: { errors: [FISCAL_SETUP_TEXTS.issuerCnpjLocked('11.222.333/0001-81')], code: 'CONFLICT' },
            }
          : { body: { data: fiscalIssuerSchema.parse({ ...ISSUER, ...(call.body as object), saved: true }) } },
    });
    const dialog = await openDialog(user, 'Editar emitente');
    expect(field(dialog, /^CSC$/).value).toBe('');
    expect(within(dialog).getByText('Deixe em branco para manter o CSC salvo')).toBeTruthy();
    await choose(user, dialog, /^Ambiente/, 'Produção');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await within(dialog).findByRole('alert')).toHaveProperty(
      'textContent',
      FISCAL_SETUP_TEXTS.issuerCnpjLocked('11.222.333/0001-81'),
    );
    expect(screen.getByRole('dialog', { name: 'Dados do emitente' })).toBe(dialog);
    refuse = false;
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(puts(calls)).toHaveLength(2));
    const body = puts(calls)[1]?.body as Record<string, unknown>;
    expect(body).not.toHaveProperty('cscToken');
    expect(body).toMatchObject({
      cnpj: '11222333000181',
      ie: '110042490114',
      environment: 1,
      cscId: '000001',
      address: { complement: 'Loja 12', cityCode: '3550308', cityName: 'São Paulo', uf: 'SP', cep: '01207001' },
      nfe: { series: 1, nextNumber: 1532 },
      nfce: { series: 2, nextNumber: 88 },
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Dados do emitente' })).toBeNull());
    expect(await within(card()).findByText('Produção')).toBeTruthy();
  });

  it("'Remover CSC' sends the token and its id as null; every message of a 400 is said", async () => {
    let answer = 0;
    const { user, calls } = openFiscal(ISSUER, {
      'PUT /api/fiscal/issuer': (call) =>
        answer++ === 0
          ? {
              status: 400,
              body: {
                errors: [FISCAL_SETUP_TEXTS.cityCodeUnknown('3599999'), FISCAL_SETUP_TEXTS.textCharacters],
                code: 'VALIDATION_FAILED',
              },
            }
          : {
              body: {
                data: fiscalIssuerSchema.parse({ ...ISSUER, ...(call.body as object), cscConfigured: false }),
              },
            },
    });
    const dialog = await openDialog(user, 'Editar emitente');
    await user.click(within(dialog).getByRole('button', { name: 'Remover CSC' }));
    expect(within(dialog).getByText(/O CSC e o seu identificador serão removidos ao salvar/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await within(dialog).findByRole('alert')).toHaveProperty(
      'textContent',
      `${FISCAL_SETUP_TEXTS.cityCodeUnknown('3599999')} ${FISCAL_SETUP_TEXTS.textCharacters}`,
    );
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(puts(calls)).toHaveLength(2));
    expect(puts(calls)[1]?.body).toMatchObject({ cscId: null, cscToken: null });
    expect(await within(card()).findByText('Não configurado: necessário para emitir NFC-e')).toBeTruthy();
  });

  it("'Envio das notas': through Nuvem Fiscal with its environment and credentials, the note emitted on handover", async () => {
    const { user, calls } = openFiscal(ISSUER, {
      'PUT /api/fiscal/issuer': (call) => {
        const { provider, ...body } = call.body as { provider: { sandbox: boolean; clientId: string } };
        return {
          body: {
            data: fiscalIssuerSchema.parse({
              ...ISSUER,
              ...body,
              provider: { sandbox: provider.sandbox, clientId: provider.clientId, secretConfigured: true },
            }),
          },
        };
      },
    });
    const dialog = await openDialog(user, 'Editar emitente');
    expect(within(dialog).queryByLabelText(/^Client ID/)).toBeNull();
    await choose(user, dialog, /^Enviar as notas/, 'Pela Nuvem Fiscal (API)');
    const sandbox = within(dialog).getByRole('switch', { name: 'Sandbox (testes)' }) as HTMLInputElement;
    expect(sandbox.checked).toBe(true);
    // The credentials asked for as the server asks for them.
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect((await within(dialog).findAllByText(FISCAL_SETUP_TEXTS.providerCredentialsMissing)).length).toBe(2);
    expect(puts(calls)).toHaveLength(0);
    await user.click(sandbox);
    await user.type(field(dialog, /^Client ID/), 'cli-123');
    const secret = field(dialog, /^Client secret/);
    expect(secret.type).toBe('password');
    await user.type(secret, 's3cr3t');
    await choose(user, dialog, /^Emitir a nota automaticamente/, 'Sim: ao entregar ou finalizar o pedido');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(puts(calls)).toHaveLength(1));
    expect(puts(calls)[0]?.body).toMatchObject({
      transport: 'NUVEM_FISCAL',
      provider: { sandbox: false, clientId: 'cli-123', clientSecret: 's3cr3t' },
      autoEmit: 'HANDOVER',
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Dados do emitente' })).toBeNull());
    expect(await within(card()).findByText('Pela Nuvem Fiscal (API) · produção')).toBeTruthy();
    expect(within(card()).getByText('Sim: ao entregar ou finalizar o pedido')).toBeTruthy();
  });

  it('a saved Nuvem Fiscal secret is kept when left blank (left out); a saved provider is sent with the SEFAZ too', async () => {
    const saved = fiscalIssuerSchema.parse({
      ...ISSUER,
      transport: 'NUVEM_FISCAL',
      provider: { sandbox: true, clientId: 'cli-123', secretConfigured: true },
    });
    const { user, calls } = openFiscal(saved, {
      'PUT /api/fiscal/issuer': (call) => ({
        body: { data: { ...saved, ...(call.body as object), provider: saved.provider } },
      }),
    });
    expect(await within(card()).findByText('Pela Nuvem Fiscal (API) · sandbox (testes)')).toBeTruthy();
    const dialog = await openDialog(user, 'Editar emitente');
    expect(field(dialog, /^Client ID/).value).toBe('cli-123');
    expect(field(dialog, /^Client secret/).value).toBe('');
    expect(within(dialog).getByText('Deixe em branco para manter o client secret salvo')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(puts(calls)).toHaveLength(1));
    const body = puts(calls)[0]?.body as { provider: object };
    expect(body).toMatchObject({ transport: 'NUVEM_FISCAL', autoEmit: 'OFF' });
    expect(body.provider).toEqual({ sandbox: true, clientId: 'cli-123' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Dados do emitente' })).toBeNull());

    // Back to the SEFAZ: the saved credentials go with the body as they are (the server keeps them).
    const again = await openDialog(user, 'Editar emitente');
    await choose(user, again, /^Enviar as notas/, 'Direto na SEFAZ do estado');
    expect(within(again).queryByLabelText(/^Client ID/)).toBeNull();
    await user.click(within(again).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(puts(calls)).toHaveLength(2));
    expect(puts(calls)[1]?.body).toMatchObject({
      transport: 'SEFAZ',
      provider: { sandbox: true, clientId: 'cli-123' },
    });
  });

  it("'PIS/COFINS não cumulativo (lucro real)': a switch with what it is for, sent as the API takes it (decision 0089)", async () => {
    const normal = fiscalIssuerSchema.parse({ ...ISSUER, crt: 3 });
    const { user, calls } = openFiscal(normal, {
      'PUT /api/fiscal/issuer': (call) => ({ body: { data: { ...normal, ...(call.body as object) } } }),
    });
    const dialog = await openDialog(user, 'Editar emitente');
    const pisCofins = within(dialog).getByRole('switch', {
      name: 'PIS/COFINS não cumulativo (lucro real)',
    }) as HTMLInputElement;
    expect(pisCofins.checked).toBe(false);
    // The helper says it only matters under the regime normal (CRT 3).
    expect(pisCofins.getAttribute('aria-describedby')).toBe('pis-cofins-help');
    expect(within(dialog).getByText(/Só vale para o regime normal \(CRT 3\)/)).toBeTruthy();
    await user.click(pisCofins);
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(puts(calls)).toHaveLength(1));
    expect(puts(calls)[0]?.body).toMatchObject({ crt: 3, pisCofinsNonCumulative: true });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Dados do emitente' })).toBeNull());

    // Opened again, it shows what was saved.
    const again = await openDialog(user, 'Editar emitente');
    expect((within(again).getByRole('switch', { name: /^PIS\/COFINS/ }) as HTMLInputElement).checked).toBe(true);
  });
});
