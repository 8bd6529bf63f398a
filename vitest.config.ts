import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { defineConfig } from 'vitest/config';
import { webProjects } from './apps/web/vitest.config';

/** What a test file that opens a database names: the test databases' helpers, the seed, the engine's URL. */
const OPENS_A_DATABASE =
  /createTestApp|emptyTestDatabase|TestDatabase|test\/database|test\/helpers|DATABASE_URL|migrateToLatest|seedDemo|pglite/i;

/**
 * Whether a test file opens a database: it names one of the helpers above, or a test-support file it imports does
 * (a `test-*.ts` beside it or a file of `src/test/`, followed to their own imports): a file whose set-up moved into
 * such a helper (`useFreshNfeShop` of purchases/test-purchases.ts) still runs on both engines.
 */
function opensADatabase(file: string, seen = new Set<string>()): boolean {
  if (seen.has(file)) return false;
  seen.add(file);
  const text = readFileSync(file, 'utf8');
  if (OPENS_A_DATABASE.test(text)) return true;
  const supports = [...text.matchAll(/from '(\.{1,2}\/[^']+)'/g)]
    .map(([, specifier]) => path.resolve(path.dirname(file), `${specifier}.ts`))
    .filter((imported) => /(^|\/)test-[^/]+\.ts$|\/src\/test\//.test(imported) && existsSync(imported));
  return supports.some((imported) => opensADatabase(imported, seen));
}

/**
 * .ci/run runs the API suite twice, on PGlite and then on PostgreSQL (DATABASE_URL). A file that opens no database
 * (the PDF, XML and CSV builders, the supervisor, pure rules) tests nothing the engine changes: it runs on the first
 * only. Paths relative to the API's root, for `exclude`.
 */
function apiFilesWithoutDatabase(): string[] {
  const root = path.resolve(import.meta.dirname, 'apps/api');
  const files = readdirSync(path.join(root, 'src'), { recursive: true, encoding: 'utf8' }).filter((file) =>
    file.endsWith('.test.ts'),
  );
  return files
    .filter((file) => !opensADatabase(path.join(root, 'src', file)))
    .map((file) => `src/${file.split(path.sep).join('/')}`);
}

export default defineConfig({
  test: {
    // A worker per core (Vitest's default leaves one core to itself: on a 2-core machine, one file at a time,
    // while each API test's database works in a thread of its own and the machine stays half idle).
    maxWorkers: Math.max(2, availableParallelism()),
    projects: [
      {
        test: {
          name: 'contract',
          root: './packages/contract',
          isolate: false,
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'api',
          root: './apps/api',
          // Test files share each worker's modules (the app's module graph, PGlite's compiled WebAssembly, the
          // migrated template): importing them anew cost about 8 s of CPU a file. Each file still opens its own
          // database and app; what a file changes process-wide (fake timers, the business zone) it puts back.
          isolate: false,
          include: ['src/**/*.test.ts'],
          // `*.pg.test.ts` cut a real PostgreSQL server's connections (db/database-away.pg.test.ts): they run
          // only when DATABASE_URL names one (.ci/run's PostgreSQL part), never skipped, simply not collected.
          // `*.embedded.test.ts` test the embedded engine whatever DATABASE_URL says (PGlite's worker thread, its
          // data directory): they run in the PGlite part only. Run again beside PostgreSQL they tested nothing new,
          // and PGlite's WebAssembly opened and closed in a fork that also holds pg pools once ended it with a V8
          // abort (nodejs/node#64500, docs/benchmarks.md).
          exclude: process.env.DATABASE_URL
            ? [...apiFilesWithoutDatabase(), 'src/**/*.embedded.test.ts']
            : ['src/**/*.pg.test.ts'],
          environment: 'node',
          testTimeout: 180_000,
          hookTimeout: 300_000,
          // The migrated database every test app starts from, made once per run (test/global-setup.ts).
          globalSetup: ['./src/test/global-setup.ts'],
        },
      },
      ...webProjects,
    ],
  },
});
