import type { Executor } from '../../../db/executor';
import { renderDanfe } from '../danfe/danfe';
import { notesRepository as repo } from './notes.repository';

/**
 * The DANFE NFC-e (80 mm) of an order's NFC-e that goes with the goods (authorised, or in offline contingency), for
 * the counter's receipt (decision 0074); null when the order has none (not emitted yet, an NF-e, rejected, cancelled).
 */
export async function orderNfceDanfe(db: Executor, orderId: number): Promise<Buffer | null> {
  const note = await repo.printableNfceOf(db, orderId);
  if (!note) return null;
  return renderDanfe(note.proc_xml ?? note.xml);
}
