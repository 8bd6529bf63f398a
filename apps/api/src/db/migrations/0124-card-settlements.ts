import type { Migration } from 'kysely/migration';
import { runStatements, triggerFunction } from './run-statements';

/**
 * The payments the acquirer makes of the confirmed card parts, kept as the parts change (issue 59, decision 0106).
 *
 * `card_part_payments` is the one definition of a part's payments in SQL (the contract's `cardPartSettlements` is its
 * twin, bound by lib/card-settlements-sql.test.ts): payment n of N on the part's day + `settlement_days` × n, the net
 * and the fee each split in N with the cents that do not divide on the first, limited to [first_day, last_day] when
 * given (either may be null). `lib/card-settlements-sql.ts` expands the parts with it for a business in another zone
 * than São Paulo; the triggers below expand each part with it when it is written.
 *
 * `card_settlements` holds one row per payment of every confirmed card part (the part's day in São Paulo, as
 * 0007's and 0122's summaries), `card_settlement_days` their count and sums per day. Statement-level triggers on
 * `order_payments` take away the payments of the parts a statement deleted or changed (a column the payments read)
 * and add those of the parts it inserted or changed, in the same transaction: the tables never lag. An order's code
 * renamed is copied to its payments (report 20 sorts by it).
 */
const SAO_PAULO_DAY = (column: string) => `(${column} at time zone 'America/Sao_Paulo')::date`;

/** A part that pays: confirmed, by card, with its net and instalments. */
const PAYS = `p.method = 'CARD' and p.status = 'CONFIRMED' and p.net_cents is not null and p.instalments is not null`;

/** The columns a part's payments read: an update touching none of them changes nothing here. */
const READ = ['order_id', 'method', 'status', 'confirmed_at', 'created_at', 'net_cents', 'fee_cents', 'instalments'];
const CHANGED = `select n.id from old_rows o join new_rows n on n.id = o.id
  where (${[...READ, 'settlement_days'].map((c) => `o.${c}`).join(', ')})
    is distinct from (${[...READ, 'settlement_days'].map((c) => `n.${c}`).join(', ')})`;

const SUMS =
  'count(*) as settlements, sum(gross_cents) as gross_cents, sum(fee_cents) as fee_cents, sum(net_cents) as net_cents';

/** Adds the payments of the parts `rows` selects (a transition table, or a select of one) and their days' sums. */
const add = (rows: string) => `with added as (
    insert into card_settlements
      (payment_id, instalment, day, order_id, order_code, instalments, gross_cents, fee_cents, net_cents)
    select p.id, s.instalment, s.day, p.order_id, o.code, p.instalments, s.net_cents + s.fee_cents, s.fee_cents,
      s.net_cents
    from ${rows} p join orders o on o.id = p.order_id
    cross join lateral card_part_payments(${SAO_PAULO_DAY('coalesce(p.confirmed_at, p.created_at)')},
      coalesce(p.settlement_days, 0), p.instalments, p.net_cents::bigint, coalesce(p.fee_cents, 0)::bigint, null, null) s
    where ${PAYS}
    returning day, gross_cents, fee_cents, net_cents
  )
  insert into card_settlement_days as d (day, settlements, gross_cents, fee_cents, net_cents)
  select day, ${SUMS} from added group by day
  on conflict (day) do update set settlements = d.settlements + excluded.settlements,
    gross_cents = d.gross_cents + excluded.gross_cents, fee_cents = d.fee_cents + excluded.fee_cents,
    net_cents = d.net_cents + excluded.net_cents`;

/** Takes away the payments of the parts whose ids `ids` selects, and their days' sums. */
const remove = (ids: string) => `with gone as (
    delete from card_settlements where payment_id in (${ids}) returning day, gross_cents, fee_cents, net_cents
  )
  update card_settlement_days d set settlements = d.settlements - g.settlements,
    gross_cents = d.gross_cents - g.gross_cents, fee_cents = d.fee_cents - g.fee_cents,
    net_cents = d.net_cents - g.net_cents
  from (select day, ${SUMS} from gone group by day) g
  where d.day = g.day`;

const TRIGGERS = [
  { event: 'insert', transition: 'new table as new_rows', body: [add('new_rows')] },
  {
    event: 'update',
    transition: 'old table as old_rows new table as new_rows',
    body: [remove(CHANGED), add(`(select * from new_rows where id in (${CHANGED}))`)],
  },
  { event: 'delete', transition: 'old table as old_rows', body: [remove('select id from old_rows')] },
] as const;

export const cardSettlements: Migration = {
  async up(db) {
    await runStatements(db, [
      `create function card_part_payments(part_day date, part_days integer, part_instalments integer,
          part_net bigint, part_fee bigint, first_day date, last_day date)
        returns table (instalment integer, day date, net_cents bigint, fee_cents bigint)
        language sql immutable parallel safe as $fn$
        select g.i, part_day + part_days * g.i,
          floor(part_net::numeric / part_instalments)::bigint
            + case when g.i = 1 then part_net - floor(part_net::numeric / part_instalments)::bigint * part_instalments
              else 0 end,
          floor(part_fee::numeric / part_instalments)::bigint
            + case when g.i = 1 then part_fee - floor(part_fee::numeric / part_instalments)::bigint * part_instalments
              else 0 end
        -- Only the instalments whose day can fall in the period: n from (first − day) / days up to (last − day) / days.
        from generate_series(
          case when part_days > 0 and first_day is not null
            then greatest(1, ceil((first_day - part_day)::numeric / part_days)::int) else 1 end,
          case when part_days > 0 and last_day is not null
            then least(part_instalments, floor((last_day - part_day)::numeric / part_days)::int)
            else part_instalments end) as g(i)
        where (first_day is null or part_day + part_days * g.i >= first_day)
          and (last_day is null or part_day + part_days * g.i <= last_day)
      $fn$`,
      `create table card_settlements (
        payment_id integer not null,
        instalment integer not null,
        day date not null,
        order_id integer not null,
        order_code text not null,
        instalments integer not null,
        gross_cents bigint not null,
        fee_cents bigint not null,
        net_cents bigint not null,
        primary key (payment_id, instalment)
      )`,
      // Report 20's order: a page is a range of this index from the day its offset falls on.
      `create index card_settlements_day on card_settlements (day, order_code collate "C", payment_id, instalment)`,
      'create index card_settlements_order on card_settlements (order_id)',
      `create table card_settlement_days (
        day date primary key,
        settlements integer not null,
        gross_cents bigint not null,
        fee_cents bigint not null,
        net_cents bigint not null
      )`,
      ...TRIGGERS.flatMap(({ event, transition, body }) => [
        triggerFunction(`card_settlements_${event}`, [...body]),
        `create trigger card_settlements_${event} after ${event} on order_payments referencing ${transition}
          for each statement execute function card_settlements_${event}()`,
      ]),
      triggerFunction('card_settlements_truncate', ['truncate card_settlements', 'truncate card_settlement_days']),
      `create trigger card_settlements_truncate after truncate on order_payments
        for each statement execute function card_settlements_truncate()`,
      `create function card_settlements_order_code() returns trigger language plpgsql as $fn$
      begin
        update card_settlements set order_code = new.code where order_id = new.id;
        return null;
      end
      $fn$`,
      `create trigger card_settlements_order_code after update of code on orders
        for each row when (old.code is distinct from new.code) execute function card_settlements_order_code()`,
      // The parts already confirmed.
      add('order_payments'),
    ]);
  },
  async down(db) {
    await runStatements(db, [
      'drop trigger card_settlements_order_code on orders',
      'drop function card_settlements_order_code()',
      ...['insert', 'update', 'delete', 'truncate'].flatMap((event) => [
        `drop trigger card_settlements_${event} on order_payments`,
        `drop function card_settlements_${event}()`,
      ]),
      'drop table card_settlement_days',
      'drop table card_settlements',
      'drop function card_part_payments(date, integer, integer, bigint, bigint, date, date)',
    ]);
  },
};
