import { createHash, randomUUID } from 'node:crypto';
import {
  applyDiscounts,
  buildPixPayload,
  type Cart,
  type CartItem,
  type CartResponse,
  type CheckoutCardBody,
  type CheckoutCashBody,
  type CheckoutCreditInput,
  type CheckoutPixBody,
  type CheckoutResponse,
  type CheckoutTransferBody,
  centsToReais,
  DELIVERY_TYPES,
  type DeliveryChoices,
  DISCOUNT_APPROVAL_TEXTS,
  DISCOUNT_TEXTS,
  DiscountError,
  type DiscountedSale,
  formatBRL,
  formatPercentHundredths,
  isPartAmountCents,
  nextDeliveryDeparture,
  ORDER_PAYMENT_TEXTS,
  ORDER_STATUS,
  type OrderDiscountResponse,
  orderDiscountChangeable,
  type PaymentMethod,
  PIX_NO_TXID,
  type PreCheckoutResponse,
  reaisToCents,
  type SaleDiscounts,
  SELLING_LIMITS,
  SELLING_TEXTS,
  type SellingProduct,
  WALK_IN_TEXTS,
  withinMaximum,
} from '@backoffice/contract';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/database';
import type { Executor } from '../../db/executor';
import type { Database } from '../../db/schema';
import { WALK_IN } from '../../db/schema-columns';
import { diff } from '../../lib/audit';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import type { Storage } from '../../lib/storage';
import type { Principal } from '../../plugins/auth';
import { decideCreditSale } from '../credit/credit.service';
import { pixOfOrder } from '../orders/payment-facts.service';
import { lockOrder, normalizeOrderPicture, recordOrderNote, setOrderDiscount } from '../orders/workflow.service';
import {
  assertPartsCovered,
  checkoutPixPart,
  partsHeld,
  recordCheckoutCard,
  recordCheckoutPixPart,
  recordRefund,
} from '../payments/order-payments.service';
import { productImagesOf } from '../products/products.service';
import { maxDiscountOf } from '../roles/roles.service';
import { deliverySchedule, initialOrderStatusFor, pixReceiver } from '../settings/settings.service';
import { lockProducts } from '../stock/stock.service';
import { approvalOfSale, claimApproval, markApprovalUsed } from './discount-approvals.service';
import { placeOrder } from './place-order';
import { levelPriceCents, quote } from './pricing';

/** Placing an order priced elsewhere (a repair's bill, issue 42 §2): the workflow's entry, in the caller's transaction. */
export { type PlaceOrderInput, placeOrder } from './place-order';
/** The customer's level price of one unit (an exchange's replacement is priced the way the cart is). */
export { levelPriceCents };

import { type CartLineRow, sellingRepository as repo, type SellingCustomerRow } from './selling.repository';

const APPROVED = 'APPROVED';
/** The counter's 'Consumidor final' record (decision 0040). */
export const isWalkIn = (customer: Pick<SellingCustomerRow, 'status'>) => customer.status === WALK_IN;

/** The buyer locked for the rest of the caller's transaction (a checkout's, a quote's): 404 when there is none. */
export async function lockBuyer(trx: Transaction<Database>, customerId: number): Promise<SellingCustomerRow> {
  const customer = await repo.lockCustomer(trx, customerId, 'update');
  if (!customer) throw notFound(SELLING_TEXTS.customerNotFound);
  return customer;
}

/**
 * The lines of a sale not placed yet (a quote saved): `lines` given (each product must exist), else the
 * customer's cart; refused when there is none (`empty`) or one is archived. The cart is left as it is.
 */
export async function saleLines(
  trx: Transaction<Database>,
  customerId: number,
  lines: ReadonlyArray<{ productId: number; quantity: number }> | undefined,
  empty: string,
): Promise<CartLineRow[]> {
  const rows = lines ? await repo.productLines(trx, lines) : await repo.cartLines(trx, customerId);
  if (rows.length === 0) throw conflict(empty, 'CONFLICT');
  if (lines && rows.length !== lines.length) throw notFound(SELLING_TEXTS.productNotFound);
  const archived = rows.filter((line) => line.archived);
  if (archived.length > 0) {
    throw conflict(archived.map((line) => SELLING_TEXTS.productArchived(line.name)).join(' '), 'CONFLICT');
  }
  return rows;
}

/** Empties the customer's cart (it became a quote). */
export const clearCart = (trx: Transaction<Database>, customerId: number) => repo.clearCart(trx, customerId);

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

function stockShortage(line: { product_id: number; code: string; name: string }, available: number, requested: number) {
  return conflict(SELLING_TEXTS.quantityAboveStock(line.name, available), 'STOCK_INSUFFICIENT', {
    products: [{ productId: line.product_id, code: line.code, name: line.name, available, requested }],
  });
}

export function assertCanBuy(customer: SellingCustomerRow): void {
  if (customer.status !== APPROVED && !isWalkIn(customer)) {
    throw conflict(SELLING_TEXTS.customerNotApproved(customer.name), 'CONFLICT', { status: customer.status });
  }
}

/** The checkout's choices, refused (400) when the customer cannot have them: nothing is charged silently. */
export function assertChoices(customer: SellingCustomerRow, choices: DeliveryChoices): void {
  // A walk-in is nobody the courier could find: the sale is taken at the counter (decision 0040).
  if (isWalkIn(customer) && choices.typeOfDelivery !== DELIVERY_TYPES.PICKUP)
    throw badRequest(WALK_IN_TEXTS.pickupOnly);
  if (choices.isFastDelivery && choices.typeOfDelivery !== DELIVERY_TYPES.MOTOBOY) {
    throw badRequest(SELLING_TEXTS.fastDeliveryPickup);
  }
  if (choices.isFastDelivery && customer.fast_delivery_tax_cents <= 0) {
    throw badRequest(SELLING_TEXTS.fastDeliveryUnavailable);
  }
  if (choices.withWarranty && customer.warranty_percentage <= 0) throw badRequest(SELLING_TEXTS.warrantyUnavailable);
}

/** The pre-checkout's choices, with what the customer cannot have turned off (it only shows totals). */
function feasibleChoices(customer: SellingCustomerRow, choices: DeliveryChoices): DeliveryChoices {
  return {
    typeOfDelivery: isWalkIn(customer) ? DELIVERY_TYPES.PICKUP : choices.typeOfDelivery,
    withWarranty: choices.withWarranty && customer.warranty_percentage > 0,
    isFastDelivery:
      choices.isFastDelivery &&
      choices.typeOfDelivery === DELIVERY_TYPES.MOTOBOY &&
      customer.fast_delivery_tax_cents > 0,
  };
}

/**
 * The sale's discounts over its priced lines (the contract's `applyDiscounts`, decision 0041), refused (400)
 * when one cannot apply; `maxHundredths` (the seller's role maximum, null unlimited) refuses (403) above it.
 */
export function discountSale(
  lines: ReadonlyArray<{ productId: number; name: string; valueCents: number }>,
  discounts: SaleDiscounts | undefined,
  maxHundredths: number | null,
): DiscountedSale {
  let sale: DiscountedSale;
  try {
    sale = applyDiscounts(lines, discounts);
  } catch (error) {
    if (error instanceof DiscountError) throw badRequest(error.message);
    throw error;
  }
  if (!withinMaximum(sale, maxHundredths)) throw forbidden(aboveMaximum(maxHundredths));
  return sale;
}

/** 'Desconto acima do máximo …' with the seller's maximum. */
const aboveMaximum = (maxHundredths: number | null) =>
  DISCOUNT_TEXTS.aboveMaximum(formatPercentHundredths(maxHundredths ?? 0));

/**
 * The cart's lines at the customer's level price now, with the sale's discounts: within the seller's maximum, or
 * above it with `approvalId`, an approval covering this very sale (`claimApproval`, else 403); `approval` says
 * who approved it (the caller marks it used with the order).
 */
export async function priceSale(
  trx: Transaction<Database>,
  principal: Principal,
  customer: SellingCustomerRow,
  choices: DeliveryChoices,
  lines: CartLineRow[],
  discounts: SaleDiscounts | undefined,
  /** `discountApprovalId` of the checkout: claimed (checked, locked) only when the discounts pass the maximum. */
  approvalId?: number,
) {
  const priced = lines.map((line) => ({ line, unitCents: levelPriceCents(line, customer.level) }));
  const itemsCents = priced.reduce((sum, p) => sum + p.unitCents * p.line.quantity, 0);
  const quoted = quote(itemsCents, customer, choices);
  // The seller's maximum is read only when there is a discount to weigh (a sale without one passes any).
  const maxHundredths = discounts === undefined ? 0 : await maxDiscountOf(trx, principal.employeeId);
  const sale = discountSale(
    priced.map(({ line, unitCents }) => ({
      productId: line.product_id,
      name: line.name,
      valueCents: unitCents * line.quantity,
    })),
    discounts,
    // Above the seller's maximum, a manager's approval of this very sale lets it through (decision 0045).
    approvalId === undefined ? maxHundredths : null,
  );
  let approval: Awaited<ReturnType<typeof claimApproval>> | null = null;
  if (!withinMaximum(sale, maxHundredths)) {
    approval = await claimApproval(trx, approvalId as number, {
      sellerId: principal.employeeId,
      customerId: customer.id,
      lines: priced.map(({ line, unitCents }) => ({ productId: line.product_id, quantity: line.quantity, unitCents })),
      discounts,
    });
  }
  // The discounts come off the goods; freight, fast delivery and warranty stay as quoted.
  const figures = { ...quoted, totalCents: quoted.totalCents - sale.discountCents };
  return { priced, sale: { discountCents: sale.discountCents, lines: sale.lines }, figures, approval };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The attempt's key, as stored (a UUID): the `Idempotency-Key` header wins over the body's field; a header
 * key that is not a UUID is mapped to one (a UUIDv8 of its SHA-256, so the same key is the same attempt);
 * without any key the request is an attempt of its own (a fresh random key: one request, one order).
 */
export function checkoutKey(header: string | undefined, body: string | undefined): string {
  if (header !== undefined) {
    if (UUID.test(header)) return header.toLowerCase();
    const hex = sha256(`idempotency-key:${header}`);
    const variant = ((Number.parseInt(hex.charAt(16), 16) & 0x3) | 0x8).toString(16);
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
  }
  return (body ?? randomUUID()).toLowerCase();
}

/**
 * A sale whose prices were frozen earlier (a quote, decision 0043): its lines (product, quantity, unit price and
 * discount in cents, in order) and its figures are charged as they are, whatever the list prices say now; the
 * stock is checked and moved as in any checkout. `claim` runs in the checkout's transaction before anything is
 * read (it locks and checks the quote); `placed` after the order is placed (it marks the quote converted).
 */
export interface FrozenSale {
  /** Joins the idempotency hash: the same key for another quote is refused. */
  tag: string;
  lines: ReadonlyArray<{ productId: number; quantity: number; unitCents: number; discountCents: number }>;
  figures: {
    itemsCents: number;
    shippingCents: number;
    fastDeliveryTaxCents: number;
    warrantyCents: number;
    discountCents: number;
    totalCents: number;
  };
  claim: (trx: Transaction<Database>) => Promise<void>;
  placed: (trx: Transaction<Database>, order: { id: number; code: string }) => Promise<void>;
}

export type CheckoutInput =
  | (CheckoutCashBody & { payment: 'CASH' })
  | (CheckoutPixBody & { payment: 'PIX' })
  | (CheckoutCardBody & { payment: 'CARD' })
  | (CheckoutTransferBody & { payment: 'BANK_TRANSFER' })
  | (CheckoutCreditInput & { payment: 'CREDIT' });

/**
 * Internal selling: product search at the customer's level price, the server-side cart, pre-checkout
 * totals (section 4's rule, integer cents) and the cash and transfer checkouts (one transaction each:
 * order in its first status, items at the recomputed prices, stock out through `moveStock`, cart emptied,
 * history, audit), made idempotent by the client's key.
 */
export function createSellingService(db: DB, storage: Storage) {
  async function imagesByProduct(executor: Executor, ids: number[]): Promise<Map<number, string[]>> {
    const images = await productImagesOf(executor, ids);
    const byProduct = new Map<number, string[]>();
    for (const image of images) {
      const list = byProduct.get(image.product_id) ?? [];
      list.push(storage.url(image.path));
      byProduct.set(image.product_id, list);
    }
    return byProduct;
  }

  async function customerById(executor: Executor, id: number): Promise<SellingCustomerRow> {
    const customer = await repo.findCustomer(executor, id);
    if (!customer) throw notFound(SELLING_TEXTS.customerNotFound);
    return customer;
  }

  /** The cart priced at the customer's level now, in cents and as the API answers it. */
  async function cartOf(executor: Executor, customer: SellingCustomerRow, lines?: CartLineRow[]) {
    const rows = lines ?? (await repo.cartLines(executor, customer.id));
    const images = await imagesByProduct(
      executor,
      rows.map((row) => row.product_id),
    );
    let itemsCents = 0;
    const items: CartItem[] = rows.map((row) => {
      const unitCents = levelPriceCents(row, customer.level);
      const totalCents = unitCents * row.quantity;
      itemsCents += totalCents;
      return {
        productId: row.product_id,
        code: row.code,
        name: row.name,
        imageUrls: images.get(row.product_id) ?? [],
        quantity: row.quantity,
        unitPrice: centsToReais(unitCents),
        totalPrice: centsToReais(totalCents),
        stock: row.stock,
        archived: row.archived,
      };
    });
    const withWarranty = quote(itemsCents, customer, {
      typeOfDelivery: DELIVERY_TYPES.PICKUP,
      withWarranty: true,
      isFastDelivery: false,
    });
    const cart: Cart = {
      customerId: customer.id,
      items,
      totalAmount: centsToReais(itemsCents),
      totalAmountWarranty: centsToReais(withWarranty.totalWithWarrantyCents),
    };
    return { cart, itemsCents };
  }

  /** The shop's static BR Code for `amountCents` (txid '***'), or null when it cannot be made. */
  async function pixFor(amountCents: number): Promise<PreCheckoutResponse['pix']> {
    if (amountCents <= 0) return null;
    const { key, merchantName, merchantCity } = await pixReceiver(db);
    if (!key || !merchantName || !merchantCity) return null;
    try {
      const payload = buildPixPayload({
        key,
        merchantName,
        merchantCity,
        amountCents,
        txid: PIX_NO_TXID,
      });
      return { payload, amount: centsToReais(amountCents) };
    } catch {
      return null;
    }
  }

  function replay(
    request: Awaited<ReturnType<typeof repo.findCheckoutRequest>>,
    customerId: number,
    hash: string,
  ): CheckoutResponse | undefined {
    if (!request) return undefined;
    if (request.customer_id !== customerId || request.request_hash !== hash || request.order_id === null) {
      throw conflict(SELLING_TEXTS.idempotencyKeyReused, 'CONFLICT');
    }
    return {
      code: request.code as string,
      orderId: request.order_id,
      statusKey: request.status as number,
      total: centsToReais(request.total_cents ?? 0),
      ...(request.payment_method ? { paymentMethod: request.payment_method } : {}),
      ...(request.delivery_type ? { deliveryType: request.delivery_type } : {}),
      ...(request.card_on_delivery ? { cardOnDelivery: true } : {}),
      replayed: true,
    };
  }

  /** A split Pix sale's answer, replayed: its Pix part as it is now (the payload while it waits). */
  async function withPixPart(response: CheckoutResponse, executor: Executor = db): Promise<CheckoutResponse> {
    if (!response.cardOnDelivery || response.paymentMethod !== 'PIX') return response;
    const pixPart = await checkoutPixPart(executor, response.orderId);
    return pixPart ? { ...response, pixPart } : response;
  }

  /** A frozen sale's lines and figures as they were frozen (the products' current rows give cost and stock). */
  function frozenFigures(frozen: FrozenSale, lines: CartLineRow[]) {
    const priced = lines.map((line, index) => ({ line, unitCents: frozen.lines[index]?.unitCents ?? 0 }));
    const sale = {
      discountCents: frozen.figures.discountCents,
      lines: frozen.lines.map((line) => ({ discountCents: line.discountCents })),
    };
    return { priced, sale, figures: frozen.figures };
  }

  async function checkout(
    principal: Principal,
    customerId: number,
    input: CheckoutInput,
    headerKey: string | undefined,
    frozen?: FrozenSale,
  ): Promise<CheckoutResponse> {
    const choices: DeliveryChoices = {
      typeOfDelivery: input.typeOfDelivery,
      withWarranty: input.withWarranty,
      isFastDelivery: input.isFastDelivery,
    };
    const key = checkoutKey(headerKey, input.idempotencyKey);
    const hash = sha256(
      JSON.stringify({
        customerId,
        payment: input.payment,
        ...choices,
        expectedTotal: input.expectedTotal ?? null,
        receipt: input.payment === 'BANK_TRANSFER' ? sha256(input.receipt) : null,
        // Only for a card: the other checkouts hash as they did before cards existed.
        ...(input.payment === 'CARD' ? { card: input.card ?? null } : {}),
        // Only when given: a request without it hashes as it did before 'Troco para' existed.
        ...(input.changeFor === undefined ? {} : { changeFor: input.changeFor }),
        ...(input.noteDocument ? { noteDocument: input.noteDocument } : {}),
        ...(input.discounts === undefined ? {} : { discounts: input.discounts }),
        ...(input.payment === 'PIX' && input.cardOnDeliveryAmount !== undefined
          ? { cardOnDeliveryAmount: input.cardOnDeliveryAmount }
          : {}),
        ...(input.discountApprovalId === undefined ? {} : { discountApprovalId: input.discountApprovalId }),
        ...(input.payment === 'CREDIT' ? { terms: input.terms } : {}),
        ...(frozen ? { frozen: frozen.tag } : {}),
      }),
    );
    // A retry of a finished attempt answers at once, without touching the proof picture again.
    const earlier = replay(await repo.findCheckoutRequest(db, key), customerId, hash);
    if (earlier) return withPixPart(earlier);

    // The proof is checked and re-encoded before the transaction (sharp is slow), stored in it.
    const receipt = input.payment === 'BANK_TRANSFER' ? await normalizeOrderPicture(input.receipt, 'proof') : undefined;
    return db.transaction().execute(async (trx) => {
      // The customer first (a checkout of theirs at the same moment queues here), then the attempt.
      const customer = await repo.lockCustomer(trx, customerId, 'update');
      if (!customer) throw notFound(SELLING_TEXTS.customerNotFound);
      const claimed = await repo.claimCheckoutRequest(trx, {
        idempotency_key: key,
        customer_id: customerId,
        employee_id: principal.employeeId,
        request_hash: hash,
      });
      // The same attempt already ran (possibly at this very moment: this request waited for it).
      if (!claimed) {
        return withPixPart(replay(await repo.findCheckoutRequest(trx, key), customerId, hash) as CheckoutResponse, trx);
      }

      if (frozen) await frozen.claim(trx);
      assertCanBuy(customer);
      assertChoices(customer, choices);
      const noteDocument = input.noteDocument ?? null;
      if (noteDocument !== null && !isWalkIn(customer)) throw badRequest(WALK_IN_TEXTS.noteDocumentOnlyWalkIn);

      // Lock the cart's products (lockProducts takes them in ascending ids, as moveStock does) before reading their
      // prices and stock.
      // A frozen sale's lines are its own (the cart is not touched); else the customer's cart.
      const productIds = frozen
        ? frozen.lines.map((line) => line.productId)
        : (await repo.cartLines(trx, customerId)).map((line) => line.product_id);
      if (productIds.length === 0) throw conflict(SELLING_TEXTS.cartEmpty, 'CONFLICT');
      await lockProducts(trx, productIds);
      const lines = frozen ? await repo.productLines(trx, frozen.lines) : await repo.cartLines(trx, customerId);
      if (lines.length !== productIds.length) throw notFound(SELLING_TEXTS.productNotFound);
      const archived = lines.filter((line) => line.archived);
      if (archived.length > 0) {
        throw conflict(archived.map((line) => SELLING_TEXTS.productArchived(line.name)).join(' '), 'CONFLICT', {
          productIds: archived.map((line) => line.product_id),
        });
      }
      const { priced, sale, figures, approval } = frozen
        ? { ...frozenFigures(frozen, lines), approval: null }
        : await priceSale(trx, principal, customer, choices, lines, input.discounts, input.discountApprovalId);
      if (input.expectedTotal !== undefined && reaisToCents(input.expectedTotal) !== figures.totalCents) {
        throw conflict(SELLING_TEXTS.totalChanged(formatBRL(centsToReais(figures.totalCents))), 'STALE_DATA', {
          total: centsToReais(figures.totalCents),
        });
      }

      const payment: PaymentMethod = input.payment;
      const changeForCents = input.changeFor === undefined ? null : reaisToCents(input.changeFor);
      if (changeForCents !== null && payment !== 'CASH') throw badRequest(SELLING_TEXTS.changeForCashOnly);
      if (changeForCents !== null && changeForCents < figures.totalCents) {
        throw badRequest(SELLING_TEXTS.changeForBelowTotal(formatBRL(centsToReais(figures.totalCents))));
      }
      // A Pix split at the sale (decision 0042's amendment): this much by card at the door, the rest by a Pix part.
      const cardAtDoorCents =
        input.payment === 'PIX' && input.cardOnDeliveryAmount !== undefined
          ? reaisToCents(input.cardOnDeliveryAmount)
          : null;
      if (cardAtDoorCents !== null && cardAtDoorCents >= figures.totalCents) {
        throw badRequest(ORDER_PAYMENT_TEXTS.splitAmountInvalid);
      }
      // A card part, charged now or at the door, is never R$ 0,00 (a sale wholly discounted): the parts' rule.
      if (input.payment === 'CARD' && !isPartAmountCents(figures.totalCents)) {
        throw badRequest(ORDER_PAYMENT_TEXTS.cardTotalZero);
      }
      const cardOnDelivery = (input.payment === 'CARD' && !input.card) || cardAtDoorCents !== null;
      // On credit (issue 40 §1): the customer's plan and limit, under his lock; above it, held for a manager.
      const credit =
        input.payment === 'CREDIT'
          ? await decideCreditSale(trx, customer.id, input.terms, figures.totalCents)
          : undefined;
      const motoboy = choices.typeOfDelivery === DELIVERY_TYPES.MOTOBOY;
      // Placed through the order workflow's `create`: order, items, stock out, proof, history, audit.
      const order = await placeOrder(trx, storage, {
        employeeId: principal.employeeId,
        customerId: customer.id,
        payment,
        initialStatus: credit?.held
          ? ORDER_STATUS.AGUARDANDO_APROVACAO_CREDITO
          : await initialOrderStatusFor(trx, payment),
        creditTerms: credit?.terms ?? null,
        deliveryType: choices.typeOfDelivery,
        fastDelivery: motoboy && choices.isFastDelivery,
        withWarranty: choices.withWarranty,
        itemsCents: figures.itemsCents,
        shippingCents: figures.shippingCents,
        fastDeliveryTaxCents: figures.fastDeliveryTaxCents,
        warrantyCents: figures.warrantyCents,
        discountCents: sale.discountCents,
        totalCents: figures.totalCents,
        neighborhood: motoboy ? customer.neighborhood : null,
        changeForCents,
        noteDocument,
        cardOnDelivery,
        delivererId: motoboy ? customer.deliverer_id : null,
        items: priced.map(({ line, unitCents }, index) => ({
          productId: line.product_id,
          name: line.name,
          code: line.code,
          quantity: line.quantity,
          unitPriceCents: unitCents,
          unitCostCents: line.cost_cents,
          discountCents: sale.lines[index]?.discountCents ?? 0,
        })),
        receipt,
        note: [
          SELLING_TEXTS.historyNote,
          approval ? DISCOUNT_APPROVAL_TEXTS.historyNote(approval.approverName) : null,
          credit?.note ?? null,
        ]
          .filter(Boolean)
          .join(' '),
        ...(approval ? { discountApproval: { id: approval.id, approvedBy: approval.approverName } } : {}),
      });
      // The approval is spent with the order (the same transaction): never twice.
      if (approval) await markApprovalUsed(trx, approval.id, order.id);
      // A card charged at the counter: its part, confirmed, for the whole total (decision 0042).
      if (input.payment === 'CARD' && input.card) {
        await recordCheckoutCard(
          trx,
          { id: order.id, totalCents: figures.totalCents },
          input.card,
          principal.employeeId,
        );
      }
      // The Pix part of a split sale: pending, its own txid, paid by the bank's webhook.
      const pixPart =
        cardAtDoorCents === null
          ? undefined
          : await recordCheckoutPixPart(
              trx,
              { id: order.id, code: order.code, amountCents: figures.totalCents - cardAtDoorCents },
              principal.employeeId,
            );
      if (frozen) await frozen.placed(trx, order);
      else await repo.clearCart(trx, customer.id);
      await repo.completeCheckoutRequest(trx, key, order.id);
      return {
        code: order.code,
        orderId: order.id,
        statusKey: order.status,
        total: centsToReais(figures.totalCents),
        paymentMethod: payment,
        deliveryType: choices.typeOfDelivery,
        ...(cardOnDelivery ? { cardOnDelivery: true } : {}),
        ...(pixPart ? { pixPart } : {}),
        replayed: false,
      } satisfies CheckoutResponse;
    });
  }

  return {
    /**
     * POST /orders/{id}/discount (issue 38 §3): the order's discounts from now on, while it may still change
     * (`orderDiscountChangeable` of the contract, no Pix received), within the caller's role maximum; the items' discounts, the
     * order's discount and total recomputed in one transaction, audited with before and after (each item's share follows the
     * contract's rule, not audited apart). The order's
     * Pix BR Code is made from its total when asked (GET /orders/pix/{orderId}): it follows.
     */
    async changeDiscount(
      principal: Principal,
      orderId: number,
      discounts: SaleDiscounts,
    ): Promise<OrderDiscountResponse> {
      return db.transaction().execute(async (trx) => {
        const locked = await lockOrder(trx, orderId);
        const { order, items } = await repo.orderForDiscount(trx, orderId);
        if (
          !orderDiscountChangeable({
            status: order.status,
            paymentMethod: order.payment_method,
            cardOnDelivery: order.card_on_delivery,
          })
        )
          throw conflict(DISCOUNT_TEXTS.orderNotChangeable, 'CONFLICT');
        if (await pixOfOrder(trx, orderId)) throw conflict(DISCOUNT_TEXTS.pixAlreadyReceived, 'CONFLICT');
        const sale = discountSale(
          items.map((item) => ({ productId: item.product_id, name: item.product_name, valueCents: item.total_cents })),
          discounts,
          await maxDiscountOf(trx, principal.employeeId),
        );
        const totalCents =
          order.items_total_cents +
          order.shipping_cost_cents +
          order.fast_delivery_tax_cents +
          order.warranty_cents -
          sale.discountCents;
        if (order.change_for_cents !== null && order.change_for_cents < totalCents) {
          throw badRequest(SELLING_TEXTS.changeForBelowTotal(formatBRL(centsToReais(totalCents))));
        }
        // A pending part that no longer fits: 409; confirmed parts above the new total: a refund (decision 0044).
        const refundCents = assertPartsCovered(await partsHeld(trx, orderId), totalCents);
        await setOrderDiscount(trx, orderId, {
          discountCents: sale.discountCents,
          totalCents,
          items: items.map((item, index) => ({ id: item.id, discountCents: sale.lines[index]?.discountCents ?? 0 })),
        });
        // Its history row and audit (by the order's code, as every order's), `updated_at` moved: the screens see it.
        await recordOrderNote(trx, locked, {
          employeeId: principal.employeeId,
          note: DISCOUNT_TEXTS.historyNote(
            formatBRL(centsToReais(order.discount_cents)),
            formatBRL(centsToReais(sale.discountCents)),
            formatBRL(centsToReais(totalCents)),
          ),
          at: new Date(),
          touch: true,
          audit: {
            action: 'changeDiscount',
            changes: diff(
              { discount: centsToReais(order.discount_cents), total: centsToReais(order.total_cents) },
              { discount: centsToReais(sale.discountCents), total: centsToReais(totalCents) },
            ),
          },
        });
        await recordRefund(trx, locked, {
          amountCents: refundCents,
          fromCents: order.total_cents,
          toCents: totalCents,
          employeeId: principal.employeeId,
        });
        return {
          orderId,
          code: order.code,
          discount: centsToReais(sale.discountCents),
          total: centsToReais(totalCents),
          ...(refundCents > 0 ? { refund: centsToReais(refundCents) } : {}),
          message: DISCOUNT_TEXTS.changed,
        };
      });
    },

    /** Active products matching every word, at the customer's level price, in stock first (at most 50). */
    async searchProducts(search: string, email: string): Promise<SellingProduct[]> {
      const customer = await repo.findCustomerByEmail(db, email);
      if (!customer) throw notFound(SELLING_TEXTS.customerNotFound);
      const rows = await repo.searchProducts(db, search, SELLING_LIMITS.searchResults);
      const images = await imagesByProduct(
        db,
        rows.map((row) => row.id),
      );
      return rows.map((row) => ({
        productId: row.id,
        code: row.code,
        name: row.name,
        brand: row.brand,
        reference: row.reference,
        imagesUrl: images.get(row.id) ?? [],
        priceDiscounted: centsToReais(levelPriceCents(row, customer.level)),
        stock: row.stock,
      }));
    },

    /** The cart and its totals for the given choices (what the customer cannot have is turned off). */
    /** `sellerId`: whose role maximum the discounts are checked against (absent: not checked, not answered). */
    async preCheckout(
      customerId: number,
      requested: DeliveryChoices & { discounts?: SaleDiscounts },
      now = new Date(),
      sellerId?: number,
    ): Promise<PreCheckoutResponse> {
      const customer = await customerById(db, customerId);
      const choices = feasibleChoices(customer, requested);
      const { cart, itemsCents } = await cartOf(db, customer);
      const quoted = quote(itemsCents, customer, choices);
      const maxHundredths = sellerId === undefined ? null : await maxDiscountOf(db, sellerId);
      let discounts: PreCheckoutResponse['discounts'];
      let discountCents = 0;
      if (requested.discounts !== undefined) {
        const lines = cart.items.map((item) => ({
          productId: item.productId,
          name: item.name,
          valueCents: reaisToCents(item.totalPrice),
        }));
        // What checkout would refuse is said, not thrown: the totals still show (without the discounts).
        let refusal: string | null = null;
        let overMaximum = false;
        let sale: DiscountedSale | null = null;
        try {
          sale = applyDiscounts(lines, requested.discounts);
        } catch (error) {
          if (!(error instanceof DiscountError)) throw error;
          refusal = error.message;
        }
        if (sale && !withinMaximum(sale, maxHundredths)) {
          refusal = aboveMaximum(maxHundredths);
          overMaximum = true;
        }
        // Decision 0045: the seller's newest approval request for the customer; one covering this sale lifts the refusal.
        const approval =
          sellerId === undefined
            ? undefined
            : await approvalOfSale(
                db,
                {
                  sellerId,
                  customerId: customer.id,
                  lines: cart.items.map((item) => ({
                    productId: item.productId,
                    quantity: item.quantity,
                    unitCents: reaisToCents(item.unitPrice),
                  })),
                  discounts: requested.discounts,
                },
                now,
              );
        if (refusal !== null && sale && approval?.covers) refusal = null;
        discountCents = refusal === null && sale ? sale.discountCents : 0;
        discounts = {
          lines: (sale?.lines ?? []).map((line) => ({
            productId: line.productId,
            discount: centsToReais(line.discountCents),
          })),
          linesDiscount: centsToReais(sale?.linesDiscountCents ?? 0),
          orderDiscount: centsToReais(sale?.orderDiscountCents ?? 0),
          discount: centsToReais(sale?.discountCents ?? 0),
          refusal,
          ...(refusal !== null && overMaximum ? { aboveMaximum: true } : {}),
          // Only when there is one: the answers without any request stay as they were.
          ...(approval ? { approval } : {}),
        };
      }
      const figures = {
        ...quoted,
        totalCents: quoted.totalCents - discountCents,
        totalWithWarrantyCents: quoted.totalWithWarrantyCents - discountCents,
      };
      return {
        cart,
        customer: {
          id: customer.id,
          name: customer.name,
          email: customer.email,
          level: customer.level,
          canBuy: customer.status === APPROVED || isWalkIn(customer),
          ...(isWalkIn(customer) ? { walkIn: true } : {}),
        },
        choices,
        shippingCost: centsToReais(customer.shipping_cost_cents),
        hasWarranty: customer.warranty_percentage > 0,
        warrantyPercentage: customer.warranty_percentage,
        warrantyAmount: centsToReais(quoted.totalWithWarrantyCents - quoted.itemsCents - quoted.deliveryChargeCents),
        fastDeliveryEnabled: customer.fast_delivery_tax_cents > 0,
        fastDeliveryTax: centsToReais(customer.fast_delivery_tax_cents),
        deliveryCharge: centsToReais(figures.deliveryChargeCents),
        total: centsToReais(figures.totalCents),
        totalWithWarranty: centsToReais(figures.totalWithWarrantyCents),
        pix: cart.items.length > 0 ? await pixFor(figures.totalCents) : null,
        // The shop's departures (Configurações; section 9's by default).
        nextDeparture:
          choices.typeOfDelivery === DELIVERY_TYPES.MOTOBOY
            ? nextDeliveryDeparture(now, await deliverySchedule(db)).toISOString()
            : null,
        ...(discounts ? { discounts } : {}),
        ...(sellerId === undefined
          ? {}
          : { maxDiscountPercentage: maxHundredths === null ? null : maxHundredths / 100 }),
      };
    },

    /** Adds units of a product (the line's new quantity must not pass the stock). */
    async addToCart(customerId: number, productId: number, quantity: number): Promise<CartResponse> {
      return db.transaction().execute(async (trx) => {
        const customer = await repo.lockCustomer(trx, customerId, 'share');
        if (!customer) throw notFound(SELLING_TEXTS.customerNotFound);
        assertCanBuy(customer);
        const product = await repo.findProduct(trx, productId);
        if (!product) throw notFound(SELLING_TEXTS.productNotFound);
        if (product.archived) throw conflict(SELLING_TEXTS.productArchived(product.name), 'CONFLICT');
        const existing = await repo.findCartLine(trx, customerId, productId);
        if (!existing && (await repo.countCartLines(trx, customerId)) >= SELLING_LIMITS.maxCartItems) {
          throw conflict(SELLING_TEXTS.tooManyItems, 'CONFLICT');
        }
        const newQuantity = await repo.addToCart(trx, customerId, productId, quantity);
        if (newQuantity > product.stock) {
          throw stockShortage(
            { product_id: product.id, code: product.code, name: product.name },
            product.stock,
            newQuantity,
          );
        }
        const { cart } = await cartOf(trx, customer);
        return { message: SELLING_TEXTS.productAdded, cart };
      });
    },

    /** Sets a line's quantity; 0 removes it (removing a line already gone changes nothing). */
    async changeCart(customerId: number, productId: number, newQuantity: number): Promise<CartResponse> {
      return db.transaction().execute(async (trx) => {
        const customer = await repo.lockCustomer(trx, customerId, 'share');
        if (!customer) throw notFound(SELLING_TEXTS.customerNotFound);
        if (newQuantity === 0) {
          await repo.removeFromCart(trx, customerId, productId);
          const { cart } = await cartOf(trx, customer);
          return { message: SELLING_TEXTS.productRemoved, cart };
        }
        const product = await repo.findProduct(trx, productId);
        if (!product) throw notFound(SELLING_TEXTS.productNotFound);
        if (!(await repo.findCartLine(trx, customerId, productId))) throw notFound(SELLING_TEXTS.notInCart);
        if (product.archived) throw conflict(SELLING_TEXTS.productArchived(product.name), 'CONFLICT');
        if (newQuantity > product.stock) {
          throw stockShortage(
            { product_id: product.id, code: product.code, name: product.name },
            product.stock,
            newQuantity,
          );
        }
        await repo.setCartQuantity(trx, customerId, productId, newQuantity);
        const { cart } = await cartOf(trx, customer);
        return { message: SELLING_TEXTS.cartChanged, cart };
      });
    },

    /** `headerKey`: the `Idempotency-Key` header, which wins over the body's `idempotencyKey`. */
    checkoutCash: (principal: Principal, customerId: number, body: CheckoutCashBody, headerKey?: string) =>
      checkout(principal, customerId, { ...body, payment: 'CASH' }, headerKey),
    /** The order's own Pix: it waits for its payment (PROCESSANDO with 'Pix automático', else AGUARDANDO_COMPROVANTE). */
    checkoutPix: (principal: Principal, customerId: number, body: CheckoutCashBody, headerKey?: string) =>
      checkout(principal, customerId, { ...body, payment: 'PIX' }, headerKey),
    /** A card: at the counter with the machine's receipt (paid with the sale), or on delivery ('Levar maquininha'). */
    checkoutCard: (principal: Principal, customerId: number, body: CheckoutCardBody, headerKey?: string) =>
      checkout(principal, customerId, { ...body, payment: 'CARD' }, headerKey),
    /** A frozen sale (a quote's conversion, decision 0043) through the same checkout: cash, Pix or card. */
    checkoutFrozen: (
      principal: Principal,
      customerId: number,
      input: CheckoutInput,
      headerKey: string | undefined,
      frozen: FrozenSale,
    ) => checkout(principal, customerId, input, headerKey, frozen),
    checkoutTransfer: (principal: Principal, customerId: number, body: CheckoutTransferBody, headerKey?: string) =>
      checkout(principal, customerId, { ...body, payment: 'BANK_TRANSFER' }, headerKey),
    /** On credit (issue 40 §1): one of the customer's plans; within his limit to the stocker, else held for approval. */
    checkoutCredit: (principal: Principal, customerId: number, body: CheckoutCreditInput, headerKey?: string) =>
      checkout(principal, customerId, { ...body, payment: 'CREDIT' }, headerKey),
  };
}

export type SellingService = ReturnType<typeof createSellingService>;
