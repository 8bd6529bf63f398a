import { FISCAL_NOTE_TEXTS, type FiscalNoteStatus, NFE_CONTINGENCY_TEXTS } from '@backoffice/contract';
import { conflict, notFound } from '../../../lib/errors';
import type { SigningCertificate } from '../fiscal.service';
import type { NfeInput } from '../nfe/nfe-input';
import { ProviderAuthError, type ProviderClient, ProviderRequestError } from '../provider/provider-client';
import { SERVICE_STOPPED, type SefazClient, SefazUnavailableError, SVC_OFF } from '../sefaz/sefaz-client';
import { type LotAnswer, nfeProc } from '../sefaz/sefaz-messages';
import { authoriserAnswered, leaveIn, outageMet } from './contingency';
import { rebuildNote } from './note-rebuild';
import { type NoteRow, notesRepository as repo } from './notes.repository';
import type { NotesContext } from './notes-context';
import { substituteOffline } from './offline-substitute';

const AUTHORISED = new Set([100, 150]);
const DENIED = new Set([110, 301, 302, 303]);
/** 'Duplicidade de NF-e': the same key already authorised. */
const DUPLICATE = 204;
/** What the SEFAZ has not answered for good yet. */
export const WAITING: readonly FiscalNoteStatus[] = ['SIGNED', 'PROCESSING', 'CONTINGENCY'];

/**
 * What the SEFAZ (or the provider, in the SEFAZ's codes) answered of the note, written on its row; a service stopped
 * (108, 109: the provider may relay them) is no answer about the note but an outage: SefazUnavailableError, as a
 * timeout is, so the caller retries or goes into contingency.
 */
export async function writeAnswer(
  context: NotesContext,
  row: NoteRow,
  answer: LotAnswer,
  provider: { id: string; procXml: string | null; noteXml: string | null } | null = null,
): Promise<void> {
  const { db, now } = context;
  const prot = answer.notes.find((n) => n.accessKey === row.access_key) ?? (provider ? answer.notes[0] : undefined);
  const stopped = [answer.status, prot?.status].find((code) => code !== undefined && SERVICE_STOPPED.has(code));
  if (stopped !== undefined)
    throw new SefazUnavailableError(`SEFAZ respondeu ${stopped}: ${prot?.reason ?? answer.reason}`);
  const providerId = provider?.id ?? row.provider_id;
  if ((answer.status === 103 || answer.status === 105) && !prot) {
    await repo.updateNote(db, row.id, {
      status: 'PROCESSING',
      receipt_number: answer.receipt ?? row.receipt_number,
      provider_id: providerId,
      status_code: answer.status,
      status_reason: answer.reason,
    });
  } else if (prot && AUTHORISED.has(prot.status)) {
    await repo.updateNote(db, row.id, {
      status: 'AUTHORIZED',
      status_code: prot.status,
      status_reason: prot.reason,
      protocol: prot.protocol,
      authorized_at: prot.receivedAt ? new Date(prot.receivedAt) : now(),
      xml: provider?.noteXml ?? row.xml,
      proc_xml: provider?.procXml ?? nfeProc(row.xml, prot.xml),
      provider_id: providerId,
    });
  } else {
    const code = prot?.status ?? answer.status;
    await repo.updateNote(db, row.id, {
      status: DENIED.has(code) ? 'DENIED' : 'REJECTED',
      status_code: code || null,
      status_reason: prot?.reason ?? answer.reason,
      protocol: prot?.protocol ?? null,
      provider_id: providerId,
    });
  }
}

/** A provider's refusal as the note's: its credentials are the shop's to fix (409); a request refused, REJECTED. */
async function providerRefusal(context: NotesContext, row: NoteRow, error: unknown): Promise<boolean> {
  if (error instanceof ProviderAuthError) throw conflict(error.message);
  if (error instanceof ProviderRequestError) {
    await repo.updateNote(context.db, row.id, { status: 'REJECTED', status_code: null, status_reason: error.message });
    return true;
  }
  return false;
}

/**
 * The note sent to the SEFAZ itself; a duplicate (204) of this very note asks for its protocol. An NF-e of the SVC
 * (tpEmis 6/7) that the SVC refuses as off (113, 114) is not judged: its code is answered, for sendNote.
 */
async function sendToSefaz(context: NotesContext, row: NoteRow, sefaz: SefazClient): Promise<number | null> {
  const answer = await sefaz.authorize(row.id, [row.xml], true);
  if ((row.emission_type === 6 || row.emission_type === 7) && SVC_OFF.has(answer.status)) return answer.status;
  await authoriserAnswered(context, row);
  const prot = answer.notes.find((n) => n.accessKey === row.access_key);
  // 204: this very note is already authorised (an answer lost on the way): its protocol is asked for.
  const known = prot?.status === DUPLICATE ? await sefaz.protocol(row.environment as 1 | 2, row.access_key) : null;
  await writeAnswer(
    context,
    row,
    known?.notes.some((n) => AUTHORISED.has(n.status)) ? { ...known, status: 104 } : answer,
  );
  return null;
}

/**
 * The SVC is off for the state (113/114): the contingency ends, and the note, never authorised, is made again with
 * its number for the state's authoriser (tpEmis 1) and sent there; its order no longer invoiceable, it waits saying why.
 */
async function backFromSvc(context: NotesContext, row: NoteRow, code: number, certificate: SigningCertificate) {
  const svc = row.emission_type === 6 ? 'SVC-AN' : 'SVC-RS';
  const why = NFE_CONTINGENCY_TEXTS.leftSvcOff(svc, code);
  await context.db.transaction().execute((trx) => leaveIn(trx, null, why, context.now()));
  try {
    await rebuildNote(context, row, certificate);
  } catch (error) {
    await repo.updateNote(context.db, row.id, { status_code: code, status_reason: (error as Error).message });
    return;
  }
  await sendNote(context, row.id, certificate);
}

/**
 * A SEFAZ that does not answer: the NFC-e is covered at once by an NFC-e in offline contingency with the next number
 * (offline-substitute.ts: the unanswered one keeps its number as UNKNOWN, its fate settled later); any other note
 * stays as it is, to be sent again.
 */
async function unanswered(
  context: NotesContext,
  row: NoteRow,
  certificate: SigningCertificate,
  input: NfeInput | undefined,
): Promise<void> {
  if (row.model === 65 && row.emission_type === 1 && input) {
    await substituteOffline(context, row, certificate, input);
  } else {
    await repo.updateNote(context.db, row.id, { status_code: null, status_reason: FISCAL_NOTE_TEXTS.unavailable });
    // An NF-e the state's authoriser did not answer counts towards the SVC (contingency.ts).
    await outageMet(context, row);
  }
}

/**
 * Sends the note `id` (SIGNED or CONTINGENCY) and writes what the SEFAZ answered: straight, or through the provider
 * when the shop chose it (an NFC-e issued in contingency always goes straight: its printed QR code carries our
 * signature, which a provider would replace).
 */
export async function sendNote(
  context: NotesContext,
  id: number,
  certificate: SigningCertificate,
  input?: NfeInput,
): Promise<void> {
  const row = await repo.note(context.db, id);
  if (!row) throw notFound(FISCAL_NOTE_TEXTS.noteNotFound);
  const provider = row.status === 'CONTINGENCY' ? null : await context.providerOf();
  const client = provider ? null : context.clientOfNote(certificate, row);
  let svcOff: number | null = null;
  try {
    if (provider) {
      const emission = await provider.emitXml(row.xml, { reference: row.access_key });
      await writeAnswer(context, row, emission, emission);
    } else {
      svcOff = await sendToSefaz(context, row, client as SefazClient);
    }
  } catch (error) {
    if (await providerRefusal(context, row, error)) return;
    if (!(error instanceof SefazUnavailableError)) throw error;
    await unanswered(context, row, certificate, input);
  } finally {
    client?.close();
  }
  if (svcOff !== null) await backFromSvc(context, row, svcOff, certificate);
}

/** A lot in processing asked for: by the provider's id, or the SEFAZ's receipt. */
async function askForLot(
  context: NotesContext,
  row: NoteRow,
  provider: ProviderClient | null,
  client: SefazClient | null,
): Promise<void> {
  if (provider) {
    const emission = await provider.status(row.model as 55 | 65, row.provider_id as string);
    await writeAnswer(context, row, emission, emission);
  } else {
    await writeAnswer(
      context,
      row,
      await (client as SefazClient).receipt(row.environment as 1 | 2, row.receipt_number as string),
    );
  }
}

/** A note the SEFAZ has not answered for good: sent again (SIGNED, CONTINGENCY), or its lot asked for. */
export async function resendNote(context: NotesContext, row: NoteRow, certificate: SigningCertificate): Promise<void> {
  if (row.status === 'SIGNED' || row.status === 'CONTINGENCY') {
    await sendNote(context, row.id, certificate);
    return;
  }
  if (row.status !== 'PROCESSING') return;
  const provider = row.provider_id ? await context.providerOf() : null;
  if (!provider && !row.receipt_number) return;
  const client = provider ? null : context.clientOfNote(certificate, row);
  try {
    await askForLot(context, row, provider, client);
  } catch (error) {
    if (await providerRefusal(context, row, error)) return;
    if (!(error instanceof SefazUnavailableError)) throw error;
    await repo.updateNote(context.db, row.id, { status_reason: FISCAL_NOTE_TEXTS.unavailable });
  } finally {
    client?.close();
  }
}
