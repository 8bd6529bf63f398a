import type { DB } from '../../db/database';
import { matchReceivedPix } from './match-received-pix';
import { pixReceivedRepository as pixRepo } from './pix-received.repository';
import { recordPixRefund } from './pix-refunds';
import type { ReceivedPix } from './read-pix-entry';

/**
 * A Pix the bank's webhook told us of, in one transaction: stored once by its E2E id (a replay changes
 * nothing); matched to the order its txid names when that order waits for its payment and the amount is
 * exactly its total (else stored as not identified, with the reason); and, with 'Pix automático' on
 * (`confirm`), the order's payment confirmed through the workflow by the bank. A refund it carries beyond
 * what was recorded marks the payment refunded (`recordPixRefund`). Concurrent deliveries of one E2E id
 * wait on its primary key: one confirmation.
 */
export function receivePix(
  db: DB,
  pix: ReceivedPix,
  confirm: boolean,
): Promise<{ stored: boolean; refunded: boolean }> {
  return db.transaction().execute(async (trx) => {
    const stored = await pixRepo.insertOnce(trx, {
      end_to_end_id: pix.endToEndId,
      txid: pix.txid,
      amount_cents: pix.amountCents,
      paid_at: pix.paidAt,
      payer: pix.payer,
      unmatched_reason: pix.txid ? 'UNKNOWN_TXID' : 'NO_TXID',
    });
    // A Pix given back whole before we heard of it pays nothing: matched (the attendants see it), not confirmed.
    if (stored) await matchReceivedPix(trx, pix, confirm && pix.refundedCents < pix.amountCents);
    const refunded = pix.refundedCents > 0 && (await recordPixRefund(trx, pix));
    return { stored, refunded };
  });
}
