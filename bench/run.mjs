// npm run bench [-- <start or part of a file name>]: runs every benchmark in bench/ (files named *.bench.ts or
// *.bench.mjs) on Node 24, one after another. Builds first when sources changed: the load harness runs the
// built server.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { findChromium } from '../scripts/chromium.mjs';
import { buildIfStale, ensureNode24, log, root, run } from '../scripts/lib.mjs';

ensureNode24();
buildIfStale();
const dir = path.join(root, 'bench');
const only = process.argv[2];
const files = readdirSync(dir)
  .filter((f) => /\.bench\.(mjs|ts)$/.test(f))
  .sort();
// A name's start wins ('load' is load.bench.ts, not health-under-load.bench.ts); else any part of it.
const starting = only ? files.filter((f) => f.startsWith(only)) : files;
for (const file of starting.length ? starting : files) {
  if (only && !file.includes(only)) continue;
  // The phone bench drives Debian's Chromium (installed with apt-get when missing, as for the journeys).
  if (file.startsWith('phone.')) process.env.CHROME_PATH = findChromium();
  log(`Benchmark ${file}`);
  run(file.endsWith('.ts') ? 'tsx' : process.execPath, [path.join(dir, file)]);
}
