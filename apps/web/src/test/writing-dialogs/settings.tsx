import { screen, waitFor, within } from '@testing-library/react';
import { expect } from 'vitest';
import { makeOrderSummary } from '../../components/orders/test-data';
import EmployeesPage from '../../features/employees/pages/employees-page';
import { JOAO } from '../../features/employees/test-data';
import RolesPage from '../../features/roles/pages/roles-page';
import { FirstRunGate } from '../../features/settings/components/first-run-gate';
import { FiscalSection } from '../../features/settings/components/fiscal-section';
import { PixReceivedCard } from '../../features/settings/components/pix-received-card';
import { WhatsAppTemplatesCard } from '../../features/settings/components/whatsapp-templates-card';
import { CERTIFICATE, GALAXY_PAGE, ISSUER, SIMPLES_PROFILE } from '../../features/settings/fiscal-test-data';
import SettingsPage from '../../features/settings/pages/settings-page';
import { COMPANY, PIX, REQUIRED, UNMATCHED } from '../../features/settings/test-data';
import { uploadsThroughFetch } from '../../features/settings/test-uploads';
import { choose, fieldValue, type Routes, selectRow, type User, type WritingDialogCase } from './case';

/**
 * The writing dialogs of 'Configurações' (bank, company, fiscal, first run, WhatsApp, Pix received), 'Regras' and
 * 'Funcionários'.
 */

const settingsScreen = () => ({
  element: <SettingsPage />,
  path: '/admin/settings',
  permissions: ['bo:manage:orders', 'bo:manage:settings'],
  reads: {
    'GET /api/orders/bank-settings': { body: { data: [PIX] } },
    'GET /api/companies/settings/1': { body: { data: COMPANY } },
  } satisfies Routes,
});

/** 'Configurações' → 'Fiscal' (issue 41 §1): the saved issuer (Simples Nacional), no certificate, one profile. */
const fiscalScreen = () => ({
  element: <FiscalSection />,
  permissions: ['bo:manage:settings', 'bo:manage:products'],
  reads: {
    'GET /api/fiscal/issuer': { body: { data: ISSUER } },
    'GET /api/fiscal/certificate': { body: { data: null } },
    'GET /api/fiscal/profiles': { body: { data: [SIMPLES_PROFILE] } },
    'GET /api/products/list': { body: GALAXY_PAGE },
  } satisfies Routes,
});

/** Clicks a button of the screen once it is enabled (a card's button waits for its reads). */
async function clickWhenEnabled(user: User, name: string) {
  const button = (await screen.findByRole('button', { name })) as HTMLButtonElement;
  await waitFor(() => expect(button.disabled).toBe(false));
  await user.click(button);
}

const TEMPLATES = {
  placeholders: [{ name: 'cliente', description: 'Nome do cliente' }],
  templates: [
    {
      status: 13,
      label: 'Finalizado',
      template: 'Olá, {cliente}!',
      isDefault: true,
      defaultTemplate: 'Olá, {cliente}!',
    },
  ],
};

export const SETTINGS_DIALOGS: WritingDialogCase[] = [
  {
    files: ['features/settings/components/bank-setting-dialog.tsx'],
    dialog: 'Editar informação bancária',
    write: 'PUT /api/orders/bank-settings',
    done: { data: PIX },
    screen: settingsScreen,
    open: async (user) => {
      await selectRow(user, 'Pix CNPJ Conecta Cell');
      await user.click(screen.getByRole('button', { name: 'Editar' }));
    },
    fill: async (user, dialog) => {
      await user.clear(within(dialog).getByLabelText(/^Nome/));
      await user.type(within(dialog).getByLabelText(/^Nome/), 'Pix CNPJ loja');
    },
    typed: (dialog) => fieldValue(dialog, /^Nome/),
    submit: 'Salvar',
  },
  {
    files: ['features/settings/components/company-settings-dialog.tsx'],
    dialog: 'Configurações da Empresa',
    write: 'PATCH /api/companies/settings',
    done: { data: { ...COMPANY, merchantCity: 'SAO JOSE' } },
    screen: settingsScreen,
    open: async (user) => {
      await user.click(await screen.findByRole('button', { name: 'Configurações da Empresa' }));
    },
    fill: async (user, dialog) => {
      const city = within(dialog).getByLabelText(/^Cidade do recebedor Pix/) as HTMLInputElement;
      await waitFor(() => expect(city.value).toBe('SAO PAULO'));
      await user.clear(city);
      await user.type(city, 'SAO JOSE');
      await user.type(within(dialog).getByLabelText(/^CNPJ/), '11222333000181');
    },
    typed: (dialog) => [fieldValue(dialog, /^Cidade do recebedor Pix/), fieldValue(dialog, /^CNPJ/)],
    submit: 'Salvar',
  },
  {
    files: ['features/settings/components/issuer-dialog.tsx'],
    dialog: 'Dados do emitente',
    write: 'PUT /api/fiscal/issuer',
    done: { data: ISSUER },
    screen: fiscalScreen,
    open: (user) => clickWhenEnabled(user, 'Editar emitente'),
    fill: async (user, dialog) => {
      await user.clear(within(dialog).getByLabelText(/^Nome fantasia/));
      await user.type(within(dialog).getByLabelText(/^Nome fantasia/), 'Conecta Cell Centro');
      await user.type(within(dialog).getByLabelText(/^CSC$/), 'A1B2C3D4E5');
    },
    typed: (dialog) => [fieldValue(dialog, /^Nome fantasia/), fieldValue(dialog, /^CSC$/)],
    submit: 'Salvar',
  },
  {
    files: ['features/settings/components/certificate-dialog.tsx'],
    dialog: 'Enviar certificado A1',
    write: 'POST /api/fiscal/certificate',
    done: { data: CERTIFICATE },
    // The upload goes by XMLHttpRequest (lib/upload.ts): handed to the mocked fetch, its FormData described as JSON.
    screen: () => {
      uploadsThroughFetch();
      return fiscalScreen();
    },
    open: (user) => clickWhenEnabled(user, 'Enviar certificado'),
    fill: async (user, dialog) => {
      const file = new File([new Uint8Array(3200)], 'certificado.pfx', { type: 'application/x-pkcs12' });
      await user.upload(within(dialog).getByTestId('certificate-file'), file);
      await user.type(within(dialog).getByLabelText(/^Senha do certificado/), 'Senha do A1 de teste 2026');
    },
    typed: (dialog) => [
      within(dialog).queryByText('certificado.pfx (3,1 KB)') !== null,
      fieldValue(dialog, /^Senha do certificado/),
    ],
    submit: 'Enviar',
  },
  {
    files: ['features/settings/components/fiscal-profile-dialog.tsx'],
    dialog: 'Novo perfil fiscal',
    write: 'POST /api/fiscal/profiles',
    done: { data: { ...SIMPLES_PROFILE, id: 2, name: 'Capas - Simples', isDefault: false, productCount: 0 } },
    screen: fiscalScreen,
    open: (user) => clickWhenEnabled(user, 'Novo perfil'),
    fill: async (user, dialog) => {
      await user.type(within(dialog).getByLabelText(/^Nome do perfil/), 'Capas - Simples');
      await choose(user, dialog, /^CSOSN/, '102 - Tributada sem permissão de crédito');
      await choose(user, dialog, /^CST do PIS/, '49 - Outras operações de saída');
      await choose(user, dialog, /^CST da COFINS/, '49 - Outras operações de saída');
    },
    typed: (dialog) => [
      fieldValue(dialog, /^Nome do perfil/),
      within(dialog).getByRole('combobox', { name: /^CSOSN/ }).textContent,
    ],
    submit: 'Salvar',
  },
  {
    files: ['features/settings/components/assign-products-dialog.tsx'],
    dialog: 'Aplicar o perfil Celulares - Simples a produtos',
    write: 'PUT /api/fiscal/profiles/1/products',
    done: { data: { profile: { ...SIMPLES_PROFILE, productCount: 13 }, assigned: 1 } },
    screen: fiscalScreen,
    open: (user) => clickWhenEnabled(user, 'Aplicar a produtos: Celulares - Simples'),
    fill: async (user, dialog) => {
      await user.type(within(dialog).getByRole('combobox', { name: /^Produtos/ }), 'galaxy');
      await user.click(await screen.findByRole('option', { name: 'P100010 · Samsung Galaxy A15 5G 128GB Preto' }));
      await user.keyboard('{Escape}');
    },
    typed: (dialog) => within(dialog).queryByText('P100010 · Samsung Galaxy A15 5G 128GB Preto') !== null,
    submit: 'Aplicar',
  },
  {
    files: ['features/roles/components/role-dialog.tsx'],
    dialog: 'Cadastrar Regra',
    write: 'POST /api/roles',
    done: { data: { id: 3, name: 'Financeiro', permissions: ['bo:manage:dashboard'] } },
    screen: () => ({
      element: <RolesPage />,
      path: '/admin/roles',
      reads: {
        'GET /api/roles': { body: { data: [{ id: 1, name: 'Administrador', permissions: ['full:access'] }] } },
        'GET /api/permissions': {
          body: { data: { 'full:access': 'Acesso total', 'bo:manage:dashboard': 'Painel de Controle' } },
        },
      },
    }),
    open: async (user) => {
      await user.click(await screen.findByRole('button', { name: 'Cadastrar Regra' }));
    },
    fill: async (user, dialog) => {
      await user.type(within(dialog).getByLabelText(/^Nome da regra/), 'Financeiro');
      await user.click(within(dialog).getByRole('combobox', { name: /Permissão/ }));
      await user.click(await screen.findByRole('option', { name: 'Painel de Controle' }));
      await user.click(within(dialog).getByRole('button', { name: 'Adicionar' }));
    },
    typed: (dialog) => [
      fieldValue(dialog, /^Nome da regra/),
      within(dialog).queryByText('Painel de Controle') !== null,
    ],
    submit: 'Cadastrar',
  },
  {
    files: ['features/settings/components/first-run-dialog.tsx'],
    dialog: 'Configuração inicial',
    write: 'POST /api/setup',
    done: { data: { ...REQUIRED, required: false, completedAt: '2026-11-23T20:00:00.000Z' } },
    screen: () => ({ element: <FirstRunGate />, reads: { 'GET /api/setup': { body: { data: REQUIRED } } } }),
    open: async () => undefined,
    fill: async (user, dialog) => {
      await user.type(within(dialog).getByRole('textbox', { name: /^Nome da empresa/ }), 'Loja do Centro Ltda');
      await user.type(within(dialog).getByRole('textbox', { name: /^CNPJ/ }), '11.222.333/0001-81');
      await user.type(within(dialog).getByRole('textbox', { name: /^Cidade/ }), 'São Paulo');
      await choose(user, dialog, /^Tipo da chave/, 'CNPJ');
      await user.type(within(dialog).getByRole('textbox', { name: /^Chave Pix/ }), '11222333000181');
      await user.click(within(dialog).getByRole('radio', { name: /^Não, deixar desligado/ }));
      await user.tab();
    },
    typed: (dialog) => [
      ...['Nome da empresa', 'CNPJ', 'Cidade'].map(
        (name) => (within(dialog).getByRole('textbox', { name: new RegExp(`^${name}`) }) as HTMLInputElement).value,
      ),
      (within(dialog).getByRole('radio', { name: /^Não, deixar desligado/ }) as HTMLInputElement).checked,
    ],
    submit: 'Concluir',
  },
  {
    files: ['features/settings/components/whatsapp-templates-card.tsx'],
    dialog: 'Mensagem do status "Finalizado"',
    write: 'PUT /api/settings/whatsapp-templates/13',
    done: { data: TEMPLATES },
    screen: () => ({
      element: <WhatsAppTemplatesCard />,
      permissions: ['bo:manage:settings'],
      reads: { 'GET /api/settings/whatsapp-templates': { body: { data: TEMPLATES } } },
    }),
    open: async (user) => {
      await user.click(await screen.findByRole('button', { name: 'Editar: Finalizado' }));
    },
    fill: async (user, dialog) => {
      const field = within(dialog).getByRole('textbox', { name: 'Mensagem' });
      await user.clear(field);
      await user.click(field);
      await user.paste('Valeu, {cliente}! Volte sempre.');
    },
    typed: (dialog) => (within(dialog).getByRole('textbox', { name: 'Mensagem' }) as HTMLTextAreaElement).value,
    submit: 'Salvar',
  },
  {
    files: ['features/settings/components/pix-received-card.tsx'],
    dialog: 'Identificar o Pix de R$ 80,00',
    write: 'PATCH /api/payments/pix/received/E18236120202611221010XyZ98765432',
    done: undefined,
    screen: () => ({
      element: <PixReceivedCard />,
      permissions: ['bo:manage:orders'],
      reads: {
        'GET /api/payments/pix/received': { body: { data: [UNMATCHED], total: 1 } },
        'GET /api/orders/ab1-2cd': {
          body: {
            data: makeOrderSummary({ orderId: 9, code: 'AB1-2CD', customer: 'Maria Souza', total: 80, statusKey: 10 }),
          },
        },
      },
    }),
    open: async (user) => {
      await user.click(await screen.findByRole('button', { name: 'Identificar' }));
    },
    fill: async (user, dialog) => {
      await user.type(within(dialog).getByLabelText('Código do pedido'), 'ab1-2cd');
      await user.click(within(dialog).getByRole('button', { name: 'Buscar' }));
      await within(dialog).findByText(/AB1-2CD · Maria Souza/);
    },
    typed: (dialog) => [
      fieldValue(dialog, /^Código do pedido/),
      within(dialog).queryByText(/AB1-2CD · Maria Souza/) !== null,
    ],
    submit: 'Identificar e confirmar o pagamento',
  },
  {
    files: ['features/employees/components/employee-dialogs.tsx'],
    dialog: 'Cadastrar Funcionário',
    write: 'POST /api/accounts/employee/deliverer/signup',
    done: { data: JOAO },
    screen: () => ({
      element: <EmployeesPage />,
      path: '/admin/employees',
      reads: {
        'GET /api/employees': { body: { employees: [] } },
        'GET /api/roles': { body: { data: [{ id: 1, name: 'Administrador', permissions: ['full:access'] }] } },
      },
    }),
    open: async (user) => {
      await user.click(await screen.findByRole('button', { name: 'Cadastrar Funcionário' }));
    },
    fill: async (user, dialog) => {
      await user.type(within(dialog).getByLabelText(/^Nome/), 'João Entregador');
      await choose(user, dialog, /Função/, 'Motoboy');
      await user.type(within(dialog).getByLabelText(/^CPF/), '529.982.247-25');
      await user.type(within(dialog).getByLabelText(/^E-mail/), 'joao@demo.com.br');
      await user.type(within(dialog).getByLabelText(/^Telefone/), '(11) 91234-5678');
    },
    typed: (dialog) => [/^Nome/, /^CPF/, /^E-mail/, /^Telefone/].map((label) => fieldValue(dialog, label)),
    submit: 'Cadastrar',
  },
];
