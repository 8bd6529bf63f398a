import type { BankSetting } from '@backoffice/contract';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockFetch, renderPage, signInAs } from '../../../test/render';
import { CERTIFICATE, ISSUER, SIMPLES_PROFILE } from '../fiscal-test-data';
import { COMPANY, PIX } from '../test-data';
import SettingsPage from './settings-page';

const TRANSFER: BankSetting = {
  id: 2,
  bankSettingsType: 'Transfer',
  name: 'Conta PJ Itaú',
  bank: 'Itaú Unibanco (341)',
  account: '45873-2',
  agency: '0912',
  cnpj: '11.222.333/0001-81',
  pixType: null,
  pixKey: null,
  disabled: false,
};
const OLD_PHONE: BankSetting = {
  ...PIX,
  id: 3,
  name: 'Pix celular (antigo)',
  pixType: 'PHONE',
  pixKey: '+5511987650000',
  disabled: true,
};

type User = ReturnType<typeof userEvent.setup>;

/** The settings page as an employee holding `permissions` (default: orders and 'Configurações bancárias'). */
function openPage(
  routes: Parameters<typeof mockFetch>[0] = {},
  permissions = ['bo:manage:orders', 'bo:manage:settings'],
) {
  signInAs(permissions, 'Ana Atendente');
  const calls = mockFetch({
    'GET /api/orders/bank-settings': { body: { data: [PIX, TRANSFER, OLD_PHONE] } },
    'GET /api/companies/settings/1': { body: { data: COMPANY } },
    ...routes,
  });
  const user = userEvent.setup();
  renderPage(<SettingsPage />, { path: '/admin/settings' });
  return { user, calls };
}

const selectRow = async (user: User, name: string) => {
  const row = (await screen.findByText(name)).closest('[role="row"]') as HTMLElement;
  await user.click(within(row).getByRole('checkbox'));
};

describe('Settings page', () => {
  it('lists the bank settings by type and name, disabled ones marked, with the three buttons', async () => {
    openPage();
    expect(await screen.findByText('Pix CNPJ Conecta Cell')).toBeTruthy();
    expect(screen.getByText('Pix (CNPJ)')).toBeTruthy();
    expect(screen.getByText('Transferência')).toBeTruthy();
    const old = screen.getByText('Pix celular (antigo)').closest('[role="row"]') as HTMLElement;
    expect(within(old).getByText('Desativada')).toBeTruthy();
    for (const name of ['Configurações da Empresa', 'Novo PIX', 'Nova transferencia bancaria']) {
      expect(screen.getByRole('button', { name })).toBeTruthy();
    }
    expect(screen.getByRole('columnheader', { name: 'Tipo' })).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Nome' })).toBeTruthy();
  });

  it('creates a Pix key: type read-only, key checked by its type, save enabled only when valid', async () => {
    const { user, calls } = openPage({
      'PUT /api/orders/bank-settings': { status: 201, body: { data: { ...PIX, id: 9 } } },
    });
    await user.click(await screen.findByRole('button', { name: 'Novo PIX' }));
    const dialog = await screen.findByRole('dialog', { name: 'Novo PIX' });
    const type = within(dialog).getByLabelText('Tipo') as HTMLInputElement;
    expect(type.value).toBe('Pix');
    expect(type.readOnly).toBe(true);
    const save = within(dialog).getByRole('button', { name: 'Salvar' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);

    await user.type(within(dialog).getByLabelText(/^Nome/), 'Pix celular');
    await user.click(within(dialog).getByRole('combobox', { name: /Tipo da chave/ }));
    await user.click(await screen.findByRole('option', { name: 'Celular' }));
    const key = within(dialog).getByLabelText(/^Chave Pix/);
    await user.type(key, '98765-4321');
    await user.tab();
    expect(
      await within(dialog).findByText('Celular inválido: informe +55, DDD e número, com 10 ou 11 dígitos.'),
    ).toBeTruthy();
    expect(save.disabled).toBe(true);

    // Switching the type checks the same key again against the new type.
    await user.click(within(dialog).getByRole('combobox', { name: /Tipo da chave/ }));
    await user.click(await screen.findByRole('option', { name: 'E-mail' }));
    expect(await within(dialog).findByText('E-mail inválido para chave Pix.')).toBeTruthy();
    await user.click(within(dialog).getByRole('combobox', { name: /Tipo da chave/ }));
    await user.click(await screen.findByRole('option', { name: 'Celular' }));

    await user.clear(key);
    await user.type(key, '(11) 98765-4321');
    await waitFor(() => expect(save.disabled).toBe(false));
    await user.click(save);
    expect(await screen.findByText('Conta alterada com sucesso.')).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      settings: {
        bankSettingsType: 'Pix',
        name: 'Pix celular',
        bank: null,
        agency: null,
        account: null,
        cnpj: null,
        pixType: 'PHONE',
        pixKey: '+5511987654321',
        disabled: false,
      },
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Novo PIX' })).toBeNull());
  });

  it('edits a transfer account with its id and keeps the modal open on a refusal the user can fix', async () => {
    let answer = 0;
    const { user, calls } = openPage({
      'PUT /api/orders/bank-settings': () =>
        answer++ === 0
          ? { status: 409, body: { errors: ['Esta conta bancária já está cadastrada.'], code: 'DUPLICATE' } }
          : { body: { data: TRANSFER } },
    });
    await selectRow(user, 'Conta PJ Itaú');
    await user.click(screen.getByRole('button', { name: 'Editar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar informação bancária' });
    expect((within(dialog).getByLabelText('Tipo') as HTMLInputElement).value).toBe('Transferência');
    expect((within(dialog).getByLabelText(/^Agência/) as HTMLInputElement).value).toBe('0912');
    const account = within(dialog).getByLabelText(/^Conta/);
    await user.clear(account);
    await user.type(account, '45873-22');
    await user.tab();
    expect(
      await within(dialog).findByText('Conta inválida: números e o dígito verificador (ex.: 45873-2).'),
    ).toBeTruthy();
    await user.clear(account);
    await user.type(account, '99887-1');
    const save = within(dialog).getByRole('button', { name: 'Salvar' }) as HTMLButtonElement;
    await waitFor(() => expect(save.disabled).toBe(false));
    await user.click(save);
    // Shown inside the modal (the page behind a modal is hidden from screen readers), which stays open.
    expect(await within(dialog).findByRole('alert')).toHaveProperty(
      'textContent',
      'Esta conta bancária já está cadastrada.',
    );
    expect(screen.getByRole('dialog', { name: 'Editar informação bancária' })).toBeTruthy();
    await user.click(save);
    expect(await screen.findByText('Conta alterada com sucesso.')).toBeTruthy();
    const sent = calls.filter((c) => c.method === 'PUT').at(-1)?.body as { settings: Record<string, unknown> };
    expect(sent.settings).toMatchObject({ id: 2, bankSettingsType: 'Transfer', account: '99887-1', agency: '0912' });
  });

  it("shows 'Não foi possível editar informacoes bancarias.' when the server fails", async () => {
    const { user } = openPage({
      'PUT /api/orders/bank-settings': { status: 500, body: { errors: ['x'], code: 'INTERNAL' } },
    });
    await selectRow(user, 'Pix CNPJ Conecta Cell');
    await user.click(screen.getByRole('button', { name: 'Editar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar informação bancária' });
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Não foi possível editar informacoes bancarias.')).toBeTruthy();
  });

  it("deletes after 'Confirma operação?' and reloads the list; says so when it fails", async () => {
    let fail = false;
    const { user, calls } = openPage({
      'DELETE /api/orders/bank-settings/3': () =>
        fail ? { status: 500, body: { errors: ['x'], code: 'INTERNAL' } } : { body: { data: { id: 3 } } },
    });
    await selectRow(user, 'Pix celular (antigo)');
    await user.click(screen.getByRole('button', { name: 'Deletar' }));
    const confirm = await screen.findByRole('dialog', { name: 'Confirmação' });
    expect(within(confirm).getByText('Confirma operação?')).toBeTruthy();
    const listCalls = () => calls.filter((c) => c.method === 'GET' && c.url.includes('bank-settings')).length;
    const before = listCalls();
    await user.click(within(confirm).getByRole('button', { name: 'Confirmar' }));
    expect(await screen.findByText('Informacao bancaria removida com sucesso.')).toBeTruthy();
    await waitFor(() => expect(listCalls()).toBe(before + 1));

    fail = true;
    // the confirmation has closed (while it closes, the page behind it is hidden from assistive technology)
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await selectRow(user, 'Pix celular (antigo)');
    await user.click(screen.getByRole('button', { name: 'Deletar' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Confirmação' })).getByRole('button', { name: 'Confirmar' }),
    );
    expect(await screen.findByText('Falha ao remover informacao bancaria.')).toBeTruthy();
  });

  it('switches automatic Pix and saves the merchant name and city in upper-case ASCII', async () => {
    const { user, calls } = openPage({
      'PATCH /api/companies/settings': { body: { data: { ...COMPANY, pixAuto: true, merchantCity: 'SAO JOSE' } } },
    });
    await user.click(await screen.findByRole('button', { name: 'Configurações da Empresa' }));
    const dialog = await screen.findByRole('dialog', { name: 'Configurações da Empresa' });
    const city = within(dialog).getByLabelText(/^Cidade do recebedor Pix/) as HTMLInputElement;
    await waitFor(() => expect(city.value).toBe('SAO PAULO'));
    expect(
      within(dialog).getByText('Desligado: o pedido Pix aguarda o comprovante, como uma transferência.'),
    ).toBeTruthy();
    await user.click(within(dialog).getByRole('switch', { name: 'Pix automático' }));
    expect(within(dialog).getByText(/Ligado: o pedido Pix aguarda a confirmação do banco/)).toBeTruthy();

    await user.clear(city);
    await user.type(city, 'Santa Rita do Sapucaí');
    await user.tab();
    expect(
      await within(dialog).findByText('Cidade do recebedor Pix: de 1 a 15 caracteres (sem acentos).'),
    ).toBeTruthy();
    await user.clear(city);
    await user.type(city, 'São José');
    // The company's CNPJ (issue 21), checked as the server does.
    const cnpj = within(dialog).getByLabelText(/^CNPJ/) as HTMLInputElement;
    await user.type(cnpj, '11.222.333/0001-80');
    await user.tab();
    expect(
      await within(dialog).findByText('CNPJ inválido: confira os 14 caracteres e os dígitos verificadores.'),
    ).toBeTruthy();
    await user.clear(cnpj);
    await user.type(cnpj, '11222333000181');
    // The shop's address for the order's PDF (issue 35 §8), on two lines.
    const address = within(dialog).getByLabelText(/^Endereço da empresa/);
    await user.type(address, 'Rua Augusta, 1500 - Consolação{Enter}São Paulo/SP · 01304-001');
    const save = within(dialog).getByRole('button', { name: 'Salvar' }) as HTMLButtonElement;
    await waitFor(() => expect(save.disabled).toBe(false));
    await user.click(save);
    expect(await screen.findByText('Empresa alterada com sucesso.')).toBeTruthy();
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({
      companyId: 1,
      name: 'Conecta Cell',
      cnpj: '11.222.333/0001-81',
      address: 'Rua Augusta, 1500 - Consolação\nSão Paulo/SP · 01304-001',
      enablePixAuto: true,
      merchantName: 'CONECTA CELL',
      merchantCity: 'SAO JOSE',
    });
  });

  it("shows 'Não foi possível editar informações da empresa.' when saving the company fails", async () => {
    const { user } = openPage({
      'PATCH /api/companies/settings': { status: 500, body: { errors: ['x'], code: 'INTERNAL' } },
    });
    await user.click(await screen.findByRole('button', { name: 'Configurações da Empresa' }));
    const dialog = await screen.findByRole('dialog', { name: 'Configurações da Empresa' });
    await waitFor(() =>
      expect((within(dialog).getByRole('button', { name: 'Salvar' }) as HTMLButtonElement).disabled).toBe(false),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Não foi possível editar informações da empresa.')).toBeTruthy();
  });

  it('with orders only, the page opens read-only: no button that changes where the shop gets paid', async () => {
    const { user, calls } = openPage({}, ['bo:manage:orders']);
    expect(await screen.findByText('Pix CNPJ Conecta Cell')).toBeTruthy();
    expect(
      screen.getByText(
        "Somente leitura: alterar as chaves Pix, as contas e as configurações da empresa exige a permissão 'Configurações bancárias'.",
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Novo PIX' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Nova transferencia bancaria' })).toBeNull();

    // A selected key can be looked at, not edited nor removed.
    await selectRow(user, 'Pix CNPJ Conecta Cell');
    expect(screen.queryByRole('button', { name: 'Editar' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Deletar' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Ver' }));
    const bank = await screen.findByRole('dialog', { name: 'Informação bancária' });
    expect((within(bank).getByRole('textbox', { name: 'Chave Pix' }) as HTMLInputElement).value).toBe('11222333000181');
    expect((within(bank).getByRole('textbox', { name: 'Chave Pix' }) as HTMLInputElement).disabled).toBe(true);
    expect(within(bank).queryByRole('button', { name: 'Salvar' })).toBeNull();
    await user.click(within(bank).getByRole('button', { name: 'Fechar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    // The company's settings show, switch and fields disabled, without 'Salvar'.
    await user.click(screen.getByRole('button', { name: 'Configurações da Empresa' }));
    const company = await screen.findByRole('dialog', { name: 'Configurações da Empresa' });
    expect((within(company).getByRole('textbox', { name: /Nome do recebedor Pix/ }) as HTMLInputElement).value).toBe(
      'CONECTA CELL',
    );
    expect((within(company).getByRole('switch', { name: 'Pix automático' }) as HTMLInputElement).disabled).toBe(true);
    expect(within(company).queryByRole('button', { name: 'Salvar' })).toBeNull();
    await user.click(within(company).getByRole('button', { name: 'Fechar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([]);
  });

  it("with 'Configurações bancárias' the buttons show and no read-only notice", async () => {
    openPage({}, ['bo:manage:settings']);
    expect(await screen.findByText('Pix CNPJ Conecta Cell')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Novo PIX' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Nova transferencia bancaria' })).toBeTruthy();
    expect(screen.queryByText(/Somente leitura/)).toBeNull();
  });

  it("shows 'Configurações de crédito' to 'Crédito e cobrança' and to full access only (issue 40 §1)", async () => {
    const credit = {
      'GET /api/credit/settings': { body: { data: { blockOverdueDays: 5, fine: 2, monthlyInterest: 1 } } },
    };
    const manager = openPage(credit, ['bo:manage:orders', 'bo:manage:credit']);
    expect(await screen.findByRole('heading', { name: 'Configurações de crédito' })).toBeTruthy();
    await waitFor(() => expect(manager.calls.some((c) => c.url === '/api/credit/settings')).toBe(true));
    cleanup();

    openPage(credit, ['full:access']);
    expect(await screen.findByRole('heading', { name: 'Configurações de crédito' })).toBeTruthy();
    cleanup();

    const settings = openPage(credit, ['bo:manage:orders', 'bo:manage:settings']);
    expect(await screen.findByText('Pix CNPJ Conecta Cell')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Configurações de crédito' })).toBeNull();
    expect(settings.calls.some((c) => c.url === '/api/credit/settings')).toBe(false);
  });

  it("shows 'Fiscal' (issuer, certificate, profiles) with 'Configurações bancárias' only (issue 41 §1)", async () => {
    const fiscal = {
      'GET /api/fiscal/issuer': { body: { data: ISSUER } },
      'GET /api/fiscal/certificate': { body: { data: CERTIFICATE } },
      'GET /api/fiscal/profiles': { body: { data: [SIMPLES_PROFILE] } },
    };
    openPage(fiscal, ['bo:manage:settings']);
    expect(await screen.findByRole('heading', { name: 'Fiscal', level: 2 })).toBeTruthy();
    for (const name of ['Emitente', 'Certificado digital (A1)', 'Perfis fiscais']) {
      expect(screen.getByRole('heading', { name, level: 3 })).toBeTruthy();
    }
    expect(await screen.findByText('Conecta Cell Distribuidora Ltda')).toBeTruthy();
    expect(await screen.findByText('DISTRIBUIDORA MODELO DE CELULARES LTDA')).toBeTruthy();
    expect(await screen.findByText('Celulares - Simples')).toBeTruthy();
    cleanup();

    // Orders without settings: the page opens read-only, with nothing fiscal, and nothing fiscal is read.
    const reader = openPage(fiscal, ['bo:manage:orders', 'bo:manage:products']);
    expect(await screen.findByText('Pix CNPJ Conecta Cell')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Fiscal' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Emitente' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Certificado digital (A1)' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Perfis fiscais' })).toBeNull();
    expect(reader.calls.some((call) => call.url.startsWith('/api/fiscal'))).toBe(false);
  });
});
