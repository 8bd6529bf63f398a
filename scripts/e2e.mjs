// npm run test:e2e: builds if needed, then runs the browser journeys against the real server.
import { findChromium } from './chromium.mjs';
import { findLibfaketime } from './faketime.mjs';
import { buildIfStale, ensureNode24, printJourneyArtifacts, run } from './lib.mjs';
import { findPdftotext } from './pdftotext.mjs';

ensureNode24();
const chromium = findChromium('shell');
const pdftotext = findPdftotext();
const faketime = findLibfaketime();
buildIfStale();
const args = process.argv.slice(2);
// One journey file named: one worker, so one server is started for it, not one per worker (e2e/global-setup.ts).
const oneFile =
  args.filter((arg) => /\.spec\.ts$/.test(arg)).length === 1 && !args.some((a) => a.startsWith('--maxWorkers'));
const status = run(
  'vitest',
  ['run', '--config', 'e2e/vitest.config.ts', ...(oneFile ? ['--maxWorkers=1'] : []), ...args],
  { env: { CHROME_PATH: chromium, PDFTOTEXT_PATH: pdftotext, FAKETIME_LIB: faketime }, allowFailure: true },
);
printJourneyArtifacts();
process.exit(status);
