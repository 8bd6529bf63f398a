import { createHash } from 'node:crypto';
import {
  centsToReais,
  commandAction,
  DELIVERER_CHANGE_RULE,
  DELIVERER_CHANGE_STATUSES,
  DELIVERY_TYPE_LABELS,
  type DeliveryFacts,
  type DeliveryType,
  EMPLOYEE_FUNC_LABELS,
  EMPLOYEE_FUNCS,
  type EmployeeFunc,
  FULL_ACCESS,
  findTransition,
  formatBRL,
  formatDocument,
  ORDER_STATUS,
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
  PAYMENT_METHOD_LABELS,
  PAYMENT_TEXTS,
  type PaymentMethod,
  PIX_PAYABLE_STATUSES,
  type PixReceivedList,
  type PixReceivedQuery,
  type PixUnmatchedReason,
  parsePeriodTimestamp,
  placedStatus,
} from '@backoffice/contract';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/database';
import type { Database, OrderImageKind } from '../../db/schema';
import { recordAudit } from '../../lib/audit';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors';
import type { FileLinks } from '../../lib/file-links';
import { searchWords } from '../../lib/sql-input';
import type { Storage } from '../../lib/storage';
import type { Principal } from '../../plugins/auth';
import { moveStock } from '../stock/stock.service';
import {
  hashBands,
  hashDistance,
  type NormalizedPicture,
  normalizeOrderPicture,
  type OrderPictureKind,
} from './images';

export { hashBands } from './images';

import { type OrderReader, readerOf } from './order-readers';
import { type LockedOrder, type OrderFilter, type OrderRow, ordersRepository as repo } from './orders.repository';
import { pixReceivedRepository as pixRepo } from './pix-received.repository';
import { assertFresh, nextUpdatedAt, recordOrderEvent, refusal, type TransitionInput, transition } from './workflow';

/** Checks and re-encodes a picture sent as base64 (a checkout's proof): before the transaction, sharp is slow. */
export { normalizeOrderPicture };

const IMAGE_FOLDER = 'orders';
/** Two proofs whose hashes differ in at most this many of 64 bits are the same picture. */
const SAME_PICTURE_BITS = 6;
const FLAT_PICTURE = '0000000000000000';
/**
 * Two proofs whose near-match hashes (picture without an added frame, or its mirror) differ in at most this
 * many of 64 bits are flagged as a near match for review: the same proof resized, with a border, cropped
 * 5 %, turned 3° or mirrored stays within it (proofs.test.ts); decision 0032.
 */
const NEAR_PICTURE_BITS = 14;
/** How many of the most recent other proofs a proof is compared with for a near match. */
const NEAR_PICTURE_CANDIDATES = 2_000;
const iso = (value: Date | string) => new Date(value).toISOString();

/**
 * A move's body as its Idempotency-Key remembers it: without `deviceNow`, which says when the phone sent it
 * (each try of the same move sends its own), not what the move is (decision 0039).
 */
function withoutSendingTime(body: OrderMoveBody): object {
  const { deviceNow: _sent, ...move } = body as OrderMoveBody & { deviceNow?: string };
  return move;
}

/** A delivery's facts as the workflow takes them (decision 0039). */
function deliveryInput(facts: DeliveryFacts | undefined): Pick<TransitionInput, 'occurredOnDevice' | 'receiver'> {
  if (!facts) return {};
  return {
    ...(facts.occurredAt ? { occurredOnDevice: { occurredAt: facts.occurredAt, deviceNow: facts.deviceNow } } : {}),
    ...(facts.receiverName ? { receiver: { name: facts.receiverName, document: facts.receiverDocument ?? null } } : {}),
  };
}

/** An order row as the API answers it (the Order fields of section 3, plus the keys a screen needs). */
export function toOrderSummary(row: OrderRow): OrderSummary {
  return {
    orderId: row.id,
    code: row.code,
    customer: row.customer_name,
    customerId: row.customer_id,
    status: orderStatusLabel(row.status),
    statusKey: row.status,
    updatedAt: iso(row.updated_at),
    createdAt: iso(row.created_at),
    typeOfDelivery: DELIVERY_TYPE_LABELS[row.delivery_type as DeliveryType] ?? String(row.delivery_type),
    deliveryType: row.delivery_type,
    fastDelivery: row.fast_delivery,
    deliverer: row.deliverer_name,
    delivererId: row.deliverer_id,
    stocker: row.stocker_name,
    stockerId: row.stocker_id,
    payment: PAYMENT_METHOD_LABELS[row.payment_method],
    paymentMethod: row.payment_method,
    total: centsToReais(row.total_cents),
    shippingCost: centsToReais(row.shipping_cost_cents),
    neighborhood: row.neighborhood,
    comments: row.comments,
    hasWarranty: row.with_warranty,
    changeFor: row.change_for_cents === null ? null : centsToReais(row.change_for_cents),
    ...(row.pix_waiting ? { pixWaiting: true } : {}),
  };
}

/**
 * Accepts "K7M-4QP", "k7m4qp", " k7m 4qp " alike: upper case, letters and digits only (the form the
 * expression index of migration 0006 holds).
 */
export function normalizeOrderCode(code: string): string {
  return code.toUpperCase().replace(/[^0-9A-Z]/g, '');
}

/**
 * The screen's filter as SQL wants it (undefined without one): the customer's words normalized like the
 * customers' search_text, the days as São Paulo instants, `to`'s whole day included.
 */
export function filterOf(query: OrderFilterQuery): OrderFilter | undefined {
  const terms = searchWords(query.q);
  if (terms.length === 0 && !query.from && !query.to) return undefined;
  const filter: OrderFilter = { terms };
  if (query.from) filter.from = parsePeriodTimestamp(`${query.from}T00:00:00`) ?? undefined;
  if (query.to) {
    const last = parsePeriodTimestamp(`${query.to}T23:59:59`);
    if (last) filter.until = new Date(last.getTime() + 1000);
  }
  return filter;
}

/** Pictures a move carries, as the client sent them (base64). */
interface MovePictures {
  kind: OrderImageKind;
  images: string[];
}

const PICTURE_KIND: Record<OrderImageKind, OrderPictureKind> = {
  RECEIPT: 'photo',
  PACKAGING: 'photo',
  SIGNATURE: 'signature',
};

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

  async function lockOrder(trx: Transaction<Database>, orderId: number): Promise<LockedOrder> {
    const order = await repo.lockById(trx, orderId);
    if (!order) throw notFound(ORDER_TEXTS.notFound);
    return order;
  }

  /** Checks and re-encodes the pictures of a move, all or none (before the transaction: sharp is slow). */
  async function normalizePictures(pictures: MovePictures | undefined) {
    if (!pictures) return [];
    return Promise.all(pictures.images.map((image) => normalizeOrderPicture(image, PICTURE_KIND[pictures.kind])));
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
        const row = {
          idempotency_key: idempotency.key,
          employee_id: principal.employeeId,
          command: idempotency.command,
          order_id: order.id,
          request_hash: idempotency.hash,
        };
        if (!(await repo.claimMoveKey(trx, row))) {
          const earlier = await repo.moveKey(trx, idempotency.key);
          const same =
            earlier?.employee_id === row.employee_id &&
            earlier.command === row.command &&
            earlier.order_id === row.order_id &&
            earlier.request_hash === row.request_hash;
          if (!same) throw conflict(ORDER_TEXTS.moveKeyReused, 'CONFLICT');
          return;
        }
      }
      assertFresh(order, input);
      const keys: string[] = [];
      for (const picture of normalized)
        keys.push(await storage.put(trx, IMAGE_FOLDER, picture.data, picture.extension));
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

  /**
   * The most recent other proof near this one's near-match hash: the same picture as it or as its mirror
   * (each proof keeps both) at most NEAR_PICTURE_BITS bits apart, among the NEAR_PICTURE_CANDIDATES newest.
   */
  async function nearReceipt(orderId: number, hash: string | undefined) {
    if (!hash || hash === FLAT_PICTURE) return undefined;
    const others = await repo.recentNearReceipts(db, orderId, NEAR_PICTURE_CANDIDATES);
    return others.find((other) =>
      (other.near_hashes ?? []).some((candidate) => hashDistance(candidate, hash) <= NEAR_PICTURE_BITS),
    );
  }

  return {
    move,

    /**
     * One call of the registry (ORDER_COMMANDS): its action (or the one it picks for this order), the
     * concurrency fields, the history note and the pictures, all read from the command's declaration.
     */
    command(
      principal: Principal,
      command: OrderCommand,
      body: OrderMoveBody,
      idempotencyKey?: string,
    ): Promise<OrderSummary> {
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
          ...deliveryInput(command.delivery?.(body)),
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
      const pix = await pixRepo.ofOrder(db, id);
      const contact = await repo.contactFacts(db, id, row.customer_id);
      return {
        ...toOrderSummary(row),
        customerPhone: contact.phone,
        customerDocument: contact.customer?.document ? formatDocument(contact.customer.document) : null,
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
          };
        }),
        itemsTotal: centsToReais(row.items_total_cents),
        fastDeliveryTax: centsToReais(row.fast_delivery_tax_cents),
        warranty: centsToReais(row.warranty_cents),
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
     * The latest payment proof, with the other order whose proof is the same picture (a perceptual hash at
     * most SAME_PICTURE_BITS bits apart: re-encoding does not hide it) or, failing that, a near match for
     * review (`near: true`: the same proof resized, bordered, cropped, turned or mirrored, NEAR_PICTURE_BITS),
     * for the approval dialog.
     */
    async receipt(principal: Principal, orderId: number): Promise<OrderImage | null> {
      const image = (await imagesOf(principal, orderId, 'RECEIPT')).at(-1);
      if (!image) return null;
      const stored = (await repo.images(db, orderId, 'RECEIPT')).at(-1);
      const phash = stored?.phash;
      // A flat picture (every neighbour alike) says nothing about its content: it is never flagged.
      if (!phash || phash === FLAT_PICTURE) return { ...image, sameAs: null };
      const bands = hashBands(phash) as string[];
      const same = (await repo.receiptsSharingABand(db, orderId, bands)).find(
        (other) => other.phash !== null && hashDistance(other.phash, phash) <= SAME_PICTURE_BITS,
      );
      if (same) return { ...image, sameAs: { orderId: same.order_id, code: same.code } };
      const near = await nearReceipt(orderId, stored?.near_hashes?.[0]);
      return { ...image, sameAs: near ? { orderId: near.order_id, code: near.code, near: true } : null };
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
        const courier = await repo.employee(trx, delivererId);
        if (!courier || courier.func !== EMPLOYEE_FUNCS.DELIVERER || courier.blocked) {
          throw badRequest(ORDER_TEXTS.delivererNotCourier);
        }
        if (courier.id === order.deliverer_id) throw conflict(ORDER_TEXTS.delivererSame);
        const at = nextUpdatedAt(order);
        await repo.update(trx, order.id, { deliverer_id: courier.id, updated_at: at });
        await recordAudit(trx, {
          employeeId: actor.employeeId,
          entity: 'order',
          entityId: order.code,
          action: variant === 'fast' ? 'changeFastDeliverer' : 'changeDeliverer',
          changes: { delivererId: { from: order.deliverer_id, to: courier.id } },
        });
      });
      return summaryById(orderId);
    },
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;

/** A new order as the checkout has priced it (integer cents), to be placed by `placeOrder`. */
export interface PlaceOrderInput {
  /** Who places it (the seller): the history and audit rows, the order's attendant, the stock ledger. */
  employeeId: number;
  customerId: number;
  payment: PaymentMethod;
  /** Where the order starts by its payment (initialOrderStatus with the company's Pix setting). */
  initialStatus: OrderStatusKey;
  deliveryType: number;
  fastDelivery: boolean;
  withWarranty: boolean;
  itemsCents: number;
  shippingCents: number;
  fastDeliveryTaxCents: number;
  warrantyCents: number;
  totalCents: number;
  neighborhood: string | null;
  /** 'Troco para' of a cash order, checked by the checkout (at least the total). */
  changeForCents?: number | null;
  delivererId: number | null;
  items: ReadonlyArray<{
    productId: number;
    name: string;
    code: string;
    quantity: number;
    unitPriceCents: number;
    unitCostCents: number;
  }>;
  /** The payment proof that came with the sale, already checked (normalizeOrderPicture): attached at once. */
  receipt?: NormalizedPicture;
  /** The history row's note. */
  note: string;
}

/**
 * Places an order: the workflow's entry (`create`, ORDER_CREATION), in the caller's transaction. Inserts the
 * order in the status it lands in (placedStatus: with the proof, where attaching it leads), its items, takes
 * its goods out of stock through the stock module (STOCK_INSUFFICIENT names every product short of units),
 * stores the proof, and records the event once: one history row and one audit row.
 */
export async function placeOrder(
  trx: Transaction<Database>,
  storage: Storage,
  input: PlaceOrderInput,
): Promise<{ id: number; code: string; status: OrderStatusKey }> {
  const status = placedStatus(input.initialStatus, input.receipt !== undefined);
  const receipt = status !== input.initialStatus ? input.receipt : undefined;
  const order = await repo.insertOrder(trx, {
    customer_id: input.customerId,
    status,
    delivery_type: input.deliveryType,
    fast_delivery: input.fastDelivery,
    with_warranty: input.withWarranty,
    payment_method: input.payment,
    items_total_cents: input.itemsCents,
    shipping_cost_cents: input.shippingCents,
    fast_delivery_tax_cents: input.fastDeliveryTaxCents,
    warranty_cents: input.warrantyCents,
    discount_cents: 0,
    total_cents: input.totalCents,
    neighborhood: input.neighborhood,
    change_for_cents: input.changeForCents ?? null,
    attendant_id: input.employeeId,
    deliverer_id: input.delivererId,
  });
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
    })),
  );
  await moveStock(
    trx,
    { kind: 'SALE', employeeId: input.employeeId, orderId: order.id, note: `Pedido ${order.code}` },
    input.items.map((item) => ({
      productId: item.productId,
      quantityOut: item.quantity,
      unitPriceCents: item.unitPriceCents,
    })),
  );
  const at = new Date();
  if (receipt) {
    const key = await storage.put(trx, IMAGE_FOLDER, receipt.data, receipt.extension);
    await repo.insertImages(trx, order.id, 'RECEIPT', [key], at, receipt.phash, receipt.nearHashes);
  }
  await recordOrderEvent(trx, {
    order,
    status,
    employeeId: input.employeeId,
    action: 'create',
    note: input.note,
    changes: {
      customerId: input.customerId,
      status,
      payment: input.payment,
      typeOfDelivery: input.deliveryType,
      withWarranty: input.withWarranty,
      isFastDelivery: input.fastDelivery,
      items: input.items.map((item) => ({
        productId: item.productId,
        quantity: item.quantity,
        unitPrice: centsToReais(item.unitPriceCents),
      })),
      total: centsToReais(input.totalCents),
      ...(receipt ? { receiptAttached: true } : {}),
    },
    at,
  });
  return { ...order, status };
}

/** A Pix the bank told us of (one entry of its webhook), in our units. */
export interface ReceivedPix {
  endToEndId: string;
  txid: string | null;
  amountCents: number;
  paidAt: Date;
  payer: string | null;
  /** What its refunds (DEVOLVIDO) gave back so far, and when the last settled (null without refunds). */
  refundedCents: number;
  refundedAt: Date | null;
}

/** Which move a received payment makes from where the order waits. */
const PIX_SETTLES: Partial<Record<OrderStatusKey, OrderAction>> = {
  [ORDER_STATUS.PROCESSANDO]: 'confirmPayment',
  [ORDER_STATUS.AGUARDANDO_COMPROVANTE]: 'confirmPix',
  [ORDER_STATUS.AGUARDANDO_APROVACAO]: 'approve',
};

/** Why this Pix cannot pay this order now (undefined: it can). Checked with the order row locked. */
async function pixRefusal(
  trx: Transaction<Database>,
  order: LockedOrder,
  amountCents: number,
): Promise<{ reason: PixUnmatchedReason; message: string } | undefined> {
  if (!PIX_PAYABLE_STATUSES.includes(order.status as OrderStatusKey)) {
    return { reason: 'NOT_WAITING', message: PAYMENT_TEXTS.notWaiting(order.code, orderStatusLabel(order.status)) };
  }
  if (amountCents !== order.total_cents) {
    return {
      reason: 'AMOUNT_MISMATCH',
      message: PAYMENT_TEXTS.amountMismatch(
        formatBRL(centsToReais(amountCents)),
        formatBRL(centsToReais(order.total_cents)),
      ),
    };
  }
  if (await pixRepo.ofOrder(trx, order.id))
    return { reason: 'ALREADY_PAID', message: PAYMENT_TEXTS.alreadyPaid(order.code) };
  return undefined;
}

/**
 * A Pix the bank's webhook told us of, in one transaction: stored once by its E2E id (a replay changes
 * nothing); matched to the order its txid names when that order waits for its payment and the amount is
 * exactly its total (else stored as not identified, with the reason); and, with 'Pix automático' on
 * (`confirm`), the order's payment confirmed through the workflow by the bank. A refund it carries beyond
 * what was recorded marks the payment refunded (`recordPixRefund`). Concurrent deliveries of one E2E id
 * wait on its primary key: one confirmation.
 */
export function receivePix(
  db: DB,
  pix: ReceivedPix,
  confirm: boolean,
): Promise<{ stored: boolean; refunded: boolean }> {
  return db.transaction().execute(async (trx) => {
    const stored = await pixRepo.insertOnce(trx, {
      end_to_end_id: pix.endToEndId,
      txid: pix.txid,
      amount_cents: pix.amountCents,
      paid_at: pix.paidAt,
      payer: pix.payer,
      unmatched_reason: pix.txid ? 'UNKNOWN_TXID' : 'NO_TXID',
    });
    // A Pix given back whole before we heard of it pays nothing: matched (the attendants see it), not confirmed.
    if (stored) await matchReceivedPix(trx, pix, confirm && pix.refundedCents < pix.amountCents);
    const refunded = pix.refundedCents > 0 && (await recordPixRefund(trx, pix));
    return { stored, refunded };
  });
}

/** A Pix just stored: matched to the order its txid names, or kept as not identified with the reason. */
async function matchReceivedPix(trx: Transaction<Database>, pix: ReceivedPix, confirm: boolean): Promise<void> {
  const orderId = pix.txid ? await repo.idByTxid(trx, pix.txid) : undefined;
  const order = orderId === undefined ? undefined : await repo.lockById(trx, orderId);
  if (!order) return;
  const refused = await pixRefusal(trx, order, pix.amountCents);
  if (refused) {
    await pixRepo.unmatched(trx, pix.endToEndId, refused.reason);
    return;
  }
  await pixRepo.match(trx, pix.endToEndId, order.id, null);
  const action = PIX_SETTLES[order.status as OrderStatusKey];
  if (confirm && action) {
    await transition(trx, order, action, 'bank', { note: PAYMENT_TEXTS.confirmedNote(pix.endToEndId) });
  }
}

/**
 * The bank gave (part of) a stored Pix back to its payer (`devolucoes`, DEVOLVIDO): when that is more than
 * was recorded, the Pix keeps the refunded amount and time, and the order it paid gets a line in its
 * history by 'Sistema' (its status stays: the attendants, told by the bell, decide what follows). False
 * when nothing new was refunded (a replay).
 */
async function recordPixRefund(trx: Transaction<Database>, pix: ReceivedPix): Promise<boolean> {
  const row = await pixRepo.lock(trx, pix.endToEndId);
  if (!row || pix.refundedCents <= row.refunded_cents) return false;
  const at = pix.refundedAt ?? new Date();
  await pixRepo.refund(trx, pix.endToEndId, pix.refundedCents, at);
  if (row.order_id === null) return true;
  const order = await repo.lockById(trx, row.order_id);
  if (!order) return true;
  await repo.insertHistory(trx, {
    order_id: order.id,
    status: order.status,
    employee_id: null,
    note: PAYMENT_TEXTS.refundedNote(
      formatBRL(centsToReais(pix.refundedCents)),
      formatBRL(centsToReais(row.amount_cents)),
      row.end_to_end_id,
    ),
    created_at: new Date(),
  });
  await repo.update(trx, order.id, { updated_at: nextUpdatedAt(order) });
  return true;
}

/**
 * An attendant matches a Pix that paid no order to one (the customer typed no txid, or a wrong one): the
 * same checks as the webhook's (the order waits, the exact total, no other Pix), refused with the reason
 * (409); then the order's payment is confirmed by the attendant's move (audited, history naming the E2E id).
 * The same match sent again answers 204 and changes nothing; a Pix matched to another order is 409.
 */
export async function matchPixByHand(db: DB, principal: Principal, endToEndId: string, orderId: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const pix = await pixRepo.lock(trx, endToEndId);
    if (!pix) throw notFound(PAYMENT_TEXTS.pixNotFound);
    if (pix.order_id === orderId) return; // sent again (its answer was lost): done already, nothing changes
    if (pix.order_id !== null) throw conflict(PAYMENT_TEXTS.alreadyMatched, 'PIX_ALREADY_MATCHED');
    if (pix.refunded_cents > 0) throw conflict(PAYMENT_TEXTS.refundedNotMatchable, 'PIX_NOT_MATCHED');
    const order = await repo.lockById(trx, orderId);
    if (!order) throw notFound(PAYMENT_TEXTS.orderNotFound);
    const refused = await pixRefusal(trx, order, pix.amount_cents);
    if (refused) throw conflict(refused.message, 'PIX_NOT_MATCHED', { reason: refused.reason });
    await pixRepo.match(trx, endToEndId, order.id, principal.employeeId);
    const action = PIX_SETTLES[order.status as OrderStatusKey] as OrderAction;
    await transition(
      trx,
      order,
      action,
      { employeeId: principal.employeeId, permissions: principal.permissions, func: principal.func },
      { note: PAYMENT_TEXTS.matchedByHandNote(endToEndId) },
    );
  });
}

/**
 * The Pix the bank confirmed that wait for an employee's click (issue 35 §4, 'Pix automático' off), newest
 * first, at most `cap`, with the order each paid: the bell's `pix_waiting`, as a query the bell reads inside
 * its own statement (issue 36).
 */
export function pixWaitingQuery(db: DB, cap: number) {
  return pixRepo.waiting(db, cap);
}

/** The Pix received, newest first, matched or not (`state`), a page at a time. */
export async function receivedPixPage(db: DB, query: PixReceivedQuery): Promise<PixReceivedList> {
  const { rows, total } = await pixRepo.page(db, query.state, query.page * query.items, query.items);
  return {
    data: rows.map((row) => ({
      endToEndId: row.end_to_end_id,
      txid: row.txid,
      amount: centsToReais(row.amount_cents),
      paidAt: iso(row.paid_at),
      payer: row.payer,
      state: row.order_id === null ? 'unmatched' : 'matched',
      order: row.order_id === null || row.order_code === null ? null : { id: row.order_id, code: row.order_code },
      reason: row.unmatched_reason,
      confirmedAt: row.confirmed_at ? iso(row.confirmed_at) : null,
      receivedAt: iso(row.received_at),
      refunded: centsToReais(row.refunded_cents),
      refundedAt: row.refunded_at ? iso(row.refunded_at) : null,
    })),
    total,
  };
}

/**
 * A courier run takes an order (issue 19): in the caller's transaction, with the order row locked, the
 * order must still wait for a courier (Aguardando motoboy or Entrega imediata); its courier becomes the
 * run's (an audit row when it changes). Refused with the order's code otherwise: the caller's whole
 * assignment rolls back.
 */
export async function assignRunCourier(
  trx: Transaction<Database>,
  orderId: number,
  courierId: number,
  employeeId: number,
  refuse: (code: string) => Error,
): Promise<LockedOrder> {
  const order = await repo.lockById(trx, orderId);
  if (!order) throw notFound(ORDER_TEXTS.notFound);
  if (order.status !== ORDER_STATUS.AGUARDANDO_MOTOBOY && order.status !== ORDER_STATUS.ENTREGA_IMEDIATA) {
    throw refuse(order.code);
  }
  if (order.deliverer_id !== courierId) {
    await repo.update(trx, order.id, { deliverer_id: courierId, updated_at: nextUpdatedAt(order) });
    await recordAudit(trx, {
      employeeId,
      entity: 'order',
      entityId: order.code,
      action: 'assignToRun',
      changes: { delivererId: { from: order.deliverer_id, to: courierId } },
    });
  }
  return order;
}

/**
 * The order an exchange or return is registered on (issue 17 §5), locked for the rest of the caller's
 * transaction (two registrations of one order queue here, so the quantities already back hold); 404
 * unknown.
 */
export async function lockOrderForAdjustment(trx: Transaction<Database>, orderId: number): Promise<LockedOrder> {
  const order = await repo.lockById(trx, orderId);
  if (!order) throw notFound(ORDER_TEXTS.notFound);
  return order;
}

/** Whether the employee is an active courier (function Motoboy, not blocked). */
export async function isActiveCourier(trx: Transaction<Database>, employeeId: number): Promise<boolean> {
  const employee = await repo.employee(trx, employeeId);
  return employee !== undefined && employee.func === EMPLOYEE_FUNCS.DELIVERER && !employee.blocked;
}

/**
 * An exchange or return registered on an order: not a status move, so the history row stays in the order's
 * status and says what came back (`note`); one audit row (`registerExchange` / `registerReturn`).
 */
export async function recordOrderAdjustment(
  trx: Transaction<Database>,
  order: LockedOrder,
  event: {
    employeeId: number | null;
    kind: 'EXCHANGE' | 'RETURN';
    note: string;
    changes: Record<string, unknown>;
    at: Date;
  },
): Promise<void> {
  await repo.insertHistory(trx, {
    order_id: order.id,
    status: order.status,
    employee_id: event.employeeId,
    note: event.note,
    created_at: event.at,
  });
  await recordAudit(trx, {
    employeeId: event.employeeId,
    entity: 'order',
    entityId: order.code,
    action: event.kind === 'EXCHANGE' ? 'registerExchange' : 'registerReturn',
    changes: event.changes,
  });
}
