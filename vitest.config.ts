import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

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
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'api',
          root: './apps/api',
          include: ['src/**/*.test.ts'],
          // `*.pg.test.ts` cut a real PostgreSQL server's connections (db/database-away.pg.test.ts): they run
          // only when DATABASE_URL names one (.ci/run's PostgreSQL part), never skipped, simply not collected.
          exclude: process.env.DATABASE_URL ? [] : ['src/**/*.pg.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // The migrated database every test app starts from, made once per run (test/global-setup.ts).
          globalSetup: ['./src/test/global-setup.ts'],
        },
      },
      './apps/web/vitest.config.ts',
    ],
  },
});
