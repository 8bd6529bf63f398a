import type { Executor } from '../../../db/executor';

/** The SQL of the month's archive for the accountant (issue 56 §3): its notes, their events, its voidings. */
export const archiveRepository = {
  /** The notes of a period that went to the SEFAZ for good (authorised or cancelled), by id, a batch at a time. */
  async noteBatch(db: Executor, from: Date, to: Date, afterId: number, size: number) {
    return db
      .selectFrom('fiscal_notes')
      .select([
        'id',
        'model',
        'series',
        'number',
        'access_key',
        'proc_xml',
        'status',
        'protocol',
        'issued_at',
        'authorized_at',
        'total_cents',
      ])
      .where('issued_at', '>=', from)
      .where('issued_at', '<', to)
      .where('proc_xml', 'is not', null)
      .where('id', '>', afterId)
      .orderBy('id')
      .limit(size)
      .execute();
  },

  /** The events kept (with an XML) of the notes `noteIds`, in the order registered. */
  async eventsOf(db: Executor, noteIds: number[]) {
    if (noteIds.length === 0) return [];
    return db
      .selectFrom('fiscal_note_events')
      .select([
        'note_id',
        'type',
        'sequence',
        'status_code',
        'protocol',
        'registered_at',
        'created_at',
        'xml',
        'request_xml',
      ])
      .where('note_id', 'in', noteIds)
      .where('xml', 'is not', null)
      .orderBy('id')
      .execute();
  },

  /** The voidings registered in the period (102), with their XML. */
  async voidings(db: Executor, from: Date, to: Date) {
    return db
      .selectFrom('fiscal_voidings')
      .select([
        'id',
        'model',
        'series',
        'number_from',
        'number_to',
        'status_code',
        'protocol',
        'created_at',
        'xml',
        'request_xml',
      ])
      .where('created_at', '>=', from)
      .where('created_at', '<', to)
      .where('xml', 'is not', null)
      .where('xml', '<>', '')
      .orderBy('id')
      .execute();
  },
};
