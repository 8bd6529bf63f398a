/*
 * The live updates' stream (GET /api/orders/events, Server-Sent Events): its event names, its retry hint and
 * the reader of an order event, free of schemas: every screen's layout listens to it, and the courier's first
 * screen loads no zod (decision 0026). `order-events.ts` (with the schema the server reads its database's
 * notices with) and `notifications.ts` re-export them.
 */

/** The SSE event name of an order event (`event: order`). */
export const ORDER_EVENT_NAME = 'order';
/** Milliseconds a client waits before reconnecting (sent as the stream's `retry:` hint). */
export const ORDER_EVENTS_RETRY_MS = 3000;
/** The SSE event name on GET /api/orders/events that says the bell may have changed (`event: notification`). */
export const NOTIFICATION_EVENT_NAME = 'notification';

/**
 * One order event: `created` is a new order, `changed` any other visible change (status, deliverer,
 * totals…); `many` stands for a statement that touched many orders at once (an import or seed).
 */
export type OrderEvent =
  | {
      kind: 'created' | 'changed';
      id: number;
      code: string;
      status: number;
      /** The status before the change; null for a created order. */
      previousStatus: number | null;
      /** The attendant who sold it (an internal sale), if any: their own sale is no news to them. */
      attendantId?: number | null | undefined;
    }
  | { kind: 'many'; count: number };

/** A whole number that is exact in a double, as zod's `.int()` takes it. */
const isInt = (value: unknown): value is number => Number.isSafeInteger(value);

/**
 * The order event in `value` (a parsed message), or undefined when it is not one: what `orderEventSchema`
 * answers, without zod (order-events.test.ts checks the two agree): the known fields only, unknown ones left
 * out; `attendantId` kept when present, even undefined.
 */
export function readOrderEvent(value: unknown): OrderEvent | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const fields = value as Record<string, unknown>;
  const { kind } = fields;
  if (kind === 'many') return isInt(fields.count) ? { kind, count: fields.count } : undefined;
  if (kind !== 'created' && kind !== 'changed') return undefined;
  const { id, code, status, previousStatus, attendantId } = fields;
  if (!isInt(id) || typeof code !== 'string' || !isInt(status)) return undefined;
  if (previousStatus !== null && !isInt(previousStatus)) return undefined;
  if (attendantId !== undefined && attendantId !== null && !isInt(attendantId)) return undefined;
  const event: Extract<OrderEvent, { kind: 'created' | 'changed' }> = { kind, id, code, status, previousStatus };
  return 'attendantId' in fields ? { ...event, attendantId } : event;
}
