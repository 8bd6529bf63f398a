import { screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { OrderAdjustmentDialog } from '../../components/orders/order-adjustment-dialog';
import { makeOrderDetail, makeOrderSummary } from '../../components/orders/test-data';
import { SettlementDialog } from '../../features/dispatch/components/settlement-dialog';
import { ApproveDialog as OrderApproveDialog } from '../../features/orders/components/approve-dialog';
import { CreditApprovalDialog } from '../../features/orders/components/credit-approval-dialog';
import { DelivererDialog } from '../../features/orders/components/deliverer-dialog';
import { DiscountDialog } from '../../features/orders/components/discount-dialog';
import { EditOrderDialog } from '../../features/orders/components/edit-order-dialog';
import { FinalMoveDialog } from '../../features/orders/components/final-move-dialog';
import { QuoteDialog } from '../../features/quotes/components/quote-dialog';
import { openQuote } from '../quotes';
import { choose, fieldValue, type Routes, UntilClosed, type WritingDialogCase } from './case';

/**
 * The writing dialogs of 'Pedidos' (moves, courier, approval, discount, edition, returns), the courier's settlement
 * and the quote.
 */

/** An open quote of one line (1 × R$ 59,90, picked up), for the quote's dialog. */
const OPEN_QUOTE = openQuote(5, { customerName: 'Joana Souza' });

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

export const ORDER_DIALOGS: WritingDialogCase[] = [
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
];
