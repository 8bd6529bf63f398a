import type { Migration } from 'kysely/migration';
import { runStatements } from './run-statements';

/**
 * The notes BackOffice emits (issue 41 §2–3, decision 0057):
 * - `fiscal_notes`: one row per number taken (model, series, number, environment: unique). Its order, its key, what
 *   it became (SIGNED: built and signed, not yet answered; PROCESSING: an asynchronous lot, its receipt kept;
 *   AUTHORIZED; REJECTED: refused, the number kept for the corrected note; DENIED; CONTINGENCY: an NFC-e issued
 *   offline, to be sent; CANCELLED), the SEFAZ's last code and text, the protocol, the signed XML and, authorised,
 *   the nfeProc. An order has at most one note alive (not rejected nor cancelled).
 * - Authorised notes are kept as they are (5 years, with the backups): a trigger refuses to change the signed XML, the
 *   nfeProc, the key or the total once the nfeProc is written, and to delete such a note.
 * - `fiscal_note_events`: the cancellation (110111) and the correction letters (110110, numbered) of a note, with
 *   the SEFAZ's protocol and the event's XML.
 * - `fiscal_voidings`: numbers never used, voided at the SEFAZ (inutilização), with its protocol.
 */
export const fiscalNotes: Migration = {
  async up(db) {
    await runStatements(db, [
      `create table fiscal_notes (
        id serial primary key,
        order_id integer references orders (id),
        model smallint not null check (model in (55, 65)),
        series integer not null check (series between 0 and 999),
        number integer not null check (number between 1 and 999999999),
        environment smallint not null check (environment in (1, 2)),
        emission_type smallint not null default 1 check (emission_type in (1, 9)),
        access_key text not null unique check (access_key ~ '^[0-9]{6}[0-9A-Z]{12}[0-9]{26}$'),
        status text not null check (status in
          ('SIGNED', 'PROCESSING', 'AUTHORIZED', 'REJECTED', 'DENIED', 'CONTINGENCY', 'CANCELLED')),
        status_code integer,
        status_reason text,
        receipt_number text,
        protocol text,
        authorized_at timestamptz,
        total_cents bigint not null check (total_cents >= 0),
        recipient_document text,
        recipient_name text,
        xml text not null,
        proc_xml text,
        issued_at timestamptz not null,
        created_by integer references employees (id),
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now(),
        unique (model, series, number, environment)
      )`,
      `create unique index fiscal_notes_order_alive on fiscal_notes (order_id)
        where status not in ('REJECTED', 'CANCELLED') and order_id is not null`,
      'create index fiscal_notes_issued on fiscal_notes (issued_at desc, id desc)',
      `create index fiscal_notes_pending on fiscal_notes (id) where status in ('SIGNED', 'PROCESSING', 'CONTINGENCY')`,
      `create function fiscal_notes_keep_authorised() returns trigger language plpgsql as $fn$
      begin
        if tg_op = 'DELETE' then
          if old.proc_xml is not null then
            raise exception 'Uma nota autorizada não pode ser apagada (guarda de 5 anos).' using errcode = 'check_violation';
          end if;
          return old;
        end if;
        if old.proc_xml is not null and (new.xml is distinct from old.xml or new.proc_xml is distinct from old.proc_xml
            or new.access_key is distinct from old.access_key or new.total_cents is distinct from old.total_cents) then
          raise exception 'Uma nota autorizada não pode ser alterada.' using errcode = 'check_violation';
        end if;
        return new;
      end
      $fn$`,
      `create trigger fiscal_notes_keep_authorised before update or delete on fiscal_notes
        for each row execute function fiscal_notes_keep_authorised()`,
      `create table fiscal_note_events (
        id serial primary key,
        note_id integer not null references fiscal_notes (id),
        type text not null check (type in ('CANCEL', 'CORRECTION')),
        sequence integer not null check (sequence between 1 and 20),
        text text not null,
        status_code integer,
        status_reason text,
        protocol text,
        registered_at timestamptz,
        xml text,
        created_by integer references employees (id),
        created_at timestamptz not null default now(),
        unique (note_id, type, sequence)
      )`,
      `create table fiscal_voidings (
        id serial primary key,
        model smallint not null check (model in (55, 65)),
        series integer not null check (series between 0 and 999),
        number_from integer not null check (number_from between 1 and 999999999),
        number_to integer not null check (number_to >= number_from),
        environment smallint not null check (environment in (1, 2)),
        reason text not null,
        status_code integer,
        status_reason text,
        protocol text,
        xml text,
        created_by integer references employees (id),
        created_at timestamptz not null default now()
      )`,
    ]);
  },
  async down(db) {
    await runStatements(db, [
      'drop table fiscal_voidings',
      'drop table fiscal_note_events',
      'drop trigger fiscal_notes_keep_authorised on fiscal_notes',
      'drop function fiscal_notes_keep_authorised()',
      'drop table fiscal_notes',
    ]);
  },
};
