import {
  centsToReais,
  dueAtHandoverCents,
  type PartFacts,
  type PixReceivedList,
  type PixReceivedQuery,
} from '@backoffice/contract';
import { sql } from 'kysely';
import type { DB } from '../../db/database';
import type { Executor } from '../../db/executor';
import { PIX_WAITING, pixReceivedRepository as pixRepo } from './pix-received.repository';

/**
 * The Pix received as other modules read them: the one that paid an order (its details), the ones waiting for
 * an employee's click (the bell; `PIX_WAITING`, the SQL the orders' lists and counters filter by). Reads only:
 * this file imports no other module, so the orders module may read it while payments moves orders through
 * the workflow (payments.service.ts).
 */
export { PIX_WAITING };

/**
 * The payment parts of the order `o` (issue 38, migration 0057) as JSON for a list's row, in their order, or
 * null without parts: one look into the unique (order_id, seq) index per row.
 */
export const PAYMENT_PARTS = sql<PartFacts[] | null>`(select json_agg(json_build_object('method', p.method,
  'amount', p.amount_cents, 'status', p.status, 'kind', p.card_kind, 'brand', p.card_brand,
  'instalments', p.instalments, 'fee', p.fee_cents) order by p.seq) from order_payments p where p.order_id = o.id)`;

/** `PAYMENT_PARTS` as the driver answered it (json: an array; as text from some drivers; null without parts). */
export function partsOf(value: PartFacts[] | string | null | undefined): PartFacts[] {
  if (!value) return [];
  return typeof value === 'string' ? (JSON.parse(value) as PartFacts[]) : value;
}

/** What is left to pay at the handover (cents), a cash order's or a door card's: `dueAtHandoverCents` of its parts. */
export function dueCents(totalCents: number, parts: PartFacts[] | string | null | undefined): number {
  return dueAtHandoverCents(
    totalCents,
    partsOf(parts).map((part) => ({ status: part.status, amountCents: part.amount })),
  );
}

/**
 * The order `o`'s total less its confirmed parts, never below 0: the contract's `dueAtHandoverCents` as SQL, for
 * figures summed over many orders (the dispatch board's cash per departure) where the parts are not read.
 */
export const DUE_AT_HANDOVER = sql<number>`greatest(0, o.total_cents - coalesce((select sum(p.amount_cents)
  from order_payments p where p.order_id = o.id and p.status = 'CONFIRMED'), 0))`;

const iso = (value: Date | string) => new Date(value).toISOString();

/** The Pix that paid this order, if any. */
export function pixOfOrder(db: Executor, orderId: number) {
  return pixRepo.ofOrder(db, orderId);
}

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
      paidAt: iso(row.paid_at),
      payer: row.payer,
      state: row.order_id === null ? 'unmatched' : 'matched',
      order: row.order_id === null || row.order_code === null ? null : { id: row.order_id, code: row.order_code },
      reason: row.unmatched_reason,
      confirmedAt: row.confirmed_at ? iso(row.confirmed_at) : null,
      receivedAt: iso(row.received_at),
      refunded: centsToReais(row.refunded_cents),
      refundedAt: row.refunded_at ? iso(row.refunded_at) : null,
    })),
    total,
  };
}
