import { sql } from 'kysely';
import type { Executor } from '../../../db/executor';
import type { IbptRow, IbptTableFile } from './ibpt-csv';

/** Rows per insert: 12 columns each, far under PostgreSQL's 65,535 parameters. */
const BATCH = 1_000;

/** The IBPT tables' SQL (fiscal_ibpt_tables, fiscal_ibpt_rates: migration 0098-ibpt-rates). */
export const ibptRepository = {
  /** The state's table replaced by `file`: its rows deleted and written again (the caller's transaction). */
  async replaceTable(trx: Executor, uf: string, file: IbptTableFile, employeeId: number | null): Promise<void> {
    await trx.deleteFrom('fiscal_ibpt_rates').where('uf', '=', uf).execute();
    await trx.deleteFrom('fiscal_ibpt_tables').where('uf', '=', uf).execute();
    await trx
      .insertInto('fiscal_ibpt_tables')
      .values({
        uf,
        version: file.version,
        key: file.key,
        source: file.source,
        valid_from: file.validFrom,
        valid_until: file.validUntil,
        row_count: file.rows.length,
        imported_by: employeeId,
      })
      .execute();
    for (let start = 0; start < file.rows.length; start += BATCH) {
      await trx
        .insertInto('fiscal_ibpt_rates')
        .values(
          file.rows.slice(start, start + BATCH).map((row: IbptRow) => ({
            uf,
            code: row.code,
            ex: row.ex,
            kind: row.kind,
            description: row.description,
            national_federal_rate_ten_thousandths: row.nationalFederal,
            imported_federal_rate_ten_thousandths: row.importedFederal,
            state_rate_ten_thousandths: row.state,
            municipal_rate_ten_thousandths: row.municipal,
            valid_from: file.validFrom,
            valid_until: file.validUntil,
          })),
        )
        .execute();
    }
  },

  /** Every state's table, with who imported it. */
  tables(db: Executor) {
    return db
      .selectFrom('fiscal_ibpt_tables as t')
      .leftJoin('employees as e', 'e.id', 't.imported_by')
      .select(['t.uf', 't.version', 't.key', 't.source', 't.row_count', 't.imported_at', 'e.name as imported_by_name'])
      .select((eb) => [
        eb.fn<string>('to_char', ['t.valid_from', eb.val('YYYY-MM-DD')]).as('valid_from'),
        eb.fn<string>('to_char', ['t.valid_until', eb.val('YYYY-MM-DD')]).as('valid_until'),
      ])
      .orderBy('t.uf')
      .execute();
  },

  /**
   * The goods' rows (tipo 0, no TIPI exception) of `ncms` in the state's table valid on `day` (YYYY-MM-DD), with
   * the table's key, version and source.
   */
  goodsRates(db: Executor, uf: string, ncms: readonly string[], day: string) {
    if (ncms.length === 0) return Promise.resolve([]);
    return db
      .selectFrom('fiscal_ibpt_rates as r')
      .innerJoin('fiscal_ibpt_tables as t', 't.uf', 'r.uf')
      .select([
        'r.code',
        'r.national_federal_rate_ten_thousandths',
        'r.imported_federal_rate_ten_thousandths',
        'r.state_rate_ten_thousandths',
        'r.municipal_rate_ten_thousandths',
        't.key',
        't.version',
        't.source',
      ])
      .where('r.uf', '=', uf)
      .where('r.kind', '=', 0)
      .where('r.ex', '=', '')
      .where('r.code', 'in', [...new Set(ncms)])
      .where('r.valid_from', '<=', sql<Date>`cast(${day} as date)`)
      .where('r.valid_until', '>=', sql<Date>`cast(${day} as date)`)
      .execute();
  },

  /**
   * The LC 116/2003 row (tipo 2) of the service item `item` ('14.01', or as '1401') in the state's table valid on
   * `day` (YYYY-MM-DD): the NFS-e's approximate taxes of a non-optante (decision 0095).
   */
  serviceItemRate(db: Executor, uf: string, item: string, day: string) {
    return db
      .selectFrom('fiscal_ibpt_rates as r')
      .select([
        'r.national_federal_rate_ten_thousandths',
        'r.state_rate_ten_thousandths',
        'r.municipal_rate_ten_thousandths',
      ])
      .where('r.uf', '=', uf)
      .where('r.kind', '=', 2)
      .where('r.ex', '=', '')
      .where('r.code', 'in', [item, item.replace('.', '')])
      .where('r.valid_from', '<=', sql<Date>`cast(${day} as date)`)
      .where('r.valid_until', '>=', sql<Date>`cast(${day} as date)`)
      .orderBy('r.code')
      .executeTakeFirst();
  },
};
