import { listeningUrl, loadConfig, StartupRefusal } from './config';

/**
 * Starts the server: listens at once (503 until ready), waits for the database (retrying with backoff),
 * migrates, seeds an empty database, then serves.
 */
async function main() {
  const config = loadConfig({}, process.env, process.argv.slice(2));
  // The server's code is loaded once the configuration is accepted: a refusal is said at once.
  const { exitForSupervisor, startServer } = await import('./server');
  const { DEMO_EMPLOYEES } = await import('./db/seed/foundation');
  const { app, ready } = await startServer(config, { onEmbeddedDatabaseLost: exitForSupervisor() });

  // One shutdown, whatever the signals: Ctrl+C reaches both this process and its supervisor, which then
  // sends SIGTERM too (scripts/supervisor.mjs); a second signal must not cut the database's close short.
  let closing = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (closing) return;
      closing = true;
      app.log.info({ signal }, 'shutting down');
      app.close().then(
        () => process.exit(0),
        () => process.exit(1),
      );
    });
  }

  try {
    await ready;
  } catch (error) {
    // Closed by a signal while still waiting for the database: the handler above exits.
    if (error instanceof Error && error.name === 'AbortError') return;
    throw error;
  }

  if (config.role === 'worker') {
    process.stdout.write('\nBackOffice: tarefas agendadas em execução (worker, sem HTTP)\n\n');
    return;
  }
  const url = listeningUrl(config);

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
  // A refusal the operator fixes is its one line; anything else keeps its stack for whoever reads the code.
  if (error instanceof StartupRefusal) process.stderr.write(`BackOffice não iniciou: ${error.message}\n`);
  else console.error(error);
  process.exit(1);
});
