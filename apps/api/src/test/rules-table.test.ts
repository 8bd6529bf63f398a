import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * docs/architecture.md's table "Where the business rules live" names, for each rule, the file that holds it
 * and often the identifiers in it. This test reads the table as it is in the docs (so a row that another
 * change adds or moves is checked too) and fails on a file that does not exist or a named identifier absent
 * from its file.
 *
 * How a row's File cell is read: every `backticked` token in order. A token ending in .ts, .tsx, .css, .md
 * or / is a path; a migration is also named by its number and name (`0040-auth-events`). A path that does not
 * start at the repository's root is looked up beside the row's files named before it, then under the api's
 * src, its modules, its migrations, the web's src and the contract's src. A plain identifier (`moveStock`,
 * `PIX_SETTLES`) must appear in the row's last file named before it, or in the file named right after it by
 * "in" or "of" or in parentheses (`AUTH_CACHE_MS` in `config.ts`, `stampSending` (`order-command-calls.ts`)).
 * Other tokens (`orders.status_since`, `order_move_requests`, `--bo-*`, `Idempotency-Key`: the database's
 * names, CSS variables, headers) are not checked.
 */
const ROOT = path.resolve(import.meta.dirname, '../../../..');
const TABLE_TITLE = '## Where the business rules live';

const ROOTS = [
  'apps/api/src',
  'apps/api/src/modules',
  'apps/api/src/db/migrations',
  'apps/web/src',
  'packages/contract/src',
  ...readdirSync(path.join(ROOT, 'apps/api/src/modules')).map((m) => `apps/api/src/modules/${m}`),
];

const isPath = (token: string) => /^[\w.@/-]+(\.(ts|tsx|css|md)|\/)$/.test(token);
const isMigrationName = (token: string) => /^\d{4}-[a-z0-9-]+$/.test(token);
const isIdentifier = (token: string) => /^[A-Za-z_$][\w$]*$/.test(token);
/** A table, column or index of the database (`order_move_requests`): named by the SQL, not checked here. */
const isSqlName = (token: string) => /^[a-z0-9]+(_[a-z0-9]+)+$/.test(token);

interface Row {
  line: number;
  rule: string;
  cell: string;
}

/** The table's rows (its separator lines left out), with their line numbers in the docs. */
export function rulesTableRows(markdown: string): Row[] {
  const lines = markdown.split('\n');
  const start = lines.indexOf(TABLE_TITLE);
  if (start < 0) throw new Error(`docs/architecture.md has no "${TABLE_TITLE}"`);
  const rows: Row[] = [];
  for (let i = start + 1; i < lines.length; i++) {
    const line = lines[i] ?? '';
    if (line.startsWith('## ')) break;
    // The table is grouped by module: a '### module' heading and its own table each, up to the next '## '.
    if (!line.startsWith('|')) continue;
    // The cells: split on the bars outside backticks.
    const cells = line
      .slice(1, line.trimEnd().endsWith('|') ? line.trimEnd().length - 1 : undefined)
      .split(/\|(?=(?:[^`]*`[^`]*`)*[^`]*$)/)
      .map((c) => c.trim());
    const [rule = '', cell = ''] = cells;
    if (/^-+$/.test(rule) || rule === 'Rule') continue;
    rows.push({ line: i + 1, rule, cell });
  }
  return rows;
}

/** The repository path a token of a row names (`besides`: the row's files named before it, latest first), or null. */
function resolve(token: string, besides: readonly string[]): string | null {
  const name = isMigrationName(token) ? `${token}.ts` : token;
  const candidates = [
    ...(/^(apps|packages|docs|e2e|scripts|bench)\//.test(name) ? [name] : []),
    ...besides.map((file) => path.posix.join(path.posix.dirname(file), name)),
    ...ROOTS.map((root) => path.posix.join(root, name)),
  ];
  return candidates.find((c) => existsSync(path.join(ROOT, c))) ?? null;
}

const contentOf = (file: string) => {
  const full = path.join(ROOT, file);
  if (statSync(full).isDirectory()) {
    return readdirSync(full)
      .filter((f) => /\.tsx?$/.test(f))
      .map((f) => readFileSync(path.join(full, f), 'utf8'))
      .join('\n');
  }
  return readFileSync(full, 'utf8');
};

/** What is wrong with one row: the tokens that name no file, and the identifiers not in their file. */
export function rowProblems(row: Row): string[] {
  const problems: string[] = [];
  const tokens = [...row.cell.matchAll(/`([^`]+)`/g)].map((m) => ({
    text: m[1] ?? '',
    at: m.index ?? 0,
    end: (m.index ?? 0) + m[0].length,
  }));
  // For each token, the row's files named up to it (latest first).
  const seen: string[][] = [];
  let named: string[] = [];
  for (const token of tokens) {
    if (isPath(token.text) || isMigrationName(token.text)) {
      const file = resolve(token.text, named);
      if (!file) problems.push(`no file ${token.text}`);
      else named = [file, ...named];
    }
    seen.push(named);
  }
  tokens.forEach((token, i) => {
    if (isPath(token.text) || isMigrationName(token.text) || !isIdentifier(token.text) || isSqlName(token.text)) return;
    // `X` in `file`, `X` of `file`, the `X` effect in `file`, `X` (`file`): the file named right after it.
    const next = tokens[i + 1];
    const between = next ? row.cell.slice(token.end, next.at) : '';
    const before = seen[i] ?? [];
    const file =
      next && /^ (?:[a-z]+ )?(?:in|of) $|^ \($/.test(between) && (isPath(next.text) || isMigrationName(next.text))
        ? resolve(next.text, before)
        : (before[0] ?? null);
    if (!file) {
      problems.push(`${token.text}: no file named before it`);
      return;
    }
    if (!new RegExp(`\\b${token.text.replace(/\$/g, '\\$')}\\b`).test(contentOf(file)))
      problems.push(`${token.text} is not in ${file}`);
  });
  return problems;
}

describe('docs/architecture.md, "Where the business rules live"', () => {
  const rows = rulesTableRows(readFileSync(path.join(ROOT, 'docs/architecture.md'), 'utf8'));

  it('is read: dozens of rules, each naming at least one file', () => {
    expect(rows.length).toBeGreaterThan(50);
    for (const row of rows) expect(row.cell, `line ${row.line}`).toMatch(/`[^`]+\.(ts|tsx|css)`|`[^`]+\/`|`\d{4}-/);
  });

  it('names files that exist and identifiers that are in their files', () => {
    const wrong = rows
      .map((row) => ({ row, problems: rowProblems(row) }))
      .filter((r) => r.problems.length > 0)
      .map((r) => `line ${r.row.line} (${r.row.rule.slice(0, 60)}…): ${r.problems.join('; ')}`);
    expect(wrong).toEqual([]);
  });

  it('fails on a file that is gone and on an identifier that is not in its file', () => {
    expect(rowProblems({ line: 0, rule: 'x', cell: '`packages/contract/src/no-such-file.ts`' })).toEqual([
      'no file packages/contract/src/no-such-file.ts',
    ]);
    expect(rowProblems({ line: 0, rule: 'x', cell: '`packages/contract/src/money.ts` (`noSuchName`)' })).toEqual([
      'noSuchName is not in packages/contract/src/money.ts',
    ]);
    expect(
      rowProblems({
        line: 0,
        rule: 'x',
        cell: '`apps/api/src/app.ts` (`parsePeriod` in `packages/contract/src/period.ts`)',
      }),
    ).toEqual([]);
  });

  it('is grouped by module: each group a module of the API (or the foundation, or the demo), none twice', () => {
    const markdown = readFileSync(path.join(ROOT, 'docs/architecture.md'), 'utf8');
    const section = markdown.slice(
      markdown.indexOf(TABLE_TITLE),
      markdown.indexOf('\n## ', markdown.indexOf(TABLE_TITLE)),
    );
    const groups = [...section.matchAll(/^### (.+)$/gm)].map((m) => m[1] ?? '');
    const modules = readdirSync(path.join(ROOT, 'apps/api/src/modules')).filter((m) =>
      statSync(path.join(ROOT, 'apps/api/src/modules', m)).isDirectory(),
    );
    const unknown = groups.filter(
      (group) =>
        !group.startsWith('Foundation') && !group.startsWith('The demo') && !modules.includes(group.replace(/`/g, '')),
    );
    expect(groups.length).toBeGreaterThan(20);
    expect(unknown).toEqual([]);
    expect(new Set(groups).size).toBe(groups.length);
  });
});
