// npm run bench: runs every benchmark in bench/ (files named *.bench.mjs) on Node 24, one after another.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { ensureNode24, log, root, run } from '../scripts/lib.mjs';

ensureNode24();
const dir = path.join(root, 'bench');
const only = process.argv[2];
for (const file of readdirSync(dir)
  .filter((f) => /\.bench\.(mjs|ts)$/.test(f))
  .sort()) {
  if (only && !file.includes(only)) continue;
  log(`Benchmark ${file}`);
  run(file.endsWith('.ts') ? 'tsx' : process.execPath, [path.join(dir, file)]);
}
