/**
 * Emitting an order's NF-e or NFC-e (issue 41 §2–3, decision 0057), from the order to the SEFAZ's answer:
 * 1. In one transaction, under the order's lock: the order may have a note (sold, not cancelled nor held, no other
 *    note alive); its figures become the note's (order-note.ts); the number is taken from the issuer's row (two
 *    notes never share one); the XML is built, signed and validated against the schemas — a refusal rolls it all
 *    back, the number with it. The signed note is stored (SIGNED).
 * 2. Sent to the SEFAZ (synchronously, one note a lot): authorised (100/150) → the nfeProc kept, never changed
 *    again (migration 0074's trigger); denied (110, 301–303) → DENIED (the number is spent); any other refusal →
 *    REJECTED, the code and text shown, the number kept for the corrected note ('Enviar de novo' rebuilds it from
 *    the order as it is then); an asynchronous lot (103) → PROCESSING, its receipt asked for by 'Enviar de novo';
 *    a SEFAZ that does not answer → the NF-e stays SIGNED to be sent again; the NFC-e keeps its number as UNKNOWN and an
 *    NFC-e in offline contingency (tpEmis 9) with the next number covers the sale, sent when the SEFAZ answers, the
 *    first one's fate then settled (cancelled by substitution, or its number voided: decision 0082).
 * 3. After: cancellation (110111) within 24 hours of the authorisation with a reason of 15 characters or more;
 *    correction letters (110110) of an NF-e, numbered; voiding of numbers never used or a rejected note's (inutilização;
 *    a voided number is never issued), the gaps of the numbering listed (decision 0082).
 */
import { isHandover } from '@backoffice/contract';
import { onMoveEnd } from '../../orders/workflow.service';
import { noteContingency } from './contingency';
import { contingencyRound } from './contingency-round';
import { noteDocuments } from './note-documents';
import { noteEmission } from './note-emission';
import { noteEvents } from './note-events';
import { noteGaps } from './note-gaps';
import { noteLists } from './note-lists';
import { noteVoidings } from './note-voidings';
import { notesRepository as repo } from './notes.repository';
import { type NotesDeps, notesContext } from './notes-context';

export type { NotesDeps } from './notes-context';

/**
 * What the notes do in the order workflow: an order handed over (delivered, or finalized from 'Aguardando cliente')
 * asks for its note when the shop emits automatically ('HANDOVER'), in the move's transaction; the sender's round
 * (notes.scheduler.ts) emits it.
 */
export function registerNotesWorkflow(): void {
  onMoveEnd('fiscalNotes', async ({ trx, order, action, employeeId }) => {
    if (!isHandover(action, order.status)) return;
    if ((await repo.autoEmit(trx)) !== 'HANDOVER') return;
    await repo.requestEmission(trx, order.id, employeeId);
  });
}

/**
 * The notes' use cases: emitting and sending (`note-emission.ts`, the SEFAZ's or the provider's answer written by
 * `note-sending.ts`, the note built from its order by `note-building.ts` and `order-for-note.ts`), the events of an
 * authorised note (`note-events.ts`), voiding numbers (`note-voidings.ts`, the numbers' rules in `note-numbers.ts`),
 * the gaps of the numbering (`note-gaps.ts`), an unanswered NFC-e's substitute and fate (`offline-substitute.ts`,
 * `offline-fate.ts`), the lists (`note-lists.ts`) and the
 * documents: XML, DANFE, e-mail and the month's XMLs (`note-documents.ts`).
 */
export function createNotesService(deps: NotesDeps) {
  const context = notesContext(deps);
  registerNotesWorkflow();
  return {
    /** GET /fiscal/notes/{id}: the note, with what the SEFAZ answered and its events. */
    details: context.details,
    ...noteEmission(context),
    ...noteEvents(context),
    ...noteVoidings(context),
    ...noteLists(context),
    ...noteGaps(context),
    ...noteDocuments(context),
    /** The NF-e's contingency in the SVC (contingency.ts) and the worker's round of it (contingency-round.ts). */
    ...noteContingency(context),
    contingencyRound: () => contingencyRound(context),
  };
}

export type NotesService = ReturnType<typeof createNotesService>;
