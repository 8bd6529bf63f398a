import { type Kysely, sql } from 'kysely';

/** Runs DDL statements one by one (the extended query protocol takes one statement at a time). */
export async function runStatements(db: Kysely<unknown>, statements: string[]): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

/** A plpgsql trigger function running `body` (statements without their ';'), returning null. */
export function triggerFunction(name: string, body: string[]): string {
  return `create function ${name}() returns trigger language plpgsql as $fn$
  begin
    ${body.map((statement) => `${statement};`).join('\n    ')}
    return null;
  end
  $fn$`;
}

/**
 * The four statement-level triggers that keep the counter table `counters` in step with `table` in the
 * same transaction: `onInsert` reads `new_<table>`, `onUpdate` `old_<table>` and `new_<table>`, `onDelete`
 * `old_<table>`; a TRUNCATE of the table empties the counters. Named `<counters>_<event>`.
 */
export function counterTriggers(
  table: 'orders' | 'customers' | 'products' | 'receivables',
  counters: string,
  statements: { onInsert: string; onUpdate: string; onDelete: string },
): string[] {
  return [
    triggerFunction(`${counters}_insert`, [statements.onInsert]),
    `create trigger ${counters}_insert after insert on ${table} referencing new table as new_${table}
        for each statement execute function ${counters}_insert()`,
    triggerFunction(`${counters}_update`, [statements.onUpdate]),
    `create trigger ${counters}_update after update on ${table}
        referencing old table as old_${table} new table as new_${table}
        for each statement execute function ${counters}_update()`,
    triggerFunction(`${counters}_delete`, [statements.onDelete]),
    `create trigger ${counters}_delete after delete on ${table} referencing old table as old_${table}
        for each statement execute function ${counters}_delete()`,
    triggerFunction(`${counters}_truncate`, [`truncate ${counters}`]),
    `create trigger ${counters}_truncate after truncate on ${table}
        for each statement execute function ${counters}_truncate()`,
  ];
}

/** `counterTriggers` on orders. */
export function orderCounterTriggers(
  counters: string,
  statements: { onInsert: string; onUpdate: string; onDelete: string },
): string[] {
  return counterTriggers('orders', counters, statements);
}

/** Drops what `counterTriggers` created on `table`, and the counter table. */
export function dropCounters(table: 'orders' | 'customers' | 'products' | 'receivables', counters: string): string[] {
  return [
    ...['insert', 'update', 'delete', 'truncate'].flatMap((event) => [
      `drop trigger ${counters}_${event} on ${table}`,
      `drop function ${counters}_${event}()`,
    ]),
    `drop table ${counters}`,
  ];
}

/** Drops what `orderCounterTriggers` created, and the counter table. */
export function dropOrderCounters(counters: string): string[] {
  return dropCounters('orders', counters);
}

/**
 * A counter table of rows per `status` of `table` (`counters (status, <column>)`), kept by the four
 * statement-level triggers: an insert adds, a delete subtracts, an update moves the rows whose status changed
 * (one grouped upsert per statement, in status order so opposite moves cannot deadlock). `recount` is the
 * backfill, and what tests compare the triggers with.
 */
export function statusCounters(
  table: 'orders' | 'customers' | 'products',
  counters: string,
  column: string,
  /** The table's column counted by (kept in the counters' `status`): its status, or e.g. products' `archived`. */
  key = 'status',
) {
  const addTo = (source: string) => `insert into ${counters} (status, ${column})
    select s.status, sum(s.n) from (${source}) as s group by s.status order by s.status
    on conflict (status) do update set ${column} = ${counters}.${column} + excluded.${column}`;
  const rows = (from: string, sign: number) => `select ${key} as status, ${sign}::bigint as n from ${from}`;
  /** Only the rows whose status changed, before (−1) and after (+1). */
  const moved = ['o', 'n']
    .map(
      (side) => `select ${side}.${key} as status, ${side === 'o' ? -1 : 1}::bigint as n
   from old_${table} o join new_${table} n on n.id = o.id where o.${key} <> n.${key}`,
    )
    .join(' union all ');
  return {
    triggers: counterTriggers(table, counters, {
      onInsert: addTo(rows(`new_${table}`, 1)),
      onUpdate: addTo(moved),
      onDelete: addTo(rows(`old_${table}`, -1)),
    }),
    recount: [addTo(rows(table, 1))],
  };
}
