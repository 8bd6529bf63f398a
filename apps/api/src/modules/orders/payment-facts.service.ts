import { dueAtHandoverCents, type PartFacts, PIX_PAYABLE_STATUSES } from '@backoffice/contract';
import { sql } from 'kysely';
import type { Executor } from '../../db/executor';

/**
 * What an order's reads need of its payments: its parts as a list's row shows them, what is still due at the
 * handover, the Pix that paid it, and whether a Pix waits for an employee's click. Reads only, of the payments'
 * tables (`order_payments`, `pix_received`, written by the payments module alone): here, in the orders module,
 * so that the orders never import payments while payments moves orders through the workflow (issue 60 §3). The
 * payments module, the dispatch board, selling and the bell read them from here too.
 */

/**
 * A Pix `p` the bank confirmed that waits for an employee's click, paying the order `o` (issue 35 §4; the
 * contract's `pixAwaitsConfirmation`): matched, not confirmed, nothing given back — the predicate of the
 * partial index `pix_received_waiting` (migration 0049) — and the order still waiting for its payment.
 */
export const PIX_WAITING = sql<boolean>`(p.order_id is not null and p.confirmed_at is null and p.refunded_cents = 0
  and o.status in (${sql.join([...PIX_PAYABLE_STATUSES])}))`;

/**
 * The payment parts of the order `o` (issue 38, migration 0057) as JSON for a list's row, in their order, or
 * null without parts: one look into the unique (order_id, seq) index per row.
 */
export const PAYMENT_PARTS = sql<PartFacts[] | null>`(select json_agg(json_build_object('method', p.method,
  'amount', p.amount_cents, 'status', p.status, 'kind', p.card_kind, 'brand', p.card_brand,
  'instalments', p.instalments, 'fee', p.fee_cents, 'door', p.at_door) order by p.seq) from order_payments p where p.order_id = o.id)`;

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
 * The cash a courier collects at the door for an order (cents): what was due when it left, the parts paid before
 * (a Pix, a card at the shop) taken off, the cash part he collected on delivering (`door`, decision 0075) not: the
 * settlement still counts that as his to hand over.
 */
export function courierDueCents(totalCents: number, parts: PartFacts[] | string | null | undefined): number {
  return dueCents(
    totalCents,
    partsOf(parts).filter((part) => !part.door),
  );
}

/**
 * The order `o`'s total less its confirmed parts, never below 0: the contract's `dueAtHandoverCents` as SQL, for
 * figures summed over many orders (the dispatch board's cash per departure) where the parts are not read.
 */
export const DUE_AT_HANDOVER = sql<number>`greatest(0, o.total_cents - coalesce((select sum(p.amount_cents)
  from order_payments p where p.order_id = o.id and p.status = 'CONFIRMED'), 0))`;

/**
 * The Pix that paid this order whole, if any: not one of its parts' Pix (decision 0042: a part's Pix is matched to
 * the order too, and is read with its part).
 */
export function pixOfOrder(db: Executor, orderId: number) {
  return db
    .selectFrom('pix_received as r')
    .selectAll('r')
    .where('r.order_id', '=', orderId)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb.selectFrom('order_payments as p').select('p.id').whereRef('p.end_to_end_id', '=', 'r.end_to_end_id'),
        ),
      ),
    )
    .executeTakeFirst();
}
