import { afterEach, beforeEach } from 'vitest';
import { testEnds, testStarts } from './failure-artifacts';

// Every journey file (e2e/vitest.config.ts `setupFiles`): each test's trace chunk, kept only when it fails.
beforeEach(() => testStarts());
afterEach(async ({ task }) => {
  await testEnds(task.file.name, task.name, task.result?.state === 'fail');
});
