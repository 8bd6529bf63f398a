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
 * The four statement-level triggers that keep the counter table `counters` in step with `orders` in the
 * same transaction: `onInsert` reads `new_orders`, `onUpdate` `old_orders` and `new_orders`, `onDelete`
 * `old_orders`; a TRUNCATE of orders empties the counters. Named `<counters>_<event>`.
 */
export function orderCounterTriggers(
  counters: string,
  statements: { onInsert: string; onUpdate: string; onDelete: string },
): string[] {
  return [
    triggerFunction(`${counters}_insert`, [statements.onInsert]),
    `create trigger ${counters}_insert after insert on orders referencing new table as new_orders
        for each statement execute function ${counters}_insert()`,
    triggerFunction(`${counters}_update`, [statements.onUpdate]),
    `create trigger ${counters}_update after update on orders
        referencing old table as old_orders new table as new_orders
        for each statement execute function ${counters}_update()`,
    triggerFunction(`${counters}_delete`, [statements.onDelete]),
    `create trigger ${counters}_delete after delete on orders referencing old table as old_orders
        for each statement execute function ${counters}_delete()`,
    triggerFunction(`${counters}_truncate`, [`truncate ${counters}`]),
    `create trigger ${counters}_truncate after truncate on orders
        for each statement execute function ${counters}_truncate()`,
  ];
}

/** Drops what `orderCounterTriggers` created, and the counter table. */
export function dropOrderCounters(counters: string): string[] {
  return [
    ...['insert', 'update', 'delete', 'truncate'].flatMap((event) => [
      `drop trigger ${counters}_${event} on orders`,
      `drop function ${counters}_${event}()`,
    ]),
    `drop table ${counters}`,
  ];
}
