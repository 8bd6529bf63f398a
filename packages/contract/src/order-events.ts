import { z } from 'zod';

export { ORDER_EVENT_NAME, ORDER_EVENTS_RETRY_MS, type OrderEvent, readOrderEvent } from './live-events';

/**
 * Live updates (GET /api/orders/events, Server-Sent Events): one `order` event per committed change of an
 * order a screen shows, from any attendant, courier, stocker or checkout. `created` is a new order,
 * `changed` any other visible change (status, deliverer, totals…); `many` stands for a statement that
 * touched many orders at once (an import or seed): refresh everything, announce nothing.
 */
export const ORDER_EVENT_KINDS = ['created', 'changed', 'many'] as const;
export type OrderEventKind = (typeof ORDER_EVENT_KINDS)[number];

/**
 * An order event (its type is `OrderEvent`): the server reads its database's notices with it. The web reads the
 * stream with `readOrderEvent` (live-events.ts, no zod), which answers the same (order-events.test.ts).
 */
export const orderEventSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.enum(['created', 'changed']),
    id: z.number().int(),
    code: z.string(),
    status: z.number().int(),
    /** The status before the change; null for a created order. */
    previousStatus: z.number().int().nullable(),
    /** The attendant who sold it (an internal sale), if any: their own sale is no news to them. */
    attendantId: z.number().int().nullable().optional(),
  }),
  z.object({ kind: z.literal('many'), count: z.number().int() }),
]);
