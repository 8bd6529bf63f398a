import {
  FINAL_ORDER_STATUSES,
  findTransitionByAction,
  initialOrderStatus,
  ORDER_STATUS,
  type OrderAction,
  type OrderStatusKey,
  type PaymentMethod,
} from '@backoffice/contract';
import { businessTime, HOUR, MINUTE, nextDeparture } from './clock';
import type { Random } from './random';
import {
  ABSENT_NOTES,
  CANCEL_REASONS,
  NO_RECEIPT_REASON,
  PAYMENT_NOT_CONFIRMED_REASON,
  REFUSAL_REASONS,
} from './world/people';

const S = ORDER_STATUS;

/** One entry of an order's status history. */
export interface Step {
  status: OrderStatusKey;
  /** What made it: the placing (`create`) or the move of the workflow table. */
  action: OrderAction;
  at: number;
  /** The employee who made the move; null when the customer (shop app) or the bank did. */
  by: number | null;
  note: string | null;
}

/** How an order is sold, paid and delivered. */
export interface Shape {
  /** 'store': sold by an attendant (internal selling); 'app': placed by the customer in the shop app. */
  channel: 'store' | 'app';
  payment: PaymentMethod;
  /** The company's automatic Pix setting when the order was placed. */
  pixAuto: boolean;
  /** 1 Motoboy, 2 Retirada na loja. */
  delivery: 1 | 2;
  fast: boolean;
}

/** What happens to the order in the end. */
export type Outcome =
  | 'finish'
  | 'cancel'
  | 'refuse'
  | 'noReceipt'
  | 'payFailCancel'
  | 'payFailRetry'
  | 'payFailStuck'
  | 'absent';

export interface Actors {
  /** The attendant who sold it (store channel). */
  seller: number | null;
  /** Picks an attendant for approvals, cancellations and finalization. */
  attendant: () => number;
  stocker: number;
  courier: number;
}

class PathBuilder {
  readonly steps: Step[];

  constructor(steps: Step[]) {
    this.steps = steps;
  }

  get last(): Step {
    return this.steps[this.steps.length - 1] as Step;
  }

  /** Moves through ORDER_TRANSITIONS only: a move the table does not allow is a bug of the demo. */
  go(action: OrderAction, at: number, by: number | null, note: string | null = null): void {
    const from = this.last.status;
    const transition = findTransitionByAction(from, action);
    if (!transition) throw new Error(`demo order: action ${action} is not allowed from status ${from}`);
    this.steps.push({ status: transition.to, action, at: Math.max(at, this.last.at + 1000), by, note });
  }
}

/** Statuses in which the goods are still in the store (a cancellation is plausible). */
const BEFORE_LEAVING = new Set<number>([
  S.AGUARDANDO_APROVACAO,
  S.AGUARDANDO_ESTOQUISTA,
  S.EM_PREPARACAO,
  S.AGUARDANDO_MOTOBOY,
  S.ENTREGA_IMEDIATA,
]);

const minutes = (rng: Random, min: number, max: number) => rng.int(min * MINUTE, max * MINUTE);

/**
 * The whole life of an order, as a real shop runs it: payment (cash, transfer/Pix proof checked by an
 * attendant, or automatic Pix), separation and packing by a stocker, then the courier collects it at
 * the store ("retirando") and delivers, or the customer collects it; an attendant finalizes.
 * Cancellations happen before the goods leave the store.
 */
export function orderPath(rng: Random, shape: Shape, outcome: Outcome, t0: number, actors: Actors): Step[] {
  const initial = initialOrderStatus(shape.payment, shape.pixAuto);
  const created = shape.channel === 'app' ? 'Pedido feito pelo cliente no aplicativo.' : null;
  const b = new PathBuilder([{ status: initial, action: 'create', at: t0, by: actors.seller, note: created }]);
  // Staff act while the store is open; what waited for the opening is done during the first hour.
  const staffTime = (from: number, min: number, max: number) => {
    const wanted = from + minutes(rng, min, max);
    const open = businessTime(wanted);
    return open === wanted ? open : open + minutes(rng, 0, 60);
  };

  // Payment.
  if (initial === S.AGUARDANDO_COMPROVANTE) {
    if (outcome === 'noReceipt') {
      b.go('cancel', staffTime(t0 + 24 * HOUR, 0, 6 * 60), actors.attendant(), NO_RECEIPT_REASON);
      return b.steps;
    }
    if (shape.channel === 'store') b.go('attachReceipt', t0 + minutes(rng, 1, 3), actors.seller);
    else b.go('attachReceipt', t0 + minutes(rng, 5, 240), null, 'Comprovante enviado pelo cliente no aplicativo.');
    if (outcome === 'refuse') {
      b.go('refuse', staffTime(b.last.at, 10, 120), actors.attendant(), rng.pick(REFUSAL_REASONS));
      return b.steps;
    }
    b.go('approve', staffTime(b.last.at, 10, 120), actors.attendant(), 'Pagamento conferido no extrato.');
  } else if (initial === S.PROCESSANDO) {
    if (outcome === 'payFailCancel' || outcome === 'payFailRetry' || outcome === 'payFailStuck') {
      // The bank only confirms (workflow.ts `BANK_ACTIONS`): an attendant marks the Pix that did not come.
      b.go('failPayment', staffTime(b.last.at, 10, 40), actors.attendant(), 'Pix não confirmado pelo banco no prazo.');
      if (outcome === 'payFailStuck') return b.steps;
      if (outcome === 'payFailCancel') {
        b.go('cancel', staffTime(b.last.at, 60, 24 * 60), actors.attendant(), PAYMENT_NOT_CONFIRMED_REASON);
        return b.steps;
      }
      b.go('retryPayment', staffTime(b.last.at, 20, 180), actors.attendant(), 'Cliente refez o Pix.');
    }
    // The bank's webhook (`receivePix`): the note names the Pix's E2E id, drawn when the order is written.
    b.go('confirmPayment', b.last.at + minutes(rng, 1, 4), null, null);
  }

  // Separation and packing.
  b.go('startPreparation', staffTime(b.last.at, 5, 90), actors.stocker);
  const readyAt = staffTime(b.last.at, 10, 50);
  if (shape.delivery === 2) {
    b.go('readyForPickup', readyAt, actors.stocker, 'Separado para retirada na loja.');
    b.go('finalize', staffTime(b.last.at, 60, 4 * 24 * 60), actors.attendant(), 'Retirado na loja pelo cliente.');
  } else if (shape.fast) {
    b.go('readyForFastCourier', readyAt, actors.stocker);
    b.go('withdraw', staffTime(b.last.at, 5, 25), actors.courier);
    b.go('deliver', b.last.at + minutes(rng, 20, 70), actors.courier);
    b.go('finalize', staffTime(b.last.at, 30, 20 * 60), actors.attendant());
  } else {
    b.go('readyForCourier', readyAt, actors.stocker);
    b.go('withdraw', nextDeparture(b.last.at + 5 * MINUTE) + minutes(rng, 0, 8), actors.courier);
    if (outcome === 'absent') {
      b.go('customerAbsent', b.last.at + minutes(rng, 30, 120), actors.courier, rng.pick(ABSENT_NOTES));
      b.go('finalize', staffTime(b.last.at, 3 * 60, 3 * 24 * 60), actors.attendant(), 'Cliente retirou na loja.');
    } else {
      b.go('deliver', b.last.at + minutes(rng, 20, 150), actors.courier);
      b.go('finalize', staffTime(b.last.at, 30, 20 * 60), actors.attendant());
    }
  }

  if (outcome === 'cancel') {
    // Cancelled before the goods leave the store: after one of the steps up to "ready".
    const cuttable = b.steps
      .map((step, index) => ({ step, index }))
      .filter(
        ({ step }) => BEFORE_LEAVING.has(step.status) || (step.status === S.AGUARDANDO_CLIENTE && shape.delivery === 2),
      );
    const cut = rng.pick(cuttable).index;
    const kept = new PathBuilder(b.steps.slice(0, cut + 1));
    kept.go('cancel', staffTime(kept.last.at, 10, 24 * 60), actors.attendant(), rng.pick(CANCEL_REASONS));
    return kept.steps;
  }
  return b.steps;
}

/** Keeps the steps up to the first one in `target` status. */
export function truncateAtStatus(steps: Step[], target: OrderStatusKey): Step[] {
  const index = steps.findIndex((s) => s.status === target);
  if (index < 0) throw new Error(`demo order: status ${target} not on the planned path`);
  return steps.slice(0, index + 1);
}

/** Keeps the steps that happened before `until`. */
export function truncateAtTime(steps: Step[], until: number): Step[] {
  const kept = steps.filter((s) => s.at < until);
  return kept.length ? kept : steps.slice(0, 1);
}

export function isFinal(status: number): boolean {
  return (FINAL_ORDER_STATUSES as readonly number[]).includes(status);
}

/**
 * For the most recent orders, the status they are in now, dealt from a shuffled deck so the order
 * screen shows every status (counts relative to one another).
 */
export const ACTIVE_DECK: readonly (readonly [OrderStatusKey, number])[] = [
  [S.AGUARDANDO_ESTOQUISTA, 4],
  [S.EM_PREPARACAO, 3],
  [S.AGUARDANDO_MOTOBOY, 4],
  [S.EM_ENTREGA, 3],
  [S.ENTREGUE, 4],
  [S.AGUARDANDO_CLIENTE, 3],
  [S.AGUARDANDO_COMPROVANTE, 2],
  [S.AGUARDANDO_APROVACAO, 3],
  [S.PROCESSANDO, 2],
  [S.ERRO, 1],
  [S.ENTREGA_IMEDIATA, 2],
  [S.EM_ENTREGA_IMEDIATA, 2],
  [S.FINALIZADOS, 5],
  [S.CANCELADO, 1],
  [S.REPROVADOS, 1],
];

/** Adjusts a shape and picks the outcome so that `target` lies on the order's path. */
export function shapeForTarget(
  rng: Random,
  target: OrderStatusKey,
  shape: Shape,
  canFast: boolean,
): { shape: Shape; outcome: Outcome } {
  const s = { ...shape };
  let outcome: Outcome = 'finish';
  switch (target) {
    case S.AGUARDANDO_MOTOBOY:
    case S.EM_ENTREGA:
      s.delivery = 1;
      s.fast = false;
      break;
    case S.ENTREGUE:
      s.delivery = 1;
      s.fast = s.fast && canFast;
      break;
    case S.AGUARDANDO_CLIENTE:
      if (rng.chance(0.6)) s.delivery = 2;
      else {
        s.delivery = 1;
        s.fast = false;
        outcome = 'absent';
      }
      break;
    case S.ENTREGA_IMEDIATA:
    case S.EM_ENTREGA_IMEDIATA:
      s.delivery = 1;
      s.fast = true;
      break;
    case S.CANCELADO:
      outcome = 'cancel';
      break;
    case S.ERRO:
      s.channel = 'app';
      s.payment = 'PIX';
      s.pixAuto = true;
      outcome = 'payFailStuck';
      break;
    case S.PROCESSANDO:
      s.channel = 'app';
      s.payment = 'PIX';
      s.pixAuto = true;
      break;
    case S.AGUARDANDO_COMPROVANTE:
      s.channel = 'app';
      s.payment = 'BANK_TRANSFER';
      break;
    case S.AGUARDANDO_APROVACAO:
      s.payment = 'BANK_TRANSFER';
      break;
    case S.REPROVADOS:
      s.payment = 'BANK_TRANSFER';
      outcome = 'refuse';
      break;
    default:
      break;
  }
  if (s.delivery === 2) s.fast = false;
  return { shape: s, outcome };
}
