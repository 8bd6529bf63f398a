import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
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
        },
      },
      './apps/web/vitest.config.ts',
    ],
  },
});
