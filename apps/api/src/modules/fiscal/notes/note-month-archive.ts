import {
  CSV_BOM,
  csvLine,
  csvMoney,
  FISCAL_NOTE_STATUS_LABELS,
  type FiscalNoteStatus,
  formatBusinessDate,
} from '@backoffice/contract';
import type { Executor } from '../../../db/executor';
import { archiveRepository as repo } from './archive.repository';
import { EVENT_NAMES, eventCode, eventDocument, eventFileName, voidingDocument } from './note-archive';

/** The index's columns, one row per file of the zip (issue 56 §3). */
export const ARCHIVE_INDEX_HEADERS = [
  'Arquivo',
  'Tipo',
  'Modelo',
  'Série',
  'Número',
  'Chave de acesso',
  'Data',
  'Situação',
  'Valor',
  'Evento/Protocolo',
] as const;
export const ARCHIVE_INDEX_NAME = 'indice.csv';

const modelName = (model: number) => (model === 55 ? 'NF-e' : 'NFC-e');
const day = (at: Date | string | null) => (at ? formatBusinessDate(new Date(at)) : '');
const ANSWER_ONLY = 'Só o retorno da SEFAZ (guardado antes da migração 0102)';

/**
 * The month's documents for the accountant, a batch of notes at a time: each note's nfeProc, its events'
 * procEventoNFe, the month's voidings' ProcInutNFe, and last the index (CSV as the app's exports: UTF-8 with BOM,
 * `;`, CRLF, money `1234,56`) naming every file with its type, model, series, number, key, date, state, amount and
 * protocol.
 */
export async function* monthArchive(
  db: Executor,
  from: Date,
  to: Date,
): AsyncGenerator<{ name: string; content: string }> {
  const index: string[] = [CSV_BOM + csvLine(ARCHIVE_INDEX_HEADERS)];
  let afterId = 0;
  for (;;) {
    const batch = await repo.noteBatch(db, from, to, afterId, 200);
    if (batch.length === 0) break;
    const events = await repo.eventsOf(
      db,
      batch.map((n) => n.id),
    );
    for (const note of batch) {
      const name = `${note.access_key}-procNFe.xml`;
      yield { name, content: note.proc_xml as string };
      const common = [modelName(note.model), note.series, note.number, note.access_key];
      index.push(
        csvLine([
          name,
          'Nota',
          ...common,
          day(note.issued_at),
          FISCAL_NOTE_STATUS_LABELS[note.status as FiscalNoteStatus],
          csvMoney(Number(note.total_cents) / 100),
          note.protocol ?? '',
        ]),
      );
      for (const event of events.filter((e) => e.note_id === note.id)) {
        const document = eventDocument(event);
        if (!document) continue;
        const file = eventFileName(note.access_key, event, document.answerOnly);
        yield { name: file, content: document.xml };
        const code = eventCode(event);
        const label = EVENT_NAMES[code]?.label ?? code;
        index.push(
          csvLine([
            file,
            code === '110110' ? `${label} ${event.sequence}` : label,
            ...common,
            day(event.registered_at ?? event.created_at),
            document.answerOnly ? ANSWER_ONLY : `Registrado (${event.status_code ?? ''})`,
            '',
            `${code} ${event.protocol ?? ''}`.trim(),
          ]),
        );
      }
    }
    afterId = (batch.at(-1) as { id: number }).id;
  }
  for (const voiding of await repo.voidings(db, from, to)) {
    const document = voidingDocument(voiding);
    if (!document) continue;
    const file = `inutilizacao-${modelName(voiding.model)}-serie-${voiding.series}-${voiding.number_from}-a-${voiding.number_to}${document.answerOnly ? '-somente-retorno' : ''}.xml`;
    yield { name: file, content: document.xml };
    index.push(
      csvLine([
        file,
        'Inutilização',
        modelName(voiding.model),
        voiding.series,
        voiding.number_from === voiding.number_to
          ? voiding.number_from
          : `${voiding.number_from} a ${voiding.number_to}`,
        '',
        day(voiding.created_at),
        document.answerOnly ? ANSWER_ONLY : `Homologada (${voiding.status_code ?? ''})`,
        '',
        voiding.protocol ?? '',
      ]),
    );
  }
  yield { name: ARCHIVE_INDEX_NAME, content: index.join('') };
}
