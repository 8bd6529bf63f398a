/**
 * `npm run backup`: one backup of the configured database (DATABASE_URL, or PGlite in DATA_DIR) into
 * `DATA_DIR/backups`, as 'Fazer backup agora' makes it. PGlite: with the server stopped (a running server
 * owns its folder; use the button or POST /api/backups then).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../../config';
import { createDatabase } from '../../db/database';
import { createBackupsService } from './backups.service';

async function main(): Promise<number> {
  const config = loadConfig();
  if (!config.databaseUrl && existsSync(path.join(config.dataDir, 'pglite', 'postmaster.pid'))) {
    process.stderr.write(
      'O banco embutido está aberto por um servidor (ou ele parou sem fechar). Com o servidor ligado, use ' +
        "'Fazer backup agora' em Configurações (ou POST /api/backups); senão inicie e pare o servidor uma vez.\n",
    );
    return 1;
  }
  const db = createDatabase({ ...config, inMemory: false });
  const log = { info: () => undefined, error: (object: object, message: string) => console.error(message, object) };
  const service = createBackupsService({ db, config, log });
  try {
    if ((await service.method()) === 'none') {
      process.stderr.write('pg_dump não encontrado: instale o cliente do PostgreSQL ou faça o backup pelo servidor.\n');
      return 1;
    }
    await service.removeLeftovers();
    const backup = await service.backup('manual');
    process.stdout.write(`Backup gravado: ${path.join(service.dir, backup.name)} (${backup.size} bytes)\n`);
    return 0;
  } finally {
    await db.destroy();
  }
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
