import {
  dayStart,
  type FiscalEmissionRequest,
  type FiscalNotePage,
  type FiscalNotesQuery,
  shiftDay,
} from '@backoffice/contract';
import { isoTimestampOrNull } from '../../../lib/iso-timestamp';
import { noteView } from './note-views';
import { notesRepository as repo } from './notes.repository';
import type { NotesContext } from './notes-context';

/** The list's period as the bounds of its issue dates: from the first day's start to the day after the last's. */
const boundsOf = (query: FiscalNotesQuery) => ({
  from: query.from ? dayStart(query.from) : undefined,
  to: query.to ? dayStart(shiftDay(query.to, 1)) : undefined,
});

/** The notes listed: the page, the CSV of every page, and the automatic notes that could not be emitted. */
export function noteLists(context: NotesContext) {
  const { db } = context;
  return {
    /** GET /fiscal/notes/requests: the orders whose automatic note could not be emitted, with why. */
    async failedRequests(): Promise<FiscalEmissionRequest[]> {
      const rows = await repo.failedRequests(db);
      return rows.map((row) => ({
        order: { id: row.order_id, code: row.code },
        attempts: row.attempts,
        error: row.last_error as string,
        requestedAt: isoTimestampOrNull(row.requested_at) as string,
      }));
    },

    /** GET /fiscal/notes: a page, newest first, searched by number, key, customer or order, by period. */
    async list(query: FiscalNotesQuery): Promise<FiscalNotePage> {
      const { total, rows } = await repo.page(db, query, boundsOf(query));
      return {
        items: rows.map((row) => {
          const { events: _events, ...rest } = noteView(row, []);
          return rest;
        }),
        total,
        page: query.page,
        pageSize: query.pageSize,
      };
    },

    /** GET /fiscal/notes/export.csv: the notes the list's filters find, every page of them, a batch at a time. */
    async *exportBatches(query: FiscalNotesQuery) {
      const bounds = boundsOf(query);
      for (let page = 0; ; page++) {
        const { rows } = await repo.page(db, { ...query, page, pageSize: 500 }, bounds);
        yield rows.map((row) => noteView(row, []));
        if (rows.length < 500) return;
      }
    },
  };
}
