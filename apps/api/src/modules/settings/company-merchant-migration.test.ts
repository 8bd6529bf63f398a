import { sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../db/database';
import { migrationProvider } from '../../db/migrations';
import { emptyTestDatabase, type TestDatabase } from '../../test/database';

describe('migration 0005-company-merchant on a database with the first demo settings', () => {
  let t: TestDatabase;
  beforeEach(async () => {
    t = await emptyTestDatabase();
  });
  afterEach(() => t.close());

  it('fills the merchant name from the company, fixes old key types and keeps one active key per type', async () => {
    // Kysely looks for its bookkeeping tables in every schema unless told which (as migrateToLatest does):
    // on a PostgreSQL shared with other test schemas it would find theirs and never create its own.
    const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(t.db);
    const migrator = new Migrator({ db: t.db, provider: migrationProvider, migrationTableSchema: rows[0]?.schema });
    expect((await migrator.migrateTo('0003-product-codes')).error).toBeUndefined();
    await t.db
      .insertInto('company_settings')
      .values({ company_id: 1, name: 'Conecta Cell Distribuidora Ltda', pix_auto: false })
      .execute();
    await t.db
      .insertInto('bank_settings')
      .values([
        { type: 'Pix', name: 'CNPJ', pix_type: 'CNPJ', pix_key: '34.512.778/0001-00', disabled: false },
        { type: 'Pix', name: 'Celular antigo', pix_type: 'Celular', pix_key: '+55 11 98765-0000', disabled: true },
        { type: 'Pix', name: 'Celular novo', pix_type: 'celular', pix_key: '(11) 91234-5678', disabled: false },
        { type: 'Pix', name: 'Celular 2', pix_type: 'Celular', pix_key: '(11) 95555-5555', disabled: false },
        { type: 'Pix', name: 'Ilegível', pix_type: 'Celular', pix_key: 'não sei', disabled: false },
        { type: 'Transfer', name: 'Conta', bank: 'Itaú Unibanco (341)', agency: '0912', account: '45873-2' },
      ])
      .execute();

    await migrateToLatest(t.db);

    const company = await t.db.selectFrom('company_settings').selectAll().executeTakeFirstOrThrow();
    // 'CONECTA CELL DISTRIBUIDORA LTDA' is 31 characters and 'CONECTA CELL DISTRIBUIDORA' 26: the name is
    // cut after the last whole word that fits in 25. The city is unknown.
    expect(company).toMatchObject({ merchant_name: 'CONECTA CELL', merchant_city: '' });
    const keys = await t.db
      .selectFrom('bank_settings')
      .select(['name', 'pix_type', 'pix_key', 'disabled'])
      .where('type', '=', 'Pix')
      .orderBy('id')
      .execute();
    expect(keys).toEqual([
      { name: 'CNPJ', pix_type: 'CNPJ', pix_key: '34512778000100', disabled: false },
      { name: 'Celular antigo', pix_type: 'PHONE', pix_key: '+5511987650000', disabled: true },
      { name: 'Celular novo', pix_type: 'PHONE', pix_key: '+5511912345678', disabled: false },
      { name: 'Celular 2', pix_type: 'PHONE', pix_key: '+5511955555555', disabled: true },
      { name: 'Ilegível', pix_type: 'PHONE', pix_key: 'não sei', disabled: true },
    ]);
  });
});
