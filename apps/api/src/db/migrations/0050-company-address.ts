import type { Migration } from 'kysely/migration';
import { runStatements } from './run-statements';

/**
 * Issue 35 §8: the shop's address, printed with its name and CNPJ on the order's PDF ('Configurações da
 * Empresa'). One text as the shop writes it (line breaks kept), at most 200 characters; null until set.
 */
export const companyAddress: Migration = {
  async up(db) {
    await runStatements(db, [
      `alter table company_settings
         add column address text check (address is null or (address <> '' and char_length(address) <= 200))`,
    ]);
  },
  async down(db) {
    await runStatements(db, ['alter table company_settings drop column address']);
  },
};
