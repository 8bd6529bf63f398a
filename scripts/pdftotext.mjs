// Finds pdftotext (poppler-utils) for the browser tests that read the PDFs the app builds: PDFTOTEXT_PATH, else
// Debian's package, installed with apt-get when missing (scripts/debian-tool.mjs).
import { findDebianTool } from './debian-tool.mjs';

export function findPdftotext() {
  return findDebianTool({
    label: 'pdftotext',
    pkg: 'poppler-utils',
    paths: ['/usr/bin/pdftotext'],
    envVar: 'PDFTOTEXT_PATH',
  });
}
