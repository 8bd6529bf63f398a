import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * One business clock (issue 37 §2): no code but `clock.ts` writes a UTC offset, a zone's name or reads the
 * machine's (or the browser's) zone. Walks apps/<app>/src and packages/contract/src, tests and test data aside.
 */
const ROOT = path.resolve(import.meta.dirname, '../../..');
const WALKED = [
  ...readdirSync(path.join(ROOT, 'apps'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => `apps/${entry.name}/src`),
  'packages/contract/src',
];

/** The clock itself. */
const CLOCK = 'packages/contract/src/clock.ts';
/**
 * Migrations are history, run as they were written and importing no live code: these bucket by a zone in SQL (the
 * summary tables' São Paulo days, read as such by `reports/summary-period.ts` — 0007's and the margin summary's of
 * 0122; the card payments kept by 0124, read as such by `lib/card-settlements-sql.ts`; the per-day counters' UTC
 * days).
 */
const HISTORY = new Set([
  'apps/api/src/db/migrations/0007-reports.ts',
  'apps/api/src/db/migrations/0012-order-status-days.ts',
  'apps/api/src/db/migrations/0122-margin-summary.ts',
  'apps/api/src/db/migrations/0124-card-settlements.ts',
]);

const STRAY: { what: string; pattern: RegExp }[] = [
  {
    what: 'a zone’s name',
    pattern: /\b(America|Europe|Asia|Africa|Australia|Pacific|Atlantic|Indian|Etc)\/[A-Z][A-Za-z_]+/,
  },
  { what: 'an offset written into a timestamp', pattern: /(\d|['"`])[-+−]\d\d:\d\d['"`]/ },
  { what: 'a UTC offset in words', pattern: /\b(UTC|GMT)\s?[-+−]\s?\d/ },
  { what: 'an offset in milliseconds', pattern: /[-−]?\b3\s*\*\s*(3_?600_?000|HOUR\b|60\s*\*\s*60\b)/ },
  { what: 'SQL converting to a written zone', pattern: /at time zone\s+'/i },
  { what: 'a date formatter of Intl', pattern: /\bIntl\.DateTimeFormat\b|\btimeZone\s*:\s*['"`]/ },
  {
    what: 'a reading of the machine’s or browser’s zone',
    pattern:
      /\.(getTimezoneOffset|toLocaleDateString|toLocaleTimeString|toTimeString|toDateString)\(|\.get(Hours|Minutes|Seconds|Date|Day|Month|FullYear)\(\)/,
  },
];

const isTest = (file: string) =>
  /\.test\.tsx?$/.test(file) || /(^|\/)test(-data)?(\/|\.tsx?$)/.test(file) || /(^|[/-])test-[a-z-]+\.tsx?$/.test(file);

function* sources(dir: string): Generator<string> {
  for (const entry of readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
    const file = `${dir}/${entry.name}`;
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules' && entry.name !== 'dist') yield* sources(file);
    } else if (/\.tsx?$/.test(entry.name) && !isTest(file)) yield file;
  }
}

describe('the one business clock', () => {
  it('walks the code it should (the API, the web, the contract)', () => {
    const files = WALKED.flatMap((dir) => [...sources(dir)]);
    expect(files).toContain('apps/api/src/lib/csv.ts');
    expect(files).toContain('apps/web/src/lib/format.ts');
    expect(files).toContain(CLOCK);
    expect(files).not.toContain('packages/contract/src/clock.test.ts');
  });

  it('finds no offset, zone name or zone reading outside clock.ts (old migrations exempt by name)', () => {
    const found: string[] = [];
    for (const file of WALKED.flatMap((dir) => [...sources(dir)])) {
      if (file === CLOCK || HISTORY.has(file)) continue;
      readFileSync(path.join(ROOT, file), 'utf8')
        .split('\n')
        .forEach((line, index) => {
          for (const { what, pattern } of STRAY) {
            if (pattern.test(line)) found.push(`${file}:${index + 1}: ${what}: ${line.trim()}`);
          }
        });
    }
    expect(found).toEqual([]);
  });

  it('would catch each kind of stray it names', () => {
    const strays = [
      "const DATE = new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo' });",
      "const from = new Date(day + 'T00:00:00-03:00');",
      "export const BUSINESS_UTC_OFFSET = '-03:00';",
      '/** São Paulo is UTC−3 all year. */',
      'const OFFSET = 3 * 3_600_000;',
      'const SAO_PAULO_OFFSET_MS = -3 * 3600_000;',
      "sql`(u.entered_at at time zone 'America/Sao_Paulo')::date`",
      'const clockTime = (at: number) => new Date(at).toTimeString().slice(0, 8);',
      'new Date(iso).toLocaleDateString()',
      'date.getHours()',
    ];
    for (const line of strays)
      expect(
        STRAY.some(({ pattern }) => pattern.test(line)),
        line,
      ).toBe(true);
    for (const line of ["timeOfDay: '03:00'", "value.toLocaleString('pt-BR')", 'date.getUTCDay()', "'08:30–18:30'"])
      expect(
        STRAY.some(({ pattern }) => pattern.test(line)),
        line,
      ).toBe(false);
  });
});
