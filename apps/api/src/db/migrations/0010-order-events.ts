import type { Migration } from 'kysely/migration';
import { runStatements } from './run-statements';

/**
 * Live updates (issue 9, docs/architecture.md "Live updates"): every committed change of an order that a
 * screen shows is announced on the PostgreSQL channel `order_events`, which each API process LISTENs to
 * and relays to its browsers (modules/events). NOTIFY is delivered at commit, to every session of the
 * database, so several API processes behind a load balancer all hear it, and a rolled-back change says
 * nothing.
 *
 * Payload (JSON text, parsed by `orderEventPayloadSchema` of the contract):
 * `{ schema, kind: 'created' | 'changed', id, code, status, previousStatus, attendantId }` per order, or
 * `{ schema, kind: 'many', count }` once for a statement that touched more than MANY_ROWS orders (the
 * demo seed inserts thousands at once; one notification each would flood the queue for nothing).
 * `schema` lets a process ignore the orders of another schema in the same database (tests, benchmarks).
 *
 * Statement-level triggers with transition tables, like the report summaries of migration 0007.
 */
const CHANNEL = 'order_events';
const MANY_ROWS = 20;
/** The columns a screen shows (cards, lists, details): a change of any of them is announced. */
const VISIBLE_COLUMNS = [
  'status',
  'customer_id',
  'delivery_type',
  'fast_delivery',
  'with_warranty',
  'payment_method',
  'total_cents',
  'discount_cents',
  'shipping_cost_cents',
  'neighborhood',
  'comments',
  'attendant_id',
  'stocker_id',
  'deliverer_id',
  'finished_at',
];
const changed = `(${VISIBLE_COLUMNS.map((c) => `o.${c}`).join(', ')}) is distinct from (${VISIBLE_COLUMNS.map((c) => `n.${c}`).join(', ')})`;
const rowPayload = (kind: string, previous: string) =>
  `json_build_object('schema', TG_TABLE_SCHEMA, 'kind', '${kind}', 'id', n.id, 'code', n.code, 'status', n.status, 'previousStatus', ${previous}, 'attendantId', n.attendant_id)::text`;
const manyPayload = `json_build_object('schema', TG_TABLE_SCHEMA, 'kind', 'many', 'count', touched)::text`;

export const orderEvents: Migration = {
  async up(db) {
    await runStatements(db, [
      `create function orders_notify_created() returns trigger language plpgsql as $fn$
      declare touched integer;
      begin
        select count(*) into touched from new_rows;
        if touched > ${MANY_ROWS} then
          perform pg_notify('${CHANNEL}', ${manyPayload});
        else
          perform pg_notify('${CHANNEL}', ${rowPayload('created', 'null')}) from new_rows n order by n.id;
        end if;
        return null;
      end $fn$`,
      `create function orders_notify_changed() returns trigger language plpgsql as $fn$
      declare touched integer;
      begin
        select count(*) into touched from new_rows n join old_rows o on o.id = n.id where ${changed};
        if touched > ${MANY_ROWS} then
          perform pg_notify('${CHANNEL}', ${manyPayload});
        elsif touched > 0 then
          perform pg_notify('${CHANNEL}', ${rowPayload('changed', 'o.status')})
            from new_rows n join old_rows o on o.id = n.id where ${changed} order by n.id;
        end if;
        return null;
      end $fn$`,
      `create trigger orders_notify_created after insert on orders referencing new table as new_rows
        for each statement execute function orders_notify_created()`,
      `create trigger orders_notify_changed after update on orders referencing old table as old_rows new table as new_rows
        for each statement execute function orders_notify_changed()`,
    ]);
  },
  async down(db) {
    await runStatements(db, [
      'drop trigger orders_notify_changed on orders',
      'drop trigger orders_notify_created on orders',
      'drop function orders_notify_changed()',
      'drop function orders_notify_created()',
    ]);
  },
};
