/*
 * The orders API's limits, free of schemas: the field screens read them without loading the order schemas
 * (decision 0025). `orders-api.ts` re-exports them.
 */

/** Paging and size limits of the orders API. */
export const ORDER_LIMITS = {
  /** Default rows per page (spec: page 0, items 10). */
  pageSize: 10,
  /** The largest page (a status card asks for 100). */
  maxPageSize: 100,
  /** The deepest page number accepted (a page beyond the last one simply answers no orders). */
  maxPage: 1_000_000,
  /** Packaging photos per packing move. */
  maxPackagingPhotos: 6,
  /** Bytes of one picture as sent (phone photos and drawn signatures). */
  maxImageBytes: 4 * 1024 * 1024,
  /** A reason or comment. */
  maxComment: 500,
  /** An order code as typed (with or without its dash, spaces around it). */
  maxCode: 40,
  /** The customer searched for on the orders screen. */
  maxSearch: 80,
  /** The name of whoever received a delivery ('Recebido por'). */
  maxReceiverName: 120,
  /**
   * A delivery's moment as the phone recorded it (decision 0039) is believed back to this many days before it
   * reached the server, and never before the order left for delivery nor after the server's now.
   */
  maxDeliveryAgeDays: 7,
} as const;
