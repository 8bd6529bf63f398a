import { PIX_WEBHOOK_BASE } from '@backoffice/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { DB } from '../../db/database';
import { isPixWebhookSecret, pixAutoOn, pixWebhookSecret } from '../settings/settings.service';
import { entriesOf, entryLabel, readEntry } from './read-pix-entry';
import { receivePix } from './receive-pix';

/** The Pix webhook: its URL and secret (kept by the settings module), and each delivery the bank makes to it. */
export function pixWebhook(db: DB, publicUrl: string, log: FastifyBaseLogger) {
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
  };
}
