/**
 * 'Tabela IBPT' (issue 55 §2, decision 0077): a state's table imported whole, replacing the state's in one
 * transaction, audited; and what is imported, each table with its validity and whether it has ended (by the shop's
 * day). The notes read the issuer's state's table (`ibpt-rates.ts`).
 */
import { businessDay, type IbptSummary, type IbptTable, UFS } from '@backoffice/contract';
import type { DB } from '../../../db/database';
import { recordAudit } from '../../../lib/audit';
import { badRequest } from '../../../lib/errors';
import type { Principal } from '../../../plugins/auth';
import { readIssuer } from '../fiscal-issuer';
import { ibptRepository as repo } from './ibpt.repository';
import { IbptCsvError, parseIbptCsv } from './ibpt-csv';

type Uf = (typeof UFS)[number];

/** Every state's table imported and the issuer's state, `expired` by the shop's day at `now`. */
export async function ibptSummary(db: DB, now: Date = new Date()): Promise<IbptSummary> {
  const [rows, issuer] = await Promise.all([repo.tables(db), readIssuer(db)]);
  const today = businessDay(now);
  const issuerUf = issuer.address?.uf;
  return {
    issuerUf: issuerUf && (UFS as readonly string[]).includes(issuerUf) ? (issuerUf as Uf) : null,
    tables: rows.map(
      (row): IbptTable => ({
        uf: row.uf as Uf,
        version: row.version,
        key: row.key,
        source: row.source,
        validFrom: row.valid_from,
        validUntil: row.valid_until,
        rows: row.row_count,
        expired: row.valid_until < today,
        importedAt: new Date(row.imported_at).toISOString(),
        importedBy: row.imported_by_name,
      }),
    ),
  };
}

/** POST /fiscal/ibpt: the file parsed (400 naming the line), then the state's table replaced; the state's summary. */
export async function importIbptTable(
  db: DB,
  principal: Principal,
  uf: Uf,
  file: Buffer,
  now: Date = new Date(),
): Promise<IbptTable> {
  let parsed: ReturnType<typeof parseIbptCsv>;
  try {
    parsed = parseIbptCsv(file);
  } catch (error) {
    if (error instanceof IbptCsvError) throw badRequest(error.message);
    throw error;
  }
  await db.transaction().execute(async (trx) => {
    await repo.replaceTable(trx, uf, parsed, principal.employeeId);
    await recordAudit(trx, {
      employeeId: principal.employeeId,
      entity: 'fiscal_ibpt_table',
      entityId: uf,
      action: 'import',
      changes: {
        version: parsed.version,
        key: parsed.key,
        validFrom: parsed.validFrom,
        validUntil: parsed.validUntil,
        rows: parsed.rows.length,
      },
    });
  });
  const summary = await ibptSummary(db, now);
  return summary.tables.find((table) => table.uf === uf) as IbptTable;
}
