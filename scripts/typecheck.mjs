// npm run typecheck: every project's types, by TypeScript 7 (scripts/lib.mjs, decision 0051).
import { spawnSync } from 'node:child_process';
import { root, TSC, TYPED_PROJECTS } from './lib.mjs';

const { status } = spawnSync(process.execPath, [TSC, '-b', '--singleThreaded', ...TYPED_PROJECTS], {
  cwd: root,
  stdio: 'inherit',
});
process.exit(status ?? 1);
