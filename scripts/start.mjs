// npm start: installs what is missing, builds, then runs the server (which migrates and seeds the demo
// business into an empty database) on PORT (default 3000), under the supervisor (scripts/supervisor.mjs,
// decision 0030) that starts it again, after a back-off, if it dies.
import path from 'node:path';
import { buildIfStale, ensureNode24, log, root } from './lib.mjs';
import { runSupervised } from './supervisor.mjs';

ensureNode24();
buildIfStale();
log(`Iniciando o BackOffice em http://localhost:${process.env.PORT ?? 3000}`);
process.chdir(root);
runSupervised(path.join(root, 'apps', 'api', 'dist', 'main.js'));
