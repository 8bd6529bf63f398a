import { DATABASE_UNAVAILABLE_TEXT, type Unit } from '@backoffice/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type ReactNode, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { EmitNoteDialog } from '../components/fiscal/emit-note-dialog';
import { AUTHORIZED as NOTE_AUTHORIZED, pageOf as notePage } from '../components/fiscal/test-data';
import { OrderAdjustmentDialog } from '../components/orders/order-adjustment-dialog';
import { makeOrderDetail, makeOrderSummary } from '../components/orders/test-data';
import CashPage from '../features/cash/pages/cash-page';
import {
  BEATRIZ,
  makeOverview,
  OPEN_SESSION,
  OPEN_SESSION_DETAILS,
  pendingSession,
  sessionPage,
} from '../features/cash/test-data';
import { CreditDialog } from '../features/customers/components/credit-dialog';
import CustomersPage from '../features/customers/pages/customers-page';
import { LEVELS, makeCustomer } from '../features/customers/test-data';
import { SettlementDialog } from '../features/dispatch/components/settlement-dialog';
import EmployeesPage from '../features/employees/pages/employees-page';
import { CancelNoteDialog } from '../features/fiscal-notes/components/cancel-dialog';
import { CorrectionDialog } from '../features/fiscal-notes/components/correction-dialog';
import { EmailNoteDialog } from '../features/fiscal-notes/components/email-dialog';
import FiscalNotesPage from '../features/fiscal-notes/pages/fiscal-notes-page';
import { ApproveDialog as OrderApproveDialog } from '../features/orders/components/approve-dialog';
import { CreditApprovalDialog } from '../features/orders/components/credit-approval-dialog';
import { DelivererDialog } from '../features/orders/components/deliverer-dialog';
import { DiscountDialog } from '../features/orders/components/discount-dialog';
import { EditOrderDialog } from '../features/orders/components/edit-order-dialog';
import { FinalMoveDialog } from '../features/orders/components/final-move-dialog';
import { PayableDialog } from '../features/payables/components/payable-dialog';
import PayablesPage from '../features/payables/pages/payables-page';
import { BILL as PAYABLE } from '../features/payables/test-data';
import { BrandsPanel } from '../features/products/components/brands-panel';
import { UnitCountDialog } from '../features/products/components/unit-count-dialog';
import { UnitLookupDialog } from '../features/products/components/unit-lookup-dialog';
import ProductsPage from '../features/products/pages/products-page';
import { makeProduct } from '../features/products/test-data';
import { QuoteDialog } from '../features/quotes/components/quote-dialog';
import { ReceiveDialog } from '../features/receivables/components/receive-dialog';
import { UndoDialog as UndoReceiptDialog } from '../features/receivables/components/undo-dialog';
import { LATEST_PAYMENT, PARTLY_PAID, LATE as RECEIVABLE_LATE } from '../features/receivables/test-data';
import RolesPage from '../features/roles/pages/roles-page';
import SellingPage from '../features/selling/pages/selling-page';
import { CAPA as CAPA_FOR_SALE, fakeSellingServer, JOANA, PELICULA } from '../features/selling/test-data';
import { FirstRunGate } from '../features/settings/components/first-run-gate';
import { FiscalSection } from '../features/settings/components/fiscal-section';
import { PixReceivedCard } from '../features/settings/components/pix-received-card';
import { WhatsAppTemplatesCard } from '../features/settings/components/whatsapp-templates-card';
import { CERTIFICATE, GALAXY_PAGE, ISSUER, SIMPLES_PROFILE } from '../features/settings/fiscal-test-data';
import SettingsPage from '../features/settings/pages/settings-page';
import { COMPANY, PIX, REQUIRED, UNMATCHED } from '../features/settings/test-data';
import { uploadsThroughFetch } from '../features/settings/test-uploads';
import SuppliersPage from '../features/suppliers/pages/suppliers-page';
import { openQuote } from './quotes';
import { type MockCall, mockFetch, renderPage, signInAs } from './render';

/**
 * Issue 34 §6 (decision 0004): every dialog that writes stays open with what was typed when its write gets no
 * answer or a server error, and only a success closes it (`useApiMutation`'s `closeDialog`). This file walks
 * them: one case per dialog, each opened in the screen that owns its write, filled, sent with the connection
 * lost and with a 503, then sent again with the server answering.
 */

type Answer = { status?: number; body?: unknown } | 'network-error';
type Routes = Record<string, Answer | ((call: MockCall) => Answer)>;
type User = ReturnType<typeof userEvent.setup>;

interface WritingDialogCase {
  /** The files (under apps/web/src) of the dialog: the walk checks that each file drawing a writing dialog has one. */
  files: string[];
  /** The dialog's accessible name. */
  dialog: string | RegExp;
  /** The write: 'METHOD /api/path'. */
  write: string;
  /** When the same route also reads (a dry run): which of its calls is the write; the others go to `reads`. */
  isWrite?: (call: MockCall) => boolean;
  /** The server's answer to the write when it succeeds. */
  done: unknown;
  /** The screen that owns the write, with the reads it makes (the write's route is added). */
  screen: () => { element: ReactNode; path?: string; reads: Routes; permissions?: string[] };
  /** Opens the dialog from the screen. */
  open: (user: User) => Promise<void>;
  /** Types into the dialog. */
  fill: (user: User, dialog: HTMLElement) => Promise<void>;
  /** What the dialog's fields show (compared before and after the failed write). */
  typed: (dialog: HTMLElement) => unknown;
  /** The button that sends it. */
  submit: string;
  /** A dialog whose success shows a result instead of closing: what it shows (else it must close). */
  result?: string;
}

/** An open quote of one line (1 × R$ 59,90, picked up), for the quote's dialog. */
const OPEN_QUOTE = openQuote(5, { customerName: 'Joana Souza' });

const fieldValue = (dialog: HTMLElement, label: RegExp) =>
  (within(dialog).getByLabelText(label) as HTMLInputElement).value;

/** Whether MUI's dialog is fading out (closed, not yet removed from the page). */
const closing = (dialog: HTMLElement) =>
  (dialog.closest('.MuiDialog-container') as HTMLElement | null)?.style.opacity === '0';

/** Selects the row of `name` in a data table. */
async function selectRow(user: User, name: string) {
  const row = (await screen.findByText(name)).closest('[role="row"]') as HTMLElement;
  await user.click(within(row).getByRole('checkbox'));
}

async function choose(user: User, dialog: HTMLElement, label: RegExp, option: string) {
  await user.click(within(dialog).getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}

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

/** A dialog that owns its write, drawn until it closes itself (its `onClose`). */
function UntilClosed({ dialog }: { dialog: (close: () => void) => ReactNode }) {
  const [open, setOpen] = useState(true);
  return open ? dialog(() => setOpen(false)) : null;
}
const ON_THE_ROAD = makeOrderSummary({
  orderId: 8,
  code: 'K1L-2M3',
  status: 'Em entrega',
  statusKey: 4,
  deliverer: 'Diego Motoboy',
  delivererId: 4,
});
const AWAITING_APPROVAL = makeOrderSummary({
  orderId: 7,
  code: 'K7M-4QP',
  status: 'Aguardando aprovação',
  statusKey: 11,
  payment: 'Depósito',
  paymentMethod: 'BANK_TRANSFER',
  total: 80,
  createdAt: '2026-11-22T14:00:00.000Z',
  updatedAt: '2026-11-22T14:01:00.000Z',
});
/** A sale on credit held above the customer's limit (issue 40 §1). */
const CREDIT_HELD = makeOrderSummary({
  orderId: 51,
  code: 'CRD-017',
  status: 'Aguardando aprovação de crédito',
  statusKey: 17,
  payment: 'A prazo',
  paymentMethod: 'CREDIT',
  total: 1249.56,
});
const ordersScreen =
  (dialog: (close: () => void) => ReactNode, reads: Routes = {}) =>
  () => ({
    element: <UntilClosed dialog={dialog} />,
    permissions: ['bo:manage:orders'],
    reads: {
      ...reads,
      'GET /api/employees/deliverers': {
        body: {
          deliverers: [
            { id: 4, name: 'Diego Motoboy' },
            { id: 9, name: 'Eduardo Motoboy' },
          ],
        },
      },
    } satisfies Routes,
  });

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

/** A phone counted by IMEI: 490154203237518 and 352099081234565 (Luhn by hand: 8, 5) in stock, both read. */
const CAPA = makeProduct({ id: 1, code: 'P100001', name: 'Capa Silicone', stock: 0 });
const MOTO_G54 = makeProduct({ id: 31, code: 'P100031', name: 'Moto G54', stock: 2, serialized: true });
const COUNTED = {
  product: { id: 31, code: 'P100031', name: 'Moto G54' },
  dryRun: true,
  written: false,
  unitsInStock: 2,
  heldByOrders: 0,
  found: 2,
  missing: [],
  unknown: [],
  stockBefore: 2,
  stockAfter: 2,
};

/** The selling page with Joana's empty cart, the Capa found by 'capa' (the quantity dialog's screen). */
const sellingScreen = () => {
  const server = fakeSellingServer();
  const search = (text: string) =>
    `GET /api/shop/products/full/search/${text}/email/${encodeURIComponent(JOANA.email)}`;
  return {
    element: <SellingPage />,
    path: '/admin/selling',
    permissions: ['bo:manage:internal_sales'],
    reads: {
      'GET /api/customers': { body: { customers: [JOANA], total: 1 } },
      [search('capa')]: { body: { products: [CAPA_FOR_SALE] } },
      [search('vidro')]: { body: { products: [PELICULA] } },
      [`GET /api/orders/pre/checkout/${JOANA.id}`]: (call: MockCall) => ({ body: server.preCheckout(call) }),
    } satisfies Routes,
  };
};

/** A finished order: 3 cables at R$ 12,50 (the return's screen). */
const FINISHED = makeOrderDetail({
  orderId: 90,
  code: 'TRC-001',
  items: [{ productId: 11, name: 'Cabo USB-C', quantity: 3, unitPrice: 12.5 }],
});
const RETURNED = {
  data: {
    registration: '6f1c2b1e-0000-4000-8000-000000000001',
    orderId: 90,
    orderCode: 'TRC-001',
    kind: 'RETURN',
    lines: [],
    difference: -12.5,
    createdAt: '2026-11-23T12:00:00.000Z',
  },
};

/** A phone returned by its customer, in analysis (490154203237518: Luhn by hand, 8), and the same released. */
const RETURNED_UNIT: Unit = {
  imei: '490154203237518',
  imei2: null,
  product: { id: 31, code: 'P100031', name: 'Moto G54' },
  status: 'RETURNED',
  order: null,
  customer: null,
  soldAt: null,
  deliveredAt: null,
  warrantyEndsAt: null,
  warrantyDaysLeft: null,
  history: [],
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

/** An order not yet separated: 2 cables at R$ 25,00 and R$ 10,00 of freight (the discount's screen). */
const TO_SEPARATE = makeOrderSummary({
  orderId: 12,
  code: 'D5C-9TX',
  status: 'Aguardando estoquista',
  statusKey: 1,
  total: 60,
  shippingCost: 10,
});
const TO_SEPARATE_DETAIL = makeOrderDetail({
  ...TO_SEPARATE,
  items: [{ productId: 11, name: 'Cabo USB-C', quantity: 2, unitPrice: 25 }],
  itemsTotal: 50,
  warranty: 0,
  fastDeliveryTax: 0,
  discount: 0,
});

/** The order of TO_SEPARATE_DETAIL with `quantity` cables, as PATCH /orders/12 answers it. */
const editedCables = (quantity: number, dryRun: boolean) => ({
  orderId: 12,
  code: 'D5C-9TX',
  items: [
    {
      productId: 11,
      code: 'P11',
      name: 'Cabo USB-C',
      quantity,
      unitPrice: 25,
      total: 25 * quantity,
      discount: 0,
      added: false,
    },
  ],
  typeOfDelivery: 1,
  isFastDelivery: false,
  withWarranty: false,
  itemsTotal: 25 * quantity,
  shippingCost: 10,
  fastDeliveryTax: 0,
  warranty: 0,
  discount: 0,
  total: 25 * quantity + 10,
  previousTotal: 60,
  paid: 0,
  payment: 'CASH',
  changeFor: null,
  cardOnDelivery: false,
  statusKey: 1,
  changed: quantity !== 2,
  dryRun,
  replayed: false,
  message: 'Pedido alterado com sucesso.',
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

export const WRITING_DIALOGS: WritingDialogCase[] = [
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
      await user.type(within(dialog).getByLabelText(/^Conta de saída/), 'Itaú 1234-5');
    },
    typed: (dialog) => [fieldValue(dialog, /^Valor/), fieldValue(dialog, /^Conta de saída/)],
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
      await user.type(within(dialog).getByLabelText(/^Motivo da diferença/), 'Troco dado a mais');
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
    files: ['features/orders/components/final-move-dialog.tsx'],
    dialog: 'Cancelar o pedido K1L-2M3',
    write: 'PATCH /api/workflow/order/cancel',
    done: { data: { ...ON_THE_ROAD, status: 'Cancelado', statusKey: 7 } },
    screen: ordersScreen((close) => <FinalMoveDialog move="cancel" order={ON_THE_ROAD} onClose={close} />),
    open: async () => undefined,
    fill: (user, dialog) => user.type(within(dialog).getByLabelText(/^Motivo/), 'Cliente desistiu da compra'),
    typed: (dialog) => fieldValue(dialog, /^Motivo/),
    submit: 'Cancelar pedido',
  },
  {
    files: ['features/orders/components/deliverer-dialog.tsx'],
    dialog: 'Alterar Motoboy',
    write: 'PUT /api/orders/change/order/8/deliverer/9',
    done: { data: { ...ON_THE_ROAD, deliverer: 'Eduardo Motoboy', delivererId: 9 } },
    screen: ordersScreen((close) => <DelivererDialog order={ON_THE_ROAD} onClose={close} />),
    open: async () => undefined,
    fill: (user, dialog) => choose(user, dialog, /Motoboy/, 'Eduardo Motoboy'),
    typed: (dialog) => within(dialog).getByRole('combobox', { name: /Motoboy/ }).textContent,
    submit: 'Confirmar',
  },
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
    files: ['features/quotes/components/cancel-quote-dialog.tsx'],
    dialog: 'Cancelar o orçamento nº 5?',
    write: 'POST /api/quotes/5/cancel',
    done: { data: { ...OPEN_QUOTE, status: 'CANCELLED', cancelReason: 'Cliente desistiu' } },
    screen: () => ({
      element: <QuoteDialog id={5} onClose={() => undefined} />,
      permissions: ['internal_sales'],
      reads: { 'GET /api/quotes/5': { body: { data: OPEN_QUOTE } } },
    }),
    open: async (user) => {
      await user.click(await screen.findByRole('button', { name: 'Cancelar orçamento' }));
    },
    fill: async (user, dialog) => {
      await user.type(within(dialog).getByRole('textbox', { name: 'Motivo do cancelamento' }), 'Cliente desistiu');
    },
    typed: (dialog) =>
      (within(dialog).getByRole('textbox', { name: 'Motivo do cancelamento' }) as HTMLTextAreaElement).value,
    submit: 'Cancelar orçamento',
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
    files: ['features/orders/components/approve-dialog.tsx'],
    dialog: 'Aprovar ou reprovar o pedido K7M-4QP',
    write: 'PATCH /api/workflow/order/approve',
    done: { data: { ...AWAITING_APPROVAL, status: 'Aguardando estoquista', statusKey: 1 } },
    screen: ordersScreen((close) => <OrderApproveDialog order={AWAITING_APPROVAL} onClose={close} />, {
      'GET /api/orders/receipt/7': {
        body: { data: { url: '/api/files/orders/x.jpg?sig=1', createdAt: '2026-11-22T14:01:00.000Z', sameAs: null } },
      },
    }),
    open: async () => undefined,
    fill: (user, dialog) =>
      user.type(within(dialog).getByLabelText('ID da transação (E2E)'), 'E60746948202611221405AbCdEf12345'),
    typed: (dialog) => fieldValue(dialog, /^ID da transação \(E2E\)/),
    submit: 'Aprovar',
  },
  {
    files: ['features/orders/components/credit-approval-dialog.tsx'],
    dialog: 'Aprovação de crédito — pedido CRD-017',
    write: 'PATCH /api/workflow/order/approve-credit',
    done: { data: { ...CREDIT_HELD, status: 'Aguardando estoquista', statusKey: 1 } },
    screen: ordersScreen((close) => <CreditApprovalDialog order={CREDIT_HELD} onClose={close} />, {
      'GET /api/reports/order/histories/51': { body: { data: { histories: [] } } },
    }),
    open: async () => undefined,
    fill: (user, dialog) => user.type(within(dialog).getByLabelText(/^Motivo/), 'Cliente antigo, bom pagador'),
    typed: (dialog) => fieldValue(dialog, /^Motivo/),
    submit: 'Aprovar crédito',
  },
  {
    files: ['features/employees/components/employee-dialogs.tsx'],
    dialog: 'Cadastrar Funcionário',
    write: 'POST /api/accounts/employee/deliverer/signup',
    done: {
      data: {
        id: 9,
        name: 'João Entregador',
        email: 'joao@demo.com.br',
        phone: '11912345678',
        document: '52998224725',
        func: 2,
        type: 'Motoboy',
        roleId: null,
        role: null,
        roles: [],
        isBlocked: false,
        blocked: false,
      },
    },
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
  {
    files: ['features/products/components/unit-count-dialog.tsx'],
    dialog: 'Contagem por IMEI: Moto G54',
    write: 'POST /api/products/P100031/count-units',
    isWrite: (call) => call.url.includes('dryRun=false'),
    done: { data: { ...COUNTED, dryRun: false, written: true } },
    screen: () => ({
      element: (
        <UntilClosed dialog={(close) => <UnitCountDialog product={MOTO_G54} onClose={close} scanner={() => null} />} />
      ),
      permissions: ['bo:manage:products'],
      reads: { 'POST /api/products/P100031/count-units': { body: { data: COUNTED } } },
    }),
    open: async () => undefined,
    fill: async (user, dialog) => {
      await user.type(within(dialog).getByLabelText(/^IMEIs/), '490154203237518\n352099081234565');
      await user.click(within(dialog).getByRole('button', { name: 'Conferir' }));
      await within(dialog).findByRole('region', { name: 'Resultado da conferência' });
    },
    typed: (dialog) => fieldValue(dialog, /^IMEIs/),
    submit: 'Confirmar',
  },
  {
    files: ['features/dispatch/components/settlement-dialog.tsx'],
    dialog: 'Acerto do motoboy: Diego Motoboy',
    write: 'POST /api/dispatch/runs/9/settlement',
    done: {
      data: {
        runId: 9,
        expectedCash: 34.9,
        declaredCash: 24.9,
        difference: -10,
        note: 'Faltou troco',
        settledAt: '2026-11-23T20:00:00.000Z',
        settledBy: { id: 20, name: 'Beatriz Atendente' },
        delivered: 1,
        broughtBack: 0,
      },
    },
    screen: () => ({
      element: (
        <UntilClosed
          dialog={(close) => (
            <SettlementDialog
              run={{
                id: 9,
                departureAt: '2026-11-23T17:10:00.000Z',
                deliverer: { id: 40, name: 'Diego Motoboy' },
                orders: [],
                cashToCollect: 34.9,
                settledAt: null,
              }}
              onClose={close}
            />
          )}
        />
      ),
      permissions: ['bo:manage:orders'],
      reads: {},
    }),
    open: async () => undefined,
    fill: async (user, dialog) => {
      await user.type(within(dialog).getByLabelText('Dinheiro entregue'), '24,90');
      await user.type(within(dialog).getByLabelText('Observação (obrigatória se houver diferença)'), 'Faltou troco');
    },
    typed: (dialog) => [
      fieldValue(dialog, /^Dinheiro entregue/),
      fieldValue(dialog, /^Observação \(obrigatória se houver diferença\)/),
    ],
    submit: 'Registrar acerto',
    result: 'Esperado R$ 34,90 · Entregue R$ 24,90 · Diferença -R$ 10,00',
  },
  {
    files: ['features/products/components/stock-entry-dialog.tsx'],
    dialog: 'Informar entrada do produto Capa Silicone',
    write: 'PATCH /api/products/menu/purchase/batch',
    done: { data: [{ ...CAPA, stock: 12 }] },
    screen: () => ({
      element: <ProductsPage />,
      path: '/admin/products',
      permissions: ['bo:manage:products'],
      reads: {
        'GET /api/products/list': { body: { items: [CAPA], page: 0, total: 1 } },
        'GET /api/products/archiveds': { body: { data: [] } },
        'GET /api/products/brands': { body: { data: [{ name: 'Apple', references: [] }] } },
        'GET /api/products/references': { body: { data: [] } },
        'GET /api/products/sources': { body: { data: [{ key: 'SUPPLIER_PURCHASE', name: 'Compra de fornecedor' }] } },
      },
    }),
    open: async (user) => {
      await selectRow(user, 'Capa Silicone');
      await user.click(screen.getByRole('button', { name: 'Informar Entrada' }));
    },
    fill: async (user, dialog) => {
      const quantity = within(dialog).getByLabelText(/^Quantidade/);
      await user.clear(quantity);
      await user.type(quantity, '12');
    },
    typed: (dialog) => fieldValue(dialog, /^Quantidade/),
    submit: 'Alterar',
  },
  {
    files: ['features/products/components/brands-panel.tsx'],
    dialog: 'Adicionar Marca',
    write: 'POST /api/products/brand',
    done: { data: { name: 'Xiaomi', references: [] } },
    screen: () => ({
      element: <BrandsPanel brands={[{ name: 'Apple', references: [] }]} loading={false} onClose={() => undefined} />,
      permissions: ['bo:manage:products'],
      reads: {},
    }),
    open: async (user) => {
      await user.click(await screen.findByRole('button', { name: 'Adicionar Marca' }));
    },
    fill: (user, dialog) => user.type(within(dialog).getByLabelText(/^Nome/), 'Xiaomi'),
    typed: (dialog) => fieldValue(dialog, /^Nome/),
    submit: 'Adicionar',
  },
  {
    files: ['features/selling/components/quantity-dialog.tsx', 'features/selling/components/product-search-step.tsx'],
    dialog: 'Alterar quantidade',
    write: `POST /api/orders/cart/add/${JOANA.id}`,
    done: { message: 'Produto adicionado com sucesso', cart: fakeSellingServer().cart() },
    screen: sellingScreen,
    open: async (user) => {
      await user.type(await screen.findByLabelText('Pesquisar cliente por nome ou email'), 'joana{Enter}');
      await user.click(await screen.findByText(JOANA.name));
      await screen.findByText('Cliente selecionado:');
      await user.type(screen.getByLabelText('Pesquisar produto por nome, tag, referencia ou marca'), 'capa{Enter}');
      await user.click(await screen.findByRole('button', { name: `Adicionar ${CAPA_FOR_SALE.name}` }));
    },
    fill: (user, dialog) => user.click(within(dialog).getByRole('button', { name: 'Aumentar quantidade' })),
    typed: (dialog) => fieldValue(dialog, /^Quantidade selecionada/),
    submit: 'Adicionar',
  },
  {
    files: ['components/orders/order-adjustment-dialog.tsx'],
    dialog: 'Registrar devolução do pedido TRC-001',
    write: 'POST /api/orders/adjustments',
    done: RETURNED,
    screen: ordersScreen((close) => <OrderAdjustmentDialog open order={FINISHED} kind="RETURN" onClose={close} />),
    open: async () => undefined,
    fill: async (user, dialog) => {
      const quantity = within(dialog).getByLabelText('Quantidade de Cabo USB-C (vendidas: 3)');
      await user.clear(quantity);
      await user.type(quantity, '1');
      await user.type(within(dialog).getByLabelText('Observações'), 'Cliente desistiu');
    },
    typed: (dialog) => [
      fieldValue(dialog, /^Quantidade de Cabo USB-C/),
      (within(dialog).getByLabelText('Observações') as HTMLInputElement).value,
    ],
    submit: 'Registrar',
    result: 'Valor a devolver ao cliente: R$ 12,50',
  },
  {
    files: ['features/products/components/unit-lookup-dialog.tsx'],
    dialog: 'Consultar IMEI',
    write: 'POST /api/units/490154203237518/release',
    done: { data: { ...RETURNED_UNIT, status: 'IN_STOCK' } },
    screen: () => ({
      element: <UntilClosed dialog={(close) => <UnitLookupDialog open onClose={close} />} />,
      permissions: ['bo:manage:products'],
      reads: { 'GET /api/units/490154203237518': { body: { data: RETURNED_UNIT } } },
    }),
    open: async () => undefined,
    fill: async (user, dialog) => {
      await user.type(within(dialog).getByLabelText('IMEI'), '490154203237518');
      await user.click(within(dialog).getByRole('button', { name: 'Consultar' }));
      await within(dialog).findByRole('region', { name: 'Aparelho 490154203237518' });
    },
    typed: (dialog) => [fieldValue(dialog, /^IMEI/), within(dialog).getByText('Devolvido/em análise').textContent],
    submit: 'Liberar para o estoque',
    result: 'Em estoque',
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
    files: ['features/orders/components/discount-dialog.tsx'],
    dialog: 'Desconto do pedido D5C-9TX',
    write: 'POST /api/orders/12/discount',
    // R$ 5,00 off the cables (50,00 → 45,00), then 10% of 45,00 = 4,50 off the order: 9,50 off 60,00.
    done: {
      data: { orderId: 12, code: 'D5C-9TX', discount: 9.5, total: 50.5, message: 'Desconto do pedido alterado.' },
    },
    screen: ordersScreen((close) => <DiscountDialog order={TO_SEPARATE} onClose={close} />, {
      'GET /api/orders/by-id/12': { body: { data: TO_SEPARATE_DETAIL } },
    }),
    open: async () => undefined,
    fill: async (user, dialog) => {
      const line = await within(dialog).findByRole('group', { name: 'Tipo de desconto: Desconto no item' });
      await user.click(within(line).getByRole('button', { name: 'R$' }));
      await user.type(within(dialog).getByLabelText('Desconto no item'), '5,00');
      await user.type(within(dialog).getByLabelText('Desconto no pedido'), '10');
      await within(dialog).findByText('Novo total: R$ 50,50');
    },
    typed: (dialog) => [
      fieldValue(dialog, /^Desconto no item/),
      fieldValue(dialog, /^Desconto no pedido/),
      within(dialog).getByTestId('discount-new-total').textContent,
    ],
    submit: 'Salvar desconto',
  },
  {
    files: ['features/orders/components/edit-order-dialog.tsx'],
    dialog: 'Editar pedido D5C-9TX',
    write: 'PATCH /api/orders/12',
    // The dialog asks the same call with `dryRun` for its preview as the lines change: those are reads.
    isWrite: (call) => (call.body as { dryRun?: boolean } | undefined)?.dryRun !== true,
    // 3 cables at R$ 25,00 and R$ 10,00 of freight: R$ 85,00 (it was 2 cables, R$ 60,00).
    done: { data: editedCables(3, false) },
    screen: ordersScreen((close) => <EditOrderDialog order={TO_SEPARATE} onClose={close} />, {
      'GET /api/orders/by-id/12': { body: { data: TO_SEPARATE_DETAIL } },
      'PATCH /api/orders/12': (call) => ({
        body: { data: editedCables((call.body as { items: { quantity: number }[] }).items[0]?.quantity ?? 0, true) },
      }),
    }),
    open: async () => undefined,
    fill: async (user, dialog) => {
      const quantity = await within(dialog).findByLabelText('Quantidade de Cabo USB-C');
      await user.clear(quantity);
      await user.type(quantity, '3');
      await within(dialog).findByText('Novo total: R$ 85,00 (antes R$ 60,00)');
    },
    typed: (dialog) => [
      fieldValue(dialog, /^Quantidade de Cabo USB-C/),
      within(dialog).getByText(/^Novo total:/).textContent,
    ],
    submit: 'Salvar alterações',
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
  {
    files: ['components/fiscal/emit-note-dialog.tsx'],
    dialog: 'Nota fiscal do pedido K7M-2Q9',
    write: 'POST /api/fiscal/notes',
    done: { data: NOTE_AUTHORIZED },
    screen: () => ({
      element: (
        <UntilClosed
          dialog={(close) => (
            <EmitNoteDialog orderId={41} code="K7M-2Q9" customerDocument="529.982.247-25" onClose={close} />
          )}
        />
      ),
      permissions: ['bo:manage:orders', 'bo:manage:invoices'],
      reads: { 'GET /api/fiscal/notes': { body: notePage([]) } },
    }),
    open: async () => undefined,
    // A consumer's order (CPF): the NFC-e is suggested, the NF-e picked.
    fill: async (user, dialog) => user.click(await within(dialog).findByRole('radio', { name: /^NF-e/ })),
    typed: (dialog) =>
      within(dialog)
        .getAllByRole('radio')
        .map((radio) => (radio as HTMLInputElement).checked),
    submit: 'Emitir',
    result: 'Nota nº 12 autorizada.',
  },
  {
    files: ['features/fiscal-notes/components/cancel-dialog.tsx'],
    dialog: 'Cancelar a NF-e nº 12 · série 1',
    write: 'POST /api/fiscal/notes/7/cancel',
    done: { data: { ...NOTE_AUTHORIZED, status: 'CANCELLED' } },
    screen: () => ({
      element: <UntilClosed dialog={(close) => <CancelNoteDialog note={NOTE_AUTHORIZED} onClose={close} />} />,
      permissions: ['bo:manage:invoices'],
      reads: {},
    }),
    open: async () => undefined,
    fill: (user, dialog) => user.type(within(dialog).getByLabelText(/^Motivo/), 'Cliente desistiu da compra'),
    typed: (dialog) => fieldValue(dialog, /^Motivo/),
    submit: 'Cancelar nota',
  },
  {
    files: ['features/fiscal-notes/components/correction-dialog.tsx'],
    dialog: 'Carta de correção da NF-e nº 12 · série 1',
    write: 'POST /api/fiscal/notes/7/correction',
    done: { data: NOTE_AUTHORIZED },
    screen: () => ({
      element: <UntilClosed dialog={(close) => <CorrectionDialog note={NOTE_AUTHORIZED} onClose={close} />} />,
      permissions: ['bo:manage:invoices'],
      reads: {},
    }),
    open: async () => undefined,
    fill: (user, dialog) =>
      user.type(within(dialog).getByLabelText(/^Correção/), 'Complemento do endereço: Loja 3, não Loja 8.'),
    typed: (dialog) => fieldValue(dialog, /^Correção/),
    submit: 'Registrar carta',
  },
  {
    files: ['features/fiscal-notes/components/email-dialog.tsx'],
    dialog: 'Enviar a NF-e nº 12 · série 1 por e-mail',
    write: 'POST /api/fiscal/notes/7/email',
    done: { data: { to: 'contador@escritorio.com.br' } },
    screen: () => ({
      element: <UntilClosed dialog={(close) => <EmailNoteDialog note={NOTE_AUTHORIZED} onClose={close} />} />,
      permissions: ['bo:manage:invoices'],
      reads: {},
    }),
    open: async () => undefined,
    fill: (user, dialog) => user.type(within(dialog).getByLabelText(/^E-mail/), 'contador@escritorio.com.br'),
    typed: (dialog) => fieldValue(dialog, /^E-mail/),
    submit: 'Enviar',
  },
  {
    files: ['features/fiscal-notes/components/voiding-dialog.tsx'],
    dialog: 'Inutilizar números',
    write: 'POST /api/fiscal/voidings',
    done: {
      data: {
        id: 1,
        model: 55,
        series: 1,
        from: 5,
        to: 7,
        reason: 'Números pulados por falha no sistema',
        statusCode: 102,
        statusReason: 'Inutilização de número homologado',
        protocol: '135260000000077',
        createdAt: '2026-11-24T19:00:00.000Z',
      },
    },
    screen: () => ({
      element: <FiscalNotesPage />,
      path: '/admin/fiscal-notes',
      permissions: ['bo:manage:invoices'],
      reads: { 'GET /api/fiscal/notes': { body: notePage([]) } },
    }),
    open: async (user) => {
      await user.click(await screen.findByRole('button', { name: 'Inutilizar números' }));
    },
    fill: async (user, dialog) => {
      await user.type(within(dialog).getByLabelText(/^Do número/), '5');
      await user.type(within(dialog).getByLabelText(/^Até o número/), '7');
      await user.type(within(dialog).getByLabelText(/^Motivo/), 'Números pulados por falha no sistema');
    },
    typed: (dialog) => [
      fieldValue(dialog, /^Do número/),
      fieldValue(dialog, /^Até o número/),
      fieldValue(dialog, /^Motivo/),
    ],
    submit: 'Inutilizar',
  },
];

/**
 * Files that draw a dialog with a form or a write but have no case above, each with why. A new dialog that
 * writes fails the walk until it gets a case (or, if it writes nothing, a reason here).
 */
const NOT_WALKED: Record<string, string> = {
  'components/form/form-dialog.tsx': 'the shell of the form dialogs: walked through each of them',
  'features/customers/components/history-dialog.tsx': "reads a period's orders: its form writes nothing",
  'features/field/components/field-dialog.tsx':
    "the field phone's moves: kept on the phone and sent later (decision 0009), tasks-page.test.tsx",
  'app/layout/discount-approvals-dialog.tsx':
    "a list of requests, not a form (decision 0045): approving is one click, a refusal's reason is typed in its card; walked by the browser journey e2e/discounts.spec.ts (a refusal without its reason refused, the approval)",
  'features/fiscal-notes/components/month-xmls-dialog.tsx':
    "downloads a file (GET /fiscal/notes/xml.zip), writes nothing: walked in fiscal-notes-page.test.tsx ('XMLs do mês')",
  'components/import-dialog.tsx':
    "uploads by XMLHttpRequest behind a confirmation: walked in import-dialog.test.tsx (no answer and a 503 on 'Importar' keep the preview, the retry sends the same Idempotency-Key)",
};

/** The app's source files, as text, by their path under apps/web/src. */
const SOURCES = Object.fromEntries(
  Object.entries(import.meta.glob<string>('../**/*.tsx', { query: '?raw', import: 'default', eager: true }))
    .filter(([file]) => !file.endsWith('.test.tsx') && !file.startsWith('../test/'))
    .map(([file, text]) => [file.slice(3), text]),
);

/** A file that draws a dialog holding a form or sending a write. */
const drawsWritingDialog = (text: string) =>
  /from '@mui\/material\/Dialog'|<(Form|CustomerForm)Dialog\b/.test(text) &&
  /useApiMutation|useOrderMove|uploadForm|handleSubmit|<form\b|type="submit"|<SubmitButton\b/.test(text);

describe('the walk of the writing dialogs', () => {
  it('has a case for every file that draws a dialog that writes (or says why not)', () => {
    const walked = new Set(WRITING_DIALOGS.flatMap((dialogCase) => dialogCase.files));
    const found = Object.entries(SOURCES)
      .filter(([, text]) => drawsWritingDialog(text))
      .map(([file]) => file);
    expect(found.length).toBeGreaterThan(10);
    expect(found.filter((file) => !walked.has(file) && !(file in NOT_WALKED))).toEqual([]);
    // Every case names a file that still draws such a dialog.
    for (const file of [...walked, ...Object.keys(NOT_WALKED)]) expect(SOURCES[file], file).toBeDefined();
  });
});

const FAILURES: Array<{ label: string; answer: Answer }> = [
  { label: 'no answer (offline)', answer: 'network-error' },
  {
    label: 'a 503 (the database failing over)',
    answer: { status: 503, body: { errors: [DATABASE_UNAVAILABLE_TEXT], code: 'DATABASE_UNAVAILABLE' } },
  },
];

describe.each(WRITING_DIALOGS)('the writing dialog $dialog', (dialogCase) => {
  it.each(FAILURES)(
    'stays open with what was typed after $label; only a success closes it (or shows its result)',
    async ({ answer }) => {
      const { element, path, reads, permissions } = dialogCase.screen();
      signInAs(permissions ?? ['full:access']);
      let writeAnswer: Answer = answer;
      const isWrite = (call: MockCall) =>
        `${call.method} ${call.url.split('?')[0]}` === dialogCase.write && (dialogCase.isWrite?.(call) ?? true);
      const read = (reads as Routes)[dialogCase.write];
      const calls = mockFetch({
        ...reads,
        [dialogCase.write]: (call) =>
          isWrite(call) ? writeAnswer : typeof read === 'function' ? read(call) : (read ?? { status: 404 }),
      });
      const writes = () => calls.filter(isWrite);
      const user = userEvent.setup();
      renderPage(element, { path });
      await dialogCase.open(user);
      const dialog = await screen.findByRole('dialog', { name: dialogCase.dialog });
      await dialogCase.fill(user, dialog);
      const typed = dialogCase.typed(dialog);

      await user.click(within(dialog).getByRole('button', { name: dialogCase.submit }));
      await waitFor(() => expect(writes()).toHaveLength(1));
      // The failure is said (in the snackbar or the dialog) and the dialog is the same, with the same fields.
      await waitFor(() => expect(screen.getAllByRole('alert', { hidden: true }).length).toBeGreaterThan(0));
      expect(screen.getByRole('dialog', { name: dialogCase.dialog })).toBe(dialog);
      // Not on its way out either (MUI's dialog fades out before it leaves the page).
      expect(closing(dialog)).toBe(false);
      expect(dialogCase.typed(dialog)).toEqual(typed);

      // The server answers: the same button sends the same thing, and the dialog closes.
      writeAnswer = { body: dialogCase.done };
      const send = within(dialog).getByRole('button', { name: dialogCase.submit }) as HTMLButtonElement;
      await waitFor(() => expect(send.disabled).toBe(false));
      await user.click(send);
      await waitFor(() => expect(writes()).toHaveLength(2));
      expect(writes()[1]?.body).toEqual(writes()[0]?.body);
      if (dialogCase.result) expect(await within(dialog).findByText(dialogCase.result)).toBeTruthy();
      else await waitFor(() => expect(screen.queryByRole('dialog', { name: dialogCase.dialog })).toBeNull());
    },
  );
});
