import type { Migration } from 'kysely/migration';
import { runStatements } from './run-statements';

/**
 * The IBPT tables of approximate taxes (Lei 12.741/2012; issue 55 §2, decision 0077), owned by the fiscal module:
 * - `fiscal_ibpt_rates`: each state's rows as IBPT publishes them (its CSV 'De Olho no Imposto'): the code (NCM,
 *   NBS or LC 116 item), its TIPI exception (`ex`, '' for none), the kind (`tipo` 0 NCM, 1 NBS, 2 LC 116), the
 *   description, the four rates (federal for national goods, federal for imported goods, state, municipal) as
 *   integer ten-thousandths of a percent (13,45 % = 134500, exact to the four decimals a rate may carry), the
 *   validity (first and last day), and the table's key, version and source. One code once per state and exception.
 * - `fiscal_ibpt_tables`: one row per state imported: its version, key, source, validity, number of rows, who and
 *   when. An import replaces the state's two at once (one transaction).
 */
const rate = (column: string) =>
  `${column}_rate_ten_thousandths integer not null check (${column}_rate_ten_thousandths between 0 and 1000000)`;

export const ibptRates: Migration = {
  async up(db) {
    await runStatements(db, [
      `create table fiscal_ibpt_tables (
        uf text primary key check (uf ~ '^[A-Z]{2}$'),
        version text not null check (char_length(version) between 1 and 20),
        key text not null check (char_length(key) between 1 and 20),
        source text not null check (char_length(source) between 1 and 100),
        valid_from date not null,
        valid_until date not null check (valid_until >= valid_from),
        row_count integer not null check (row_count > 0),
        imported_by integer references employees(id),
        imported_at timestamptz not null default now()
      )`,
      `create table fiscal_ibpt_rates (
        uf text not null references fiscal_ibpt_tables(uf) on delete cascade,
        code text not null check (code ~ '^[0-9]{4,9}$'),
        ex text not null default '' check (ex ~ '^[0-9]{0,3}$'),
        kind smallint not null check (kind in (0, 1, 2)),
        description text not null default '',
        ${rate('national_federal')},
        ${rate('imported_federal')},
        ${rate('state')},
        ${rate('municipal')},
        valid_from date not null,
        valid_until date not null check (valid_until >= valid_from),
        primary key (uf, kind, code, ex)
      )`,
    ]);
  },
  async down(db) {
    await runStatements(db, ['drop table fiscal_ibpt_rates', 'drop table fiscal_ibpt_tables']);
  },
};
