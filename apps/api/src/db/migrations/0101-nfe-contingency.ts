import type { Migration } from 'kysely/migration';
import { runStatements, triggerFunction } from './run-statements';

/**
 * The NF-e's contingency in the SEFAZ Virtual de Contingência (issue 56 §2, decision 0083), owned by the fiscal
 * module:
 * - `fiscal_notes.emission_type` may now be 6 (SVC-AN) and 7 (SVC-RS) besides 1 (normal) and 9 (NFC-e offline).
 * - `fiscal_nfe_contingencies`: each time the shop's NF-e went into the SVC: which one, when and why (xJust, 15 to
 *   256 characters, as the note carries it), who (null: entered by itself after repeated outages), whether the
 *   state's authoriser has been seen away since (`authoriser_away`: only then does its answering again end the
 *   contingency by itself), and when it left, who (null: by itself) and why. At most one open (left_at null).
 * - `fiscal_nfe_outages`: the outages of the state's authoriser met in a row by the NF-e sent to it (a timeout,
 *   HTTP 5xx, 108/109), emptied by its first answer; three within ten minutes enter the SVC by themselves.
 * - The bell (migration 0053's `bell_items`): `nfe_contingency`, the open contingency's item from when it began,
 *   gone when it ends (no actor: whoever entered it sees it too, it is a condition); kept by triggers as 0053's are.
 */
const ITEM = `select 'nfe-contingency:' || c.id, 'nfe_contingency', c.id::bigint, null::text, c.entered_at, null::text,
    null::integer
  from fiscal_nfe_contingencies c where c.left_at is null`;
const COLUMNS = '(id, kind, ref_id, ref_key, at, sort_key, actor)';

export const nfeContingency: Migration = {
  async up(db) {
    await runStatements(db, [
      'alter table fiscal_notes drop constraint fiscal_notes_emission_type_check',
      'alter table fiscal_notes add constraint fiscal_notes_emission_type_check check (emission_type in (1, 6, 7, 9))',
      `create table fiscal_nfe_contingencies (
        id integer generated always as identity primary key,
        svc text not null check (svc in ('SVC-AN', 'SVC-RS')),
        reason text not null check (char_length(reason) between 15 and 256),
        entered_at timestamptz not null,
        entered_by integer references employees (id),
        authoriser_away boolean not null default false,
        left_at timestamptz check (left_at >= entered_at),
        left_by integer references employees (id),
        left_reason text check (char_length(left_reason) between 1 and 256),
        constraint fiscal_nfe_contingencies_left_whole check ((left_at is null) = (left_reason is null))
      )`,
      'create unique index fiscal_nfe_contingencies_open on fiscal_nfe_contingencies ((true)) where left_at is null',
      `create table fiscal_nfe_outages (
        id integer generated always as identity primary key,
        at timestamptz not null,
        note_id integer references fiscal_notes (id) on delete cascade
      )`,
      triggerFunction('bell_fiscal_nfe_contingencies_write', [
        "delete from bell_items where kind = 'nfe_contingency'",
        `insert into bell_items ${COLUMNS} ${ITEM}`,
      ]),
      `create trigger bell_fiscal_nfe_contingencies_write after insert or update or delete on fiscal_nfe_contingencies
        for each statement execute function bell_fiscal_nfe_contingencies_write()`,
      triggerFunction('bell_fiscal_nfe_contingencies_truncate', [
        "delete from bell_items where kind = 'nfe_contingency'",
      ]),
      `create trigger bell_fiscal_nfe_contingencies_truncate after truncate on fiscal_nfe_contingencies
        for each statement execute function bell_fiscal_nfe_contingencies_truncate()`,
    ]);
  },
  async down(db) {
    await runStatements(db, [
      'drop trigger bell_fiscal_nfe_contingencies_truncate on fiscal_nfe_contingencies',
      'drop function bell_fiscal_nfe_contingencies_truncate()',
      'drop trigger bell_fiscal_nfe_contingencies_write on fiscal_nfe_contingencies',
      'drop function bell_fiscal_nfe_contingencies_write()',
      "delete from bell_items where kind = 'nfe_contingency'",
      'drop table fiscal_nfe_outages',
      'drop table fiscal_nfe_contingencies',
      'alter table fiscal_notes drop constraint fiscal_notes_emission_type_check',
      'alter table fiscal_notes add constraint fiscal_notes_emission_type_check check (emission_type in (1, 9))',
    ]);
  },
};
