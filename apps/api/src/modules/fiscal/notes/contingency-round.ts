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
 * 0. Before both, the SVC is asked its status: 113 'SVC em processo de desativação…' or 114 '…desabilitada pela SEFAZ
 *    de Origem' (MOC 7.0's result codes) ends the contingency by itself: the NF-e go back to the state's authoriser.
 */
import { NFE_CONTINGENCY_TEXTS } from '@backoffice/contract';
import { loadSigningCertificate, readIssuer, type SigningCertificate } from '../fiscal.service';
import { UF_CODES } from '../nfe/states';
import { type SefazClient, SefazUnavailableError, SVC_OFF } from '../sefaz/sefaz-client';
import type { SvcName } from '../sefaz/svc';
import { leaveIn } from './contingency';
import { contingencyRepository as repo } from './contingency.repository';
import { rebuildNote } from './note-rebuild';
import { sendNote, writeAnswer } from './note-sending';
import { notesRepository as notes } from './notes.repository';
import type { NotesContext } from './notes-context';

/** 'NF-e não consta na base de dados da SEFAZ' (MOC 7.0, NFeConsultaProtocolo). */
const NOT_RECEIVED = 217;
const AUTHORISED = new Set([100, 150]);

/** Whether the state's authoriser answers 107; an outage is a no. */
async function inOperation(client: SefazClient, environment: 1 | 2, uf: string): Promise<boolean> {
  try {
    return (await client.status(environment, UF_CODES[uf] ?? '')).status === 107;
  } catch (error) {
    if (error instanceof SefazUnavailableError) return false;
    throw error;
  }
}

/** The SVC's own news (113 being switched off, 114 switched off by the state's SEFAZ), or null; an outage is none. */
async function svcOff(
  context: NotesContext,
  certificate: SigningCertificate,
  svc: SvcName,
  uf: string,
  environment: 1 | 2,
) {
  const client = context.svcClient(certificate, uf, svc, environment);
  try {
    const { status } = await client.status(environment, UF_CODES[uf] ?? '');
    return SVC_OFF.has(status) ? status : null;
  } catch (error) {
    if (error instanceof SefazUnavailableError) return null;
    throw error;
  } finally {
    client.close();
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
        await rebuildNote(context, row, certificate);
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
    const off = await svcOff(context, certificate, open.svc as SvcName, issuer.address.uf, environment);
    if (off !== null) {
      const why = NFE_CONTINGENCY_TEXTS.leftSvcOff(open.svc, off);
      await db.transaction().execute((trx) => leaveIn(trx, null, why, now()));
      return why;
    }
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
