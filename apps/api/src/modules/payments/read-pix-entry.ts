import {
  type PixWebhookEntry,
  pixAmountCents,
  pixRefunded,
  pixTimeIsBelievable,
  pixWebhookEntrySchema,
} from '@backoffice/contract';
import { findUnsafeValue } from '../../plugins/input-guard';

/** The largest amount a Pix may carry here (cents in an `integer` column). */
const MAX_AMOUNT_CENTS = 2_147_483_647;

/** A Pix the bank told us of (one entry of its webhook), in our units. */
export interface ReceivedPix {
  endToEndId: string;
  txid: string | null;
  amountCents: number;
  paidAt: Date;
  payer: string | null;
  /** What its refunds (DEVOLVIDO) gave back so far, and when the last settled (null without refunds). */
  refundedCents: number;
  refundedAt: Date | null;
  /** Of a cobv's Pix (`componentesValor`): the fine and interest the PSP computed, and any discount or rebate. */
  components?: { fineCents: number; interestCents: number; discountCents: number };
}

/** The webhook's entries, however the bank wrapped them: `{ pix: [...] }` or the bare array. */
export function entriesOf(body: unknown): unknown[] {
  if (Array.isArray(body)) return body;
  return (body as { pix: unknown[] }).pix;
}

/** Why an entry is skipped: it is not a Pix of the standard, holds what no column can keep, or an unbelievable time. */
type Skipped = { skip: string };

/** One entry of a delivery, checked on its own: the Pix to store, or why it is skipped. */
export function readEntry(raw: unknown, receivedAt: Date): ReceivedPix | Skipped {
  const unsafe = findUnsafeValue(raw);
  if (unsafe) return { skip: `${unsafe.message} (${unsafe.path || 'entry'})` };
  const parsed = pixWebhookEntrySchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { skip: `not a Pix of the standard (${issue?.path.join('.') || 'entry'}: ${issue?.message})` };
  }
  const entry: PixWebhookEntry = parsed.data;
  const amountCents = pixAmountCents(entry.valor);
  if (!(amountCents <= MAX_AMOUNT_CENTS)) return { skip: 'amount beyond what is kept' };
  const paidAt = new Date(entry.horario);
  if (!pixTimeIsBelievable(paidAt, receivedAt)) return { skip: `unbelievable horario ${entry.horario}` };
  const refunded = pixRefunded(entry);
  if (refunded.cents > amountCents) return { skip: 'refunds above the amount of the Pix' };
  return {
    endToEndId: entry.endToEndId,
    txid: entry.txid ?? null,
    amountCents,
    paidAt,
    payer: entry.infoPagador ?? null,
    refundedCents: refunded.cents,
    refundedAt: refunded.cents > 0 ? (refunded.at ?? receivedAt) : null,
    ...(entry.componentesValor ? { components: componentsOf(entry.componentesValor) } : {}),
  };
}

/** What the log says of a skipped entry: where it was and its E2E id if it has a readable one, never the whole entry. */
export function entryLabel(raw: unknown, index: number): { index: number; endToEndId?: string } {
  const id = (raw as { endToEndId?: unknown } | null)?.endToEndId;
  return typeof id === 'string' && /^[A-Za-z0-9]{1,40}$/.test(id) ? { index, endToEndId: id } : { index };
}

/** A cobv Pix's `componentesValor` in cents: its fine, its interest, and its discount and rebate together. */
function componentsOf(parts: NonNullable<PixWebhookEntry['componentesValor']>) {
  const cents = (part: { valor: string } | undefined) => (part ? pixAmountCents(part.valor) : 0);
  return {
    fineCents: cents(parts.multa),
    interestCents: cents(parts.juros),
    discountCents: cents(parts.desconto) + cents(parts.abatimento),
  };
}
