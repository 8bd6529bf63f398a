import { defineConfig } from 'vitest/config';

/**
 * Browser journeys against the real server (built app, demo data in a fresh DATA_DIR): two files side by side,
 * each worker with a server of its own (global-setup.ts), the files of one worker one after another. A journey
 * waits on the browser and the server most of its time: two at once keep both cores busy.
 * `E2E_SHUFFLE=<seed>` runs the spec files in an order shuffled by that seed (the tests inside a file keep
 * their order: they tell one story), to show whether a journey depends on what another did before it.
 */
const shuffleSeed = process.env.E2E_SHUFFLE ? Number(process.env.E2E_SHUFFLE) : undefined;

export default defineConfig({
  test: {
    name: 'e2e',
    root: import.meta.dirname,
    include: ['**/*.spec.ts'],
    globalSetup: ['./global-setup.ts'],
    // A failed test's trace, screenshots and errors in e2e/.artifacts/ (failure-artifacts.ts).
    setupFiles: ['./failure-artifacts-hooks.ts'],
    maxWorkers: 2,
    // A worker's files share its modules, and so its Chromium (harness.ts): launched once per worker, a context
    // per session, instead of a browser per session.
    isolate: false,
    testTimeout: 300_000,
    // A journey with a shop of its own starts a server that seeds the demo (startOwnServer waits up to 300 s for
    // its health): on two cores busy with the other suites that took more than 120 s once.
    hookTimeout: 300_000,
    // expect.poll waits for what a screen shows after its own requests: 1 s (Vitest's default) is too short
    // on a loaded machine (a settings card read after the page's other queries).
    expect: { poll: { timeout: 20_000 } },
    ...(shuffleSeed === undefined ? {} : { sequence: { shuffle: { files: true, tests: false }, seed: shuffleSeed } }),
  },
});
