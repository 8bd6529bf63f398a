import { buildApp } from './app';
import { listeningUrl, loadConfig } from './config';
import { bootstrapDatabase } from './db/bootstrap';
import { createDatabase } from './db/database';
import { DEMO_EMPLOYEES } from './db/seed/foundation';

/** Starts the server: listens at once (503 until ready), migrates, seeds an empty database, then serves. */
async function main() {
  const config = loadConfig();
  const db = createDatabase(config);
  let ready = false;
  const app = await buildApp({ config, db, isReady: () => ready });
  app.addHook('onClose', async () => db.destroy());

  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      app.log.info({ signal }, 'shutting down');
      app.close().then(
        () => process.exit(0),
        () => process.exit(1),
      );
    });
  }

  await app.listen({ port: config.port, host: config.host });
  const url = listeningUrl(config);
  app.log.info({ url }, `BackOffice ouvindo em ${url}`);
  await bootstrapDatabase(db, config, { storage: app.deps.storage, log: app.log });
  ready = true;

  const lines = [
    '',
    `BackOffice pronto em ${url}`,
    `API em ${url}/api  ·  documentação em ${url}/api/docs`,
    ...(config.demoData
      ? ['Acessos de demonstração (senha demo1234):', ...DEMO_EMPLOYEES.map((e) => `  ${e.email.padEnd(26)} ${e.role}`)]
      : []),
    '',
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
