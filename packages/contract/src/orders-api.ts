import { z } from 'zod';
import { isCalendarDay } from './clock';
import { isValidReceiverDocument, normalizeReceiverDocument } from './documents';
import { digitsParamSchema, idParamSchema, idSchema } from './ids';
import { packUnitSchema } from './imei';
import { ORDER_LIMITS } from './order-limits';
import { cardReceiptSchema } from './order-payments';
import {
  ORDER_ACTION_LABELS,
  ORDER_STATUS,
  ORDER_STATUS_KEYS,
  ORDER_STATUS_LABELS,
  type OrderAction,
  type OrderStatusKey,
  type OrderStatusName,
  PAYMENT_METHODS,
} from './order-status';
import { ORDER_TEXTS } from './order-texts';
import { pageQueryParams } from './paging';
import { proofEndToEndIdSchema } from './proof';

export { ORDER_LIMITS } from './order-limits';
export { ORDER_TEXTS } from './order-texts';

const orderId = idSchema(ORDER_TEXTS.orderIdInvalid);

/** An id in the path (orders, couriers). */
export const orderIdParamSchema = idParamSchema(ORDER_TEXTS.orderIdInvalid);

export const orderStatusKeySchema = z
  .number({ error: ORDER_TEXTS.statusInvalid })
  .int(ORDER_TEXTS.statusInvalid)
  .refine((value) => (ORDER_STATUS_KEYS as number[]).includes(value), ORDER_TEXTS.statusInvalid)
  .transform((value) => value as OrderStatusKey);

/**
 * The `{status}` of `GET /orders/status/{status}`: the key (`13`, decimal digits only) or the name of the
 * spec's status table (`FINALIZADOS`, any case).
 */
export const orderStatusParamSchema = z.union(
  [
    digitsParamSchema(orderStatusKeySchema, ORDER_TEXTS.statusInvalid),
    z.string().transform((name, context) => {
      const upper = name.toUpperCase();
      if (Object.hasOwn(ORDER_STATUS, upper)) return ORDER_STATUS[upper as OrderStatusName];
      context.addIssue({ code: 'custom', message: ORDER_TEXTS.statusInvalid });
      return z.NEVER;
    }),
  ],
  { error: ORDER_TEXTS.statusInvalid },
);

/**
 * Optimistic concurrency, on every move: the status the screen showed and/or the order's `updatedAt` it
 * read. When the order no longer matches, the call answers 409 STALE_DATA and changes nothing.
 */
const concurrency = {
  expectedStatus: orderStatusKeySchema.optional(),
  expectedUpdatedAt: z.iso.datetime({ offset: true, error: ORDER_TEXTS.expectedUpdatedAtInvalid }).optional(),
};

const comment = z
  .string({ error: ORDER_TEXTS.commentRequired })
  .trim()
  .max(ORDER_LIMITS.maxComment, ORDER_TEXTS.commentTooLong);

/** A picture as base64 (JPEG or PNG), with or without a data-URL prefix. */
const picture = (required: string) => z.string({ error: required }).min(1, required);

/** approve, confirmPayment, failPayment, retryPayment, startPreparation, withdraw ("retirando"). */
export const orderActionBodySchema = z.strictObject({ orderId, ...concurrency });
/** approve: the E2E id printed on the proof, optional (checked, and refused when another order used it). */
export const orderApproveBodySchema = z.strictObject({
  orderId,
  endToEndId: proofEndToEndIdSchema.optional(),
  ...concurrency,
});
/** refuse: the reason is optional (the spec's modal has none); the history note says why. */
export const orderRefuseBodySchema = z.strictObject({ orderId, comment: comment.optional(), ...concurrency });
/** finalize: the reason is optional (section 7's body has none; the screens ask it, decision 0036). */
export const orderFinalizeBodySchema = z.strictObject({ orderId, comment: comment.optional(), ...concurrency });
/** cancel: the reason is required ('Preencha o campo'). */
export const orderCancelBodySchema = z.strictObject({
  orderId,
  comment: comment.min(1, ORDER_TEXTS.commentRequired),
  ...concurrency,
});
/** approveCredit, refuseCredit (issue 40 §1): the manager's reason is required, as a cancellation's. */
export const orderCreditDecisionBodySchema = orderCancelBodySchema;
/** pack: one or more packaging photos; the status reached follows the order's delivery. */
export const orderPackBodySchema = z.strictObject({
  orderId,
  images: z
    .array(picture(ORDER_TEXTS.packagingPhotosRequired), { error: ORDER_TEXTS.packagingPhotosRequired })
    .min(1, ORDER_TEXTS.packagingPhotosRequired)
    .max(ORDER_LIMITS.maxPackagingPhotos, ORDER_TEXTS.packagingPhotosTooMany),
  /** The units that go into the box, one per unit of each serialized line ('Controla IMEI'), by IMEI. */
  units: z.array(packUnitSchema).max(1000).optional(),
  ...concurrency,
});
/** A moment as a phone's clock read it (ISO 8601 with its offset). */
const deviceTime = z.iso.datetime({ offset: true, error: ORDER_TEXTS.deviceTimeInvalid });

/** Who received a delivery: a name ('Recebido por'). */
export const receiverNameSchema = z
  .string({ error: ORDER_TEXTS.receiverNameRequired })
  .trim()
  .min(1, ORDER_TEXTS.receiverNameRequired)
  .max(ORDER_LIMITS.maxReceiverName, ORDER_TEXTS.receiverNameTooLong);

/** The receiver's document, optional: a CPF or an RG, kept as its digits (an RG may end in X). */
export const receiverDocumentSchema = z
  .string({ error: ORDER_TEXTS.receiverDocumentInvalid })
  .refine(isValidReceiverDocument, ORDER_TEXTS.receiverDocumentInvalid)
  .transform(normalizeReceiverDocument);

/**
 * deliver: the customer's signature (PNG drawn on the courier's phone). Optional (decision 0039; section 7's
 * body has only the signature): who received it (`receiverName`, `receiverDocument`), and when the customer
 * signed as the phone's clock read it (`occurredAt`) with that clock's reading when the call was sent
 * (`deviceNow`), so the server corrects the phone's clock by its own.
 */
export const orderDeliverBodySchema = z.strictObject({
  orderId,
  signature: picture(ORDER_TEXTS.signatureRequired),
  receiverName: receiverNameSchema.optional(),
  receiverDocument: receiverDocumentSchema.optional(),
  occurredAt: deviceTime.optional(),
  deviceNow: deviceTime.optional(),
  /**
   * The card machine's receipt of a 'Levar maquininha' order, typed by the courier (decision 0042's
   * amendment): a confirmed card part for exactly what is due at the handover, in the delivery's transaction.
   */
  cardReceipt: cardReceiptSchema.optional(),
  ...concurrency,
});
/** customerAbsent: nobody home; an optional note. */
export const orderAbsentBodySchema = z.strictObject({ orderId, comment: comment.optional(), ...concurrency });
/** attachReceipt: the payment proof picture. */
export const orderReceiptBodySchema = z.strictObject({
  orderId,
  image: picture(ORDER_TEXTS.receiptRequired),
  ...concurrency,
});
/** PUT /orders/change/status: any move of the table the caller may make that needs no picture. */
export const orderChangeStatusBodySchema = z.strictObject({
  orderId,
  newStatus: orderStatusKeySchema,
  comment: comment.optional(),
  ...concurrency,
});
/** The courier changes: the ids are in the path; the body (optional) carries the concurrency fields. */
export const orderDelivererChangeBodySchema = z.strictObject({ ...concurrency }).nullish();

const orderStatusPaging = pageQueryParams(ORDER_TEXTS, {
  maxPage: ORDER_LIMITS.maxPage,
  maxItems: ORDER_LIMITS.maxPageSize,
});
export const orderStatusPageQuerySchema = z.object({
  page: orderStatusPaging.page.default(0),
  items: orderStatusPaging.items.default(ORDER_LIMITS.pageSize),
});

/** A day typed in the filter: YYYY-MM-DD, a real date. */
const filterDay = z.string({ error: ORDER_TEXTS.dayInvalid }).refine(isCalendarDay, ORDER_TEXTS.dayInvalid);

/**
 * The optional filters of the orders screen (issue 20 §5): `q`, the customer (name, e-mail, document or phone,
 * accents and case ignored, every word must match); `from`/`to`, the days (the business's, `clock.ts`) the order was placed
 * in, both included. Without them the calls answer exactly as before.
 */
const orderFilterFields = {
  q: z.string().trim().max(ORDER_LIMITS.maxSearch, ORDER_TEXTS.searchTooLong).optional(),
  from: filterDay.optional(),
  to: filterDay.optional(),
};
export const orderFilterQuerySchema = z
  .object(orderFilterFields)
  .refine((f) => !f.from || !f.to || f.from <= f.to, { message: ORDER_TEXTS.periodReversed, path: ['to'] });
export type OrderFilterQuery = z.infer<typeof orderFilterQuerySchema>;

export const orderStatusPageFilterQuerySchema = z
  .object({ ...orderStatusPageQuerySchema.shape, ...orderFilterFields })
  .refine((f) => !f.from || !f.to || f.from <= f.to, { message: ORDER_TEXTS.periodReversed, path: ['to'] });

export type OrderActionBody = z.infer<typeof orderActionBodySchema>;
export type OrderCancelBody = z.infer<typeof orderCancelBodySchema>;
export type OrderRefuseBody = z.infer<typeof orderRefuseBodySchema>;
export type OrderFinalizeBody = z.infer<typeof orderFinalizeBodySchema>;
export type OrderPackBody = z.infer<typeof orderPackBodySchema>;
export type OrderDeliverBody = z.infer<typeof orderDeliverBodySchema>;
export type OrderAbsentBody = z.infer<typeof orderAbsentBodySchema>;
export type OrderReceiptBody = z.infer<typeof orderReceiptBodySchema>;
export type OrderChangeStatusBody = z.infer<typeof orderChangeStatusBodySchema>;
export type OrderStatusPageQuery = z.infer<typeof orderStatusPageQuerySchema>;
export type OrderConcurrency = { expectedStatus?: OrderStatusKey; expectedUpdatedAt?: string };

// ---------- answers ----------
const personRef = z.object({ id: z.number().int(), name: z.string() });

/** One order as the lists, the search by code and every move answer it (the Order fields of section 3). */
export const orderSummarySchema = z.object({
  orderId: z.number().int(),
  code: z.string(),
  /** The customer's name. */
  customer: z.string(),
  customerId: z.number().int(),
  /** Portuguese label of the status, e.g. "Aguardando motoboy". */
  status: z.string(),
  statusKey: z.number().int(),
  /** ISO 8601 with milliseconds; send it back as `expectedUpdatedAt`. */
  updatedAt: z.iso.datetime(),
  createdAt: z.iso.datetime(),
  /** "Motoboy" or "Retirada na loja". */
  typeOfDelivery: z.string(),
  /** 1 Motoboy, 2 Retirada na loja. */
  deliveryType: z.number().int(),
  fastDelivery: z.boolean(),
  /** The courier's name, or null. */
  deliverer: z.string().nullable(),
  delivererId: z.number().int().nullable(),
  /** The stocker's name, or null. */
  stocker: z.string().nullable(),
  stockerId: z.number().int().nullable(),
  /** "Dinheiro", "Depósito" or "Pix". */
  payment: z.string(),
  paymentMethod: z.enum(PAYMENT_METHODS),
  /** Reais, two decimals: items + shipping + fast-delivery tax + warranty − discount. */
  total: z.number(),
  shippingCost: z.number(),
  neighborhood: z.string().nullable(),
  comments: z.string().nullable(),
  hasWarranty: z.boolean(),
  /** 'Troco para': the note a cash customer pays with (reais), or null. */
  changeFor: z.number().nullable().optional(),
  /**
   * True when a Pix the bank confirmed paid this order and waits for an employee's click ('Pix automático'
   * off: `pixAwaitsConfirmation`); absent otherwise (issue 35 §4).
   */
  pixWaiting: z.boolean().optional(),
  /** A card order charged at the door or the counter ('Levar maquininha', issue 38); absent otherwise. */
  cardOnDelivery: z.boolean().optional(),
  /**
   * With `cardOnDelivery`: what the card charges at the door (reais), the total less the parts already paid
   * (`dueAtHandoverCents`: a Pix part paid before the order left is not charged again).
   */
  cardToCollect: z.number().optional(),
  /** A cash order with payment parts: the cash still to receive at the handover (`dueAtHandoverCents`). */
  cashToCollect: z.number().optional(),
  /** Its payment parts in one line (issue 38, `describePaymentParts`): the orders CSV; absent without parts. */
  paymentParts: z.string().optional(),
});
export type OrderSummary = z.infer<typeof orderSummarySchema>;

export const orderItemSchema = z.object({
  /** The product's id (an exchange or return names the line by it). */
  productId: z.number().int().optional(),
  name: z.string(),
  quantity: z.number().int(),
  unitPrice: z.number(),
  /** The IMEIs of the units (phones) that went into the box, once packed (serialized products only). */
  imeis: z.array(z.string()).optional(),
  /** Issue 38: the line's discount (its own plus its share of the order's), present when above 0. */
  discount: z.number().optional(),
});

/** A customer's address as registered, each part null when unknown (the order's PDF, the courier's task). */
export const postalAddressSchema = z.object({
  street: z.string().nullable(),
  number: z.string().nullable(),
  complement: z.string().nullable(),
  neighborhood: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  zipCode: z.string().nullable(),
});

/** GET /orders/by-id/{id}: the order, its items and its total (the order's total; `itemsTotal` is the goods only). */
export const orderDetailSchema = orderSummarySchema.extend({
  items: z.array(orderItemSchema),
  itemsTotal: z.number(),
  /**
   * The repair this order bills (issue 42 §2, decision 0059): its service order's number and the labour, a part of
   * the total beside the items (the parts); absent on a sale.
   */
  repair: z.object({ id: z.number().int(), labour: z.number() }).optional(),
  fastDeliveryTax: z.number(),
  warranty: z.number(),
  /**
   * The longest warranty of the seminovo units it sold (days, `product_units.warranty_days`): a used phone sold
   * with 90 days has a warranty even without the paid one ('Possui Garantia? Sim (90 dias)', issue 54); absent
   * when none.
   */
  usedWarrantyDays: z.number().int().optional(),
  discount: z.number(),
  attendant: personRef.nullable(),
  finishedAt: z.iso.datetime().nullable(),
  /** The customer's phone as registered ('Enviar pelo WhatsApp'). */
  customerPhone: z.string().nullable().optional(),
  /** The customer's e-mail (issue 38 §5: 'Editar pedido' searches products at his level price by it). */
  customerEmail: z.string().nullable().optional(),
  /** The customer's CPF or CNPJ, formatted (123.456.789-09), as registered: the order's PDF prints it. */
  customerDocument: z.string().nullable().optional(),
  /** The customer's address as registered (each part null when unknown): the order's PDF prints it. */
  customerAddress: postalAddressSchema.nullable().optional(),
  /** When it last left for delivery (ISO), or null: the WhatsApp message's {saida}. */
  departedAt: z.iso.datetime().nullable().optional(),
  /** When the customer received it (ISO: the signature's moment, decision 0039), or null before. */
  deliveredAt: z.iso.datetime().nullable().optional(),
  /** Who received the delivery ('Recebido por'): the name and, when given, the document's digits. */
  receivedBy: z.object({ name: z.string(), document: z.string().nullable() }).nullable().optional(),
  /**
   * The Pix the bank's webhook received for it ('Pix recebido'), confirmed or still waiting for a click;
   * `refunded` (reais, 0 when none) and `refundedAt`: what the bank gave back to the payer (the payment refunded).
   */
  pixReceived: z
    .object({
      endToEndId: z.string(),
      amount: z.number(),
      paidAt: z.string(),
      confirmedAt: z.string().nullable(),
      refunded: z.number().optional(),
      refundedAt: z.string().nullable().optional(),
    })
    .nullable()
    .optional(),
});
export type OrderDetail = z.infer<typeof orderDetailSchema>;

export const orderListSchema = z.object({ orders: z.array(orderSummarySchema), total: z.number().int() });
export type OrderList = z.infer<typeof orderListSchema>;

/** A status card: key, Portuguese label, how many orders are in it now (every status, zeros included). */
export const orderStatusCountSchema = z.object({
  key: z.number().int(),
  status: z.string(),
  quantity: z.number().int(),
  /** How many of them have a Pix the bank confirmed waiting for a click (`pixWaiting`); absent when none. */
  pixWaiting: z.number().int().optional(),
});
export type OrderStatusCount = z.infer<typeof orderStatusCountSchema>;

export const orderHistoryEntrySchema = z.object({
  /** Portuguese label of the status reached. */
  status: z.string(),
  statusKey: z.number().int(),
  /** The employee's name, or 'Sistema' for the shop app and the bank. */
  user: z.string(),
  /** ISO 8601. */
  when: z.iso.datetime(),
  note: z.string().nullable(),
});
export type OrderHistoryEntry = z.infer<typeof orderHistoryEntrySchema>;

export const orderImageSchema = z.object({
  url: z.string(),
  createdAt: z.iso.datetime(),
  /**
   * A payment proof only: the other order whose proof is the same picture ('Comprovante igual ao do pedido
   * {código}.'), or with `near: true` nearly the same (resized, bordered, cropped, turned or mirrored: 'Comprovante
   * parecido com o do pedido {código}: confira se não é o mesmo pagamento.').
   */
  sameAs: z.object({ orderId: z.number(), code: z.string(), near: z.boolean().optional() }).nullable().optional(),
});
export type OrderImage = z.infer<typeof orderImageSchema>;

/** The Portuguese label of a status key (the key itself when unknown). */
export function orderStatusLabel(key: number): string {
  return ORDER_STATUS_LABELS[key as OrderStatusKey] ?? String(key);
}

/** The Portuguese label of an action. */
export function orderActionLabel(action: OrderAction): string {
  return ORDER_ACTION_LABELS[action];
}
