import type { Migration } from 'kysely/migration';
import { runStatements } from './run-statements';

/**
 * Cash always lands (issue 54 §2, decision 0075). `order_payments.at_door`: a cash part the courier collected at the
 * door on delivering (he holds it until his run's settlement puts it in a drawer; the settlement still counts it as
 * the cash he owes). And the backfill: every order already delivered (5) or finalized (13) paid in cash (not a card
 * at the door) whose confirmed parts are short of its total gets one confirmed cash part for the difference, at its
 * `finished_at` (else `updated_at`); one that went through 'Entregue' was collected at the door. A drawer's SALE entry
 * that took such an order's cash at the counter names its part.
 */
export const cashAlwaysLands: Migration = {
  async up(db) {
    await runStatements(db, [
      'alter table order_payments add column at_door boolean not null default false',
      `insert into order_payments (order_id, seq, method, amount_cents, status, at_door, created_at, confirmed_at)
        select o.id, coalesce(paid.last_seq, 0) + 1, 'CASH', o.total_cents - coalesce(paid.cents, 0), 'CONFIRMED',
          exists (select 1 from order_status_history h where h.order_id = o.id and h.status = 5),
          coalesce(o.finished_at, o.updated_at), coalesce(o.finished_at, o.updated_at)
        from orders o
        left join (select order_id, max(seq) as last_seq,
                     sum(amount_cents) filter (where status = 'CONFIRMED') as cents
                   from order_payments group by order_id) paid on paid.order_id = o.id
        where o.status in (5, 13) and o.payment_method = 'CASH' and not o.card_on_delivery
          and o.total_cents > coalesce(paid.cents, 0)`,
      // The cash a drawer already took at the counter for such an order (its SALE entry, naming no part) now names
      // the part it was: the cash flow counts that money once, by its part.
      `update cash_entries e set payment_id = p.id
        from order_payments p
        where e.kind = 'SALE' and e.payment_id is null and e.order_id = p.order_id
          and p.method = 'CASH' and p.status = 'CONFIRMED' and not p.at_door and p.created_by is null
          and p.amount_cents = e.amount_cents`,
    ]);
  },
  async down(db) {
    await runStatements(db, ['alter table order_payments drop column at_door']);
  },
};
