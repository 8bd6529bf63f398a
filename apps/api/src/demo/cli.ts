/**
 * npm run db:seed -- [--scale N] [--reset] [--today YYYY-MM-DD]
 *
 * Seeds the demo business, multiplied by N, into the configured database (DATABASE_URL, or PGlite in
 * DATA_DIR). Refuses a database that already has data unless --reset, which empties it first.
 */

import path from 'node:path';
import { parseArgs } from 'node:util';
import { businessTimeOn, isCalendarDay, setBusinessTimeZone } from '@backoffice/contract';
import { sql } from 'kysely';
import { loadConfig } from '../config';
import { createDatabase, type DB, migrateToLatest } from '../db/database';
import { maintainEmbedded } from '../db/maintenance';
import { resetData } from '../db/seed/reset';
import { createStorage } from '../lib/storage';
import { seedDemo } from './index';

const USAGE = `Uso: npm run db:seed -- [--scale N] [--reset] [--today AAAA-MM-DD]
  --scale N     multiplica o negócio de demonstração (1 ≈ 300 clientes, 400 produtos, 3.000 pedidos)
  --reset       apaga os dados do banco antes de semear (as migrações continuam aplicadas)
  --today DATA  o "hoje" da demonstração (padrão: hoje); o ano de histórico termina no dia anterior`;

async function hasData(db: DB): Promise<boolean> {
  for (const table of ['employees', 'customers', 'products', 'orders'] as const) {
    const row = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)}`.execute(db);
    if (Number(row.rows[0]?.n) > 0) return true;
  }
  return false;
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      scale: { type: 'string', default: '1' },
      reset: { type: 'boolean', default: false },
      today: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const scale = Number(values.scale);
  if (!Number.isFinite(scale) || scale <= 0) {
    process.stderr.write(`--scale deve ser um número positivo.\n${USAGE}\n`);
    return 2;
  }
  if (values.today && !isCalendarDay(values.today)) {
    process.stderr.write(`--today deve ser uma data AAAA-MM-DD.\n${USAGE}\n`);
    return 2;
  }

  // `npm run db:seed` runs in apps/api: resolve a relative DATA_DIR from where the command was typed,
  // so the seed lands in the same ./data as `npm start` (which runs from the repository root).
  if (process.env.INIT_CWD) process.chdir(process.env.INIT_CWD);
  const config = loadConfig();
  setBusinessTimeZone(config.businessTimeZone);
  const now = values.today ? businessTimeOn(values.today, '12:00') : new Date();
  const db = createDatabase(config);
  const started = Date.now();
  const elapsed = () => `${((Date.now() - started) / 1000).toFixed(1)}s`;
  const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite em ${path.join(config.dataDir, 'pglite')}`;
  try {
    await migrateToLatest(db);
    if (await hasData(db)) {
      if (!values.reset) {
        process.stderr.write(
          `O banco de dados (${where}) já tem dados. Use --reset para apagá-los e semear de novo.\n`,
        );
        return 1;
      }
      await resetData(db);
      process.stdout.write(`[${elapsed()}] banco de dados esvaziado\n`);
    }
    process.stdout.write(`[${elapsed()}] semeando o negócio de demonstração × ${scale} em ${where}\n`);
    const summary = await seedDemo(db, {
      storage: createStorage(db),
      scale,
      now,
      log: {
        info: (object, message) => process.stdout.write(`[${elapsed()}] ${message ?? ''} ${JSON.stringify(object)}\n`),
      },
    });
    // PGlite: vacuumed and analysed as autovacuum would on a server (decision 0024).
    if (await maintainEmbedded(db)) process.stdout.write(`[${elapsed()}] banco embutido mantido (vacuum, analyze)\n`);
    const rows = Object.entries(summary.rows)
      .map(([table, n]) => `  ${table.padEnd(22)} ${n.toLocaleString('pt-BR').padStart(12)}`)
      .join('\n');
    process.stdout.write(`\nLinhas inseridas:\n${rows}\n\nConcluído em ${elapsed()} (escala ${scale}).\n`);
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
