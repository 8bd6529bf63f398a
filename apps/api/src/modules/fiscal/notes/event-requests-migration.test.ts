import { sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../../db/database';
import { migrationProvider } from '../../../db/migrations';
import { emptyTestDatabase, type TestDatabase } from '../../../test/database';

/**
 * Migration 0102 on a database with events and voidings kept before it (issue 56 §3, decision 0084): a row with only
 * the SEFAZ's answer (the bare retEvento / retInutNFe) is kept as it is and flagged `answer_only`; a provider's row,
 * whose XML is already the proc, is not; nothing gets a request it never had.
 */
describe('migration 0102-fiscal-event-requests on a database with events and voidings', () => {
  let t: TestDatabase;
  beforeEach(async () => {
    t = await emptyTestDatabase();
  });
  afterEach(() => t.close());

  it('flags the rows that kept only the answer, leaves the procs and the rows without XML alone', async () => {
    const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(t.db);
    const migrator = new Migrator({ db: t.db, provider: migrationProvider, migrationTableSchema: rows[0]?.schema });
    expect((await migrator.migrateTo('0098-ibpt-rates')).error).toBeUndefined();
    const key = '35261111222333000181550010000000011000000016';
    const note = await sql<{ id: number }>`
      insert into fiscal_notes (model, series, number, environment, access_key, status, total_cents, xml, issued_at)
      values (55, 1, 1, 2, ${key}, 'CANCELLED', 5480, '<NFe/>', now()) returning id`.execute(t.db);
    const noteId = note.rows[0]?.id as number;
    const bareEvent = `<retEvento versao="1.00"><infEvento><chNFe>${key}</chNFe></infEvento></retEvento>`;
    const providerEvent = '<?xml version="1.0"?><procEventoNFe versao="1.00"><evento/><retEvento/></procEventoNFe>';
    await sql`
      insert into fiscal_note_events (note_id, type, sequence, text, xml) values
        (${noteId}, 'CORRECTION', 1, 'Carta antiga', ${bareEvent}),
        (${noteId}, 'CORRECTION', 2, 'Carta pelo provedor', ${providerEvent}),
        (${noteId}, 'CANCEL', 1, 'Cancelamento pendente', null)`.execute(t.db);
    await sql`
      insert into fiscal_voidings (model, series, number_from, number_to, environment, reason, xml) values
        (55, 1, 10, 12, 2, 'Números pulados', '<retInutNFe versao="4.00"/>'),
        (55, 1, 20, 20, 2, 'Números pulados', '<ProcInutNFe versao="4.00"/>'),
        (65, 1, 30, 30, 2, 'Números pulados', '')`.execute(t.db);

    await migrateToLatest(t.db);

    const events = await t.db
      .selectFrom('fiscal_note_events')
      .select(['text', 'answer_only', 'request_xml', 'xml'])
      .orderBy('id')
      .execute();
    expect(events).toEqual([
      { text: 'Carta antiga', answer_only: true, request_xml: null, xml: bareEvent },
      { text: 'Carta pelo provedor', answer_only: false, request_xml: null, xml: providerEvent },
      { text: 'Cancelamento pendente', answer_only: false, request_xml: null, xml: null },
    ]);
    const voidings = await t.db
      .selectFrom('fiscal_voidings')
      .select(['number_from', 'answer_only', 'request_xml'])
      .orderBy('id')
      .execute();
    expect(voidings).toEqual([
      { number_from: 10, answer_only: true, request_xml: null },
      { number_from: 20, answer_only: false, request_xml: null },
      { number_from: 30, answer_only: false, request_xml: null },
    ]);
  });
});
