import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import type { TestProjectInlineConfiguration } from 'vitest/config';

const root = import.meta.dirname;
const INCLUDE = ['src/**/*.test.tsx', 'src/**/*.test.ts'];

/**
 * The test files that need a module graph of their own, each run in a fresh worker: those that replace a module
 * with `vi.mock` (another file may have imported the real one first), and those marked `isolated-modules` (they
 * test what a module does when first loaded). Found by reading the files, so a new one is never forgotten.
 */
const ISOLATED = readdirSync(path.join(root, 'src'), { recursive: true, encoding: 'utf8' })
  .filter((file) => /\.test\.tsx?$/.test(file))
  .filter((file) => /vi\.mock\(|isolated-modules/.test(readFileSync(path.join(root, 'src', file), 'utf8')))
  .map((file) => `src/${file.split(path.sep).join('/')}`);

const base = {
  plugins: [react()],
  test: {
    root,
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    // A test's budget, not a speed target: in `npm test` these files run niced beside the journeys and may get a
    // tenth of a core for minutes; 30 s timed out a form test that types 60 characters (CI, 27/11/2026).
    testTimeout: 180_000,
    // Style sheets are not applied in jsdom; base.css is read as text by the theme (its colours and font).
    css: { include: [/components\/theme\/base\.css/] },
  },
} satisfies TestProjectInlineConfiguration;

/**
 * The component tests, as two projects of the root vitest.config.ts. `web`: the files share each worker's
 * modules (React, MUI, jsdom's set-up: importing them anew took about 3 s of CPU a file); the DOM, the local
 * storage and the stubbed globals are emptied after each test (src/test/setup.ts). `web-isolated`: the
 * files above, each in a fresh worker.
 */
export const webProjects: TestProjectInlineConfiguration[] = [
  { ...base, test: { ...base.test, name: 'web', include: INCLUDE, exclude: ISOLATED, isolate: false } },
  { ...base, test: { ...base.test, name: 'web-isolated', include: ISOLATED } },
];
