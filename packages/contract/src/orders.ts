import { z } from 'zod';
import { DELIVERY_TYPES, ORDER_STATUS_KEYS, PAYMENT_METHODS } from './order-status';

/** One line of an order as shown: the product's name, quantity and unit price in reais (snapshot of the sale). */
export const orderItemViewSchema = z.object({
  name: z.string(),
  quantity: z.number().int(),
  unitPrice: z.number(),
});
export type OrderItemView = z.infer<typeof orderItemViewSchema>;

/**
 * An order as the screens show it (spec section 3, Order): the orders table, 'Detalhes do pedido', the
 * reports and the customer history. Codes, not labels, travel: the status key (ORDER_STATUS_LABELS), the
 * delivery type (DELIVERY_TYPE_LABELS) and the payment method (PAYMENT_METHOD_LABELS). People are names;
 * null where the order has none yet (no courier, no stocker). Money in reais with two decimals.
 */
export const orderViewSchema = z.object({
  orderId: z.number().int(),
  code: z.string(),
  /** The customer's name. */
  customer: z.string(),
  status: z.literal(ORDER_STATUS_KEYS),
  /** When the order last changed (ISO 8601). */
  updatedAt: z.iso.datetime({ offset: true }),
  typeOfDelivery: z.literal([DELIVERY_TYPES.MOTOBOY, DELIVERY_TYPES.PICKUP]).nullable(),
  /** The courier's name. */
  deliverer: z.string().nullable(),
  /** The stock keeper's name. */
  stocker: z.string().nullable(),
  payment: z.enum(PAYMENT_METHODS).nullable(),
  total: z.number(),
  shippingCost: z.number(),
  /** Região de Entrega: the delivery address's neighbourhood. */
  neighborhood: z.string().nullable(),
  comments: z.string().nullable(),
  hasWarranty: z.boolean(),
  items: z.array(orderItemViewSchema),
});
export type OrderView = z.infer<typeof orderViewSchema>;

/** A page of orders (spec section 3: orders, total). */
export const orderListResponseSchema = z.object({
  orders: z.array(orderViewSchema),
  total: z.number().int(),
});
export type OrderListResponse = z.infer<typeof orderListResponseSchema>;
