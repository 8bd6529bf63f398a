import {
  normalizeEndToEndId,
  PIX_WEBHOOK_BASE,
  type PixReceivedList,
  type PixReceivedQuery,
  type PixWebhookEntry,
  pixAmountCents,
  pixRefunded,
  pixTimeIsBelievable,
  pixWebhookEntrySchema,
} from '@backoffice/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { DB } from '../../db/database';
import type { Principal } from '../../plugins/auth';
import { findUnsafeValue } from '../../plugins/input-guard';
import { matchPixByHand, type ReceivedPix, receivedPixPage, receivePix } from '../orders/orders.service';
import { isPixWebhookSecret, pixAutoOn, pixWebhookSecret } from '../settings/settings.service';

/** The largest amount a Pix may carry here (cents in an `integer` column). */
const MAX_AMOUNT_CENTS = 2_147_483_647;

/** The webhook's entries, however the bank wrapped them: `{ pix: [...] }` or the bare array. */
function entriesOf(body: unknown): unknown[] {
  if (Array.isArray(body)) return body;
  return (body as { pix: unknown[] }).pix;
}

/** Why an entry is skipped: it is not a Pix of the standard, holds what no column can keep, or an unbelievable time. */
type Skipped = { skip: string };

/** One entry of a delivery, checked on its own: the Pix to store, or why it is skipped. */
function readEntry(raw: unknown, receivedAt: Date): ReceivedPix | Skipped {
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
  };
}

/** What the log says of a skipped entry: where it was and its E2E id if it has a readable one, never the whole entry. */
function entryLabel(raw: unknown, index: number): { index: number; endToEndId?: string } {
  const id = (raw as { endToEndId?: unknown } | null)?.endToEndId;
  return typeof id === 'string' && /^[A-Za-z0-9]{1,40}$/.test(id) ? { index, endToEndId: id } : { index };
}

/**
 * Payments the bank tells us about (issue 18): the Pix webhook (its URL and secret, and each delivery),
 * the list of Pix received and the match of one by hand. The orders module stores the Pix and moves the
 * orders (`receivePix`, `matchPixByHand`); the settings module keeps the secret and 'Pix automático'.
 */
export function createPaymentsService(db: DB, publicUrl: string, log: FastifyBaseLogger) {
  const urlOf = (secret: string) => `${publicUrl}/api${PIX_WEBHOOK_BASE}/${secret}`;

  return {
    /** The URL to register at the bank (it calls `{url}/pix`), made on first request. */
    async webhook(renew = false): Promise<{ url: string; secret: string }> {
      const secret = await pixWebhookSecret(db, renew);
      return { url: urlOf(secret), secret };
    },

    isSecret: (candidate: string) => isPixWebhookSecret(db, candidate),

    /**
     * One delivery: each entry checked on its own (one the standard does not allow, one holding a value no
     * column can keep, one of an unbelievable time is logged and skipped, so the bank does not retry the
     * others forever), stored once, matched, confirmed with 'Pix automático'; a refund it carries for a
     * stored Pix marks that payment refunded.
     */
    async receive(body: unknown): Promise<{ received: number; repeated: number; ignored: number; refunded: number }> {
      const confirm = await pixAutoOn(db);
      const counts = { received: 0, repeated: 0, ignored: 0, refunded: 0 };
      const receivedAt = new Date();
      for (const [index, raw] of entriesOf(body).entries()) {
        const pix = readEntry(raw, receivedAt);
        if ('skip' in pix) {
          counts.ignored++;
          log.warn({ entry: entryLabel(raw, index), reason: pix.skip }, 'pix webhook: entry skipped');
          continue;
        }
        const outcome = await receivePix(db, pix, confirm);
        if (outcome.stored) counts.received++;
        if (outcome.refunded) counts.refunded++;
        if (!outcome.stored && !outcome.refunded) counts.repeated++;
      }
      log.info(counts, 'pix webhook delivery');
      return counts;
    },

    list: (query: PixReceivedQuery): Promise<PixReceivedList> => receivedPixPage(db, query),

    match: (principal: Principal, endToEndId: string, orderId: number) =>
      matchPixByHand(db, principal, normalizeEndToEndId(endToEndId), orderId),
  };
}
