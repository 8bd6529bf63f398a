import type { Migration } from 'kysely/migration';
import { runStatements, triggerFunction } from './run-statements';

/**
 * Reports (docs/reports.md): summary tables that add up a year without reading every row, kept right by
 * statement-level triggers in the same transaction as the rows they summarise (so the demo seed's bulk
 * inserts, checkout, cancellations and the shop app's analytics need no code), plus the indexes of the
 * reports that read raw rows.
 *
 * Every summary row is (grain, bucket, key…, figures): grain 'D' is a São Paulo day (bucket = that date),
 * grain 'M' a São Paulo month (bucket = its first day). Each source row adds to one 'D' and one 'M' row;
 * a period is read from whole months, whole days at its ends, and raw rows for the partial days
 * (`summarySources` in modules/reports/reports.repository.ts).
 *
 * A sale is an order whose status is neither CANCELADO (7) nor REPROVADOS (12). Orders are never deleted
 * by the application; a TRUNCATE of a source empties its summaries (the seed's --reset).
 */
const LOCAL_DAY = (column: string) => `(${column} at time zone 'America/Sao_Paulo')::date`;
const NOT_SALE = '(7, 12)';
const GRAINS = `(values ('D'), ('M')) as g(grain)`;
const BUCKET = (day: string) => `case g.grain when 'D' then ${day} else date_trunc('month', ${day})::date end`;

interface Summary {
  table: string;
  keys: string[];
  figures: string[];
}

const PRODUCT_SALES: Summary = { table: 'report_product_sales', keys: ['product_id'], figures: ['quantity'] };
const CUSTOMER_SALES: Summary = {
  table: 'report_customer_sales',
  keys: ['customer_id'],
  figures: ['orders', 'total_cents'],
};
const PRODUCT_VIEWS: Summary = { table: 'report_product_views', keys: ['product_id'], figures: ['views'] };
const SEARCHES: Summary = {
  table: 'report_search_terms',
  keys: ['normalized_term', 'with_result'],
  figures: ['searches'],
};
const SIGNINS: Summary = { table: 'report_customer_signins', keys: ['customer_id'], figures: ['signins'] };
const SUMMARIES = [PRODUCT_SALES, CUSTOMER_SALES, PRODUCT_VIEWS, SEARCHES, SIGNINS];

/**
 * `insert … on conflict do update` adding the contributions of `source` (a select of `day`, the keys and
 * the figures, signed) to both grains.
 */
function addTo(summary: Summary, source: string): string {
  const columns = ['grain', 'bucket', ...summary.keys, ...summary.figures];
  const figures = summary.figures.map((f) => `sum(s.${f})`);
  return `insert into ${summary.table} (${columns.join(', ')})
    select g.grain, ${BUCKET('s.day')}, ${summary.keys.map((k) => `s.${k}`).join(', ')}, ${figures.join(', ')}
    from (${source}) as s cross join ${GRAINS}
    group by 1, 2, ${summary.keys.map((_, i) => i + 3).join(', ')}
    on conflict (grain, bucket, ${summary.keys.join(', ')}) do update set
    ${summary.figures.map((f) => `${f} = ${summary.table}.${f} + excluded.${f}`).join(', ')}`;
}

function createSummary(summary: Summary, keyTypes: string[]): string {
  return `create table ${summary.table} (
    grain char(1) not null check (grain in ('D', 'M')),
    bucket date not null,
    ${summary.keys.map((k, i) => `${k} ${keyTypes[i]} not null`).join(',\n    ')},
    ${summary.figures.map((f) => `${f} bigint not null default 0`).join(',\n    ')},
    primary key (grain, bucket, ${summary.keys.join(', ')})
  )`;
}

function coveringIndex(summary: Summary): string {
  return `create index ${summary.table}_period on ${summary.table} (grain, bucket) include (${[...summary.keys, ...summary.figures].join(', ')})`;
}

// ---------- the contributions of each source ----------
/** Items of sales: + on insert, − on delete (their order's status and date). */
const itemsSource = (table: string, sign: number) =>
  `select ${LOCAL_DAY('o.created_at')} as day, i.product_id, ${sign} * i.quantity::bigint as quantity
   from ${table} i join orders o on o.id = i.order_id where o.status not in ${NOT_SALE}`;

/** Orders whose sale, date, customer or total changed: − what the old row gave, + what the new one gives. */
const CHANGED_ORDERS = `select o.id from old_orders o join new_orders n on n.id = o.id
  where (o.status in ${NOT_SALE}) <> (n.status in ${NOT_SALE}) or o.created_at <> n.created_at
     or o.customer_id <> n.customer_id or o.total_cents <> n.total_cents`;
const orderItemsSource = (table: string, sign: number) =>
  `select ${LOCAL_DAY('o.created_at')} as day, i.product_id, ${sign} * i.quantity::bigint as quantity
   from ${table} o join order_items i on i.order_id = o.id
   where o.status not in ${NOT_SALE} and o.id in (${CHANGED_ORDERS})`;
const customerSource = (table: string, sign: number, onlyChanged: boolean) =>
  `select ${LOCAL_DAY('o.created_at')} as day, o.customer_id, ${sign}::bigint as orders,
     ${sign} * o.total_cents::bigint as total_cents
   from ${table} o where o.status not in ${NOT_SALE}${onlyChanged ? ` and o.id in (${CHANGED_ORDERS})` : ''}`;
const viewsSource = (table: string, sign: number) =>
  `select ${LOCAL_DAY('created_at')} as day, product_id, ${sign}::bigint as views from ${table}`;
const searchesSource = (table: string, sign: number) =>
  `select ${LOCAL_DAY('created_at')} as day, normalized_term, result_count > 0 as with_result,
     ${sign}::bigint as searches from ${table}`;
const signinsSource = (table: string, sign: number) =>
  `select ${LOCAL_DAY('created_at')} as day, customer_id, ${sign}::bigint as signins from ${table}`;

/** An after-statement trigger with transition tables. */
function statementTrigger(table: string, event: 'insert' | 'update' | 'delete', fn: string, tables: string) {
  return `create trigger ${fn} after ${event} on ${table} referencing ${tables} for each statement execute function ${fn}()`;
}

function truncateTrigger(source: string, summaries: Summary[]): string[] {
  const fn = `report_truncate_${source}`;
  return [
    triggerFunction(
      fn,
      summaries.map((s) => `truncate ${s.table}`),
    ),
    `create trigger ${fn} after truncate on ${source} for each statement execute function ${fn}()`,
  ];
}

/** Triggers of an append-style source (insert adds, delete subtracts, update = delete + insert). */
function sourceTriggers(source: string, summary: Summary, contribution: (table: string, sign: number) => string) {
  const prefix = `report_${source}`;
  return [
    triggerFunction(`${prefix}_insert`, [addTo(summary, contribution('new_rows', 1))]),
    statementTrigger(source, 'insert', `${prefix}_insert`, 'new table as new_rows'),
    triggerFunction(`${prefix}_delete`, [addTo(summary, contribution('old_rows', -1))]),
    statementTrigger(source, 'delete', `${prefix}_delete`, 'old table as old_rows'),
    triggerFunction(`${prefix}_update`, [
      addTo(summary, contribution('old_rows', -1)),
      addTo(summary, contribution('new_rows', 1)),
    ]),
    statementTrigger(source, 'update', `${prefix}_update`, 'old table as old_rows new table as new_rows'),
  ];
}

/** Recomputes every summary from the raw rows (the backfill, and what the tests compare with). */
export const BACKFILL = [
  addTo(PRODUCT_SALES, itemsSource('order_items', 1)),
  addTo(CUSTOMER_SALES, customerSource('orders', 1, false)),
  addTo(PRODUCT_VIEWS, viewsSource('product_views', 1)),
  addTo(SEARCHES, searchesSource('search_terms', 1)),
  addTo(SIGNINS, signinsSource('customer_signins', 1)),
];

export const reports: Migration = {
  async up(db) {
    await runStatements(db, [
      createSummary(PRODUCT_SALES, ['integer']),
      createSummary(CUSTOMER_SALES, ['integer']),
      createSummary(PRODUCT_VIEWS, ['integer']),
      createSummary(SEARCHES, ['text', 'boolean']),
      createSummary(SIGNINS, ['integer']),
      // A period reads whole (grain, bucket) ranges: covering indexes make those index-only scans.
      ...SUMMARIES.map(coveringIndex),
      // order_items: sales by product
      ...sourceTriggers('order_items', PRODUCT_SALES, itemsSource),
      // orders: a new sale counts for its customer; a status, date, customer or total change moves both
      triggerFunction('report_orders_insert', [addTo(CUSTOMER_SALES, customerSource('new_rows', 1, false))]),
      statementTrigger('orders', 'insert', 'report_orders_insert', 'new table as new_rows'),
      triggerFunction('report_orders_update', [
        addTo(PRODUCT_SALES, orderItemsSource('old_orders', -1)),
        addTo(PRODUCT_SALES, orderItemsSource('new_orders', 1)),
        addTo(CUSTOMER_SALES, customerSource('old_orders', -1, true)),
        addTo(CUSTOMER_SALES, customerSource('new_orders', 1, true)),
      ]),
      statementTrigger('orders', 'update', 'report_orders_update', 'old table as old_orders new table as new_orders'),
      triggerFunction('report_orders_delete', [addTo(CUSTOMER_SALES, customerSource('old_rows', -1, false))]),
      statementTrigger('orders', 'delete', 'report_orders_delete', 'old table as old_rows'),
      ...sourceTriggers('product_views', PRODUCT_VIEWS, viewsSource),
      ...sourceTriggers('search_terms', SEARCHES, searchesSource),
      ...sourceTriggers('customer_signins', SIGNINS, signinsSource),
      ...truncateTrigger('orders', [PRODUCT_SALES, CUSTOMER_SALES]),
      ...truncateTrigger('order_items', [PRODUCT_SALES]),
      ...truncateTrigger('product_views', [PRODUCT_VIEWS]),
      ...truncateTrigger('search_terms', [SEARCHES]),
      ...truncateTrigger('customer_signins', [SIGNINS]),
      ...BACKFILL,
      // Raw-row reports (docs/reports.md): sales by payment over a period, adjustments by employee,
      // fast-delivery customers, low stock, and the edges of the summarised periods.
      `create index orders_payment_created on orders (payment_method, created_at) where status not in ${NOT_SALE}`,
      `create index orders_fast_delivery on orders (customer_id) where fast_delivery and status not in ${NOT_SALE}`,
      `create index orders_awaiting_courier on orders (deliverer_id, updated_at) where status in (3, 15)`,
      `create index order_adjustments_employee on order_adjustments (employee_id, kind, created_at)`,
      `create index order_adjustments_deliverer on order_adjustments (deliverer_id, kind, created_at)`,
      `create index products_low_stock on products (name, id) where not archived and stock <= stock_alert`,
      `create index report_product_sales_product on report_product_sales (product_id)`,
    ]);
  },
  async down(db) {
    await runStatements(db, [
      'drop index orders_payment_created',
      'drop index orders_fast_delivery',
      'drop index orders_awaiting_courier',
      'drop index order_adjustments_employee',
      'drop index order_adjustments_deliverer',
      'drop index products_low_stock',
      ...[
        ['order_items', 'insert'],
        ['order_items', 'delete'],
        ['order_items', 'update'],
        ['orders', 'insert'],
        ['orders', 'update'],
        ['orders', 'delete'],
        ['product_views', 'insert'],
        ['product_views', 'delete'],
        ['product_views', 'update'],
        ['search_terms', 'insert'],
        ['search_terms', 'delete'],
        ['search_terms', 'update'],
        ['customer_signins', 'insert'],
        ['customer_signins', 'delete'],
        ['customer_signins', 'update'],
        ['orders', 'truncate'],
        ['order_items', 'truncate'],
        ['product_views', 'truncate'],
        ['search_terms', 'truncate'],
        ['customer_signins', 'truncate'],
      ].flatMap(([table, event]) => [
        `drop trigger report_${event === 'truncate' ? `truncate_${table}` : `${table}_${event}`} on ${table}`,
        `drop function report_${event === 'truncate' ? `truncate_${table}` : `${table}_${event}`}()`,
      ]),
      ...SUMMARIES.map((s) => `drop table ${s.table}`),
    ]);
  },
};
