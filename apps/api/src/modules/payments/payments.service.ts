import {
  PIX_WEBHOOK_BASE,
  type PixReceivedList,
  type PixReceivedQuery,
  type PixWebhookEntry,
  pixWebhookEntrySchema,
} from '@backoffice/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { DB } from '../../db/database';
import type { Principal } from '../../plugins/auth';
import { matchPixByHand, receivedPixPage, receivePix } from '../orders/orders.service';
import { isPixWebhookSecret, pixAutoOn, pixWebhookSecret } from '../settings/settings.service';

/** The largest amount a Pix may carry here (cents in an `integer` column). */
const MAX_AMOUNT_CENTS = 2_147_483_647;

/** The webhook's entries, however the bank wrapped them: `{ pix: [...] }` or the bare array. */
function entriesOf(body: unknown): unknown[] {
  if (Array.isArray(body)) return body;
  return (body as { pix: unknown[] }).pix;
}

/** '110.00' as cents, exactly (the string is checked: digits, a point, two decimals). */
function amountCents(valor: string): number {
  const [reais = '0', cents = '00'] = valor.split('.');
  return Number(reais) * 100 + Number(cents);
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
     * One delivery: each entry checked on its own (one the standard does not allow is logged and skipped,
     * so the bank does not retry the others forever), stored once, matched, confirmed with 'Pix automático'.
     */
    async receive(body: unknown): Promise<{ received: number; repeated: number; ignored: number }> {
      const confirm = await pixAutoOn(db);
      const counts = { received: 0, repeated: 0, ignored: 0 };
      for (const raw of entriesOf(body)) {
        const parsed = pixWebhookEntrySchema.safeParse(raw);
        const entry: PixWebhookEntry | undefined = parsed.success ? parsed.data : undefined;
        const cents = entry ? amountCents(entry.valor) : Number.NaN;
        if (!entry || !(cents <= MAX_AMOUNT_CENTS)) {
          counts.ignored++;
          log.warn({ entry: raw }, 'pix webhook: entry ignored (not a Pix of the standard)');
          continue;
        }
        const outcome = await receivePix(
          db,
          {
            endToEndId: entry.endToEndId,
            txid: entry.txid ?? null,
            amountCents: cents,
            paidAt: new Date(entry.horario),
            payer: entry.infoPagador ?? null,
          },
          confirm,
        );
        counts[outcome === 'stored' ? 'received' : 'repeated']++;
      }
      log.info(counts, 'pix webhook delivery');
      return counts;
    },

    list: (query: PixReceivedQuery): Promise<PixReceivedList> => receivedPixPage(db, query),

    match: (principal: Principal, endToEndId: string, orderId: number) =>
      matchPixByHand(db, principal, endToEndId, orderId),
  };
}
