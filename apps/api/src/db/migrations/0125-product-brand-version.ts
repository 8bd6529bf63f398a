import type { Migration } from 'kysely/migration';
import { runStatements, triggerFunction } from './run-statements';

/**
 * The products' brands' version (issue 59, decision 0107): a random token that changes in the same transaction as a
 * product moved to another brand, products made, deleted or emptied. Report 19 by brand rolls its kept groups of products
 * up by the brand each product has now; the process keeps the products' brands read with this token (in one
 * statement) and reads them again only when the token moved. The move is a row-level trigger that fires only on a real
 * move: a product's edit that keeps its brand writes nothing here.
 */
export const productBrandVersion: Migration = {
  async up(db) {
    await runStatements(db, [
      `create table report_brand_state (
        id boolean primary key default true check (id),
        version uuid not null default gen_random_uuid()
      )`,
      'insert into report_brand_state default values',
      triggerFunction('report_brand_moved', ['update report_brand_state set version = gen_random_uuid()']),
      `create trigger report_brand_moved after update of brand_id on products
        for each row when (old.brand_id is distinct from new.brand_id) execute function report_brand_moved()`,
      `create trigger report_brand_inserted after insert on products
        for each statement execute function report_brand_moved()`,
      `create trigger report_brand_deleted after delete on products
        for each statement execute function report_brand_moved()`,
      `create trigger report_brand_truncated after truncate on products
        for each statement execute function report_brand_moved()`,
    ]);
  },
  async down(db) {
    await runStatements(db, [
      'drop trigger report_brand_truncated on products',
      'drop trigger report_brand_deleted on products',
      'drop trigger report_brand_inserted on products',
      'drop trigger report_brand_moved on products',
      'drop function report_brand_moved()',
      'drop table report_brand_state',
    ]);
  },
};
