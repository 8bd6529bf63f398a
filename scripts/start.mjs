// npm start: installs what is missing, builds, then runs the server (which migrates and seeds the demo
// business into an empty database) on PORT (default 3000).
import path from 'node:path';
import { buildIfStale, ensureNode24, log, root, run } from './lib.mjs';

ensureNode24();
buildIfStale();
log(`Iniciando o BackOffice em http://localhost:${process.env.PORT ?? 3000}`);
run(process.execPath, [path.join(root, 'apps', 'api', 'dist', 'main.js')], { cwd: root });
