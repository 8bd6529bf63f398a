/**
 * The worker's round of the NF-e's contingency (issue 56 §2, decision 0083; notes.scheduler.ts, task
 * 'notes-contingency', every five minutes), while the shop is in the SVC:
 * 1. The state's authoriser asked its status (NFeStatusServico4). Answering 107 'Serviço em Operação' after it was
 *    seen away (a round that met it away, or the outages that entered the contingency) ends the contingency by
 *    itself: the new NF-e go to it again, and the notes waiting for it are sent by the sender's round.
 * 2. Still in contingency, each NF-e signed for the state's authoriser (tpEmis 1) and not answered is asked for by
 *    its key (NFeConsultaProtocolo4), so that its fate is known before anything else is done with its number:
 *    authorised (100) → written as such, it stays; 217 'NF-e não consta na base de dados da SEFAZ' (never
 *    received) → built again from its order for the SVC with the same number (tpEmis 6/7, a new key; the number
 *    was never used, as nfephp-org/sped-nfe's ContingencyNFe::adjust also re-signs it) and sent to the SVC; no
 *    answer → it waits, nothing is done with it.
 */
import { NFE_CONTINGENCY_TEXTS } from '@backoffice/contract';
import { recordAudit } from '../../../lib/audit';
import { loadSigningCertificate, readIssuer, type SigningCertificate } from '../fiscal.service';
import { UF_CODES } from '../nfe/states';
import { type SefazClient, SefazUnavailableError } from '../sefaz/sefaz-client';
import { emissionTypeOf, leaveIn } from './contingency';
import { contingencyRepository as repo } from './contingency.repository';
import { buildOrderNote } from './note-building';
import { sendNote, writeAnswer } from './note-sending';
import { type NoteRow, notesRepository as notes } from './notes.repository';
import type { NotesContext } from './notes-context';

/** 'NF-e não consta na base de dados da SEFAZ' (MOC 7.0, NFeConsultaProtocolo). */
const NOT_RECEIVED = 217;
const AUTHORISED = new Set([100, 150]);

/** The note `row` built again from its order for the SVC, with its number; SIGNED, audited. */
async function resignForSvc(context: NotesContext, row: NoteRow, certificate: SigningCertificate): Promise<void> {
  await context.db.transaction().execute(async (trx) => {
    const made = await buildOrderNote(context, trx, row.order_id as number, undefined, certificate, {
      model: 55,
      series: row.series,
      number: row.number,
    });
    await notes.updateNote(trx, row.id, {
      status: 'SIGNED',
      emission_type: emissionTypeOf(made.input),
      xml: made.note.xml,
      access_key: made.note.accessKey,
      total_cents: made.note.totals.totalCents,
      issued_at: made.issuedAt,
      status_code: null,
      status_reason: null,
    });
    await recordAudit(trx, {
      employeeId: null,
      entity: 'fiscal_note',
      entityId: row.id,
      action: 'contingency',
      changes: { key: made.note.accessKey, previousKey: row.access_key },
    });
  });
}

/** Whether the state's authoriser answers 107; an outage is a no. */
async function inOperation(client: SefazClient, environment: 1 | 2, uf: string): Promise<boolean> {
  try {
    return (await client.status(environment, UF_CODES[uf] ?? '')).status === 107;
  } catch (error) {
    if (error instanceof SefazUnavailableError) return false;
    throw error;
  }
}

/** Step 2: the NF-e waiting for the state's authoriser, their fate asked for; answers how many went to the SVC. */
async function moveToSvc(
  context: NotesContext,
  client: SefazClient,
  environment: 1 | 2,
  certificate: SigningCertificate,
): Promise<number> {
  let moved = 0;
  for (const id of await repo.normalNfeWaiting(context.db, 20)) {
    const row = await notes.note(context.db, id);
    if (!row?.order_id || row.status !== 'SIGNED' || row.emission_type !== 1) continue;
    let answer: Awaited<ReturnType<SefazClient['protocol']>>;
    try {
      answer = await client.protocol(environment, row.access_key);
    } catch (error) {
      if (error instanceof SefazUnavailableError) break;
      throw error;
    }
    // An answer of the state's authoriser: the outages in a row are over (decision 0083).
    await repo.clearOutages(context.db);
    if (answer.notes.some((n) => AUTHORISED.has(n.status))) {
      await writeAnswer(context, row, { ...answer, status: 104 });
    } else if (answer.status === NOT_RECEIVED) {
      try {
        await resignForSvc(context, row, certificate);
      } catch (error) {
        // Its order can no longer be invoiced as it was (cancelled, changed): it waits, saying why, for the shop.
        await notes.updateNote(context.db, row.id, { status_reason: (error as Error).message });
        continue;
      }
      await sendNote(context, row.id, certificate);
      moved += 1;
    }
  }
  return moved;
}

/** The round: null when the shop is not in contingency, else what it did in words. */
export async function contingencyRound(context: NotesContext): Promise<string | null> {
  const { db, now } = context;
  const open = await repo.open(db);
  if (!open) return null;
  const issuer = await readIssuer(db);
  if (!issuer.address) return null;
  const environment = issuer.environment as 1 | 2;
  const certificate = await loadSigningCertificate(db, context.deps.serverSecret, now());
  const client = context.clientFor(certificate, issuer.address.uf, 55, environment);
  try {
    if (await inOperation(client, environment, issuer.address.uf)) {
      await repo.clearOutages(db);
      if (open.authoriser_away) {
        await db.transaction().execute((trx) => leaveIn(trx, null, NFE_CONTINGENCY_TEXTS.leftAutomatically, now()));
        return NFE_CONTINGENCY_TEXTS.leftAutomatically;
      }
    } else {
      await repo.authoriserAway(db);
    }
    const moved = await moveToSvc(context, client, environment, certificate);
    return moved === 0 ? null : moved === 1 ? '1 NF-e enviada à SVC' : `${moved} NF-e enviadas à SVC`;
  } finally {
    client.close();
  }
}
