/**
 * The fate of an NFC-e whose authorisation went unanswered (UNKNOWN, offline-substitute.ts), settled when the SEFAZ
 * answers again (issue 56 §2, decision 0082): its contingency substitute is sent first; then the first note is asked
 * for by its key (NFeConsultaProtocolo4):
 * - authorised (100): its nfeProc is kept, and it is cancelled by substitution (event 110112, naming the substitute's
 *   key in chNFeRef; NT 2018.004, within 168 hours of its authorisation) once the substitute is authorised → CANCELLED;
 * - already cancelled (101): CANCELLED;
 * - not in the SEFAZ's database (217: never received, or refused): its number is voided → VOIDED.
 * Never two notes authorised for one sale: the order ends with its contingency NFC-e, the first cancelled or voided.
 */
import { FISCAL_NOTE_TEXTS, toBusinessTimestamp, withBusinessOffset } from '@backoffice/contract';
import { recordAudit } from '../../../lib/audit';
import type { SigningCertificate } from '../fiscal.service';
import { type SefazClient, SefazUnavailableError } from '../sefaz/sefaz-client';
import { nfeProc } from '../sefaz/sefaz-messages';
import { sendNote } from './note-sending';
import { voidRange } from './note-voidings';
import { type NoteRow, notesRepository as repo } from './notes.repository';
import { type NotesContext, signerOf } from './notes-context';

const AUTHORISED = new Set([100, 150]);
const EVENT_REGISTERED = new Set([135, 136, 155]);
/** retConsSitNFe: 101 'Cancelamento de NF-e homologado'; 217 'NF-e não consta na base de dados da SEFAZ'. */
const CANCELLED = 101;
const NOT_FOUND = 217;

/** The authorised first note cancelled by substitution (110112) in favour of its authorised substitute. */
async function cancelBySubstitution(
  context: NotesContext,
  row: NoteRow,
  substitute: NoteRow,
  protocol: string,
  client: SefazClient,
  certificate: SigningCertificate,
): Promise<void> {
  const answer = await client.event(
    row.id * 100 + 1,
    {
      environment: row.environment as 1 | 2,
      stateCode: row.access_key.slice(0, 2),
      cnpj: row.access_key.slice(6, 20),
      accessKey: row.access_key,
      at: withBusinessOffset(toBusinessTimestamp(context.now())),
      sequence: 1,
      kind: {
        type: 'substitution',
        protocol,
        reason: FISCAL_NOTE_TEXTS.substitutionReason,
        substituteKey: substitute.access_key,
      },
    },
    signerOf(certificate),
  );
  if (answer.eventStatus === null || !EVENT_REGISTERED.has(answer.eventStatus)) {
    const refused = FISCAL_NOTE_TEXTS.eventRefused(answer.eventStatus ?? answer.status, answer.eventReason ?? '');
    await repo.updateNote(context.db, row.id, { status_reason: refused });
    return;
  }
  await context.db.transaction().execute(async (trx) => {
    await repo.insertEvent(trx, {
      note_id: row.id,
      type: 'SUBSTITUTION',
      sequence: 1,
      text: FISCAL_NOTE_TEXTS.substitutionReason,
      status_code: answer.eventStatus,
      status_reason: answer.eventReason,
      protocol: answer.protocol,
      registered_at: answer.registeredAt ? new Date(answer.registeredAt) : context.now(),
      xml: answer.xml,
      request_xml: answer.request ?? null,
      created_by: null,
    });
    await repo.updateNote(trx, row.id, { status: 'CANCELLED', status_code: answer.eventStatus });
    await recordAudit(trx, {
      employeeId: null,
      entity: 'fiscal_note',
      entityId: row.id,
      action: 'cancel',
      changes: { substitution: true, substitute: substitute.access_key, protocol: answer.protocol },
    });
  });
}

/** What the SEFAZ knows of the first note, acted on (see the file's comment). */
async function settleByQuery(
  context: NotesContext,
  row: NoteRow,
  substitute: NoteRow | undefined,
  client: SefazClient,
  certificate: SigningCertificate,
): Promise<void> {
  const known = await client.protocol(row.environment as 1 | 2, row.access_key);
  const prot = known.notes.find((n) => n.accessKey === row.access_key && AUTHORISED.has(n.status));
  if (known.status === CANCELLED) {
    await repo.updateNote(context.db, row.id, { status: 'CANCELLED', status_code: CANCELLED });
  } else if (prot?.protocol) {
    if (!row.proc_xml)
      await repo.updateNote(context.db, row.id, {
        protocol: prot.protocol,
        authorized_at: prot.receivedAt ? new Date(prot.receivedAt) : context.now(),
        proc_xml: nfeProc(row.xml, prot.xml),
        status_code: prot.status,
      });
    // The substitution names an NFC-e the SEFAZ holds: it waits for the substitute's authorisation.
    if (substitute?.status === 'AUTHORIZED')
      await cancelBySubstitution(context, row, substitute, prot.protocol, client, certificate);
  } else if (known.status === NOT_FOUND) {
    await voidUnknown(context, row);
  }
}

/** The number of a note the SEFAZ never registered, voided (VOIDED); a refusal is written on the note. */
async function voidUnknown(context: NotesContext, row: NoteRow): Promise<void> {
  try {
    await voidRange(
      context,
      null,
      {
        model: row.model as 55 | 65,
        series: row.series,
        from: row.number,
        to: row.number,
        reason: FISCAL_NOTE_TEXTS.unknownVoidReason,
      },
      ['UNKNOWN'],
    );
  } catch (error) {
    await repo.updateNote(context.db, row.id, { status_reason: (error as Error).message });
  }
}

/** The UNKNOWN note `row`: its substitute sent, its own fate asked for and settled; an outage leaves it for later. */
export async function settleUnknown(context: NotesContext, row: NoteRow, certificate: SigningCertificate) {
  if (row.substitute_id) {
    const waiting = await repo.note(context.db, row.substitute_id);
    if (waiting?.status === 'CONTINGENCY') await sendNote(context, waiting.id, certificate);
  }
  const substitute = row.substitute_id ? await repo.note(context.db, row.substitute_id) : undefined;
  const client = context.clientOfNote(certificate, row);
  try {
    await settleByQuery(context, row, substitute, client, certificate);
  } catch (error) {
    if (!(error instanceof SefazUnavailableError)) throw error;
    await repo.updateNote(context.db, row.id, { status_reason: FISCAL_NOTE_TEXTS.unknownFate(row.number) });
  } finally {
    client.close();
  }
}
