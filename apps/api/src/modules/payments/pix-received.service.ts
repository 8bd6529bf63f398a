import { centsToReais, type PixReceivedList, type PixReceivedQuery } from '@backoffice/contract';
import type { DB } from '../../db/database';
import { isoTimestamp } from '../../lib/iso-timestamp';
import { pixReceivedRepository as pixRepo } from './pix-received.repository';

/**
 * The Pix received as the payments module shows them: the ones waiting for an employee's click (the bell reads
 * `pixWaitingQuery` inside its own statement) and the page of 'Pix recebidos'. What an order's reads need of its
 * payments (its parts, the Pix that paid it, `PIX_WAITING`) is the orders module's `payment-facts.service.ts`,
 * so that orders never import payments while payments moves orders through the workflow (issue 60 §3).
 */

/**
 * The Pix the bank confirmed that wait for an employee's click (issue 35 §4, 'Pix automático' off), newest
 * first, at most `cap`, with the order each paid: the bell's `pix_waiting`, as a query the bell reads inside
 * its own statement (issue 36).
 */
export function pixWaitingQuery(db: DB, cap: number) {
  return pixRepo.waiting(db, cap);
}

/** The Pix received, newest first, matched or not (`state`), a page at a time. */
export async function receivedPixPage(db: DB, query: PixReceivedQuery): Promise<PixReceivedList> {
  const { rows, total } = await pixRepo.page(db, query.state, query.page * query.items, query.items);
  return {
    data: rows.map((row) => ({
      endToEndId: row.end_to_end_id,
      txid: row.txid,
      amount: centsToReais(row.amount_cents),
      paidAt: isoTimestamp(row.paid_at),
      payer: row.payer,
      state: row.order_id === null ? 'unmatched' : 'matched',
      order: row.order_id === null || row.order_code === null ? null : { id: row.order_id, code: row.order_code },
      reason: row.unmatched_reason,
      confirmedAt: row.confirmed_at ? isoTimestamp(row.confirmed_at) : null,
      receivedAt: isoTimestamp(row.received_at),
      refunded: centsToReais(row.refunded_cents),
      refundedAt: row.refunded_at ? isoTimestamp(row.refunded_at) : null,
    })),
    total,
  };
}
