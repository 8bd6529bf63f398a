import { type Insertable, sql, type Transaction } from 'kysely';
import type { Database } from '../db/schema';

type Table = keyof Database;
type Row<T extends Table> = Insertable<Database[T]>;

/** PostgreSQL takes at most 65,535 bind parameters per statement; stay well below. */
const MAX_PARAMETERS = 30_000;

/** Multi-row inserts, in batches sized by the number of columns. */
export async function insertMany<T extends Table>(
  trx: Transaction<Database>,
  table: T,
  rows: readonly Row<T>[],
): Promise<void> {
  if (rows.length === 0) return;
  const columns = Object.keys(rows[0] as object).length || 1;
  const size = Math.max(1, Math.floor(MAX_PARAMETERS / columns));
  for (let i = 0; i < rows.length; i += size) {
    // biome-ignore lint/suspicious/noExplicitAny: Kysely's generic insert over a table union.
    await (trx.insertInto(table) as any).values(rows.slice(i, i + size)).execute();
  }
}

/** Rows per statement of the column-array insert. */
const UNNEST_BATCH = 10_000;

/** PostgreSQL type names of a table's columns (`int4`, `text`, `timestamptz`, `_text` for text[], …). */
export async function columnTypes(trx: Transaction<Database>, table: Table): Promise<Map<string, string>> {
  const result = await sql<{ name: string; type: string }>`
    select column_name as name, udt_name as type from information_schema.columns
    where table_schema = current_schema() and table_name = ${table}`.execute(trx);
  return new Map(result.rows.map((r) => [r.name, r.type]));
}

/**
 * The fastest insert short of COPY: one array parameter per column, `insert … select … from
 * unnest($1::int4[], $2::text[], …)`, so a statement carries thousands of rows with a handful of
 * parameters. A JSON column travels as text (an object is stringified) and is cast back; tables with array
 * columns go through `insertMany`. Every row must have the same keys.
 */
export async function insertColumns<T extends Table>(
  trx: Transaction<Database>,
  table: T,
  rows: readonly Row<T>[],
  types: Map<string, string>,
): Promise<void> {
  if (rows.length === 0) return;
  const columns = Object.keys(rows[0] as object);
  const kinds = columns.map((c) => types.get(c));
  if (kinds.some((k) => !k || k.startsWith('_'))) return insertMany(trx, table, rows);
  const json = kinds.map((k) => k === 'json' || k === 'jsonb');
  const aliases = columns.map((_, c) => `c${c}`);
  for (let i = 0; i < rows.length; i += UNNEST_BATCH) {
    const batch = rows.slice(i, i + UNNEST_BATCH) as readonly Record<string, unknown>[];
    const arrays = columns.map((column, c) =>
      batch.map((row) => {
        const value = row[column];
        if (value === undefined || value === null) return null;
        if (json[c]) return typeof value === 'string' ? value : JSON.stringify(value);
        return value instanceof Date ? value.toISOString() : value;
      }),
    );
    const params = arrays.map((values, c) => sql`${values}::${sql.raw(json[c] ? 'text' : (kinds[c] as string))}[]`);
    const selected = aliases.map((alias, c) =>
      json[c] ? sql`${sql.ref(alias)}::${sql.raw(kinds[c] as string)}` : sql.ref(alias),
    );
    await sql`insert into ${sql.table(table)} (${sql.join(columns.map((c) => sql.ref(c)))})
      select ${sql.join(selected)} from unnest(${sql.join(params)}) as u(${sql.join(aliases.map((a) => sql.ref(a)))})`.execute(
      trx,
    );
  }
}

/**
 * Updates rows by id in bulk, as `insertColumns` inserts them: `update … set … from unnest($1::int4[], …)`, each row
 * `{ id, column: value, … }` (every row with the same keys; no JSON nor array column).
 */
export async function updateColumns<T extends Table>(
  trx: Transaction<Database>,
  table: T,
  rows: readonly ({ id: number } & Partial<Row<T>>)[],
  types: Map<string, string>,
): Promise<void> {
  if (rows.length === 0) return;
  const columns = Object.keys(rows[0] as object);
  const kinds = columns.map((c) => types.get(c));
  const unknown = columns.filter((_, c) => !kinds[c] || kinds[c]?.startsWith('_') || kinds[c]?.startsWith('json'));
  if (unknown.length > 0) throw new Error(`updateColumns: columns of ${table} it cannot write: ${unknown.join(', ')}`);
  for (let i = 0; i < rows.length; i += UNNEST_BATCH) {
    const batch = rows.slice(i, i + UNNEST_BATCH) as readonly Record<string, unknown>[];
    const params = columns.map((column, c) => {
      const values = batch.map((row) => {
        const value = row[column];
        if (value === undefined || value === null) return null;
        return value instanceof Date ? value.toISOString() : value;
      });
      return sql`${values}::${sql.raw(kinds[c] as string)}[]`;
    });
    const set = columns.filter((c) => c !== 'id').map((c) => sql`${sql.ref(c)} = ${sql.ref(`v.${c}`)}`);
    await sql`update ${sql.table(table)} set ${sql.join(set)}
      from unnest(${sql.join(params)}) as v(${sql.join(columns.map((c) => sql.ref(c)))})
      where ${sql.ref(`${table}.id`)} = v.id`.execute(trx);
  }
}

/** Rows a staged table moves into its real table per statement (a statement's triggers see them all at once). */
const MOVE_BATCH = 400_000;

/**
 * Buffers rows per table and writes them in foreign-key order, so generation can stream through a year of orders
 * without holding it in memory. Buffers go first into a staging table of their own (temporary, no index nor trigger:
 * a cheap write), and `flush` moves each staged table into its real one in as few statements as it can (up to
 * MOVE_BATCH rows each). The real tables' statement-level triggers keep summaries by upserting per statement: a
 * summary row touched by a hundred small statements was rewritten a hundred times (a product's rest-of-year view
 * rows at the demo's scale 100: millions of upserts); moved whole, each is written once. The rows, their order and
 * their ids are the same as written directly.
 */
export class Sink {
  readonly #buffers = new Map<Table, Row<Table>[]>();
  readonly #counts = new Map<Table, number>();
  readonly #types = new Map<Table, Map<string, string>>();
  readonly #staged = new Map<Table, { name: string; columns: string[]; rows: number }>();
  #buffered = 0;

  constructor(
    private readonly trx: Transaction<Database>,
    /** Insert order: a table's rows only reference tables earlier in this list. */
    private readonly order: readonly Table[],
    private readonly threshold = 40_000,
  ) {}

  add<T extends Table>(table: T, row: Row<T>): void {
    let buffer = this.#buffers.get(table);
    if (!buffer) {
      buffer = [];
      this.#buffers.set(table, buffer);
    }
    buffer.push(row as Row<Table>);
    this.#buffered++;
  }

  /** Stages the buffers once they hold enough rows (call it between whole entities, e.g. orders). */
  async maybeFlush(): Promise<void> {
    if (this.#buffered >= this.threshold) await this.#stage();
  }

  /** Writes every row added so far into the real tables, in the insert order. */
  async flush(): Promise<void> {
    await this.#stage();
    for (const table of this.order) {
      const stage = this.#staged.get(table);
      if (!stage || stage.rows === 0) continue;
      const columns = sql.join(stage.columns.map((c) => sql.ref(c)));
      for (let from = 0; from < stage.rows; from += MOVE_BATCH) {
        await sql`insert into ${sql.table(table)} (${columns})
          select ${columns} from ${sql.table(stage.name)}
          where stage_row > ${from} and stage_row <= ${from + MOVE_BATCH} order by stage_row`.execute(this.trx);
      }
      await sql`truncate ${sql.table(stage.name)} restart identity`.execute(this.trx);
      stage.rows = 0;
    }
  }

  counts(): Record<string, number> {
    return Object.fromEntries(this.#counts);
  }

  /** The buffers written into the staging tables (each created at its first rows, dropped at commit). */
  async #stage(): Promise<void> {
    for (const table of this.order) {
      const rows = this.#buffers.get(table);
      if (!rows || rows.length === 0) continue;
      this.#buffers.set(table, []);
      let types = this.#types.get(table);
      if (!types) {
        types = await columnTypes(this.trx, table);
        this.#types.set(table, types);
      }
      const columns = Object.keys(rows[0] as object);
      let stage = this.#staged.get(table);
      if (!stage) {
        stage = { name: `demo_stage_${table}`, columns, rows: 0 };
        await sql`create temp table ${sql.table(stage.name)} on commit drop as
          select ${sql.join(columns.map((c) => sql.ref(c)))} from ${sql.table(table)} with no data`.execute(this.trx);
        await sql`alter table ${sql.table(stage.name)} add column stage_row bigint generated always as identity`.execute(
          this.trx,
        );
        this.#staged.set(table, stage);
      } else if (columns.join() !== stage.columns.join()) {
        throw new Error(`rows of ${table} with other columns than its first ones`);
      }
      await insertColumns(this.trx, stage.name as Table, rows, types);
      stage.rows += rows.length;
      this.#counts.set(table, (this.#counts.get(table) ?? 0) + rows.length);
    }
    for (const [table, rows] of this.#buffers) {
      if (rows.length > 0) throw new Error(`table ${table} is not in the sink's insert order`);
    }
    this.#buffered = 0;
  }
}

/** After inserting explicit ids, moves each identity sequence past the largest id. */
export async function syncIdentity(trx: Transaction<Database>, tables: readonly Table[]): Promise<void> {
  for (const table of tables) {
    await sql`select setval(pg_get_serial_sequence(${table}, 'id'), coalesce((select max(id) from ${sql.table(table)}), 0) + 1, false)`.execute(
      trx,
    );
  }
}

/** The next free id of a table (the generator assigns ids in memory). */
export async function nextId(trx: Transaction<Database>, table: Table): Promise<number> {
  const row = await sql<{ n: number }>`select coalesce(max(id), 0)::int + 1 as n from ${sql.table(table)}`.execute(trx);
  return Number(row.rows[0]?.n ?? 1);
}
