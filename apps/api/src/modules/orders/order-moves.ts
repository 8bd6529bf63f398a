import { createHash } from 'node:crypto';
import {
  commandAction,
  DELIVERER_CHANGE_RULE,
  DELIVERER_CHANGE_STATUSES,
  EMPLOYEE_FUNC_LABELS,
  type EmployeeFunc,
  findTransition,
  hasAnyPermission,
  hasFullAccess,
  ORDER_TEXTS,
  type OrderAction,
  type OrderActor,
  type OrderCommand,
  type OrderConcurrency,
  type OrderMoveBody,
  type OrderStatusKey,
  type OrderSummary,
  orderStatusLabel,
} from '@backoffice/contract';
import type { DB } from '../../db/database';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors';
import type { Storage } from '../../lib/storage';
import type { Principal } from '../../plugins/auth';
import { deliveryInput, type MovePictures, normalizePictures, withoutSendingTime } from './move-input';
import { toOrderSummary } from './order-summary';
import { type LockedOrder, ordersRepository as repo } from './orders.repository';
import { assertFresh, ORDER_IMAGE_FOLDER, refusal, type TransitionInput, transition } from './workflow';
import { activeCourier, assertOrderReadable, changeCourier, claimOrderRequest, lockOrder } from './workflow.service';

/**
 * The signed-in employee as the workflow sees them: the function and permissions the auth hook read with
 * the token version on this very request (plugins/auth.ts), so a move reads the employee once.
 */
function actorOf(principal: Principal): OrderActor {
  return { employeeId: principal.employeeId, permissions: principal.permissions, func: principal.func };
}

/**
 * Who may change the courier (attendants and full:access; DELIVERER_CHANGE_RULE) and whether the order is in
 * the status of this call (the normal call serves AGUARDANDO_MOTOBOY, the fast one ENTREGA_IMEDIATA).
 */
function assertDelivererChange(actor: OrderActor, order: LockedOrder, variant: 'normal' | 'fast', startedAt: Date) {
  const full = hasFullAccess(actor.permissions);
  if (!hasAnyPermission(actor.permissions, DELIVERER_CHANGE_RULE.permissions)) {
    throw new AppError(403, ORDER_TEXTS.permissionRefused('Alterar motoboy'), { code: 'FORBIDDEN' });
  }
  if (!full && !(DELIVERER_CHANGE_RULE.functions as readonly number[]).includes(actor.func)) {
    const label = EMPLOYEE_FUNC_LABELS[actor.func as EmployeeFunc] ?? String(actor.func);
    throw new AppError(403, ORDER_TEXTS.functionRefused(label, 'Alterar motoboy'), {
      code: 'ORDER_FUNCTION_REFUSED',
    });
  }
  const own: readonly number[] = DELIVERER_CHANGE_STATUSES[variant];
  if (!own.includes(order.status)) {
    const other: readonly number[] = DELIVERER_CHANGE_STATUSES[variant === 'normal' ? 'fast' : 'normal'];
    const message = other.includes(order.status)
      ? variant === 'normal'
        ? ORDER_TEXTS.fastDelivererOnly
        : ORDER_TEXTS.normalDelivererOnly
      : ORDER_TEXTS.delivererChangeStatus(orderStatusLabel(order.status));
    throw refusal(order, message, startedAt);
  }
}

/**
 * Every move of an order: the registry's commands (ORDER_COMMANDS), a status change by the table, and the
 * courier changed. Each runs in one transaction with the order locked, through `transition` (workflow.ts).
 */
export function orderMoves(db: DB, storage: Storage) {
  async function summaryById(id: number): Promise<OrderSummary> {
    const row = await repo.findById(db, id);
    if (!row) throw notFound(ORDER_TEXTS.notFound);
    return toOrderSummary(row);
  }

  /**
   * Runs one move in one transaction: locks the order, stores its pictures, calls `transition`. A refused
   * move changes nothing and stores nothing.
   */
  async function move(
    principal: Principal,
    orderId: number,
    action: OrderAction | ((order: LockedOrder) => OrderAction),
    input: TransitionInput,
    pictures?: MovePictures,
    idempotency?: { key: string; command: string; hash: string },
  ): Promise<OrderSummary> {
    const startedAt = new Date();
    const normalized = await normalizePictures(pictures);
    await db.transaction().execute(async (trx) => {
      const actor = actorOf(principal);
      const order = await lockOrder(trx, orderId);
      // The same move sent again with its key (a retry, a phone's queue replayed) happened once: answer it.
      if (idempotency) {
        const request = { ...idempotency, employeeId: principal.employeeId, orderId: order.id };
        if (!(await claimOrderRequest(trx, request))) return;
      }
      assertFresh(order, input);
      const keys: string[] = [];
      for (const picture of normalized)
        keys.push(await storage.put(trx, ORDER_IMAGE_FOLDER, picture.data, picture.extension));
      const withKeys: TransitionInput = { startedAt, ...input };
      if (pictures?.kind === 'RECEIPT') {
        withKeys.receiptKey = keys[0];
        withKeys.receiptHash = normalized[0]?.phash;
        withKeys.receiptNearHashes = normalized[0]?.nearHashes;
      }
      if (pictures?.kind === 'PACKAGING') withKeys.packagingKeys = keys;
      if (pictures?.kind === 'SIGNATURE') withKeys.signatureKey = keys[0];
      await transition(trx, order, typeof action === 'function' ? action(order) : action, actor, withKeys);
    });
    return summaryById(orderId);
  }

  return {
    move,

    /**
     * One call of the registry (ORDER_COMMANDS): its action (or the one it picks for this order), the
     * concurrency fields, the history note and the pictures, all read from the command's declaration.
     */
    async command(
      principal: Principal,
      command: OrderCommand,
      body: OrderMoveBody,
      idempotencyKey?: string,
    ): Promise<OrderSummary> {
      const delivery = command.delivery?.(body);
      // A card receipt names money of the order: another courier's order is not found (404), as every order read answers him.
      if (delivery?.cardReceipt) await assertOrderReadable(db, principal, body.orderId);
      const idempotency = idempotencyKey
        ? {
            key: idempotencyKey,
            command: command.path,
            hash: createHash('sha256')
              .update(JSON.stringify(withoutSendingTime(body)))
              .digest('hex'),
          }
        : undefined;
      return move(
        principal,
        body.orderId,
        (order) => commandAction(command, { deliveryType: order.delivery_type, fastDelivery: order.fast_delivery }),
        {
          expectedStatus: body.expectedStatus,
          expectedUpdatedAt: body.expectedUpdatedAt,
          note: command.note?.(body),
          proofEndToEndId: command.proof?.(body),
          units: command.units?.(body),
          ...deliveryInput(delivery),
        },
        command.pictures && { kind: command.pictures.kind, images: command.pictures.of(body) },
        idempotency,
      );
    },

    /**
     * PUT /orders/change/status: any move of the table from the current status to `newStatus` that the
     * caller may make and that needs no picture (packing, delivering and the proof have their own calls).
     */
    async changeStatus(
      principal: Principal,
      orderId: number,
      newStatus: OrderStatusKey,
      input: OrderConcurrency & { note?: string | null },
    ): Promise<OrderSummary> {
      const startedAt = new Date();
      return move(
        principal,
        orderId,
        (order) => {
          const from = orderStatusLabel(order.status);
          if (order.status === newStatus) throw refusal(order, ORDER_TEXTS.statusUnchanged(from), startedAt);
          const found = findTransition(order.status, newStatus);
          if (!found) throw refusal(order, ORDER_TEXTS.noMoveTo(from, orderStatusLabel(newStatus)), startedAt);
          const needsPictures = found.requires.some(
            (r) => r === 'packagingPhotos' || r === 'signature' || r === 'receipt',
          );
          if (needsPictures) {
            throw badRequest(ORDER_TEXTS.useSpecificCall(orderStatusLabel(newStatus)), 'ORDER_REQUIREMENT_MISSING');
          }
          return found.action;
        },
        { ...input, to: newStatus },
      );
    },

    /**
     * Changes the courier of a packed order (not a status move, so no history row; an audit row). The
     * normal call serves AGUARDANDO_MOTOBOY, the fast one ENTREGA_IMEDIATA, each only its own status. The
     * new courier must be an active employee of function Motoboy; attendants (and full:access) make it.
     */
    async changeDeliverer(
      principal: Principal,
      orderId: number,
      delivererId: number,
      variant: 'normal' | 'fast',
      expected: OrderConcurrency,
    ): Promise<OrderSummary> {
      const startedAt = new Date();
      await db.transaction().execute(async (trx) => {
        const actor = actorOf(principal);
        const order = await lockOrder(trx, orderId);
        assertFresh(order, expected);
        assertDelivererChange(actor, order, variant, startedAt);
        const courier = await activeCourier(trx, delivererId);
        if (!courier) throw badRequest(ORDER_TEXTS.delivererNotCourier);
        if (courier.id === order.deliverer_id) throw conflict(ORDER_TEXTS.delivererSame);
        await changeCourier(trx, order, {
          courierId: courier.id,
          employeeId: actor.employeeId,
          action: variant === 'fast' ? 'changeFastDeliverer' : 'changeDeliverer',
        });
      });
      return summaryById(orderId);
    },
  };
}
