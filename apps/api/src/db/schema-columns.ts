import type { ColumnType } from 'kysely';

/**
 * The narrow value sets of text columns, which the database does not spell in its catalogue: kysely-codegen
 * writes them into `schema.generated.ts` (the overrides of `schema-codegen.ts`).
 */
export type CodePurpose = 'recovery' | 'activation';

/** 'WALK_IN': a 'Consumidor final' record of the counter (migration 0055), never in a customers list. */
export type CustomerStatus = 'AWAITING' | 'APPROVED' | 'REPROVED' | 'BLOCKED' | 'WALK_IN';
/** The status of the counter's 'Consumidor final' records (decision 0040): sold to, never a customer to list. */
export const WALK_IN = 'WALK_IN' satisfies CustomerStatus;

export type StockMovementKind =
  | 'SALE'
  | 'PURCHASE'
  | 'INVENTORY'
  | 'CANCELLATION'
  | 'EXCHANGE'
  | 'RETURN'
  | 'ADJUSTMENT'
  | 'IMPORT'
  | 'TRADE_IN'
  | 'REPAIR';

export type PaymentMethodColumn = 'CASH' | 'BANK_TRANSFER' | 'PIX' | 'CARD' | 'CREDIT';

export type OrderImageKind = 'RECEIPT' | 'SIGNATURE' | 'PACKAGING';

export type OrderAdjustmentKind = 'EXCHANGE' | 'RETURN';

/**
 * A phone unit's status (migration 0025): in stock, sold, returned (under review), written off; a seminovo taken
 * in waits in preparation until it is checked (migration 0077).
 */
export type UnitStatus = 'IN_STOCK' | 'SOLD' | 'RETURNED' | 'WRITTEN_OFF' | 'PREPARING';

/** Why a Pix received paid no order (migration 0020). */
export type PixUnmatchedReasonColumn = 'NO_TXID' | 'UNKNOWN_TXID' | 'AMOUNT_MISMATCH' | 'NOT_WAITING' | 'ALREADY_PAID';

/** A report summary's grain: 'D' a business day (bucket = that date); 'M' a business month (its first day). */
export type Grain = 'D' | 'M';

/** A bank setting's kind (migration 0005). */
export type BankSettingsType = 'Pix' | 'Transfer';

/**
 * A summed figure of the report summaries (`bigint`): PostgreSQL answers it as a string, the summaries'
 * triggers and the tests write numbers.
 */
export type Figure = ColumnType<string | number, number | undefined, number>;

/** A part of an order's payment (migration 0057): its method (a used phone taken in: migration 0077), status and card kind. */
export type PartMethodColumn = 'CASH' | 'PIX' | 'CARD' | 'TRADE_IN';
export type PartStatusColumn = 'PENDING' | 'CONFIRMED' | 'REFUSED' | 'REVERSED';
export type CardKindColumn = 'DEBIT' | 'CREDIT';
