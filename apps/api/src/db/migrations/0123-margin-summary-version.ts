import type { Migration } from 'kysely/migration';
import { runStatements, triggerFunction } from './run-statements';

/**
 * The margin summary's version (issue 59, decision 0105): a token that changes in the same transaction as any change
 * to `report_margin` — each round of the task 'report-summaries' that summed a day, and the emptying of the summary
 * with its sources. A process that keeps a report's groups summed from the summary (the prepared groups of report 19)
 * reads the token in the statement that reads the period's marks, and uses what it kept only when the token is the
 * one it was kept under. A random token, not a counter: a backup restored from another database never brings back a
 * value a process already holds for other figures.
 */
export const marginSummaryVersion: Migration = {
  async up(db) {
    await runStatements(db, [
      `create table report_margin_state (
        id boolean primary key default true check (id),
        version uuid not null default gen_random_uuid()
      )`,
      'insert into report_margin_state default values',
      'drop trigger report_margin_truncate on orders',
      'drop function report_margin_truncate()',
      triggerFunction('report_margin_truncate', [
        'truncate report_margin',
        'truncate report_margin_dirty',
        'update report_margin_state set version = gen_random_uuid()',
      ]),
      `create trigger report_margin_truncate after truncate on orders
        for each statement execute function report_margin_truncate()`,
    ]);
  },
  async down(db) {
    await runStatements(db, [
      'drop trigger report_margin_truncate on orders',
      'drop function report_margin_truncate()',
      triggerFunction('report_margin_truncate', ['truncate report_margin', 'truncate report_margin_dirty']),
      `create trigger report_margin_truncate after truncate on orders
        for each statement execute function report_margin_truncate()`,
      'drop table report_margin_state',
    ]);
  },
};
