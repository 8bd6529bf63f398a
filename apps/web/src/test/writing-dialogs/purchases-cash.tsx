import { screen, waitFor, within } from '@testing-library/react';
import { expect } from 'vitest';
import BankReconciliationPage from '../../features/bank-reconciliation/pages/bank-reconciliation-page';
import { ACCOUNTS, MONTH } from '../../features/bank-reconciliation/test-data';
import CashPage from '../../features/cash/pages/cash-page';
import {
  BEATRIZ,
  makeOverview,
  OPEN_SESSION,
  OPEN_SESSION_DETAILS,
  pendingSession,
  sessionPage,
} from '../../features/cash/test-data';
import { PayableDialog } from '../../features/payables/components/payable-dialog';
import PayablesPage from '../../features/payables/pages/payables-page';
import { BILL as PAYABLE } from '../../features/payables/test-data';
import SuppliersPage from '../../features/suppliers/pages/suppliers-page';
import { choose, fieldValue, type Routes, type User, type WritingDialogCase } from './case';

/** The writing dialogs of 'Compras' (suppliers, bills to pay), 'Caixa' (the cash registers) and 'Conciliação bancária'. */

/** 'Conciliação bancária' of March 2026 (features/bank-reconciliation/test-data.ts). */
const reconciliationScreen = (permissions: string[]) => () => ({
  element: <BankReconciliationPage />,
  permissions,
  reads: {
    'GET /api/bank-statements/accounts': { body: { data: ACCOUNTS } },
    'GET /api/bank-statements/reconciliation': { body: { data: MONTH } },
  },
});

/** A supplier and a bill of 'Compras' (issue 39). */
const SUPPLIER = {
  id: 3,
  name: 'Distribuidora Paulista',
  tradeName: null,
  document: '11222333000181',
  documentType: 'CNPJ',
  stateRegistration: null,
  contactName: null,
  phone: null,
  email: null,
  address: { street: null, number: null, complement: null, district: null, city: null, state: null, postalCode: null },
  createdAt: '2026-11-20T13:00:00.000Z',
  updatedAt: '2026-11-20T13:00:00.000Z',
};
const BILL = { ...PAYABLE, paid: 0, open: 1500, payments: [] };

/** 'Caixa' (issue 40 §3): the attendant's open 'Caixa balcão 1' (`mine`) or none open, and the sessions' list. */
const cashScreen =
  (permissions: string[], { mine = true, sessions = sessionPage([]) } = {}) =>
  () => ({
    element: <CashPage />,
    path: '/admin/cash',
    permissions,
    reads: {
      'GET /api/cash-registers': { body: { data: makeOverview({ mySessionId: mine ? OPEN_SESSION.id : null }) } },
      'GET /api/cash-registers/sessions': sessions,
    } satisfies Routes,
  });
const ATTENDANT = ['bo:manage:orders', 'bo:manage:internal_sales'];
const inCard = (register: string, button: string) => async (user: User) => {
  const card = await screen.findByRole('region', { name: register });
  await user.click(within(card).getByRole('button', { name: button }));
};
const PENDING = pendingSession(31, BEATRIZ);

export const PURCHASE_AND_CASH_DIALOGS: WritingDialogCase[] = [
  {
    files: ['features/suppliers/components/supplier-dialog.tsx'],
    dialog: 'Novo fornecedor',
    write: 'POST /api/suppliers',
    done: { data: SUPPLIER },
    screen: () => ({
      element: <SuppliersPage />,
      permissions: ['bo:manage:purchases'],
      reads: { 'GET /api/suppliers': { body: { data: { items: [], page: 0, total: 0 } } } },
    }),
    open: async (user) => {
      await user.click(await screen.findByRole('button', { name: 'Novo fornecedor' }));
    },
    fill: async (user, dialog) => {
      await user.type(within(dialog).getByLabelText(/^Nome \/ Razão social/), 'Distribuidora Paulista');
      await user.type(within(dialog).getByLabelText(/^CNPJ ou CPF/), '11.222.333/0001-81');
    },
    typed: (dialog) => [fieldValue(dialog, /^Nome \/ Razão social/), fieldValue(dialog, /^CNPJ ou CPF/)],
    submit: 'Salvar',
  },
  {
    files: ['features/payables/components/new-payable-dialog.tsx'],
    dialog: 'Nova conta a pagar',
    write: 'POST /api/payables',
    done: { data: BILL },
    screen: () => ({
      element: <PayablesPage />,
      permissions: ['bo:manage:purchases'],
      reads: {
        'GET /api/payables': {
          body: { data: { items: [], page: 0, total: 0, totals: { amount: 0, paid: 0, open: 0 } } },
        },
        'GET /api/suppliers': { body: { data: { items: [], page: 0, total: 0 } } },
      },
    }),
    open: async (user) => {
      await user.click(await screen.findByRole('button', { name: 'Nova conta' }));
    },
    fill: async (user, dialog) => {
      await choose(user, dialog, /Categoria/, 'Aluguel');
      await user.type(within(dialog).getByLabelText(/^Descrição/), 'Aluguel de dezembro');
      await user.type(within(dialog).getByLabelText(/^Valor/), '1.500,00');
    },
    typed: (dialog) => [fieldValue(dialog, /^Descrição/), fieldValue(dialog, /^Valor/)],
    submit: 'Lançar',
  },
  {
    files: ['features/payables/components/pay-dialog.tsx'],
    dialog: 'Pagar a conta nº 7',
    write: 'POST /api/payables/7/payments',
    done: { data: { ...BILL, paid: 600, open: 900 } },
    screen: () => ({
      element: <PayableDialog id={7} onClose={() => undefined} />,
      permissions: ['bo:manage:purchases'],
      reads: { 'GET /api/payables/7': { body: { data: BILL } } },
    }),
    open: async (user) => {
      await user.click(await screen.findByRole('button', { name: 'Pagar' }));
    },
    fill: async (user, dialog) => {
      const amount = within(dialog).getByLabelText(/^Valor/);
      await user.clear(amount);
      await user.type(amount, '600,00');
      await user.type(within(dialog).getByLabelText(/^Multa/), '12,00');
    },
    typed: (dialog) => [fieldValue(dialog, /^Valor/), fieldValue(dialog, /^Multa/)],
    submit: 'Registrar pagamento',
  },
  {
    files: ['features/cash/components/open-dialog.tsx'],
    dialog: 'Abrir o Caixa balcão 2',
    write: 'POST /api/cash-registers/2/open',
    done: { data: { ...OPEN_SESSION, id: 12, register: { id: 2, name: 'Caixa balcão 2' }, entries: [] } },
    screen: cashScreen(ATTENDANT, { mine: false }),
    open: inCard('Caixa balcão 2', 'Abrir caixa'),
    fill: async (user, dialog) => {
      const float = within(dialog).getByLabelText(/^Troco inicial/);
      await user.clear(float);
      await user.type(float, '200,00');
    },
    typed: (dialog) => fieldValue(dialog, /^Troco inicial/),
    submit: 'Abrir caixa',
  },
  {
    files: ['features/cash/components/entry-dialog.tsx'],
    dialog: 'Suprimento no Caixa balcão 1',
    write: 'POST /api/cash-registers/1/entries',
    done: { data: OPEN_SESSION_DETAILS },
    screen: cashScreen(ATTENDANT),
    open: inCard('Caixa balcão 1', 'Suprimento'),
    fill: async (user, dialog) => {
      await user.type(within(dialog).getByLabelText(/^Valor/), '50,00');
      await user.type(within(dialog).getByLabelText(/^Motivo/), 'Troco do cofre');
    },
    typed: (dialog) => [fieldValue(dialog, /^Valor/), fieldValue(dialog, /^Motivo/)],
    submit: 'Lançar',
  },
  {
    files: ['features/cash/components/close-dialog.tsx'],
    dialog: 'Fechar o Caixa balcão 1',
    write: 'POST /api/cash-registers/1/close',
    done: { data: { ...PENDING, id: 11, entries: [] } },
    screen: cashScreen(ATTENDANT),
    open: inCard('Caixa balcão 1', 'Fechar caixa'),
    fill: async (user, dialog) => {
      await user.type(within(dialog).getByLabelText(/^Valor contado/), '140,00');
      await user.click(within(dialog).getByRole('button', { name: 'Conferir contagem' }));
      await user.type(await within(dialog).findByLabelText(/^Motivo da diferença/), 'Troco dado a mais');
    },
    typed: (dialog) => [
      fieldValue(dialog, /^Valor contado/),
      fieldValue(dialog, /^Motivo da diferença/),
      within(dialog).getByTestId('cash-close-difference').textContent,
    ],
    submit: 'Fechar caixa',
  },
  {
    files: ['features/cash/components/register-dialog.tsx'],
    dialog: 'Editar Caixa balcão 2',
    write: 'PATCH /api/cash-registers/2',
    done: { data: { id: 2, name: 'Caixa da entrada', active: true, openSession: null, lastClosedAt: null } },
    screen: cashScreen(['bo:manage:settings'], { mine: false }),
    open: inCard('Caixa balcão 2', 'Editar Caixa balcão 2'),
    fill: async (user, dialog) => {
      await user.clear(within(dialog).getByLabelText(/^Nome/));
      await user.type(within(dialog).getByLabelText(/^Nome/), 'Caixa da entrada');
    },
    typed: (dialog) => fieldValue(dialog, /^Nome/),
    submit: 'Salvar',
  },
  {
    files: ['features/cash/components/register-dialog.tsx'],
    dialog: 'Novo caixa',
    write: 'POST /api/cash-registers',
    done: { data: { id: 3, name: 'Caixa balcão 3', active: true, openSession: null, lastClosedAt: null } },
    screen: cashScreen(['bo:manage:settings'], { mine: false }),
    open: async (user) => {
      await user.click(await screen.findByRole('button', { name: 'Novo caixa' }));
    },
    fill: (user, dialog) => user.type(within(dialog).getByLabelText(/^Nome/), 'Caixa balcão 3'),
    typed: (dialog) => fieldValue(dialog, /^Nome/),
    submit: 'Criar',
  },
  {
    files: ['features/cash/components/tolerance-dialog.tsx'],
    dialog: 'Tolerância de diferença',
    write: 'PUT /api/cash-registers/settings',
    done: { data: { tolerance: 5 } },
    screen: cashScreen(['bo:manage:credit'], { mine: false }),
    open: async (user) => {
      const button = await screen.findByRole('button', { name: 'Tolerância de diferença' });
      await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
      await user.click(button);
    },
    fill: async (user, dialog) => {
      const tolerance = within(dialog).getByLabelText(/^Tolerância/);
      await user.clear(tolerance);
      await user.type(tolerance, '5,00');
    },
    typed: (dialog) => fieldValue(dialog, /^Tolerância/),
    submit: 'Salvar',
  },
  {
    files: ['features/cash/components/approve-dialog.tsx'],
    dialog: 'Aprovar diferença',
    write: 'POST /api/cash-registers/sessions/31/approve',
    done: { data: { ...PENDING, status: 'CLOSED', entries: [] } },
    screen: cashScreen(['bo:manage:credit'], { mine: false, sessions: sessionPage([PENDING]) }),
    open: async (user) => {
      const row = (await screen.findByText('Diferença aguardando aprovação')).closest('[role="row"]') as HTMLElement;
      await user.click(within(row).getByRole('button', { name: 'Aprovar diferença' }));
    },
    fill: (user, dialog) => user.type(within(dialog).getByLabelText(/^Observação/), 'Conferido com a câmera'),
    typed: (dialog) => fieldValue(dialog, /^Observação/),
    submit: 'Aprovar',
  },
  {
    files: ['features/bank-reconciliation/components/payable-line-dialog.tsx'],
    dialog: 'Criar conta a pagar',
    write: 'POST /api/bank-statements/lines/14/payable',
    done: {
      data: { kind: 'PAYABLE_PAYMENT', ref: '9', amount: -12.9, day: '2026-03-31', label: 'Conta paga: Tarifa' },
    },
    screen: reconciliationScreen(['bo:manage:purchases']),
    open: async (user) => {
      const row = (await screen.findByText('TARIFA PACOTE DE SERVIÇOS')).closest('tr') as HTMLElement;
      await user.click(within(row).getByRole('button', { name: /Criar conta a pagar/ }));
    },
    fill: async (user, dialog) => {
      const description = within(dialog).getByLabelText(/^Descrição/);
      await user.clear(description);
      await user.type(description, 'Tarifa de março');
    },
    typed: (dialog) => fieldValue(dialog, /^Descrição/),
    submit: 'Criar',
  },
  {
    files: ['features/bank-reconciliation/components/ignore-line-dialog.tsx'],
    dialog: 'Ignorar lançamento',
    write: 'POST /api/bank-statements/lines/13/ignore',
    done: { data: { ignored: true } },
    screen: reconciliationScreen(['bo:manage:credit']),
    open: async (user) => {
      const row = (await screen.findByText('DEPOSITO EM DINHEIRO')).closest('tr') as HTMLElement;
      await user.click(within(row).getByRole('button', { name: /Ignorar/ }));
    },
    fill: (user, dialog) => user.type(within(dialog).getByLabelText(/^Motivo/), 'Aporte do sócio'),
    typed: (dialog) => fieldValue(dialog, /^Motivo/),
    submit: 'Ignorar',
  },
];
