// npm start: installs what is missing, builds, then runs the server (which migrates and seeds the demo
// business into an empty database) on PORT (default 3000), under the supervisor (scripts/supervisor.mjs,
// decision 0030) that starts it again, after a back-off, if it dies.
// npm run serve -- --role=web|worker|all: the same, for one kind of process (decision 0061, docs/deployment.md);
// the arguments go to the server as they are.
import path from 'node:path';
import { buildIfStale, ensureNode24, log, root } from './lib.mjs';
import { answersHttp, runSupervised } from './supervisor.mjs';

ensureNode24();
buildIfStale();
const args = process.argv.slice(2);
const worker = !answersHttp(args);
log(
  worker
    ? 'Iniciando o BackOffice: tarefas agendadas (worker, sem HTTP)'
    : `Iniciando o BackOffice em http://localhost:${process.env.PORT ?? 3000}`,
);
process.chdir(root);
runSupervised(path.join(root, 'apps', 'api', 'dist', 'main.js'), args);
