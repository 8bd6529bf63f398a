import type { Migration } from 'kysely/migration';
import { runStatements } from './run-statements';

/**
 * A note's number used once, ever (issue 56 §1–2, decision 0082):
 * - `fiscal_notes.status` gains UNKNOWN (an NFC-e whose authorisation went unanswered: its number and key kept, its
 *   fate at the SEFAZ asked for by its key when it answers again) and VOIDED (a rejected note, or an UNKNOWN one the
 *   SEFAZ never received, whose number was voided: the number is spent, the order free for a note with a new one).
 * - `fiscal_notes.substitute_id`: the NFC-e issued in offline contingency, with the next number, in place of an
 *   UNKNOWN one (Ajuste SINIEF 19/16: a number sent as normal is never signed again in contingency).
 * - The order's note alive (its unique index) no longer counts an UNKNOWN or VOIDED note: the order then has its
 *   contingency note, or none; the pending index counts the UNKNOWN notes the sender's round asks about.
 * - `fiscal_note_events.type` gains SUBSTITUTION: the cancellation by substitution (event 110112).
 */
export const noteNumbers: Migration = {
  async up(db) {
    await runStatements(db, [
      'alter table fiscal_notes drop constraint fiscal_notes_status_check',
      `alter table fiscal_notes add constraint fiscal_notes_status_check check (status in
        ('SIGNED', 'PROCESSING', 'AUTHORIZED', 'REJECTED', 'DENIED', 'CONTINGENCY', 'CANCELLED', 'UNKNOWN', 'VOIDED'))`,
      'alter table fiscal_notes add column substitute_id integer references fiscal_notes (id)',
      'drop index fiscal_notes_order_alive',
      `create unique index fiscal_notes_order_alive on fiscal_notes (order_id)
        where status not in ('REJECTED', 'CANCELLED', 'UNKNOWN', 'VOIDED') and order_id is not null`,
      'drop index fiscal_notes_pending',
      `create index fiscal_notes_pending on fiscal_notes (id)
        where status in ('SIGNED', 'PROCESSING', 'CONTINGENCY', 'UNKNOWN')`,
      'alter table fiscal_note_events drop constraint fiscal_note_events_type_check',
      `alter table fiscal_note_events add constraint fiscal_note_events_type_check
        check (type in ('CANCEL', 'CORRECTION', 'SUBSTITUTION'))`,
      `create index fiscal_voidings_series on fiscal_voidings (model, series, environment, number_from)`,
    ]);
  },
  async down(db) {
    await runStatements(db, [
      'drop index fiscal_voidings_series',
      'alter table fiscal_note_events drop constraint fiscal_note_events_type_check',
      `alter table fiscal_note_events add constraint fiscal_note_events_type_check
        check (type in ('CANCEL', 'CORRECTION'))`,
      'drop index fiscal_notes_pending',
      `create index fiscal_notes_pending on fiscal_notes (id) where status in ('SIGNED', 'PROCESSING', 'CONTINGENCY')`,
      'drop index fiscal_notes_order_alive',
      `create unique index fiscal_notes_order_alive on fiscal_notes (order_id)
        where status not in ('REJECTED', 'CANCELLED') and order_id is not null`,
      'alter table fiscal_notes drop column substitute_id',
      'alter table fiscal_notes drop constraint fiscal_notes_status_check',
      `alter table fiscal_notes add constraint fiscal_notes_status_check check (status in
        ('SIGNED', 'PROCESSING', 'AUTHORIZED', 'REJECTED', 'DENIED', 'CONTINGENCY', 'CANCELLED'))`,
    ]);
  },
};
