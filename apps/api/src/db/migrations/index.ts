import type { Migration, MigrationProvider } from 'kysely/migration';
import { foundation } from './0001-foundation';
import { business } from './0002-business';
import { productCodes } from './0003-product-codes';
import { reports } from './0007-reports';

/** Migrations live in code, in order; a new one is appended here with the next number. */
export const migrations: Record<string, Migration> = {
  '0001-foundation': foundation,
  '0002-business': business,
  '0003-product-codes': productCodes,
  '0007-reports': reports,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
