import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { webProjects } from './apps/web/vitest.config';

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
          exclude: process.env.DATABASE_URL ? [] : ['src/**/*.pg.test.ts'],
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
