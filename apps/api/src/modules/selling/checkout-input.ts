import { createHash, randomUUID } from 'node:crypto';
import type {
  CheckoutCardBody,
  CheckoutCashBody,
  CheckoutCreditInput,
  CheckoutPixBody,
  CheckoutTransferBody,
  DeliveryChoices,
} from '@backoffice/contract';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';

/** What a checkout is asked (its body with its payment), its attempt's key and the hash a retry must match. */

export const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * A sale whose prices were frozen earlier (a quote, decision 0043): its lines (product, quantity, unit price and
 * discount in cents, in order) and its figures are charged as they are, whatever the list prices say now; the
 * stock is checked and moved as in any checkout. `claim` runs in the checkout's transaction before anything is
 * read (it locks and checks the quote); `placed` after the order is placed (it marks the quote converted).
 */
export interface FrozenSale {
  /** Joins the idempotency hash: the same key for another quote is refused. */
  tag: string;
  lines: ReadonlyArray<{ productId: number; quantity: number; unitCents: number; discountCents: number }>;
  figures: {
    itemsCents: number;
    shippingCents: number;
    fastDeliveryTaxCents: number;
    warrantyCents: number;
    discountCents: number;
    totalCents: number;
  };
  claim: (trx: Transaction<Database>) => Promise<void>;
  placed: (trx: Transaction<Database>, order: { id: number; code: string }) => Promise<void>;
}

export type CheckoutInput =
  | (CheckoutCashBody & { payment: 'CASH' })
  | (CheckoutPixBody & { payment: 'PIX' })
  | (CheckoutCardBody & { payment: 'CARD' })
  | (CheckoutTransferBody & { payment: 'BANK_TRANSFER' })
  | (CheckoutCreditInput & { payment: 'CREDIT' });

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The attempt's key, as stored (a UUID): the `Idempotency-Key` header wins over the body's field; a header
 * key that is not a UUID is mapped to one (a UUIDv8 of its SHA-256, so the same key is the same attempt);
 * without any key the request is an attempt of its own (a fresh random key: one request, one order).
 */
export function checkoutKey(header: string | undefined, body: string | undefined): string {
  if (header !== undefined) {
    if (UUID.test(header)) return header.toLowerCase();
    const hex = sha256(`idempotency-key:${header}`);
    const variant = ((Number.parseInt(hex.charAt(16), 16) & 0x3) | 0x8).toString(16);
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
  }
  return (body ?? randomUUID()).toLowerCase();
}

/** The checkout's delivery choices, as its body gives them. */
export function choicesOf(input: CheckoutInput): DeliveryChoices {
  return {
    typeOfDelivery: input.typeOfDelivery,
    withWarranty: input.withWarranty,
    isFastDelivery: input.isFastDelivery,
  };
}

/** What the same attempt sent again must match: the same key with another request is refused. */
export function checkoutHash(
  customerId: number,
  input: CheckoutInput,
  choices: DeliveryChoices,
  frozen: FrozenSale | undefined,
): string {
  return sha256(
    JSON.stringify({
      customerId,
      payment: input.payment,
      ...choices,
      expectedTotal: input.expectedTotal ?? null,
      receipt: input.payment === 'BANK_TRANSFER' ? sha256(input.receipt) : null,
      // Only for a card: the other checkouts hash as they did before cards existed.
      ...(input.payment === 'CARD' ? { card: input.card ?? null } : {}),
      // Only when given: a request without it hashes as it did before 'Troco para' existed.
      ...(input.changeFor === undefined ? {} : { changeFor: input.changeFor }),
      ...(input.noteDocument ? { noteDocument: input.noteDocument } : {}),
      ...(input.discounts === undefined ? {} : { discounts: input.discounts }),
      ...(input.payment === 'PIX' && input.cardOnDeliveryAmount !== undefined
        ? { cardOnDeliveryAmount: input.cardOnDeliveryAmount }
        : {}),
      ...(input.discountApprovalId === undefined ? {} : { discountApprovalId: input.discountApprovalId }),
      ...(input.payment === 'CREDIT' ? { terms: input.terms } : {}),
      ...(frozen ? { frozen: frozen.tag } : {}),
    }),
  );
}
