import {
  isActiveCourier,
  isFinalOrderStatus,
  ORDER_CREATION,
  ORDER_STATUS,
  ORDER_TEXTS,
  type OrderStatusKey,
} from '@backoffice/contract';
import type { Insertable, Transaction } from 'kysely';
import type { Executor } from '../../db/executor';
import type { Database, OrdersTable } from '../../db/schema';
import { recordAudit } from '../../lib/audit';
import { conflict, notFound } from '../../lib/errors';
import type { Storage } from '../../lib/storage';
import type { Principal } from '../../plugins/auth';
import { moveStock, sellUnits } from '../stock/stock.service';
import { type NormalizedPicture, normalizeOrderPicture } from './images';
import { orderLinesRepository } from './order-lines.repository';
import { readerOf } from './order-readers';
import { type LockedOrder, ordersRepository as repo } from './orders.repository';
import {
  handOverAtCounter,
  nextUpdatedAt,
  ORDER_IMAGE_FOLDER,
  recordOrderEvent,
  storeReceipt,
  transition,
} from './workflow';

/**
 * What a module does once a counter sale handed over at once has committed (the notes: its NFC-e at once, decision
 * 0078): registered by that module, run by the selling module after the sale's transaction.
 */
export {
  type AfterCounterSale,
  acceptCounterTradeIn,
  afterCounterSale,
  type CounterTradeInAcceptor,
  onCounterTradeIn,
  runAfterCounterSale,
} from './counter-handover-hooks';
/**
 * The order workflow as every module uses it (issue 37): the order lock, THE move (`transition`), the
 * placing (`createOrder`), the order's events (history and audit rows), and the registry through which a
 * module joins a move: a requirement it checks (`onRequirement`, Vendure's onTransitionStart), an effect it
 * does (`onEffect`, a Medusa step), what it does once the order is in its new status (`onMoveEnd`,
 * onTransitionEnd). A module registers its handlers in its service factory (payments: `createPaymentsService`),
 * so the orders module never imports the modules that join its moves. The rules themselves (who may make
 * which move, what it requires and does) are the contract's table, `ORDER_TRANSITIONS`.
 */
export {
  type EffectHandler,
  type MoveActor,
  type MoveContext,
  nextUpdatedAt,
  type OrderEvent,
  onEffect,
  onMoveEnd,
  onRequirement,
  type RequirementCheck,
  type RequirementContext,
  recordOrderEvent,
  type SystemActor,
  type TransitionInput,
  type TransitionResult,
  transition,
  unhandledWorkflowSteps,
} from './workflow';
export type { LockedOrder };

/**
 * An order's lines and figures changed before separation (the order edit, a discount changed afterwards): the
 * selling module decides them, the orders module writes them (`order_items` and `orders` are its tables).
 */
export const { setOrderDiscount, writeOrderLines, updateOrder: updateOrderFigures } = orderLinesRepository;

/** Checks and re-encodes a picture sent as base64 (a checkout's proof): before the transaction, sharp is slow. */
export { normalizeOrderPicture };

/** The order locked for the rest of the caller's transaction (every writer of orders locks it first); 404 unknown. */
export async function lockOrder(
  trx: Transaction<Database>,
  orderId: number,
  missing: string = ORDER_TEXTS.notFound,
): Promise<LockedOrder> {
  const order = await repo.lockById(trx, orderId);
  if (!order) throw notFound(missing);
  return order;
}

/**
 * Refuses with a 404 (`missing`) an order `principal` may not read: a courier reads only his own (the orders'
 * rule, order-readers.ts), as every order read answers him. Anyone else reads every order.
 */
export async function assertOrderReadable(
  db: Executor,
  principal: Principal,
  orderId: number,
  missing: string = ORDER_TEXTS.notFound,
): Promise<void> {
  const reader = readerOf(principal);
  if (reader.onlyOwn && !(await repo.findById(db, orderId, reader))) throw notFound(missing);
}

/** The order locked for the rest of the caller's transaction, or undefined when there is none. */
export function lockOrderIfAny(trx: Transaction<Database>, orderId: number): Promise<LockedOrder | undefined> {
  return repo.lockById(trx, orderId);
}

/**
 * A repair's device handed over by `employeeId` (decision 0060), in the caller's transaction: its bill, waiting at the
 * counter, is finalized by the system in his name (the customer pays there: his open drawer takes the cash), with
 * `note`. Answers the
 * bill when it still waits for its payment (Pix, proof): the device is not handed over unpaid; undefined when there
 * is no bill, or it is final or finalized now.
 */
export async function handOverRepairBill(
  trx: Transaction<Database>,
  repairId: number,
  employeeId: number,
  note: string,
): Promise<{ code: string; status: OrderStatusKey } | undefined> {
  const billId = await repo.billIdOfRepair(trx, repairId);
  const bill = billId === undefined ? undefined : await repo.lockById(trx, billId);
  if (!bill || isFinalOrderStatus(bill.status)) return undefined;
  if (bill.status !== ORDER_STATUS.AGUARDANDO_CLIENTE) {
    return { code: bill.code, status: bill.status as OrderStatusKey };
  }
  await transition(trx, bill, 'finalize', { system: true, employeeId }, { note });
  return undefined;
}

/**
 * The units of a counter sale's serialized lines named by their IMEIs (refused whole as packing refuses them), in the
 * sale's transaction: sold to it at once, so no one else sells them while its Pix waits.
 */
export async function takeCounterUnits(
  trx: Transaction<Database>,
  orderId: number,
  units: ReadonlyArray<{ productId: number; imei: string }>,
): Promise<void> {
  const items = await repo.items(trx, orderId);
  await sellUnits(
    trx,
    orderId,
    items.map((item) => ({ productId: item.product_id, quantity: item.quantity })),
    units,
  );
}

/**
 * A counter sale handed over (decision 0074), in the sale's transaction, its payments already recorded and its units
 * named (`takeCounterUnits`): the system's moves in the seller's name, on to the counter ('awaitPickup': nothing to
 * separate) and 'Finalizar' (`handOverAtCounter`), so every module's handover step runs as for any order collected at
 * the store (the NFC-e, the cash still due). A sale waiting for its Pix is handed over the same way by the move that
 * settles it (`transition`). Answers the final status.
 */
export async function handOverCounterSale(
  trx: Transaction<Database>,
  orderId: number,
  employeeId: number,
  note: string,
): Promise<OrderStatusKey> {
  const order = await repo.lockById(trx, orderId);
  if (!order?.sold_at_counter) throw notFound(ORDER_TEXTS.notFound);
  return (await handOverAtCounter(trx, order, employeeId, { note })).status;
}

/**
 * Claims a request's `Idempotency-Key` on an order (the moves' mechanism, migration 0024), in the caller's
 * transaction, with the order locked: true the first time; false when the same request (same employee,
 * command, order and body hash) ran before — the caller answers what it did then; 409 when the key was used
 * for anything else. A request refused later in its transaction frees its key (the claim rolls back).
 */
export async function claimOrderRequest(
  trx: Transaction<Database>,
  request: { key: string; employeeId: number; command: string; orderId: number; hash: string },
  reused: string = ORDER_TEXTS.moveKeyReused,
): Promise<boolean> {
  const row = {
    idempotency_key: request.key,
    employee_id: request.employeeId,
    command: request.command,
    order_id: request.orderId,
    request_hash: request.hash,
  };
  if (await repo.claimMoveKey(trx, row)) return true;
  const earlier = await repo.moveKey(trx, request.key);
  const same =
    earlier?.employee_id === row.employee_id &&
    earlier.command === row.command &&
    earlier.order_id === row.order_id &&
    earlier.request_hash === row.request_hash;
  if (!same) throw conflict(reused, 'CONFLICT');
  return false;
}

/** The order a Pix charge (its txid) was made for, if any. */
export function orderIdByTxid(db: Executor, txid: string): Promise<number | undefined> {
  return repo.idByTxid(db, txid);
}

/** The employee if he is an active courier now (the contract's `isActiveCourier`), else undefined. */
export async function activeCourier(db: Executor, employeeId: number) {
  const employee = await repo.employee(db, employeeId);
  return employee && isActiveCourier(employee) ? employee : undefined;
}

/**
 * The order's courier becomes `courierId` (not a status move: no history row): `updated_at` moves, one audit
 * row says who changed it from whom to whom (`assignToRun` by dispatch, `changeDeliverer` by the attendant).
 */
export async function changeCourier(
  trx: Transaction<Database>,
  order: LockedOrder,
  change: { courierId: number; employeeId: number; action: 'assignToRun' | 'changeDeliverer' | 'changeFastDeliverer' },
): Promise<void> {
  await repo.update(trx, order.id, { deliverer_id: change.courierId, updated_at: nextUpdatedAt(order) });
  await recordAudit(trx, {
    employeeId: change.employeeId,
    entity: 'order',
    entityId: order.code,
    action: change.action,
    changes: { delivererId: { from: order.deliverer_id, to: change.courierId } },
  });
}

/**
 * A line in the order's history that is no status move (an exchange, a return, a Pix given back): the row
 * stays in the order's status and says what happened (`note`; employee null: 'Sistema'). With `audit`, one
 * audit row too; with `touch`, `updated_at` moves (the screens see the order changed).
 */
export async function recordOrderNote(
  trx: Transaction<Database>,
  order: LockedOrder,
  event: {
    employeeId: number | null;
    note: string;
    at: Date;
    touch?: boolean;
    audit?: { action: string; changes: Record<string, unknown> };
  },
): Promise<void> {
  await repo.insertHistory(trx, {
    order_id: order.id,
    status: order.status,
    employee_id: event.employeeId,
    note: event.note,
    created_at: event.at,
  });
  if (event.audit) {
    await recordAudit(trx, {
      employeeId: event.employeeId,
      entity: 'order',
      entityId: order.code,
      action: event.audit.action,
      changes: event.audit.changes,
    });
  }
  if (event.touch) await repo.update(trx, order.id, { updated_at: nextUpdatedAt(order) });
}

/** A new order as its seller placed it: its row (status included), lines, proof, and the event's words. */
export interface NewOrder {
  /** Who places it: the history and audit rows, the stock ledger. */
  employeeId: number;
  values: Omit<Insertable<OrdersTable>, 'code'> & { status: OrderStatusKey };
  items: ReadonlyArray<{
    productId: number;
    name: string;
    code: string;
    quantity: number;
    unitPriceCents: number;
    unitCostCents: number;
    /** Issue 38: the line's discount (its own plus its share of the order's); 0 when absent. */
    discountCents?: number;
  }>;
  /** The payment proof stored with it (checked by `normalizeOrderPicture`), when its status says it came along. */
  receipt?: NormalizedPicture;
  /** The history row's note and the audit row's changes. */
  note: string;
  changes: Record<string, unknown>;
}

/**
 * The workflow's entry (`create`, ORDER_CREATION), in the caller's transaction: inserts the order under a
 * fresh code and its lines, does the creation's effects (its goods out of stock through the stock module,
 * STOCK_INSUFFICIENT naming every product short; the proof stored), and records the event once: one history
 * row and one audit row.
 */
export async function createOrder(
  trx: Transaction<Database>,
  storage: Storage,
  input: NewOrder,
): Promise<{ id: number; code: string; status: OrderStatusKey }> {
  const status = input.values.status;
  const order = await repo.insertOrder(trx, input.values);
  await repo.insertItems(
    trx,
    input.items.map((item) => ({
      order_id: order.id,
      product_id: item.productId,
      product_name: item.name,
      product_code: item.code,
      quantity: item.quantity,
      unit_price_cents: item.unitPriceCents,
      unit_cost_cents: item.unitCostCents,
      total_cents: item.unitPriceCents * item.quantity,
      discount_cents: item.discountCents ?? 0,
    })),
  );
  let at = new Date();
  const receipt = input.receipt;
  for (const effect of ORDER_CREATION.does) {
    if (effect === 'takeStock') {
      // A repair's bill (orders.repair_id): its parts left stock by the repair's own REPAIR rows (decision 0059).
      if (input.values.repair_id) continue;
      await moveStock(
        trx,
        { kind: 'SALE', employeeId: input.employeeId, orderId: order.id, note: `Pedido ${order.code}` },
        input.items.map((item) => ({
          productId: item.productId,
          quantityOut: item.quantity,
          unitPriceCents: item.unitPriceCents,
        })),
      );
      at = new Date();
    } else if (effect === 'storeReceipt') {
      if (receipt) {
        const key = await storage.put(trx, ORDER_IMAGE_FOLDER, receipt.data, receipt.extension);
        await storeReceipt(trx, order.id, key, receipt, at);
      }
    } else {
      throw new Error(`no handler for the creation's effect '${effect}'`);
    }
  }
  await recordOrderEvent(trx, {
    order,
    status,
    employeeId: input.employeeId,
    action: 'create',
    note: input.note,
    changes: input.changes,
    at,
  });
  return { ...order, status };
}
