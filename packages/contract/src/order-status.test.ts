import { describe, expect, it } from 'vitest';
import { EXPECTED_ORDER_MOVES, type ExpectedOrderMove } from './expected-order-moves';
import { generateOrderCode, ORDER_CODE_ALPHABET } from './order-code';
import {
  availableActions,
  canChangeDeliverer,
  canTransition,
  FINAL_ORDER_STATUSES,
  findMove,
  findTransition,
  findTransitionByAction,
  INITIAL_ORDER_STATUSES,
  initialOrderStatus,
  isEditOnlyMove,
  isFinalOrderStatus,
  isOrderStatusKey,
  nextStatuses,
  ORDER_ACTION_LABELS,
  ORDER_CREATION,
  ORDER_STATUS,
  ORDER_STATUS_KEYS,
  ORDER_STATUS_LABELS,
  ORDER_TRANSITIONS,
  type OrderAction,
  orderStatusName,
  PAYMENT_SETTLING_MOVES,
  packingAction,
  STOCK_RELEASED_ON,
  settlesPayment,
  UNSOLD_ORDER_STATUSES,
} from './order-status';
import { PERMISSIONS } from './permissions';

const S = ORDER_STATUS;

/** The demo roles' permissions (apps/api/src/db/seed/foundation.ts). */
const ROLE = {
  administrador: ['full:access'],
  atendimento: [PERMISSIONS.dashboard, PERMISSIONS.customers, PERMISSIONS.orders, PERMISSIONS.internalSales],
  estoque: [PERMISSIONS.dashboard, PERMISSIONS.products],
  entregas: [PERMISSIONS.orders],
  relatorios: [PERMISSIONS.dashboard, PERMISSIONS.reports],
};

function reachableFrom(starts: readonly number[]): Set<number> {
  const seen = new Set<number>(starts);
  const queue = [...starts];
  while (queue.length) {
    const from = queue.shift() as number;
    for (const to of nextStatuses(from)) {
      if (!seen.has(to)) {
        seen.add(to);
        queue.push(to);
      }
    }
  }
  return seen;
}

describe('order statuses', () => {
  it('are the 15 keys of the spec (no 14) and 17 of the sales on credit, each with a Portuguese label', () => {
    expect([...ORDER_STATUS_KEYS].sort((a, b) => a - b)).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 15, 16, 17,
    ]);
    expect(ORDER_STATUS_LABELS[17]).toBe('Aguardando aprovação de crédito');
    expect(isOrderStatusKey(14)).toBe(false);
    expect(orderStatusName(14)).toBeUndefined();
    expect(orderStatusName(3)).toBe('AGUARDANDO_MOTOBOY');
    for (const key of ORDER_STATUS_KEYS) expect(ORDER_STATUS_LABELS[key]).toMatch(/^\p{Lu}/u);
  });

  it('start in a status that depends on the payment', () => {
    expect(initialOrderStatus('CASH', false)).toBe(S.AGUARDANDO_ESTOQUISTA);
    expect(initialOrderStatus('CASH', true)).toBe(S.AGUARDANDO_ESTOQUISTA);
    expect(initialOrderStatus('BANK_TRANSFER', true)).toBe(S.AGUARDANDO_COMPROVANTE);
    expect(initialOrderStatus('PIX', false)).toBe(S.AGUARDANDO_COMPROVANTE);
    expect(initialOrderStatus('PIX', true)).toBe(S.PROCESSANDO);
    expect([...INITIAL_ORDER_STATUSES].sort()).toEqual(
      [S.AGUARDANDO_ESTOQUISTA, S.PROCESSANDO, S.AGUARDANDO_COMPROVANTE].sort(),
    );
  });
});

describe('the transition table', () => {
  it('is exactly the hand-written list of allowed moves (from, action, to, who, requires, does)', () => {
    const sorted = <T extends string | number>(list: readonly T[]) => [...list].sort();
    const rows = (moves: readonly ExpectedOrderMove[]) =>
      moves
        .map((m) => ({
          from: m.from,
          action: m.action,
          to: m.to,
          permissions: sorted(m.permissions),
          functions: sorted(m.functions),
          requires: sorted(m.requires),
          does: sorted(m.does),
        }))
        .sort((a, b) => a.from - b.from || a.action.localeCompare(b.action) || a.to - b.to);
    expect(EXPECTED_ORDER_MOVES).toHaveLength(39);
    expect(rows(ORDER_TRANSITIONS)).toEqual(rows(EXPECTED_ORDER_MOVES));
  });

  it('uses only known statuses and permissions, once per pair and once per action and status (the edit apart)', () => {
    const pairs = new Set<string>();
    const actions = new Set<string>();
    // The payment method's moves are named by the edit with action and status (findMove): they may share a
    // pair with a settling move (Processando → Aguardando estoquista) and leave one status for two.
    // The system's move (a repair's bill on to the counter) needs no permission: nobody makes it but the server.
    const moves = ORDER_TRANSITIONS.filter((t) => !isEditOnlyMove(t));
    expect(ORDER_TRANSITIONS.length - moves.length).toBe(5);
    for (const t of moves) {
      expect(isOrderStatusKey(t.from)).toBe(true);
      expect(isOrderStatusKey(t.to)).toBe(true);
      expect(t.from).not.toBe(t.to);
      expect(t.permissions.length).toBeGreaterThan(0);
      for (const p of t.permissions) expect(Object.values(PERMISSIONS)).toContain(p);
      expect(ORDER_ACTION_LABELS[t.action]).toBeTruthy();
      pairs.add(`${t.from}>${t.to}`);
      actions.add(`${t.from}:${t.action}`);
    }
    expect(pairs.size).toBe(moves.length);
    expect(actions.size).toBe(moves.length);
  });

  it('reaches every status from where an order is placed (its initial statuses, or held for credit)', () => {
    expect([...reachableFrom(ORDER_CREATION.to)].sort((a, b) => a - b)).toEqual(
      [...ORDER_STATUS_KEYS].sort((a, b) => a - b),
    );
  });

  it('lets every order end: a final status is reachable from every status', () => {
    for (const key of ORDER_STATUS_KEYS) {
      const reachable = reachableFrom([key]);
      expect(
        FINAL_ORDER_STATUSES.some((f) => reachable.has(f)),
        `status ${key}`,
      ).toBe(true);
    }
    // The happy path of each kind of order ends in FINALIZADOS.
    expect(reachableFrom([S.AGUARDANDO_ESTOQUISTA]).has(S.FINALIZADOS)).toBe(true);
  });

  it('has no way out of a final status (not even a cancellation)', () => {
    expect([...FINAL_ORDER_STATUSES].sort((a, b) => a - b)).toEqual([S.CANCELADO, S.REPROVADOS, S.FINALIZADOS]);
    for (const status of FINAL_ORDER_STATUSES) {
      expect(nextStatuses(status)).toEqual([]);
      expect(isFinalOrderStatus(status)).toBe(true);
    }
    expect(isFinalOrderStatus(S.ENTREGUE)).toBe(false);
  });

  it('cancels from every status that is not final, with the orders permission', () => {
    for (const key of ORDER_STATUS_KEYS) {
      const cancel = findTransitionByAction(key, 'cancel');
      if (isFinalOrderStatus(key)) expect(cancel, `status ${key}`).toBeUndefined();
      else {
        expect(cancel?.to, `status ${key}`).toBe(S.CANCELADO);
        expect(cancel?.permissions).toEqual([PERMISSIONS.orders]);
      }
    }
  });

  it('decides what the spec leaves open', () => {
    const to = (from: number, action: OrderAction) => findTransitionByAction(from, action)?.to;
    // Approval sends the paid order to the stocker; refusal ends it.
    expect(to(S.AGUARDANDO_APROVACAO, 'approve')).toBe(S.AGUARDANDO_ESTOQUISTA);
    expect(to(S.AGUARDANDO_APROVACAO, 'refuse')).toBe(S.REPROVADOS);
    // "Retirando": the courier collects the package at the store and leaves with it.
    expect(to(S.AGUARDANDO_MOTOBOY, 'withdraw')).toBe(S.EM_ENTREGA);
    expect(to(S.ENTREGA_IMEDIATA, 'withdraw')).toBe(S.EM_ENTREGA_IMEDIATA);
    // Finish: from AGUARDANDO_CLIENTE or ENTREGUE only (spec section 4).
    const finishing = ORDER_TRANSITIONS.filter((t) => t.to === S.FINALIZADOS).map((t) => t.from);
    expect(finishing.sort((a, b) => a - b)).toEqual([S.ENTREGUE, S.AGUARDANDO_CLIENTE]);
    // Stock comes back when an order is cancelled or refused.
    expect([...STOCK_RELEASED_ON].sort((a, b) => a - b)).toEqual([S.CANCELADO, S.REPROVADOS]);
    for (const status of STOCK_RELEASED_ON) expect(isFinalOrderStatus(status)).toBe(true);
  });

  it('reads the orders that are no sale from the table: where cancel and the refusals lead, in the SQL text (7, 12)', () => {
    // Out of the reports' sales and of a customer's credit exposure (credit.repository.ts, undeliveredCreditCents).
    expect(UNSOLD_ORDER_STATUSES).toEqual([7, 12]);
    expect(UNSOLD_ORDER_STATUSES).toEqual([S.CANCELADO, S.REPROVADOS]);
    const leading = (action: OrderAction) => ORDER_TRANSITIONS.filter((t) => t.action === action).map((t) => t.to);
    expect(new Set([...leading('cancel'), ...leading('refuse'), ...leading('refuseCredit')])).toEqual(
      new Set(UNSOLD_ORDER_STATUSES),
    );
    expect(UNSOLD_ORDER_STATUSES).not.toContain(S.FINALIZADOS);
  });

  it('refuses moves that are not in the table', () => {
    expect(findTransition(S.AGUARDANDO_ESTOQUISTA, S.ENTREGUE)).toBeUndefined();
    expect(findTransition(S.CANCELADO, S.AGUARDANDO_ESTOQUISTA)).toBeUndefined();
    expect(findTransition(S.FINALIZADOS, S.CANCELADO)).toBeUndefined();
    expect(canTransition(S.AGUARDANDO_ESTOQUISTA, S.ENTREGUE, ROLE.administrador)).toBe(false);
    expect(canTransition(S.AGUARDANDO_ESTOQUISTA, 14, ROLE.administrador)).toBe(false);
  });
});

/** The moves a status reached names (PUT /orders/change/status): all but the edit's payment moves. */
const STATUS_MOVES = ORDER_TRANSITIONS.filter((t) => !isEditOnlyMove(t));

describe('the payment method changed by the order edit (decision 0044)', () => {
  it('is a move of the table no status reached finds and no screen offers as a button', () => {
    const edit = ORDER_TRANSITIONS.filter((t) => t.requires.includes('newPayment'));
    expect(edit.map((t) => `${t.from}>${t.to}`).sort()).toEqual(['10>1', '1>10', '1>9', '9>1']);
    expect(findTransition(S.AGUARDANDO_ESTOQUISTA, S.PROCESSANDO)).toBeUndefined();
    expect(findTransition(S.PROCESSANDO, S.AGUARDANDO_ESTOQUISTA)?.action).toBe('confirmPayment');
    expect(findMove(S.PROCESSANDO, S.AGUARDANDO_ESTOQUISTA, 'changePayment')?.requires).toEqual(['newPayment']);
    const order = { status: S.AGUARDANDO_ESTOQUISTA, deliveryType: 1, fastDelivery: false, delivererId: null };
    const admin = { employeeId: 1, permissions: ROLE.administrador, func: 1 };
    expect(availableActions(order, admin)).not.toContain('changePayment');
    expect(settlesPayment({ from: S.PROCESSANDO, to: S.AGUARDANDO_ESTOQUISTA })).toBe(true);
    expect(PAYMENT_SETTLING_MOVES.some((t) => t.action === 'changePayment')).toBe(false);
  });

  it("a repair's bill on to the counter (decision 0060) is the system's: no status reached finds it, no button, no permission", () => {
    const system = ORDER_TRANSITIONS.filter((t) => t.requires.includes('nothingToPack'));
    expect(system.map((t) => [t.from, t.action, t.to, t.permissions.length])).toEqual([
      [S.AGUARDANDO_ESTOQUISTA, 'awaitPickup', S.AGUARDANDO_CLIENTE, 0],
    ]);
    expect(findTransition(S.AGUARDANDO_ESTOQUISTA, S.AGUARDANDO_CLIENTE)).toBeUndefined();
    const order = { status: S.AGUARDANDO_ESTOQUISTA, deliveryType: 2, fastDelivery: false, delivererId: null };
    expect(availableActions(order, { employeeId: 1, permissions: ROLE.administrador, func: 1 })).not.toContain(
      'awaitPickup',
    );
  });
});

describe('canTransition', () => {
  it('lets full:access make every move of the table', () => {
    for (const t of STATUS_MOVES) expect(canTransition(t.from, t.to, ROLE.administrador)).toBe(true);
  });

  it('lets attendants and couriers (orders) approve, withdraw, deliver, finalize and cancel', () => {
    for (const role of [ROLE.atendimento, ROLE.entregas]) {
      expect(canTransition(S.AGUARDANDO_APROVACAO, S.AGUARDANDO_ESTOQUISTA, role)).toBe(true);
      expect(canTransition(S.AGUARDANDO_MOTOBOY, S.EM_ENTREGA, role)).toBe(true);
      expect(canTransition(S.EM_ENTREGA, S.ENTREGUE, role)).toBe(true);
      expect(canTransition(S.ENTREGUE, S.FINALIZADOS, role)).toBe(true);
      expect(canTransition(S.EM_PREPARACAO, S.CANCELADO, role)).toBe(true);
    }
  });

  it('lets stockers (products) separate and pack, and nothing else', () => {
    const allowed = STATUS_MOVES.filter((t) => canTransition(t.from, t.to, ROLE.estoque)).map((t) => t.action);
    expect(new Set(allowed)).toEqual(
      new Set<OrderAction>(['startPreparation', 'readyForCourier', 'readyForFastCourier', 'readyForPickup']),
    );
  });

  it('lets nobody without orders or products move an order', () => {
    for (const t of STATUS_MOVES) {
      expect(canTransition(t.from, t.to, ROLE.relatorios)).toBe(false);
      expect(canTransition(t.from, t.to, [])).toBe(false);
    }
  });
});

describe('the employee functions (1 Atendente, 2 Motoboy, 3 Estoquista)', () => {
  const actionsOf = (held: readonly string[], func: number) =>
    new Set(STATUS_MOVES.filter((t) => canTransition(t.from, t.to, held, func)).map((t) => t.action));

  it('keep the courier to collecting, delivering and reporting absence, even with orders permission', () => {
    expect(actionsOf(ROLE.entregas, 2)).toEqual(new Set<OrderAction>(['withdraw', 'deliver', 'customerAbsent']));
  });

  it('keep the stocker to separating and packing, even with orders permission', () => {
    expect(actionsOf([PERMISSIONS.orders, PERMISSIONS.products], 3)).toEqual(
      new Set<OrderAction>(['startPreparation', 'readyForCourier', 'readyForFastCourier', 'readyForPickup']),
    );
  });

  it('let an attendant with orders make every move but the credit decisions, and full:access whatever the function', () => {
    expect(actionsOf(ROLE.atendimento, 1).size).toBe(16);
    expect(actionsOf(ROLE.atendimento, 1).has('approveCredit')).toBe(false);
    expect(actionsOf([PERMISSIONS.credit], 1)).toEqual(new Set<OrderAction>(['approveCredit', 'refuseCredit']));
    for (const func of [1, 2, 3]) expect(actionsOf(ROLE.administrador, func).size).toBe(18);
  });

  it('require a reason to cancel, photos to pack, the signature to deliver, the proof to attach', () => {
    for (const t of STATUS_MOVES) {
      if (t.action === 'cancel') expect(t.requires).toContain('reason');
      if (t.action.startsWith('readyFor')) expect(t.requires).toContain('packagingPhotos');
      if (t.action === 'deliver') expect(t.requires).toContain('signature');
      if (t.action === 'attachReceipt') expect(t.requires).toContain('receipt');
      const releases = t.does.includes('releaseStock');
      expect(releases).toBe((STOCK_RELEASED_ON as readonly number[]).includes(t.to));
    }
  });
});

describe('availableActions', () => {
  const courier = { employeeId: 40, permissions: ROLE.entregas, func: 2 };
  const attendant = { employeeId: 20, permissions: ROLE.atendimento, func: 1 };
  const stocker = { employeeId: 30, permissions: ROLE.estoque, func: 3 };

  it('offers the packing move the delivery asks for', () => {
    const preparing = { status: S.EM_PREPARACAO, deliveryType: 1, fastDelivery: false, delivererId: null };
    expect(availableActions(preparing, stocker)).toEqual(['readyForCourier']);
    expect(availableActions({ ...preparing, fastDelivery: true }, stocker)).toEqual(['readyForFastCourier']);
    expect(availableActions({ ...preparing, deliveryType: 2 }, stocker)).toEqual(['readyForPickup']);
    expect(packingAction({ deliveryType: 2, fastDelivery: true })).toBe('readyForPickup');
  });

  it('offers a courier only his own deliveries, and collecting one nobody took', () => {
    const waiting = { status: S.AGUARDANDO_MOTOBOY, deliveryType: 1, fastDelivery: false, delivererId: null };
    expect(availableActions(waiting, courier)).toEqual(['withdraw']);
    expect(availableActions({ ...waiting, delivererId: 41 }, courier)).toEqual([]);
    const onTheWay = { ...waiting, status: S.EM_ENTREGA, delivererId: 40 };
    expect(availableActions(onTheWay, courier)).toEqual(['deliver', 'customerAbsent']);
    expect(availableActions({ ...onTheWay, delivererId: 41 }, courier)).toEqual([]);
    expect(availableActions(onTheWay, attendant)).toEqual(['deliver', 'customerAbsent', 'cancel']);
  });

  it('offers the courier change to attendants only, in Aguardando motoboy and Entrega imediata', () => {
    expect(canChangeDeliverer({ status: S.AGUARDANDO_MOTOBOY }, attendant)).toBe(true);
    expect(canChangeDeliverer({ status: S.ENTREGA_IMEDIATA }, attendant)).toBe(true);
    expect(canChangeDeliverer({ status: S.EM_ENTREGA }, attendant)).toBe(false);
    expect(canChangeDeliverer({ status: S.AGUARDANDO_MOTOBOY }, courier)).toBe(false);
    expect(canChangeDeliverer({ status: S.AGUARDANDO_MOTOBOY }, stocker)).toBe(false);
  });
});

describe('order codes', () => {
  it('are six letters and digits in two groups, without look-alike characters', () => {
    expect(ORDER_CODE_ALPHABET).not.toMatch(/[01OIL]/);
    for (let i = 0; i < 200; i++) expect(generateOrderCode()).toMatch(/^[2-9A-HJKMNP-Z]{3}-[2-9A-HJKMNP-Z]{3}$/);
  });

  it('follow the random source (the demo passes its seeded generator)', () => {
    const sequence = (seed: number) => {
      let state = seed;
      const random = () => {
        state = (state * 1103515245 + 12345) % 2 ** 31;
        return state / 2 ** 31;
      };
      return [generateOrderCode(random), generateOrderCode(random)];
    };
    expect(sequence(7)).toEqual(sequence(7));
    expect(sequence(7)).not.toEqual(sequence(8));
  });
});
