import type { Migration } from 'kysely/migration';
import { runStatements, triggerFunction } from './run-statements';

/**
 * Reports 19 'Margem' and 21 'Faturamento por período' read a summary (issue 59, decision 0103): `report_margin`
 * holds, per São Paulo day ('D'), month ('M') and rest of the year ('R': a month to December, so a year is two or
 * three lookups, as migration 0009's rankings) and per dimension — the whole ('T'), a product ('P', 0 for
 * freight and services), a customer ('C'), an attendant ('A', 0 for none) — the sums of the report's lines (units,
 * goods, discounts, exchanges and returns, cost), the sales counted, the lines summed and, on 'T', the card fees of
 * those sales.
 *
 * What a line costs depends on many tables (the order, its lines, its exchanges and returns, the ledger rows and the
 * units they name, a unit's own cost), so the database does not add up the figures itself: the triggers below only
 * write which São Paulo days a statement touched in `report_margin_dirty` (an append-only list, no lock shared by
 * two sales), and the reports module recomputes those days from the one definition of a sale's money
 * (`marginLines`, `modules/reports/margin-summary.ts`) in the scheduled task 'report-summaries'. Until then a report
 * reads a dirty day from the raw rows: an answer is always exact, a summarised day only faster.
 */
/**
 * The summary's days are São Paulo's, as 0007's (`SUMMARY_ZONE` of reports/summary-period.ts): frozen here, as a
 * migration runs as it was written (clock-stray.test.ts names it among the history).
 */
const LOCAL_DAY = (column: string) => `(${column} at time zone 'America/Sao_Paulo')::date`;
const mark = (days: string) => `insert into report_margin_dirty (day) select distinct d from (${days}) as x(d)`;

/** The days of the orders whose id `ids` selects, and of their exchanges and returns. */
const orderDays = (ids: string) => `select ${LOCAL_DAY('o.created_at')} from orders o where o.id in (${ids})
  union select ${LOCAL_DAY('a.created_at')} from order_adjustments a where a.original_order_id in (${ids})`;

/** The days of the orders whose `created_at` a transition table of orders holds, and of their adjustments. */
const ordersRows = (rows: string) => `select ${LOCAL_DAY('r.created_at')} from ${rows} r
  union select ${LOCAL_DAY('a.created_at')} from order_adjustments a where a.original_order_id in (select s.id from ${rows} s)`;

/** An order's columns that a margin line reads. */
const CHANGED = `select o.id from old_rows o join new_rows n on n.id = o.id
  where o.status is distinct from n.status or o.created_at is distinct from n.created_at
    or o.customer_id is distinct from n.customer_id or o.attendant_id is distinct from n.attendant_id
    or o.shipping_cost_cents is distinct from n.shipping_cost_cents
    or o.fast_delivery_tax_cents is distinct from n.fast_delivery_tax_cents
    or o.labour_cents is distinct from n.labour_cents or o.warranty_cents is distinct from n.warranty_cents`;

/** The days each source's statement touches, by its transition tables (`rows`: new_rows or old_rows). */
const SOURCES: { table: string; days: (rows: string) => string; update?: string }[] = [
  {
    table: 'orders',
    days: ordersRows,
    update: `${mark(`select ${LOCAL_DAY('o.created_at')} from old_rows o where o.id in (${CHANGED})
      union ${ordersRows(`(select n.* from new_rows n where n.id in (${CHANGED}))`)}`)}`,
  },
  { table: 'order_items', days: (rows) => orderDays(`select order_id from ${rows}`) },
  { table: 'order_adjustments', days: (rows) => `select ${LOCAL_DAY('created_at')} from ${rows}` },
  {
    table: 'stock_movements',
    days: (rows) => orderDays(`select order_id from ${rows} where order_id is not null`),
  },
  {
    table: 'stock_movement_units',
    days: (rows) =>
      orderDays(`select m.order_id from stock_movements m where m.order_id is not null
        and m.id in (select movement_id from ${rows})`),
  },
  {
    table: 'order_payments',
    days: (rows) => orderDays(`select order_id from ${rows} where method = 'CARD'`),
  },
];

/** A unit whose own cost changed: the sales that took it and the exchanges and returns that name it. */
const UNIT_COST_CHANGED = `select n.id from old_rows o join new_rows n on n.id = o.id where o.cost_cents <> n.cost_cents`;
const unitDays = `${orderDays(`select m.order_id from stock_movements m
    join stock_movement_units mu on mu.movement_id = m.id
    where m.order_id is not null and mu.unit_id in (${UNIT_COST_CHANGED})`)}
  union select ${LOCAL_DAY('a.created_at')} from order_adjustments a
    where a.unit_id in (${UNIT_COST_CHANGED}) or a.replacement_unit_id in (${UNIT_COST_CHANGED})`;

const EVENTS = ['insert', 'update', 'delete'] as const;
const transition = {
  insert: 'new table as new_rows',
  update: 'old table as old_rows new table as new_rows',
  delete: 'old table as old_rows',
};

function triggersOf(source: (typeof SOURCES)[number]): string[] {
  return EVENTS.flatMap((event) => {
    const fn = `report_margin_${source.table}_${event}`;
    const body =
      event === 'insert'
        ? mark(source.days('new_rows'))
        : event === 'delete'
          ? mark(source.days('old_rows'))
          : (source.update ?? `${mark(source.days('old_rows'))}; ${mark(source.days('new_rows'))}`);
    return [
      triggerFunction(fn, [body]),
      `create trigger ${fn} after ${event} on ${source.table} referencing ${transition[event]}
        for each statement execute function ${fn}()`,
    ];
  });
}

/** Every day with a sale or an exchange or return: the backfill, done by the first rounds of the task. */
const ALL_DAYS = mark(`select ${LOCAL_DAY('created_at')} from orders
  union select ${LOCAL_DAY('created_at')} from order_adjustments`);

export const marginSummary: Migration = {
  async up(db) {
    await runStatements(db, [
      `create table report_margin (
        dimension char(1) not null check (dimension in ('T', 'P', 'C', 'A')),
        grain char(1) not null check (grain in ('D', 'M', 'R')),
        bucket date not null,
        key integer not null,
        quantity bigint not null default 0,
        gross_cents bigint not null default 0,
        discount_cents bigint not null default 0,
        returns_cents bigint not null default 0,
        cost_cents bigint not null default 0,
        orders bigint not null default 0,
        lines bigint not null default 0,
        card_fee_cents bigint not null default 0,
        -- A period reads ranges of (dimension, grain, bucket): the figures in the index make them index-only scans.
        primary key (dimension, grain, bucket, key) include (quantity, gross_cents, discount_cents, returns_cents,
          cost_cents, orders, lines, card_fee_cents)
      )`,
      `create table report_margin_dirty (
        id bigint generated always as identity primary key,
        day date not null
      )`,
      'create index report_margin_dirty_day on report_margin_dirty (day)',
      ...SOURCES.flatMap(triggersOf),
      triggerFunction('report_margin_product_units_update', [mark(unitDays)]),
      `create trigger report_margin_product_units_update after update on product_units
        referencing old table as old_rows new table as new_rows
        for each statement execute function report_margin_product_units_update()`,
      // Emptied with its sources (the seed's --reset): nothing left to recompute.
      triggerFunction('report_margin_truncate', ['truncate report_margin', 'truncate report_margin_dirty']),
      `create trigger report_margin_truncate after truncate on orders
        for each statement execute function report_margin_truncate()`,
      ALL_DAYS,
    ]);
  },
  async down(db) {
    await runStatements(db, [
      'drop trigger report_margin_truncate on orders',
      'drop function report_margin_truncate()',
      'drop trigger report_margin_product_units_update on product_units',
      'drop function report_margin_product_units_update()',
      ...SOURCES.flatMap((source) =>
        EVENTS.flatMap((event) => [
          `drop trigger report_margin_${source.table}_${event} on ${source.table}`,
          `drop function report_margin_${source.table}_${event}()`,
        ]),
      ),
      'drop table report_margin_dirty',
      'drop table report_margin',
    ]);
  },
};
