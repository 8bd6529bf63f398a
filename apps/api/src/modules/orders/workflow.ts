import {
  type CardReceipt,
  COUNTER_TEXTS,
  EMPLOYEE_FUNC_LABELS,
  EMPLOYEE_FUNCS,
  type EmployeeFunc,
  findMove,
  findTransitionByAction,
  isActiveCourier,
  normalizeEndToEndId,
  ORDER_ACTION_LABELS,
  ORDER_STATUS,
  ORDER_TEXTS,
  ORDER_TRANSITIONS,
  type OrderAction,
  type OrderActor,
  type OrderConcurrency,
  type OrderEffect,
  type OrderRequirement,
  type OrderStatusKey,
  type OrderTransition,
  orderStatusLabel,
  type PaymentMethod,
  PROOF_TEXTS,
  ruleRefusal,
  settlesPayment,
} from '@backoffice/contract';
import { sql, type Transaction, type Updateable } from 'kysely';
import type { Database, OrdersTable } from '../../db/schema';
import { recordAudit } from '../../lib/audit';
import { AppError, badRequest, conflict } from '../../lib/errors';
import { createStepRegistry } from '../../lib/step-registry';
import { moveStock, sellUnits } from '../stock/stock.service';
import { type DeviceMoment, deliveryMoment } from './delivery-moment';
import { type LockedOrder, ordersRepository as repo } from './orders.repository';
import { proofMatchesRepository } from './proof-matches.repository';

/**
 * Who makes a move: a signed-in employee, the bank ('Pix automático': a Pix its webhook told us of), or the system as
 * part of another event (decision 0060: a repair's bill on to the counter once paid, and finalized when its device is
 * delivered), naming the employee of that event when there is one (the history row, the cash drawer). The bank makes
 * only the moves that settle a payment (the contract's `settlesPayment`), the system only those (`systemMay`).
 */
export type MoveActor = OrderActor | 'bank' | SystemActor;

/** The server making a move as part of another event, by that event's employee (null: nobody's, 'Sistema'). */
export interface SystemActor {
  system: true;
  employeeId: number | null;
}

/** Nothing to separate: a repair's bill (its parts left with the repair) or a sale handed over at the counter. */
const nothingToPack = (order: LockedOrder) => order.repair_id != null || order.sold_at_counter === true;

/**
 * The moves the system makes: a repair's bill paid on to the counter, and finalized by its device's delivery; a
 * counter sale ('Balcão', decision 0074) on to the counter and finalized in the sale's own transaction.
 */
function systemMay(move: OrderTransition, order: LockedOrder): boolean {
  if (move.requires.includes('nothingToPack')) return true;
  return move.action === 'finalize' && move.from === ORDER_STATUS.AGUARDANDO_CLIENTE && nothingToPack(order);
}

/** What a move may carry besides the action: the reason, the stored pictures, the target status. */
export interface TransitionInput extends OrderConcurrency {
  /** The reason or note of the history row (required by 'reason'). */
  note?: string | null;
  /** Storage keys of pictures checked and stored by the caller, in this move's transaction. */
  receiptKey?: string;
  /** The perceptual hash of the receipt picture (images.ts `differenceHash`). */
  receiptHash?: string;
  /** Its near-match hashes (images.ts `nearHashes`). */
  receiptNearHashes?: string[];
  /** The E2E id read off the payment proof (approve): refused when another order used it, stored with the move. */
  proofEndToEndId?: string;
  packagingKeys?: string[];
  signatureKey?: string;
  /** The units named by IMEI (packing a serialized line): one per unit of each such line. */
  units?: ReadonlyArray<{ productId: number; imei: string }>;
  /** PUT /orders/change/status names the status reached instead of the action (the order's edit names both). */
  to?: OrderStatusKey;
  /**
   * The order's new payment method ('newPayment': only the order's edit, decision 0044, makes such a move; it
   * writes the payment columns itself in the same transaction).
   */
  payment?: PaymentMethod;
  /** What else the same event changed (the order's edit: items, totals, payment), merged into the audit row. */
  changes?: Record<string, unknown>;
  /**
   * When the move happened by the phone's clock (a delivery signed offline, decision 0039): corrected by the
   * server's clock and checked (`deliveryMoment`), it is the time of the history row and of the signature.
   */
  occurredOnDevice?: DeviceMoment;
  /** Who received a delivery ('Recebido por'): stored on the order. */
  receiver?: { name: string; document: string | null };
  /**
   * The card machine's receipt the courier typed on delivering a 'Levar maquininha' order: payments records
   * its card part when the move ends (`onMoveEnd`), in the move's transaction (decision 0042's amendment).
   */
  cardReceipt?: CardReceipt;
  /**
   * When the request arrived. A move refused because the order changed after that moment (another
   * employee's request won the lock) is answered as STALE_DATA, like a mismatch of the expected fields.
   */
  startedAt?: Date;
}

export interface TransitionResult {
  transition: OrderTransition;
  updatedAt: Date;
  /** Where the order is now: the move's status, or where the system took it on at once (a repair's bill). */
  status: OrderStatusKey;
}

/**
 * Refuses (409 STALE_DATA) when the order is no longer what the client saw: another status, or another
 * `updatedAt` (every change, courier changes too, moves it). Nothing has been changed yet.
 */
export function assertFresh(order: LockedOrder, expected: OrderConcurrency): void {
  const statusMoved = expected.expectedStatus !== undefined && expected.expectedStatus !== order.status;
  const timeMoved =
    expected.expectedUpdatedAt !== undefined &&
    Date.parse(expected.expectedUpdatedAt) !== new Date(order.updated_at).getTime();
  if (statusMoved || timeMoved) {
    throw conflict(ORDER_TEXTS.stale(orderStatusLabel(order.status)), 'STALE_DATA', {
      status: order.status,
      updatedAt: new Date(order.updated_at).toISOString(),
    });
  }
}

/**
 * The refusal of a move the current status does not allow: STALE_DATA when the order changed after the
 * request arrived (two employees at once: this one lost), else TRANSITION_REFUSED.
 */
export function refusal(order: LockedOrder, message: string, startedAt: Date | undefined, details: object = {}) {
  if (startedAt && new Date(order.updated_at).getTime() > startedAt.getTime()) {
    return conflict(ORDER_TEXTS.stale(orderStatusLabel(order.status)), 'STALE_DATA', {
      status: order.status,
      updatedAt: new Date(order.updated_at).toISOString(),
    });
  }
  return conflict(message, 'TRANSITION_REFUSED', { status: order.status, ...details });
}

/** A new `updated_at`, always later than the last one (so `expectedUpdatedAt` tells every change apart). */
export function nextUpdatedAt(order: Pick<LockedOrder, 'updated_at'>): Date {
  return new Date(Math.max(Date.now(), new Date(order.updated_at).getTime() + 1));
}

function functionLabel(func: number): string {
  return EMPLOYEE_FUNC_LABELS[func as EmployeeFunc] ?? String(func);
}

const missing = (message: string) => badRequest(message, 'ORDER_REQUIREMENT_MISSING');

/**
 * Finds the courier a collection ("retirando") leaves with: the order's, else the acting courier, else
 * the customer's associated courier (when still an active courier). None: 400.
 */
async function delivererFor(trx: Transaction<Database>, order: LockedOrder, actor: OrderActor): Promise<number> {
  if (order.deliverer_id !== null) return order.deliverer_id;
  if (actor.func === EMPLOYEE_FUNCS.DELIVERER) return actor.employeeId;
  const associated = await repo.customerDelivererId(trx, order.customer_id);
  if (associated !== null) {
    const courier = await repo.employee(trx, associated);
    if (courier && isActiveCourier(courier)) return courier.id;
  }
  throw missing(ORDER_TEXTS.noDelivererForWithdraw);
}

/** A move being made, as its requirement checks and effect handlers see it. */
export interface MoveContext {
  trx: Transaction<Database>;
  /** The order as locked before the move (its status is still the one it leaves). */
  order: LockedOrder;
  move: OrderTransition;
  action: OrderAction;
  actor: MoveActor;
  /** Who the history and audit rows name (null: the bank). */
  employeeId: number | null;
  input: TransitionInput;
  /** The history row's note, trimmed (null without one). */
  note: string | null;
  /** The courier found by the 'deliverer' requirement (null when the move has none). */
  delivererId: number | null;
  /** The order's new `updated_at`. */
  at: Date;
  /** When the move happened (the phone's corrected moment of an offline delivery, else `at`). */
  happenedAt: Date;
  /** The order's columns the move writes: an effect adds its own. */
  values: Updateable<OrdersTable>;
  /** The audit row's changes: an effect adds what it did. */
  changes: Record<string, unknown>;
}

/** What a requirement check sees: the move before anything is written. */
export type RequirementContext = Pick<MoveContext, 'trx' | 'order' | 'move' | 'actor' | 'input' | 'note'>;
/** Checks one requirement of a move (Vendure's onTransitionStart): throws the refusal, changes nothing. */
export type RequirementCheck = (context: RequirementContext) => Promise<void>;
/** Does one effect of a move (a Medusa step), in the move's transaction. */
export type EffectHandler = (context: MoveContext) => Promise<void>;

/** The requirements the contract's rules check (`ruleRefusal`) or `transition` itself ('deliverer'). */
const RULE_REQUIREMENTS: readonly OrderRequirement[] = ['matchingDelivery', 'ownDelivery', 'deliverer'];

/** The checks of the requirements: the order's own here; other modules add theirs (`onRequirement`). */
const requirementChecks: [OrderRequirement, RequirementCheck][] = [
  [
    'reason',
    async ({ note }) => {
      if (!note) throw missing(ORDER_TEXTS.commentRequired);
    },
  ],
  [
    'newPayment',
    async ({ input }) => {
      if (!input.payment) throw missing(ORDER_TEXTS.paymentChangeByEdit);
    },
  ],
  [
    'nothingToPack',
    async ({ order }) => {
      if (!nothingToPack(order)) throw missing(ORDER_TEXTS.notARepairBill);
    },
  ],
  [
    'packagingPhotos',
    async ({ input }) => {
      if (!input.packagingKeys?.length) throw missing(ORDER_TEXTS.packagingPhotosRequired);
    },
  ],
  [
    'signature',
    async ({ input }) => {
      if (!input.signatureKey) throw missing(ORDER_TEXTS.signatureRequired);
    },
  ],
  [
    'receipt',
    async ({ input }) => {
      if (!input.receiptKey) throw missing(ORDER_TEXTS.receiptRequired);
    },
  ],
];

/** The handlers of the table's effects: the order's own columns and pictures, and the stock module's goods. */
const effectHandlers: [OrderEffect, EffectHandler][] = [
  [
    'setStocker',
    async ({ order, employeeId, values, changes }) => {
      values.stocker_id = employeeId;
      changes.stockerId = { from: order.stocker_id, to: employeeId };
    },
  ],
  [
    'setDeliverer',
    async ({ order, delivererId, values, changes }) => {
      if (delivererId !== null && delivererId !== order.deliverer_id) {
        values.deliverer_id = delivererId;
        changes.delivererId = { from: order.deliverer_id, to: delivererId };
      }
    },
  ],
  [
    'setFinishedAt',
    async ({ at, values }) => {
      values.finished_at = at;
    },
  ],
  [
    'releaseStock',
    async ({ trx, order, employeeId, note, action, changes }) => {
      // Exactly once: the move leads to a final status (no way out), and the ledger is checked too.
      if ((await repo.releasedMovements(trx, order.id)) > 0) return;
      // A repair's bill took no stock at placing (its parts left by the repair's REPAIR rows, decision 0059), and
      // its parts are in the customer's device: nothing comes back.
      if ((await repo.repairAndSeller(trx, order.id))?.repair_id != null) return;
      const items = await repo.items(trx, order.id);
      const moved = await moveStock(
        trx,
        { kind: 'CANCELLATION', employeeId, orderId: order.id, note: note ?? ORDER_ACTION_LABELS[action] },
        items.map((item) => ({
          productId: item.product_id,
          quantityIn: item.quantity,
          unitPriceCents: item.unit_price_cents,
        })),
      );
      changes.stockReleased = moved.map((m) => ({ productId: m.productId, from: m.stockBefore, to: m.stockAfter }));
    },
  ],
  [
    'storeReceipt',
    async ({ trx, order, input, at }) => {
      if (!input.receiptKey) return;
      const hashes = { phash: input.receiptHash, nearHashes: input.receiptNearHashes };
      await storeReceipt(trx, order.id, input.receiptKey, hashes, at);
    },
  ],
  [
    'storePackagingPhotos',
    async ({ trx, order, input, at, changes }) => {
      await repo.insertImages(trx, order.id, 'PACKAGING', input.packagingKeys ?? [], at);
      changes.packagingPhotos = input.packagingKeys?.length ?? 0;
    },
  ],
  [
    'storeSignature',
    async ({ trx, order, input, happenedAt }) => {
      if (input.signatureKey) await repo.insertImages(trx, order.id, 'SIGNATURE', [input.signatureKey], happenedAt);
    },
  ],
  [
    'takeUnits',
    async ({ trx, order, input, changes }) => {
      const items = await repo.items(trx, order.id);
      const lines = items.map((item) => ({ productId: item.product_id, quantity: item.quantity }));
      const imeis = await sellUnits(trx, order.id, lines, input.units ?? []);
      if (imeis.length > 0) changes.units = imeis;
    },
  ],
];

/**
 * The orders' machine on the one engine (lib/step-registry.ts): the table's requirements and effects, the order's own
 * checks and handlers here, other modules' added by `onRequirement` and `onEffect` as they are built.
 */
const steps = createStepRegistry<OrderRequirement, OrderEffect, RequirementContext, MoveContext>(
  'orders',
  ORDER_TRANSITIONS,
  RULE_REQUIREMENTS,
);
for (const [name, check] of requirementChecks) steps.requirement(name, check);
for (const [name, handler] of effectHandlers) steps.effect(name, handler);

/** What the modules do once a move reached its status (Vendure's onTransitionEnd), by the name they register. */
const moveEndHandlers = new Map<string, EffectHandler>();

/** A module checks a requirement of the table the order module cannot (e.g. payments: 'pixReceived'). */
export function onRequirement(requirement: OrderRequirement, check: RequirementCheck): void {
  steps.requirement(requirement, check);
}

/** A module does an effect of the table (registering it again replaces the handler). */
export function onEffect(effect: OrderEffect, handler: EffectHandler): void {
  steps.effect(effect, handler);
}

/** A module acts after every move, once the order is in its new status; `name` keeps one handler per module. */
export function onMoveEnd(name: string, handler: EffectHandler): void {
  moveEndHandlers.set(name, handler);
}

/** The requirements and effects of the table that have no check or handler yet (none once the app is built). */
export function unhandledWorkflowSteps(): string[] {
  return steps.unhandled();
}

/** Where the order pictures are stored (lib/storage.ts). */
export const ORDER_IMAGE_FOLDER = 'orders';

/** A payment proof stored on the order with its hashes (images.ts): a move's or a placing's. */
export async function storeReceipt(
  trx: Transaction<Database>,
  orderId: number,
  key: string,
  hashes: { phash?: string; nearHashes?: string[] },
  at: Date,
): Promise<void> {
  await repo.insertImages(trx, orderId, 'RECEIPT', [key], at, hashes.phash ?? null, hashes.nearHashes ?? null);
}

/**
 * THE one way an order's status changes. In the caller's transaction, with the order row locked
 * (`lockById`), it checks — in this order — that the order is still what the client saw (409 STALE_DATA),
 * that the table has the move from the current status (409 TRANSITION_REFUSED; STALE_DATA when the order
 * changed after the request arrived), the caller's permission
 * (403) and function (403 ORDER_FUNCTION_REFUSED), the delivery type of a packing move (409), a courier's
 * own orders (403 ORDER_NOT_YOURS) and what the move requires (400 ORDER_REQUIREMENT_MISSING); then does
 * what the table says (stock back exactly once, stocker, courier, finished_at, pictures), writes the
 * history row and the audit row, and moves `updated_at`. Any refusal changes nothing.
 */
export async function transition(
  trx: Transaction<Database>,
  order: LockedOrder,
  action: OrderAction,
  actor: MoveActor,
  input: TransitionInput = {},
): Promise<TransitionResult> {
  assertFresh(order, input);
  const fromLabel = orderStatusLabel(order.status);
  const actionLabel = ORDER_ACTION_LABELS[action];
  const move =
    input.to !== undefined ? findMove(order.status, input.to, action) : findTransitionByAction(order.status, action);
  if (!move || move.action !== action) {
    throw refusal(order, ORDER_TEXTS.transitionRefused(actionLabel, fromLabel), input.startedAt, { action });
  }

  const state = {
    status: order.status,
    deliveryType: order.delivery_type,
    fastDelivery: order.fast_delivery,
    delivererId: order.deliverer_id,
  };
  const employeeId = actor === 'bank' ? null : actor.employeeId;
  const refused =
    actor === 'bank'
      ? settlesPayment(move)
        ? undefined
        : 'permission'
      : 'system' in actor
        ? systemMay(move, order)
          ? undefined
          : 'permission'
        : ruleRefusal(move, state, actor);
  switch (refused) {
    case 'permission':
      throw new AppError(403, ORDER_TEXTS.permissionRefused(actionLabel), { code: 'FORBIDDEN' });
    case 'function':
      throw new AppError(
        403,
        ORDER_TEXTS.functionRefused(
          actor === 'bank' || 'system' in actor ? '' : functionLabel(actor.func),
          actionLabel,
        ),
        {
          code: 'ORDER_FUNCTION_REFUSED',
        },
      );
    case 'delivery':
      throw conflict(ORDER_TEXTS.deliveryMismatch(actionLabel), 'TRANSITION_REFUSED', {
        status: order.status,
        action,
      });
    case 'notOwnDelivery':
      throw new AppError(403, ORDER_TEXTS.notYourDelivery, { code: 'ORDER_NOT_YOURS' });
    default:
      break;
  }

  const note = input.note?.trim() || null;
  await steps.check(move, { trx, order, move, actor, input, note });
  const delivererId =
    move.requires.includes('deliverer') && actor !== 'bank' && !('system' in actor)
      ? await delivererFor(trx, order, actor)
      : null;

  const at = nextUpdatedAt(order);
  // When it happened: now, or the moment the phone told (a delivery signed offline), corrected and checked.
  const happenedAt = input.occurredOnDevice
    ? deliveryMoment(input.occurredOnDevice, input.startedAt ?? new Date(), await repo.departedAt(trx, order.id))
    : at;
  const changes: Record<string, unknown> = {
    ...input.changes,
    status: { from: order.status, to: move.to },
  };
  const values: Updateable<OrdersTable> = { status: move.to, updated_at: at };
  if (input.occurredOnDevice) changes.deliveredAt = happenedAt.toISOString();
  if (input.receiver) {
    values.receiver_name = input.receiver.name;
    values.receiver_document = input.receiver.document;
    changes.receiverName = input.receiver.name;
    if (input.receiver.document) changes.receiverDocument = input.receiver.document;
  }
  const context: MoveContext = {
    trx,
    order,
    move,
    action,
    actor,
    employeeId,
    input,
    note,
    delivererId,
    at,
    happenedAt,
    values,
    changes,
  };
  await steps.run(move, context);
  if (input.proofEndToEndId) {
    // One proof, one order, whatever the case its last characters were typed in: kept and compared upper-case.
    const proof = normalizeEndToEndId(input.proofEndToEndId);
    // Two approvals naming the same E2E id queue here, and the second one is refused.
    await sql`select pg_advisory_xact_lock(hashtext(${proof}))`.execute(trx);
    const other = await proofMatchesRepository.otherOrderWithProof(trx, proof, order.id);
    if (other) throw conflict(PROOF_TEXTS.reused(other.code), 'PROOF_REUSED', { orderId: other.id, code: other.code });
    values.proof_end_to_end_id = proof;
    changes.proofEndToEndId = proof;
  }
  await repo.update(trx, order.id, values);
  // What the modules do once the order is in its new status (e.g. payments: a settled payment confirms its Pix).
  for (const handler of moveEndHandlers.values()) await handler(context);
  await recordOrderEvent(trx, {
    order,
    status: move.to,
    employeeId,
    action,
    note,
    changes: note ? { ...changes, note } : changes,
    at: happenedAt,
  });
  // A repair's bill paid: nothing to separate, on to the counter at once, in the same event (decision 0060).
  if (move.to === ORDER_STATUS.AGUARDANDO_ESTOQUISTA && order.repair_id != null) {
    const next = await transition(trx, { ...order, status: move.to, updated_at: at }, 'awaitPickup', {
      system: true,
      employeeId: null,
    });
    return { transition: move, updatedAt: next.updatedAt, status: next.status };
  }
  // A counter sale on credit approved by the manager (decision 0078): handed over at once, as it would have been.
  if (order.sold_at_counter && action === 'approveCredit') {
    const seller = (await repo.repairAndSeller(trx, order.id))?.attendant_id ?? null;
    const next = await handOverAtCounter(trx, { ...order, status: move.to, updated_at: at }, seller, {
      note: COUNTER_TEXTS.creditHandOverNote,
    });
    return { transition: move, updatedAt: next.updatedAt, status: next.status };
  }
  // A counter sale's Pix confirmed (decision 0074): handed over at once in its seller's name, in the same event.
  if (order.sold_at_counter && settlesPayment(move)) {
    const seller = (await repo.repairAndSeller(trx, order.id))?.attendant_id ?? null;
    const next = await handOverAtCounter(trx, { ...order, status: move.to, updated_at: at }, seller, {
      note: COUNTER_TEXTS.pixHandOverNote,
    });
    return { transition: move, updatedAt: next.updatedAt, status: next.status };
  }
  return { transition: move, updatedAt: at, status: move.to };
}

/**
 * A counter sale handed over (decision 0074), its payment settled and its units named: the system's moves in
 * `employeeId`'s name, on to the counter ('awaitPickup': nothing to separate) and 'Finalizar' with `note`, so every
 * module's handover step runs as for any order collected at the store (the NFC-e, the cash still due).
 */
export async function handOverAtCounter(
  trx: Transaction<Database>,
  order: LockedOrder,
  employeeId: number | null,
  input: { note: string },
): Promise<TransitionResult> {
  const actor = { system: true as const, employeeId };
  const waiting = await transition(trx, order, 'awaitPickup', actor);
  return transition(trx, { ...order, status: waiting.status, updated_at: waiting.updatedAt }, 'finalize', actor, input);
}

/** One event of an order: what `recordOrderEvent` writes. */
export interface OrderEvent {
  order: Pick<LockedOrder, 'id' | 'code'>;
  /** The status reached. */
  status: number;
  employeeId: number | null;
  action: OrderAction;
  /** The history row's note. */
  note: string | null;
  /** The audit row's changes. */
  changes: Record<string, unknown>;
  at: Date;
}

/**
 * THE record of an order's event (a placing or a move): one history row (the status reached, who, when, the
 * note) and one audit row (the action and what changed), in the caller's transaction.
 */
export async function recordOrderEvent(trx: Transaction<Database>, event: OrderEvent): Promise<void> {
  await repo.insertHistory(trx, {
    order_id: event.order.id,
    status: event.status,
    employee_id: event.employeeId,
    note: event.note,
    created_at: event.at,
  });
  await recordAudit(trx, {
    employeeId: event.employeeId,
    entity: 'order',
    entityId: event.order.code,
    action: event.action,
    changes: event.changes,
  });
}
