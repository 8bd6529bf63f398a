// npm run test:e2e: builds if needed, then runs the browser journeys against the real server.
import { findChromium } from './chromium.mjs';
import { buildIfStale, ensureNode24, run } from './lib.mjs';
import { findPdftotext } from './pdftotext.mjs';

ensureNode24();
const chromium = findChromium();
const pdftotext = findPdftotext();
buildIfStale();
run('vitest', ['run', '--config', 'e2e/vitest.config.ts', ...process.argv.slice(2)], {
  env: { CHROME_PATH: chromium, PDFTOTEXT_PATH: pdftotext },
});
