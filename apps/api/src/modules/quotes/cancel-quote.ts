import { businessDay, QUOTE_TEXTS, quoteStatusOn, SELLING_TEXTS } from '@backoffice/contract';
import type { DB } from '../../db/database';
import { recordAudit } from '../../lib/audit';
import { conflict, notFound } from '../../lib/errors';
import type { Principal } from '../../plugins/auth';
import { checkoutKey } from '../selling/selling.service';
import { quotesRepository as repo } from './quotes.repository';

/**
 * POST /quotes/{id}/cancel: an open quote (expired included: it is still stored OPEN) becomes CANCELLED with
 * its reason, audited; a converted or cancelled one is 409. With an `Idempotency-Key`, the same key sent
 * again answers the cancelled quote (a retry after a lost answer); that key on another quote is 409.
 */
export async function cancelQuote(
  db: DB,
  principal: Principal,
  id: number,
  reason: string,
  headerKey: string | undefined,
  now: Date,
): Promise<void> {
  const today = businessDay(now);
  const key = headerKey === undefined ? null : checkoutKey(headerKey, undefined);
  await db.transaction().execute(async (trx) => {
    const locked = await repo.find(trx, id, true);
    if (!locked) throw notFound(QUOTE_TEXTS.notFound);
    if (locked.status === 'CANCELLED') {
      if (key !== null && locked.cancel_key === key) return;
      throw conflict(QUOTE_TEXTS.alreadyCancelled, 'CONFLICT');
    }
    if (locked.status === 'CONVERTED') {
      throw conflict(QUOTE_TEXTS.convertedNotCancelled(locked.order_code ?? ''), 'CONFLICT');
    }
    if (key !== null && (await repo.byCancelKey(trx, key))) {
      throw conflict(SELLING_TEXTS.idempotencyKeyReused, 'CONFLICT');
    }
    const before = quoteStatusOn('OPEN', locked.valid_until, today);
    await repo.markCancelled(trx, id, { employeeId: principal.employeeId, reason, key });
    await recordAudit(trx, {
      employeeId: principal.employeeId,
      entity: 'quote',
      entityId: id,
      action: 'cancel',
      changes: { status: { from: before, to: 'CANCELLED' }, reason },
    });
  });
}
