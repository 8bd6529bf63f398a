/*
 * The API's error codes, free of schemas: the web's API client reads an answer's code without loading zod
 * (decision 0026). `errors.ts` re-exports them and builds `errorCodeSchema` from this same list.
 */

/**
 * Every API error answers `{ errors: [Portuguese message, ...], code, details? }`. The code is stable and
 * machine-readable, so a client tells a stale status from missing stock from a refused move without
 * parsing text. Listed once here, for both sides.
 */
export const ERROR_CODES = {
  /** A body, query or path value failed its schema (each problem in `errors`). */
  VALIDATION_FAILED: 400,
  /** A business rule refused the input (generic 400). */
  BAD_REQUEST: 400,
  /** The body is not JSON, or not valid UTF-8. */
  INVALID_JSON: 400,
  /** A text holds a NUL byte or a lone surrogate, or a number is beyond what the database stores. */
  INVALID_INPUT: 400,
  /** The URL itself is malformed (bad %-encoding). */
  MALFORMED_URL: 400,
  /** A start/end period is impossible or reversed. */
  INVALID_PERIOD: 400,
  /** An image is not a readable picture. */
  INVALID_IMAGE: 400,
  /** A password too short, blank, or on the list of common passwords. */
  WEAK_PASSWORD: 400,
  /** A recovery code is wrong, used or expired. */
  INVALID_CODE: 400,
  /** The current password given to change it is wrong. */
  WRONG_PASSWORD: 400,
  /** No token, or an invalid, expired or revoked one. */
  UNAUTHENTICATED: 401,
  /** Sign-in with a wrong e-mail or password. */
  INVALID_CREDENTIALS: 401,
  /** The employee is blocked. */
  ACCOUNT_BLOCKED: 403,
  /** The caller's permissions do not allow the call. */
  FORBIDDEN: 403,
  /** The thing named does not exist. */
  NOT_FOUND: 404,
  /** No such route. */
  ROUTE_NOT_FOUND: 404,
  /** The request conflicts with the current state (generic 409). */
  CONFLICT: 409,
  /** A name (role, brand, reference, e-mail, CPF) is already taken. */
  DUPLICATE: 409,
  /** The data changed since the client read it (stale form, stale status): reload and retry. */
  STALE_DATA: 409,
  /** A brand, reference or customer still in use cannot be removed. */
  IN_USE: 409,
  /** The move is not allowed from the current state (customer status, order workflow). */
  TRANSITION_REFUSED: 409,
  /** A Pix received is already matched to an order. */
  PIX_ALREADY_MATCHED: 409,
  /** A Pix cannot pay this order (not waiting, another amount, already paid): `details.reason` says which. */
  PIX_NOT_MATCHED: 409,
  /** A payment part above what the order still owes (its total less its confirmed and pending parts): `details.due`. */
  PAYMENT_OVERPAID: 409,
  /** The courier's card receipt at the door: the order is not charged by card there, or the amount is not what is due (`details.due`). */
  CARD_AT_DOOR_REFUSED: 409,
  /** A repair's device delivered while its bill still waits for its Pix or proof (decision 0060). */
  REPAIR_BILL_UNPAID: 409,
  /** A repair's device password asked for when none was left, or once erased (the device left). */
  REPAIR_NO_DEVICE_PASSWORD: 409,
  /** The E2E id of a payment proof was already used by another order (or paid another order by the webhook). */
  PROOF_REUSED: 409,
  /** An order move lacks what it needs: a reason, packaging photos, the signature, the proof or a courier. */
  ORDER_REQUIREMENT_MISSING: 400,
  /** The employee's function (Atendente, Motoboy, Estoquista) does not make this move on orders. */
  ORDER_FUNCTION_REFUSED: 403,
  /** A courier acting on an order that belongs to another courier. */
  ORDER_NOT_YOURS: 403,
  /**
   * A delivery's moment as the phone recorded it cannot be true, even with the phone's clock corrected by the
   * server's (after the sending, before the order left, older than a week): decision 0039.
   */
  DELIVERY_TIME_REFUSED: 422,
  /** Not enough stock for a product; `details` names it. */
  STOCK_INSUFFICIENT: 409,
  /** Stock would go beyond the storable maximum. */
  STOCK_TOO_HIGH: 409,
  /** An IMEI whose check digit does not match (Luhn) or not 15 digits; `errors` names every bad one. */
  INVALID_IMEI: 400,
  /** An IMEI already registered to a unit (not a returned one entered again); the message names the product. */
  IMEI_DUPLICATE: 409,
  /** An exchange or return of an order that is not delivered or finished. */
  ORDER_NOT_ADJUSTABLE: 409,
  /** An exchange or return of more units than the order sold of that product (earlier ones counted). */
  ADJUSTMENT_QUANTITY_EXCEEDED: 409,
  /** A product that is not in the order, or a unit (IMEI) that was not sold in it. */
  NOT_IN_ORDER: 400,
  /** The employee named as the courier is not an active Motoboy. */
  NOT_A_COURIER: 400,
  /** A unit released or written off that is not returned (em análise). */
  UNIT_NOT_RETURNED: 409,
  /** A second active Pix key of the same type (CPF, CNPJ, phone, e-mail, random key). */
  PIX_KEY_TYPE_ACTIVE: 409,
  /** No active Pix key to receive with: a BR Code cannot be made. */
  PIX_KEY_MISSING: 409,
  /** The company's Pix merchant name or city is not set: a BR Code cannot be made. */
  PIX_MERCHANT_MISSING: 409,
  /** The file is not a readable, authorised NF-e 55 (XML, DTD, key, signature…): `details.reason` is the reader's code. */
  NFE_INVALID: 400,
  /** The note's access key was entered before: the message says when and by whom (`details.purchaseId`). */
  PURCHASE_ALREADY_ENTERED: 409,
  /** An entry by XML with items or warnings still open: `errors` names each, line by line. */
  PURCHASE_NOT_READY: 400,
  /** A counter sale taking cash while the seller has no drawer open ('Balcão', decision 0074): open it first. */
  CASH_DRAWER_CLOSED: 409,
  /** A counter sale whose payments do not add up to its total, or whose cash received is short of its cash part. */
  PAYMENTS_DIFFER: 400,
  /** The body is larger than allowed (images). */
  PAYLOAD_TOO_LARGE: 413,
  /** The body is not JSON. */
  UNSUPPORTED_MEDIA_TYPE: 415,
  /** Too many attempts: wait and try again. */
  TOO_MANY_REQUESTS: 429,
  /** The shop's Pix PSP refused or could not be reached (decision 0094): the message carries its words. */
  PSP_FAILED: 502,
  /** Banco do Brasil's API Cobranças refused a boleto or could not be reached (decision 0100): its words. */
  BANK_FAILED: 502,
  /** Unexpected failure (details logged, never sent). */
  INTERNAL: 500,
  /** The server is still migrating or seeding. */
  SERVICE_STARTING: 503,
  /** The database cannot be reached right now (restart, failover, no free connection, a query cut short). */
  DATABASE_UNAVAILABLE: 503,
  /** A backup could not be written (its cause is in the server's log and in the last backup's result). */
  BACKUP_FAILED: 500,
  /** PostgreSQL without `pg_dump` on this server: back the database server up by its own means. */
  BACKUP_UNAVAILABLE: 503,
} as const satisfies Record<string, number>;

export type ErrorCode = keyof typeof ERROR_CODES;

/** Whether `value` is one of the codes (the same test as `errorCodeSchema`, without zod). */
export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(ERROR_CODES, value);
}
