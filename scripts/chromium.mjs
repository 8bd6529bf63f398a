// Finds Chromium for the browser tests and benchmarks: CHROME_PATH, else Debian's package, installed with apt-get
// when missing (scripts/debian-tool.mjs).
// - 'shell' (the journeys, decision 0052): chromium-headless-shell, the old headless mode Playwright itself uses by
//   default — the same engine without the browser's UI, about a third less CPU a journey than `chromium --headless`.
// - 'full' (the phone benchmark, Lighthouse): chromium, the whole browser.
import { findDebianTool } from './debian-tool.mjs';

const PACKAGES = {
  shell: { name: 'chromium-headless-shell', path: '/usr/bin/chromium-headless-shell' },
  full: { name: 'chromium', path: '/usr/bin/chromium' },
};

/** @param {'shell' | 'full'} kind */
export function findChromium(kind = 'full') {
  const wanted = PACKAGES[kind];
  return findDebianTool({ label: 'Chromium', pkg: wanted.name, paths: [wanted.path], envVar: 'CHROME_PATH' });
}
