import { ORDER_STATUS, type OrderActor } from '@backoffice/contract';
import { describe, expect, it } from 'vitest';
import { makeOrderSummary } from '../../../components/orders/test-data';
import { enabledActions, TOOLBAR_ACTIONS, type ToolbarAction } from './toolbar-actions';

const S = ORDER_STATUS;
const ATTENDANT: OrderActor = { employeeId: 2, func: 1, permissions: ['bo:manage:orders'] };
const STOCKER: OrderActor = { employeeId: 3, func: 3, permissions: ['bo:manage:products'] };
const ADMIN: OrderActor = { employeeId: 1, func: 1, permissions: ['full:access'] };

const VIEWS: ToolbarAction[] = ['details', 'history', 'changes', 'pdf', 'receipt', 'packaging'];

function enabledFor(statusKey: number, actor: OrderActor | undefined, deliveryType = 1, fastDelivery = false) {
  const order = makeOrderSummary({ statusKey, deliveryType, fastDelivery });
  const enabled = enabledActions(order, actor);
  // in the toolbar's order, to compare lists
  return TOOLBAR_ACTIONS.filter((action) => enabled.has(action));
}

describe('toolbar availability (spec section 2, Orders, and the workflow table)', () => {
  it.each([
    [S.AGUARDANDO_ESTOQUISTA, ['cancel']],
    [S.EM_PREPARACAO, ['cancel']],
    [S.AGUARDANDO_MOTOBOY, ['deliverer', 'withdraw', 'cancel']],
    [S.ENTREGA_IMEDIATA, ['deliverer', 'withdraw', 'cancel']],
    [S.EM_ENTREGA, ['cancel']],
    [S.EM_ENTREGA_IMEDIATA, ['cancel']],
    [S.ENTREGUE, ['signature', 'finalize', 'cancel']],
    [S.AGUARDANDO_CLIENTE, ['finalize', 'cancel']],
    [S.AGUARDANDO_APROVACAO, ['approve', 'cancel']],
    [S.AGUARDANDO_COMPROVANTE, ['cancel']],
    [S.PROCESSANDO, ['cancel']],
    [S.ERRO, ['cancel']],
    // final statuses: nothing but the views (and the signature of a finished order)
    [S.FINALIZADOS, ['signature']],
    [S.CANCELADO, []],
    [S.REPROVADOS, []],
  ] as [number, ToolbarAction[]][])('an attendant, status %i: %j besides the views', (status, moves) => {
    expect(enabledFor(status, ATTENDANT)).toEqual(
      TOOLBAR_ACTIONS.filter((a) => VIEWS.includes(a) || moves.includes(a)),
    );
  });

  it("full:access gets the same moves as an attendant who also holds 'Notas fiscais'", () => {
    const withNotes: OrderActor = { ...ATTENDANT, permissions: [...ATTENDANT.permissions, 'bo:manage:invoices'] };
    expect(enabledFor(S.AGUARDANDO_MOTOBOY, ADMIN)).toEqual(enabledFor(S.AGUARDANDO_MOTOBOY, withNotes));
    expect(enabledFor(S.ENTREGUE, ADMIN)).toEqual(enabledFor(S.ENTREGUE, withNotes));
  });

  it("offers 'Nota fiscal' to who holds 'Notas fiscais' on the orders that may have a note (issue 41 §2)", () => {
    const invoicing: OrderActor = { employeeId: 4, func: 1, permissions: ['bo:manage:invoices'] };
    for (const status of [S.AGUARDANDO_ESTOQUISTA, S.EM_ENTREGA, S.ENTREGUE, S.FINALIZADOS, S.ENTREGA_IMEDIATA])
      expect(enabledFor(status, invoicing)).toContain('invoice');
    // Not paid yet, held, cancelled or refused: no note.
    for (const status of [S.AGUARDANDO_COMPROVANTE, S.AGUARDANDO_APROVACAO, S.PROCESSANDO, S.CANCELADO, S.REPROVADOS])
      expect(enabledFor(status, invoicing)).not.toContain('invoice');
    // The desk without the permission does not emit.
    expect(enabledFor(S.ENTREGUE, ATTENDANT)).not.toContain('invoice');
  });

  it('a stocker (products, Estoquista) may only look: no approve, courier, finish or cancel', () => {
    expect(enabledFor(S.AGUARDANDO_APROVACAO, STOCKER)).toEqual(VIEWS);
    expect(enabledFor(S.AGUARDANDO_MOTOBOY, STOCKER)).toEqual(VIEWS);
    expect(enabledFor(S.ENTREGUE, STOCKER)).toEqual([...VIEWS, 'signature']);
  });

  it("offers 'Desconto' to a seller while the order's total may change: cash waiting for the stocker, its own Pix unpaid", () => {
    const seller: OrderActor = {
      employeeId: 2,
      func: 1,
      permissions: ['bo:manage:orders', 'bo:manage:internal_sales'],
    };
    const offered = (statusKey: number, paymentMethod: 'CASH' | 'PIX' | 'BANK_TRANSFER', actor = seller) =>
      enabledActions(makeOrderSummary({ statusKey, paymentMethod }), actor).has('discount');
    expect(offered(S.AGUARDANDO_ESTOQUISTA, 'CASH')).toBe(true);
    expect(offered(S.PROCESSANDO, 'PIX')).toBe(true);
    expect(offered(S.AGUARDANDO_COMPROVANTE, 'PIX')).toBe(true);
    expect(offered(S.EM_PREPARACAO, 'CASH')).toBe(false);
    expect(offered(S.AGUARDANDO_APROVACAO, 'BANK_TRANSFER')).toBe(false);
    // Without internal_sales (the attendant of these tests holds only orders): never.
    expect(offered(S.AGUARDANDO_ESTOQUISTA, 'CASH', ATTENDANT)).toBe(false);
    // 'Editar pedido' (issue 38 §5) follows the same rule.
    const editable = (statusKey: number, paymentMethod: 'CASH' | 'PIX' | 'BANK_TRANSFER', actor = seller) =>
      enabledActions(makeOrderSummary({ statusKey, paymentMethod }), actor).has('edit');
    expect(editable(S.AGUARDANDO_ESTOQUISTA, 'CASH')).toBe(true);
    expect(editable(S.PROCESSANDO, 'PIX')).toBe(true);
    expect(editable(S.EM_PREPARACAO, 'CASH')).toBe(false);
    expect(editable(S.AGUARDANDO_APROVACAO, 'BANK_TRANSFER')).toBe(false);
    expect(editable(S.AGUARDANDO_ESTOQUISTA, 'CASH', ATTENDANT)).toBe(false);
  });

  it("offers 'Crédito' on a sale on credit held for approval (17) to who holds 'Crédito e cobrança' only", () => {
    const manager: OrderActor = { employeeId: 5, func: 1, permissions: ['bo:manage:orders', 'bo:manage:credit'] };
    const creditOnly: OrderActor = { employeeId: 6, func: 1, permissions: ['bo:manage:credit'] };
    const held = (actor: OrderActor | undefined, statusKey: number = S.AGUARDANDO_APROVACAO_CREDITO) =>
      enabledActions(makeOrderSummary({ statusKey, paymentMethod: 'CREDIT', payment: 'A prazo' }), actor);
    expect(held(manager).has('credit')).toBe(true);
    expect(held(creditOnly).has('credit')).toBe(true);
    expect(held(ADMIN).has('credit')).toBe(true);
    expect(held(ATTENDANT).has('credit')).toBe(false);
    expect(held(undefined).has('credit')).toBe(false);
    // Not the proof's approval, and nowhere else.
    expect(held(manager).has('approve')).toBe(false);
    expect(held(manager, S.AGUARDANDO_APROVACAO).has('credit')).toBe(false);
    expect(held(manager, S.AGUARDANDO_ESTOQUISTA).has('credit')).toBe(false);
  });

  it('offers no move until it knows who is acting', () => {
    expect(enabledFor(S.AGUARDANDO_APROVACAO, undefined)).toEqual(VIEWS);
  });
});
