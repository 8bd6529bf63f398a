import { centsToReais, type OrderStatusKey, type PaymentMethod, placedStatus } from '@backoffice/contract';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import type { Storage } from '../../lib/storage';
import { createOrder, type NewOrder } from '../orders/workflow.service';

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
  /** Issue 38: everything the sale's discounts take off the goods (the items' discounts' sum); 0 without. */
  discountCents?: number;
  totalCents: number;
  neighborhood: string | null;
  /** A sale on credit's plan: the days of each instalment from the delivery (issue 40 §1). */
  creditTerms?: number[] | null;
  /** The part of the total on credit when it is not the whole (a counter sale, decision 0078); absent: the whole. */
  creditCents?: number | null;
  /** A card order to be charged on delivery or at pickup ('Levar maquininha'). */
  cardOnDelivery?: boolean;
  /** 'Troco para' of a cash order, checked by the checkout (at least the total). */
  changeForCents?: number | null;
  /** A walk-in's 'CPF na nota' (decision 0040), checked by the checkout; kept for the NFC-e. */
  noteDocument?: string | null;
  delivererId: number | null;
  items: NewOrder['items'];
  /** The payment proof that came with the sale, already checked (normalizeOrderPicture): attached at once. */
  receipt?: NewOrder['receipt'];
  /** The history row's note. */
  note: string;
  /** A discount above the seller's maximum, approved by a manager (decision 0045): in the order's audit. */
  discountApproval?: { id: number; approvedBy: string };
  /**
   * The bill of a repair (issue 42 §2, decision 0059): the service order it bills and its labour, carried in the
   * order's total (`labour_cents`). Its lines are the repair's parts, which already left stock by the repair's
   * REPAIR ledger rows: the placing takes no stock for them (`createOrder`).
   */
  repair?: { id: number; labourCents: number };
  /** Sold and handed over at the counter ('Balcão', decision 0074): finalized in the sale's transaction. */
  soldAtCounter?: boolean;
}

/**
 * Places an order: the workflow's entry (`create`, ORDER_CREATION, through `createOrder`), in the caller's
 * transaction. The order lands in the status it starts in (placedStatus: with the proof, where attaching it
 * leads); its items, its goods out of stock through the stock module (STOCK_INSUFFICIENT names every product
 * short of units), the proof stored, and the event recorded once: one history row and one audit row.
 */
export async function placeOrder(
  trx: Transaction<Database>,
  storage: Storage,
  input: PlaceOrderInput,
): Promise<{ id: number; code: string; status: OrderStatusKey }> {
  const status = placedStatus(input.initialStatus, input.receipt !== undefined);
  const receipt = status !== input.initialStatus ? input.receipt : undefined;
  return createOrder(trx, storage, {
    employeeId: input.employeeId,
    values: {
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
      discount_cents: input.discountCents ?? 0,
      total_cents: input.totalCents,
      neighborhood: input.neighborhood,
      change_for_cents: input.changeForCents ?? null,
      note_document: input.noteDocument ?? null,
      card_on_delivery: input.cardOnDelivery ?? false,
      credit_terms: input.creditTerms ? JSON.stringify(input.creditTerms) : null,
      credit_cents: input.creditCents ?? null,
      attendant_id: input.employeeId,
      deliverer_id: input.delivererId,
      ...(input.repair ? { repair_id: input.repair.id, labour_cents: input.repair.labourCents } : {}),
      ...(input.soldAtCounter ? { sold_at_counter: true } : {}),
    },
    items: input.items,
    receipt,
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
        ...(item.discountCents ? { discount: centsToReais(item.discountCents) } : {}),
      })),
      ...(input.discountCents ? { discount: centsToReais(input.discountCents) } : {}),
      total: centsToReais(input.totalCents),
      ...(input.cardOnDelivery ? { cardOnDelivery: true } : {}),
      ...(input.creditTerms ? { creditTerms: input.creditTerms } : {}),
      ...(input.creditCents ? { credit: centsToReais(input.creditCents) } : {}),
      ...(receipt ? { receiptAttached: true } : {}),
      ...(input.discountApproval ? { discountApproval: input.discountApproval } : {}),
      ...(input.repair ? { repairId: input.repair.id, labour: centsToReais(input.repair.labourCents) } : {}),
      ...(input.soldAtCounter ? { soldAtCounter: true } : {}),
    },
  });
}
