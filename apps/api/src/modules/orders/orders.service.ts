import { createHash } from 'node:crypto';
import {
  centsToReais,
  commandAction,
  DELIVERER_CHANGE_RULE,
  DELIVERER_CHANGE_STATUSES,
  EMPLOYEE_FUNC_LABELS,
  type EmployeeFunc,
  FULL_ACCESS,
  findTransition,
  formatDocument,
  ORDER_STATUS_KEYS,
  ORDER_STATUS_LABELS,
  ORDER_TEXTS,
  type OrderAction,
  type OrderActor,
  type OrderCommand,
  type OrderConcurrency,
  type OrderDetail,
  type OrderFilterQuery,
  type OrderHistoryEntry,
  type OrderImage,
  type OrderList,
  type OrderMoveBody,
  type OrderStatusCount,
  type OrderStatusKey,
  type OrderSummary,
  orderStatusLabel,
} from '@backoffice/contract';
import type { DB } from '../../db/database';
import type { OrderImageKind } from '../../db/schema';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors';
import type { FileLinks } from '../../lib/file-links';
import type { Storage } from '../../lib/storage';
import type { Principal } from '../../plugins/auth';

export { hashBands } from './images';

import { deliveryInput, type MovePictures, normalizePictures, withoutSendingTime } from './move-input';
import { type OrderReader, readerOf } from './order-readers';
import { filterOf, normalizeOrderCode, toOrderSummary } from './order-summary';
import { type LockedOrder, ordersRepository as repo } from './orders.repository';
import { pixOfOrder } from './payment-facts.service';
import { sameProofAs } from './proof-matches';
import { assertFresh, ORDER_IMAGE_FOLDER, refusal, type TransitionInput, transition } from './workflow';
import { activeCourier, assertOrderReadable, changeCourier, claimOrderRequest, lockOrder } from './workflow.service';

const iso = (value: Date | string) => new Date(value).toISOString();

/**
 * Orders: the status cards, paged lists, search, details, pictures, histories, and every move. Every
 * read is scoped to what the caller may read (`readerOf`, order-readers.ts): a courier reads only his
 * orders, any other one is a 404 to him. Pictures are answered as signed links (lib/file-links.ts).
 */
export function createOrdersService(db: DB, storage: Storage, links: FileLinks) {
  async function summaryById(id: number): Promise<OrderSummary> {
    const row = await repo.findById(db, id);
    if (!row) throw notFound(ORDER_TEXTS.notFound);
    return toOrderSummary(row);
  }

  /**
   * The signed-in employee as the workflow sees them: the function and permissions the auth hook read with
   * the token version on this very request (plugins/auth.ts), so a move reads the employee once.
   */
  function actorOf(principal: Principal): OrderActor {
    return { employeeId: principal.employeeId, permissions: principal.permissions, func: principal.func };
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

  /** The order as `reader` may read it: a 404 when it does not exist or is not theirs to read. */
  async function readable(reader: OrderReader, orderId: number) {
    const row = await repo.findById(db, orderId, reader);
    if (!row) throw notFound(ORDER_TEXTS.notFound);
    return row;
  }

  /** The pictures of a kind, each as a signed link for the reader (an <img> sends no bearer token). */
  async function imagesOf(principal: Principal, orderId: number, kind: OrderImageKind): Promise<OrderImage[]> {
    const reader = readerOf(principal);
    await readable(reader, orderId);
    const rows = await repo.images(db, orderId, kind);
    return rows.map((row) => ({
      url: links.sign(storage.url(row.path), row.path, reader),
      createdAt: iso(row.created_at),
    }));
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
     * Every status with how many orders it holds now (zeros included), from the counters of migration 0008;
     * with the screen's filter, how many of its orders match it (counted). `pixWaiting`: how many of them have
     * a Pix the bank confirmed waiting for a click (issue 35 §4), when any.
     */
    async statusCounts(principal: Principal, query: OrderFilterQuery = {}): Promise<OrderStatusCount[]> {
      const reader = readerOf(principal);
      const filter = filterOf(query);
      const counts = filter
        ? await repo.filteredCounts(db, filter, reader.onlyOwn ? reader : undefined)
        : reader.onlyOwn
          ? await repo.readableCounts(db, reader)
          : await repo.countsByStatus(db);
      const waiting = await repo.pixWaitingCounts(db, filter, reader.onlyOwn ? reader : undefined);
      return [...ORDER_STATUS_KEYS]
        .sort((a, b) => a - b)
        .map((key) => {
          const pixWaiting = waiting.get(key);
          return {
            key,
            status: ORDER_STATUS_LABELS[key],
            quantity: counts.get(key) ?? 0,
            ...(pixWaiting ? { pixWaiting } : {}),
          };
        });
    },

    /**
     * A page of a status and the status's total, read in one snapshot. Pages past the middle are read
     * from the oldest end of the index, so no page skips more than half of the status's entries.
     */
    async page(
      principal: Principal,
      status: OrderStatusKey,
      page: number,
      items: number,
      query: OrderFilterQuery = {},
    ): Promise<OrderList> {
      const reader = readerOf(principal);
      const snapshot = db.transaction().setIsolationLevel('repeatable read').setAccessMode('read only');
      const filter = filterOf(query);
      if (filter) {
        return snapshot.execute(async (trx) => {
          const { rows, total } = await repo.filteredPage(
            trx,
            status,
            filter,
            page * items,
            items,
            reader.onlyOwn ? reader : undefined,
          );
          return { orders: rows.map(toOrderSummary), total };
        });
      }
      if (reader.onlyOwn) {
        return snapshot.execute(async (trx) => {
          const { rows, total } = await repo.readablePage(trx, reader, status, page * items, items);
          return { orders: rows.map(toOrderSummary), total };
        });
      }
      return snapshot.execute(async (trx) => {
        const total = await repo.countByStatus(trx, status);
        const offset = page * items;
        if (offset >= total) return { orders: [], total };
        const rows =
          offset + items / 2 > total / 2
            ? await repo.pageByStatus(
                trx,
                status,
                Math.max(0, total - offset - items),
                Math.min(items, total - offset),
                true,
              )
            : await repo.pageByStatus(trx, status, offset, items);
        return { orders: rows.map(toOrderSummary), total };
      });
    },

    async count(principal: Principal): Promise<number> {
      const reader = readerOf(principal);
      if (!reader.onlyOwn) return repo.countAll(db);
      return [...(await repo.readableCounts(db, reader)).values()].reduce((sum, n) => sum + n, 0);
    },

    async byCode(principal: Principal, code: string): Promise<OrderSummary> {
      const normalized = normalizeOrderCode(code);
      const reader = readerOf(principal);
      const row = normalized ? await repo.findByNormalizedCode(db, normalized, reader) : undefined;
      if (!row) throw notFound(ORDER_TEXTS.notFoundByCode);
      return toOrderSummary(row);
    },

    /** The order of this code if `principal` may read it, else null (the command palette, issue 20 §2). */
    async findByCode(principal: Principal, code: string): Promise<OrderSummary | null> {
      const normalized = normalizeOrderCode(code);
      const row = normalized ? await repo.findByNormalizedCode(db, normalized, readerOf(principal)) : undefined;
      return row ? toOrderSummary(row) : null;
    },

    async detail(principal: Principal, id: number): Promise<OrderDetail> {
      const row = await readable(readerOf(principal), id);
      const items = await repo.items(db, id);
      const units = await repo.unitsOf(db, id);
      const pix = await pixOfOrder(db, id);
      const contact = await repo.contactFacts(db, id, row.customer_id);
      const usedWarrantyDays = Math.max(0, ...units.map((unit) => unit.warranty_days ?? 0));
      return {
        ...toOrderSummary(row),
        customerPhone: contact.phone,
        // Issue 38 §5: 'Editar pedido' searches products at this customer's price (the selling search takes the e-mail).
        customerEmail: contact.customer?.email ?? null,
        // A walk-in's order prints the CPF he asked on the note (decision 0040); anyone else's, his registration's.
        customerDocument: contact.noteDocument
          ? formatDocument(contact.noteDocument)
          : contact.customer?.document
            ? formatDocument(contact.customer.document)
            : null,
        customerAddress: contact.customer
          ? {
              street: contact.customer.street,
              number: contact.customer.number,
              complement: contact.customer.complement,
              neighborhood: contact.customer.neighborhood,
              city: contact.customer.city,
              state: contact.customer.state,
              zipCode: contact.customer.zip_code,
            }
          : null,
        departedAt: contact.departedAt ? iso(contact.departedAt) : null,
        deliveredAt: contact.deliveredAt ? iso(contact.deliveredAt) : null,
        receivedBy: row.receiver_name ? { name: row.receiver_name, document: row.receiver_document ?? null } : null,
        items: items.map((item) => {
          const imeis = units.filter((unit) => unit.product_id === item.product_id).map((unit) => unit.imei);
          return {
            productId: item.product_id,
            name: item.product_name,
            quantity: item.quantity,
            unitPrice: centsToReais(item.unit_price_cents),
            ...(imeis.length > 0 ? { imeis } : {}),
            ...(item.discount_cents > 0 ? { discount: centsToReais(item.discount_cents) } : {}),
          };
        }),
        itemsTotal: centsToReais(row.items_total_cents),
        ...(row.repair_id != null
          ? { repair: { id: row.repair_id, labour: centsToReais(row.labour_cents ?? 0) } }
          : {}),
        fastDeliveryTax: centsToReais(row.fast_delivery_tax_cents),
        warranty: centsToReais(row.warranty_cents),
        ...(usedWarrantyDays > 0 ? { usedWarrantyDays } : {}),
        discount: centsToReais(row.discount_cents),
        attendant: row.attendant_id !== null ? { id: row.attendant_id, name: row.attendant_name ?? '' } : null,
        finishedAt: row.finished_at ? iso(row.finished_at) : null,
        pixReceived: pix
          ? {
              endToEndId: pix.end_to_end_id,
              amount: centsToReais(pix.amount_cents),
              paidAt: iso(pix.paid_at),
              confirmedAt: pix.confirmed_at ? iso(pix.confirmed_at) : null,
              refunded: centsToReais(pix.refunded_cents),
              refundedAt: pix.refunded_at ? iso(pix.refunded_at) : null,
            }
          : null,
      };
    },

    async histories(principal: Principal, orderId: number): Promise<OrderHistoryEntry[]> {
      await readable(readerOf(principal), orderId);
      const rows = await repo.histories(db, orderId);
      return rows.map((row) => ({
        status: orderStatusLabel(row.status),
        statusKey: row.status,
        user: row.employee_name ?? ORDER_TEXTS.systemUser,
        when: iso(row.created_at),
        note: row.note,
      }));
    },

    /**
     * The latest payment proof, with the other order whose proof is the same picture or, failing that, a
     * near match for review (`sameProofAs`, proof-matches.ts), for the approval dialog.
     */
    async receipt(principal: Principal, orderId: number): Promise<OrderImage | null> {
      const image = (await imagesOf(principal, orderId, 'RECEIPT')).at(-1);
      if (!image) return null;
      const stored = (await repo.images(db, orderId, 'RECEIPT')).at(-1);
      return { ...image, sameAs: await sameProofAs(db, orderId, stored) };
    },
    signature: async (principal: Principal, orderId: number) =>
      (await imagesOf(principal, orderId, 'SIGNATURE')).at(-1) ?? null,
    packaging: (principal: Principal, orderId: number) => imagesOf(principal, orderId, 'PACKAGING'),

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
        const full = actor.permissions.includes(FULL_ACCESS);
        if (!full && !DELIVERER_CHANGE_RULE.permissions.some((p) => actor.permissions.includes(p))) {
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

export type OrdersService = ReturnType<typeof createOrdersService>;
