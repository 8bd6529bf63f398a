import {
  AliasNode,
  DeleteQueryNode,
  InsertQueryNode,
  type KyselyPlugin,
  type OperationNode,
  RawNode,
  SelectQueryNode,
  TableNode,
  UpdateQueryNode,
  WithNode,
} from 'kysely';

/** Hears, in this process, that a statement is about to write one of its tables (before commit). */
export type WriteListener = (tables: readonly string[]) => void;

export interface WriteWatch {
  readonly plugin: KyselyPlugin;
  /** Calls `listener` before each statement that inserts, updates or deletes rows of one of `tables`. */
  onWrites(tables: readonly string[], listener: WriteListener): () => void;
  /** How many writing statements have been sent so far (of any table): a cache made when it read n is
   * stale once it reads more. */
  writes(): number;
}

/** A table's name in a Kysely node (`TableNode`, possibly aliased), else undefined. */
function tableName(node: OperationNode | undefined): string | undefined {
  if (!node) return undefined;
  if (TableNode.is(node)) return node.table.identifier.name;
  if (AliasNode.is(node)) return tableName(node.node);
  // sql.table('x') inside raw SQL: a raw node holding only the table.
  if (RawNode.is(node) && node.parameters.length === 1 && node.sqlFragments.every((fragment) => !fragment.trim()))
    return tableName(node.parameters[0]);
  return undefined;
}

/** A raw statement's written table: `insert into x`, `update x`, `delete from x` (schema-qualified or quoted). */
const RAW_WRITE = /\b(?:insert\s+into|update|delete\s+from)\s+(?:only\s+)?(?:"?\w+"?\.)?"?(\w+)"?/gi;

/** A raw fragment that ends where a written table's name goes. */
const RAW_WRITE_BEFORE_TABLE = /\b(?:insert\s+into|update|delete\s+from)\s+(?:only\s+)?$/i;

/** The tables a statement writes (a `with` of writes included); none for a read. */
export function writtenTables(node: OperationNode): string[] {
  const tables: string[] = [];
  const add = (name: string | undefined) => {
    if (name) tables.push(name);
  };
  const visit = (current: OperationNode | undefined) => {
    if (!current) return;
    if (InsertQueryNode.is(current)) {
      add(tableName(current.into));
      visit(current.with);
    } else if (UpdateQueryNode.is(current)) {
      add(tableName(current.table));
      visit(current.with);
    } else if (DeleteQueryNode.is(current)) {
      for (const from of current.from.froms) add(tableName(from));
      visit(current.with);
    } else if (SelectQueryNode.is(current)) {
      visit(current.with);
    } else if (WithNode.is(current)) {
      for (const expression of current.expressions) visit(expression.expression);
    } else if (RawNode.is(current)) {
      // Values stand as `?`, which no table name matches.
      for (const match of current.sqlFragments.join(' ? ').matchAll(RAW_WRITE)) add(match[1]?.toLowerCase());
      // A table given as a value: sql`update ${sql.table('employees')} set …`.
      current.sqlFragments.forEach((fragment, i) => {
        if (RAW_WRITE_BEFORE_TABLE.test(fragment)) add(tableName(current.parameters[i]));
      });
    }
  };
  visit(node);
  return tables;
}

/**
 * A Kysely plugin that tells listeners which tables a statement writes, as it is sent (within this process:
 * another process's writes are not seen). Used to drop what is cached from those tables (the auth hook's
 * employee statuses, decision 0023).
 */
export function createWriteWatch(): WriteWatch {
  const watchers = new Set<{ tables: ReadonlySet<string>; listener: WriteListener }>();
  let writes = 0;
  return {
    plugin: {
      transformQuery({ node }) {
        if (!SelectQueryNode.is(node) || node.with) {
          const written = writtenTables(node);
          if (written.length) {
            writes++;
            for (const watcher of watchers) {
              const concerned = written.filter((table) => watcher.tables.has(table));
              if (concerned.length) watcher.listener(concerned);
            }
          }
        }
        return node;
      },
      async transformResult({ result }) {
        return result;
      },
    },
    writes: () => writes,
    onWrites(tables, listener) {
      const watcher = { tables: new Set(tables), listener };
      watchers.add(watcher);
      return () => watchers.delete(watcher);
    },
  };
}
