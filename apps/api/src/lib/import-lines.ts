import type { ImportResult } from '@backoffice/contract';
import type { Transaction } from 'kysely';
import type { Executor } from '../db/executor';
import type { Database } from '../db/schema';

/**
 * What a spreadsheet import hands each domain's importer (products, customers) and what it answers:
 * the imports module reads the file and its cells; the domain checks the lines and writes its own tables.
 */

/** One line of a spreadsheet, its cells already read (by our column key); `failed` columns had unreadable cells. */
export interface ImportLine {
  line: number;
  values: Record<string, unknown>;
  failed: ReadonlySet<string>;
}

/** A problem of a line, by our column key. */
export interface ImportIssue {
  line: number;
  column: string;
  message: string;
}

export interface ImportOptions {
  skipInvalid: boolean;
  createMissing: boolean;
}

/**
 * Where an importer works: `check` (a preview) reads through the database and writes nothing; `write`
 * checks again with the matched rows locked and writes, in the caller's transaction (the imports module's,
 * which also holds the import's idempotency key).
 */
export type ImportTarget = { check: Executor } | { write: Transaction<Database> };

export interface ImportOutcome {
  /** Lines created (or, in a dry run, that would be). */
  created: number;
  updated: number;
  issues: ImportIssue[];
  imported: boolean;
  /** What the preview should make a shop look at twice (never keeps a line out), by our column key. */
  warnings?: ImportIssue[];
  /** Products: the prices each good line gives, by line. */
  prices?: NonNullable<ImportResult['prices']>;
}

/** The problems an importer finds, and the lines that have one (a bad line is not written). */
export function issueList() {
  const issues: ImportIssue[] = [];
  const bad = new Set<number>();
  const fail = (line: number, column: string, message: string) => {
    issues.push({ line, column, message });
    bad.add(line);
  };
  return { issues, bad, fail };
}

/** Sets `value` at a dotted `path` of `target` (`discount.silverPercentage`), copying the objects on the way. */
export function setPath(target: Record<string, unknown>, path: string, value: unknown) {
  const parts = path.split('.');
  let node = target;
  for (const part of parts.slice(0, -1)) {
    node[part] = { ...((node[part] as Record<string, unknown> | undefined) ?? {}) };
    node = node[part] as Record<string, unknown>;
  }
  node[parts[parts.length - 1] as string] = value;
}
