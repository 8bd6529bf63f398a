import { defineConfig } from 'vitest/config';

/** Browser journeys: one real server (built app, demo data in a fresh DATA_DIR), specs one after another. */
export default defineConfig({
  test: {
    name: 'e2e',
    root: import.meta.dirname,
    include: ['**/*.spec.ts'],
    globalSetup: ['./global-setup.ts'],
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
