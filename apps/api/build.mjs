// Bundles the API into dist/main.js, dist/seed.js, dist/pglite-worker.js (PGlite's worker thread),
// dist/imports-reader.js (the spreadsheet reader's worker thread), dist/nfe-reader.js (the NF-e reader's) and
// dist/certificate-reader.js (the A1 certificate reader's), dist/ofx-reader.js (the bank statement's): our code and the contract (TypeScript source) are
// bundled, every npm dependency stays external and is loaded from node_modules.
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@backoffice/'));

await build({
  entryPoints: {
    main: 'src/main.ts',
    seed: 'src/demo/cli.ts',
    'pglite-worker': 'src/db/pglite-worker.ts',
    'imports-reader': 'src/modules/imports/imports.reader.ts',
    'nfe-reader': 'src/modules/purchases/nfe/nfe-reader.ts',
    'certificate-reader': 'src/modules/fiscal/certificate-reader.ts',
    'ofx-reader': 'src/modules/bank-statements/ofx-reader.ts',
  },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node24',
  sourcemap: true,
  external: [...external, 'kysely/*'],
  banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
  logLevel: 'warning',
});
console.log('api built: apps/api/dist/main.js');
