import type { Migration } from 'kysely/migration';
import { runStatements } from './run-statements';

/** Product codes are issued by the server from a sequence: "P100001", "P100002", … */
export const productCodes: Migration = {
  async up(db) {
    await runStatements(db, ['create sequence product_code_seq start 100001']);
  },
  async down(db) {
    await runStatements(db, ['drop sequence product_code_seq']);
  },
};
