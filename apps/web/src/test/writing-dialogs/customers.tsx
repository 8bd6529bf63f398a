import { screen, within } from '@testing-library/react';
import { CreditDialog } from '../../features/customers/components/credit-dialog';
import CustomersPage from '../../features/customers/pages/customers-page';
import { LEVELS, makeCustomer } from '../../features/customers/test-data';
import { ReceiveDialog } from '../../features/receivables/components/receive-dialog';
import { UndoDialog as UndoReceiptDialog } from '../../features/receivables/components/undo-dialog';
import { LATEST_PAYMENT, PARTLY_PAID, LATE as RECEIVABLE_LATE } from '../../features/receivables/test-data';
import { choose, fieldValue, type Routes, selectRow, UntilClosed, type User, type WritingDialogCase } from './case';

/**
 * The writing dialogs of 'Clientes' (approval, blocking, edition, courier, registration, credit) and 'Contas a
 * receber'.
 */

const ANA = makeCustomer({
  id: 1,
  name: 'Ana Ativa',
  email: 'ana@cliente.com.br',
  status: 'Approved',
  approved: true,
  level: 1,
  levelName: 'Ouro',
  shippingCost: 10,
});
const WALTER = makeCustomer({ id: 2, name: 'Walter Esperando', email: 'walter@cliente.com.br' });
const customersScreen = () => ({
  element: <CustomersPage />,
  path: '/admin/customers',
  permissions: ['bo:manage:customers'],
  reads: {
    'GET /api/customers': { body: { customers: [ANA], total: 1 } },
    'GET /api/administrator/customers/unnaproved': { body: { customers: [WALTER], total: 1 } },
    'GET /api/customers/blocked': { body: { customers: [], total: 0 } },
    'GET /api/customers/reproved': { body: { customers: [], total: 0 } },
    'GET /api/customers/level': { body: LEVELS },
    'GET /api/employees/deliverers': { body: { deliverers: [{ id: 9, name: 'Eduardo Motoboy' }] } },
  } satisfies Routes,
});
const activeAction = (action: string) => async (user: User) => {
  await selectRow(user, 'Ana Ativa');
  await user.click(screen.getByRole('button', { name: action }));
};

/** The customer 'Cadastrar cliente' registers (CPF 111.444.777-35: check digits by hand, 3 and 5). */
const JOAO = makeCustomer({
  id: 3,
  name: 'João Pereira',
  email: 'joao.p@cliente.com.br',
  status: 'Approved',
  approved: true,
  level: 1,
  levelName: 'Ouro',
  shippingCost: 12.5,
});
/** The fields of 'Cadastrar cliente' that are typed, with what is typed into each. */
const REGISTERED: Array<[RegExp, string]> = [
  [/^Nome/, 'João Pereira'],
  [/^CPF ou CNPJ/, '111.444.777-35'],
  [/^Telefone com DDD/, '11987654321'],
  [/^E-mail/, 'joao.p@cliente.com.br'],
  [/^CEP/, '01001000'],
  [/^Rua/, 'Praça da Sé'],
  [/^Número/, '100'],
  [/^Bairro/, 'Sé'],
  [/^Cidade/, 'São Paulo'],
  [/^UF/, 'SP'],
  [/^Frete/, '12,50'],
];

export const CUSTOMER_DIALOGS: WritingDialogCase[] = [
  {
    files: ['features/customers/components/block-dialog.tsx'],
    dialog: 'Informe o motivo do bloqueio',
    write: 'PATCH /api/administrator/customer/1/status',
    done: { data: { ...ANA, status: 'Blocked', isBlocked: true } },
    screen: customersScreen,
    open: activeAction('Bloquear'),
    fill: (user, dialog) => user.type(within(dialog).getByLabelText(/^Motivo/), 'Pagamentos em atraso'),
    typed: (dialog) => fieldValue(dialog, /^Motivo/),
    submit: 'Confirmar',
  },
  {
    files: [
      'features/customers/components/approve-dialog.tsx',
      'features/customers/components/customer-form-dialog.tsx',
    ],
    dialog: 'Aprovar ou Reprovar: Walter Esperando',
    write: 'PATCH /api/administrator/customers/approve',
    done: { data: { ...WALTER, status: 'Approved', approved: true } },
    screen: customersScreen,
    open: async (user) => {
      await user.click(await screen.findByRole('button', { name: /^Aguardando Aprovação/ }));
      await selectRow(user, 'Walter Esperando');
      await user.click(screen.getByRole('button', { name: 'Aprovar/Reprovar' }));
    },
    fill: async (user, dialog) => {
      await choose(user, dialog, /Nível/, 'Ouro');
      await user.type(within(dialog).getByLabelText(/^Frete/), '12,50');
    },
    typed: (dialog) => [
      within(dialog).getByRole('combobox', { name: /Nível/ }).textContent,
      fieldValue(dialog, /^Frete/),
    ],
    submit: 'Aprovar',
  },
  {
    files: ['features/customers/components/edit-dialog.tsx'],
    dialog: 'Editar Cliente: Ana Ativa',
    write: 'PATCH /api/customers',
    done: { data: ANA },
    screen: customersScreen,
    open: activeAction('Editar'),
    fill: async (user, dialog) => {
      await user.clear(within(dialog).getByLabelText(/^Frete/));
      await user.type(within(dialog).getByLabelText(/^Frete/), '15,90');
    },
    typed: (dialog) => fieldValue(dialog, /^Frete/),
    submit: 'Editar',
  },
  {
    files: ['features/customers/components/associate-dialog.tsx'],
    dialog: 'Cliente: Ana Ativa',
    write: 'PUT /api/employees/deliverer/sign/customer',
    done: {},
    screen: customersScreen,
    open: activeAction('Associar Motoboy'),
    fill: (user, dialog) => choose(user, dialog, /Motoboy/, 'Eduardo Motoboy'),
    typed: (dialog) => within(dialog).getByRole('combobox', { name: /Motoboy/ }).textContent,
    submit: 'Associar',
  },
  {
    files: ['components/customers/register-customer-dialog.tsx'],
    dialog: 'Cadastrar cliente',
    write: 'POST /api/customers',
    done: { data: JOAO },
    screen: customersScreen,
    open: async (user) => {
      await user.click(await screen.findByRole('button', { name: 'Cadastrar cliente' }));
    },
    fill: async (user, dialog) => {
      for (const [label, text] of REGISTERED) await user.type(within(dialog).getByLabelText(label), text);
      await choose(user, dialog, /Nível/, 'Ouro');
      await choose(user, dialog, /Motoboy/, 'Eduardo Motoboy');
    },
    typed: (dialog) => [
      ...REGISTERED.map(([label]) => fieldValue(dialog, label)),
      within(dialog).getByRole('combobox', { name: /Nível/ }).textContent,
      within(dialog).getByRole('combobox', { name: /Motoboy/ }).textContent,
    ],
    submit: 'Cadastrar',
  },
  {
    files: ['features/customers/components/credit-dialog.tsx'],
    dialog: 'Alterar crédito: Ana Ativa',
    write: 'PUT /api/customers/1/credit',
    done: {
      data: {
        customerId: 1,
        limit: 5000,
        terms: [[28]],
        updatedAt: '2026-05-02T13:00:00.000Z',
        updatedBy: { id: 1, name: 'Ana Administradora' },
      },
    },
    screen: () => ({
      element: (
        <UntilClosed
          dialog={(close) => (
            <CreditDialog
              customer={ANA}
              credit={{ customerId: 1, limit: null, terms: [], updatedAt: null, updatedBy: null }}
              onClose={close}
            />
          )}
        />
      ),
      permissions: ['bo:manage:credit'],
      reads: {},
    }),
    open: async () => {},
    fill: async (user, dialog) => {
      await user.type(within(dialog).getByLabelText(/^Limite de crédito/), '5000');
      await user.type(within(dialog).getByLabelText('Novo prazo'), '28{Enter}');
    },
    typed: (dialog) => [fieldValue(dialog, /^Limite de crédito/), within(dialog).getByText('28 dias').textContent],
    submit: 'Salvar',
  },
  {
    files: ['features/receivables/components/receive-dialog.tsx'],
    dialog: 'Receber a parcela 1/3 de Maria Prazo',
    write: 'POST /api/receivables/9/payments',
    done: { data: { ...RECEIVABLE_LATE, paid: 2000, open: 0, status: 'PAID', payments: [] } },
    screen: () => ({
      element: <UntilClosed dialog={(close) => <ReceiveDialog instalment={RECEIVABLE_LATE} onClose={close} />} />,
      permissions: ['bo:manage:orders'],
      reads: {
        'GET /api/receivables/9': { body: { data: { ...RECEIVABLE_LATE, payments: [] } } },
        'GET /api/credit/settings': { body: { data: { blockOverdueDays: 5, fine: 2, monthlyInterest: 1 } } },
      },
    }),
    open: async () => undefined,
    fill: (user, dialog) => choose(user, dialog, /Forma de recebimento/, 'Pix'),
    typed: (dialog) => [
      fieldValue(dialog, /^Valor/),
      within(dialog).getByRole('combobox', { name: /Forma de recebimento/ }).textContent,
    ],
    submit: 'Registrar recebimento',
  },
  {
    files: ['features/receivables/components/undo-dialog.tsx'],
    dialog: 'Desfazer recebimento',
    write: 'POST /api/receivables/10/payments/32/undo',
    done: { data: PARTLY_PAID },
    screen: () => ({
      element: (
        <UntilClosed
          dialog={(close) => <UndoReceiptDialog receivableId={10} payment={LATEST_PAYMENT} onClose={close} />}
        />
      ),
      permissions: ['bo:manage:credit'],
      reads: {},
    }),
    open: async () => undefined,
    fill: (user, dialog) => user.type(within(dialog).getByLabelText(/^Motivo/), 'Pix devolvido pelo banco'),
    typed: (dialog) => fieldValue(dialog, /^Motivo/),
    submit: 'Desfazer',
  },
];
