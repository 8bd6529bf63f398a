/**
 * The SEFAZ double's rules of the kind of emission (tpEmis) and its contingency fields (dhCont, xJust), which depend
 * on the web service the note is sent to (issue 56 §2): the state's own authoriser, or the SEFAZ Virtual de
 * Contingência (SVC-AN, SVC-RS) the double serves as when started with `serves`. Each rule as MOC 7.0's Anexo I
 * (4.2.1, Autorização de NF-e) numbers it, codes and texts in sefaz-refusals.ts, read against nfephp-org/sped-nfe's
 * storage/cstat.json and ACBr's ACBrNFeNotasFiscais.pas (which applies the same rules by these numbers):
 * - B22-30 (state's authoriser): tpEmis 6 or 7 refused, 570;
 * - B22-60 (SVC): a tpEmis other than the SVC's own (6 at SVC-AN, 7 at SVC-RS) refused, 713;
 * - B22-70 (SVC): an NFC-e refused, 783;
 * - B28-10: a normal note (tpEmis 1) carrying dhCont or xJust, 556;
 * - B28-20: a note in contingency without xJust (or dhCont), 557;
 * - B28-30: dhCont after the moment received, 558.
 * And of the events (NFeRecepcaoEvento4 at the SVC): the SVC registers only the cancellation of the notes it
 * authorised (the Portal NF-e's SVC: 'Recepção de Evento — somente Cancelamento'); any other event is refused with
 * 491 'O tpEvento informado inválido' (the generic rule of tpEvento, MOC 7.0 §5.8.4).
 */
import { DOMParser, type Element } from '@xmldom/xmldom';
import type { SvcName } from '../svc';
import { REFUSALS, type Refusal } from './sefaz-refusals';

const SVC_CODE: Readonly<Record<SvcName, string>> = { 'SVC-AN': '6', 'SVC-RS': '7' };

/** The ide's fields these rules read. */
function ideOf(note: string) {
  const document = new DOMParser({ onError: () => undefined }).parseFromString(note, 'text/xml');
  const ide = document.getElementsByTagNameNS('*', 'ide')[0] as Element | undefined;
  const text = (name: string) => ide?.getElementsByTagNameNS('*', name)[0]?.textContent?.trim() ?? '';
  return { model: text('mod'), emissionType: text('tpEmis'), since: text('dhCont'), reason: text('xJust') };
}

/** What the service `serves` (null: the state's own authoriser) refuses of the note's kind of emission; null: none. */
export function emissionRefusal(note: string, serves: SvcName | null, receivedAt: Date): Refusal | null {
  const ide = ideOf(note);
  if (serves === null && (ide.emissionType === '6' || ide.emissionType === '7')) return REFUSALS.svcOnly;
  if (serves !== null && ide.model === '65') return REFUSALS.nfceNotInSvc;
  if (serves !== null && ide.emissionType !== SVC_CODE[serves]) return REFUSALS.notSvcEmission;
  if (ide.emissionType === '1') return ide.since || ide.reason ? REFUSALS.justificationInNormal : null;
  if (!ide.since || !ide.reason) return REFUSALS.justificationMissing;
  return new Date(ide.since).getTime() > receivedAt.getTime() ? REFUSALS.contingencyLater : null;
}

/** What the SVC refuses of an event: any but the cancellation (110111). */
export function svcEventRefusal(type: string, serves: SvcName | null): Refusal | null {
  return serves !== null && type !== '110111' ? REFUSALS.eventType : null;
}
