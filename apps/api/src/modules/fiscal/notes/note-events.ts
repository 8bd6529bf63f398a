import {
  FISCAL_NOTE_TEXTS,
  type FiscalNote,
  formatBusinessDateTimeMinutes,
  MAX_CORRECTIONS,
  toBusinessTimestamp,
  withBusinessOffset,
} from '@backoffice/contract';
import { recordAudit } from '../../../lib/audit';
import { conflict, notFound } from '../../../lib/errors';
import type { Principal } from '../../../plugins/auth';
import { loadSigningCertificate, type SigningCertificate } from '../fiscal.service';
import { cancellableUntil, cancellationWindowOfKey } from '../nfe/cancellation-windows';
import { ProviderAuthError, ProviderRequestError } from '../provider/provider-client';
import { type SefazClient, SefazUnavailableError } from '../sefaz/sefaz-client';
import { mailEvent } from './note-event-mail';
import { type NoteRow, notesRepository as repo } from './notes.repository';
import { type NotesContext, signerOf } from './notes-context';

const EVENT_REGISTERED = new Set([135, 136, 155]);

type EventKind = { type: 'cancel'; protocol: string; reason: string } | { type: 'correction'; text: string };

/**
 * The event `kind` of the note at the SEFAZ (or through the provider that emitted it), numbered `sequence`; the
 * SEFAZ not registering it, or not answering, is 409 in words.
 */
async function registerEvent(
  context: NotesContext,
  row: NoteRow,
  certificate: SigningCertificate,
  sequence: number,
  kind: EventKind,
) {
  const provider = row.provider_id ? await context.providerOf() : null;
  const client = provider ? null : context.clientOfNote(certificate, row);
  try {
    const answer = provider
      ? kind.type === 'cancel'
        ? await provider.cancel(row.model as 55 | 65, row.provider_id as string, kind.reason)
        : await provider.correct(row.provider_id as string, kind.text)
      : await (client as SefazClient).event(
          row.id * 100 + sequence,
          {
            environment: row.environment as 1 | 2,
            stateCode: row.access_key.slice(0, 2),
            cnpj: row.access_key.slice(6, 20),
            accessKey: row.access_key,
            at: withBusinessOffset(toBusinessTimestamp(context.now())),
            sequence,
            kind,
          },
          signerOf(certificate),
        );
    if (answer.eventStatus === null || !EVENT_REGISTERED.has(answer.eventStatus))
      throw conflict(
        FISCAL_NOTE_TEXTS.eventRefused(answer.eventStatus ?? answer.status, answer.eventReason ?? answer.reason),
      );
    return answer;
  } catch (error) {
    if (error instanceof SefazUnavailableError) throw conflict(FISCAL_NOTE_TEXTS.unavailable);
    if (error instanceof ProviderAuthError || error instanceof ProviderRequestError) throw conflict(error.message);
    throw error;
  } finally {
    client?.close();
  }
}

/** The events of an authorised note: its cancellation and its correction letters (issue 41 §3). */
export function noteEvents(context: NotesContext) {
  const { db, deps, now } = context;
  return {
    /** POST /fiscal/notes/{id}/cancel: the SEFAZ's event 110111 within the window, then CANCELLED. */
    async cancel(principal: Principal, id: number, reason: string): Promise<FiscalNote> {
      const certificate = await loadSigningCertificate(db, deps.serverSecret, now());
      const row = await repo.note(db, id);
      if (!row) throw notFound(FISCAL_NOTE_TEXTS.noteNotFound);
      if (row.status !== 'AUTHORIZED' || !row.protocol || !row.authorized_at)
        throw conflict(FISCAL_NOTE_TEXTS.cancelNotAuthorized);
      const deadline = cancellableUntil(row.access_key, new Date(row.authorized_at));
      if (now().getTime() > deadline.getTime())
        throw conflict(
          FISCAL_NOTE_TEXTS.cancelWindow(
            row.model === 55 ? 'NF-e' : 'NFC-e',
            cancellationWindowOfKey(row.access_key).label,
            formatBusinessDateTimeMinutes(deadline),
          ),
        );
      const answer = await registerEvent(context, row, certificate, 1, {
        type: 'cancel',
        protocol: row.protocol,
        reason,
      });
      await db.transaction().execute(async (trx) => {
        await repo.insertEvent(trx, {
          note_id: id,
          type: 'CANCEL',
          sequence: 1,
          text: reason,
          status_code: answer.eventStatus,
          status_reason: answer.eventReason,
          protocol: answer.protocol,
          registered_at: answer.registeredAt ? new Date(answer.registeredAt) : now(),
          xml: answer.xml,
          request_xml: answer.request ?? null,
          created_by: principal.employeeId,
        });
        await repo.updateNote(trx, id, { status: 'CANCELLED' });
        await recordAudit(trx, {
          employeeId: principal.employeeId,
          entity: 'fiscal_note',
          entityId: id,
          action: 'cancel',
          changes: { reason, protocol: answer.protocol },
        });
      });
      await mailEvent(context, principal, row, {
        type: 'CANCEL',
        sequence: 1,
        xml: answer.xml,
        request_xml: answer.request ?? null,
        protocol: answer.protocol,
      });
      return context.details(id);
    },

    /** POST /fiscal/notes/{id}/correction: a correction letter (110110) of an authorised NF-e. */
    async correct(principal: Principal, id: number, text: string): Promise<FiscalNote> {
      const certificate = await loadSigningCertificate(db, deps.serverSecret, now());
      const row = await repo.note(db, id);
      if (!row) throw notFound(FISCAL_NOTE_TEXTS.noteNotFound);
      if (row.status !== 'AUTHORIZED' || row.model !== 55) throw conflict(FISCAL_NOTE_TEXTS.correctionOnlyNfe);
      const sequence = (await repo.correctionCount(db, id)) + 1;
      if (sequence > MAX_CORRECTIONS) throw conflict(FISCAL_NOTE_TEXTS.correctionsFull);
      const answer = await registerEvent(context, row, certificate, sequence, { type: 'correction', text });
      await db.transaction().execute(async (trx) => {
        await repo.insertEvent(trx, {
          note_id: id,
          type: 'CORRECTION',
          sequence,
          text,
          status_code: answer.eventStatus,
          status_reason: answer.eventReason,
          protocol: answer.protocol,
          registered_at: answer.registeredAt ? new Date(answer.registeredAt) : now(),
          xml: answer.xml,
          request_xml: answer.request ?? null,
          created_by: principal.employeeId,
        });
        await recordAudit(trx, {
          employeeId: principal.employeeId,
          entity: 'fiscal_note',
          entityId: id,
          action: 'correction',
          changes: { sequence, text, protocol: answer.protocol },
        });
      });
      await mailEvent(context, principal, row, {
        type: 'CORRECTION',
        sequence,
        xml: answer.xml,
        request_xml: answer.request ?? null,
        protocol: answer.protocol,
      });
      return context.details(id);
    },
  };
}
