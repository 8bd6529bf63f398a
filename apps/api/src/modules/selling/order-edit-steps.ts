import {
  BEFORE_SEPARATION_STATUSES,
  centsToReais,
  DELIVERY_TYPES,
  type DeliveryChoices,
  type DeliveryType,
  type DiscountedSale,
  divideHalfUp,
  formatBRL,
  ORDER_EDIT_TEXTS,
  type OrderEditBody,
  type OrderStatusKey,
  orderDiscountChangeable,
  type PaymentMethod,
  paymentMethodWord,
  reaisToCents,
  SELLING_TEXTS,
} from '@backoffice/contract';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import type { diff } from '../../lib/audit';
import { badRequest, conflict, notFound } from '../../lib/errors';
import type { Principal } from '../../plugins/auth';
import { pixOfOrder } from '../orders/payment-facts.service';
import {
  type LockedOrder,
  nextUpdatedAt,
  recordOrderNote,
  transition,
  updateOrderFigures,
  writeOrderLines,
} from '../orders/workflow.service';
import { type partsHeld, recordRefund } from '../payments/order-payments.service';
import { maxDiscountOf } from '../roles/roles.service';
import { initialOrderStatusFor } from '../settings/settings.service';
import { lockProducts, moveStock } from '../stock/stock.service';
import { assertChoices } from './buyer';
import { levelPriceCents, quote } from './pricing';
import { discountSale } from './sale-discounts';
import { sellingRepository as repo, type SellingCustomerRow } from './selling.repository';

/**
 * The steps of an order's edit (PATCH /orders/{id}, decision 0044), each in the edit's transaction with the
 * order locked, in the order `editOrder` (order-edit.service.ts) takes them.
 */

/** The command an edit's Idempotency-Key is claimed under (order_move_requests, as the moves and the parts). */
export const EDIT_COMMAND = 'editOrder';

type OrderForEdit = Awaited<ReturnType<typeof repo.orderForEdit>>;
export type EditedOrder = OrderForEdit['order'];
export type EditedItem = OrderForEdit['items'][number];
export type PartsHeld = Awaited<ReturnType<typeof partsHeld>>;
/** The audit's before and after of what the edit changed (`diff`). */
export type EditChanges = ReturnType<typeof diff>;

/** The order as it is: its lines, delivery, warranty, figures and payment, as the edit answers them. */
export function currentFigures(order: EditedOrder, items: readonly EditedItem[]) {
  return {
    items: items.map((item) => ({
      productId: item.product_id,
      code: item.product_code,
      name: item.product_name,
      quantity: item.quantity,
      unitPrice: centsToReais(item.unit_price_cents),
      total: centsToReais(item.total_cents),
      discount: centsToReais(item.discount_cents),
      added: false,
    })),
    typeOfDelivery: order.delivery_type,
    isFastDelivery: order.fast_delivery,
    withWarranty: order.with_warranty,
    itemsTotal: centsToReais(order.items_total_cents),
    shippingCost: centsToReais(order.shipping_cost_cents),
    fastDeliveryTax: centsToReais(order.fast_delivery_tax_cents),
    warranty: centsToReais(order.warranty_cents),
    discount: centsToReais(order.discount_cents),
    total: centsToReais(order.total_cents),
    payment: order.payment_method as PaymentMethod,
    changeFor: order.change_for_cents === null ? null : centsToReais(order.change_for_cents),
    cardOnDelivery: order.card_on_delivery,
    statusKey: order.status,
  };
}
export type EditFigures = ReturnType<typeof currentFigures>;

/**
 * Which orders may change (decision 0044): before separation, not a repair's bill (the estimate the customer
 * approved, decision 0059: changed only by the repair), within decision 0041's rule (`orderDiscountChangeable`)
 * and no Pix received.
 */
export async function assertEditable(trx: Transaction<Database>, order: EditedOrder): Promise<void> {
  if (!BEFORE_SEPARATION_STATUSES.includes(order.status)) throw conflict(ORDER_EDIT_TEXTS.separated, 'CONFLICT');
  if (order.repair_id !== null) throw conflict(ORDER_EDIT_TEXTS.repairBill, 'CONFLICT');
  if (
    !orderDiscountChangeable({
      status: order.status,
      paymentMethod: order.payment_method,
      cardOnDelivery: order.card_on_delivery,
    })
  ) {
    throw conflict(ORDER_EDIT_TEXTS.notChangeable, 'CONFLICT');
  }
  if (await pixOfOrder(trx, order.id)) throw conflict(ORDER_EDIT_TEXTS.pixAlreadyReceived, 'CONFLICT');
}

/** The customer (locked to share) and the delivery choices from now on, refused when he cannot have them. */
export async function editChoices(trx: Transaction<Database>, order: EditedOrder, body: OrderEditBody) {
  const customer = await repo.lockCustomer(trx, order.customer_id, 'share');
  if (!customer) throw notFound(SELLING_TEXTS.customerNotFound);
  const typeOfDelivery = (body.typeOfDelivery ?? order.delivery_type) as DeliveryType;
  const motoboy = typeOfDelivery === DELIVERY_TYPES.MOTOBOY;
  const choices: DeliveryChoices = {
    typeOfDelivery,
    withWarranty: body.withWarranty ?? order.with_warranty,
    isFastDelivery: motoboy && (body.isFastDelivery ?? order.fast_delivery),
  };
  assertChoices(customer, choices);
  return { customer, choices };
}

/** The lines from now on: a kept product keeps its line (price, cost, name); a new one is priced now. */
export async function editLines(
  trx: Transaction<Database>,
  items: readonly EditedItem[],
  body: OrderEditBody,
  customer: SellingCustomerRow,
) {
  const wanted = body.items ?? items.map((item) => ({ productId: item.product_id, quantity: item.quantity }));
  if (wanted.length === 0) throw badRequest(ORDER_EDIT_TEXTS.noItems);
  const byProduct = new Map(items.map((item) => [item.product_id, item]));
  const ids = [...new Set([...items.map((item) => item.product_id), ...wanted.map((line) => line.productId)])];
  // The products locked in ascending ids (as moveStock and the checkout take them) before reading them.
  await lockProducts(trx, ids);
  const products = new Map((await repo.productsForEdit(trx, ids)).map((product) => [product.id, product]));
  return wanted.map((line) => {
    const kept = byProduct.get(line.productId);
    const product = products.get(line.productId);
    if (!kept && !product) throw notFound(ORDER_EDIT_TEXTS.productNotFound(line.productId));
    if (product?.archived && (!kept || line.quantity > kept.quantity)) {
      throw conflict(SELLING_TEXTS.productArchived(product.name), 'CONFLICT');
    }
    if (kept) {
      return {
        productId: line.productId,
        kept,
        name: kept.product_name,
        code: kept.product_code,
        quantity: line.quantity,
        unitPriceCents: kept.unit_price_cents,
        unitCostCents: kept.unit_cost_cents,
      };
    }
    const priced = product as NonNullable<typeof product>;
    return {
      productId: line.productId,
      kept: undefined,
      name: priced.name,
      code: priced.code,
      quantity: line.quantity,
      unitPriceCents: levelPriceCents(priced, customer.level),
      unitCostCents: priced.cost_cents,
    };
  });
}
export type EditLine = Awaited<ReturnType<typeof editLines>>[number];

/**
 * Discounts: replaced when given (the caller's role maximum, as POST /orders/{id}/discount); else each kept
 * line keeps its discount per unit (a % stays its %), a removed line's goes with it, a new line has none.
 */
export async function editDiscounts(
  trx: Transaction<Database>,
  principal: Principal,
  lines: readonly EditLine[],
  body: OrderEditBody,
): Promise<DiscountedSale> {
  const discountable = lines.map((line) => ({
    productId: line.productId,
    name: line.name,
    valueCents: line.unitPriceCents * line.quantity,
  }));
  if (body.discounts !== undefined) {
    return discountSale(discountable, body.discounts, await maxDiscountOf(trx, principal.employeeId));
  }
  return discountSale(
    discountable,
    {
      lines: lines.flatMap((line) => {
        if (!line.kept || line.kept.discount_cents === 0) return [];
        // The kept discount follows its line's quantity: cents × quantity ÷ quantity before, half up.
        const cents = divideHalfUp(BigInt(line.kept.discount_cents) * BigInt(line.quantity), line.kept.quantity);
        return [{ productId: line.productId, kind: 'amount' as const, value: centsToReais(cents) }];
      }),
    },
    null,
  );
}

/**
 * The edited order's figures. Freight and the fast-delivery tax stay as charged while the delivery choice
 * stays; a new choice is priced as the checkout prices it now. The warranty is the customer's % of the goods
 * (kept when neither moves). A total other than the screen's `expectedTotal` is 409 STALE_DATA.
 */
export function editTotals(
  order: EditedOrder,
  customer: SellingCustomerRow,
  choices: DeliveryChoices,
  lines: readonly EditLine[],
  sale: DiscountedSale,
  expectedTotal: number | undefined,
) {
  const itemsCents = lines.reduce((sum, line) => sum + line.unitPriceCents * line.quantity, 0);
  const quoted = quote(itemsCents, customer, choices);
  const sameDelivery = choices.typeOfDelivery === order.delivery_type && choices.isFastDelivery === order.fast_delivery;
  const shippingCents = sameDelivery ? order.shipping_cost_cents : quoted.shippingCents;
  const fastDeliveryTaxCents = sameDelivery ? order.fast_delivery_tax_cents : quoted.fastDeliveryTaxCents;
  const warrantyCents = !choices.withWarranty
    ? 0
    : order.with_warranty && itemsCents === order.items_total_cents
      ? order.warranty_cents
      : quoted.warrantyCents;
  const totalCents = itemsCents + shippingCents + fastDeliveryTaxCents + warrantyCents - sale.discountCents;
  if (expectedTotal !== undefined && reaisToCents(expectedTotal) !== totalCents) {
    throw conflict(SELLING_TEXTS.totalChanged(formatBRL(centsToReais(totalCents))), 'STALE_DATA', {
      total: centsToReais(totalCents),
    });
  }
  return { itemsCents, shippingCents, fastDeliveryTaxCents, warrantyCents, totalCents };
}
export type EditTotals = ReturnType<typeof editTotals>;

/**
 * The payment method (decision 0044): only while nothing is paid or waiting to be paid; the order goes where
 * the checkout would place it with the new method (the table's 'changePayment' moves it). 'Troco para' cash
 * only, at least the total.
 */
export async function editPayment(
  trx: Transaction<Database>,
  order: EditedOrder,
  body: OrderEditBody,
  totalCents: number,
  paid: PartsHeld,
) {
  const method = (body.payment ?? order.payment_method) as PaymentMethod;
  const cardOnDelivery = method === 'CARD' && (body.payment === 'CARD' || order.card_on_delivery);
  const paymentMoved = method !== order.payment_method || cardOnDelivery !== order.card_on_delivery;
  const givenChangeFor = body.changeFor;
  if (givenChangeFor != null && method !== 'CASH') throw badRequest(SELLING_TEXTS.changeForCashOnly);
  const changeForCents =
    method !== 'CASH'
      ? null
      : givenChangeFor !== undefined
        ? givenChangeFor === null
          ? null
          : reaisToCents(givenChangeFor)
        : order.payment_method === 'CASH'
          ? order.change_for_cents
          : null;
  if (changeForCents !== null && changeForCents < totalCents) {
    throw badRequest(SELLING_TEXTS.changeForBelowTotal(formatBRL(centsToReais(totalCents))));
  }
  if (paymentMoved && paid.confirmedCents + paid.pendingCents > 0) {
    throw conflict(ORDER_EDIT_TEXTS.paymentAlreadyPaid, 'CONFLICT');
  }
  const statusKey: OrderStatusKey = paymentMoved
    ? await initialOrderStatusFor(trx, method)
    : (order.status as OrderStatusKey);
  return { method, cardOnDelivery, paymentMoved, changeForCents, statusKey };
}
export type EditPayment = Awaited<ReturnType<typeof editPayment>>;

/** The order after the edit, as the edit answers it (the same shape as `currentFigures`). */
export function editedFigures(
  lines: readonly EditLine[],
  sale: DiscountedSale,
  choices: DeliveryChoices,
  totals: EditTotals,
  payment: EditPayment,
): EditFigures {
  return {
    items: lines.map((line, index) => ({
      productId: line.productId,
      code: line.code,
      name: line.name,
      quantity: line.quantity,
      unitPrice: centsToReais(line.unitPriceCents),
      total: centsToReais(line.unitPriceCents * line.quantity),
      discount: centsToReais(sale.lines[index]?.discountCents ?? 0),
      added: !line.kept,
    })),
    typeOfDelivery: choices.typeOfDelivery,
    isFastDelivery: choices.isFastDelivery,
    withWarranty: choices.withWarranty,
    itemsTotal: centsToReais(totals.itemsCents),
    shippingCost: centsToReais(totals.shippingCents),
    fastDeliveryTax: centsToReais(totals.fastDeliveryTaxCents),
    warranty: centsToReais(totals.warrantyCents),
    discount: centsToReais(sale.discountCents),
    total: centsToReais(totals.totalCents),
    payment: payment.method,
    changeFor: payment.changeForCents === null ? null : centsToReais(payment.changeForCents),
    cardOnDelivery: payment.cardOnDelivery,
    statusKey: payment.statusKey,
  };
}

/** What the audit compares before and after (the lines by product, quantity, price and discount). */
export function audited(figures: EditFigures) {
  return {
    items: figures.items.map((item) => ({
      productId: item.productId,
      quantity: item.quantity,
      unitPrice: item.unitPrice,
      ...(item.discount ? { discount: item.discount } : {}),
    })),
    typeOfDelivery: figures.typeOfDelivery,
    isFastDelivery: figures.isFastDelivery,
    withWarranty: figures.withWarranty,
    discount: figures.discount,
    total: figures.total,
    payment: figures.payment,
    changeFor: figures.changeFor,
    cardOnDelivery: figures.cardOnDelivery,
  };
}

/** Stock: units taken (SALE) and given back (CANCELLATION) through the ledger, by the difference per product. */
export async function moveEditStock(
  trx: Transaction<Database>,
  principal: Principal,
  order: EditedOrder,
  items: readonly EditedItem[],
  lines: readonly EditLine[],
): Promise<void> {
  const delta = new Map<number, { quantity: number; unitPriceCents: number }>();
  for (const item of items)
    delta.set(item.product_id, { quantity: -item.quantity, unitPriceCents: item.unit_price_cents });
  for (const line of lines) {
    const was = delta.get(line.productId)?.quantity ?? 0;
    delta.set(line.productId, { quantity: was + line.quantity, unitPriceCents: line.unitPriceCents });
  }
  const note = `Pedido ${order.code} alterado`;
  const taken = [...delta].filter(([, d]) => d.quantity > 0);
  const given = [...delta].filter(([, d]) => d.quantity < 0);
  const context = { employeeId: principal.employeeId, orderId: order.id, note };
  await moveStock(
    trx,
    { kind: 'SALE', ...context },
    taken.map(([productId, d]) => ({ productId, quantityOut: d.quantity, unitPriceCents: d.unitPriceCents })),
  );
  await moveStock(
    trx,
    { kind: 'CANCELLATION', ...context },
    given.map(([productId, d]) => ({ productId, quantityIn: -d.quantity, unitPriceCents: d.unitPriceCents })),
  );
}

/** The order's lines and row written as edited (the courier and neighbourhood follow a new delivery choice). */
export async function writeEdit(
  trx: Transaction<Database>,
  locked: LockedOrder,
  edit: {
    order: EditedOrder;
    items: readonly EditedItem[];
    lines: readonly EditLine[];
    sale: DiscountedSale;
    customer: SellingCustomerRow;
    choices: DeliveryChoices;
    totals: EditTotals;
    payment: EditPayment;
  },
): Promise<void> {
  const { order, items, lines, sale, customer, choices, totals, payment } = edit;
  const kept = new Set(lines.map((line) => line.productId));
  await writeOrderLines(trx, order.id, {
    update: lines.flatMap((line, index) =>
      line.kept
        ? [
            {
              id: line.kept.id,
              quantity: line.quantity,
              totalCents: line.unitPriceCents * line.quantity,
              discountCents: sale.lines[index]?.discountCents ?? 0,
            },
          ]
        : [],
    ),
    remove: items.filter((item) => !kept.has(item.product_id)).map((item) => item.id),
    insert: lines.flatMap((line, index) =>
      line.kept ? [] : [{ ...line, discountCents: sale.lines[index]?.discountCents ?? 0 }],
    ),
  });
  const deliveryMoved = choices.typeOfDelivery !== order.delivery_type;
  const motoboy = choices.typeOfDelivery === DELIVERY_TYPES.MOTOBOY;
  await updateOrderFigures(trx, order.id, {
    delivery_type: choices.typeOfDelivery,
    fast_delivery: choices.isFastDelivery,
    with_warranty: choices.withWarranty,
    items_total_cents: totals.itemsCents,
    shipping_cost_cents: totals.shippingCents,
    fast_delivery_tax_cents: totals.fastDeliveryTaxCents,
    warranty_cents: totals.warrantyCents,
    discount_cents: sale.discountCents,
    total_cents: totals.totalCents,
    payment_method: payment.method,
    change_for_cents: payment.changeForCents,
    card_on_delivery: payment.cardOnDelivery,
    ...(deliveryMoved
      ? {
          neighborhood: motoboy ? customer.neighborhood : null,
          deliverer_id: motoboy ? customer.deliverer_id : null,
        }
      : {}),
    updated_at: nextUpdatedAt(locked),
  });
}

/** The edit in words for the history: what changed, the payment, 'Troco para' and the total. */
function editWords(
  order: EditedOrder,
  changes: EditChanges,
  figures: { before: EditFigures; after: EditFigures; totalCents: number },
  payment: EditPayment,
): string {
  const { before, after, totalCents } = figures;
  const { method, cardOnDelivery, changeForCents } = payment;
  const motoboy = after.typeOfDelivery === DELIVERY_TYPES.MOTOBOY;
  return [
    ...(changes.items ? [`itens ${describeItems(before.items, after.items)}`] : []),
    ...(changes.typeOfDelivery ? [motoboy ? 'entrega por motoboy' : 'retirada na loja'] : []),
    ...(changes.isFastDelivery ? [after.isFastDelivery ? 'com entrega rápida' : 'sem entrega rápida'] : []),
    ...(changes.withWarranty ? [after.withWarranty ? 'com garantia' : 'sem garantia'] : []),
    ...(payment.paymentMoved
      ? [
          ORDER_EDIT_TEXTS.paymentChanged(
            paymentMethodWord(order.payment_method as PaymentMethod, order.card_on_delivery),
            paymentMethodWord(method, cardOnDelivery),
          ),
        ]
      : []),
    ...(changes.changeFor && method === 'CASH'
      ? [changeForCents === null ? 'sem troco' : `troco para ${formatBRL(centsToReais(changeForCents))}`]
      : []),
    ...(changes.total
      ? [`total de ${formatBRL(centsToReais(order.total_cents))} para ${formatBRL(centsToReais(totalCents))}`]
      : []),
  ].join('; ');
}

/**
 * The edit's history and audit: a new method moves the order (the table's 'changePayment': one event, its
 * history row in the status reached with the edit's words, its audit row with the edit's changes and the
 * status); else one history row and one audit row. Then the refund it owes, when it owes one.
 */
export async function recordEdit(
  trx: Transaction<Database>,
  locked: LockedOrder,
  principal: Principal,
  edit: {
    order: EditedOrder;
    changes: EditChanges;
    before: EditFigures;
    after: EditFigures;
    totalCents: number;
    payment: EditPayment;
    refundCents: number;
  },
): Promise<void> {
  const { order, changes, payment, totalCents } = edit;
  const historyNote = ORDER_EDIT_TEXTS.historyNote(editWords(order, changes, edit, payment));
  if (payment.statusKey !== order.status) {
    await transition(
      trx,
      locked,
      'changePayment',
      { employeeId: principal.employeeId, permissions: principal.permissions, func: principal.func },
      { to: payment.statusKey, payment: payment.method, note: historyNote, changes },
    );
  } else {
    await recordOrderNote(trx, locked, {
      employeeId: principal.employeeId,
      note: historyNote,
      at: new Date(),
      audit: { action: EDIT_COMMAND, changes },
    });
  }
  await recordRefund(trx, locked, {
    amountCents: edit.refundCents,
    fromCents: order.total_cents,
    toCents: totalCents,
    employeeId: principal.employeeId,
  });
}

type Line = { productId: number; name: string; quantity: number };

/** The lines' change in words for the history: 'Capa 2 → 3, Cabo removido, Película adicionado (1)'. */
function describeItems(before: readonly Line[], after: readonly Line[]): string {
  const now = new Map(after.map((item) => [item.productId, item]));
  const was = new Set(before.map((item) => item.productId));
  const words: string[] = [];
  for (const item of before) {
    const next = now.get(item.productId);
    if (next === undefined) words.push(`${item.name} removido`);
    else if (next.quantity !== item.quantity) words.push(`${item.name} ${item.quantity} → ${next.quantity}`);
  }
  for (const item of after) if (!was.has(item.productId)) words.push(`${item.name} adicionado (${item.quantity})`);
  return words.join(', ') || 'preços e descontos';
}
