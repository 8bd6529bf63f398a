import {
  type CheckoutCardBody,
  type CheckoutCashBody,
  type CheckoutCreditInput,
  type CheckoutResponse,
  type CheckoutTransferBody,
  centsToReais,
  DELIVERY_TYPES,
  type DeliveryChoices,
  DISCOUNT_APPROVAL_TEXTS,
  formatBRL,
  isPartAmountCents,
  ORDER_PAYMENT_TEXTS,
  ORDER_STATUS,
  type OrderStatusKey,
  type PaymentMethod,
  reaisToCents,
  SELLING_TEXTS,
  WALK_IN_TEXTS,
} from '@backoffice/contract';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/database';
import type { Executor } from '../../db/executor';
import type { Database } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../lib/errors';
import type { Storage } from '../../lib/storage';
import type { Principal } from '../../plugins/auth';
import { decideCreditSale } from '../credit/credit.service';
import { normalizeOrderPicture } from '../orders/workflow.service';
import { checkoutPixPart, recordCheckoutCard, recordCheckoutPixPart } from '../payments/order-payments.service';
import { initialOrderStatusFor } from '../settings/settings.service';
import { lockProducts } from '../stock/stock.service';
import { assertCanBuy, assertChoices, isWalkIn } from './buyer';
import { type CheckoutInput, checkoutHash, checkoutKey, choicesOf, type FrozenSale } from './checkout-input';
import { markApprovalUsed } from './discount-approvals.service';
import { type PlaceOrderInput, placeOrder } from './place-order';
import { priceSale } from './sale-discounts';
import { assertLinesSellable } from './sale-lines';
import { type CartLineRow, sellingRepository as repo, type SellingCustomerRow } from './selling.repository';

/** One checkout attempt inside its transaction: who sells, to whom, what was asked, under which key. */
interface Attempt {
  principal: Principal;
  customer: SellingCustomerRow;
  input: CheckoutInput;
  choices: DeliveryChoices;
  key: string;
  frozen: FrozenSale | undefined;
  /** The transfer's proof, checked and re-encoded before the transaction. */
  receipt: PlaceOrderInput['receipt'];
}

/** The sale priced: its lines at their unit prices, its discounts, its figures and the approval it spends. */
interface PricedSale {
  priced: Array<{ line: CartLineRow; unitCents: number }>;
  sale: { discountCents: number; lines: ReadonlyArray<{ discountCents: number }> };
  figures: Pick<
    FrozenSale['figures'],
    'itemsCents' | 'shippingCents' | 'fastDeliveryTaxCents' | 'warrantyCents' | 'totalCents'
  >;
  approval: Awaited<ReturnType<typeof priceSale>>['approval'];
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
async function withPixPart(executor: Executor, response: CheckoutResponse): Promise<CheckoutResponse> {
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

/** Who may buy with these choices; a note's CPF/CNPJ only for a walk-in (decision 0040). Answers that document. */
function assertSaleAllowed({ customer, choices, input }: Attempt): string | null {
  assertCanBuy(customer);
  assertChoices(customer, choices);
  const noteDocument = input.noteDocument ?? null;
  if (noteDocument !== null && !isWalkIn(customer)) throw badRequest(WALK_IN_TEXTS.noteDocumentOnlyWalkIn);
  return noteDocument;
}

/**
 * The sale's lines with their products locked (lockProducts takes them in ascending ids, as moveStock does)
 * before their prices and stock are read: a frozen sale's own lines (the cart is not touched), else the
 * customer's cart. None, a product gone or archived: refused.
 */
async function lockSaleLines(trx: Transaction<Database>, { customer, frozen }: Attempt): Promise<CartLineRow[]> {
  const productIds = frozen
    ? frozen.lines.map((line) => line.productId)
    : (await repo.cartLines(trx, customer.id)).map((line) => line.product_id);
  if (productIds.length === 0) throw conflict(SELLING_TEXTS.cartEmpty, 'CONFLICT');
  await lockProducts(trx, productIds);
  const lines = frozen ? await repo.productLines(trx, frozen.lines) : await repo.cartLines(trx, customer.id);
  return assertLinesSellable(lines, productIds.length);
}

/** The sale priced: a frozen sale as it was frozen, else at the customer's level now with its discounts. */
async function priceAttempt(trx: Transaction<Database>, attempt: Attempt, lines: CartLineRow[]): Promise<PricedSale> {
  const { principal, customer, choices, input, frozen } = attempt;
  const priced = frozen
    ? { ...frozenFigures(frozen, lines), approval: null }
    : await priceSale(trx, principal, customer, choices, lines, input.discounts, input.discountApprovalId);
  if (input.expectedTotal !== undefined && reaisToCents(input.expectedTotal) !== priced.figures.totalCents) {
    throw conflict(SELLING_TEXTS.totalChanged(formatBRL(centsToReais(priced.figures.totalCents))), 'STALE_DATA', {
      total: centsToReais(priced.figures.totalCents),
    });
  }
  return priced;
}

/**
 * How the total is paid: 'Troco para' (cash only, at least the total), the part of a Pix sale left to a card
 * at the door (less than the total), a card never for R$ 0,00, and whether a card is charged on delivery.
 */
function paymentTerms(input: CheckoutInput, totalCents: number) {
  const changeForCents = input.changeFor === undefined ? null : reaisToCents(input.changeFor);
  if (changeForCents !== null && input.payment !== 'CASH') throw badRequest(SELLING_TEXTS.changeForCashOnly);
  if (changeForCents !== null && changeForCents < totalCents) {
    throw badRequest(SELLING_TEXTS.changeForBelowTotal(formatBRL(centsToReais(totalCents))));
  }
  // A Pix split at the sale (decision 0042's amendment): this much by card at the door, the rest by a Pix part.
  const cardAtDoorCents =
    input.payment === 'PIX' && input.cardOnDeliveryAmount !== undefined
      ? reaisToCents(input.cardOnDeliveryAmount)
      : null;
  if (cardAtDoorCents !== null && cardAtDoorCents >= totalCents) {
    throw badRequest(ORDER_PAYMENT_TEXTS.splitAmountInvalid);
  }
  // A card part, charged now or at the door, is never R$ 0,00 (a sale wholly discounted): the parts' rule.
  if (input.payment === 'CARD' && !isPartAmountCents(totalCents)) {
    throw badRequest(ORDER_PAYMENT_TEXTS.cardTotalZero);
  }
  const cardOnDelivery = (input.payment === 'CARD' && !input.card) || cardAtDoorCents !== null;
  return { changeForCents, cardAtDoorCents, cardOnDelivery };
}

/** The order as the workflow's `create` places it: its figures, delivery, payment and items at their prices. */
function newOrder(
  attempt: Attempt,
  { priced, sale, figures, approval }: PricedSale,
  placing: {
    initialStatus: OrderStatusKey;
    credit: Awaited<ReturnType<typeof decideCreditSale>> | undefined;
    terms: ReturnType<typeof paymentTerms>;
    noteDocument: string | null;
  },
): PlaceOrderInput {
  const { principal, customer, choices, input, receipt } = attempt;
  const { credit, terms } = placing;
  const motoboy = choices.typeOfDelivery === DELIVERY_TYPES.MOTOBOY;
  return {
    employeeId: principal.employeeId,
    customerId: customer.id,
    payment: input.payment,
    initialStatus: placing.initialStatus,
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
    changeForCents: terms.changeForCents,
    noteDocument: placing.noteDocument,
    cardOnDelivery: terms.cardOnDelivery,
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
  };
}

/**
 * What the placed order's payment leaves behind, in its transaction: the approval spent (never twice), a card
 * charged at the counter as its confirmed part for the whole total (decision 0042), a split sale's Pix part
 * (pending, its own txid, paid by the bank's webhook), answered.
 */
async function recordSalePayments(
  trx: Transaction<Database>,
  { principal, input }: Attempt,
  order: { id: number; code: string },
  { approval, figures }: PricedSale,
  cardAtDoorCents: number | null,
) {
  if (approval) await markApprovalUsed(trx, approval.id, order.id);
  if (input.payment === 'CARD' && input.card) {
    await recordCheckoutCard(trx, { id: order.id, totalCents: figures.totalCents }, input.card, principal.employeeId);
  }
  return cardAtDoorCents === null
    ? undefined
    : await recordCheckoutPixPart(
        trx,
        { id: order.id, code: order.code, amountCents: figures.totalCents - cardAtDoorCents },
        principal.employeeId,
      );
}

/**
 * The sale of a claimed attempt, in its transaction: checked, its products locked, priced, placed through the
 * order workflow's `create` (order, items, stock out, proof, history, audit), its payment recorded, the cart
 * emptied (or the quote marked converted) and the attempt completed.
 */
async function placeSale(trx: Transaction<Database>, storage: Storage, attempt: Attempt): Promise<CheckoutResponse> {
  const { customer, input, choices, frozen } = attempt;
  if (frozen) await frozen.claim(trx);
  const noteDocument = assertSaleAllowed(attempt);
  const lines = await lockSaleLines(trx, attempt);
  const priced = await priceAttempt(trx, attempt, lines);
  const { figures } = priced;
  const payment: PaymentMethod = input.payment;
  const terms = paymentTerms(input, figures.totalCents);
  // On credit (issue 40 §1): the customer's plan and limit, under his lock; above it, held for a manager.
  const credit =
    input.payment === 'CREDIT' ? await decideCreditSale(trx, customer.id, input.terms, figures.totalCents) : undefined;
  const initialStatus = credit?.held
    ? ORDER_STATUS.AGUARDANDO_APROVACAO_CREDITO
    : await initialOrderStatusFor(trx, payment);
  const order = await placeOrder(
    trx,
    storage,
    newOrder(attempt, priced, { initialStatus, credit, terms, noteDocument }),
  );
  const pixPart = await recordSalePayments(trx, attempt, order, priced, terms.cardAtDoorCents);
  if (frozen) await frozen.placed(trx, order);
  else await repo.clearCart(trx, customer.id);
  await repo.completeCheckoutRequest(trx, attempt.key, order.id);
  return {
    code: order.code,
    orderId: order.id,
    statusKey: order.status,
    total: centsToReais(figures.totalCents),
    paymentMethod: payment,
    deliveryType: choices.typeOfDelivery,
    ...(terms.cardOnDelivery ? { cardOnDelivery: true } : {}),
    ...(pixPart ? { pixPart } : {}),
    replayed: false,
  } satisfies CheckoutResponse;
}

/**
 * The checkouts (one transaction each: order in its first status, items at the recomputed prices, stock out
 * through `moveStock`, cart emptied, history, audit), made idempotent by the client's key.
 */
export function checkoutUseCases(db: DB, storage: Storage) {
  async function checkout(
    principal: Principal,
    customerId: number,
    input: CheckoutInput,
    headerKey: string | undefined,
    frozen?: FrozenSale,
  ): Promise<CheckoutResponse> {
    const choices = choicesOf(input);
    const key = checkoutKey(headerKey, input.idempotencyKey);
    const hash = checkoutHash(customerId, input, choices, frozen);
    // A retry of a finished attempt answers at once, without touching the proof picture again.
    const earlier = replay(await repo.findCheckoutRequest(db, key), customerId, hash);
    if (earlier) return withPixPart(db, earlier);

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
        return withPixPart(trx, replay(await repo.findCheckoutRequest(trx, key), customerId, hash) as CheckoutResponse);
      }
      return placeSale(trx, storage, { principal, customer, input, choices, key, frozen, receipt });
    });
  }

  return {
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
