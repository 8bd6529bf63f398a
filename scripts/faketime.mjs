// Finds libfaketime (Debian's package libfaketime) for the journey whose server is started again days later
// (e2e/credit-sale.spec.ts): FAKETIME_LIB, else the package's library, installed with apt-get when missing
// (scripts/debian-tool.mjs).
import { findDebianTool } from './debian-tool.mjs';

export function findLibfaketime() {
  return findDebianTool({
    label: 'libfaketime',
    pkg: 'libfaketime',
    paths: ['x86_64-linux-gnu', 'aarch64-linux-gnu'].map((arch) => `/usr/lib/${arch}/faketime/libfaketime.so.1`),
    envVar: 'FAKETIME_LIB',
  });
}
