import {
  FISCAL_NOTE_STATUS_LABELS,
  FISCAL_NOTE_TEXTS,
  type FiscalNote,
  type FiscalNoteEmitBody,
  type FiscalNoteStatus,
} from '@backoffice/contract';
import type { Executor } from '../../../db/executor';
import { recordAudit } from '../../../lib/audit';
import { conflict, notFound } from '../../../lib/errors';
import type { Principal } from '../../../plugins/auth';
import { loadSigningCertificate, type SigningCertificate } from '../fiscal.service';
import type { NfeInput } from '../nfe/nfe-input';
import { emissionTypeOf } from './contingency';
import { buildOrderNote } from './note-building';
import { rebuildNote } from './note-rebuild';
import { resendNote, sendNote, WAITING } from './note-sending';
import { notesRepository as repo } from './notes.repository';
import type { NotesContext } from './notes-context';
import { settleUnknown } from './offline-fate';

/** The note's row; a number already on a note (the next number set back in 'Fiscal') refused in words, not a 500. */
async function insertNumbered(trx: Executor, values: Parameters<typeof repo.insertNote>[1]) {
  const used = await repo.usedNumber(trx, {
    model: values.model,
    series: values.series,
    from: values.number,
    to: values.number,
    environment: values.environment,
  });
  if (used !== null) throw conflict(FISCAL_NOTE_TEXTS.numberUsed(values.number, values.series));
  return repo.insertNote(trx, values);
}

/**
 * The order's note built, signed and stored (SIGNED) in one transaction under the order's lock: refused while the
 * order has a note alive, or a rejected one (which keeps the order's number).
 */
async function storeNewNote(
  context: NotesContext,
  employeeId: number | null,
  body: FiscalNoteEmitBody,
  certificate: SigningCertificate,
): Promise<{ id: number; input: NfeInput }> {
  return context.db.transaction().execute(async (trx) => {
    // The order locked before its notes are looked at: a second emission of the same order at the same moment
    // waits here for the first and then finds its note (409 in words, not the unique index's 500).
    await repo.lockOrder(trx, body.orderId);
    const alive = await repo.aliveNoteOf(trx, body.orderId);
    if (alive)
      throw conflict(
        FISCAL_NOTE_TEXTS.orderHasNote(alive.number, FISCAL_NOTE_STATUS_LABELS[alive.status as FiscalNoteStatus]),
      );
    // A rejected note keeps the order's number: it is corrected and sent again, or its number voided (VOIDED: then the
    // order is free for a note with a new number; decision 0082).
    const rejected = await repo.rejectedNoteOf(trx, body.orderId);
    if (rejected) throw conflict(FISCAL_NOTE_TEXTS.orderHasRejected(rejected.number));
    const made = await buildOrderNote(context, trx, body.orderId, body.model, certificate);
    const recipient = made.input.recipient;
    const noteId = await insertNumbered(trx, {
      order_id: made.order.id,
      model: made.input.model,
      series: made.taken.series,
      number: made.taken.number,
      environment: made.input.environment,
      emission_type: emissionTypeOf(made.input),
      access_key: made.note.accessKey,
      status: 'SIGNED',
      total_cents: made.note.totals.totalCents,
      recipient_document: recipient?.document ?? null,
      recipient_name: recipient?.name ?? null,
      xml: made.note.xml,
      issued_at: made.issuedAt,
      created_by: employeeId,
    });
    await recordAudit(trx, {
      employeeId: employeeId,
      entity: 'fiscal_note',
      entityId: noteId,
      action: 'create',
      changes: {
        order: made.order.code,
        model: made.input.model,
        number: made.taken.number,
        key: made.note.accessKey,
      },
    });
    return { id: noteId, input: made.input };
  });
}

/** The order's note, emitted and sent as `employeeId` (see notes.service.ts's comment). */
async function emitAs(context: NotesContext, employeeId: number | null, body: FiscalNoteEmitBody): Promise<FiscalNote> {
  const certificate = await loadSigningCertificate(context.db, context.deps.serverSecret, context.now());
  const { id, input } = await storeNewNote(context, employeeId, body, certificate);
  await sendNote(context, id, certificate, input);
  // Unanswered, an NFC-e is covered by a contingency one with the next number: that is the order's note now.
  const substitute = (await repo.note(context.db, id))?.substitute_id;
  return context.details(substitute ?? id);
}

/**
 * A claimed automatic request: the order's note emitted as the person who handed it over would; an order that
 * already has one is done; a refusal is kept on the request (the round tries it again, three times in all).
 */
async function emitClaimed(context: NotesContext, request: { order_id: number; requested_by: number | null }) {
  const { db } = context;
  try {
    await emitAs(context, request.requested_by, { orderId: request.order_id });
    await repo.requestDone(db, request.order_id);
  } catch (error) {
    const message = (error as Error).message;
    if ((await repo.aliveNoteOf(db, request.order_id)) !== undefined) await repo.requestDone(db, request.order_id);
    else await repo.requestFailed(db, request.order_id, message);
  }
}

/** Emitting the orders' notes and sending them: by hand, by the automatic requests, again, and the sender's round. */
export function noteEmission(context: NotesContext) {
  const { db, deps, now } = context;
  return {
    /**
     * The sender's round (notes.scheduler.ts): the notes waiting for the SEFAZ (signed, in processing, in
     * contingency) not touched for two minutes, claimed by a lease (their updated_at set now, under `skip locked`,
     * so two servers never send the same one at once), sent again. Answers how many were tried.
     */
    async sendWaiting(limit = 20): Promise<number> {
      const claimed = await repo.claimWaiting(db, limit);
      if (claimed.length === 0) return 0;
      const certificate = await loadSigningCertificate(db, deps.serverSecret, now());
      for (const id of claimed) {
        const row = await repo.note(db, id);
        if (row?.status === 'UNKNOWN') await settleUnknown(context, row, certificate);
        else if (row) await resendNote(context, row, certificate);
      }
      return claimed.length;
    },

    /** POST /fiscal/notes: the order's note, emitted and sent (see notes.service.ts's comment). */
    emit: (principal: Principal, body: FiscalNoteEmitBody): Promise<FiscalNote> =>
      emitAs(context, principal.employeeId, body),

    /**
     * The sender's round of the automatic notes (issue 41 §2: 'HANDOVER'): each order handed over since, its note
     * emitted as the person who handed it over would; an order that already has one is done; a refusal is kept
     * on the request (tried three times, a minute apart). Answers how many were tried.
     */
    async emitRequested(limit = 10): Promise<number> {
      const claimed = await repo.claimRequests(db, limit);
      for (const request of claimed) await emitClaimed(context, request);
      return claimed.length;
    },

    /**
     * The automatic note of one order just handed over, emitted at once rather than at the next round (a counter
     * sale, decision 0078: its DANFE NFC-e printed right after): the same emission as the round's, the request
     * claimed first (none: the shop does not emit on handover, or the round has it). Never throws: a SEFAZ away puts
     * the NFC-e in offline contingency, any other refusal stays on the request for the round.
     */
    async emitRequestedOf(orderId: number): Promise<void> {
      for (const request of await repo.claimRequestOf(db, orderId)) await emitClaimed(context, request);
    },

    /**
     * POST /fiscal/notes/{id}/retry: a note not yet answered is sent again (a contingency NFC-e included), a lot in
     * processing is asked for by its receipt, an unanswered NFC-e's fate is settled (offline-fate.ts), a rejected note
     * is built again from its order with its number (decision 0082: the SEFAZ never registered it).
     */
    async retry(principal: Principal, id: number): Promise<FiscalNote> {
      const certificate = await loadSigningCertificate(db, deps.serverSecret, now());
      const row = await repo.note(db, id);
      if (!row) throw notFound(FISCAL_NOTE_TEXTS.noteNotFound);
      const status = row.status as FiscalNoteStatus;
      if (status === 'UNKNOWN') {
        await settleUnknown(context, row, certificate);
      } else if (WAITING.includes(status)) {
        await resendNote(context, row, certificate);
      } else if (status === 'REJECTED' && row.order_id) {
        await rebuildNote(context, row, certificate, { action: 'retry', employeeId: principal.employeeId });
        await sendNote(context, id, certificate);
      } else if (status === 'VOIDED') {
        throw conflict(FISCAL_NOTE_TEXTS.voidedNotRetriable(row.number));
      } else {
        throw conflict(FISCAL_NOTE_TEXTS.notRetriable(FISCAL_NOTE_STATUS_LABELS[status]));
      }
      return context.details(id);
    },
  };
}
