import { createHash } from 'node:crypto';
import {
  BEFORE_SEPARATION_STATUSES,
  centsToReais,
  DELIVERY_TYPES,
  type DeliveryChoices,
  type DeliveryType,
  formatBRL,
  ORDER_EDIT_TEXTS,
  type OrderEditBody,
  type OrderEditResult,
  type OrderStatusKey,
  orderDiscountChangeable,
  type PaymentMethod,
  paymentMethodWord,
  reaisToCents,
  SELLING_TEXTS,
} from '@backoffice/contract';
import type { DB } from '../../db/database';
import { diff } from '../../lib/audit';
import { badRequest, conflict, notFound } from '../../lib/errors';
import type { Principal } from '../../plugins/auth';
import { pixOfOrder } from '../orders/payment-facts.service';
import {
  claimOrderRequest,
  lockOrder,
  nextUpdatedAt,
  recordOrderNote,
  transition,
  updateOrderFigures,
  writeOrderLines,
} from '../orders/workflow.service';
import { assertPartsCovered, partsHeld, recordRefund } from '../payments/order-payments.service';
import { maxDiscountOf } from '../roles/roles.service';
import { initialOrderStatusFor } from '../settings/settings.service';
import { lockProducts, moveStock } from '../stock/stock.service';
import { levelPriceCents, quote } from './pricing';
import { sellingRepository as repo } from './selling.repository';
import { assertChoices, discountSale } from './selling.service';

/** The command an edit's Idempotency-Key is claimed under (order_move_requests, as the moves and the parts). */
const EDIT_COMMAND = 'editOrder';

/** Thrown inside the transaction to roll a preview (dryRun) back, carrying what it would have done. */
class Preview {
  constructor(readonly result: OrderEditResult) {}
}

/** `cents × numerator / denominator`, rounded half up (a kept discount following its line's quantity). */
function scaled(cents: number, numerator: number, denominator: number): number {
  return Number((BigInt(cents) * BigInt(numerator) * 2n + BigInt(denominator)) / (2n * BigInt(denominator)));
}

/**
 * PATCH /orders/{id} (issue 38 §5, decision 0044): an order changed before separation — its lines, delivery,
 * warranty and discounts — in one transaction with the order locked: which orders may change is decision
 * 0041's rule (`orderDiscountChangeable`, no Pix received) with the payment parts covered (decision 0042);
 * stock moves through the ledger (`moveStock`: SALE rows for units taken, CANCELLATION rows for units given
 * back, a serialized product by count as the checkout holds it); added lines at the customer's level price
 * now, kept lines at their price; the totals by the checkout's `quote` and §3's `applyDiscounts`; one history
 * row and one audit row with before and after.
 */
export function createOrderEditService(db: DB) {
  async function edit(
    principal: Principal,
    orderId: number,
    body: OrderEditBody,
    key: string | undefined,
  ): Promise<OrderEditResult> {
    const dryRun = body.dryRun === true;
    const hash = createHash('sha256').update(JSON.stringify(body)).digest('hex');
    try {
      return await db.transaction().execute(async (trx) => {
        const locked = await lockOrder(trx, orderId);
        const claimed =
          key === undefined || dryRun
            ? true
            : await claimOrderRequest(
                trx,
                { key, employeeId: principal.employeeId, command: EDIT_COMMAND, orderId, hash },
                ORDER_EDIT_TEXTS.keyReused,
              );
        const { order, items } = await repo.orderForEdit(trx, orderId);
        const paid = await partsHeld(trx, orderId);
        const current = {
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
        const answer = (fields: Partial<OrderEditResult> & { changed: boolean; message: string }): OrderEditResult => ({
          orderId,
          code: order.code,
          ...current,
          previousTotal: centsToReais(order.total_cents),
          paid: centsToReais(paid.confirmedCents),
          dryRun,
          replayed: false,
          ...fields,
        });
        // The same request sent again: the order as it is now, nothing done twice.
        if (!claimed) return answer({ changed: false, replayed: true, message: ORDER_EDIT_TEXTS.edited });

        if (!BEFORE_SEPARATION_STATUSES.includes(order.status)) throw conflict(ORDER_EDIT_TEXTS.separated, 'CONFLICT');
        // A repair's bill is the estimate the customer approved (decision 0059): changed only by the repair.
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
        if (await pixOfOrder(trx, orderId)) throw conflict(ORDER_EDIT_TEXTS.pixAlreadyReceived, 'CONFLICT');

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

        // The lines from now on: a kept product keeps its line (price, cost, name); a new one is priced now.
        const wanted = body.items ?? items.map((item) => ({ productId: item.product_id, quantity: item.quantity }));
        if (wanted.length === 0) throw badRequest(ORDER_EDIT_TEXTS.noItems);
        const byProduct = new Map(items.map((item) => [item.product_id, item]));
        const ids = [...new Set([...items.map((item) => item.product_id), ...wanted.map((line) => line.productId)])];
        // The products locked in ascending ids (as moveStock and the checkout take them) before reading them.
        await lockProducts(trx, ids);
        const products = new Map((await repo.productsForEdit(trx, ids)).map((product) => [product.id, product]));
        const lines = wanted.map((line) => {
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
        const itemsCents = lines.reduce((sum, line) => sum + line.unitPriceCents * line.quantity, 0);

        // Discounts: replaced when given (the caller's role maximum, as POST /orders/{id}/discount); else each
        // kept line keeps its discount per unit (a % stays its %), a removed line's goes with it, a new line has none.
        const discountable = lines.map((line) => ({
          productId: line.productId,
          name: line.name,
          valueCents: line.unitPriceCents * line.quantity,
        }));
        const sale =
          body.discounts !== undefined
            ? discountSale(discountable, body.discounts, await maxDiscountOf(trx, principal.employeeId))
            : discountSale(
                discountable,
                {
                  lines: lines.flatMap((line) => {
                    if (!line.kept || line.kept.discount_cents === 0) return [];
                    const cents = scaled(line.kept.discount_cents, line.quantity, line.kept.quantity);
                    return [{ productId: line.productId, kind: 'amount' as const, value: centsToReais(cents) }];
                  }),
                },
                null,
              );

        // Freight and the fast-delivery tax stay as charged while the delivery choice stays; a new choice is
        // priced as the checkout prices it now. The warranty is the customer's % of the goods (kept when neither moves).
        const quoted = quote(itemsCents, customer, choices);
        const sameDelivery =
          choices.typeOfDelivery === order.delivery_type && choices.isFastDelivery === order.fast_delivery;
        const shippingCents = sameDelivery ? order.shipping_cost_cents : quoted.shippingCents;
        const fastDeliveryTaxCents = sameDelivery ? order.fast_delivery_tax_cents : quoted.fastDeliveryTaxCents;
        const warrantyCents = !choices.withWarranty
          ? 0
          : order.with_warranty && itemsCents === order.items_total_cents
            ? order.warranty_cents
            : quoted.warrantyCents;
        const totalCents = itemsCents + shippingCents + fastDeliveryTaxCents + warrantyCents - sale.discountCents;

        if (body.expectedTotal !== undefined && reaisToCents(body.expectedTotal) !== totalCents) {
          throw conflict(SELLING_TEXTS.totalChanged(formatBRL(centsToReais(totalCents))), 'STALE_DATA', {
            total: centsToReais(totalCents),
          });
        }
        // The payment method (decision 0044): only while nothing is paid or waiting to be paid; the order goes
        // where the checkout would place it with the new method (the table's 'changePayment' moves it).
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
        // A pending part that no longer fits: 409; confirmed parts above the new total: a refund to record.
        const refundCents = assertPartsCovered(paid, totalCents);
        const owed = refundCents > 0 ? { refund: centsToReais(refundCents) } : {};

        const after = {
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
          itemsTotal: centsToReais(itemsCents),
          shippingCost: centsToReais(shippingCents),
          fastDeliveryTax: centsToReais(fastDeliveryTaxCents),
          warranty: centsToReais(warrantyCents),
          discount: centsToReais(sale.discountCents),
          total: centsToReais(totalCents),
          payment: method,
          changeFor: changeForCents === null ? null : centsToReais(changeForCents),
          cardOnDelivery,
          statusKey,
        };
        const audited = (figures: typeof current) => ({
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
        });
        const changes = diff(audited(current), audited(after));
        if (Object.keys(changes).length === 0) {
          return answer({ ...after, changed: false, message: ORDER_EDIT_TEXTS.nothingChanged });
        }

        // Stock: units taken (SALE) and given back (CANCELLATION) through the ledger, by the difference per product.
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
        await moveStock(
          trx,
          { kind: 'SALE', employeeId: principal.employeeId, orderId, note },
          taken.map(([productId, d]) => ({ productId, quantityOut: d.quantity, unitPriceCents: d.unitPriceCents })),
        );
        await moveStock(
          trx,
          { kind: 'CANCELLATION', employeeId: principal.employeeId, orderId, note },
          given.map(([productId, d]) => ({ productId, quantityIn: -d.quantity, unitPriceCents: d.unitPriceCents })),
        );
        if (dryRun) throw new Preview(answer({ ...after, ...owed, changed: true, message: ORDER_EDIT_TEXTS.preview }));

        const kept = new Set(lines.map((line) => line.productId));
        await writeOrderLines(trx, orderId, {
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
        await updateOrderFigures(trx, orderId, {
          delivery_type: choices.typeOfDelivery,
          fast_delivery: choices.isFastDelivery,
          with_warranty: choices.withWarranty,
          items_total_cents: itemsCents,
          shipping_cost_cents: shippingCents,
          fast_delivery_tax_cents: fastDeliveryTaxCents,
          warranty_cents: warrantyCents,
          discount_cents: sale.discountCents,
          total_cents: totalCents,
          payment_method: method,
          change_for_cents: changeForCents,
          card_on_delivery: cardOnDelivery,
          ...(deliveryMoved
            ? {
                neighborhood: motoboy ? customer.neighborhood : null,
                deliverer_id: motoboy ? customer.deliverer_id : null,
              }
            : {}),
          updated_at: nextUpdatedAt(locked),
        });
        const said = [
          ...(changes.items ? [`itens ${describeItems(current.items, after.items)}`] : []),
          ...(changes.typeOfDelivery ? [motoboy ? 'entrega por motoboy' : 'retirada na loja'] : []),
          ...(changes.isFastDelivery ? [choices.isFastDelivery ? 'com entrega rápida' : 'sem entrega rápida'] : []),
          ...(changes.withWarranty ? [choices.withWarranty ? 'com garantia' : 'sem garantia'] : []),
          ...(paymentMoved
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
        const historyNote = ORDER_EDIT_TEXTS.historyNote(said);
        if (statusKey !== order.status) {
          // A new method moves the order (the table's 'changePayment'): one event, its history row in the status
          // reached with the edit's words, its audit row with the edit's changes and the status.
          await transition(
            trx,
            locked,
            'changePayment',
            { employeeId: principal.employeeId, permissions: principal.permissions, func: principal.func },
            { to: statusKey, payment: method, note: historyNote, changes },
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
          amountCents: refundCents,
          fromCents: order.total_cents,
          toCents: totalCents,
          employeeId: principal.employeeId,
        });
        return answer({ ...after, ...owed, changed: true, message: ORDER_EDIT_TEXTS.edited });
      });
    } catch (error) {
      if (error instanceof Preview) return error.result;
      throw error;
    }
  }

  return { edit };
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
